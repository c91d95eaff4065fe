/* Sealed records (docs/formats.md "Sealed records", issue 29): the file of a game with hotseat
 * passwords holds none of either side's secrets in a form anyone can read (every command, the
 * plots, cargo, purchases, hands and Vanguards among them, and the dice seed); any byte changed,
 * any line removed, moved or cut is refused; a wrong password is refused after Argon2id's time;
 * a save of the earlier unsalted digest opens once with its passwords and is sealed after. The
 * games are random games of scenarios with jump points, hands, cargo and support purchases. */
#define _XOPEN_SOURCE 700
#include "testlib.h"
#include "cli.h"
#include "jsd.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const PW[JS_SIDES] = {"alpha-7", "bravo-9Z"};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A random game of the scenario, n commands at most, as a record (its seed given). */
static jsd_record *random_game(const char *scenario, uint64_t seed, int n)
{
    jsd_error err;
    js_scenario *scn = jsd_scenario_load(scenario, &err);
    if (!scn)
        fail_msg("%s", err.msg);
    uint64_t h;
    assert_true(jsd_file_hash(scenario, &h, &err));
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = seed * 0x9E3779B97F4A7C15ull}; /* 19 digits */
    js_game *g = js_game_create(scn, &dice, NULL, 0);
    assert_non_null(g);
    jsd_record *r = jsd_record_new(scenario, scn, h, &dice);
    assert_non_null(r);
    snprintf(r->kind, sizeof r->kind, "save");
    snprintf(r->players[0], JS_NAME_LEN, "Ann");
    snprintf(r->players[1], JS_NAME_LEN, "Bo");
    cli_rng rng = {seed * 31 + 7};
    js_cmd c;
    for (int i = 0; i < n && cli_random_command(g, &rng, &c); i++) {
        if (js_submit(g, &c, NULL, 0) != JS_OK)
            continue;
        assert_true(jsd_record_append(r, &c, js_game_hash(g)));
    }
    js_game_destroy(g);
    free(scn);
    return r;
}

/* Cheap keys for the tests that open many files (the game's own limits are timed below). */
static jsd_seal *cheap_seal(void)
{
    jsd_error err;
    jsd_seal *s = jsd_seal_new(PW, 1, 8 * 1024, &err);
    if (!s)
        fail_msg("%s", err.msg);
    return s;
}

/* Every secret the record holds, as the plain format writes it: each command's line (a plot with
 * its orders, a launch with its cargo, a purchase, a card played, a Vanguard, ...) and the dice
 * seed (it is every future roll). */
static int secrets_found(const jsd_record *r, const char *text, int *kinds)
{
    char *plain = jsd_record_to_json(&(jsd_record){.version = r->version, .ncmds = r->ncmds, .cmds = r->cmds,
                                                   .hashes = r->hashes, .seed = r->seed,
                                                   .scenario_hash = r->scenario_hash},
                                     NULL);
    assert_non_null(plain);
    int found = 0;
    bool seen[JS_CMD_COUNT] = {false};
    const char *line = strchr(plain, '\n') + 1; /* the command lines */
    while (*line) {
        const char *nl = strchr(line, '\n');
        /* the command without its hash: ...,"hash":"..."} */
        const char *hm = strstr(line, ",\"hash\":");
        assert_non_null(hm);
        char one[2048];
        snprintf(one, sizeof one, "%.*s", (int)(hm - line), line);
        found += strstr(text, one) != NULL;
        line = nl + 1;
    }
    for (int i = 0; i < r->ncmds; i++)
        seen[r->cmds[i].type] = true;
    *kinds = 0;
    for (int t = 0; t < JS_CMD_COUNT; t++)
        *kinds += seen[t];
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    found += strstr(text, seed) != NULL;
    found += strstr(text, "\"type\":") != NULL;
    free(plain);
    return found;
}

/* The autosave of a protected game, kept command by command, holds no secret of either side:
 * without the seal the same file holds them all. */
static void test_sealed_autosave_holds_no_secret(void **state)
{
    (void)state;
    static const char *const SCN[] = {"scenarios/competition.json", "scenarios/jump_and_launch.json"};
    bool types[JS_CMD_COUNT] = {false};
    for (int k = 0; k < 2; k++) {
        jsd_record *r = random_game(SCN[k], 4242 + (uint64_t)k, 400);
        for (int i = 0; i < r->ncmds; i++)
            types[r->cmds[i].type] = true;
        char plain_path[256], sealed_path[256];
        tl_tmp_path(plain_path, sizeof plain_path, "plain.json");
        tl_tmp_path(sealed_path, sizeof sealed_path, "autosave.json");
        jsd_error err;
        assert_true(jsd_record_save(r, plain_path, &err));
        r->seal = cheap_seal();
        /* grown as the game does: a command at a time, the turn changing on the way */
        jsd_record_file f = {0};
        int32_t all = r->ncmds;
        for (int32_t n = 1; n <= all; n += n < all - 2 ? 3 : 1) {
            r->ncmds = n;
            r->turn = 1 + n / 60;
            if (!jsd_record_sync(r, sealed_path, &f, &err))
                fail_msg("%s", err.msg);
        }
        size_t len, plen;
        char *text = tl_slurp(sealed_path, &len), *ptext = tl_slurp(plain_path, &plen);
        int kinds;
        int in_plain = secrets_found(r, ptext, &kinds);
        assert_true(in_plain >= r->ncmds / 2); /* the probe finds them where they are */
        assert_true(kinds >= 6);
        assert_int_equal(secrets_found(r, text, &kinds), 0);
        /* what the clear header shows: scenario, names, turn; no seed, no dice */
        assert_non_null(strstr(text, "\"players\":{\"A\":\"Ann\",\"B\":\"Bo\"}"));
        assert_null(strstr(text, "\"dice\""));
        /* and with both passwords it is the same game */
        jsd_record *back = jsd_record_load_pw(sealed_path, PW, &err);
        if (!back)
            fail_msg("%s", err.msg);
        assert_int_equal(back->ncmds, all);
        assert_memory_equal(back->hashes, r->hashes, (size_t)all * sizeof *r->hashes);
        assert_true(back->seed == r->seed);
        assert_int_equal(back->turn, r->turn);
        assert_true(jsd_seal_side(back->seal, 0) && jsd_seal_side(back->seal, 1));
        jsd_record_free(back);
        free(text);
        free(ptext);
        jsd_record_free(r);
    }
    /* the games reached every kind of secret decision */
    assert_true(types[JS_CMD_PLOT] && types[JS_CMD_LAUNCH] && types[JS_CMD_BUY] && types[JS_CMD_VANGUARD] &&
                types[JS_CMD_PLAY_CARD] && types[JS_CMD_PLACE_JP]);
}

static void expect_refused(const char *path, const char *what, const char *why)
{
    jsd_error err;
    jsd_record *r = jsd_record_load_pw(path, PW, &err);
    if (r)
        fail_msg("%s: loaded (%d commands, torn line %d)", what, (int)r->ncmds, (int)r->torn_line);
    if (why && !strstr(err.msg, why))
        fail_msg("%s: \"%s\" does not say \"%s\"", what, err.msg, why);
}

/* Any byte flipped, any line removed, moved or doubled, the file cut at a line, a line replaced
 * by a plain one: refused with a message. A last line cut short is the program stopped while
 * appending it: left out and named, as in a plain file. */
static void test_sealed_file_refuses_every_change(void **state)
{
    (void)state;
    jsd_record *r = random_game("scenarios/duel.json", 77, 40);
    r->seal = cheap_seal();
    char path[256], bad[256];
    tl_tmp_path(path, sizeof path, "save.json");
    tl_tmp_path(bad, sizeof bad, "bad.json");
    jsd_error err;
    r->turn = 2;
    jsd_record_file f = {0};
    int32_t all = r->ncmds;
    r->ncmds = all - 10;
    assert_true(jsd_record_sync(r, path, &f, &err));
    r->ncmds = all; /* ten appended entries after the whole write */
    assert_true(jsd_record_sync(r, path, &f, &err));
    size_t len;
    char *text = tl_slurp(path, &len);
    /* every byte, flipped (a step so the test stays fast, every byte of the header included) */
    const char *body = strchr(text, '\n') + 1;
    size_t head_len = (size_t)(body - text);
    for (size_t i = 0; i < len; i += i < head_len ? 1 : 7) {
        if (text[i] == '\n')
            continue;
        char *t = malloc(len);
        memcpy(t, text, len);
        t[i] = (char)(t[i] ^ 0x04);
        tl_spit(bad, t, len);
        free(t);
        char what[64];
        snprintf(what, sizeof what, "byte %zu flipped", i);
        expect_refused(bad, what, NULL);
    }
    /* lines: removed, swapped, doubled, cut off at the end, replaced by a plain command */
    const char *lines[200];
    int nl = 0;
    for (const char *p = text; p < text + len; p = strchr(p, '\n') + 1)
        lines[nl++] = p;
    assert_int_equal(nl, all + 2);
#define LINE_LEN(k) ((size_t)(strchr(lines[k], '\n') + 1 - lines[k]))
    for (int k = 1; k < nl; k++) {
        char *t = malloc(len * 2 + 100);
        size_t n = 0;
        for (int j = 0; j < nl; j++)
            if (j != k) {
                memcpy(t + n, lines[j], LINE_LEN(j));
                n += LINE_LEN(j);
            }
        tl_spit(bad, t, n);
        char what[64];
        snprintf(what, sizeof what, "line %d removed", k + 1);
        if (k < nl - 10) /* entries appended since the last whole write can only be undone as a whole tail */
            expect_refused(bad, what, NULL);
        n = 0;
        for (int j = 0; j < nl; j++) {
            int from = j == k ? (k + 1 < nl ? k + 1 : k) : j == k + 1 ? k : j;
            memcpy(t + n, lines[from], LINE_LEN(from));
            n += LINE_LEN(from);
        }
        if (k + 1 < nl) {
            tl_spit(bad, t, n);
            snprintf(what, sizeof what, "lines %d and %d swapped", k + 1, k + 2);
            expect_refused(bad, what, "does not open");
        }
        memcpy(t, text, len);
        memcpy(t + len, lines[k], LINE_LEN(k));
        tl_spit(bad, t, len + LINE_LEN(k));
        snprintf(what, sizeof what, "line %d doubled at the end", k + 1);
        expect_refused(bad, what, "does not open");
        free(t);
    }
    /* cut at the start of the appended entries' ... the first whole write's count is checked */
    tl_spit(bad, text, (size_t)(lines[nl - 12] - text));
    expect_refused(bad, "cut before the count its header names", "cut short");
    tl_spit(bad, text, head_len);
    expect_refused(bad, "only the header", "header");
    /* a plain command line in place of a sealed one */
    {
        char *t = malloc(len + 300);
        size_t n = (size_t)(lines[nl - 1] - text);
        memcpy(t, text, n);
        n += (size_t)snprintf(t + n, 300, "{\"type\":\"ready\",\"side\":\"A\",\"hash\":\"0000000000000001\"}\n");
        tl_spit(bad, t, n);
        free(t);
        expect_refused(bad, "a plain line in a sealed file", "does not open");
    }
    /* the header's sealed member removed: the lines are not plain commands */
    {
        jsd_record *plain = jsd_record_load(path, &err);
        assert_null(plain);
        assert_non_null(strstr(err.msg, "sealed"));
    }
    /* a last line cut short: left out and named, the commands before it kept */
    tl_spit(bad, text, len - 5);
    jsd_record *torn = jsd_record_load_pw(bad, PW, &err);
    if (!torn)
        fail_msg("%s", err.msg);
    assert_int_equal(torn->ncmds, all - 1);
    assert_int_equal(torn->torn_line, nl);
    jsd_record_free(torn);
    free(text);
    jsd_record_free(r);
}

/* One side's password alone opens nothing; a wrong one is refused, and only after the time
 * Argon2id takes with the game's own limits (no fast way to try passwords). */
static void test_wrong_password_is_refused_at_argon2_cost(void **state)
{
    (void)state;
    jsd_record *r = random_game("scenarios/duel.json", 5, 12);
    jsd_error err;
    double t0 = now();
    r->seal = jsd_seal_new(PW, JSD_SEAL_OPS, JSD_SEAL_MEM, &err);
    double made = now() - t0;
    if (!r->seal)
        fail_msg("%s", err.msg);
    char path[256];
    tl_tmp_path(path, sizeof path, "pw.json");
    assert_true(jsd_record_save(r, path, &err));
    /* the handover check */
    t0 = now();
    assert_false(jsd_seal_check(r->seal, 0, "alpha-8"));
    double check = now() - t0;
    assert_true(jsd_seal_check(r->seal, 0, PW[0]));
    assert_true(jsd_seal_check(r->seal, 1, PW[1]));
    assert_false(jsd_seal_check(r->seal, 1, PW[0]));
    /* the file */
    const char *wrong[JS_SIDES] = {PW[0], "bravo-9z"};
    t0 = now();
    assert_null(jsd_record_load_pw(path, wrong, &err));
    double load = now() - t0;
    assert_non_null(strstr(err.msg, "side B's password is wrong"));
    const char *none[JS_SIDES] = {PW[0], NULL};
    assert_null(jsd_record_load_pw(path, none, &err));
    assert_null(jsd_record_load(path, &err));
    assert_non_null(strstr(err.msg, "sealed"));
    print_message("Argon2id (ops %d, %zu MiB): new keys %.3f s, a handover check %.3f s, a load refused %.3f s\n",
                  JSD_SEAL_OPS, (size_t)JSD_SEAL_MEM >> 20, made, check, load);
    /* 64 MiB of Argon2id cannot be done in under 20 ms, on any machine this runs on */
    assert_true(check > 0.02);
    assert_true(load > 0.04);
    jsd_record *ok = jsd_record_load_pw(path, PW, &err);
    if (!ok)
        fail_msg("%s", err.msg);
    assert_int_equal(ok->ncmds, r->ncmds);
    jsd_record_free(ok);
    jsd_record_free(r);
}

/* A save of the earlier version (the passwords' unsalted FNV digests in its header, commands in
 * the clear) opens once with its passwords, and saved again it is sealed. */
static void test_old_digest_save_opens_once_then_sealed(void **state)
{
    (void)state;
    jsd_record *r = random_game("scenarios/duel.json", 9, 30);
    for (int s = 0; s < JS_SIDES; s++)
        r->passwords[s] = jsd_legacy_pw_digest(PW[s]);
    char path[256];
    tl_tmp_path(path, sizeof path, "old.json");
    jsd_error err;
    assert_true(jsd_record_save(r, path, &err));
    jsd_record *old = jsd_record_load(path, &err);
    assert_non_null(old);
    assert_null(old->seal);
    for (int s = 0; s < JS_SIDES; s++)
        assert_true(old->passwords[s] == jsd_legacy_pw_digest(PW[s]));
    /* the game seals it with the passwords typed */
    old->seal = jsd_seal_new(PW, 1, 8 * 1024, &err);
    assert_non_null(old->seal);
    memset(old->passwords, 0, sizeof old->passwords);
    jsd_record_file f = {0};
    assert_true(jsd_record_sync(old, path, &f, &err));
    assert_null(jsd_record_load(path, &err));
    assert_non_null(strstr(err.msg, "sealed"));
    size_t len;
    char *text = tl_slurp(path, &len);
    int kinds;
    assert_int_equal(secrets_found(r, text, &kinds), 0);
    free(text);
    jsd_record *back = jsd_record_load_pw(path, PW, &err);
    if (!back)
        fail_msg("%s", err.msg);
    assert_int_equal(back->ncmds, r->ncmds);
    assert_int_equal(back->passwords[0], 0);
    jsd_record_free(back);
    jsd_record_free(old);
    jsd_record_free(r);
}

/* What the Load list reads of a sealed file without the passwords: scenario, names, turn. */
static void test_sealed_info_for_the_load_list(void **state)
{
    (void)state;
    jsd_record *r = random_game("scenarios/duel.json", 3, 20);
    const char *one[JS_SIDES] = {NULL, "only-b"};
    jsd_error err;
    r->seal = jsd_seal_new(one, 1, 8 * 1024, &err);
    assert_non_null(r->seal);
    r->turn = 3;
    char path[256];
    tl_tmp_path(path, sizeof path, "info.json");
    assert_true(jsd_record_save(r, path, &err));
    jsd_sealed_info info;
    if (!jsd_record_sealed_info(path, &info, &err))
        fail_msg("%s", err.msg);
    assert_string_equal(info.scenario_id, "duel");
    assert_string_equal(info.players[1], "Bo");
    assert_int_equal(info.turn, 3);
    assert_false(info.has_pw[0]);
    assert_true(info.has_pw[1]);
    const char *pw[JS_SIDES] = {NULL, "only-b"};
    jsd_record *back = jsd_record_load_pw(path, pw, &err);
    if (!back)
        fail_msg("%s", err.msg);
    jsd_record_free(back);
    assert_false(jsd_record_sealed_info("tests/golden/duel-21.json", &info, &err));
    jsd_record_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sealed_autosave_holds_no_secret),
        cmocka_unit_test(test_sealed_file_refuses_every_change),
        cmocka_unit_test(test_wrong_password_is_refused_at_argon2_cost),
        cmocka_unit_test(test_old_digest_save_opens_once_then_sealed),
        cmocka_unit_test(test_sealed_info_for_the_load_list),
    };
    return cmocka_run_group_tests(tests, tl_setup_tmp, tl_teardown_tmp);
}
