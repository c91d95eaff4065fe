/* Secrecy (P-5, L-6, X-2): from many self-play positions, changing one side's plots, launches,
 * cargo, card plays, setup picks, deployments by command dice or ship-attack choices leaves the
 * other side's view and visible log byte-identical, and so the bytes a bot playing that side is
 * sent (the wire format: its hello and an update with every event it may see); so does a
 * different card behind the screen, or a different cargo in a hold. The reference players
 * (sitter, rusher) answer the same whatever the other side's secrets (the computer player's own
 * test is in test_ai.c). */
#include "testlib.h"
#include "cli.h"
#include "jsd.h"
#include "jsd_wire.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *view_json(const js_game *g, int viewer)
{
    js_view *v = malloc(sizeof *v);
    js_view_build(g, viewer, v);
    char *s = jsd_view_to_json(v, false);
    free(v);
    return s;
}

/* What a bot playing `viewer` would be sent now (docs/bots.md): the hello (with_hello) and an
 * update holding the events of the log from `from` on that it may see. */
static char *wire_bytes(const js_game *g, int viewer, int from, bool with_hello)
{
    js_view *v = malloc(sizeof *v);
    js_view_build(g, viewer, v);
    int n = js_log_count(g) - from;
    const js_event **ev = malloc((size_t)(n + 1) * sizeof *ev);
    for (int i = 0; i < n; i++)
        ev[i] = js_log_at(g, from + i);
    char *h = with_hello ? jsd_wire_hello(v, 7) : calloc(1, 1), *u = jsd_wire_update(v, 0, ev, n);
    assert_non_null(h);
    assert_non_null(u);
    size_t lh = strlen(h), lu = strlen(u);
    char *s = malloc(lh + lu + 2);
    memcpy(s, h, lh);
    s[lh] = '\n';
    memcpy(s + lh + 1, u, lu + 1);
    free(h), free(u), free(ev), free(v);
    return s;
}

static int visible_events(const js_game *g, int viewer)
{
    int n = 0;
    for (int i = 0; i < js_log_count(g); i++)
        n += js_event_visible(js_log_at(g, i), viewer);
    return n;
}

/* Walk random games; at each secret decision, let the other side change its secrets on a clone. */
static void probe_scenario(const char *name, int games)
{
    js_scenario *scn = tl_load_scenario(name);
    int probes = 0;
    for (int gi = 0; gi < games; gi++) {
        js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = (uint64_t)(100 + gi)};
        js_game *g = js_game_create(scn, &dice, NULL, 0);
        assert_non_null(g);
        cli_rng r = {(uint64_t)(gi * 977 + 5)};
        js_cmd cmd;
        for (int n = 0; n < 3000 && cli_random_command(g, &r, &cmd); n++) {
            js_wait w = js_wait_get(g);
            if (w.secret && w.sides == JS_BOTH_SIDES) {
                for (int other = 0; other < JS_SIDES; other++) {
                    int viewer = 1 - other;
                    js_game *c = js_game_clone(g);
                    int changed = 0;
                    js_cmd s;
                    for (int k = 0; k < 12 && changed < 3; k++)
                        if (cli_random_command(c, &r, &s) && s.side == other && !cli_cmd_commits(&s) &&
                            js_submit(c, &s, NULL, 0) == JS_OK)
                            changed++;
                    if (changed) {
                        char *a = view_json(g, viewer), *b = view_json(c, viewer);
                        assert_non_null(a);
                        assert_non_null(b);
                        if (strcmp(a, b))
                            fail_msg("%s game %d: side %c's secrets changed side %c's view (%s phase)", name, gi,
                                     'A' + other, 'A' + viewer, js_phase_name(js_game_state(g)->phase));
                        assert_int_equal(visible_events(g, viewer), visible_events(c, viewer));
                        /* the events before the clone are the same: only the later ones may differ; the
                         * hello's scenario is the view's, which no command changes (test_L1 below) */
                        int from = js_log_count(g);
                        char *wa = wire_bytes(g, viewer, from, false), *wb = wire_bytes(c, viewer, from, false);
                        if (strcmp(wa, wb))
                            fail_msg("%s game %d: side %c's secrets changed what a bot playing side %c is sent "
                                     "(%s phase)", name, gi, 'A' + other, 'A' + viewer,
                                     js_phase_name(js_game_state(g)->phase));
                        probes++;
                        free(a), free(b), free(wa), free(wb);
                    }
                    js_game_destroy(c);
                }
            }
            js_submit(g, &cmd, NULL, 0);
        }
        js_game_destroy(g);
    }
    assert_true(probes > games); /* the walk really reached secret decisions */
    free(scn);
}

static void test_X2_P5_L6_views_ignore_other_side_secrets_duel(void **state)
{
    (void)state;
    probe_scenario("duel.json", 25);
}

static void test_X2_P5_L6_views_ignore_other_side_secrets_carrier(void **state)
{
    (void)state;
    probe_scenario("carrier_strike.json", 25);
}

/* J, H, S: hands, purchases, jump-point picks, Vanguard, card plays and discards too. */
static void test_X2_J3_H5_S1_views_ignore_other_side_secrets_jump(void **state)
{
    (void)state;
    probe_scenario("jump_and_launch.json", 12);
    probe_scenario("jump_raid.json", 12);
}

/* K: jump-off and entry picks at setup and deployments by command dice too (the dice themselves
 * are public). */
static void test_X2_K2_K4_views_ignore_other_side_secrets_dice(void **state)
{
    (void)state;
    probe_scenario("dice_skirmish.json", 8);
    probe_scenario("dice_landing.json", 8);
}

static int card_index(const js_scenario *s, const char *id)
{
    for (int i = 0; i < s->ncards; i++)
        if (!strcmp(s->cards[i].id, id))
            return i;
    fail_msg("no card %s", id);
    return -1;
}

/* L-1: which cards are behind B's screen is not in A's view. */
static int ref_decide(void *ref, const js_view *v, js_cmd *out) { return cli_ref_decide(ref, v, out); }

/* at the secret decisions both sides answer (setup, command phase, plots, ship attacks) of
 * random games, the other side first changes its secrets on a clone (random plots, launches, card
 * plays, picks); each reference player's whole answer must not change by a byte. */
static void probe_ref(const char *name, int games, int every)
{
    js_scenario *scn = tl_load_scenario(name);
    int probes = 0;
    for (int gi = 0; gi < games; gi++) {
        js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = (uint64_t)(500 + gi)};
        js_game *g = js_game_create(scn, &dice, NULL, 0);
        assert_non_null(g);
        cli_rng r = {(uint64_t)(gi * 389 + 3)};
        js_cmd cmd;
        for (int n = 0, secret = 0; n < 3000 && cli_random_command(g, &r, &cmd); n++) {
            js_wait w = js_wait_get(g);
            if (w.secret && w.sides == JS_BOTH_SIDES && secret++ % every == 0)
                for (int side = 0; side < JS_SIDES; side++) {
                    int other = 1 - side;
                    js_game *c = js_game_clone(g);
                    js_cmd s;
                    for (int k = 0; k < 12; k++)
                        if (cli_random_command_side(c, other, &r, &s) && !cli_cmd_commits(&s))
                            js_submit(c, &s, NULL, 0);
                    assert_true(tl_same_for(g, c, side)); /* the clone changed secrets only */
                    for (int kind = 0; kind < CLI_REF_KINDS; kind++) {
                        cli_ref *ra = cli_ref_create(kind, side, 7), *rb = cli_ref_create(kind, side, 7);
                        char *a = tl_answer(g, side, ref_decide, ra), *b = tl_answer(c, side, ref_decide, rb);
                        if (strcmp(a, b))
                            fail_msg("%s game %d, %s: side %c's secrets changed the %s's answer:\n%s---\n%s", name, gi,
                                     w.what, 'A' + other, cli_ref_name(kind), a, b);
                        free(a), free(b);
                        cli_ref_destroy(ra), cli_ref_destroy(rb);
                        probes++;
                    }
                    js_game_destroy(c);
                }
            js_submit(g, &cmd, NULL, 0);
        }
        js_game_destroy(g);
    }
    assert_true(probes >= 4 * games);
    free(scn);
}

static void test_X2_reference_players_blind(void **state)
{
    (void)state;
    probe_ref("duel.json", 2, 2);
    probe_ref("carrier_strike.json", 1, 3);
    probe_ref("jump_raid.json", 1, 3);
    probe_ref("dice_skirmish.json", 1, 3);
}

static void test_L1_X2_reserve_contents_hidden(void **state)
{
    (void)state;
    js_scenario *s1 = tl_load_scenario("carrier_strike.json"), *s2 = tl_load_scenario("carrier_strike.json");
    int marauder = card_index(s2, "hadar-marauder"), warden = card_index(s2, "hadar-warden");
    for (int i = 0; i < s2->nunits; i++)
        if (s2->units[i].side == JS_SIDE_B && s2->units[i].def == marauder && s2->units[i].where == JS_AT_RESERVE)
            s2->units[i].def = (int16_t)warden; /* same size and ship count, another card */
    js_game *g1 = tl_game(s1, NULL, 0), *g2 = tl_game(s2, NULL, 0);
    char *a = view_json(g1, JS_SIDE_A), *b = view_json(g2, JS_SIDE_A);
    assert_string_equal(a, b);
    char *wa = wire_bytes(g1, JS_SIDE_A, 0, true), *wb = wire_bytes(g2, JS_SIDE_A, 0, true);
    assert_string_equal(wa, wb); /* the hello's scenario names no card of B's reserve either */
    free(wa), free(wb);
    char *ba = view_json(g1, JS_SIDE_B), *bb = view_json(g2, JS_SIDE_B);
    assert_string_not_equal(ba, bb); /* B itself sees its own reserve */
    free(a), free(b), free(ba), free(bb);
    js_game_destroy(g1), js_game_destroy(g2);
    free(s1), free(s2);
}

/* L-4, L-6: a transport launched with cargo looks the same to the enemy as one launched empty. */
static void test_L6_cargo_hidden_after_launch(void **state)
{
    (void)state;
    js_scenario *scn = tl_load_scenario("carrier_strike.json");
    int citadel = card_index(scn, "hadar-citadel"), hornet = card_index(scn, "hadar-hornet");
    int cu = -1, hu = -1;
    for (int i = 0; i < scn->nunits; i++) {
        if (scn->units[i].side != JS_SIDE_B)
            continue;
        if (scn->units[i].def == citadel)
            cu = i;
        if (scn->units[i].def == hornet && hu < 0)
            hu = i;
    }
    assert_true(cu >= 0 && hu >= 0);
    js_game *with = tl_game(scn, NULL, 0), *without = tl_game(scn, NULL, 0);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_B);
    c.unit = (int16_t)cu;
    c.nplace = 1;
    c.place[0].hex = js_hex_from_offset(scn->width / 2, 1);
    c.place[0].facing = 4;
    c.place[0].phase = 5;
    tl_ok(without, &c);
    c.ncargo = 1;
    c.cargo[0] = (int16_t)hu;
    tl_ok(with, &c);
    for (int s = 0; s < JS_SIDES; s++) { /* commit both command phases */
        js_cmd rd = tl_cmd(JS_CMD_READY, s);
        tl_ok(with, &rd);
        tl_ok(without, &rd);
    }
    assert_int_equal(js_game_state(with)->units[hu].where, JS_AT_CARGO);
    char *a = view_json(with, JS_SIDE_A), *b = view_json(without, JS_SIDE_A);
    assert_string_equal(a, b);
    char *wa = wire_bytes(with, JS_SIDE_A, 0, true), *wb = wire_bytes(without, JS_SIDE_A, 0, true);
    assert_string_equal(wa, wb);
    free(wa), free(wb);
    assert_int_equal(visible_events(with, JS_SIDE_A), visible_events(without, JS_SIDE_A));
    assert_true(visible_events(with, JS_SIDE_B) > visible_events(without, JS_SIDE_B)); /* B's own log says it */
    free(a), free(b);
    js_game_destroy(with), js_game_destroy(without);
    free(scn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_X2_P5_L6_views_ignore_other_side_secrets_duel),
        cmocka_unit_test(test_X2_P5_L6_views_ignore_other_side_secrets_carrier),
        cmocka_unit_test(test_X2_J3_H5_S1_views_ignore_other_side_secrets_jump),
        cmocka_unit_test(test_X2_K2_K4_views_ignore_other_side_secrets_dice),
        cmocka_unit_test(test_X2_reference_players_blind),
        cmocka_unit_test(test_L1_X2_reserve_contents_hidden),
        cmocka_unit_test(test_L6_cargo_hidden_after_launch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
