/* app.c — command line, SDL set-up, the main loop (it sleeps on events when nothing moves),
 * one-frame screenshots and the frame-time benchmark. */
#include "app.h"
#include "battle/ui_saves.h"
#include "js_ai.h"
#include "battle/battle.h"
#include "board/devview.h"
#include "screens/ui_screens.h"
#include <SDL_image.h>
#include <SDL_mixer.h>
#include <SDL_ttf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void ui_opts_usage(FILE *f)
{
    fprintf(f,
            "usage: jumpstrike [options]\n"
            "Hotseat starship combat on a hex battlefield (two players, one screen).\n\n"
            "  --scenario FILE     start a hotseat game of FILE at once (default: the title screen)\n"
            "  --vs-computer LEVEL with --scenario: play against the computer (cadet, captain, admiral)\n"
            "  --human a|b         against the computer: the side you play (default a)\n"
            "  --seed N            dice seed (default: from the clock)\n"
            "  --manual-dice       players roll real dice and enter them\n"
            "  --windowed          a resizable window instead of full screen (also in Settings)\n"
            "  --size WxH          window size (default 1280x800)\n"
            "  --scale PCT         UI scale, 100 to 200 (default 100; F5/F6 in game)\n"
            "  --player-a NAME     name of side A's player (also --player-b)\n"
            "  --record FILE       write the game's record after every command\n"
            "  --replay FILE       watch a record or save in the replay viewer\n"
            "  --autosave          with --scenario: keep the autosave too (continue it from the title)\n"
            "  --commands FILE     apply a commands file before play starts (tests)\n"
            "  --assets DIR        asset folder (default: found next to the program, or JS_ASSET_DIR)\n"
            "  --mute              no sound\n"
            "  --screenshot FILE   draw the first frame (title, or --scenario's opening) to a PNG and exit\n"
            "  --exit-after-first-frame  quit once the first frame is on screen (start-up timing;\n"
            "                      also JS_EXIT_AFTER_FIRST_FRAME=1)\n"
            "  --bench-frames N    draw N frames of a busy battle, print p50/p99 frame times (ms)\n"
            "  --bench-pan         with --bench-frames: pan the camera every frame (worst case)\n"
            "  --version           print the version and exit\n"
            "  --help              this help\n\n"
            "In game: drag to pan, wheel to zoom, F to fit, Tab next ship, Enter Ready,\n"
            "Ctrl+Z / Ctrl+Y undo and redo plots, M mute, F5/F6 UI scale, F1 rules and keys,\n"
            "Ctrl+Q leave the battle (kept: Continue on the title screen resumes it).\n"
            "Settings and saves live in the user's data folder (SDL_GetPrefPath).\n");
}

static bool parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

int ui_opts_parse(int argc, char **argv, ui_opts *o, char *err, size_t cap)
{
    memset(o, 0, sizeof *o);
    o->w = 1280;
    o->h = 800;
    o->scale_pct = 100;
    o->vs_computer = -1;
    bool human_set = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED()                                                                                     \
    do {                                                                                           \
        if (!val) {                                                                                \
            snprintf(err, cap, "%s needs a value (see --help)", a);                               \
            return -1;                                                                             \
        }                                                                                          \
        i++;                                                                                       \
    } while (0)
        long v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            ui_opts_usage(stdout);
            return 1;
        } else if (!strcmp(a, "--version")) {
            printf("jumpstrike %s\n", UI_VERSION);
            return 1;
        } else if (!strcmp(a, "--scenario")) {
            NEED();
            o->scenario = val;
        } else if (!strcmp(a, "--seed")) {
            NEED();
            char *end;
            errno = 0;
            unsigned long long s = strtoull(val, &end, 10);
            if (errno || end == val || *end || val[0] == '-') {
                snprintf(err, cap, "--seed %s: expected a non-negative integer", val);
                return -1;
            }
            o->seed = s;
            o->seed_set = true;
        } else if (!strcmp(a, "--windowed")) {
            o->windowed = true;
        } else if (!strcmp(a, "--size")) {
            NEED();
            int w, h;
            char extra;
            if (sscanf(val, "%dx%d%c", &w, &h, &extra) != 2 || w < 640 || h < 400 || w > 8192 || h > 8192) {
                snprintf(err, cap, "--size %s: expected WxH, at least 640x400 (e.g. 1280x800)", val);
                return -1;
            }
            o->w = w;
            o->h = h;
        } else if (!strcmp(a, "--scale")) {
            NEED();
            if (!parse_int(val, 100, 200, &v)) {
                snprintf(err, cap, "--scale %s: expected a percentage from 100 to 200", val);
                return -1;
            }
            o->scale_pct = (int)v;
            o->scale_set = true;
        } else if (!strcmp(a, "--screenshot")) {
            NEED();
            o->screenshot = val;
        } else if (!strcmp(a, "--bench-frames")) {
            NEED();
            if (!parse_int(val, 1, 1000000, &v)) {
                snprintf(err, cap, "--bench-frames %s: expected a frame count from 1 to 1000000", val);
                return -1;
            }
            o->bench_frames = (int)v;
        } else if (!strcmp(a, "--bench-pan")) {
            o->bench_pan = true;
        } else if (!strcmp(a, "--assets")) {
            NEED();
            o->assets = val;
        } else if (!strcmp(a, "--replay")) {
            NEED();
            o->replay = val;
        } else if (!strcmp(a, "--record")) {
            NEED();
            o->record = val;
        } else if (!strcmp(a, "--commands")) {
            NEED();
            o->commands = val;
        } else if (!strcmp(a, "--player-a") || !strcmp(a, "--player-b")) {
            NEED();
            o->players[a[9] == 'b'] = val;
        } else if (!strcmp(a, "--manual-dice")) {
            o->manual_dice = true;
        } else if (!strcmp(a, "--exit-after-first-frame")) {
            o->first_frame_exit = true;
        } else if (!strcmp(a, "--mute")) {
            o->mute = true;
        } else if (!strcmp(a, "--autosave")) {
            o->autosave = true;
        } else if (!strcmp(a, "--vs-computer")) {
            NEED();
            o->vs_computer = js_ai_level_parse(val);
            if (o->vs_computer < 0) {
                snprintf(err, cap, "--vs-computer %s: expected a level: cadet, captain or admiral", val);
                return -1;
            }
        } else if (!strcmp(a, "--human")) {
            NEED();
            if (strcmp(val, "a") && strcmp(val, "b") && strcmp(val, "A") && strcmp(val, "B")) {
                snprintf(err, cap, "--human %s: expected a or b (the side you play)", val);
                return -1;
            }
            o->human = (val[0] == 'b' || val[0] == 'B') ? JS_SIDE_B : JS_SIDE_A;
            human_set = true;
        } else {
            snprintf(err, cap, "unknown option %s (see --help)", a);
            return -1;
        }
#undef NEED
    }
    if (human_set && o->vs_computer < 0) {
        snprintf(err, cap, "--human needs --vs-computer LEVEL (the computer plays the other side)");
        return -1;
    }
    return 0;
}

/* The default scenario: ./scenarios, then next to the installed program, then the source tree. */
static const char *find_default_scenario(char *buf, size_t cap)
{
    const char *rel = "scenarios/duel.json";
    if (jsd_is_file(rel))
        return rel;
    char *base = SDL_GetBasePath();
    if (base) {
        snprintf(buf, cap, "%s../share/jumpstrike/%s", base, rel);
        SDL_free(base);
        if (jsd_is_file(buf))
            return buf;
    }
#ifdef JS_SOURCE_SCENARIOS
    snprintf(buf, cap, "%s/duel.json", JS_SOURCE_SCENARIOS);
    if (jsd_is_file(buf))
        return buf;
#endif
    return rel;
}

static double now_ms(void) { return SDL_GetPerformanceCounter() * 1000.0 / SDL_GetPerformanceFrequency(); }

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static bool save_png(SDL_Renderer *r, int w, int h, const char *path)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return false;
    bool ok = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0 &&
              IMG_SavePNG(s, path) == 0;
    SDL_FreeSurface(s);
    return ok;
}

/* A busy board for the benchmark: the scenario's own map, filled with counters made from its
 * cards (drawing cost is what is measured, so the positions need not come from play). */
static void bench_view(js_view *v, const js_view *base)
{
    js_view *tmp = malloc(sizeof *tmp);
    if (!tmp)
        return;
    *v = *base;
    ui_dev_view(tmp, base->st.scn.width, base->st.scn.height, 0);
    js_state *st = &v->st;
    int w = st->scn.width, h = st->scn.height;
    int ncards = st->scn.ncards;
    for (int k = 0; st->nships < 120 && ncards > 0 && k < 400; k++) {
        int def = k % ncards, side = k & 1;
        int c = 1 + (k * 7) % (w - 2), r = 1 + (k * 5 + side * 3) % (h - 2);
        int u = st->nunits < JS_MAX_UNITS ? st->nunits++ : -1;
        if (u < 0)
            break;
        js_unit *un = &st->units[u];
        memset(un, 0, sizeof *un);
        un->def = (int16_t)def;
        un->side = (int8_t)side;
        un->where = JS_AT_MAP;
        un->carrier = -1;
        un->first_ship = st->nships;
        un->nships = 1;
        js_ship *s = &st->ships[st->nships++];
        memset(s, 0, sizeof *s);
        s->unit = (int16_t)u;
        s->side = (int8_t)side;
        s->on_map = 1;
        s->pos = js_hex_from_offset(c, r);
        s->facing = (int8_t)(1 + k % 6);
        s->phase = (int8_t)(1 + k % 10);
        s->shields = st->scn.cards[def].shields;
        s->state = k % 13 == 4 ? JS_SHIP_DISABLED : JS_SHIP_ACTIVE;
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
    free(tmp);
}

/* The frame-time benchmark on a busy board (see --bench-frames). */
static int run_bench(const ui_opts *o, ui_gfx *g, ui_battle *bt, int ww, int wh)
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
    double *t = malloc(sizeof *t * (size_t)o->bench_frames);
    ui_overlay ov;
    ui_overlay_clear(&ov);
    int ships = 0;
    for (int i = 0; i < busy->st.nships; i++)
        ships += busy->st.ships[i].on_map;
    for (int f = 0; f < o->bench_frames && t; f++) {
        double t0 = now_ms();
        SDL_Event e;
        while (SDL_PollEvent(&e))
            ;
        if (o->bench_pan)
            ui_cam_pan(&cam, 3, 1);
        ov.hover_on = true; /* the hover moves like a mouse would */
        ov.hover = ui_cam_screen_to_hex(&cam, vp.x + (f * 13) % vp.w, vp.y + (f * 7) % vp.h);
        ov.sel_ship = busy->st.nships ? f % busy->st.nships : -1;
        SDL_SetRenderDrawColor(r, 8, 10, 20, 255);
        SDL_RenderClear(r);
        if (!getenv("JS_BENCH_EMPTY"))
            ui_board_draw(board, &cam, busy, &ov);
        ui_text_frame(g->text);
        SDL_RenderPresent(r);
        t[f] = now_ms() - t0;
    }
    if (t) {
        qsort(t, (size_t)o->bench_frames, sizeof *t, cmp_double);
        int n = o->bench_frames;
        SDL_RendererInfo info;
        SDL_GetRendererInfo(r, &info);
        printf("bench: %d frames at %dx%d, %s renderer, %d ships, 60 pod groups, 60 missiles%s\n", n, ww, wh,
               info.name, ships, o->bench_pan ? ", camera panning" : ", camera still");
        printf("p50 %.2f ms  p99 %.2f ms  max %.2f ms\n", t[n / 2], t[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1],
               t[n - 1]);
        rc = 0;
    }
    free(t);
    free(busy);
    ui_board_destroy(board);
    return rc;
}

/* The battle given on the command line (--scenario, or the default for --screenshot and
 * --bench-frames), with --commands applied. NULL with a message on stderr. */
static ui_battle *command_line_battle(const ui_opts *o, ui_app *a, js_scenario **scn_out, ui_game_setup *setup)
{
    char buf[1200], err[1024];
    const char *scn_path = o->scenario ? o->scenario : find_default_scenario(buf, sizeof buf);
    jsd_error jerr;
    js_scenario *scn = jsd_scenario_load(scn_path, &jerr);
    if (!scn) {
        fprintf(stderr, "jumpstrike: %s\n", jerr.msg);
        return NULL;
    }
    ui_battle_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.scn = scn;
    cfg.dice.kind = o->manual_dice ? JS_DICE_MANUAL : JS_DICE_SEEDED;
    cfg.dice.seed = o->seed_set ? o->seed : (uint64_t)SDL_GetPerformanceCounter() ^ ((uint64_t)SDL_GetTicks() << 32);
    cfg.scenario_path = scn_path;
    cfg.record_path = o->record;
    for (int s = 0; s < 2; s++)
        if (o->players[s])
            snprintf(cfg.players[s], JS_NAME_LEN, "%s", o->players[s]);
    if (o->vs_computer >= 0) { /* the computer plays the side the human does not */
        int cpu = 1 - o->human;
        snprintf(cfg.computer[cpu], JSD_LEVEL_LEN, "%s", js_ai_level_name(o->vs_computer));
        if (!o->players[cpu])
            ui_computer_name(o->vs_computer, cfg.players[cpu], JS_NAME_LEN);
    }
    cfg.skip_first_handover = o->screenshot != NULL;
    char autosave[1100];
    if (o->autosave && !o->screenshot && !o->bench_frames && ui_saves_autosave_path(autosave, sizeof autosave))
        cfg.autosave_path = autosave; /* written after every command (ui_saves.h) */
    memset(setup, 0, sizeof *setup);
    snprintf(setup->scenario_path, sizeof setup->scenario_path, "%.1000s", scn_path);
    for (int s = 0; s < 2; s++) {
        snprintf(setup->players[s], JS_NAME_LEN, "%s", cfg.players[s]);
        snprintf(setup->computer[s], JSD_LEVEL_LEN, "%s", cfg.computer[s]);
    }
    setup->seed = cfg.dice.seed;
    setup->manual_dice = o->manual_dice;
    ui_battle *bt = ui_battle_create(&a->g, &cfg, err, sizeof err);
    if (!bt) {
        fprintf(stderr, "jumpstrike: %s: %s\n", scn_path, err);
        free(scn);
        return NULL;
    }
    if (o->commands) {
        int n = 0;
        js_cmd *cmds = jsd_commands_load(o->commands, &n, &jerr);
        if (!cmds) {
            fprintf(stderr, "jumpstrike: %s\n", jerr.msg);
            ui_battle_destroy(bt);
            free(scn);
            return NULL;
        }
        for (int i = 0; i < n; i++) {
            char reason[JS_REASON_LEN];
            if (ui_battle_apply(bt, &cmds[i], reason, sizeof reason) != JS_OK) {
                fprintf(stderr, "jumpstrike: %s: command %d refused: %s\n", o->commands, i + 1, reason);
                free(cmds);
                ui_battle_destroy(bt);
                free(scn);
                return NULL;
            }
        }
        free(cmds);
        ui_battle_sync(bt, o->screenshot != NULL);
    }
    *scn_out = scn;
    return bt;
}

int ui_app_run(const ui_opts *o)
{
    double t_start = now_ms();
    if (getenv("JS_STARTUP_REPORT")) {
        struct timespec ts;
        timespec_get(&ts, TIME_UTC);
        fprintf(stderr, "jumpstrike: main reached (wall clock %lld.%09ld)\n", (long long)ts.tv_sec, ts.tv_nsec);
    }
    char err[1024];
    ui_app *a = calloc(1, sizeof *a);
    if (!a) {
        fprintf(stderr, "jumpstrike: out of memory\n");
        return 1;
    }
    bool headless = o->screenshot || o->bench_frames;
    a->exit_after_first_frame = o->first_frame_exit || (getenv("JS_EXIT_AFTER_FIRST_FRAME") && *getenv("JS_EXIT_AFTER_FIRST_FRAME"));
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "jumpstrike: cannot start SDL: %s\n", SDL_GetError());
        free(a);
        return 1;
    }
    /* settings: from the user's folder; a bad file gives the defaults and a message */
    char setmsg[700] = "";
    bool set_ok = false;
    if (ui_settings_default_path(a->settings_path, sizeof a->settings_path))
        set_ok = ui_settings_load(&a->set, a->settings_path, setmsg, sizeof setmsg);
    else
        ui_settings_load(&a->set, NULL, setmsg, sizeof setmsg);
    bool missing = !set_ok && strstr(setmsg, "no settings yet") != NULL;
    if (!set_ok && !missing)
        fprintf(stderr, "jumpstrike: %s\n", setmsg);
    /* the command line wins over the settings for this run */
    if (o->scale_set)
        a->set.scale_pct = o->scale_pct;
    if (o->mute)
        a->set.mute = true;
    if (o->windowed)
        a->set.fullscreen = false;

    bool want_audio = !a->set.mute && !headless && !a->exit_after_first_frame;
    bool audio = want_audio && SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 && Mix_OpenAudio(22050, AUDIO_S16SYS, 2, 1024) == 0;
    if (TTF_Init() != 0 || (IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG) == 0) {
        fprintf(stderr, "jumpstrike: cannot start SDL_ttf/SDL_image: %s\n", SDL_GetError());
        SDL_Quit();
        free(a);
        return 1;
    }
    ui_scale = a->set.scale_pct / 100.0f;
    ui_side_palette = a->set.cb_palette;
    Uint32 flags = SDL_WINDOW_ALLOW_HIGHDPI | SDL_WINDOW_RESIZABLE;
    if (headless)
        flags = SDL_WINDOW_ALLOW_HIGHDPI | SDL_WINDOW_HIDDEN;
    else if (a->set.fullscreen)
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    SDL_Window *win = SDL_CreateWindow("Jumpstrike", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o->w, o->h, flags);
    SDL_Renderer *r = win ? SDL_CreateRenderer(win, -1, headless ? 0 : SDL_RENDERER_PRESENTVSYNC) : NULL;
    if (!r && win)
        r = SDL_CreateRenderer(win, -1, 0);
    if (!r) {
        fprintf(stderr, "jumpstrike: cannot open a window: %s\n", SDL_GetError());
        if (win)
            SDL_DestroyWindow(win);
        SDL_Quit();
        free(a);
        return 1;
    }
    SDL_SetWindowMinimumSize(win, 640, 400);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    bool report = getenv("JS_STARTUP_REPORT") != NULL;
    if (report) {
        SDL_RendererInfo ri;
        SDL_GetRendererInfo(r, &ri);
        fprintf(stderr, "jumpstrike: SDL, settings, window and renderer (%s) %.1f ms\n", ri.name, now_ms() - t_start);
    }
    a->win = win;
    a->g.r = r;
    a->help_screen = ui_scr_rules;  /* F1 anywhere */
    a->home_screen = ui_scr_title;  /* "to the title" from a battle started on the command line */
    ui_assets assets;
    int rc = 1;
    js_scenario *scn = NULL;
    if (!ui_assets_find_dir(o->assets, a->asset_dir, sizeof a->asset_dir, err, sizeof err) ||
        !ui_assets_load(&assets, r, a->asset_dir, audio, err, sizeof err)) {
        fprintf(stderr, "jumpstrike: %s\n", err);
        goto out_noassets;
    }
    a->g.assets = &assets;
    if (report)
        fprintf(stderr, "jumpstrike: assets %.1f ms (from %s, font %s)\n", now_ms() - t_start, a->asset_dir,
                assets.font_path[UI_FONT_SANS]);
    /* the prepared sprites wait until after the title's first frame (it draws without them) */
    if ((o->scenario || o->bench_frames || o->replay) && !ui_app_sprites(a)) {
        fprintf(stderr, "jumpstrike: cannot prepare the sprites: %s\n", SDL_GetError());
        goto out_assets;
    }
    a->g.text = ui_text_create(r, &assets);
    ui_find_scenario_dir(a->scen_dir, sizeof a->scen_dir);
    SDL_GetRendererOutputSize(r, &a->w, &a->h);
    ui_app_apply_settings(a);
    if (!set_ok && !missing && !headless)
        ui_app_toast(a, "%s", setmsg);

    if (o->scenario || o->bench_frames) {
        /* straight into a hotseat battle (tests and tools rely on this) */
        ui_game_setup setup;
        ui_battle *bt = command_line_battle(o, a, &scn, &setup);
        if (!bt)
            goto out_text;
        if (o->bench_frames) {
            ui_battle_resize(bt, a->w, a->h);
            rc = run_bench(o, &a->g, bt, a->w, a->h);
            ui_battle_destroy(bt);
            goto out_text;
        }
        ui_screen *s = ui_scr_battle_wrap(a, bt, &setup, NULL);
        if (!s)
            goto out_text;
        ((void)0);
        ui_app_push(a, s);
        /* a battle from the command line keeps the speed it always had unless settings say */
    } else if (o->replay) {
        ui_screen *s = ui_scr_replay(a, o->replay, err, sizeof err);
        if (!s) {
            fprintf(stderr, "jumpstrike: %s\n", err);
            goto out_text;
        }
        ui_app_push(a, s);
    } else {
        ui_app_push(a, ui_scr_title(a));
    }
    if (a->n == 0)
        goto out_text;
    ui_settings run_start = a->set;

    if (o->screenshot) {
        ui_app_draw(a);
        if (!save_png(r, a->w, a->h, o->screenshot)) {
            fprintf(stderr, "jumpstrike: cannot write %s: %s\n", o->screenshot, SDL_GetError());
            goto out_stack;
        }
        rc = 0;
        goto out_stack;
    }

    /* the main loop: draw when something changed, sleep on events otherwise */
    double last = now_ms(), frame_start = now_ms();
    bool first = true;
    a->dirty = true;
    while (!a->quit && a->n > 0) {
        SDL_Event e;
        bool busy = ui_app_update(a, (now_ms() - last) / 1000.0);
        last = now_ms();
        if (busy || a->dirty) {
            if (first && report)
                fprintf(stderr, "jumpstrike: first draw starts %.1f ms\n", now_ms() - t_start);
            ui_app_draw(a);
            if (first && report)
                fprintf(stderr, "jumpstrike: first draw done %.1f ms\n", now_ms() - t_start);
            SDL_RenderPresent(r);
            a->dirty = false;
            if (first) {
                first = false;
                if (report) {
                    struct timespec ts;
                    timespec_get(&ts, TIME_UTC);
                    fprintf(stderr, "jumpstrike: first frame drawn %.1f ms after start (wall clock %lld.%09ld)\n",
                            now_ms() - t_start, (long long)ts.tv_sec, ts.tv_nsec);
                }
                if (!a->exit_after_first_frame)
                    ui_app_sprites(a); /* now, while the player reads the title */
                if (a->exit_after_first_frame) {
                    /* start-up timing: the process ends on the first frame, so its wall time is
                     * the start-to-first-frame time (no clean-up is timed) */
                    fflush(stdout);
                    fflush(stderr);
                    _Exit(0);
                }
            }
        }
        /* animating: about 60 frames a second; idle: sleep until an event arrives */
        int wait_ms = 1000;
        if (busy) {
            double since = now_ms() - frame_start;
            wait_ms = since >= 16.0 ? 0 : (int)(16.0 - since);
        }
        int got = wait_ms > 0 ? SDL_WaitEventTimeout(&e, wait_ms) : SDL_PollEvent(&e);
        if (busy)
            frame_start = now_ms();
        while (got) {
            if (e.type == SDL_QUIT)
                a->quit = true;
            else
                ui_app_event(a, &e);
            ui_app_reap(a);
            got = SDL_PollEvent(&e);
        }
    }
    rc = 0;
    /* keep what the player changed with keys in a battle (speed keys, M, F5/F6) — only those,
     * so a one-run --windowed, --scale or --mute is not written back (the Settings screen saves
     * its own changes when it closes) */
    if (a->settings_path[0]) {
        ui_settings file;
        char msg[600];
        ui_settings_load(&file, a->settings_path, msg, sizeof msg);
        bool changed = false;
        int scale = (int)(ui_scale * 100 + 0.5f);
        if (assets.muted != a->set.mute)
            file.mute = assets.muted, changed = true;
        if (scale != a->set.scale_pct)
            file.scale_pct = scale, changed = true;
        if (a->set.anim_speed != run_start.anim_speed)
            file.anim_speed = a->set.anim_speed, changed = true;
        if (changed && !ui_settings_save(&file, a->settings_path, msg, sizeof msg))
            fprintf(stderr, "jumpstrike: %s\n", msg);
    }
out_stack:
    ui_app_close_all(a);
out_text:
    ui_text_destroy(a->g.text);
    if (a->sprites_ready)
        ui_sprites_free(&a->g.sprites);
out_assets:
    ui_assets_unload(&assets);
out_noassets:
    if (audio)
        Mix_CloseAudio();
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(win);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    free(scn);
    free(a);
    return rc;
}
