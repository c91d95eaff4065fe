/* fuzz_catalogue — ship catalogues (docs/formats.md). The input is written to TMP/c/catalogue.json
 * and loaded as the game loads it; a refusal names the file. A loaded catalogue's cards are
 * sane, and the shipped duel, carrier strike and jump-and-launch scenarios, read from TMP/c so
 * that they use this catalogue, either refuse with a message naming the scenario or load and
 * play a little. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const SCENARIOS[] = {"duel", "carrier_strike", "jump_and_launch"};
enum { NSCN = sizeof SCENARIOS / sizeof *SCENARIOS };
static char *scenario_text[NSCN];
static char dir[1024];
static js_card_def defs[JS_MAX_DEFS];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    for (int i = 0; i < NSCN; i++) {
        char rel[64], path[1024];
        snprintf(rel, sizeof rel, "scenarios/%s.json", SCENARIOS[i]);
        fz_source_path(rel, path, sizeof path);
        jsd_error err;
        scenario_text[i] = jsd_read_file(path, NULL, &err);
        FZ_CHECK(scenario_text[i], "%s", err.msg);
    }
    snprintf(dir, sizeof dir, "%s/c", fz_tmp_dir());
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", fz_write("c/catalogue.json", data, size));
    jsd_error err;
    memset(&err, 0, sizeof err);
    int n = jsd_catalogue_load(path, defs, JS_MAX_DEFS, &err);
    if (n < 0) {
        fz_check_error(&err, path);
        return 0;
    }
    FZ_CHECK(n >= 1 && n <= JS_MAX_DEFS, "a catalogue of %d cards", n);
    for (int i = 0; i < n; i++) {
        const js_card_def *d = &defs[i];
        FZ_CHECK(d->id[0] && d->size >= 0 && d->size <= 2 && d->ships >= 1 && d->ships <= JS_MAX_SQUAD &&
                     d->hull >= 1 && d->move >= 0,
                 "card %d (\"%s\"): size %d, %d ships, hull %d, move %d", i, d->id, d->size, d->ships,
                 d->hull, d->move);
        for (int k = 0; k < i; k++)
            FZ_CHECK(strcmp(defs[k].id, d->id) != 0, "card id \"%s\" twice", d->id);
    }
    uint64_t h = fz_hash(data, size);
    for (int i = 0; i < NSCN; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s.json", SCENARIOS[i]);
        js_scenario *s = jsd_scenario_parse(scenario_text[i], name, dir, &err);
        if (!s) {
            fz_check_error(&err, name);
            continue;
        }
        js_game *g = fz_game(s, JS_DICE_SEEDED, h);
        fz_play(g, h, 40);
        js_game_destroy(g);
        free(s);
    }
    return 0;
}
