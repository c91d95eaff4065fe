/* Records and saves (docs/formats.md "Records and saves"), and atomic writes: a record saved
 * and loaded again is the same record, re-running it gives the stored hashes, the scenario is
 * found relative to the record, a changed scenario is refused, a failed write keeps the old file. */
#define _XOPEN_SOURCE 700
#include "testlib.h"
#include "jsd.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

static void copy_file(const char *from, const char *to)
{
    size_t len;
    jsd_error err;
    char *text = jsd_read_file(from, &len, &err);
    assert_non_null(text);
    assert_true(jsd_write_atomic(to, text, len, &err));
    free(text);
}

/* text written to path, which jsd_record_load must refuse with "PATH: want..." ("PATH: line N:
 * want..." in a record of lines); the message, for more checks. */
static const char *refused(const char *path, const char *text, const char *want)
{
    static jsd_error err;
    assert_true(jsd_write_atomic(path, text, strlen(text), &err));
    assert_null(jsd_record_load(path, &err));
    size_t n = strlen(path);
    const char *rest = err.msg + n + 2;
    int line, used = 0;
    bool ok = !strncmp(err.msg, path, n) && !strncmp(err.msg + n, ": ", 2);
    if (ok && sscanf(rest, "line %d: %n", &line, &used) == 1 && used > 0)
        rest += used;
    if (!ok || strncmp(rest, want, strlen(want)) != 0)
        print_error("got: %s\nwant: %s: %s\n", err.msg, path, want);
    assert_true(ok && strncmp(rest, want, strlen(want)) == 0);
    return err.msg;
}

/* Each bad[i][0] between head and tail, written to path, is refused with bad[i][1] (refused). */
static void refused_each(const char *path, const char *head, const char *tail, const char *const (*bad)[2], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char doc[1000];
        snprintf(doc, sizeof doc, "%s%s%s", head, bad[i][0], tail);
        refused(path, doc, bad[i][1]);
    }
}

/* The start of a record of format version v and kind k, its scenario and dice, up to the next member. */
#define DOC_HEAD(v, k) \
    "{\"format\":\"jumpstrike-record\",\"version\":" #v ",\"kind\":\"" k "\"," \
    "\"scenario\":{\"path\":\"x.json\",\"id\":\"duel\",\"hash\":\"0000000000000000\"}," \
    "\"dice\":{\"kind\":\"seeded\",\"seed\":\"1\"},"

/* r's game started again from its scenario and dice, its first n commands played. */
static js_game *replayed(const jsd_record *r, const char *path, int n)
{
    jsd_error err;
    js_game *g = jsd_record_start(r, path, &err);
    if (!g)
        print_error("%s\n", err.msg);
    assert_non_null(g);
    for (int i = 0; i < n; i++)
        assert_int_equal(js_submit(g, &r->cmds[i], NULL, 0), JS_OK);
    return g;
}

/* Submit c, which must be accepted, and record it with the hash after it. */
static void play(js_game *g, jsd_record *r, const js_cmd *c)
{
    char reason[JS_REASON_LEN] = "";
    js_status st = js_submit(g, c, reason, sizeof reason);
    if (st != JS_OK)
        print_error("%s refused: %s\n", js_cmd_type_name(c->type), reason);
    assert_int_equal(st, JS_OK);
    assert_true(jsd_record_append(r, c, js_game_hash(g)));
}

/* Answer whatever the game waits for with a plain choice; false when the game is over. */
static bool answer(js_game *g, jsd_record *r)
{
    js_wait w = js_wait_get(g);
    if (w.kind == JS_WAIT_NONE)
        return false;
    int side = (w.sides & JS_SIDE_MASK(JS_SIDE_A)) ? JS_SIDE_A : JS_SIDE_B;
    const js_state *st = js_game_state(g);
    js_cmd c;
    switch (w.kind) {
    case JS_WAIT_MISSILE:
        c = tl_cmd(JS_CMD_MISSILE, side);
        for (int i = 0; i < JS_MAX_MISSILES; i++)
            if (st->missiles[i].alive && st->missiles[i].side == side) {
                c.unit = (int16_t)i;
                break;
            }
        break;
    case JS_WAIT_POD_MOVE:
        c = tl_cmd(JS_CMD_POD_MOVE, side);
        for (int i = 0; i < JS_MAX_PODS; i++)
            if (st->pods[i].alive && st->pods[i].side == side && !st->pods[i].acted) {
                c.unit = (int16_t)i;
                break;
            }
        c.hold = 1;
        break;
    case JS_WAIT_POD_ATTACK:
        c = tl_cmd(JS_CMD_POD_ATTACK, side);
        c.unit = -1;
        break;
    case JS_WAIT_GUARD:
        c = tl_cmd(JS_CMD_GUARD, side);
        c.count = 0;
        break;
    case JS_WAIT_DIE:
        c = tl_cmd(JS_CMD_DIE, side);
        c.value = 5;
        break;
    case JS_WAIT_DISCARD: /* H-5: the last cards of the hand, down to the Billet */
        c = tl_cmd(JS_CMD_DISCARD, side);
        for (int k = st->billet[side]; k < st->nhand[side]; k++)
            c.cargo[c.ncargo++] = st->hand[side][k];
        break;
    default:
        c = tl_cmd(JS_CMD_READY, side);
        break;
    }
    play(g, r, &c);
    return true;
}

/* A short duel: A's lancer moves and fires a missile, then both sides play on with plain
 * answers. Returns the game; *rec gets the record. */
static js_game *make_game(const char *scenario_path, uint64_t seed, jsd_record **rec, int steps)
{
    jsd_error err = {{0}};
    js_scenario *s = jsd_scenario_load(scenario_path, &err);
    if (!s)
        print_error("%s\n", err.msg);
    assert_non_null(s);
    uint64_t h;
    assert_true(jsd_file_hash(scenario_path, &h, &err));
    js_dice_cfg dice = {JS_DICE_SEEDED, seed, NULL, 0};
    char reason[JS_REASON_LEN] = "";
    js_game *g = js_game_create(s, &dice, reason, sizeof reason);
    assert_non_null(g);
    jsd_record *r = jsd_record_new(scenario_path, s, h, &dice);
    assert_non_null(r);
    free(s);
    while (js_wait_get(g).kind == JS_WAIT_COMMAND)
        assert_true(answer(g, r));
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_PLOT);
    js_cmd c = tl_cmd(JS_CMD_PLOT, JS_SIDE_A);
    c.unit = 0;
    c.slot = 0;
    c.order = tl_order(5);
    c.order.move = 2;
    c.order.msl_fwd = 1;
    play(g, r, &c);
    c = tl_cmd(JS_CMD_PLOT, JS_SIDE_B);
    c.unit = 2;
    c.slot = 0;
    c.order = tl_order(6);
    c.order.move = 1;
    play(g, r, &c);
    for (int i = 0; i < steps && answer(g, r); i++)
        ;
    *rec = r;
    return g;
}

static void assert_records_equal(const jsd_record *a, const jsd_record *b)
{
    assert_string_equal(a->kind, b->kind);
    assert_string_equal(a->scenario_id, b->scenario_id);
    assert_true(a->scenario_hash == b->scenario_hash);
    assert_int_equal(a->dice_kind, b->dice_kind);
    assert_true(a->seed == b->seed);
    assert_int_equal(a->nscript, b->nscript);
    if (a->nscript)
        assert_memory_equal(a->script, b->script, (size_t)a->nscript);
    assert_string_equal(a->players[0], b->players[0]);
    assert_string_equal(a->players[1], b->players[1]);
    for (int s = 0; s < JS_SIDES; s++) {
        assert_string_equal(a->computer[s], b->computer[s]);
        assert_true(a->computer_seed[s] == b->computer_seed[s]);
    }
    assert_int_equal(a->ncmds, b->ncmds);
    for (int i = 0; i < a->ncmds; i++) {
        char *x = jsd_cmd_to_json(&a->cmds[i]), *y = jsd_cmd_to_json(&b->cmds[i]);
        assert_string_equal(x, y);
        free(x);
        free(y);
        assert_true(a->hashes[i] == b->hashes[i]);
    }
}

/* Save, load, compare; start the loaded record and re-run it: every stored hash comes back. */
static void test_record_round_trip_and_replay(void **state)
{
    (void)state;
    jsd_record *r;
    js_game *g = make_game("scenarios/duel.json", 0xdeadbeefcafef00dull, &r, 40);
    assert_true(r->ncmds > 10);
    assert_true(tl_count_events(g, JS_EV_MISSILE_LAUNCH) >= 1); /* a real game, not only readies */
    assert_true(tl_count_events(g, JS_EV_MOVE) >= 2);
    char path[128];
    tl_tmp_path(path, sizeof path, "duel.record.json");
    jsd_error err = {{0}};
    assert_true(jsd_record_save(r, path, &err));
    jsd_record *back = jsd_record_load(path, &err);
    if (!back)
        print_error("%s\n", err.msg);
    assert_non_null(back);
    assert_records_equal(r, back);
    assert_true(back->seed == 0xdeadbeefcafef00dull); /* above 2^53: kept exact as a string */

    js_game *g2 = jsd_record_start(back, path, &err);
    if (!g2)
        print_error("%s\n", err.msg);
    assert_non_null(g2);
    for (int i = 0; i < back->ncmds; i++) {
        char reason[JS_REASON_LEN];
        assert_int_equal(js_submit(g2, &back->cmds[i], reason, sizeof reason), JS_OK);
        assert_true(js_game_hash(g2) == back->hashes[i]);
    }
    assert_true(js_game_hash(g2) == js_game_hash(g));
    js_game_destroy(g2);

    /* saving twice gives the same bytes; the saved file validates as a record */
    char path2[128];
    tl_tmp_path(path2, sizeof path2, "duel.record2.json");
    assert_true(jsd_record_save(back, path2, &err));
    char *t1 = tl_slurp(path, NULL), *t2 = tl_slurp(path2, NULL);
    assert_string_equal(t1, t2);
    free(t1);
    free(t2);
    char kind[16];
    assert_true(jsd_validate_file(path, kind, sizeof kind, &err));
    assert_string_equal(kind, "record");
    jsd_record_free(back);
    jsd_record_free(r);
    js_game_destroy(g);
}

/* J, H, S: a jump-point game through setup (purchases, jump points, Vanguard) and a card play
 * with deployments is recorded, saved, loaded and replayed to every stored hash. */
static void test_jump_record_replay(void **state)
{
    (void)state;
    const char *scn = "scenarios/jump_raid.json";
    jsd_error err = {{0}};
    js_scenario *s = jsd_scenario_load(scn, &err);
    assert_non_null(s);
    uint64_t h;
    assert_true(jsd_file_hash(scn, &h, &err));
    js_dice_cfg dice = {JS_DICE_SEEDED, 4242, NULL, 0};
    js_game *g = js_game_create(s, &dice, NULL, 0);
    assert_non_null(g);
    jsd_record *r = jsd_record_new(scn, s, h, &dice);
    free(s);
    js_cmd c = tl_cmd(JS_CMD_BUY, JS_SIDE_A);
    c.ncargo = 1;
    c.cargo[0] = 2; /* the lancer */
    play(g, r, &c);
    c = tl_cmd(JS_CMD_BUY, JS_SIDE_B);
    c.ncargo = 2;
    c.cargo[0] = 4; /* jackal and hornet */
    c.cargo[1] = 5;
    play(g, r, &c);
    while (js_wait_get(g).kind == JS_WAIT_SETUP_BUY)
        assert_true(answer(g, r));
    static const int JP[2][3][2] = {{{2, 12}, {9, 12}, {16, 12}}, {{16, 1}, {9, 1}, {2, 1}}};
    for (int side = 0; side < 2; side++)
        for (int sec = 0; sec < 3; sec++) {
            c = tl_cmd(JS_CMD_PLACE_JP, side);
            c.slot = (int8_t)sec;
            c.nplace = 1;
            c.place[0].hex = tl_hex(JP[side][sec][0], JP[side][sec][1]);
            play(g, r, &c);
        }
    while (js_wait_get(g).kind == JS_WAIT_SETUP_JP)
        assert_true(answer(g, r));
    for (int side = 0; side < 2; side++) {
        c = tl_cmd(JS_CMD_VANGUARD, side);
        c.ncargo = 2;
        c.cargo[0] = 11; /* Attack Centre, twice over */
        c.cargo[1] = 12;
        play(g, r, &c);
    }
    while (js_wait_get(g).kind == JS_WAIT_VANGUARD)
        assert_true(answer(g, r));
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_COMMAND);
    /* J-4: Attack Centre brings the bastion and a wasp squadron through the centre jump point */
    c = tl_cmd(JS_CMD_PLAY_CARD, JS_SIDE_A);
    c.unit = 11;
    c.dir = JS_SECTION_ANY;
    c.target = -1;
    c.ncargo = c.nplace = 2;
    c.cargo[0] = 2;
    c.place[0].facing = 1;
    c.place[0].phase = 4;
    c.cargo[1] = 3;
    c.place[1].facing = 2;
    play(g, r, &c);
    for (int i = 0; i < 200 && answer(g, r); i++)
        ;
    assert_true(tl_count_events(g, JS_EV_JUMP) >= 1);
    char path[128];
    tl_tmp_path(path, sizeof path, "jump.record.json");
    assert_true(jsd_record_save(r, path, &err));
    jsd_record *back = jsd_record_load(path, &err);
    if (!back)
        print_error("%s\n", err.msg);
    assert_non_null(back);
    assert_records_equal(r, back);
    char *text = tl_slurp(path, NULL);
    assert_non_null(strstr(text, "{\"type\":\"play_card\",\"side\":\"A\",\"card\":11,\"deploy\":"
                                 "[{\"unit\":2,\"facing\":1,\"phase\":4},{\"unit\":3,\"facing\":2,"
                                 "\"phase\":0}],\"hash\":"));
    assert_non_null(strstr(text, "{\"type\":\"place_jump_point\",\"side\":\"B\",\"section\":"
                                 "\"left\",\"hex\":[16,1],\"hash\":"));
    free(text);
    js_game *g2 = jsd_record_start(back, path, &err);
    assert_non_null(g2);
    for (int i = 0; i < back->ncmds; i++) {
        char reason[JS_REASON_LEN] = "";
        js_status st = js_submit(g2, &back->cmds[i], reason, sizeof reason);
        if (st != JS_OK)
            print_error("command %d refused: %s\n", i, reason);
        assert_int_equal(st, JS_OK);
        assert_true(js_game_hash(g2) == back->hashes[i]);
    }
    assert_true(js_game_hash(g2) == js_game_hash(g));
    js_game_destroy(g2);
    jsd_record_free(back);
    jsd_record_free(r);
    js_game_destroy(g);
}

/* A save carries players' names; scripted dice keep their script. */
static void test_save_with_players_and_script(void **state)
{
    (void)state;
    js_scenario *s = jsd_scenario_load("scenarios/duel.json", NULL);
    assert_non_null(s);
    int8_t script[] = {3, 10, 1, 7};
    js_dice_cfg dice = {JS_DICE_SCRIPTED, 99, script, 4};
    jsd_record *r = jsd_record_new("scenarios/duel.json", s, 0x0123456789abcdefull, &dice);
    snprintf(r->kind, sizeof r->kind, "save");
    snprintf(r->players[0], JS_NAME_LEN, "Ann");
    snprintf(r->players[1], JS_NAME_LEN, "Bo \"the\" Admiral");
    js_cmd c = tl_cmd(JS_CMD_READY, JS_SIDE_B);
    assert_true(jsd_record_append(r, &c, 0xffffffffffffffffull));
    char path[128];
    tl_tmp_path(path, sizeof path, "game.save.json");
    jsd_error err;
    assert_true(jsd_record_save(r, path, &err));
    jsd_record *back = jsd_record_load(path, &err);
    assert_non_null(back);
    assert_records_equal(r, back);
    assert_string_equal(back->kind, "save");
    assert_int_equal(back->dice_kind, JS_DICE_SCRIPTED);
    /* the file spells hashes as 16 lowercase hex digits */
    char *text = tl_slurp(path, NULL);
    assert_non_null(strstr(text, "\"hash\":\"0123456789abcdef\""));
    assert_non_null(strstr(text, "{\"type\":\"ready\",\"side\":\"B\",\"hash\":\"ffffffffffffffff\"}"));
    free(text);
    jsd_record_free(back);
    jsd_record_free(r);
    free(s);
}

/* text with the first `from` replaced by `to` (malloc'd), written to path. */
static void write_replaced(const char *path, const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t n = strlen(text) + strlen(to) + 1;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    jsd_error err;
    assert_true(jsd_write_atomic(path, out, strlen(out), &err));
    free(out);
}

/* A player's name with a terminal escape code, bytes that are not UTF-8 or a NUL (\u0000, which
 * cut the name short in silence) is refused, naming the field; an integer seed above 2^53 - 1
 * (which "validated ok", then read as another number: the replay diverged at command 0) is
 * refused; the same seed as a decimal string loads exactly. */
static void test_record_refuses_bad_names_and_inexact_seeds(void **state)
{
    (void)state;
    js_scenario *s = jsd_scenario_load("scenarios/duel.json", NULL);
    assert_non_null(s);
    js_dice_cfg dice = {JS_DICE_SEEDED, 9007199254740993ull, NULL, 0};
    char path[128];
    tl_tmp_path(path, sizeof path, "names.json");
    jsd_error err;
    const char *bad[] = {"Bo\x1b]0;owned\x07", "Bo\x1b[2J", "Bo\xff", "Bo\xc3", "Bo\xc0\xaf", "Bo\xc2\x9b"};
    const char *why[] = {"U+001B", "U+001B", "not valid UTF-8", "not valid UTF-8", "not valid UTF-8", "U+009B"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        jsd_record *r = jsd_record_new("scenarios/duel.json", s, 0x0123456789abcdefull, &dice);
        snprintf(r->players[1], JS_NAME_LEN, "%s", bad[i]);
        assert_true(jsd_record_save(r, path, &err));
        jsd_record_free(r);
        assert_null(jsd_record_load(path, &err));
        if (!strstr(err.msg, "players") || !strstr(err.msg, why[i]) || strchr(err.msg, 0x1b))
            fail_msg("name %zu: %s", i, err.msg);
    }
    jsd_record *r = jsd_record_new("scenarios/duel.json", s, 0x0123456789abcdefull, &dice);
    snprintf(r->players[0], JS_NAME_LEN, "Ann@NUL@e");
    assert_true(jsd_record_save(r, path, &err));
    jsd_record_free(r);
    char *text = tl_slurp(path, NULL);
    write_replaced(path, text, "@NUL@", "\\u0000");
    free(text);
    assert_null(jsd_record_load(path, &err));
    if (!strstr(err.msg, "players") || !strstr(err.msg, "NUL"))
        fail_msg("%s", err.msg);

    r = jsd_record_new("scenarios/duel.json", s, 0x0123456789abcdefull, &dice);
    assert_true(jsd_record_save(r, path, &err));
    jsd_record_free(r);
    jsd_record *back = jsd_record_load(path, &err); /* as a string: exact */
    assert_non_null(back);
    assert_true(back->seed == 9007199254740993ull);
    jsd_record_free(back);
    text = tl_slurp(path, NULL);
    write_replaced(path, text, "\"9007199254740993\"", "9007199254740993");
    assert_null(jsd_record_load(path, &err));
    if (!strstr(err.msg, "seed") || !strstr(err.msg, "2^53"))
        fail_msg("%s", err.msg);
    write_replaced(path, text, "\"9007199254740993\"", "9007199254740991"); /* the largest exact one */
    back = jsd_record_load(path, &err);
    assert_non_null(back);
    assert_true(back->seed == 9007199254740991ull);
    jsd_record_free(back);
    free(text);
    free(s);
}

/* The scenario path is written relative to the record's folder, and found from there. */
static void test_scenario_path_relative(void **state)
{
    (void)state;
    char scn_dir[128], rec_dir[128], scn[160], cat[160], rec[160];
    tl_tmp_path(scn_dir, sizeof scn_dir, "scn");
    tl_tmp_path(rec_dir, sizeof rec_dir, "records");
    assert_int_equal(mkdir(scn_dir, 0755), 0);
    assert_int_equal(mkdir(rec_dir, 0755), 0);
    snprintf(scn, sizeof scn, "%s/duel.json", scn_dir);
    snprintf(cat, sizeof cat, "%s/catalogue.json", scn_dir);
    snprintf(rec, sizeof rec, "%s/game.json", rec_dir);
    copy_file("scenarios/duel.json", scn);
    copy_file("scenarios/catalogue.json", cat);

    jsd_record *r;
    js_game *g = make_game(scn, 5, &r, 10);
    jsd_error err;
    assert_true(jsd_record_save(r, rec, &err));
    char *text = tl_slurp(rec, NULL);
    assert_non_null(strstr(text, "\"path\":\"../scn/duel.json\""));
    free(text);

    /* load from another working directory: the record still finds its scenario */
    char cwd[1024];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(rec_dir), 0);
    jsd_record *back = jsd_record_load("game.json", &err);
    assert_non_null(back);
    assert_string_equal(back->scenario_path, "../scn/duel.json");
    js_game *g2 = jsd_record_start(back, "game.json", &err);
    if (!g2)
        print_error("%s\n", err.msg);
    assert_non_null(g2);
    js_game_destroy(g2);
    jsd_record_free(back);
    assert_int_equal(chdir(cwd), 0);

    /* change the scenario by one byte: the record refuses to start, naming both hashes */
    FILE *f = fopen(scn, "a");
    assert_non_null(f);
    fputc(' ', f);
    fclose(f);
    back = jsd_record_load(rec, &err);
    assert_non_null(back);
    assert_null(jsd_record_start(back, rec, &err));
    char want[400];
    char hr[17];
    snprintf(hr, sizeof hr, "%016llx", (unsigned long long)back->scenario_hash);
    snprintf(want, sizeof want, "%s: scenario.hash: the scenario file %s/records/../scn/duel.json "
             "has changed since the record was made", rec, tl_tmp);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_non_null(strstr(err.msg, hr));
    jsd_record_free(back);
    jsd_record_free(r);
    js_game_destroy(g);
}

/* A record whose scenario is missing, or has another id, is refused with a message. */
static void test_record_scenario_problems(void **state)
{
    (void)state;
    char rec[128];
    tl_tmp_path(rec, sizeof rec, "lost.json");
    const char *text = "{\"format\":\"jumpstrike-record\",\"version\":1,\"kind\":\"record\","
                       "\"scenario\":{\"path\":\"nowhere/duel.json\",\"id\":\"duel\",\"hash\":"
                       "\"0000000000000000\"},\"dice\":{\"kind\":\"seeded\",\"seed\":\"1\"},"
                       "\"commands\":[]}";
    jsd_error err;
    assert_true(jsd_write_atomic(rec, text, strlen(text), &err));
    jsd_record *r = jsd_record_load(rec, &err);
    assert_non_null(r);
    assert_null(jsd_record_start(r, rec, &err));
    char want[600];
    snprintf(want, sizeof want, "%s: scenario.path: cannot read the scenario (%s/nowhere/duel.json: "
             "cannot open: No such file or directory)", rec, tl_tmp);
    assert_string_equal(err.msg, want);
    jsd_record_free(r);

    /* right file, wrong id */
    char scn[128], cat[128];
    tl_tmp_path(scn, sizeof scn, "duel.json");
    tl_tmp_path(cat, sizeof cat, "catalogue.json");
    copy_file("scenarios/duel.json", scn);
    copy_file("scenarios/catalogue.json", cat);
    uint64_t h;
    assert_true(jsd_file_hash(scn, &h, &err));
    js_scenario s;
    js_scenario_defaults(&s);
    snprintf(s.id, sizeof s.id, "not-duel");
    r = jsd_record_new(scn, &s, h, NULL);
    assert_null(jsd_record_start(r, rec, &err));
    snprintf(want, sizeof want, "%s: scenario.id: the record is for scenario \"not-duel\" but %s "
             "has id \"duel\"", rec, scn);
    assert_string_equal(err.msg, want);
    jsd_record_free(r);
}

/* A stored command with an unknown member, or a missing hash, names its index. */
static void test_record_bad_commands(void **state)
{
    (void)state;
    char rec[128];
    tl_tmp_path(rec, sizeof rec, "bad.json");
    const char *text = "{\"format\":\"jumpstrike-record\",\"version\":1,\"kind\":\"record\","
                       "\"scenario\":{\"path\":\"x.json\",\"id\":\"duel\",\"hash\":"
                       "\"0000000000000000\"},\"dice\":{\"kind\":\"seeded\",\"seed\":\"1\"},"
                       "\"commands\":[{\"type\":\"ready\",\"side\":\"A\",\"hash\":"
                       "\"0000000000000001\"},{\"type\":\"ready\",\"side\":\"B\"}]}";
    char want[300];
    snprintf(want, sizeof want, "%s: commands[1]: missing required field \"hash\"", rec);
    assert_string_equal(refused(rec, text, "commands[1]: "), want);
}

/* A game against the computer: the save says which side it plays, at which level and from
 * which seed (so Continue carries on against the same opponent); a save without the member
 * (every save before it existed) is a game of two humans; a bad level is named with its field. */
static void test_save_with_computer(void **state)
{
    (void)state;
    js_scenario *s = jsd_scenario_load("scenarios/duel.json", NULL);
    assert_non_null(s);
    js_dice_cfg dice = {JS_DICE_SEEDED, 12345678901234567890ull, NULL, 0};
    jsd_record *r = jsd_record_new("scenarios/duel.json", s, 1, &dice);
    snprintf(r->kind, sizeof r->kind, "save");
    snprintf(r->players[0], JS_NAME_LEN, "Ann");
    snprintf(r->players[1], JS_NAME_LEN, "Computer (captain)");
    snprintf(r->computer[1], JSD_LEVEL_LEN, "captain");
    r->computer_seed[1] = 12345678901234567890ull;
    char path[128];
    tl_tmp_path(path, sizeof path, "vs.save.json");
    jsd_error err;
    assert_true(jsd_record_save(r, path, &err));
    char *text = tl_slurp(path, NULL);
    assert_non_null(strstr(text, "\"computer\":{\"B\":{\"level\":\"captain\""));
    assert_null(strstr(text, "\"A\":{")); /* the human's side is not listed */
    free(text);
    jsd_record *back = jsd_record_load(path, &err);
    assert_non_null(back);
    assert_records_equal(r, back);
    assert_string_equal(back->computer[0], "");
    jsd_record_free(back);

    /* without the member: both sides human */
    jsd_record *plain = jsd_record_new("scenarios/duel.json", s, 1, &dice);
    assert_true(jsd_record_save(plain, path, &err));
    back = jsd_record_load(path, &err);
    assert_non_null(back);
    assert_string_equal(back->computer[0], "");
    assert_string_equal(back->computer[1], "");
    jsd_record_free(back);
    jsd_record_free(plain);

    static const char *const bad[][2] = {
        {"\"computer\":{\"B\":{\"level\":\"Captain\",\"seed\":\"1\"}},", "computer.B.level: expected a level's name"},
        {"\"computer\":{\"B\":{\"level\":\"captain\"}},", "computer.B: missing required field \"seed\""},
        {"\"computer\":{\"C\":{\"level\":\"captain\",\"seed\":\"1\"}},", "computer: unknown field \"C\""},
        {"\"computer\":{\"A\":{\"level\":\"cadet\",\"seed\":\"x\"}},", "computer.A.seed: expected a seed"},
    };
    refused_each(path, DOC_HEAD(1, "save"), "\"commands\":[]}", bad, sizeof bad / sizeof bad[0]);
    jsd_record_free(r);
    free(s);
}

/* A side that lost by forfeit (a bot in the arena): the record keeps who, why and where; it
 * reads back, the replayed game stands where it says, and a record that does not is caught. A
 * bot's own bytes quoted in the reason are written as '?', so the line reads back. */
static void test_record_forfeit(void **state)
{
    (void)state;
    jsd_record *r;
    js_game *g = make_game("scenarios/duel.json", 77, &r, 12);
    jsd_record_forfeit(r, g, JS_SIDE_B, "exec:bot.py", "it answered \"\x01\xc3\xa9\n\"");
    char path[128];
    tl_tmp_path(path, sizeof path, "forfeit.record.json");
    jsd_error err;
    assert_true(jsd_record_save(r, path, &err));
    char *text = tl_slurp(path, NULL);
    assert_non_null(strstr(text, "\"forfeit\":{\"side\":\"B\",\"player\":\"exec:bot.py\","
                                 "\"reason\":\"it answered \\\"????\\\"\",\"commands\":"));
    assert_true(strchr(text, '\n') < strstr(text, "\"type\"")); /* in the header line */
    free(text);
    jsd_record *back = jsd_record_load(path, &err);
    if (!back)
        print_error("%s\n", err.msg);
    assert_non_null(back);
    assert_records_equal(r, back);
    assert_true(back->forfeit.set);
    assert_int_equal(back->forfeit.side, JS_SIDE_B);
    assert_int_equal(back->forfeit.commands, r->ncmds);
    assert_int_equal(back->forfeit.decision, js_wait_get(g).kind);
    assert_int_equal(back->forfeit.turn, js_game_state(g)->turn);
    assert_true(back->forfeit.hash == js_game_hash(g));
    assert_string_equal(back->forfeit.player, "exec:bot.py");
    assert_string_equal(back->forfeit.reason, r->forfeit.reason);

    char why[600];
    js_game *g2 = replayed(back, path, back->ncmds - 1);
    jsd_record_forfeit_check(back, g2, why, sizeof why); /* one command short */
    assert_non_null(strstr(why, "the game's hash at the forfeit is"));
    assert_int_equal(js_submit(g2, &back->cmds[back->ncmds - 1], NULL, 0), JS_OK);
    jsd_record_forfeit_check(back, g2, why, sizeof why);
    assert_string_equal(why, "");
    back->ncmds--; /* a record that lost its last command */
    jsd_record_forfeit_check(back, g2, why, sizeof why);
    assert_non_null(strstr(why, "the forfeit comes after"));
    js_game_destroy(g2);
    jsd_record_free(back);

    static const char *const bad[][2] = {
        {"\"forfeit\":{\"side\":\"C\",\"reason\":\"x\",\"commands\":0,\"turn\":1,\"decision\":\"plot\","
         "\"hash\":\"0000000000000000\"}", "forfeit.side: expected"},
        {"\"forfeit\":{\"side\":\"A\",\"reason\":\"x\",\"commands\":0,\"turn\":1,\"decision\":\"none\","
         "\"hash\":\"0000000000000000\"}", "forfeit.decision: expected one of"},
        {"\"forfeit\":{\"side\":\"A\",\"reason\":\"x\",\"commands\":0,\"turn\":1,\"decision\":\"plot\"}",
         "forfeit: missing required field \"hash\""},
        {"\"forfeit\":{\"side\":\"A\",\"reason\":\"x\",\"commands\":-1,\"turn\":1,\"decision\":\"plot\","
         "\"hash\":\"0000000000000000\"}", "forfeit.commands: expected an integer"},
    };
    refused_each(path, DOC_HEAD(2, "record"), "}\n", bad, sizeof bad / sizeof bad[0]);
    jsd_record_free(r);
    js_game_destroy(g);
}

/* A forfeit names a side the game was not waiting on (it had answered, or was not on turn):
 * only a side the game waits on can break the protocol, so a record forged that way is caught,
 * naming the field. The honest record, the same but for the side, checks clean. */
static void test_record_forfeit_by_a_side_not_waited_on(void **state)
{
    (void)state;
    jsd_record *r;
    js_game *g = make_game("scenarios/duel.json", 77, &r, 12);
    js_wait w = js_wait_get(g);
    for (int i = 0; i < 200 && w.kind != JS_WAIT_NONE && w.sides != JS_SIDE_MASK(JS_SIDE_A) &&
                    w.sides != JS_SIDE_MASK(JS_SIDE_B);
         i++, w = js_wait_get(g))
        assert_true(answer(g, r)); /* on to a decision one side still owes */
    assert_true(w.sides == JS_SIDE_MASK(JS_SIDE_A) || w.sides == JS_SIDE_MASK(JS_SIDE_B));
    int waited = w.sides == JS_SIDE_MASK(JS_SIDE_A) ? JS_SIDE_A : JS_SIDE_B;
    jsd_record_forfeit(r, g, waited, "exec:bot.py", "timed out");
    char path[128];
    tl_tmp_path(path, sizeof path, "forfeit-side.record.json");
    jsd_error err;
    assert_true(jsd_record_save(r, path, &err));
    char *text = tl_slurp(path, NULL), honest[32], forged[32];
    snprintf(honest, sizeof honest, "\"forfeit\":{\"side\":\"%c\"", 'A' + waited);
    snprintf(forged, sizeof forged, "\"forfeit\":{\"side\":\"%c\"", 'A' + (1 - waited));
    write_replaced(path, text, honest, forged); /* the forgery: the other side forfeits */
    free(text);

    jsd_record *back = jsd_record_load(path, &err);
    if (!back)
        print_error("%s\n", err.msg);
    assert_non_null(back); /* well-formed: only the replay shows it false */
    assert_int_equal(back->forfeit.side, 1 - waited);
    js_game *g2 = replayed(back, path, back->ncmds);
    char why[600], want[200];
    jsd_record_forfeit_check(back, g2, why, sizeof why);
    snprintf(want, sizeof want, "side: %c forfeits, but the game waits on side %c only (%s in turn %d), not on %c",
             'A' + (1 - waited), 'A' + waited, jsd_wait_name(w.kind), js_game_state(g)->turn, 'A' + (1 - waited));
    assert_string_equal(why, want);
    back->forfeit.side = (int8_t)waited; /* the honest record */
    jsd_record_forfeit_check(back, g2, why, sizeof why);
    assert_string_equal(why, "");
    js_game_destroy(g2);
    jsd_record_free(back);
    jsd_record_free(r);
    js_game_destroy(g);
}

static int count_files(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++; /* temporary files start with '.', so they count too */
    if (d)
        closedir(d);
    return n;
}

/* Atomic write: a write that fails part-way leaves the old file whole and no temporary file. */
static void test_atomic_write_failure_keeps_original(void **state)
{
    (void)state;
    char sub[128], path[160];
    tl_tmp_path(sub, sizeof sub, "atomic");
    assert_int_equal(mkdir(sub, 0755), 0);
    snprintf(path, sizeof path, "%s/save.json", sub);
    const char *original = "{\"the\": \"original\"}\n";
    jsd_error err;
    assert_true(jsd_write_atomic(path, original, strlen(original), &err));
    assert_int_equal(count_files(sub), 1);

    /* the file-size limit makes the write of a large text fail half-way */
    size_t big = 1 << 20;
    char *data = malloc(big);
    assert_non_null(data);
    memset(data, 'x', big);
    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = 4096;
    void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    bool ok = jsd_write_atomic(path, data, big, &err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, prev);
    free(data);
    assert_false(ok);
    char want[300];
    snprintf(want, sizeof want, "%s: write failed, the file is unchanged: ", path);
    assert_memory_equal(err.msg, want, strlen(want));
    char *now = tl_slurp(path, NULL);
    assert_string_equal(now, original);
    free(now);
    assert_int_equal(count_files(sub), 1); /* the temporary file is gone */

    /* a folder that does not exist: refused, with the reason */
    assert_false(jsd_write_atomic("/nonexistent-dir-jsd/x.json", "{}", 2, &err));
    assert_string_equal(err.msg, "/nonexistent-dir-jsd/x.json: cannot create a temporary file "
                                 "beside it: No such file or directory");

    /* a successful write replaces the content */
    assert_true(jsd_write_atomic(path, "[]", 2, &err));
    now = tl_slurp(path, NULL);
    assert_string_equal(now, "[]");
    free(now);
    assert_int_equal(count_files(sub), 1);
}

/* jsd_file_hash is FNV-1a 64 of the bytes (the known value for "a"). */
static void test_file_hash(void **state)
{
    (void)state;
    char path[128];
    tl_tmp_path(path, sizeof path, "a.txt");
    jsd_error err;
    assert_true(jsd_write_atomic(path, "a", 1, &err));
    uint64_t h;
    assert_true(jsd_file_hash(path, &h, &err));
    assert_true(h == 0xaf63dc4c8601ec8cull);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record_round_trip_and_replay),
        cmocka_unit_test(test_jump_record_replay),
        cmocka_unit_test(test_save_with_players_and_script),
        cmocka_unit_test(test_scenario_path_relative),
        cmocka_unit_test(test_record_scenario_problems),
        cmocka_unit_test(test_record_bad_commands),
        cmocka_unit_test(test_save_with_computer),
        cmocka_unit_test(test_record_forfeit),
        cmocka_unit_test(test_record_forfeit_by_a_side_not_waited_on),
        cmocka_unit_test(test_atomic_write_failure_keeps_original),
        cmocka_unit_test(test_file_hash),
        cmocka_unit_test(test_record_refuses_bad_names_and_inexact_seeds),
    };
    return cmocka_run_group_tests(tests, tl_setup_tmp, tl_teardown_tmp);
}
