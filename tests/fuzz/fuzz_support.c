/* fuzz_support.c — the checks and scaffolding the fuzz targets share (see fuzz.h). */
#define _XOPEN_SOURCE 700
#include "fuzz.h"
#include "cli.h"

#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef JS_SOURCE_DIR
#define JS_SOURCE_DIR "."
#endif

void fz_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "\n==fuzz== %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fflush(stderr);
    abort();
}

const char *fz_source_dir(void)
{
    const char *e = getenv("JS_SOURCE_DIR");
    return e && *e ? e : JS_SOURCE_DIR;
}

void fz_source_path(const char *rel, char *out, size_t cap)
{
    snprintf(out, cap, "%s/%s", fz_source_dir(), rel);
}

static char tmp_root[512];

static int remove_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

static void remove_tmp(void)
{
    if (tmp_root[0])
        nftw(tmp_root, remove_one, 16, FTW_DEPTH | FTW_PHYS); /* PHYS: never into symlinks */
}

const char *fz_tmp_dir(void)
{
    if (tmp_root[0])
        return tmp_root;
    /* tmpfs when there is one: each input is written to a file and read back */
    struct stat st;
    const char *base = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) && access("/dev/shm", W_OK) == 0
                           ? "/dev/shm"
                           : getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(tmp_root, sizeof tmp_root, "%s/jsfuzz-XXXXXX", base);
    if (!mkdtemp(tmp_root))
        fz_fail(__FILE__, __LINE__, "cannot make a temporary folder %s: %s", tmp_root, strerror(errno));
    atexit(remove_tmp);
    return tmp_root;
}

const char *fz_write(const char *rel, const void *data, size_t size)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s", fz_tmp_dir(), rel);
    for (char *p = path + strlen(tmp_root) + 1; (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        if (mkdir(path, 0700) != 0 && errno != EEXIST)
            fz_fail(__FILE__, __LINE__, "mkdir %s: %s", path, strerror(errno));
        *p = '/';
    }
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
        fz_fail(__FILE__, __LINE__, "cannot write %s", path);
    return path;
}

char *fz_text(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    FZ_CHECK(t, "out of memory");
    if (size)
        memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

uint64_t fz_hash(const void *data, size_t size)
{
    const unsigned char *p = data;
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    return h;
}

void fz_check_error(const jsd_error *err, const char *name)
{
    size_t n = strlen(name);
    FZ_CHECK(strncmp(err->msg, name, n) == 0 && err->msg[n] == ':' && err->msg[n + 1] == ' ' &&
                 err->msg[n + 2] != '\0',
             "a refusal that does not name %s: \"%s\"", name, err->msg);
}

/* The game before a command, to compare after js_check and after a refusal: the whole state
 * (static: it is 70 kB), the log's length, what the game waits for (a parked command and the
 * die it needs show there) and the scripted dice left. js_game_hash would say the same but
 * costs more than the rest of a command; record replays still check it. */
static js_state before;
static js_wait wait_before;
static int nlog_before, dice_before;

static void remember(const js_game *g)
{
    memcpy(&before, js_game_state(g), sizeof before);
    wait_before = js_wait_get(g);
    nlog_before = js_log_count(g);
    dice_before = js_dice_left(g);
}

static bool unchanged(const js_game *g)
{
    js_wait w = js_wait_get(g);
    return js_log_count(g) == nlog_before && js_dice_left(g) == dice_before &&
           memcmp(&w, &wait_before, sizeof w) == 0 && memcmp(&before, js_game_state(g), sizeof before) == 0;
}

js_status fz_submit(js_game *g, const js_cmd *c)
{
    char why_check[JS_REASON_LEN], why_submit[JS_REASON_LEN];
    remember(g);
    const char *type = js_cmd_type_name(c->type);
    why_check[0] = why_submit[0] = '\0';
    js_status sc = js_check(g, c, why_check, sizeof why_check);
    FZ_CHECK(unchanged(g), "js_check changed the game (%s command)", type);
    js_status ss = js_submit(g, c, why_submit, sizeof why_submit);
    if (sc != JS_OK) {
        FZ_CHECK(why_check[0], "js_check refused a %s command (status %d) without a reason", type, sc);
        FZ_CHECK(ss == sc && strcmp(why_check, why_submit) == 0,
                 "js_check and js_submit disagree on a %s command: check %d \"%s\", submit %d \"%s\"",
                 type, sc, why_check, ss, why_submit);
        FZ_CHECK(unchanged(g), "a refused %s command changed the game", type);
        return ss;
    }
    const char *stopped = js_game_error(g);
    FZ_CHECK(ss == JS_OK || ss == JS_ERR_NEED_DIE || (ss == JS_ERR_LIMIT && stopped && stopped[0]),
             "js_check accepted a %s command that js_submit refused (status %d: %s)", type, ss, why_submit);
    if (stopped) {
        static bool told;
        if (!told) /* loud, as the engine promises; worth a look when random play gets there */
            fprintf(stderr, "==fuzz== note: the game stopped at an engine limit: %s\n", stopped);
        told = true;
    }
    const js_state *st = js_game_state(g);
    js_wait w = js_wait_get(g);
    FZ_CHECK(st->phase == JS_PHASE_OVER || stopped ? w.kind == JS_WAIT_NONE : w.kind != JS_WAIT_NONE && w.sides != 0,
             "after a %s command the game (turn %d, phase %s) is %s yet waits on %s", type, st->turn,
             js_phase_name(st->phase), st->phase == JS_PHASE_OVER ? "over" : stopped ? "stopped" : "not over",
             w.sides ? "a side" : "nobody");
    char msg[256];
    FZ_CHECK(cli_check_invariants(g, msg, sizeof msg), "after a %s command: %s", type, msg);
    return ss;
}

static void check_outputs(const js_game *g)
{
    static js_view v;
    for (int viewer = -1; viewer < JS_SIDES; viewer++) {
        js_view_build(g, viewer, &v);
        char *s = jsd_view_to_json(&v, false);
        FZ_CHECK(s, "no JSON for the view of side %d", viewer);
        free(s);
        s = jsd_log_to_json(g, viewer, false);
        FZ_CHECK(s, "no JSON for the log seen by side %d", viewer);
        free(s);
    }
}

void fz_play(js_game *g, uint64_t seed, int n)
{
    cli_rng rng = {seed};
    for (int i = 0; i < n; i++) {
        js_cmd c;
        if (!cli_random_command(g, &rng, &c))
            break;
        js_status s = fz_submit(g, &c);
        FZ_CHECK(s == JS_OK || s == JS_ERR_NEED_DIE || s == JS_ERR_LIMIT,
                 "the random player's %s command was refused", js_cmd_type_name(c.type));
    }
    check_outputs(g);
    js_game *copy = js_game_clone(g);
    FZ_CHECK(copy && js_game_hash(copy) == js_game_hash(g), "a clone differs from its game");
    js_game_destroy(copy);
}

js_game *fz_game(const js_scenario *s, int dice_kind, uint64_t seed)
{
    js_dice_cfg dice;
    memset(&dice, 0, sizeof dice);
    dice.kind = (int8_t)dice_kind;
    dice.seed = seed;
    char why[JS_REASON_LEN] = "";
    js_game *g = js_game_create(s, &dice, why, sizeof why);
    FZ_CHECK(g, "the engine refuses a scenario the loader accepted: %s", why);
    return g;
}

static fz_golden goldens[16];
static int ngoldens = -1;

int fz_goldens(const fz_golden **out)
{
    static const char *const NAMES[] = {
        "tests/golden/duel-21.json",           "tests/golden/duel-22.json",
        "tests/golden/carrier_strike-31.json", "tests/golden/carrier_strike-32.json",
        "tests/golden/jump_and_launch-41.json", "tests/golden/competition-42.json",
        "scenarios/demos/dice_skirmish.json",  "scenarios/demos/dice_landing.json"};
    if (ngoldens < 0) {
        ngoldens = 0;
        for (size_t i = 0; i < sizeof NAMES / sizeof *NAMES; i++) {
            fz_golden *gd = &goldens[ngoldens];
            fz_source_path(NAMES[i], gd->path, sizeof gd->path);
            jsd_error err;
            gd->rec = jsd_record_load(gd->path, &err);
            FZ_CHECK(gd->rec, "%s", err.msg);
            gd->start = jsd_record_start(gd->rec, gd->path, &err);
            FZ_CHECK(gd->start, "%s", err.msg);
            ngoldens++;
        }
    }
    *out = goldens;
    return ngoldens;
}
