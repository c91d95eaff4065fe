/* app.h — the program: command line, SDL set-up, the main loop, --screenshot and --bench-frames. */
#ifndef UI_APP_H
#define UI_APP_H

#include "kit/ui_core.h"
#include <stdint.h>
#include <stdio.h>

typedef struct ui_opts {
    const char *scenario;     /* NULL: the title screen (--screenshot/--bench-frames: the duel) */
    uint64_t seed;
    bool seed_set;
    bool windowed;
    int w, h;
    const char *screenshot;
    int bench_frames;
    bool bench_pan;
    const char *assets;
    const char *record;
    const char *replay;       /* --replay FILE: open the replay viewer on it */
    const char *commands;     /* apply these commands before showing the game (tests, tools) */
    const char *players[2];
    bool manual_dice;
    int scale_pct;
    bool scale_set;           /* --scale given: wins over the settings for this run */
    bool mute;
    bool first_frame_exit;    /* --exit-after-first-frame */
    bool autosave;            /* --autosave: a --scenario battle also keeps the autosave (ui_saves.h) */
    int vs_computer;          /* --vs-computer LEVEL: the js_ai level of the computer's side, -1 none */
    int human;                /* --human a|b: the human's side against the computer (default A) */
    const char *online;       /* --online GAME: open that game of My games (with --bench-frames: bench it) */
} ui_opts;

/* 0: run; 1: done (help or version printed); -1: bad arguments (message in err). */
int ui_opts_parse(int argc, char **argv, ui_opts *o, char *err, size_t cap);
void ui_opts_usage(FILE *f);
/* Run the game; returns the process exit status. */
int ui_app_run(const ui_opts *o);

#endif
