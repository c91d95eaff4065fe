/* Events carry their facts as typed fields (docs/formats.md): over random games of every shipped
 * scenario, every event says what its ids name (and they are in range), every roll what it was
 * for and which die, what came of it where one die decides, every loss, failed attack and point
 * its cause, the end of the game why, command dice their faces, cards their deck index. The
 * sentence is for people; a screen or a program decides from these. */
#include "testlib.h"
#include "cli.h"
#include "jsd.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const SCENARIOS[] = {"duel.json",       "carrier_strike.json", "competition.json",
                                        "jump_and_launch.json", "jump_raid.json", "last_salvo.json",
                                        "dice_landing.json", "dice_skirmish.json", "large_battle.json"};

static bool id_in_range(const js_state *st, int kind, int id)
{
    switch (kind) {
    case JS_UNIT_SHIP: return id < st->nships;
    case JS_UNIT_CARD: return id < st->nunits;
    case JS_UNIT_POD_GROUP: return id < JS_MAX_PODS;
    case JS_UNIT_MISSILE: return id < JS_MAX_MISSILES;
    case JS_UNIT_SITE: return id < st->nsites;
    case JS_UNIT_DECK: return id < st->scn.ndeck;
    case JS_UNIT_SIDE: return id < JS_SIDES;
    default: return false;
    }
}

typedef struct tally {
    int rolls[JS_ROLL_COUNT], causes[JS_CAUSE_COUNT], dice, cards;
} tally;

static void check_event(const char *where, const js_state *st, const js_event *e, tally *t)
{
    if ((e->a >= 0) != (e->a_kind != JS_UNIT_NONE) || (e->b >= 0) != (e->b_kind != JS_UNIT_NONE))
        fail_msg("%s: a %s event names a=%d (%s), b=%d (%s)", where, js_event_type_name(e->type), e->a,
                 js_unit_kind_name(e->a_kind), e->b, js_unit_kind_name(e->b_kind));
    if ((e->a >= 0 && !id_in_range(st, e->a_kind, e->a)) || (e->b >= 0 && !id_in_range(st, e->b_kind, e->b)))
        fail_msg("%s: a %s event's ids are out of range: a=%d %s, b=%d %s", where, js_event_type_name(e->type),
                 e->a, js_unit_kind_name(e->a_kind), e->b, js_unit_kind_name(e->b_kind));
    assert_true(e->roll_for >= 0 && e->roll_for < JS_ROLL_COUNT && e->cause >= 0 && e->cause < JS_CAUSE_COUNT &&
                e->outcome >= 0 && e->outcome < JS_OUTCOME_COUNT);
    assert_true(e->text[0] != 0); /* the log writer made its sentence from the same facts */
    t->causes[e->cause]++;
    switch (e->type) {
    case JS_EV_ROLL:
        assert_true(e->roll_for > JS_ROLL_NONE && e->roll_for < JS_ROLL_OTHER);
        t->rolls[e->roll_for]++;
        switch (e->roll_for) {
        case JS_ROLL_SHIP_ATTACK: case JS_ROLL_SHIP_ON_PODS: /* C-5: the second die says what came of both */
            assert_true(e->die == 1 || e->die == 2);
            assert_true(e->die == 1 ? e->outcome == JS_OUTCOME_NONE : e->outcome != JS_OUTCOME_NONE);
            break;
        case JS_ROLL_COMMAND_DIE: /* K-3 */
            assert_true(e->die >= 1 && e->die <= st->scn.kdice);
            assert_int_equal(e->outcome, JS_OUTCOME_NONE);
            break;
        case JS_ROLL_MISSILE_TIE:
            assert_int_equal(e->outcome, JS_OUTCOME_NONE);
            break;
        case JS_ROLL_ECM:
            assert_true(e->outcome == JS_OUTCOME_DAMAGED || e->outcome == JS_OUTCOME_NO_EFFECT);
            break;
        case JS_ROLL_HESITATION:
            assert_true(e->outcome == JS_OUTCOME_ARRIVES || e->outcome == JS_OUTCOME_STAYS);
            break;
        default: /* a missile's or a pod's die decides on its own */
            assert_true(e->outcome != JS_OUTCOME_NONE);
        }
        break;
    case JS_EV_POD_ROLL:
        assert_int_equal(e->roll_for, JS_ROLL_POD_ATTACK);
        assert_true(e->die >= 1 && e->outcome != JS_OUTCOME_NONE);
        break;
    case JS_EV_DAMAGE: case JS_EV_DISABLED: case JS_EV_DESTROYED: case JS_EV_NO_EFFECT:
    case JS_EV_POD_REMOVED:
        assert_true(e->cause != JS_CAUSE_NONE);
        break;
    case JS_EV_MISSILE_GONE:
        assert_true(e->cause == JS_CAUSE_MISSILE || e->cause == JS_CAUSE_OFF_MAP || e->cause == JS_CAUSE_TERRAIN ||
                    e->cause == JS_CAUSE_OUT_OF_RANGE);
        break;
    case JS_EV_POINTS:
        assert_true(e->cause == JS_CAUSE_DESTROYED || e->cause == JS_CAUSE_CARGO_LOST ||
                    e->cause == JS_CAUSE_DISABLED_AT_END);
        assert_int_equal(e->a_kind, JS_UNIT_SHIP);
        break;
    case JS_EV_CAPTURE:
        assert_int_equal(e->cause, JS_CAUSE_CAPTURE);
        assert_int_equal(e->b_kind, JS_UNIT_SITE);
        break;
    case JS_EV_GAME_OVER:
        assert_true(e->cause == JS_CAUSE_TARGET_REACHED || e->cause == JS_CAUSE_NO_FORCES ||
                    e->cause == JS_CAUSE_LAST_TURN);
        assert_true((e->cause == JS_CAUSE_NO_FORCES) == (e->a_kind == JS_UNIT_SIDE));
        break;
    case JS_EV_DICE:
        assert_int_equal(e->ndice, e->value);
        for (int i = 0; i < e->ndice; i++)
            assert_true(e->dice[i] >= 1 && e->dice[i] <= 6);
        t->dice++;
        break;
    case JS_EV_CARD:
        assert_int_equal(e->card, e->a);
        t->cards += e->card >= 0;
        break;
    default:
        assert_int_equal(e->card, -1);
    }
}

static void test_every_event_carries_its_facts(void **state)
{
    (void)state;
    tally t = {0};
    int events = 0;
    for (size_t s = 0; s < sizeof SCENARIOS / sizeof SCENARIOS[0]; s++) {
        js_scenario *scn = tl_load_scenario(SCENARIOS[s]);
        for (int gi = 0; gi < 3; gi++) {
            js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = (uint64_t)(40 + gi)};
            js_game *g = js_game_create(scn, &dice, NULL, 0);
            assert_non_null(g);
            cli_rng r = {(uint64_t)(gi * 131 + 7)};
            js_cmd cmd;
            for (int n = 0; n < 4000 && cli_random_command(g, &r, &cmd); n++)
                js_submit(g, &cmd, NULL, 0);
            const js_state *st = js_game_state(g);
            for (int i = 0; i < js_log_count(g); i++) {
                char where[96];
                snprintf(where, sizeof where, "%s game %d event %d", SCENARIOS[s], gi, i);
                check_event(where, st, js_log_at(g, i), &t);
            }
            events += js_log_count(g);
            js_game_destroy(g);
        }
        free(scn);
    }
    print_message("%d events; rolls: missile %d, tie %d, pod %d, ship %d, on pods %d, ECM %d, command %d, "
                  "hesitation %d; command dice %d; cards %d\n",
                  events, t.rolls[JS_ROLL_MISSILE], t.rolls[JS_ROLL_MISSILE_TIE], t.rolls[JS_ROLL_POD_ATTACK],
                  t.rolls[JS_ROLL_SHIP_ATTACK], t.rolls[JS_ROLL_SHIP_ON_PODS], t.rolls[JS_ROLL_ECM],
                  t.rolls[JS_ROLL_COMMAND_DIE], t.rolls[JS_ROLL_HESITATION], t.dice, t.cards);
    /* the walk met the common kinds of roll and fact, so the checks above were exercised */
    assert_true(t.rolls[JS_ROLL_MISSILE] > 0 && t.rolls[JS_ROLL_POD_ATTACK] > 0 && t.rolls[JS_ROLL_SHIP_ATTACK] > 0 &&
                t.rolls[JS_ROLL_ECM] > 0 && t.rolls[JS_ROLL_COMMAND_DIE] > 0);
    assert_true(t.dice > 0 && t.cards > 0 && t.causes[JS_CAUSE_DESTROYED] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_event_carries_its_facts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
