/* fuzz_scenario — scenario text (docs/formats.md). A refusal names the file; an accepted
 * scenario keeps the invariants the engine relies on, the engine takes it, and a little random
 * play (seeded or manual dice, chosen by the input) keeps every promise fz_play checks. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

static char scenarios_dir[1024];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_source_path("scenarios", scenarios_dir, sizeof scenarios_dir);
    return 0;
}

static void check_loaded(const js_scenario *s)
{
    FZ_CHECK(s->width >= 4 && s->width <= JS_MAX_W && s->height >= 4 && s->height <= JS_MAX_H,
             "map %dx%d", s->width, s->height);
    FZ_CHECK(s->nterrain >= 1 && s->nterrain <= JS_MAX_TERRAIN, "%d terrain types", s->nterrain);
    FZ_CHECK(s->ncards >= 1 && s->ncards <= JS_MAX_DEFS, "%d cards", s->ncards);
    FZ_CHECK(s->nunits >= 2 && s->nunits <= JS_MAX_UNITS, "%d units", s->nunits);
    for (int i = 0; i < s->nunits; i++)
        FZ_CHECK(s->units[i].def >= 0 && s->units[i].def < s->ncards &&
                     (s->units[i].side == 0 || s->units[i].side == 1),
                 "unit %d: card %d side %d", i, s->units[i].def, s->units[i].side);
    for (int i = 0; i < s->width * s->height; i++)
        FZ_CHECK(s->terrain[i] < s->nterrain, "hex %d has terrain %d", i, s->terrain[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_text(data, size);
    jsd_error err;
    memset(&err, 0, sizeof err);
    js_scenario *s = jsd_scenario_parse(text, "fuzz.json", scenarios_dir, &err);
    free(text);
    if (!s) {
        fz_check_error(&err, "fuzz.json");
        return 0;
    }
    check_loaded(s);
    uint64_t h = fz_hash(data, size);
    /* one input in eight plays with dice entered by hand: the parked-command path */
    js_game *g = fz_game(s, (h & 7) == 0 ? JS_DICE_MANUAL : JS_DICE_SEEDED, h);
    fz_play(g, h >> 3, 120);
    js_game_destroy(g);
    free(s);
    return 0;
}
