/* A whole turn runs: plot a move, both ready, the ship arrives where F(n) takes it (V-3). */
#include "testlib.h"
#include <stdlib.h>

static void test_turn_runs_V3(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 12);
    int scout = tl_card(s, "scout", JS_SIZE_SMALL, 1, 4);
    tl_unit_at(s, scout, JS_SIDE_A, 4, 9, 1);
    tl_unit_at(s, scout, JS_SIDE_B, 8, 2, 4);
    js_game *g = tl_game(s, NULL, 0);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_PLOT); /* nothing to launch: command skipped */
    js_cmd c = tl_cmd(JS_CMD_PLOT, JS_SIDE_A);
    c.unit = 0;
    c.slot = 0;
    c.order = tl_order(5);
    c.order.move = 3;
    tl_ok(g, &c);
    tl_ready_both(g);
    int col, row;
    tl_pos(g, 0, &col, &row);
    assert_int_equal(col, 4);
    assert_int_equal(row, 6); /* three hexes north */
    assert_int_equal(js_game_state(g)->turn, 2);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_turn_runs_V3)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
