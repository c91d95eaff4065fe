/* fuzz_lesson — lessons of the tutorial (docs/lessons.md). The input is written to
 * TMP/lessons/lesson.json beside a copy of the ship catalogue in TMP/scenarios, so the shipped
 * lessons' "../scenarios/catalogue.json" is found, and read as the game reads it. A refusal names
 * the file. A loaded lesson is sane: steps with a pattern have a solution of the player's that
 * matches it, the opponent's commands are the other side's, highlights and controls in range.
 * Its check (the validator's replay) refuses with a message naming the file, or plays through to
 * the goal. Then the lesson is played as the game plays it with a player who does not follow
 * the steps (random legal commands): every answer the lesson's opponent gives is one the engine
 * takes, so a lesson cannot stall or break the battle screen however the player goes. */
#include "fuzz.h"
#include "cli.h"
#include "jsd_lesson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    char path[1024];
    fz_source_path("scenarios/catalogue.json", path, sizeof path);
    jsd_error err;
    size_t len;
    char *cat = jsd_read_file(path, &len, &err);
    FZ_CHECK(cat, "%s", err.msg);
    fz_write("scenarios/catalogue.json", cat, len);
    free(cat);
    return 0;
}

static void check_form(const jsd_lesson *l)
{
    FZ_CHECK(l->nsteps >= 1 && l->nsteps <= JSD_LESSON_MAX_STEPS, "%d steps", l->nsteps);
    FZ_CHECK(l->player == JS_SIDE_A || l->player == JS_SIDE_B, "player %d", l->player);
    FZ_CHECK(l->npred >= 1 && l->npred <= JSD_LESSON_MAX_PRED, "%d goal predicates", l->npred);
    FZ_CHECK(l->nlearned >= 1 && l->nlearned <= JSD_LESSON_MAX_LEARNED, "%d learned lines", l->nlearned);
    for (int i = 0; i < l->nopp; i++)
        FZ_CHECK(l->opp[i].side == 1 - l->player, "opponent[%d] is side %d, the player's", i, l->opp[i].side);
    for (int i = 0; i < l->nsteps; i++) {
        const jsd_lesson_step *s = &l->steps[i];
        FZ_CHECK(!(s->unlock & ~(uint32_t)JSD_CTL_ALL), "steps[%d] unlocks %#x", i, (unsigned)s->unlock);
        FZ_CHECK(s->text[0], "steps[%d] has no text", i);
        if (s->hl.kind == JSD_HL_HEX)
            FZ_CHECK(js_scenario_hex_index(l->scn, s->hl.hex) >= 0, "steps[%d] highlights a hex off the map", i);
        if (s->hl.kind == JSD_HL_CONTROL)
            FZ_CHECK(s->hl.control && !(s->hl.control & (s->hl.control - 1)) && (s->hl.control & JSD_CTL_ALL),
                     "steps[%d] highlights control bits %#x", i, (unsigned)s->hl.control);
        if (s->expect) {
            FZ_CHECK(s->solution.side == l->player, "steps[%d]'s solution is side %d's", i, s->solution.side);
            FZ_CHECK(jsd_lesson_matches(l, i, &s->solution), "steps[%d]'s solution does not match its pattern", i);
        }
    }
}

/* The game's way with a player who clicks anything legal: the opponent answers first, the forced
 * choices are taken, the rest is random; every command goes through the engine's checks. */
static void play_off_script(const jsd_lesson *l, uint64_t seed)
{
    char reason[JS_REASON_LEN];
    js_game *g = jsd_lesson_game(l, reason, sizeof reason);
    FZ_CHECK(g, "a checked lesson's game does not start: %s", reason);
    jsd_lesson_run r;
    jsd_lesson_run_init(&r);
    cli_rng rng = {seed | 1};
    for (int n = 0; n < 400; n++) {
        js_wait w = js_wait_get(g);
        if (w.kind == JS_WAIT_NONE)
            break;
        js_cmd c;
        int skipped;
        char why[JS_REASON_LEN + 160];
        if (w.sides & JS_SIDE_MASK(1 - l->player)) {
            if (!jsd_lesson_opponent(l, &r, g, &c, &skipped, why, sizeof why))
                break; /* no answer: the game says so and waits (a lesson needing a script) */
            FZ_CHECK(fz_submit(g, &c) == JS_OK, "the lesson's opponent gave a command the engine refuses");
        } else if (jsd_lesson_forced(l, g, &c)) {
            FZ_CHECK(fz_submit(g, &c) == JS_OK, "a forced choice the engine refuses");
            jsd_lesson_note(l, &r, &c);
        } else if (cli_random_command_side(g, l->player, &rng, &c)) {
            if (fz_submit(g, &c) == JS_OK)
                jsd_lesson_note(l, &r, &c);
        } else {
            break;
        }
        FZ_CHECK(r.step >= 0 && r.step <= l->nsteps && r.opp >= 0 && r.opp <= l->nopp, "run at step %d, opp %d",
                 r.step, r.opp);
    }
    js_game_destroy(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", fz_write("lessons/lesson.json", data, size));
    jsd_error err;
    memset(&err, 0, sizeof err);
    jsd_lesson *l = jsd_lesson_load(path, &err);
    if (!l) {
        fz_check_error(&err, path);
        return 0;
    }
    check_form(l);
    js_game *end = NULL;
    memset(&err, 0, sizeof err);
    if (jsd_lesson_check(l, path, &end, &err)) {
        FZ_CHECK(end && jsd_lesson_goal(l, end), "a lesson that plays through ends with its goal not reached");
        js_game_destroy(end);
    } else {
        fz_check_error(&err, path);
        FZ_CHECK(!end, "a refused lesson handed out its game");
    }
    play_off_script(l, fz_hash(data, size));
    jsd_lesson_free(l);
    return 0;
}
