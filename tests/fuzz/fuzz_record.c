/* fuzz_record — record and save files, as the game and `replay --verify` read them.
 *
 * The input is written to TMP/r/r/record.json beside a link TMP/scenarios to the shipped
 * scenarios, so the seeds' "../../scenarios/duel.json" resolve as they do from tests/golden.
 * A refusal names the file. A loaded record is written back both ways the program writes it
 * (path as in memory, and relative to the file) and must read back the same; then its game is
 * started, every command replayed with the hash check, and the game played a little further. */
#define _XOPEN_SOURCE 700
#include "fuzz.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    char target[1024], link[1024];
    fz_source_path("scenarios", target, sizeof target);
    snprintf(link, sizeof link, "%s/scenarios", fz_tmp_dir());
    FZ_CHECK(symlink(target, link) == 0, "cannot link %s to %s", link, target);
    return 0;
}

static bool same_file(const char *a, const char *b)
{
    char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
    bool same = ra && rb ? strcmp(ra, rb) == 0 : strcmp(a, b) == 0;
    free(ra);
    free(rb);
    return same;
}

/* What we write, we read: the text jsd_record_to_json makes loads back to the same record. */
static void check_round_trip(const jsd_record *r, const char *record_path, const char *again_rel)
{
    char *text = jsd_record_to_json(r, record_path);
    FZ_CHECK(text, "jsd_record_to_json failed");
    char again_path[1024];
    snprintf(again_path, sizeof again_path, "%s", fz_write(again_rel, text, strlen(text)));
    free(text);
    jsd_error err;
    jsd_record *b = jsd_record_load(again_path, &err);
    FZ_CHECK(b, "a record written %s does not read back: %s",
             record_path ? "relative to its file" : "as in memory", err.msg);
    FZ_CHECK(record_path ? same_file(r->scenario_path, b->scenario_path)
                         : strcmp(r->scenario_path, b->scenario_path) == 0,
             "scenario path \"%s\" reads back as \"%s\"", r->scenario_path, b->scenario_path);
    FZ_CHECK(strcmp(r->kind, b->kind) == 0 && strcmp(r->scenario_id, b->scenario_id) == 0 &&
                 r->scenario_hash == b->scenario_hash && r->dice_kind == b->dice_kind &&
                 r->seed == b->seed && r->nscript == b->nscript &&
                 (r->nscript == 0 || memcmp(r->script, b->script, (size_t)r->nscript) == 0) &&
                 memcmp(r->players, b->players, sizeof r->players) == 0,
             "the record's header does not read back the same");
    FZ_CHECK(r->ncmds == b->ncmds, "%d commands read back as %d", r->ncmds, b->ncmds);
    for (int i = 0; i < r->ncmds; i++)
        FZ_CHECK(memcmp(&r->cmds[i], &b->cmds[i], sizeof r->cmds[i]) == 0 && r->hashes[i] == b->hashes[i],
                 "commands[%d] (%s) does not read back the same", i, js_cmd_type_name(r->cmds[i].type));
    jsd_record_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", fz_write("r/r/record.json", data, size));
    jsd_error err;
    memset(&err, 0, sizeof err);
    jsd_record *r = jsd_record_load(path, &err);
    if (!r) {
        fz_check_error(&err, path);
        return 0;
    }
    check_round_trip(r, NULL, "r/r/again.json");
    check_round_trip(r, path, "r/r/again.json");
    js_game *g = jsd_record_start(r, path, &err);
    if (!g) {
        fz_check_error(&err, path);
        jsd_record_free(r);
        return 0;
    }
    /* Replay as `replay --verify` does, but past refusals and divergences: every command is
     * still checked by fz_submit. Halfway, a clone takes over the rest of the record too, and
     * must end where the game ends (clones carry dice and parked commands). */
    js_game *half = NULL;
    int diverged = -1;
    for (int i = 0; i < r->ncmds; i++) {
        if (i == r->ncmds / 2)
            half = js_game_clone(g);
        if (fz_submit(g, &r->cmds[i]) == JS_OK && diverged < 0 && js_game_hash(g) != r->hashes[i])
            diverged = i;
    }
    if (half) {
        for (int i = r->ncmds / 2; i < r->ncmds; i++)
            js_submit(half, &r->cmds[i], NULL, 0);
        FZ_CHECK(js_game_hash(half) == js_game_hash(g),
                 "a clone made at commands[%d] ends elsewhere than its game (first divergence from the "
                 "record at %d)", r->ncmds / 2, diverged);
        js_game_destroy(half);
    }
    fz_play(g, fz_hash(data, size), 20);
    js_game_destroy(g);
    jsd_record_free(r);
    return 0;
}
