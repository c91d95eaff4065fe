/* fuzz_wire — one message of the wire format (jsd_wire_read: what a bot sends the arena, what
 * the bot command reads from it). An update is read with the scenario of a shipped game's hello.
 * A refusal names its sender. An accepted message writes and reads back to itself: the view
 * byte for byte, the events its side may see, the command, the reason. */
#include "fuzz.h"
#include "jsd_wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static js_scenario *scn; /* as the hello of a jump_raid game gives it to side A */
static js_view *scratch;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    char path[1024];
    fz_source_path("scenarios/jump_raid.json", path, sizeof path);
    jsd_error err;
    js_scenario *s = jsd_scenario_load(path, &err);
    FZ_CHECK(s, "%s", err.msg);
    js_game *g = fz_game(s, JS_DICE_SEEDED, 1);
    scratch = malloc(sizeof *scratch);
    FZ_CHECK(scratch, "out of memory");
    js_view_build(g, JS_SIDE_A, scratch);
    char *hello = jsd_wire_hello(scratch, 1);
    jsd_wire_msg m;
    FZ_CHECK(hello && jsd_wire_read(hello, strlen(hello), NULL, "hello", &m, &err), "%s", err.msg);
    scn = m.scn; /* kept to the end */
    free(hello);
    js_game_destroy(g);
    free(s);
    return 0;
}

static void read_back(const char *text, int type, jsd_wire_msg *out)
{
    jsd_error err;
    FZ_CHECK(text, "no text written for a %s read", jsd_wire_type_name(type));
    FZ_CHECK(jsd_wire_read(text, strlen(text), scn, "again", out, &err), "%s reads back as an error: %s", text,
             err.msg);
    FZ_CHECK(out->type == type, "a %s reads back as a %s", jsd_wire_type_name(type), jsd_wire_type_name(out->type));
}

static void check_update(const jsd_wire_msg *m)
{
    const js_event **ev = malloc((size_t)(m->nevents + 1) * sizeof *ev);
    FZ_CHECK(ev, "out of memory");
    int nvis = 0;
    for (int i = 0; i < m->nevents; i++) {
        ev[i] = &m->events[i];
        nvis += js_event_visible(ev[i], m->view->viewer);
    }
    char *again = jsd_wire_update(m->view, m->since, ev, m->nevents);
    jsd_wire_msg b;
    read_back(again, JSD_WIRE_UPDATE, &b);
    FZ_CHECK(memcmp(b.view, m->view, sizeof *b.view) == 0, "the view of %.200s reads back different", again);
    FZ_CHECK(b.since == m->since && b.nevents == nvis, "%d of %d events read back, %d visible", b.nevents,
             m->nevents, nvis);
    for (int i = 0, k = 0; i < m->nevents; i++)
        if (js_event_visible(ev[i], m->view->viewer))
            FZ_CHECK(memcmp(&b.events[k++], ev[i], sizeof *ev[i]) == 0, "event %d reads back different", i);
    jsd_wire_msg_free(&b);
    free(again);
    free(ev);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jsd_error err;
    memset(&err, 0, sizeof err);
    jsd_wire_msg m, b;
    if (!jsd_wire_read((const char *)data, size, scn, "(wire)", &m, &err)) {
        fz_check_error(&err, "(wire)");
        FZ_CHECK(!m.scn && !m.view && !m.events, "a refused message left something allocated");
        return 0;
    }
    char *again = NULL;
    switch (m.type) {
    case JSD_WIRE_HELLO:
        memset(scratch, 0, sizeof *scratch);
        scratch->viewer = (int8_t)m.side;
        scratch->st.scn = *m.scn;
        again = jsd_wire_hello(scratch, m.seed);
        read_back(again, m.type, &b);
        FZ_CHECK(b.side == m.side && b.seed == m.seed && memcmp(b.scn, m.scn, sizeof *m.scn) == 0,
                 "the hello reads back different");
        jsd_wire_msg_free(&b);
        break;
    case JSD_WIRE_UPDATE:
        check_update(&m);
        break;
    case JSD_WIRE_COMMAND:
        again = jsd_wire_command(&m.cmd);
        read_back(again, m.type, &b);
        FZ_CHECK(memcmp(&b.cmd, &m.cmd, sizeof m.cmd) == 0, "%s reads back different", again);
        break;
    case JSD_WIRE_ERROR:
        again = jsd_wire_error(m.reason, m.has_cmd ? &m.cmd : NULL);
        read_back(again, m.type, &b);
        FZ_CHECK(!strcmp(b.reason, m.reason) && b.has_cmd == m.has_cmd &&
                     (!m.has_cmd || memcmp(&b.cmd, &m.cmd, sizeof m.cmd) == 0),
                 "%s reads back different", again);
        break;
    default:
        FZ_CHECK(m.winner >= -1 && m.winner <= 1, "an end with winner %d", m.winner);
        break;
    }
    free(again);
    jsd_wire_msg_free(&m);
    return 0;
}
