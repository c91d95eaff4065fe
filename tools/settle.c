/* settle.c — start-up timing for docs/performance.md (driven by tools/startup_race.sh): start a
 * program, find its window (the first viewable top-level window of 200x200 or more; it waits up
 * to 5 s for an earlier program's window to go), read its picture with XGetImage as fast as the X
 * server answers, and print the time from fork to
 *   first   the first picture that is not all black,
 *   settled the last change of the picture, once it has stayed the same for HOLD seconds
 *           (default 0.5),
 *   idle    the title being usable: the moment after the first picture from which the program
 *           used less than 2 % of a core for IDLE_MS (default 100 ms) — it is waiting for the
 *           player's input (a game that polls its events, like Crimson Fields, still uses some).
 *           CPU time is the sum of /proc/PID/task/N/schedstat (nanoseconds, every live thread).
 * With SETTLE_DUMP=PREFIX each new picture is written as PREFIXn.ppm. SETTLE_POLL_MS=N waits N ms
 * between captures (default 0: each capture of a 1280x800 window keeps the X server busy, and
 * a program that talks to it more is slowed more).
 *   cc -O2 -o settle tools/settle.c -lX11
 *   DISPLAY=:7 ./settle [-h HOLD] PROGRAM ARGS...   ->   "first 0.061 settled 0.061 idle 0.080" */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <dirent.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int err(Display *d, XErrorEvent *e)
{
    (void)d;
    (void)e;
    return 0;
}

/* the last viewable child of w with size >= 200x200 (the program's window; none before it starts) */
static Window find(Display *d, Window w)
{
    Window r, p, *ch;
    unsigned n;
    if (!XQueryTree(d, w, &r, &p, &ch, &n))
        return 0;
    Window best = 0;
    for (int i = (int)n - 1; i >= 0 && !best; i--) {
        XWindowAttributes a;
        if (!XGetWindowAttributes(d, ch[i], &a))
            continue;
        if (a.map_state == IsViewable && a.width >= 200 && a.height >= 200)
            best = ch[i];
    }
    if (ch)
        XFree(ch);
    return best;
}

/* CPU time of every live thread of pid, in seconds (a thread that ended takes its share along:
 * only the changes matter here) */
static double cpu_of(pid_t pid)
{
    char dir[64];
    snprintf(dir, sizeof dir, "/proc/%d/task", (int)pid);
    DIR *dp = opendir(dir);
    if (!dp)
        return -1;
    double sum = 0;
    struct dirent *de;
    while ((de = readdir(dp))) {
        if (de->d_name[0] == '.')
            continue;
        char fn[384];
        snprintf(fn, sizeof fn, "%s/%s/schedstat", dir, de->d_name);
        FILE *f = fopen(fn, "r");
        unsigned long long ns = 0;
        if (f) {
            if (fscanf(f, "%llu", &ns) == 1)
                sum += ns * 1e-9;
            fclose(f);
        }
    }
    closedir(dp);
    return sum;
}

static void dump(const XImage *im)
{
    static int k = 0;
    char fn[256];
    snprintf(fn, sizeof fn, "%s%d.ppm", getenv("SETTLE_DUMP"), k++);
    FILE *f = fopen(fn, "wb");
    if (!f)
        return;
    fprintf(f, "P6 %d %d 255\n", im->width, im->height);
    for (int y = 0; y < im->height; y++)
        for (int x = 0; x < im->width; x++) {
            unsigned long px = XGetPixel((XImage *)im, x, y);
            fputc((px >> 16) & 255, f);
            fputc((px >> 8) & 255, f);
            fputc(px & 255, f);
        }
    fclose(f);
}

int main(int argc, char **argv)
{
    double hold = 0.5, idle_s = 0.1;
    int ai = 1;
    if (argc > 2 && !strcmp(argv[1], "-h")) {
        hold = atof(argv[2]);
        ai = 3;
    }
    if (ai >= argc) {
        fprintf(stderr, "usage: settle [-h HOLD] PROGRAM ARGS...\n");
        return 2;
    }
    useconds_t poll_us = getenv("SETTLE_POLL_MS") ? (useconds_t)(atof(getenv("SETTLE_POLL_MS")) * 1000) : 0;
    if (getenv("IDLE_MS"))
        idle_s = atof(getenv("IDLE_MS")) / 1000.0;
    Display *d = XOpenDisplay(NULL);
    if (!d) {
        fprintf(stderr, "no display\n");
        return 2;
    }
    XSetErrorHandler(err);
    Window root = DefaultRootWindow(d);
    double tw = now();
    while (find(d, root)) { /* the last program's window may linger a moment after it ended */
        if (now() - tw > 5) {
            fprintf(stderr, "a window is already up\n");
            return 3;
        }
        usleep(2000);
    }
    double t0 = now();
    pid_t pid = fork();
    if (!pid) {
        execvp(argv[ai], argv + ai);
        _exit(127);
    }
    Window w = 0;
    uint64_t last = 0;
    double tlast = -1, tfirst = -1, tidle = -1;
    double cpu_mark = -1, t_mark = 0; /* CPU time at the start of the quiet time so far, and when */
    bool settled = false;
    while (now() - t0 < 20 && (!settled || tidle < 0)) {
        double c = cpu_of(pid), t = now() - t0;
        if (c < cpu_mark || c - cpu_mark > 0.02 * idle_s) { /* busy (or a thread ended): start again */
            cpu_mark = c;
            t_mark = t;
        } else if (tfirst >= 0 && tidle < 0 && t - t_mark >= idle_s)
            tidle = t_mark > tfirst ? t_mark : tfirst; /* not usable before it shows anything */
        if (settled) {
            usleep(1000);
            continue;
        }
        if (!w) {
            w = find(d, root);
            if (!w) {
                usleep(500);
                continue;
            }
        }
        XWindowAttributes a;
        if (!XGetWindowAttributes(d, w, &a)) {
            w = 0;
            continue;
        }
        XImage *im = XGetImage(d, w, 0, 0, a.width, a.height, AllPlanes, ZPixmap);
        if (!im) {
            usleep(500);
            continue;
        }
        uint64_t h = 1469598103934665603ULL;
        size_t n = (size_t)im->bytes_per_line * im->height;
        const unsigned char *p = (const unsigned char *)im->data;
        for (size_t i = 0; i + 4 <= n; i += 4) {
            uint32_t v;
            memcpy(&v, p + i, 4);
            h ^= v;
            h *= 1099511628211ULL;
        }
        /* an all-black picture counts as "no picture yet" */
        int black = 1;
        for (size_t i = 0; i + 2 < n; i += 64)
            if (p[i] | p[i + 1] | p[i + 2]) {
                black = 0;
                break;
            }
        t = now() - t0;
        if (!black && h != last && getenv("SETTLE_DUMP"))
            dump(im);
        XDestroyImage(im);
        if (poll_us)
            usleep(poll_us);
        if (!black) {
            if (h != last) {
                last = h;
                tlast = t;
                if (tfirst < 0)
                    tfirst = t;
            } else if (t - tlast >= hold)
                settled = true;
        }
    }
    kill(pid, SIGTERM);
    int st;
    waitpid(pid, &st, 0);
    printf("first %.3f settled %.3f idle %.3f\n", tfirst, tlast, tidle);
    return 0;
}
