/* Records that grow by appending (docs/formats.md "Records and saves", version 2): a record kept
 * command by command (jsd_record_sync) loads after every command and is the same file a whole
 * write makes; a last command cut short at any byte is left out and named, the commands before it
 * kept; a corrupt command anywhere else is refused with its line and field; a failed append keeps
 * the commands before it; version 1 records (every file made before) still load and replay to the
 * same hashes. The commands come from a golden record (tests/golden), so every hash is real. */
#define _XOPEN_SOURCE 700
#include "testlib.h"
#include "jsd.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define GOLDEN "tests/golden/duel-21.json"

static jsd_record *load_ok(const char *path)
{
    jsd_error err = {{0}};
    jsd_record *r = jsd_record_load(path, &err);
    if (!r)
        print_error("%s\n", err.msg);
    assert_non_null(r);
    return r;
}

/* The golden record's header with its first n commands. */
static jsd_record *prefix(const jsd_record *g, int n)
{
    jsd_record *r = calloc(1, sizeof *r);
    assert_non_null(r);
    *r = *g;
    r->script = NULL;
    r->nscript = 0;
    r->cmds = NULL;
    r->hashes = NULL;
    r->ncmds = r->cmd_cap = 0;
    for (int i = 0; i < n; i++)
        assert_true(jsd_record_append(r, &g->cmds[i], g->hashes[i]));
    return r;
}

static void assert_same_commands(const jsd_record *a, const jsd_record *b, int n)
{
    assert_true(a->ncmds >= n && b->ncmds >= n);
    for (int i = 0; i < n; i++) {
        assert_memory_equal(&a->cmds[i], &b->cmds[i], sizeof a->cmds[i]);
        assert_true(a->hashes[i] == b->hashes[i]);
    }
}

/* Start r's game and replay every command: each hash is the stored one. Returns the last. */
static uint64_t replay(const jsd_record *r, const char *path)
{
    jsd_error err = {{0}};
    js_game *g = jsd_record_start(r, path, &err);
    if (!g)
        print_error("%s\n", err.msg);
    assert_non_null(g);
    for (int i = 0; i < r->ncmds; i++) {
        char reason[JS_REASON_LEN] = "";
        js_status st = js_submit(g, &r->cmds[i], reason, sizeof reason);
        assert_true(st == JS_OK || st == JS_ERR_NEED_DIE);
        assert_true(js_game_hash(g) == r->hashes[i]);
    }
    uint64_t h = js_game_hash(g);
    js_game_destroy(g);
    return h;
}

/* Saved command by command: after each one the file loads with every command so far, it only
 * grew (the bytes before are untouched, the inode the same: nothing was rewritten), and at the
 * end it is byte for byte what a whole write makes. */
static void test_append_loads_after_every_command(void **state)
{
    (void)state;
    jsd_record *gold = load_ok(GOLDEN);
    assert_true(gold->ncmds >= 60);
    char path[128], whole[128];
    tl_tmp_path(path, sizeof path, "grow.json");
    tl_tmp_path(whole, sizeof whole, "whole.json");
    jsd_record *r = prefix(gold, 0);
    jsd_record_file f = {0};
    jsd_error err = {{0}};
    struct stat first;
    char *before = NULL;
    size_t before_len = 0;
    for (int i = 0; i < 60; i++) {
        assert_true(jsd_record_append(r, &gold->cmds[i], gold->hashes[i]));
        assert_true(jsd_record_sync(r, path, &f, &err));
        jsd_record *back = load_ok(path);
        assert_int_equal(back->ncmds, i + 1);
        assert_int_equal(back->torn_line, 0);
        assert_same_commands(back, r, i + 1);
        jsd_record_free(back);
        struct stat st;
        assert_int_equal(stat(path, &st), 0);
        size_t len;
        char *now = tl_slurp(path, &len);
        if (i == 0)
            first = st;
        else {
            assert_true(st.st_ino == first.st_ino);
            assert_true(len > before_len);
            assert_memory_equal(now, before, before_len);
            assert_non_null(memchr(now + before_len, '\n', len - before_len));
            assert_true(now[len - 1] == '\n');
            assert_null(memchr(now + before_len, '\n', len - before_len - 1)); /* one line */
        }
        free(before);
        before = now;
        before_len = len;
    }
    assert_true(jsd_record_save(r, whole, &err));
    size_t wlen;
    char *w = tl_slurp(whole, &wlen);
    assert_int_equal(wlen, before_len);
    assert_memory_equal(w, before, wlen);
    free(w);
    free(before);
    /* the same commands again: nothing to write */
    assert_true(jsd_record_sync(r, path, &f, &err));
    /* a header that changed (the players' names, set after the first command) rewrites it whole */
    snprintf(r->players[0], JS_NAME_LEN, "Ann");
    assert_true(jsd_record_sync(r, path, &f, &err));
    jsd_record *back = load_ok(path);
    assert_string_equal(back->players[0], "Ann");
    assert_int_equal(back->ncmds, 60);
    jsd_record_free(back);
    jsd_record_free(r);
    jsd_record_free(gold);
}

/* The file was replaced behind the writer's back (another program, a restore): the next command
 * writes it whole instead of appending to a stranger's file. */
static void test_append_to_a_replaced_file_rewrites(void **state)
{
    (void)state;
    jsd_record *gold = load_ok(GOLDEN);
    char path[128];
    tl_tmp_path(path, sizeof path, "replaced.json");
    jsd_record *r = prefix(gold, 20);
    jsd_record_file f = {0};
    jsd_error err = {{0}};
    assert_true(jsd_record_sync(r, path, &f, &err));
    jsd_record *shorter = prefix(gold, 5);
    assert_true(jsd_record_save(shorter, path, &err));
    assert_true(jsd_record_append(r, &gold->cmds[20], gold->hashes[20]));
    assert_true(jsd_record_sync(r, path, &f, &err));
    jsd_record *back = load_ok(path);
    assert_int_equal(back->ncmds, 21);
    assert_same_commands(back, gold, 21);
    jsd_record_free(back);
    jsd_record_free(shorter);
    jsd_record_free(r);
    jsd_record_free(gold);
}

/* Cut short at every byte of its last command (a kill while it was appended): the file loads with
 * every earlier command, says that line was torn and left out, and its game replays to the hash
 * after the command before it. The next save makes the file whole again. */
static void test_torn_last_entry_at_every_byte(void **state)
{
    (void)state;
    jsd_record *gold = load_ok(GOLDEN);
    enum { N = 30 };
    jsd_record *r = prefix(gold, N);
    char path[128], cut[128];
    tl_tmp_path(path, sizeof path, "full.json");
    tl_tmp_path(cut, sizeof cut, "torn.json");
    jsd_error err = {{0}};
    assert_true(jsd_record_save(r, path, &err));
    size_t len;
    char *text = tl_slurp(path, &len);
    size_t last = len - 1;
    while (last > 0 && text[last - 1] != '\n')
        last--; /* where the last command's line starts */
    int tested = 0;
    for (size_t n = last + 1; n < len; n++) {
        tl_spit(cut, text, n);
        jsd_record *back = load_ok(cut);
        assert_int_equal(back->ncmds, N - 1);
        assert_int_equal(back->torn_line, N + 1); /* the header is line 1 */
        assert_same_commands(back, r, N - 1);
        char note[400], want[300];
        jsd_record_torn_msg(back, cut, note, sizeof note);
        snprintf(want, sizeof want, "%s: line %d: the last command was cut short", cut, N + 1);
        assert_memory_equal(note, want, strlen(want));
        assert_non_null(strstr(note, "the 29 commands before it are kept"));
        if (n == last + 1)
            assert_true(replay(back, cut) == gold->hashes[N - 2]);
        jsd_record_free(back);
        tested++;
    }
    assert_true(tested > 20);
    /* cut right after a newline: a whole, shorter record, nothing torn */
    tl_spit(cut, text, last);
    jsd_record *back = load_ok(cut);
    assert_int_equal(back->ncmds, N - 1);
    assert_int_equal(back->torn_line, 0);
    char note[400];
    jsd_record_torn_msg(back, cut, note, sizeof note);
    assert_string_equal(note, "");
    jsd_record_free(back);
    /* a torn file continued: the writer knows nothing of it, so it is written whole */
    tl_spit(cut, text, last + 7);
    back = load_ok(cut);
    assert_true(jsd_record_append(back, &gold->cmds[N - 1], gold->hashes[N - 1]));
    jsd_record_file f = {0};
    assert_true(jsd_record_sync(back, cut, &f, &err));
    jsd_record_free(back);
    back = load_ok(cut);
    assert_int_equal(back->ncmds, N);
    assert_int_equal(back->torn_line, 0);
    jsd_record_free(back);
    free(text);
    jsd_record_free(r);
    jsd_record_free(gold);
}

/* Damage anywhere but the end is no crash's doing: refused, naming the line, the command and the
 * field. A last command that is whole (it has its newline) but wrong is refused too. */
static void test_corrupt_entry_refused(void **state)
{
    (void)state;
    jsd_record *gold = load_ok(GOLDEN);
    jsd_record *r = prefix(gold, 12);
    char path[128], bad[128];
    tl_tmp_path(path, sizeof path, "good.json");
    tl_tmp_path(bad, sizeof bad, "bad.json");
    jsd_error err = {{0}};
    assert_true(jsd_record_save(r, path, &err));
    size_t len;
    char *text = tl_slurp(path, &len);
    /* line 7 holds commands[5] */
    char *line = text;
    for (int i = 1; i < 7; i++)
        line = strchr(line, '\n') + 1;
    size_t at = (size_t)(line - text), llen = (size_t)(strchr(line, '\n') - line);
    const struct {
        const char *line; /* what line 7 becomes */
        const char *want; /* the message after "FILE: line 7: " */
    } cases[] = {
        {"{\"type\":\"ready\",\"side\":\"C\",\"hash\":\"0000000000000001\"}", "commands[5].side: expected"},
        {"{\"type\":\"ready\",\"side\":\"A\"}", "commands[5]: missing required field \"hash\""},
        {"{\"type\":\"ready\",\"side\":\"A\",\"hash\":\"00000000000", "commands[5]: not a command: JSON syntax error at column"},
        {"", "commands[5]: an empty line"},
        {"garbage", "commands[5]: not a command: JSON syntax error at column 1"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *doc = malloc(len + 200);
        assert_non_null(doc);
        memcpy(doc, text, at);
        size_t n = at;
        memcpy(doc + n, cases[k].line, strlen(cases[k].line));
        n += strlen(cases[k].line);
        memcpy(doc + n, line + llen, len - at - llen);
        n += len - at - llen;
        tl_spit(bad, doc, n);
        free(doc);
        assert_null(jsd_record_load(bad, &err));
        char want[300];
        snprintf(want, sizeof want, "%s: line 7: %s", bad, cases[k].want);
        if (strncmp(err.msg, want, strlen(want)) != 0)
            print_error("got:  %s\nwant: %s\n", err.msg, want);
        assert_memory_equal(err.msg, want, strlen(want));
    }
    /* the last line whole, with its newline, but not a command */
    size_t last = len - 1;
    while (text[last - 1] != '\n')
        last--;
    char *doc = malloc(len + 20);
    memcpy(doc, text, last);
    memcpy(doc + last, "{\"type\":1}\n", 11);
    tl_spit(bad, doc, last + 11);
    free(doc);
    assert_null(jsd_record_load(bad, &err));
    char want[300];
    snprintf(want, sizeof want, "%s: line 13: commands[11].type:", bad);
    assert_memory_equal(err.msg, want, strlen(want));
    /* a damaged header */
    const char *head = "{\"format\":\"jumpstrike-record\",\"version\":2,\"kind\":\"sav\"}\n";
    tl_spit(bad, head, strlen(head));
    assert_null(jsd_record_load(bad, &err));
    snprintf(want, sizeof want, "%s: line 1: kind: expected one of", bad);
    assert_memory_equal(err.msg, want, strlen(want));
    free(text);
    jsd_record_free(r);
    jsd_record_free(gold);
}

/* A disk that fills up in the middle of an append (here: the file-size limit): the save fails
 * with the command named, the half-written line is cut back off, and the file loads with the
 * commands before it. The next save, with room again, writes it whole. */
static void test_failed_append_keeps_earlier_commands(void **state)
{
    (void)state;
    jsd_record *gold = load_ok(GOLDEN);
    jsd_record *r = prefix(gold, 10);
    char path[128];
    tl_tmp_path(path, sizeof path, "full-disk.json");
    jsd_record_file f = {0};
    jsd_error err = {{0}};
    assert_true(jsd_record_sync(r, path, &f, &err));
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(jsd_record_append(r, &gold->cmds[10], gold->hashes[10]));
    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = (rlim_t)st.st_size + 10;
    void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    bool ok = jsd_record_sync(r, path, &f, &err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, prev);
    assert_false(ok);
    char want[300];
    snprintf(want, sizeof want, "%s: cannot write commands[10]: ", path);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_non_null(strstr(err.msg, "the file keeps the commands before it"));
    jsd_record *back = load_ok(path);
    assert_int_equal(back->ncmds, 10);
    assert_int_equal(back->torn_line, 0);
    jsd_record_free(back);
    assert_true(jsd_record_sync(r, path, &f, &err));
    back = load_ok(path);
    assert_int_equal(back->ncmds, 11);
    jsd_record_free(back);
    jsd_record_free(r);
    jsd_record_free(gold);
}

/* Version 1 (one JSON document: every record and save made before) still loads and replays to
 * its hashes; written again it is version 2 and replays to the same final hash; and the one-line
 * form of version 1 is still a document, not a header. */
static void test_version_1_still_loads(void **state)
{
    (void)state;
    jsd_record *old = load_ok(GOLDEN);
    size_t len;
    char *text = tl_slurp(GOLDEN, &len);
    assert_non_null(strstr(text, "\"version\":\t1"));
    free(text);
    uint64_t h = replay(old, GOLDEN);
    assert_true(h == old->hashes[old->ncmds - 1]);
    char path[128];
    tl_tmp_path(path, sizeof path, "v2.json"); /* the scenario path is written relative to it */
    jsd_error err = {{0}};
    assert_true(jsd_record_save(old, path, &err));
    text = tl_slurp(path, &len);
    assert_memory_equal(text, "{\"format\":\"jumpstrike-record\",\"version\":2,", 42);
    free(text);
    jsd_record *now = load_ok(path);
    assert_int_equal(now->ncmds, old->ncmds);
    assert_same_commands(now, old, old->ncmds);
    assert_true(replay(now, path) == h);
    char kind[16];
    assert_true(jsd_validate_file(path, kind, sizeof kind, &err));
    assert_string_equal(kind, "record");
    jsd_record_free(now);
    jsd_record_free(old);

    char one[128];
    tl_tmp_path(one, sizeof one, "one-line.json");
    const char *doc = "{\"format\":\"jumpstrike-record\",\"version\":1,\"kind\":\"record\",\"scenario\":{\"path\":"
                      "\"x.json\",\"id\":\"duel\",\"hash\":\"0000000000000000\"},\"dice\":{\"kind\":\"seeded\","
                      "\"seed\":\"1\"},\"commands\":[{\"type\":\"ready\",\"side\":\"A\",\"hash\":\"0000000000000001\"}]}";
    tl_spit(one, doc, strlen(doc));
    jsd_record *r = load_ok(one);
    assert_int_equal(r->ncmds, 1);
    jsd_record_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_append_loads_after_every_command),
        cmocka_unit_test(test_append_to_a_replaced_file_rewrites),
        cmocka_unit_test(test_torn_last_entry_at_every_byte),
        cmocka_unit_test(test_corrupt_entry_refused),
        cmocka_unit_test(test_failed_append_keeps_earlier_commands),
        cmocka_unit_test(test_version_1_still_loads),
    };
    return cmocka_run_group_tests(tests, tl_setup_tmp, tl_teardown_tmp);
}
