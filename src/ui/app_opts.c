/* app_opts.c — the game's command line: --help, and every option checked with a message naming
 * it (app.h). */
#include "app.h"
#include "js_ai.h"
#include "jsd.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ui_opts_usage(FILE *f)
{
    fprintf(f,
            "usage: jumpstrike [options]\n"
            "Plotted-movement starship combat on a hex battlefield: against the computer,\n"
            "or two players at one screen (hotseat).\n\n"
            "  --scenario FILE     start a hotseat game of FILE at once (default: the title screen)\n"
            "  --vs-computer LEVEL with --scenario: play against the computer (cadet, captain,\n                      admiral, commodore)\n"
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
            "  --online GAME       open game GAME of My games (Play online) at once; with\n"
            "                      --bench-frames: the benchmark once its battle is shown\n"
            "  --version           print the version and exit\n"
            "  --help              this help\n\n"
            "In game: drag to pan, wheel to zoom, F to fit, Tab next ship, Enter Ready,\n"
            "Shift-click or Shift-drag a box to give several ships one order,\n"
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
/* an option's value is never the next option: "--scenario --windowed" swallowed --windowed and
 * then failed to open it (a file named so is "./--windowed") */
#define NEED()                                                                                     \
    do {                                                                                           \
        if (!val || !strncmp(val, "--", 2)) {                                                      \
            snprintf(err, cap, "%s needs a value%s%.40s (see --help)", a, val ? ", not the option " : "", \
                     val ? val : "");                                                              \
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
        } else if (!strcmp(a, "--online")) {
            NEED();
            o->online = val;
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
            char why[200];
            if (strlen(val) > JS_NAME_LEN - 1) { /* it was cut short in silence */
                snprintf(err, cap, "%s: a player's name is at most %d bytes, this one is %zu", a, JS_NAME_LEN - 1,
                         strlen(val));
                return -1;
            }
            if (!jsd_name_ok(val, why, sizeof why)) {
                snprintf(err, cap, "%s: the name %s", a, why);
                return -1;
            }
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
                snprintf(err, cap, "--vs-computer %s: expected a level: cadet, captain, admiral or commodore", val);
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
