/* app.c — start-up (SDL, settings, window, assets, the first screen), the one event loop (it
 * sleeps on events when nothing moves), one-frame screenshots, and shutting down. The command
 * line is app_opts.c, the frame-time benchmark app_bench.c. */
#include "app_int.h"
#include "battle/ui_saves.h"
#include "js_ai.h"
#include "screens/ui_screens.h"
#include <SDL_image.h>
#include "kit/mixer.h"
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

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
    jsd_sweep_temporaries(o->record); /* what an earlier run, killed mid-write, left beside it */
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
    if (o->autosave && !o->screenshot && !o->bench_frames && ui_saves_autosave_path(autosave, sizeof autosave)) {
        /* the game in the autosave is kept in the saves folder first, as New game does; when it
         * cannot be, it is not replaced */
        char kept[UI_SAVE_NAME_MAX + 16], kerr[700];
        if (ui_saves_keep_autosave(kept, sizeof kept, kerr, sizeof kerr)) {
            fprintf(stderr, "jumpstrike: the last game in the autosave is kept: Load lists it as \"%s\"\n", kept);
        } else if (kerr[0]) {
            fprintf(stderr, "jumpstrike: the last game in the autosave could not be kept, so it is not replaced: %s\n",
                    kerr);
            free(scn);
            return NULL;
        }
        cfg.autosave_path = autosave; /* written after every command (ui_saves.h) */
    }
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

/* JS_STARTUP_REPORT: a line on stderr with the wall clock (start-up timing against the shell's). */
static void report_wall_clock(const char *what, double ms)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    if (ms < 0)
        fprintf(stderr, "jumpstrike: %s (wall clock %lld.%09ld)\n", what, (long long)ts.tv_sec, ts.tv_nsec);
    else
        fprintf(stderr, "jumpstrike: %s %.1f ms after start (wall clock %lld.%09ld)\n", what, ms, (long long)ts.tv_sec,
                ts.tv_nsec);
}

/* The settings from the user's folder (a bad file gives the defaults and a message on stderr),
 * then what the command line says for this run. True when the message is worth a toast too
 * (not for a first run with no settings yet). */
static bool load_settings(ui_app *a, const ui_opts *o, char *msg, size_t cap)
{
    bool ok = false;
    if (ui_settings_default_path(a->settings_path, sizeof a->settings_path))
        ok = ui_settings_load(&a->set, a->settings_path, msg, cap);
    else
        ui_settings_load(&a->set, NULL, msg, cap);
    bool missing = !ok && strstr(msg, "no settings yet") != NULL;
    if (!ok && !missing)
        fprintf(stderr, "jumpstrike: %s\n", msg);
    /* the command line wins over the settings for this run */
    if (o->scale_set)
        a->set.scale_pct = o->scale_pct;
    if (o->mute)
        a->set.mute = true;
    if (o->windowed)
        a->set.fullscreen = false;
    return !ok && !missing;
}

/* The window and its renderer; the audio waits for the rest of the assets (ui_app_sprites:
 * once the title has been left alone after its first frame). False with the reason on stderr
 * (SDL is shut down again). */
static bool open_window(ui_app *a, const ui_opts *o, bool headless)
{
    a->want_audio = !a->set.mute && !headless && !a->exit_after_first_frame;
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
        return false;
    }
    SDL_SetWindowMinimumSize(win, 640, 400);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    a->win = win;
    a->g.r = r;
    return true;
}

/* --online GAME --bench-frames N: the benchmark in the online game's process once its battle is
 * shown (its lanes running, the long-poll out), so it counts what online play adds to a frame. */
static int online_bench(const ui_opts *o, ui_app *a, ui_screen *s)
{
    double t0 = now_ms();
    bool failed = false;
    ui_battle *bt = NULL;
    while (!(bt = ui_scr_online_game_battle(s, &failed)) && !failed && now_ms() - t0 < 30000) {
        SDL_Event e;
        ui_app_update(a, 0.016);
        if (SDL_WaitEventTimeout(&e, 50))
            ui_app_event(a, &e);
    }
    if (!bt) {
        ui_app_draw(a);
        fprintf(stderr, "jumpstrike: --online %s: the game did not open%s\n", o->online,
                failed ? " (the server's answer is on its screen)" : " in 30 s");
        return 1;
    }
    ui_app_draw(a); /* the battle as the player sees it, then the board benchmark */
    return ui_app_bench(o, &a->g, bt, a->w, a->h);
}

/* The first screen: the command line's battle (or its benchmark), the replay, or the title.
 * False when none opened (the reason is on stderr); *rc is the exit status for that case. */
static bool first_screen(const ui_opts *o, ui_app *a, js_scenario **scn, int *rc)
{
    char err[1024];
    ui_saves_sweep();
    if (o->online) {
        ui_screen *s = ui_scr_online_open(a, o->online, err, sizeof err);
        if (!s) {
            fprintf(stderr, "jumpstrike: --online %s: %s\n", o->online, err);
            return false;
        }
        ui_app_push(a, s);
        if (o->bench_frames) {
            *rc = online_bench(o, a, s);
            return false;
        }
    } else if (o->scenario || o->bench_frames) {
        /* straight into a hotseat battle (tests and tools rely on this) */
        ui_game_setup setup;
        ui_battle *bt = command_line_battle(o, a, scn, &setup);
        if (!bt)
            return false;
        if (o->bench_frames) {
            ui_battle_resize(bt, a->w, a->h);
            *rc = ui_app_bench(o, &a->g, bt, a->w, a->h);
            ui_battle_destroy(bt);
            return false;
        }
        ui_screen *s = ui_scr_battle_wrap(a, bt, &setup, NULL);
        if (!s)
            return false;
        ui_app_push(a, s);
        /* a battle from the command line keeps the speed it always had unless settings say */
    } else if (o->replay) {
        ui_screen *s = ui_scr_replay(a, o->replay, err, sizeof err);
        if (!s) {
            fprintf(stderr, "jumpstrike: %s\n", err);
            return false;
        }
        ui_app_push(a, s);
    } else {
        ui_app_push(a, ui_scr_title(a));
    }
    return a->n > 0;
}

/* Start-up timing (JS_EXIT_AFTER_FIRST_FRAME): the process ends on the first frame, so its wall
 * time is the start-to-first-frame time (no clean-up is timed). */
static void first_frame_shown(const ui_app *a, bool report, double t_start)
{
    if (report)
        report_wall_clock("first frame drawn", now_ms() - t_start);
    if (a->exit_after_first_frame) {
        fflush(stdout);
        fflush(stderr);
        _Exit(0);
    }
}

/* One frame drawn and shown. The first one ends a start-up timed by JS_EXIT_AFTER_FIRST_FRAME,
 * unless the title's prepared picture was that (title_shown); then this is the main thread's own
 * first draw of that title, and JS_STARTUP_REPORT says how far it differs from the picture shown
 * (it must not: e2e_startup). */
static void draw_frame(ui_app *a, bool report, double t_start, bool title_shown, bool *first)
{
    bool timed = *first && report && !title_shown;
    if (timed)
        fprintf(stderr, "jumpstrike: first draw starts %.1f ms\n", now_ms() - t_start);
    Uint32 *shown = *first && report && title_shown ? ui_title_prep_grab(a->g.r, a->w, a->h) : NULL;
    ui_app_draw(a);
    if (*first && report && title_shown)
        fprintf(stderr, "jumpstrike: the title drawn here differs from the one shown in %ld pixels\n",
                ui_title_prep_differs(a->g.r, shown, a->w, a->h));
    if (timed)
        fprintf(stderr, "jumpstrike: first draw done %.1f ms\n", now_ms() - t_start);
    SDL_RenderPresent(a->g.r);
    a->dirty = false;
    if (*first && !title_shown)
        first_frame_shown(a, report, t_start);
    *first = false;
}

/* After the title's first picture, what the title does not need waits until the player has
 * left it alone this long (or until the first event, for the title's own draw): the title
 * answers at once, even on a busy machine.
 * - title_shown (the picture drawn on the second thread is on the screen): this thread's own
 *   draw of that same title (12-15 ms: its text cache, the buttons' places for clicks) waits
 *   for the first event, which it then precedes, or for the pause;
 * - the rest of the assets, the audio and the prepared sprites (ui_app_sprites, 15-20 ms) wait
 *   for the pause; the first screen pushed loads them if the player was quicker (ui_app_push). */
enum { REST_AFTER_IDLE_MS = 250 };

/* An event that changes nothing on the screen and asks nothing of it (the window shown, moved,
 * focused, the pointer coming in): the picture shown stays right. */
static bool window_only(const SDL_Event *e)
{
    if (e->type != SDL_WINDOWEVENT)
        return false;
    switch (e->window.event) {
    case SDL_WINDOWEVENT_SHOWN:
    case SDL_WINDOWEVENT_MOVED:
    case SDL_WINDOWEVENT_ENTER:
    case SDL_WINDOWEVENT_LEAVE:
    case SDL_WINDOWEVENT_FOCUS_GAINED:
    case SDL_WINDOWEVENT_FOCUS_LOST:
    case SDL_WINDOWEVENT_TAKE_FOCUS:
        return true;
    default:
        return false;
    }
}

/* The one event loop: draw when something changed, sleep on events otherwise, until the player
 * quits or the last screen closes. */
static void run_loop(ui_app *a, bool report, double t_start, bool title_shown)
{
    double last = now_ms(), frame_start = now_ms(), last_event = now_ms();
    bool first = true, own_pending = title_shown, rest_pending = title_shown && !a->sprites_ready;
    a->dirty = true;
    while (!a->quit && a->n > 0) {
        SDL_Event e;
        bool busy = ui_app_update(a, (now_ms() - last) / 1000.0);
        last = now_ms();
        if (busy || (a->dirty && !own_pending)) {
            bool was_first = first;
            draw_frame(a, report, t_start, title_shown, &first);
            own_pending = false;
            if (was_first && !title_shown) {
                rest_pending = !a->sprites_ready;
                last_event = now_ms();
            }
        }
        /* animating: about 60 frames a second; idle: sleep until an event arrives */
        int wait_ms = 1000;
        if (rest_pending || own_pending)
            wait_ms = REST_AFTER_IDLE_MS;
        if (busy) {
            double since = now_ms() - frame_start;
            wait_ms = since >= 16.0 ? 0 : (int)(16.0 - since);
        }
        int got = wait_ms > 0 ? SDL_WaitEventTimeout(&e, wait_ms) : SDL_PollEvent(&e);
        if (busy)
            frame_start = now_ms();
        if (got)
            last_event = now_ms();
        bool pause = !got && now_ms() - last_event >= REST_AFTER_IDLE_MS;
        if (own_pending && pause) {
            draw_frame(a, report, t_start, title_shown, &first);
            own_pending = false;
        }
        rest_pending = rest_pending && !a->sprites_ready; /* a screen pushed meanwhile loaded them */
        if (rest_pending && pause) {
            if (!ui_app_sprites(a))
                a->dirty = true; /* its toast says what is missing */
            rest_pending = false;
            if (report)
                fprintf(stderr, "jumpstrike: the rest of the assets loaded %.1f ms\n", now_ms() - t_start);
        }
        while (got) {
            if (own_pending && !window_only(&e)) { /* the event needs the buttons' places */
                draw_frame(a, report, t_start, title_shown, &first);
                own_pending = false;
            }
            if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_CLOSE)
                a->close_clicked = true;
            /* The window's close button: a screen with work to lose asks first. A quit with no
             * close before it is a signal (SIGTERM, SIGINT, the session ending): it is obeyed,
             * since nobody is at the window to answer. */
            if (e.type == SDL_QUIT) {
                a->quit = !(a->close_clicked && ui_app_quit_asked(a));
                a->close_clicked = false;
            } else
                ui_app_event(a, &e);
            ui_app_reap(a);
            got = SDL_PollEvent(&e);
        }
    }
}

/* Keep what the player changed with keys in a battle (speed keys, M, F5/F6) — only those, so a
 * one-run --windowed, --scale or --mute is not written back (the Settings screen saves its own
 * changes when it closes). */
static void keep_key_settings(const ui_app *a, const ui_assets *assets, const ui_settings *run_start)
{
    if (!a->settings_path[0])
        return;
    ui_settings file;
    char msg[600];
    ui_settings_load(&file, a->settings_path, msg, sizeof msg);
    bool changed = false;
    int scale = (int)(ui_scale * 100 + 0.5f);
    if (assets->muted != a->set.mute)
        file.mute = assets->muted, changed = true;
    if (scale != a->set.scale_pct)
        file.scale_pct = scale, changed = true;
    if (a->set.anim_speed != run_start->anim_speed)
        file.anim_speed = a->set.anim_speed, changed = true;
    if (changed && !ui_settings_save(&file, a->settings_path, msg, sizeof msg))
        fprintf(stderr, "jumpstrike: %s\n", msg);
}

/* With no session bus to be found, SDL's start-up (it asks D-Bus for the screensaver and input
 * methods) makes libdbus autolaunch one: a fork of the game on the way to its first frame and,
 * where dbus-x11 is installed, a new bus daemon left running after the game, with no screensaver
 * or input method on it. libdbus looks in DBUS_SESSION_BUS_ADDRESS, then for the user's bus in
 * XDG_RUNTIME_DIR; when neither is there, it is told there is none. */
static void no_bus_autolaunch(void)
{
    const char *addr = getenv("DBUS_SESSION_BUS_ADDRESS"), *run = getenv("XDG_RUNTIME_DIR");
    if (addr && *addr)
        return;
    char bus[1100];
    struct stat st;
    if (run && *run && snprintf(bus, sizeof bus, "%s/bus", run) < (int)sizeof bus && stat(bus, &st) == 0)
        return;
    SDL_setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 0);
}

/* SDL's X11 start-up opens an input method, and libX11 then reads the locale's whole Compose
 * table (half a megabyte, character by character: a fifth of the start-up's CPU) unless it finds
 * a parsed copy in a cache folder. Distributions ship none and ~/.compose-cache is opt-in, so the
 * game offers libX11 a folder of its own in the user's cache (XDG_CACHE_HOME or ~/.cache, then
 * jumpstrike/compose): libX11 writes the parsed table there once and maps it on later starts
 * (it checks the table's name, size and date, and uses no cache for root). A cache folder the
 * user chose (XCOMPOSECACHE, ~/.compose-cache) stays theirs. */
static void compose_cache(void)
{
    const char *set = getenv("XCOMPOSECACHE"), *home = getenv("HOME"), *cache = getenv("XDG_CACHE_HOME");
    char dir[1100];
    struct stat st;
    if ((set && *set) || !home || !*home)
        return;
    if (snprintf(dir, sizeof dir, "%s/.compose-cache", home) < (int)sizeof dir && stat(dir, &st) == 0)
        return;
    int n = cache && *cache ? snprintf(dir, sizeof dir, "%s", cache) : snprintf(dir, sizeof dir, "%s/.cache", home);
    if (n <= 0 || n + 20 >= (int)sizeof dir)
        return;
    mkdir(dir, 0700); /* each step may exist already; the last one must be a folder */
    strcat(dir, "/jumpstrike");
    mkdir(dir, 0700);
    strcat(dir, "/compose");
    mkdir(dir, 0700);
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        SDL_setenv("XCOMPOSECACHE", dir, 1);
}

int ui_app_run(const ui_opts *o)
{
    double t_start = now_ms();
    bool report = getenv("JS_STARTUP_REPORT") != NULL;
    if (report)
        report_wall_clock("main reached", -1);
    char err[1024];
    ui_app *a = calloc(1, sizeof *a);
    if (!a) {
        fprintf(stderr, "jumpstrike: out of memory\n");
        return 1;
    }
    bool headless = o->screenshot || o->bench_frames;
    a->exit_after_first_frame = o->first_frame_exit || (getenv("JS_EXIT_AFTER_FIRST_FRAME") && *getenv("JS_EXIT_AFTER_FIRST_FRAME"));
    char setmsg[700] = "";
    bool tell_settings = load_settings(a, o, setmsg, sizeof setmsg);
    ui_scale = a->set.scale_pct / 100.0f;
    ui_side_palette = a->set.cb_palette;
    if (TTF_Init() != 0 || (IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG) == 0) {
        fprintf(stderr, "jumpstrike: cannot start SDL_ttf/SDL_image: %s\n", SDL_GetError());
        free(a);
        return 1;
    }
    /* The title's first picture is drawn on a second thread while SDL opens the display; a
     * windowed game knows its size now, a full-screen one once SDL knows the desktop's. */
    bool title_first = !headless && !o->scenario && !o->replay && !o->online && !tell_settings;
    bool have_assets = ui_assets_find_dir(o->assets, a->asset_dir, sizeof a->asset_dir, err, sizeof err);
    ui_title_prep *prep = NULL;
    no_bus_autolaunch(); /* these before the second thread starts: the environment and SDL's */
    compose_cache();      /* hints are not locked */
    ui_title_prep_match_lines();
    if (title_first && have_assets && !a->set.fullscreen)
        prep = ui_title_prep_start(a, o->w, o->h);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "jumpstrike: cannot start SDL: %s\n", SDL_GetError());
        SDL_DestroyTexture(ui_title_prep_take(prep, NULL, 0, 0));
        free(a);
        return 1;
    }
    SDL_DisplayMode desk;
    if (title_first && have_assets && a->set.fullscreen && SDL_GetDesktopDisplayMode(0, &desk) == 0)
        prep = ui_title_prep_start(a, desk.w, desk.h);
    /* With no X11 or Wayland display SDL falls back to a driver that shows nothing: the game
     * would run on, invisible. Only a screenshot or a benchmark, or a driver asked for by name
     * (the tests' SDL_VIDEODRIVER=dummy), may run without a window to see. */
    const char *vd = SDL_GetCurrentVideoDriver();
    const char *asked = getenv("SDL_VIDEODRIVER");
    if (!headless && vd && (!strcmp(vd, "offscreen") || !strcmp(vd, "dummy") || !strcmp(vd, "evdev")) &&
        !(asked && *asked)) {
        fprintf(stderr,
                "jumpstrike: no display to open a window on (DISPLAY=%s, WAYLAND_DISPLAY=%s): start it from a "
                "desktop session, or set DISPLAY\n",
                getenv("DISPLAY") ? getenv("DISPLAY") : "unset",
                getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "unset");
        SDL_DestroyTexture(ui_title_prep_take(prep, NULL, 0, 0));
        SDL_Quit();
        free(a);
        return 1;
    }
    if (!open_window(a, o, headless)) {
        SDL_DestroyTexture(ui_title_prep_take(prep, NULL, 0, 0));
        free(a);
        return 1;
    }
    SDL_Renderer *r = a->g.r;
    int ow = 0, oh = 0;
    SDL_GetRendererOutputSize(r, &ow, &oh);
    double t_wait = now_ms();
    SDL_Texture *first_pic = ui_title_prep_take(prep, r, ow, oh); /* waits: SDL_ttf is free again */
    if (report && prep)
        fprintf(stderr, "jumpstrike: window ready %.1f ms; waited %.1f ms for the title's picture (%s)\n",
                t_wait - t_start, now_ms() - t_wait, first_pic ? "shown first" : "not usable: drawn here");
    bool title_shown = first_pic != NULL;
    if (first_pic) { /* on the screen at once: the rest of the start-up happens behind it */
        SDL_RenderCopy(r, first_pic, NULL, NULL);
        SDL_RenderPresent(r);
        SDL_DestroyTexture(first_pic);
        first_frame_shown(a, report, t_start);
    }
    if (report) {
        SDL_RendererInfo ri;
        SDL_GetRendererInfo(r, &ri);
        fprintf(stderr, "jumpstrike: SDL, settings, window and renderer (%s) %.1f ms\n", ri.name, now_ms() - t_start);
    }
    a->help_screen = ui_scr_rules;  /* F1 anywhere */
    a->home_screen = ui_scr_title;  /* "to the title" from a battle started on the command line */
    ui_assets assets;
    int rc = 1;
    js_scenario *scn = NULL;
    if (!have_assets || !ui_assets_load_title(&assets, r, a->asset_dir, err, sizeof err)) {
        fprintf(stderr, "jumpstrike: %s\n", err);
        goto out_noassets;
    }
    a->g.assets = &assets;
    if (report)
        fprintf(stderr, "jumpstrike: assets %.1f ms (from %s, font %s)\n", now_ms() - t_start, a->asset_dir,
                assets.font_path[UI_FONT_SANS]);
    /* the rest of the assets, the audio and the prepared sprites wait until the title has been
     * left alone after its first frame (it draws without them, run_loop); a battle or a replay
     * needs them now */
    if ((o->scenario || o->bench_frames || o->replay || o->online) && !ui_app_sprites(a)) {
        fprintf(stderr, "jumpstrike: %s\n", a->toast); /* what ui_app_sprites found */
        goto out_assets;
    }
    a->g.text = ui_text_create(r, &assets);
    ui_find_scenario_dir(a->scen_dir, sizeof a->scen_dir);
    ui_find_lesson_dir(a->lesson_dir, sizeof a->lesson_dir);
    SDL_GetRendererOutputSize(r, &a->w, &a->h);
    ui_app_apply_settings(a);
    if (tell_settings && !headless)
        ui_app_toast(a, "%s", setmsg);
    if (!first_screen(o, a, &scn, &rc))
        goto out_text;
    ui_settings run_start = a->set;
    if (o->screenshot) {
        ui_app_draw(a);
        rc = save_png(r, a->w, a->h, o->screenshot) ? 0 : 1;
        if (rc)
            fprintf(stderr, "jumpstrike: cannot write %s: %s\n", o->screenshot, SDL_GetError());
        goto out_stack;
    }
    run_loop(a, report, t_start, title_shown);
    rc = 0;
    keep_key_settings(a, &assets, &run_start);
out_stack:
    ui_app_close_all(a);
out_text:
    ui_text_destroy(a->g.text);
    if (a->sprites_ready)
        ui_sprites_free(&a->g.sprites);
out_assets:
    ui_assets_unload(&assets);
out_noassets:
    if (a->audio_open)
        ui_mix_close();
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(a->win);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    free(scn);
    free(a);
    return rc;
}
