/* fuzz_command — one command's JSON text (jsd_cmd_from_json: the CLI, the tools, the records'
 * lines). A refusal names its source. An accepted command writes and reads back to itself and
 * is then tried in every position of a set made once at start-up — each golden record's game
 * at the first moment it waits for each kind of answer, and a manual-dice game waiting for a
 * die — where js_check must change nothing and js_submit must agree with it (fz_submit). */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_POSITIONS = 64 };
static js_game *positions[MAX_POSITIONS];
static int npositions;

static void keep(js_game *g)
{
    if (npositions < MAX_POSITIONS)
        positions[npositions++] = js_game_clone(g);
}

/* Replay a golden record, keeping the game the first time it waits for each kind of answer. */
static void collect(const fz_golden *gd, int dice_kind)
{
    js_game *g = js_game_clone(gd->start);
    if (dice_kind == JS_DICE_MANUAL) {
        /* the same scenario with dice entered by hand: play until a roll is asked for */
        jsd_record copy = *gd->rec;
        copy.dice_kind = JS_DICE_MANUAL;
        jsd_error err;
        js_game_destroy(g);
        g = jsd_record_start(&copy, gd->path, &err);
        FZ_CHECK(g, "%s", err.msg);
        for (int i = 0; i < gd->rec->ncmds; i++)
            if (js_submit(g, &gd->rec->cmds[i], NULL, 0) == JS_ERR_NEED_DIE) {
                keep(g);
                break;
            }
        js_game_destroy(g);
        return;
    }
    unsigned seen = 0;
    for (int i = 0; i <= gd->rec->ncmds; i++) {
        js_wait w = js_wait_get(g);
        if (w.kind >= 0 && w.kind < 32 && !(seen & (1u << w.kind))) {
            seen |= 1u << w.kind;
            keep(g);
        }
        if (i < gd->rec->ncmds)
            js_submit(g, &gd->rec->cmds[i], NULL, 0);
    }
    js_game_destroy(g);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const fz_golden *gd;
    int n = fz_goldens(&gd);
    collect(&gd[0], JS_DICE_MANUAL);
    for (int k = 0; k < n; k++)
        collect(&gd[k], JS_DICE_SEEDED);
    int die = 0;
    for (int k = 0; k < npositions; k++)
        die += js_wait_get(positions[k]).kind == JS_WAIT_DIE;
    fprintf(stderr, "fuzz_command: %d positions (%d waiting for a die)\n", npositions, die);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_text(data, size);
    jsd_error err;
    memset(&err, 0, sizeof err);
    js_cmd c;
    bool ok = jsd_cmd_from_json(text, &c, "(command)", &err);
    free(text);
    if (!ok) {
        fz_check_error(&err, "(command)");
        return 0;
    }
    char *again = jsd_cmd_to_json(&c);
    FZ_CHECK(again, "no JSON text for a loaded command");
    js_cmd back;
    FZ_CHECK(jsd_cmd_from_json(again, &back, "again", &err), "%s reads back as an error: %s", again, err.msg);
    FZ_CHECK(memcmp(&back, &c, sizeof c) == 0, "%s reads back different", again);
    free(again);
    for (int k = 0; k < npositions; k++) {
        if (js_check(positions[k], &c, NULL, 0) != JS_OK) {
            fz_submit(positions[k], &c); /* refused: must leave the position as it was */
            continue;
        }
        js_game *g = js_game_clone(positions[k]);
        FZ_CHECK(g, "out of memory");
        fz_submit(g, &c);
        js_game_destroy(g);
    }
    return 0;
}
