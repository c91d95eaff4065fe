/* Reading files safely (jsd.h "files", docs/formats.md "Limits"): a FIFO, a folder or a device
 * in place of any file is refused at once with a message that says what it is (it used to block
 * the game for ever); a file over its kind's size limit is refused by its size before it is read
 * (a 62 MB file used to cost 2.5 GB and 20 s and, under a memory limit, came out as a JSON
 * syntax error); the settings file is read by the data layer, and "volume": 1e300 is refused
 * without a float-to-int cast. Every test arms an alarm: a loader that blocks fails the test. */
#define _XOPEN_SOURCE 700
#include "testlib.h"
#include "jsd.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char tmpdir[64];

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
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/jsd_filesXXXXXX");
    if (!mkdtemp(tmpdir))
        return -1;
    signal(SIGALRM, on_alarm);
    return chdir(JS_SOURCE_DIR);
}

static void rm_rf(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char p[JSD_PATH_MAX + 300];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
            rm_rf(p);
        else
            unlink(p);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

static int teardown(void **state)
{
    (void)state;
    rm_rf(tmpdir);
    return 0;
}

static void tmp_path(char *out, size_t cap, const char *name)
{
    snprintf(out, cap, "%s/%s", tmpdir, name);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

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
    tmp_path(p, sizeof p, "pipe.json");
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
    assert_null(jsd_read_file(tmpdir, NULL, &e));
    assert_non_null(strstr(e.msg, "is a folder, not a file"));
    /* a character device: it never ends, so reading it would never stop */
    assert_null(jsd_read_file("/dev/zero", NULL, &e));
    assert_non_null(strstr(e.msg, "/dev/zero: is a device, not a regular file"));
    assert_false(jsd_is_file("/dev/zero"));
    assert_false(jsd_is_file(tmpdir));
    alarm(0);
}

/* A regular file reached through a symbolic link is read like any other. */
static void link_to_a_regular_file_reads(void **state)
{
    (void)state;
    char p[128], l[128];
    tmp_path(p, sizeof p, "real.txt");
    tmp_path(l, sizeof l, "link.txt");
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
    tmp_path(p, sizeof p, "hundred.txt");
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
    tmp_path(p, sizeof p, "huge.json");
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
    tmp_path(p, sizeof p, "big_scenario.json");
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
    tmp_path(p, sizeof p, "settings.json");
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
    tmp_path(p, sizeof p, "settings_big.json");
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
    snprintf(deep, sizeof deep, "%s", tmpdir);
    for (int i = 0; i < 7; i++) { /* 7 folders of 200 letters: a path of some 1,450 bytes */
        size_t n = strlen(deep);
        deep[n] = '/';
        memset(deep + n + 1, 'a' + i, 200);
        deep[n + 201] = '\0';
        assert_int_equal(mkdir(deep, 0700), 0);
    }
    snprintf(cmd, sizeof cmd, "cp scenarios/duel.json scenarios/catalogue.json '%s/'", deep);
    assert_int_equal(system(cmd), 0);
    char scn_path[JSD_PATH_MAX], rec_path[128];
    snprintf(scn_path, sizeof scn_path, "%s/duel.json", deep);
    tmp_path(rec_path, sizeof rec_path, "deep.json");
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
    tmp_path(rec_path, sizeof rec_path, "toolong.json");
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
        cmocka_unit_test(settings_large_file_refused),
        cmocka_unit_test(long_scenario_path_round_trip),
        cmocka_unit_test(too_long_scenario_path_refused_by_writer_and_reader),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
