/* app_bench.c — --bench-frames: frame times of the board drawn busy (app_int.h). */
#include "app_int.h"
#include "board/devview.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* This thread's CPU time in ms: a frame's own work, without the time the machine gave others
 * (on a shared machine the wall-clock p99 is mostly waiting for a core). */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A busy board for the benchmark: the scenario's own map, filled with counters made from its
 * cards (drawing cost is what is measured, so the positions need not come from play). */
static void bench_view(js_view *v, const js_view *base)
{
    *v = *base;
    js_state *st = &v->st;
    int w = st->scn.width, h = st->scn.height;
    int ncards = st->scn.ncards;
    for (int k = 0; st->nships < 120 && st->nunits < JS_MAX_UNITS && ncards > 0 && k < 400; k++) {
        int side = k & 1;
        int id = ui_dev_add_ship(v, k % ncards, side, 1 + (k * 7) % (w - 2), 1 + (k * 5 + side * 3) % (h - 2),
                                 1 + k % 6, 1 + k % 10);
        if (k % 13 == 4)
            st->ships[id].state = JS_SHIP_DISABLED;
    }
    for (int k = 0; k < 60; k++) {
        js_podgroup *p = &st->pods[k];
        memset(p, 0, sizeof *p);
        p->alive = 1;
        p->side = (int8_t)(k & 1);
        p->controller = 0;
        p->pos = js_hex_from_offset((k * 11) % w, (k * 3) % h);
        p->pods = (int16_t)(2 + k % 7);
        js_missile *m = &st->missiles[k];
        m->alive = 1;
        m->side = (int8_t)(k & 1);
        m->facing = (int8_t)(1 + k % 6);
        m->pos = js_hex_from_offset((k * 5 + 3) % w, (k * 7 + 2) % h);
    }
}

/* The frame-time benchmark on a busy board (see --bench-frames). */
int ui_app_bench(const ui_opts *o, ui_gfx *g, ui_battle *bt, int ww, int wh)
{
    SDL_Renderer *r = g->r;
    int rc = 1;
    js_view *busy = malloc(sizeof *busy);
    ui_board *board = ui_board_create(g);
    if (!busy || !board) {
        free(busy);
        ui_board_destroy(board);
        return 1;
    }
    bench_view(busy, ui_battle_view(bt));
    if (getenv("JS_BENCH_NOUNITS")) { /* measure the terrain layer alone */
        busy->st.nships = 0;
        memset(busy->st.pods, 0, sizeof busy->st.pods);
        memset(busy->st.missiles, 0, sizeof busy->st.missiles);
    }
    ui_camera cam;
    SDL_Rect vp = {0, ui_px(48), ww - ui_px(360), wh - ui_px(48)};
    ui_cam_init(&cam, vp);
    ui_cam_fit(&cam, busy->st.scn.width, busy->st.scn.height);
    double *t = malloc(sizeof *t * (size_t)o->bench_frames), *cpu = malloc(sizeof *cpu * (size_t)o->bench_frames);
    ui_overlay ov;
    ui_overlay_clear(&ov);
    int ships = 0;
    for (int i = 0; i < busy->st.nships; i++)
        ships += busy->st.ships[i].on_map;
    for (int f = 0; f < o->bench_frames && t && cpu; f++) {
        double t0 = now_ms(), c0 = cpu_ms();
        SDL_Event e;
        while (SDL_PollEvent(&e))
            ;
        if (o->bench_pan)
            ui_cam_pan(&cam, 3, 1);
        ov.hover_on = true; /* the hover moves like a mouse would */
        ov.hover = ui_cam_screen_to_hex(&cam, vp.x + (f * 13) % vp.w, vp.y + (f * 7) % vp.h);
        ov.sel_ship = busy->st.nships ? f % busy->st.nships : -1;
        ui_clear(r, UI_BG);
        if (!getenv("JS_BENCH_EMPTY"))
            ui_board_draw(board, &cam, busy, &ov);
        ui_text_frame(g->text);
        SDL_RenderPresent(r);
        t[f] = now_ms() - t0;
        cpu[f] = cpu_ms() - c0;
    }
    if (t && cpu) {
        qsort(t, (size_t)o->bench_frames, sizeof *t, cmp_double);
        qsort(cpu, (size_t)o->bench_frames, sizeof *cpu, cmp_double);
        int n = o->bench_frames;
        SDL_RendererInfo info;
        SDL_GetRendererInfo(r, &info);
        printf("bench: %d frames at %dx%d, %s renderer, %d ships, 60 pod groups, 60 missiles%s\n", n, ww, wh,
               info.name, ships, o->bench_pan ? ", camera panning" : ", camera still");
        int k99 = (n * 99) / 100 < n ? (n * 99) / 100 : n - 1;
        printf("p50 %.2f ms  p99 %.2f ms  max %.2f ms\n", t[n / 2], t[k99], t[n - 1]);
        printf("cpu p50 %.2f ms  p99 %.2f ms (this thread's own time per frame)\n", cpu[n / 2], cpu[k99]);
        rc = 0;
    }
    free(t);
    free(cpu);
    free(busy);
    ui_board_destroy(board);
    return rc;
}
