/* Reading files safely (jsd.h "files", docs/formats.md "Limits"): a FIFO, a folder or a device
 * in place of any file is refused at once with a message that says what it is (it used to block
 * the game for ever); a file over its kind's size limit is refused by its size before it is read
 * (a 62 MB file used to cost 2.5 GB and 20 s and, under a memory limit, came out as a JSON
 * syntax error); the settings file is read by the data layer, and "volume": 1e300 is refused
 * without a float-to-int cast. Every test arms an alarm: a loader that blocks fails the test. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE /* flock */
#include "testlib.h"
#include "jsd.h"
/* internals: the no-allocation syntax check behind the "not enough memory" message */
#include "jsd_internal.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "a loader blocked: test_data_files timed out\n";
    if (write(2, msg, sizeof msg - 1) < 0)
        _exit(3);
    _exit(2);
}

static int setup(void **state)
{
    signal(SIGALRM, on_alarm);
    return tl_setup_tmp(state);
}

static void write_text(const char *path, const char *text) { tl_spit(path, text, strlen(text)); }

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ----------------------------------------------------------------- not a regular file */

static void fifo_is_refused_by_every_loader(void **state)
{
    (void)state;
    char p[128];
    tl_tmp_path(p, sizeof p, "pipe.json");
    assert_int_equal(mkfifo(p, 0600), 0);
    alarm(10); /* before the fix, the first open below never returned */
    jsd_error e;
    size_t len;
    assert_null(jsd_read_file(p, &len, &e));
    assert_non_null(strstr(e.msg, p));
    assert_non_null(strstr(e.msg, "named pipe (FIFO), not a regular file"));
    assert_null(jsd_record_load(p, &e));
    assert_non_null(strstr(e.msg, "FIFO"));
    assert_null(jsd_scenario_load(p, &e));
    assert_non_null(strstr(e.msg, "FIFO"));
    int n;
    assert_null(jsd_commands_load(p, &n, &e));
    assert_non_null(strstr(e.msg, "FIFO"));
    js_card_def defs[4];
    assert_int_equal(jsd_catalogue_load(p, defs, 4, &e), -1);
    assert_non_null(strstr(e.msg, "FIFO"));
    char kind[16];
    assert_false(jsd_validate_file(p, kind, sizeof kind, &e));
    assert_non_null(strstr(e.msg, "FIFO"));
    uint64_t h;
    assert_false(jsd_file_hash(p, &h, &e));
    jsd_settings s;
    jsd_settings_defaults(&s);
    assert_int_equal(jsd_settings_load(p, &s, &e), JSD_SETTINGS_BAD_FILE);
    assert_non_null(strstr(e.msg, "FIFO"));
    assert_false(jsd_is_file(p));
    alarm(0);
}

static void folder_and_device_are_refused(void **state)
{
    (void)state;
    alarm(10);
    jsd_error e;
    assert_null(jsd_read_file(tl_tmp, NULL, &e));
    assert_non_null(strstr(e.msg, "is a folder, not a file"));
    /* a character device: it never ends, so reading it would never stop */
    assert_null(jsd_read_file("/dev/zero", NULL, &e));
    assert_non_null(strstr(e.msg, "/dev/zero: is a device, not a regular file"));
    assert_false(jsd_is_file("/dev/zero"));
    assert_false(jsd_is_file(tl_tmp));
    alarm(0);
}

/* A regular file reached through a symbolic link is read like any other. */
static void link_to_a_regular_file_reads(void **state)
{
    (void)state;
    char p[128], l[128];
    tl_tmp_path(p, sizeof p, "real.txt");
    tl_tmp_path(l, sizeof l, "link.txt");
    write_text(p, "hello");
    assert_int_equal(symlink(p, l), 0);
    size_t len;
    char *t = jsd_read_file(l, &len, NULL);
    assert_non_null(t);
    assert_int_equal(len, 5);
    assert_string_equal(t, "hello");
    free(t);
    assert_true(jsd_is_file(l));
}

/* ----------------------------------------------------------------- size limits */

static void size_limit_boundary(void **state)
{
    (void)state;
    char p[128];
    tl_tmp_path(p, sizeof p, "hundred.txt");
    char text[101];
    memset(text, 'x', 100);
    text[100] = 0;
    write_text(p, text);
    size_t len;
    jsd_error e;
    char *t = jsd_read_file_max(p, 100, &len, &e); /* exactly at the limit: read */
    assert_non_null(t);
    assert_int_equal(len, 100);
    free(t);
    assert_null(jsd_read_file_max(p, 99, &len, &e)); /* one byte over: refused */
    assert_non_null(strstr(e.msg, "the file is too large (100 bytes; at most 99 bytes are read)"));
    /* an empty file is a file (the JSON layer says it is empty) */
    write_text(p, "");
    t = jsd_read_file_max(p, 99, &len, &e);
    assert_non_null(t);
    assert_int_equal(len, 0);
    free(t);
}

/* The 62 MB file of the report: a record whose commands array holds 31 million zeros. It is
 * refused by its size, at once and without reading it, with the size and the limit in words. */
static void huge_record_is_refused_by_size(void **state)
{
    (void)state;
    char p[128];
    tl_tmp_path(p, sizeof p, "huge.json");
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    const size_t target = 62u * 1024 * 1024;
    static char chunk[1 << 16];
    for (size_t i = 0; i < sizeof chunk; i += 2)
        memcpy(chunk + i, "0,", 2);
    fputs("{\"format\": \"jumpstrike-record\", \"version\": 1, \"commands\": [", f);
    for (size_t w = 0; w < target; w += sizeof chunk)
        assert_int_equal(fwrite(chunk, 1, sizeof chunk, f), sizeof chunk);
    fputs("0]}\n", f);
    fclose(f);
    alarm(20);
    double t0 = now_s();
    jsd_error e;
    assert_null(jsd_record_load(p, &e));
    char kind[16];
    jsd_error e2;
    assert_false(jsd_validate_file(p, kind, sizeof kind, &e2));
    double took = now_s() - t0;
    alarm(0);
    assert_non_null(strstr(e.msg, p));
    assert_non_null(strstr(e.msg, "the file is too large ("));
    assert_non_null(strstr(e.msg, "bytes; at most 8 MiB are read)"));
    assert_null(strstr(e.msg, "syntax")); /* never a JSON syntax error */
    assert_string_equal(e.msg, e2.msg);
    assert_true(took < 0.5); /* it took 20 s and 2.5 GB before */
    unlink(p);
}

/* A scenario or catalogue is small: over 1 MiB is refused, even though a record may be larger. */
static void scenario_limit_is_smaller(void **state)
{
    (void)state;
    char p[128];
    tl_tmp_path(p, sizeof p, "big_scenario.json");
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    fputs("{\"format\": \"jumpstrike-scenario\", \"version\": 1, \"description\": \"", f);
    for (int i = 0; i < JSD_MAX_SCENARIO / 8; i++)
        fputs("padding ", f);
    fputs("\"}\n", f);
    fclose(f);
    jsd_error e;
    assert_null(jsd_scenario_load(p, &e));
    assert_non_null(strstr(e.msg, "at most 1 MiB are read"));
    js_card_def defs[4];
    assert_int_equal(jsd_catalogue_load(p, defs, 4, &e), -1);
    assert_non_null(strstr(e.msg, "at most 1 MiB are read"));
    /* the same bytes are within a record's limit: read, then refused for what they say */
    size_t len;
    char *t = jsd_read_file(p, &len, &e);
    assert_non_null(t);
    free(t);
    unlink(p);
}

/* ----------------------------------------------------------------- settings */

static void settings_round_trip_and_defaults(void **state)
{
    (void)state;
    char p[128];
    tl_tmp_path(p, sizeof p, "settings.json");
    jsd_settings s, back, def;
    jsd_settings_defaults(&def);
    jsd_error e;
    back = def;
    assert_int_equal(jsd_settings_load(p, &back, &e), JSD_SETTINGS_MISSING);
    assert_memory_equal(&back, &def, sizeof def);
    s = def;
    s.volume = 35;
    s.mute = true;
    s.fullscreen = false;
    s.scale_pct = 175;
    s.anim_speed = 3;
    s.cb_palette = true;
    s.confirm_ready = true;
    assert_true(jsd_settings_save(&s, p, &e));
    jsd_settings_defaults(&back);
    assert_int_equal(jsd_settings_load(p, &back, &e), JSD_SETTINGS_OK);
    assert_memory_equal(&back, &s, sizeof s);
    char *text = jsd_read_file(p, NULL, NULL);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"format\":\t\"jumpstrike-settings\""));
    assert_non_null(strstr(text, "\"ui_scale\":\t175"));
    free(text);
}

/* The tutorial's progress is kept by lesson id; a lesson done stays done when skipped later; a
 * bad entry is told and passed over while the good ones are read. */
static void settings_lesson_progress(void **state)
{
    (void)state;
    jsd_settings s, back;
    jsd_settings_defaults(&s);
    assert_int_equal(jsd_settings_lesson(&s, "moving"), JSD_MARK_NONE);
    assert_true(jsd_settings_mark_lesson(&s, "moving", JSD_MARK_DONE));
    assert_true(jsd_settings_mark_lesson(&s, "pods", JSD_MARK_SKIPPED));
    assert_true(jsd_settings_mark_lesson(&s, "moving", JSD_MARK_SKIPPED));
    assert_false(jsd_settings_mark_lesson(&s, "Bad Id", JSD_MARK_DONE));
    assert_int_equal(jsd_settings_lesson(&s, "moving"), JSD_MARK_DONE);
    assert_int_equal(jsd_settings_lesson(&s, "pods"), JSD_MARK_SKIPPED);
    assert_true(jsd_settings_mark_lesson(&s, "pods", JSD_MARK_DONE));
    assert_int_equal(jsd_settings_lesson(&s, "pods"), JSD_MARK_DONE);
    char *text = jsd_settings_to_json(&s);
    assert_non_null(strstr(text, "\"lessons\":\t{\n\t\t\"moving\":\t\"done\","));
    jsd_settings_defaults(&back);
    assert_int_equal(jsd_settings_parse(text, strlen(text), "s", &back, NULL), JSD_SETTINGS_OK);
    free(text);
    assert_int_equal(back.nlessons, 2);
    assert_int_equal(jsd_settings_lesson(&back, "pods"), JSD_MARK_DONE);
    const char *bad = "{\"format\": \"jumpstrike-settings\", \"lessons\": {\"moving\": \"done\", "
                      "\"pods\": \"half\", \"missiles\": \"skipped\"}}";
    jsd_error e;
    jsd_settings_defaults(&back);
    assert_int_equal(jsd_settings_parse(bad, strlen(bad), "settings.json", &back, &e), JSD_SETTINGS_BAD_MEMBER);
    assert_string_equal(e.msg, "settings.json: lessons.pods: expected one of \"done\", \"skipped\", got \"half\" "
                               "(that setting keeps its default)");
    assert_int_equal(back.nlessons, 2);
    assert_int_equal(jsd_settings_lesson(&back, "missiles"), JSD_MARK_SKIPPED);
}

/* A member written twice ("volume": 20 ... "volume": 90) was read as the last one, silently,
 * where every other loader refuses the file: which one the player meant cannot be told, so the
 * setting keeps its default and the message names it; the other members are read. */
static void settings_member_twice_is_refused(void **state)
{
    (void)state;
    const char *text = "{\"format\": \"jumpstrike-settings\", \"volume\": 20, \"mute\": true, "
                       "\"volume\": 90, \"ui_scale\": 150, \"lessons\": {\"pods\": \"done\", "
                       "\"moving\": \"done\", \"pods\": \"skipped\"}}";
    jsd_settings s;
    jsd_settings_defaults(&s);
    jsd_error e;
    assert_int_equal(jsd_settings_parse(text, strlen(text), "settings.json", &s, &e), JSD_SETTINGS_BAD_MEMBER);
    assert_string_equal(e.msg, "settings.json: field \"volume\" appears twice (that setting keeps its default)");
    assert_int_equal(s.volume, 80);
    assert_true(s.mute);
    assert_int_equal(s.scale_pct, 150);
    assert_int_equal(jsd_settings_lesson(&s, "pods"), JSD_MARK_NONE); /* neither of the two */
    assert_int_equal(jsd_settings_lesson(&s, "moving"), JSD_MARK_DONE);
    const char *lessons = "{\"format\": \"jumpstrike-settings\", \"lessons\": {\"pods\": \"done\", "
                          "\"pods\": \"done\"}}";
    jsd_settings_defaults(&s);
    assert_int_equal(jsd_settings_parse(lessons, strlen(lessons), "settings.json", &s, &e), JSD_SETTINGS_BAD_MEMBER);
    assert_string_equal(e.msg, "settings.json: lessons: field \"pods\" appears twice (that setting keeps its default)");
    const char *twice = "{\"format\": \"jumpstrike-settings\", \"lessons\": {}, \"lessons\": {\"pods\": \"done\"}}";
    jsd_settings_defaults(&s);
    assert_int_equal(jsd_settings_parse(twice, strlen(twice), "settings.json", &s, &e), JSD_SETTINGS_BAD_MEMBER);
    assert_int_equal(s.nlessons, 0);
}

/* "volume": 1e300 was cast from double to int (undefined behaviour; UBSan's float-cast-overflow
 * stops the sanitized build on it). Now it is refused by value, and the default stays. */
static void settings_huge_number_is_refused_not_cast(void **state)
{
    (void)state;
    static const char *const bad[] = {"1e300", "-1e300", "1e19", "2147483648", "100.5", "101",
                                      "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        snprintf(text, sizeof text,
                 "{\"format\": \"jumpstrike-settings\", \"version\": 1, \"volume\": %s, "
                 "\"ui_scale\": 150}",
                 bad[i]);
        jsd_settings s;
        jsd_settings_defaults(&s);
        jsd_error e;
        assert_int_equal(jsd_settings_parse(text, strlen(text), "settings.json", &s, &e),
                         JSD_SETTINGS_BAD_MEMBER);
        assert_int_equal(s.volume, 80);     /* the default */
        assert_int_equal(s.scale_pct, 150); /* the good member is kept */
        assert_non_null(strstr(e.msg, "settings.json: volume: expected an integer 0..100"));
    }
    /* the edges of the range are read */
    const char *edge = "{\"format\": \"jumpstrike-settings\", \"volume\": 100, \"ui_scale\": 200}";
    jsd_settings s;
    jsd_settings_defaults(&s);
    assert_int_equal(jsd_settings_parse(edge, strlen(edge), "s", &s, NULL), JSD_SETTINGS_OK);
    assert_int_equal(s.volume, 100);
    assert_int_equal(s.scale_pct, 200);
}

static void settings_large_file_refused(void **state)
{
    (void)state;
    char p[128];
    tl_tmp_path(p, sizeof p, "settings_big.json");
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    fputs("{\"format\": \"jumpstrike-settings\", \"version\": 1, \"pad\": \"", f);
    for (int i = 0; i < JSD_MAX_SMALL; i++)
        fputc('x', f);
    fputs("\"}", f);
    fclose(f);
    jsd_settings s;
    jsd_settings_defaults(&s);
    jsd_error e;
    assert_int_equal(jsd_settings_load(p, &s, &e), JSD_SETTINGS_BAD_FILE);
    assert_non_null(strstr(e.msg, "at most 64 KiB are read"));
    unlink(p);
}

/* ----------------------------------------------------------------- long scenario paths */

/* The writer wrote a relative scenario path of up to 1023 bytes and the reader took at most
 * 500 (and jsd_record_new cut the path at 511): a record beside a deep scenario folder could be
 * written and not read back. Now both go to JSD_PATH_MAX - 1; past it the writer refuses. */
static void long_scenario_path_round_trip(void **state)
{
    (void)state;
    char deep[JSD_PATH_MAX], cmd[JSD_PATH_MAX + 400];
    snprintf(deep, sizeof deep, "%s", tl_tmp);
    for (int i = 0; i < 7; i++) { /* 7 folders of 200 letters: a path of some 1,450 bytes */
        size_t n = strlen(deep);
        deep[n] = '/';
        memset(deep + n + 1, 'a' + i, 200);
        deep[n + 201] = '\0';
        assert_int_equal(mkdir(deep, 0700), 0);
    }
    snprintf(cmd, sizeof cmd, "cp scenarios/duel.json scenarios/catalogue.json '%s/'", deep);
    assert_int_equal(system(cmd), 0);
    char scn_path[JSD_PATH_MAX + 16], rec_path[128];
    snprintf(scn_path, sizeof scn_path, "%s/duel.json", deep);
    tl_tmp_path(rec_path, sizeof rec_path, "deep.json");
    jsd_error e;
    js_scenario *scn = jsd_scenario_load(scn_path, &e);
    assert_non_null(scn);
    uint64_t h;
    assert_true(jsd_file_hash(scn_path, &h, &e));
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = 5};
    jsd_record *r = jsd_record_new(scn_path, scn, h, &dice);
    assert_non_null(r);
    assert_string_equal(r->scenario_path, scn_path);
    if (!jsd_record_save(r, rec_path, &e))
        fail_msg("%s", e.msg);
    jsd_record *back = jsd_record_load(rec_path, &e);
    if (!back)
        fail_msg("%s", e.msg);
    assert_string_equal(back->scenario_path, scn_path); /* relative in the file, whole again */
    js_game *g = jsd_record_start(back, rec_path, &e);
    assert_non_null(g);
    js_game_destroy(g);
    jsd_record_free(back);
    jsd_record_free(r);
    free(scn);
    unlink(rec_path);
}

static void too_long_scenario_path_refused_by_writer_and_reader(void **state)
{
    (void)state;
    /* a path that fits in memory but not once joined to the record's folder */
    char longp[JSD_PATH_MAX];
    memset(longp, 'p', JSD_PATH_MAX - 10);
    longp[JSD_PATH_MAX - 10] = '\0';
    jsd_record *r = jsd_record_new(longp, NULL, 0, NULL);
    assert_non_null(r);
    char rec_path[128];
    tl_tmp_path(rec_path, sizeof rec_path, "toolong.json");
    jsd_error e;
    assert_false(jsd_record_save(r, rec_path, &e));
    assert_non_null(strstr(e.msg, "is too long to be read back (at most 4095 bytes"));
    struct stat st;
    assert_int_not_equal(stat(rec_path, &st), 0); /* nothing written */
    jsd_record_free(r);
    /* a path that does not fit in memory at all */
    char huge[JSD_PATH_MAX + 10];
    memset(huge, 'q', sizeof huge - 1);
    huge[sizeof huge - 1] = '\0';
    assert_null(jsd_record_new(huge, NULL, 0, NULL));
    /* the reader refuses the same path written by hand, saying why */
    FILE *f = fopen(rec_path, "wb");
    assert_non_null(f);
    fprintf(f, "{\"format\": \"jumpstrike-record\", \"version\": 1, \"kind\": \"record\", \"scenario\": "
               "{\"path\": \"%s\", \"id\": \"duel\", \"hash\": \"0000000000000000\"}, \"dice\": "
               "{\"kind\": \"seeded\", \"seed\": \"1\"}, \"commands\": []}",
            longp);
    fclose(f);
    assert_null(jsd_record_load(rec_path, &e));
    assert_non_null(strstr(e.msg, "scenario.path: with the record's folder the path is longer than 4095 bytes"));
    unlink(rec_path);
}

/* ----------------------------------------------------------------- memory, not syntax */

/* cJSON says "no" alike for bad syntax and for memory running out. jsd_json_syntax_ok tells them
 * apart; it must never call good what cJSON refuses for its syntax, or a syntax error would be
 * reported as memory. Checked on every shipped file and on thousands of mutations of them. */
static bool cjson_reads(const char *text, size_t len)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
    if (!root)
        return false;
    cJSON_Delete(root);
    size_t pos = (size_t)(end - text);
    while (pos < len && strchr(" \t\r\n", text[pos]))
        pos++;
    return pos == len;
}

static void check_one(const char *text, size_t len, bool want_ok, const char *what)
{
    bool mine = jsd_json_syntax_ok(text, len);
    if (mine && !cjson_reads(text, len))
        fail_msg("%s: called good, but cJSON refuses it", what);
    if (want_ok && !mine)
        fail_msg("%s: good JSON called bad", what);
}

static void syntax_check_agrees_with_cjson(void **state)
{
    (void)state;
    static const char *const good[] = {
        "0", "-0", "1.5e+10", "[]", "{}", " [ 1 , {\"a\" : [true, false, null]} ] ", "\"\\u00e9\"",
        "\"\\ud83d\\ude80\"", "\"\\\\ \\/ \\b \\f \\n \\r \\t \\\"\"", "{\"\":\"\"}", "1e400",
        "123456789012345678901234567890123456789012345678901234567890123", /* 63 characters */
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        check_one(good[i], strlen(good[i]), true, good[i]);
    static const char *const bad[] = {
        "", "[", "]", "{\"a\"}", "{\"a\":}", "[1,]", "{,}", "01", "1.", ".5", "-", "+1", "1e", "tru",
        "nul", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"\\x\"", "\"abc", "\"a\tb\"",
        "[1 2]", "{\"a\":1,}", "[] []", "\"\\u12\"",
        "1234567890123456789012345678901234567890123456789012345678901234", /* 64 characters */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(jsd_json_syntax_ok(bad[i], strlen(bad[i])));
    /* nesting: cJSON's limit is 1,000 */
    static char deep[2 * 1001 + 1];
    for (int d = 999; d <= 1001; d++) {
        memset(deep, '[', (size_t)d);
        memset(deep + d, ']', (size_t)d);
        check_one(deep, 2 * (size_t)d, false, "deep nesting");
    }
    memset(deep, '[', 999);
    memset(deep + 999, ']', 999);
    assert_true(jsd_json_syntax_ok(deep, 2 * 999));

    /* every shipped file is good; mutations of them never fool the check */
    static const char *const files[] = {"scenarios/duel.json", "scenarios/catalogue.json",
                                        "scenarios/large_battle.json", "scenarios/demos/duel.json",
                                        "tests/golden/duel-21.json"};
    static const char pool[] = "{}[]\",:\\ 0-.eE+tfnu\t\x01\xc3";
    uint32_t rng = 12345;
    int mutants = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *text = jsd_read_file(files[f], &len, NULL);
        assert_non_null(text);
        check_one(text, len, true, files[f]);
        char *m = malloc(len + 2);
        assert_non_null(m);
        for (int k = 0; k < 600; k++) {
            memcpy(m, text, len + 1);
            size_t ml = len;
            for (int edits = 1 + k % 3; edits > 0; edits--) {
                rng = rng * 1664525u + 1013904223u;
                size_t at = (rng >> 8) % ml;
                char ch = pool[(rng >> 24) % (sizeof pool - 1)];
                switch (k % 3) {
                case 0: m[at] = ch; break;                                            /* replace */
                case 1: memmove(m + at, m + at + 1, ml - at); ml--; break;            /* delete */
                default: memmove(m + at + 1, m + at, ml - at + 1); m[at] = ch; ml++; /* insert */
                }
                if (ml < 2 || ml > len)
                    break;
            }
            check_one(m, ml, false, files[f]);
            mutants++;
        }
        free(m);
        free(text);
    }
    assert_int_equal(mutants, 3000);
}

/* Under a memory limit a good 4 MB file used to be "JSON syntax error at line 1, column N"; it
 * is now "not enough memory". Run in a child with an address-space limit (not under ASan, which
 * reserves terabytes of address space up front). */
static void out_of_memory_is_not_a_syntax_error(void **state)
{
    (void)state;
#if defined(__SANITIZE_ADDRESS__)
    skip();
#else
    char p[128];
    tl_tmp_path(p, sizeof p, "zeros.json");
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    fputc('[', f);
    for (int i = 0; i < 2 * 1024 * 1024 - 1; i++)
        fputs("0,", f);
    fputs("0]", f);
    fclose(f);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        long pages = 0;
        FILE *sm = fopen("/proc/self/statm", "r");
        if (!sm || fscanf(sm, "%ld", &pages) != 1)
            _exit(3);
        fclose(sm);
        /* room for the 4 MB text and its reading, not for 2 million cJSON nodes (128 MB) */
        struct rlimit lim = {(rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + 48u * 1024 * 1024, RLIM_INFINITY};
        lim.rlim_max = lim.rlim_cur;
        if (setrlimit(RLIMIT_AS, &lim) != 0)
            _exit(4);
        jsd_error e;
        int n;
        js_cmd *c = jsd_commands_load(p, &n, &e);
        if (c)
            _exit(5); /* the limit was not low enough to test anything */
        if (write(fds[1], e.msg, strlen(e.msg)) < 0)
            _exit(6);
        _exit(0);
    }
    close(fds[1]);
    char msg[600] = "";
    ssize_t got = read(fds[0], msg, sizeof msg - 1);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    unlink(p);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    assert_true(got > 0);
    msg[got] = '\0';
    if (!strstr(msg, "not enough memory to read the file (4194305 bytes of JSON)"))
        fail_msg("got: %s", msg);
    assert_null(strstr(msg, "syntax"));
#endif
}

static void touch(const char *dir, const char *name)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs("{\"format\": \"jumpstrike-record\"", f); /* a near-whole copy, as a kill leaves it */
    fclose(f);
}

static bool there(const char *dir, const char *name)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return access(p, F_OK) == 0;
}

/* Temporary files of atomic writes killed mid-way (".rec.json.tmpXXXXXX", each a near-whole
 * copy of the record, secrets and all) were never swept beside --record: 29 after 110 kills.
 * The sweep removes only those no live writer holds (a writer keeps its file locked until the
 * rename), only of the file's own name, and nothing else; a failed write sweeps too. */
static void temporaries_swept_but_nothing_else(void **state)
{
    (void)state;
    char dir[128], rec[200], p[512];
    snprintf(dir, sizeof dir, "%s/sweep", tl_tmp);
    assert_int_equal(mkdir(dir, 0777), 0);
    snprintf(rec, sizeof rec, "%s/rec.json", dir);
    const char *dead[] = {".rec.json.tmpAb3xYz", ".rec.json.tmp000000"};
    const char *others[] = {".other.json.tmpAb3xYz", "rec.json.tmpAb3xYz", ".rec.json.tmpAb3xY",
                            ".rec.json.tmpAb3x-z", ".rec.json.tmp", "rec.json", "notes.txt",
                            ".rec.json.tmpAb3xYz.keep"};
    for (size_t i = 0; i < 2; i++)
        touch(dir, dead[i]);
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        touch(dir, others[i]);
    touch(dir, ".rec.json.tmpLIVE01"); /* a write in progress: its writer holds the lock */
    snprintf(p, sizeof p, "%s/.rec.json.tmpLIVE01", dir);
    int live = open(p, O_RDONLY);
    assert_true(live >= 0);
    assert_int_equal(flock(live, LOCK_EX), 0);

    assert_int_equal(jsd_sweep_temporaries(rec), 2);
    for (size_t i = 0; i < 2; i++)
        assert_false(there(dir, dead[i]));
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        assert_true(there(dir, others[i]));
    assert_true(there(dir, ".rec.json.tmpLIVE01"));

    /* a failed write (the target is a folder: the rename fails) sweeps what dead writers left */
    char sub[300];
    snprintf(sub, sizeof sub, "%s/sub.json", dir);
    assert_int_equal(mkdir(sub, 0777), 0);
    touch(dir, ".sub.json.tmpQ1w2E3");
    jsd_error err;
    assert_false(jsd_write_atomic(sub, "{}", 2, &err));
    assert_false(there(dir, ".sub.json.tmpQ1w2E3"));
    assert_true(there(dir, ".rec.json.tmpLIVE01"));
    int left = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        left += strstr(e->d_name, ".sub.json.tmp") != NULL; /* nor its own */
    closedir(d);
    assert_int_equal(left, 0);

    /* the data folder's sweep: any ".NAME.json.tmpXXXXXX" nobody holds, nothing else */
    assert_int_equal(jsd_sweep_folder(dir), 1); /* .other.json.tmpAb3xYz */
    assert_false(there(dir, ".other.json.tmpAb3xYz"));
    assert_true(there(dir, ".rec.json.tmpLIVE01"));
    assert_true(there(dir, "notes.txt"));
    assert_true(there(dir, ".rec.json.tmpAb3xYz.keep"));
    close(live); /* the writer died: the next sweep takes its file */
    assert_int_equal(jsd_sweep_temporaries(rec), 1);
    assert_false(there(dir, ".rec.json.tmpLIVE01"));

    /* and a write leaves nothing behind */
    assert_true(jsd_write_atomic(rec, "{}\n", 3, &err));
    assert_int_equal(jsd_sweep_temporaries(rec), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fifo_is_refused_by_every_loader),
        cmocka_unit_test(folder_and_device_are_refused),
        cmocka_unit_test(link_to_a_regular_file_reads),
        cmocka_unit_test(size_limit_boundary),
        cmocka_unit_test(huge_record_is_refused_by_size),
        cmocka_unit_test(scenario_limit_is_smaller),
        cmocka_unit_test(settings_round_trip_and_defaults),
        cmocka_unit_test(settings_huge_number_is_refused_not_cast),
        cmocka_unit_test(settings_member_twice_is_refused),
        cmocka_unit_test(settings_lesson_progress),
        cmocka_unit_test(settings_large_file_refused),
        cmocka_unit_test(long_scenario_path_round_trip),
        cmocka_unit_test(too_long_scenario_path_refused_by_writer_and_reader),
        cmocka_unit_test(syntax_check_agrees_with_cjson),
        cmocka_unit_test(out_of_memory_is_not_a_syntax_error),
        cmocka_unit_test(temporaries_swept_but_nothing_else),
    };
    return cmocka_run_group_tests(tests, setup, tl_teardown_tmp);
}
