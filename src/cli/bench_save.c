/* bench_save.c — `bench --saves N`: what saving one command costs early and late in a game. A
 * self-played game is saved after every command the way the game keeps its autosave
 * (jsd_record_sync: the new command appended, the file fsynced); at commands 10 and 300 the time
 * of that save is taken, and of writing the same record whole and atomically (jsd_record_save:
 * every command serialised, temporary file, fsync, rename, fsync of the folder — what every
 * command cost before records grew by appending). Files go to a fresh folder in $TMPDIR (else
 * /tmp), so the figures are that file system's. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { NPOINTS = 2 };
static const int POINTS[NPOINTS] = {10, 300};

/* This process's CPU time: what serialising costs, apart from waiting for the disk. */
static double cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static long file_size(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 ? (long)st.st_size : -1;
}

/* One game: appended[0][k] and whole[0][k] get the time of saving command POINTS[k], [1][k] the
 * CPU time of it (us); false when the game ended before the last point or a write failed
 * (message printed). */
static bool one_game(const char *scn_path, const js_scenario *scn, uint64_t h, uint64_t seed,
                     const char *dir, double appended[2][NPOINTS], double whole[2][NPOINTS],
                     long bytes[NPOINTS])
{
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = seed};
    char reason[JS_REASON_LEN], ap[1200], wp[1200];
    js_game *g = js_game_create(scn, &dice, reason, sizeof reason);
    jsd_record *rec = g ? jsd_record_new(scn_path, scn, h, &dice) : NULL;
    if (!rec) {
        fprintf(stderr, "%s: %s\n", scn_path, g ? "out of memory" : reason);
        js_game_destroy(g);
        return false;
    }
    snprintf(ap, sizeof ap, "%s/appended.json", dir);
    snprintf(wp, sizeof wp, "%s/whole.json", dir);
    unlink(ap);
    jsd_record_file f = {0};
    cli_rng r = {seed * 31 + 7};
    js_cmd cmd;
    int k = 0;
    bool ok = true;
    while (ok && k < NPOINTS && cli_random_command(g, &r, &cmd)) {
        js_submit(g, &cmd, NULL, 0);
        jsd_record_append(rec, &cmd, js_game_hash(g));
        jsd_error err;
        double t0 = cli_now_us(), c0 = cpu_us();
        ok = jsd_record_sync(rec, ap, &f, &err);
        double t1 = cli_now_us(), c1 = cpu_us();
        if (ok && rec->ncmds == POINTS[k]) {
            appended[0][k] = t1 - t0;
            appended[1][k] = c1 - c0;
            t0 = cli_now_us(), c0 = cpu_us();
            ok = jsd_record_save(rec, wp, &err);
            whole[0][k] = cli_now_us() - t0;
            whole[1][k] = cpu_us() - c0;
            bytes[k] = file_size(wp);
            k++;
        }
        if (!ok)
            fprintf(stderr, "%s\n", err.msg);
    }
    jsd_record_free(rec);
    js_game_destroy(g);
    unlink(ap);
    unlink(wp);
    return ok && k == NPOINTS;
}

int cli_bench_saves(const char *path, const js_scenario *scn, long games, long seed)
{
    const char *tmp = getenv("TMPDIR");
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/jumpstrike-bench-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        perror("jumpstrike-sim bench: cannot make a folder for the saves");
        return 1;
    }
    uint64_t h = 0;
    jsd_file_hash(path, &h, NULL);
    double *app[2][NPOINTS], *who[2][NPOINTS]; /* [wall, cpu][point][game] */
    long bytes[NPOINTS] = {0};
    for (int m = 0; m < 2; m++)
        for (int k = 0; k < NPOINTS; k++) {
            app[m][k] = calloc((size_t)games, sizeof ***app);
            who[m][k] = calloc((size_t)games, sizeof ***who);
        }
    int n = 0, tried = 0;
    while (n < games && tried < games * 4) { /* a game that ends before command 300 is passed over */
        double a[2][NPOINTS], w[2][NPOINTS];
        if (one_game(path, scn, h, (uint64_t)(seed + tried++), dir, a, w, bytes)) {
            for (int m = 0; m < 2; m++)
                for (int k = 0; k < NPOINTS; k++)
                    app[m][k][n] = a[m][k], who[m][k][n] = w[m][k];
            n++;
        }
    }
    rmdir(dir);
    if (n > 0) {
        printf("  saving a command (median of %d game(s), files in %s; wall time, CPU time):\n", n,
               tmp && tmp[0] ? tmp : "/tmp");
        for (int k = 0; k < NPOINTS; k++)
            printf("    command %3d: appended %.0f us (cpu %.0f us); whole file rewritten %.0f us (cpu %.0f us, "
                   "%ld bytes)\n", POINTS[k], median(app[0][k], n), median(app[1][k], n), median(who[0][k], n),
                   median(who[1][k], n), bytes[k]);
    } else
        printf("  saving a command: no game of %s reached command %d\n", path, POINTS[NPOINTS - 1]);
    for (int m = 0; m < 2; m++)
        for (int k = 0; k < NPOINTS; k++) {
            free(app[m][k]);
            free(who[m][k]);
        }
    return n > 0 ? 0 : 1;
}
