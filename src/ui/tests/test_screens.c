/* test_screens.c — the screens around the battle, offscreen: settings load and save (missing,
 * corrupt, truncated, foreign, wrong-typed and future files give the defaults and a message,
 * never a crash; saving is atomic and round-trips), the scenario picker's listing (every
 * scenario, catalogues and records left out, bad files listed with their error), and every
 * screen of the stack drawn once (title, picker, new game, settings, rules, results of a
 * finished game) with the layout the end-to-end tests read. Runs in a scratch XDG_DATA_HOME.
 * With JS_TEST_SHOTS set the screens are saved as PNGs for looking at (screen_NAME.png). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <SDL_image.h>
#include "battle/battle.h"
#include "battle/battle_int.h"
#include "battle/ui_saves.h"
#include "app.h"
#include "kit/files.h"
#include "screens/ui_screens.h"
#include "ui_testkit.h"

enum { W = 1280, H = 800 };

static tk K;
static char HOME_DIR[256], SRC[900];

static int setup(void **state)
{
    (void)state;
    if (!tk_home(HOME_DIR, sizeof HOME_DIR, "screens"))
        return -1;
    const char *src = getenv("JS_SOURCE_DIR");
    snprintf(SRC, sizeof SRC, "%s", src ? src : ".");
    return tk_open(&K, W, H) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    tk_close(&K);
    tk_home_remove(HOME_DIR);
    return 0;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static bool same_settings(const ui_settings *a, const ui_settings *b)
{
    return a->volume == b->volume && a->mute == b->mute && a->fullscreen == b->fullscreen &&
           a->scale_pct == b->scale_pct && a->anim_speed == b->anim_speed && a->cb_palette == b->cb_palette &&
           a->confirm_ready == b->confirm_ready;
}

/* ----------------------------------------------------------------- settings */

static void settings_round_trip(void **state)
{
    (void)state;
    char path[512], msg[600];
    assert_true(ui_settings_default_path(path, sizeof path));
    assert_non_null(strstr(path, HOME_DIR)); /* the scratch folder, never the real user's */
    assert_non_null(strstr(path, "settings.json"));
    ui_settings s, back, def;
    ui_settings_defaults(&def);
    /* missing: the defaults, and a message that says so */
    remove(path);
    assert_false(ui_settings_load(&back, path, msg, sizeof msg));
    assert_true(same_settings(&back, &def));
    assert_true(msg[0] != 0);
    /* every field changed survives a save and a load */
    ui_settings_defaults(&s);
    s.volume = 35;
    s.mute = true;
    s.fullscreen = !def.fullscreen;
    s.scale_pct = 175;
    s.anim_speed = 3;
    s.cb_palette = true;
    s.confirm_ready = true;
    assert_true(ui_settings_save(&s, path, msg, sizeof msg));
    assert_true(ui_settings_load(&back, path, msg, sizeof msg));
    assert_true(same_settings(&s, &back));
    /* no temporary file is left beside it */
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    struct stat st;
    assert_int_not_equal(stat(tmp, &st), 0);
}

static void settings_bad_files(void **state)
{
    (void)state;
    char path[600], msg[600];
    snprintf(path, sizeof path, "%s/bad-settings.json", HOME_DIR);
    ui_settings s, def;
    ui_settings_defaults(&def);
    static const char *bad[] = {
        "",                                                             /* empty */
        "{\"format\": \"jumpstrike-settings\", \"version\": 1, \"vol",  /* truncated */
        "\x89PNG\r\n\x1a\n garbage",                                    /* not text */
        "[1, 2, 3]",                                                    /* not an object */
        "{\"format\": \"jumpstrike-record\", \"version\": 1}",          /* another kind of file */
        "{\"format\": \"jumpstrike-settings\", \"version\": 99}",       /* from a newer game */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file(path, bad[i]);
        msg[0] = 0;
        assert_false(ui_settings_load(&s, path, msg, sizeof msg));
        assert_true(same_settings(&s, &def));
        assert_true(msg[0] != 0);
    }
    /* a wrong field: the message names it, and the good fields are kept */
    write_file(path, "{\"format\": \"jumpstrike-settings\", \"version\": 1, \"volume\": \"loud\", \"ui_scale\": 150, "
                     "\"mute\": true, \"animation_speed\": 9}");
    assert_false(ui_settings_load(&s, path, msg, sizeof msg));
    assert_non_null(strstr(msg, "volume"));
    assert_int_equal(s.volume, def.volume);
    assert_int_equal(s.scale_pct, 150);
    assert_true(s.mute);
    assert_int_equal(s.anim_speed, def.anim_speed);
    /* a file that cannot be written leaves a message, not a crash */
    ui_settings_defaults(&s);
    snprintf(path, sizeof path, "%s/no/such/folder/settings.json", HOME_DIR);
    assert_false(ui_settings_save(&s, path, msg, sizeof msg));
    assert_true(msg[0] != 0);
    assert_false(ui_settings_save(&s, NULL, msg, sizeof msg));
}

/* ----------------------------------------------------------------- the picker's listing */

static const ui_scen_entry *find(const ui_scen_entry *e, int n, const char *file)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(e[i].file, file))
            return &e[i];
    return NULL;
}

/* The entry for file: listed, playable (ok) or not. */
static const ui_scen_entry *listed(const ui_scen_entry *e, int n, const char *file, bool ok)
{
    const ui_scen_entry *f = find(e, n, file);
    assert_non_null(f);
    assert_int_equal(f->ok, ok);
    return f;
}

/* A scenario folder HOME_DIR/name (into dir) holding copies of the duel and the ship catalogue. */
static void scen_folder(const char *name, char *dir, size_t cap)
{
    char cmd[3000];
    snprintf(dir, cap, "%s/%s", HOME_DIR, name);
    mkdir(dir, 0700);
    snprintf(cmd, sizeof cmd, "cp '%s/scenarios/duel.json' '%s/scenarios/catalogue.json' '%s/'", SRC, SRC, dir);
    assert_int_equal(system(cmd), 0);
}

static void picker_lists_the_scenarios(void **state)
{
    (void)state;
    char dir[1100], err[600];
    snprintf(dir, sizeof dir, "%s/scenarios", SRC);
    ui_scen_entry *e = NULL;
    int n = ui_scen_list(dir, &e, err, sizeof err);
    assert_true(n >= 6);
    for (int i = 0; i < n; i++) {
        assert_true(e[i].ok);
        assert_non_null(e[i].scn);
        assert_true(e[i].scn->width > 0 && e[i].scn->name[0]);
    }
    assert_non_null(find(e, n, "duel.json"));
    assert_non_null(find(e, n, "large_battle.json"));
    assert_null(find(e, n, "catalogue.json")); /* the ship catalogue is not a battle */
    /* a puzzle that starts from a position (Z-36) says which turn it starts on */
    const ui_scen_entry *puzzle = find(e, n, "last_salvo.json");
    assert_non_null(puzzle);
    assert_string_equal(puzzle->scn->name, "Puzzle: The Last Salvo");
    char turns[40];
    ui_scen_turns_text(puzzle->scn, turns, sizeof turns);
    assert_string_equal(turns, "turn 5 of 5");
    ui_scen_turns_text(find(e, n, "duel.json")->scn, turns, sizeof turns);
    assert_string_equal(turns, "10 turns");
    /* sorted by name */
    for (int i = 1; i < n; i++)
        assert_true(strcmp(e[i - 1].scn->name, e[i].scn->name) <= 0);
    ui_scen_list_free(e, n);
}

static void picker_lists_bad_files_with_their_error(void **state)
{
    (void)state;
    char dir[600], path[900], cmd[3000], err[600];
    scen_folder("scen", dir, sizeof dir);
    snprintf(path, sizeof path, "%s/broken.json", dir);
    write_file(path, "{\"format\": \"jumpstrike-scenario\", \"version\": 1, \"name\": ");
    snprintf(path, sizeof path, "%s/wrong.json", dir);
    write_file(path, "{\"format\": \"jumpstrike-scenario\", \"version\": 1, \"id\": \"w\", \"name\": \"Wrong\", "
                     "\"width\": \"wide\", \"height\": 10}");
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    write_file(path, "not json, not listed");
    snprintf(cmd, sizeof cmd, "cp '%s/scenarios/demos/duel.json' '%s/a_record.json'", SRC, dir);
    assert_int_equal(system(cmd), 0);

    ui_scen_entry *e = NULL;
    int n = ui_scen_list(dir, &e, err, sizeof err);
    assert_int_equal(n, 3); /* duel, broken, wrong: not the catalogue, the record or the .txt */
    listed(e, n, "duel.json", true);
    const ui_scen_entry *b = listed(e, n, "broken.json", false), *w = listed(e, n, "wrong.json", false);
    assert_null(b->scn);
    assert_non_null(strstr(b->error, "broken.json"));
    assert_non_null(strstr(w->error, "wrong.json"));
    assert_non_null(strstr(w->error, "width"));
    assert_string_equal(e[0].file, "duel.json"); /* playable ones first */
    ui_scen_list_free(e, n);

    /* a folder that is not there: -1 and a message */
    snprintf(path, sizeof path, "%s/nowhere", HOME_DIR);
    assert_int_equal(ui_scen_list(path, &e, err, sizeof err), -1);
    assert_non_null(strstr(err, "nowhere"));
}

/* A FIFO in place of settings.json, or among the scenarios, used to hang the game (at start-up,
 * or in New game's picker); a 62 MB file cost seconds and gigabytes. Both are refused at once,
 * with messages that say what the file is. SIGALRM's default action ends a test that blocks. */
static void fifos_and_huge_files_never_block(void **state)
{
    (void)state;
    char path[900], msg[600];
    snprintf(path, sizeof path, "%s/fifo-settings.json", HOME_DIR);
    assert_int_equal(mkfifo(path, 0600), 0);
    alarm(20);
    ui_settings s, def;
    ui_settings_defaults(&def);
    assert_false(ui_settings_load(&s, path, msg, sizeof msg));
    assert_true(same_settings(&s, &def));
    assert_non_null(strstr(msg, "named pipe (FIFO)"));
    unlink(path);

    char dir[600];
    scen_folder("scen-odd", dir, sizeof dir);
    snprintf(path, sizeof path, "%s/pipe.json", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    snprintf(path, sizeof path, "%s/huge.json", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("{\"format\": \"jumpstrike-scenario\", \"version\": 1, \"description\": \"", f);
    fclose(f);
    assert_int_equal(truncate(path, 62L * 1024 * 1024), 0);
    ui_scen_entry *e = NULL;
    char err[600];
    int n = ui_scen_list(dir, &e, err, sizeof err);
    alarm(0);
    assert_int_equal(n, 3);
    listed(e, n, "duel.json", true);
    const ui_scen_entry *p = listed(e, n, "pipe.json", false), *h = listed(e, n, "huge.json", false);
    assert_non_null(strstr(p->error, "named pipe (FIFO), not a regular file"));
    assert_non_null(strstr(h->error, "the file is too large"));
    ui_scen_list_free(e, n);
}

/* ----------------------------------------------------------------- every screen drawn */

static bool drew_something(void)
{
    /* the backdrop is dark; text and panels are not */
    int bright = 0;
    for (int y = 0; y < H; y += 7)
        for (int x = 0; x < W; x += 7) {
            ui_rgba c = tk_px(&K, x, y);
            if (c.r + c.g + c.b > 400)
                bright++;
        }
    return bright > 20;
}

static char *read_all(const char *path)
{
    jsd_error e;
    size_t len;
    return jsd_read_file(path, &len, &e);
}

/* JS_TEST_SHOTS: keep the screen just drawn as screen_NAME.png. */
static void shot(const char *name)
{
    if (!getenv("JS_TEST_SHOTS"))
        return;
    char path[64];
    snprintf(path, sizeof path, "screen_%s.png", name);
    SDL_Surface *s = tk_copy(&K);
    IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

static void send_key(ui_app *a, SDL_Keycode k)
{
    SDL_Event e = ui_key_event(k, 0);
    ui_app_event(a, &e);
    ui_app_reap(a);
}

static void send_text(ui_app *a, const char *text)
{
    SDL_Event e = tk_text_event(text);
    ui_app_event(a, &e);
}

/* The layout after drawing the top screen (the caller frees it). */
static char *drawn_layout(ui_app *a, const char *layout)
{
    ui_app_draw(a);
    char *t = read_all(layout);
    assert_non_null(t);
    return t;
}

/* An app as app.c starts one (the title at home, the rules on F1) at W x H, with default
 * settings and the source tree's scenarios and assets. With a name, its test layout is written
 * to HOME_DIR/name (the path into layout). */
static ui_app *new_app(const char *name, char *layout, size_t cap)
{
    if (name) {
        snprintf(layout, cap, "%s/%s", HOME_DIR, name);
        setenv("JS_UI_LAYOUT", layout, 1);
    }
    ui_app *a = calloc(1, sizeof *a);
    assert_non_null(a);
    a->g = K.g;
    a->help_screen = ui_scr_rules; /* as app.c names them */
    a->home_screen = ui_scr_title;
    a->w = W;
    a->h = H;
    ui_settings_defaults(&a->set);
    snprintf(a->scen_dir, sizeof a->scen_dir, "%s/scenarios", SRC);
    snprintf(a->asset_dir, sizeof a->asset_dir, "%s/assets", SRC);
    return a;
}

/* The top screen drawn (kept as a PNG with JS_TEST_SHOTS) and its layout (the caller frees it). */
static char *shown(ui_app *a, const char *layout, const char *name)
{
    char *t = drawn_layout(a, layout);
    shot(name);
    return t;
}

/* The game of the record at path played to its end (the record into *rec). */
static js_game *played_to_end(const char *path, jsd_record **rec)
{
    jsd_error je;
    *rec = jsd_record_load(path, &je);
    assert_non_null(*rec);
    js_game *g = jsd_record_start(*rec, path, &je);
    assert_non_null(g);
    for (int i = 0; i < (*rec)->ncmds; i++)
        assert_int_equal(js_submit(g, &(*rec)->cmds[i], NULL, 0), JS_OK);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_NONE);
    return g;
}

/* What New game hands the battle screen: the scenario's path, nothing else. */
static ui_game_setup setup_of(const char *scenario)
{
    ui_game_setup setup;
    memset(&setup, 0, sizeof setup);
    snprintf(setup.scenario_path, sizeof setup.scenario_path, "%s", scenario);
    return setup;
}

/* The top screen drawn: its layout says both. */
static void drawn_says(ui_app *a, const char *layout, const char *want, const char *and_)
{
    char *t = drawn_layout(a, layout);
    if (!strstr(t, want) || !strstr(t, and_))
        fail_msg("no \"%s\" and \"%s\" in\n%s", want, and_, t);
    free(t);
}

/* A key, then the screen drawn: its layout says want. */
static void key_shows(ui_app *a, const char *layout, SDL_Keycode k, const char *want)
{
    send_key(a, k);
    char *t = drawn_layout(a, layout);
    if (!strstr(t, want))
        fail_msg("after key %d, no \"%s\" in\n%s", (int)k, want, t);
    free(t);
}

static void every_screen_draws(void **state)
{
    (void)state;
    char layout[600];
    ui_app *a = new_app("layout.txt", layout, sizeof layout);
    ui_settings_default_path(a->settings_path, sizeof a->settings_path);

    ui_app_push(a, ui_scr_title(a));
    char *t = shown(a, layout, "title");
    assert_true(drew_something());
    assert_non_null(t);
    assert_non_null(strstr(t, "mode title"));
    assert_non_null(strstr(t, "New game"));
    assert_non_null(strstr(t, "continue 0")); /* nothing saved in the scratch folder */
    free(t);

    ui_app_push(a, ui_scr_picker(a));
    t = shown(a, layout, "picker");
    assert_true(drew_something());
    assert_non_null(strstr(t, "mode picker"));
    assert_non_null(strstr(t, "pick duel.json"));
    free(t);

    char duel[1100];
    snprintf(duel, sizeof duel, "%s/scenarios/duel.json", SRC);
    ui_app_push(a, ui_scr_newgame(a, duel));
    t = shown(a, layout, "newgame");
    assert_non_null(strstr(t, "mode newgame"));
    assert_non_null(strstr(t, "Start the battle"));
    free(t);

    ui_app_push(a, ui_scr_settings(a));
    t = shown(a, layout, "settings");
    assert_non_null(strstr(t, "mode settings"));
    free(t);

    ui_app_push(a, ui_scr_rules(a)); /* drawn over the settings */
    t = shown(a, layout, "rules");
    assert_non_null(strstr(t, "mode rules"));
    assert_non_null(strstr(t, "Keys"));
    assert_non_null(strstr(t, "Plotting")); /* a section of rules.md reached the contents */
    free(t);
    /* F1 closes it again; Esc walks back down the stack */
    SDL_Event e = ui_key_event(SDLK_F1, 0);
    ui_app_event(a, &e);
    ui_app_reap(a);
    assert_string_equal(ui_app_top(a)->name, "settings");
    e.key.keysym.sym = SDLK_ESCAPE;
    ui_app_event(a, &e);
    ui_app_reap(a);
    assert_string_equal(ui_app_top(a)->name, "newgame");
    assert_true(ui_app_pop_to(a, "title"));
    ui_app_reap(a);
    assert_int_equal(a->n, 1);

    /* results of a finished game: the demo record played to its end */
    char demo[1100];
    snprintf(demo, sizeof demo, "%s/scenarios/demos/duel.json", SRC);
    jsd_record *rec;
    js_game *g = played_to_end(demo, &rec);
    ui_app_push(a, ui_scr_results(a, g, (const char(*)[JS_NAME_LEN])rec->players, demo, -1));
    t = shown(a, layout, "results");
    assert_true(drew_something());
    assert_non_null(strstr(t, "mode results"));
    char expect[64];
    const js_state *st = js_game_state(g);
    snprintf(expect, sizeof expect, "winner %d\npoints %d %d\n", st->winner, st->points[0], st->points[1]);
    assert_non_null(strstr(t, expect));
    assert_non_null(strstr(t, "Watch the replay"));
    /* losses are never good news: any ship lost or disabled is red (it was green when only
     * disabled), none is plain */
    int lost[2], dis[2], red[2];
    const char *lp = strstr(t, "\nlosses ");
    const char *dp = strstr(t, "\ndisabled ");
    const char *rp = strstr(t, "\nlosses_red ");
    assert_true(lp && dp && rp);
    assert_int_equal(sscanf(lp, "\nlosses %d %d", &lost[0], &lost[1]), 2);
    assert_int_equal(sscanf(dp, "\ndisabled %d %d", &dis[0], &dis[1]), 2);
    assert_int_equal(sscanf(rp, "\nlosses_red %d %d", &red[0], &red[1]), 2);
    for (int sd = 0; sd < 2; sd++)
        assert_int_equal(red[sd], lost[sd] + dis[sd] > 0);
    /* Enter presses the highlighted button: Watch the replay (Enter used to go to the title) */
    assert_non_null(strstr(t, "\nfocus 1\n"));
    free(t);
    key_shows(a, layout, SDLK_RETURN, "mode replay\n");
    key_shows(a, layout, SDLK_ESCAPE, "mode results\n");
    /* the highlight moves on to the title screen, and Enter goes there */
    key_shows(a, layout, SDLK_TAB, "\nfocus 3\n");
    key_shows(a, layout, SDLK_RETURN, "mode title\n");
    js_game_destroy(g);
    jsd_record_free(rec);
    ui_app_pop(a);
    ui_app_reap(a);

    /* A duel lost to the computer: the missile that destroyed the Lancer Frigate reached the
     * target, so its 12 points come just before the end. They are for a ship destroyed, not
     * "disabled at the end" (the results said so while the log said destroyed). */
    snprintf(demo, sizeof demo, "%s/src/ui/tests/records/duel_kill_wins.json", SRC);
    g = played_to_end(demo, &rec);
    st = js_game_state(g);
    assert_int_equal(st->ships[0].state, JS_SHIP_DESTROYED);
    ui_app_push(a, ui_scr_results(a, g, (const char(*)[JS_NAME_LEN])rec->players, demo, -1));
    t = shown(a, layout, "results");
    assert_non_null(strstr(t, "\nvp_destroyed 0 12\nvp_disabled 0 0\n"));
    free(t);
    /* the same game from the side of its one human (side A, who lost): no congratulations to the
     * computer; the line speaks to the player. Had A won, A is congratulated. */
    assert_true(rec->computer[1][0] && !rec->computer[0][0]);
    assert_int_equal(st->winner, 1);
    ui_app_pop(a);
    ui_app_reap(a);
    ui_app_push(a, ui_scr_results(a, g, (const char(*)[JS_NAME_LEN])rec->players, demo, 0));
    t = shown(a, layout, "results");
    const char *vl = strstr(t, "\nverdict ");
    assert_non_null(vl);
    assert_null(strstr(t, "Congratulations"));
    char wins[160];
    snprintf(wins, sizeof wins, "\nverdict %s wins this one, %s.", rec->players[1], rec->players[0]);
    assert_non_null(strstr(t, wins));
    free(t);
    /* online, the server's end decides a resignation (B's win stands as A's), but an end
     * without a winner (an older server: -2) leaves the game's own result, not "no winner" */
    ui_app_pop(a);
    ui_app_reap(a);
    const int said[][2] = {{-2, 1}, {0, 0}, {-1, -1}};
    for (size_t i = 0; i < sizeof said / sizeof said[0]; i++) {
        ui_app_push(a, ui_scr_results_online(a, g, (const char(*)[JS_NAME_LEN])rec->players, 0, said[i][0], "",
                                             NULL));
        t = shown(a, layout, "results");
        snprintf(wins, sizeof wins, "\nwinner %d\n", said[i][1]);
        if (!strstr(t, wins))
            print_error("the server said %d: %s\n", said[i][0], t);
        assert_non_null(strstr(t, wins));
        free(t);
        ui_app_pop(a);
        ui_app_reap(a);
    }
    js_game_destroy(g);
    jsd_record_free(rec);

    /* Learn to play: the list of lessons, a lesson on the battle screen with its box, F1 opens
     * the rules at the lesson's first rule (with the lessons listed there), Esc walks back */
    snprintf(a->lesson_dir, sizeof a->lesson_dir, "%s/lessons", SRC);
    ui_app_push(a, ui_scr_lessons(a));
    t = shown(a, layout, "lessons");
    assert_non_null(strstr(t, "mode lessons"));
    assert_non_null(strstr(t, "lesson 0 moving 1 0")); /* loaded, played through, not done yet */
    assert_non_null(strstr(t, "Start the lesson"));
    free(t);
    send_key(a, SDLK_RETURN);
    assert_string_equal(ui_app_top(a)->name, "lesson");
    ui_app_update(a, 0.05);
    t = shown(a, layout, "lesson");
    assert_non_null(strstr(t, "lesson moving 0 "));
    assert_non_null(strstr(t, "Leave (Esc)"));
    free(t);
    send_key(a, SDLK_F1);
    assert_string_equal(ui_app_top(a)->name, "rules");
    ui_app_draw(a);
    t = read_all(layout);
    assert_non_null(strstr(t, "Lessons")); /* the rules reference lists the lessons and their rules */
    free(t);
    send_key(a, SDLK_ESCAPE);
    assert_string_equal(ui_app_top(a)->name, "lesson");
    send_key(a, SDLK_ESCAPE); /* nothing selected: Esc leaves the lesson */
    assert_string_equal(ui_app_top(a)->name, "lessons");

    ui_app_close_all(a);
    free(a);
    unsetenv("JS_UI_LAYOUT");
}

/* A password-protected game never resumes without its password. The digests used to go to a
 * file beside the autosave, and a failed write of it was ignored: with a folder in the way, the
 * game came back from Continue unprotected. Now they are in the autosave itself. */
static void password_game_resumes_behind_its_password(void **state)
{
    (void)state;
    char layout[600];
    ui_app *a = new_app("layout-pw.txt", layout, sizeof layout);

    char autosave[1100], pwdir[1200], keep[1300], demo[1100], duel[1100], err[600];
    assert_true(ui_autosave_path(a, autosave, sizeof autosave));
    snprintf(pwdir, sizeof pwdir, "%s.passwords", autosave);
    mkdir(pwdir, 0700); /* where the old digests file went: a folder, not empty, cannot be replaced */
    snprintf(keep, sizeof keep, "%s/keep", pwdir);
    write_file(keep, "x");
    snprintf(demo, sizeof demo, "%s/scenarios/demos/duel.json", SRC);
    snprintf(duel, sizeof duel, "%s/scenarios/duel.json", SRC);
    jsd_error je;
    jsd_record *rec = jsd_record_load(demo, &je);
    js_scenario *scn = jsd_scenario_load(duel, &je);
    assert_non_null(rec);
    assert_non_null(scn);

    ui_battle_cfg cfg = tk_battle_cfg(scn, rec->dice_kind, rec->seed);
    cfg.scenario_path = duel;
    cfg.autosave_path = autosave;
    ui_battle *bt = tk_battle(&K, &cfg, 0, 0);
    ui_game_setup setup = setup_of(duel);
    snprintf(setup.password[0], JS_NAME_LEN, "alpha");
    snprintf(setup.password[1], JS_NAME_LEN, "beta");
    ui_screen *s = ui_scr_battle_wrap(a, bt, &setup, autosave);
    assert_non_null(s);
    ui_app_push(a, s);
    char why[JS_REASON_LEN];
    for (int i = 0; i < 3; i++) /* autosaved after each */
        assert_int_equal(ui_battle_apply(bt, &rec->cmds[i], why, sizeof why), JS_OK);
    ui_battle_sync(bt, false);
    ui_app_close_all(a);

    /* the autosave is sealed: no digest, no password, no command in the clear */
    char *text = read_all(autosave);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"sealed\":"));
    assert_null(strstr(text, "\"passwords\":"));
    assert_null(strstr(text, "alpha"));
    assert_null(strstr(text, "\"type\":"));
    free(text);

    /* Continue: both players type their passwords first (the file opens only with both), then
     * the game opens on a handover, and that handover asks for the password */
    ui_screen *r = ui_scr_battle_resume(a, autosave, err, sizeof err);
    if (!r)
        fail_msg("resume: %s", err);
    ui_app_push(a, r);
    drawn_says(a, layout, "mode unlock\n", "asking 0\n");
    send_text(a, "alpha");
    send_key(a, SDLK_RETURN);
    drawn_says(a, layout, "mode unlock\n", "asking 1\n");
    send_text(a, "gamma");
    send_key(a, SDLK_RETURN); /* a wrong one: named, and both asked again */
    drawn_says(a, layout, "mode unlock\n", "side B's password is wrong");
    send_text(a, "alpha");
    send_key(a, SDLK_RETURN);
    send_text(a, "beta");
    send_key(a, SDLK_RETURN);
    drawn_says(a, layout, "mode password\n", "asking");
    ui_app_close_all(a);

    /* C on the title, as SDL delivers it (the key, then its letter): the "c" must not go into
     * the password box that Continue opened, or the right password typed after it is refused */
    ui_app_push(a, ui_scr_title(a));
    ui_app_draw(a);
    send_key(a, SDLK_c);
    send_text(a, "c");
    drawn_says(a, layout, "mode unlock\n", "asking 0\n");
    send_text(a, "alpha");
    send_key(a, SDLK_RETURN);
    send_text(a, "beta");
    send_key(a, SDLK_RETURN);
    text = drawn_layout(a, layout);
    int asking = -1;
    char *at = strstr(text, "asking ");
    if (!strstr(text, "mode password\n"))
        fail_msg("no password handover in\n%s", text);
    assert_non_null(at);
    asking = atoi(at + 7);
    free(text);
    send_text(a, asking == 0 ? "alpha" : "beta");
    send_key(a, SDLK_RETURN);
    text = drawn_layout(a, layout);
    if (strstr(text, "mode password\n"))
        fail_msg("the right password did not pass the handover (asking %d):\n%s", asking, text);
    free(text);
    ui_app_close_all(a);

    /* A sealed game cannot be watched before it is over; a save of an earlier version (the
     * passwords' digests in the clear) is watched behind its passwords, below. */
    ui_app_push(a, ui_scr_title(a));
    assert_null(ui_scr_replay(a, autosave, err, sizeof err));
    assert_non_null(strstr(err, "sealed"));
    ui_app_close_all(a);
    rec->ncmds = 3;
    rec->passwords[0] = ui_pw_digest("alpha");
    rec->passwords[1] = ui_pw_digest("beta");
    assert_true(ui_saves_write(rec, autosave, err, sizeof err));
    rec->passwords[0] = rec->passwords[1] = 0;

    /* Watching it as a replay (the Load list's "Watch replay") showed side A's view, pending
     * secret plots and all, without a password. Now the screen asks before any view is drawn. */
    ui_app_push(a, ui_scr_title(a));
    ui_screen *rs = ui_scr_replay(a, autosave, err, sizeof err);
    if (!rs)
        fail_msg("replay: %s", err);
    ui_app_push(a, rs);
    text = drawn_layout(a, layout);
    assert_non_null(strstr(text, "mode replay-password\n"));
    assert_non_null(strstr(text, "asking -1\n"));
    free(text);
    shot("replay_password");
    send_text(a, "gamma");
    send_key(a, SDLK_RETURN);
    text = drawn_layout(a, layout);
    assert_non_null(strstr(text, "mode replay-password\n"));
    assert_non_null(strstr(text, "wrong 1\n"));
    free(text);
    send_text(a, "be");
    send_text(a, "ta");
    send_key(a, SDLK_RETURN); /* B's password opens B's view */
    text = drawn_layout(a, layout);
    assert_non_null(strstr(text, "mode replay\n"));
    assert_non_null(strstr(text, "viewer 1\n"));
    free(text);
    send_key(a, SDLK_1); /* A's view: A's password first */
    text = drawn_layout(a, layout);
    assert_non_null(strstr(text, "mode replay-password\n"));
    assert_non_null(strstr(text, "asking 0\n"));
    free(text);
    shot("replay_password_side");
    send_key(a, SDLK_ESCAPE); /* back to B's view, A still locked */
    text = drawn_layout(a, layout);
    assert_non_null(strstr(text, "mode replay\n"));
    assert_non_null(strstr(text, "viewer 1\n"));
    free(text);
    send_key(a, SDLK_3); /* and never everything while the game goes on */
    text = drawn_layout(a, layout);
    assert_non_null(strstr(text, "viewer 1\n"));
    free(text);
    ui_app_close_all(a);

    /* Esc at the first question leaves: there is nothing this viewer may see */
    ui_app_push(a, ui_scr_title(a));
    rs = ui_scr_replay(a, autosave, err, sizeof err);
    assert_non_null(rs);
    ui_app_push(a, rs);
    ui_app_draw(a);
    send_key(a, SDLK_ESCAPE);
    text = drawn_layout(a, layout);
    assert_non_null(strstr(text, "mode title\n"));
    free(text);

    ui_app_close_all(a);
    free(a);
    unsetenv("JS_UI_LAYOUT");
    unlink(keep);
    rmdir(pwdir);
    free(scn);
    jsd_record_free(rec);
}

static int parse(ui_opts *o, char *err, size_t cap, int argc, ...)
{
    char *argv[12] = {"jumpstrike"};
    va_list ap;
    va_start(ap, argc);
    for (int i = 1; i < argc; i++)
        argv[i] = va_arg(ap, char *);
    va_end(ap);
    err[0] = 0;
    return ui_opts_parse(argc, argv, o, err, cap);
}

/* The command line: "--scenario --windowed" took --windowed for the scenario ("--windowed:
 * cannot open"); a 5,000-character --player-a was cut short in silence, and a name with a
 * terminal escape code went into the game (and its records). Each is refused, naming it. */
static void command_line_refusals(void **state)
{
    (void)state;
    ui_opts o;
    char err[300], longname[5001];
    assert_int_equal(parse(&o, err, sizeof err, 3, "--scenario", "--windowed"), -1);
    assert_string_equal(err, "--scenario needs a value, not the option --windowed (see --help)");
    assert_int_equal(parse(&o, err, sizeof err, 2, "--record"), -1);
    assert_string_equal(err, "--record needs a value (see --help)");
    memset(longname, 'x', 5000);
    longname[5000] = 0;
    assert_int_equal(parse(&o, err, sizeof err, 3, "--player-a", longname), -1);
    assert_string_equal(err, "--player-a: a player's name is at most 31 bytes, this one is 5000");
    assert_int_equal(parse(&o, err, sizeof err, 3, "--player-b", "Bo\x1b]0;owned\x07"), -1);
    assert_non_null(strstr(err, "--player-b: the name holds the control character U+001B"));
    assert_null(strchr(err, 0x1b)); /* never echoed raw */
    assert_int_equal(parse(&o, err, sizeof err, 3, "--player-b", "Bo\xff"), -1);
    assert_non_null(strstr(err, "not valid UTF-8"));
    /* what is fine still is */
    assert_int_equal(parse(&o, err, sizeof err, 6, "--scenario", "./--odd.json", "--player-a", "Zoë, 31 bytes at most here",
                           "--windowed"), 0);
    assert_string_equal(o.scenario, "./--odd.json");
    assert_string_equal(o.players[0], "Zoë, 31 bytes at most here");
    assert_true(o.windowed);
}

/* The window's right margin, where no toast reaches, as pixels (malloc'd). */
static Uint32 *right_margin(ui_app *a, SDL_Rect *rc)
{
    *rc = (SDL_Rect){a->w - ui_px(14), 0, ui_px(14), a->h};
    Uint32 *px = calloc((size_t)rc->w * (size_t)rc->h, sizeof *px);
    assert_non_null(px);
    assert_int_equal(SDL_RenderReadPixels(a->g.r, rc, SDL_PIXELFORMAT_ARGB8888, px, rc->w * 4), 0);
    return px;
}

/* Why a game cannot continue names its files: the message of an earlier version's passwords file
 * (two long paths) ran off the window's right edge in one line. A toast wraps inside the window,
 * and a path wider than a line is cut between its characters. */
static void a_long_toast_fits_the_window(void **state)
{
    (void)state;
    ui_app *a = new_app(NULL, NULL, 0);
    ui_app_push(a, ui_scr_load(a));
    const char *msgs[] = {
        "Cannot continue: /home/player/.local/share/jumpstrike/jumpstrike/autosave.json: the game's passwords "
        "(/home/player/.local/share/jumpstrike/jumpstrike/autosave.json.passwords) cannot be read: not a passwords "
        "file; a password-protected game is not resumed without them",
        "Cannot continue: /home/player/.local/share/jumpstrike/jumpstrike/a/very/deep/folder/of/saved/games/that/"
        "goes/on/and/on/and/on/past/any/window/edge/even/a/wide/one/at/the/smallest/scale/the/game/allows/"
        "for/its/text/autosave.json.passwords"};
    for (size_t k = 0; k < 2; k++) {
        SDL_Rect rc;
        a->toast_t = 0;
        ui_app_draw(a);
        Uint32 *before = right_margin(a, &rc);
        ui_app_toast(a, "%s", msgs[k]);
        ui_app_draw(a);
        Uint32 *after = right_margin(a, &rc);
        size_t differ = 0;
        for (size_t i = 0; i < (size_t)rc.w * (size_t)rc.h; i++)
            differ += before[i] != after[i];
        if (differ)
            fail_msg("message %zu: %zu pixels of the toast in the window's right margin", k, differ);
        free(before);
        free(after);
        int widest = 0, room = a->w - ui_px(60);
        int hgt = ui_text_wrap_size(a->g.text, UI_FONT_SANS, ui_px(14), msgs[k], room, &widest);
        assert_true(widest <= room);
        assert_true(hgt > ui_text_line_h(a->g.text, UI_FONT_SANS, ui_px(14))); /* more than one line */
    }
    ui_app_close_all(a);
    free(a);
}

/* A toast speaks of the moment it came: "The game is kept: Continue picks it up" stayed on screen
 * for its five seconds over the battle that Continue had just opened. A screen opened or closed
 * later takes it away; one raised with the change stays. */
static void a_toast_goes_with_its_moment(void **state)
{
    (void)state;
    ui_app *a = new_app(NULL, NULL, 0);
    ui_app_push(a, ui_scr_title(a));
    ui_app_toast(a, "The game is kept: Continue picks it up where you left it."); /* as on leaving */
    ui_app_update(a, 0.05);
    assert_true(a->toast_t > 0); /* the title shows it */
    send_key(a, SDLK_n);         /* New game: the picker */
    assert_string_equal(ui_app_top(a)->name, "picker");
    assert_false(a->toast_t > 0);
    ui_app_update(a, 0.05);
    ui_app_pop(a); /* back, and in the same moment a note about it (as Ctrl+Q's) */
    ui_app_toast(a, "The game's record is kept in x.json.");
    ui_app_reap(a);
    assert_true(a->toast_t > 0);
    ui_app_close_all(a);
    free(a);
}

/* Starting a new game used to overwrite the autosave, and with it a finished game's only record.
 * Now the game in the autosave moves to the saves folder first: Load lists it as FINISHED and it
 * still replays. */
static void new_game_keeps_the_last_game(void **state)
{
    (void)state;
    ui_app *a = new_app(NULL, NULL, 0);
    char autosave[1100], demo[1100], err[700];
    assert_true(ui_autosave_path(a, autosave, sizeof autosave));
    snprintf(demo, sizeof demo, "%s/scenarios/demos/duel.json", SRC);
    char *text = read_all(demo);
    assert_non_null(text);
    write_file(autosave, text); /* a finished duel in the autosave */
    free(text);
    ui_save_info *before = NULL;
    int nb = ui_saves_list(&before);
    int finished_before = 0;
    for (int i = 0; i < nb; i++)
        finished_before += before[i].over && !before[i].autosave;
    free(before);

    ui_game_setup setup;
    memset(&setup, 0, sizeof setup);
    snprintf(setup.scenario_path, sizeof setup.scenario_path, "%s/scenarios/duel.json", SRC);
    setup.seed = 5;
    ui_app_push(a, ui_scr_title(a));
    ui_screen *s = ui_scr_battle_new(a, &setup, autosave, err, sizeof err);
    if (!s)
        fail_msg("new game: %s", err);
    ui_app_push(a, s);
    assert_non_null(strstr(a->toast, "Your last game is kept"));

    ui_save_info *list = NULL;
    int n = ui_saves_list(&list);
    int finished = 0;
    char kept[1024] = "";
    for (int i = 0; i < n; i++)
        if (list[i].over && !list[i].autosave && list[i].ok) {
            finished++;
            snprintf(kept, sizeof kept, "%s", list[i].path);
        }
    free(list);
    assert_int_equal(finished, finished_before + 1); /* in Load, as FINISHED */
    assert_non_null(strstr(kept, "finished"));
    jsd_record *r = NULL;
    js_game *g = NULL;
    assert_true(ui_saves_rebuild(kept, &r, &g, err, sizeof err)); /* and it replays */
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_OVER);
    js_game_destroy(g);
    jsd_record_free(r);
    unlink(kept);
    ui_app_close_all(a);
    free(a);
}

/* The bytes of the one file in the saves folder whose bytes are want (its path into out). */
static bool saves_hold(const char *want, size_t wlen, char *out, size_t cap)
{
    char dir[1100];
    assert_true(ui_saves_named_dir(dir, sizeof dir));
    ui_json_name *names = NULL;
    int n = ui_json_files(dir, &names);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        char p[1400];
        size_t len = 0;
        snprintf(p, sizeof p, "%s%s", dir, names[i]);
        char *got = jsd_read_file(p, &len, NULL);
        found = got && len == wlen && memcmp(got, want, wlen) == 0;
        if (found)
            snprintf(out, cap, "%s", p);
        free(got);
    }
    free(names);
    return found;
}

/* An autosave that no longer loads (its scenario changed with an update; a file cut short) was
 * destroyed by New game: "a file that does not load holds no game to keep". Now it moves to the
 * saves folder as it is, byte for byte, and Load lists it with the reason it does not load. */
static void new_game_keeps_an_unloadable_autosave(void **state)
{
    (void)state;
    ui_app *a = new_app(NULL, NULL, 0);
    char autosave[1100], demo[1100], err[700], kept[1400];
    assert_true(ui_autosave_path(a, autosave, sizeof autosave));
    snprintf(demo, sizeof demo, "%s/scenarios/demos/duel.json", SRC);
    jsd_record *r = jsd_record_load(demo, NULL);
    assert_non_null(r);
    r->scenario_hash ^= 1; /* the scenario it was played on is no longer the one installed */
    jsd_error je;
    assert_true(jsd_record_save(r, autosave, &je));
    jsd_record_free(r);
    size_t len = 0;
    char *changed = jsd_read_file(autosave, &len, NULL);
    assert_non_null(changed);
    char *text = read_all(demo);
    assert_non_null(text);
    char *cut = strdup(text);
    cut[strlen(cut) / 2] = 0; /* and one cut in the middle */
    free(text);
    const char *files[2] = {changed, cut};
    size_t lens[2] = {len, strlen(cut)};
    for (int k = 0; k < 2; k++) {
        write_file(autosave, files[k]);
        jsd_record *rr = NULL;
        js_game *g = NULL;
        assert_false(ui_saves_rebuild(autosave, &rr, &g, err, sizeof err)); /* it does not load */
        assert_false(saves_hold(files[k], lens[k], kept, sizeof kept));
        ui_game_setup setup;
        memset(&setup, 0, sizeof setup);
        snprintf(setup.scenario_path, sizeof setup.scenario_path, "%s/scenarios/duel.json", SRC);
        setup.seed = 5;
        ui_app_push(a, ui_scr_title(a));
        ui_screen *s = ui_scr_battle_new(a, &setup, autosave, err, sizeof err);
        if (!s)
            fail_msg("new game: %s", err);
        ui_app_push(a, s);
        assert_non_null(strstr(a->toast, "Your last game is kept"));
        assert_true(saves_hold(files[k], lens[k], kept, sizeof kept)); /* as it was */
        assert_non_null(strstr(kept, "does not load"));
        ui_save_info info;
        ui_saves_info(kept, &info);
        assert_false(info.ok);
        assert_true(info.problem[0] != 0);
        unlink(kept);
        ui_app_close_all(a);
    }
    free(changed);
    free(cut);
    free(a);
}

static void send_click(ui_app *a, int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    a->mx = x;
    a->my = y;
    ui_app_event(a, &e);
    memset(&e, 0, sizeof e);
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    e.type = SDL_MOUSEBUTTONDOWN;
    ui_app_event(a, &e);
    e.type = SDL_MOUSEBUTTONUP;
    ui_app_event(a, &e);
    ui_app_reap(a);
}

/* Click the button whose label starts with `label` in the layout just written. */
static void click_label(ui_app *a, const char *layout, const char *label)
{
    char *t = drawn_layout(a, layout);
    char *line = t;
    while ((line = strstr(line, "button ")) != NULL) {
        int id, arg, arg2, en, x, y, w, h, used = 0;
        if (sscanf(line, "button %d %d %d %d %d %d %d %d %n", &id, &arg, &arg2, &en, &x, &y, &w, &h, &used) == 8 &&
            !strncmp(line + used, label, strlen(label))) {
            free(t);
            send_click(a, x, y);
            return;
        }
        line++;
    }
    fail_msg("no button %s in\n%s", label, t);
}

/* The first click after unlocking the second player's handover dragged the map to the next
 * click. Ready's question ("Ready anyway?") took the press of its button and owed the battle its
 * release; the password box then kept that release from being dropped, so the next player's first
 * release on the map was eaten and the map went on following the mouse. Each event here is one
 * SDL would deliver. */
static void a_click_survives_the_password_handover(void **state)
{
    (void)state;
    char layout[600], duel[1100];
    ui_app *a = new_app("layout-drag.txt", layout, sizeof layout);
    snprintf(duel, sizeof duel, "%s/scenarios/duel.json", SRC);
    jsd_error je;
    js_scenario *scn = jsd_scenario_load(duel, &je);
    assert_non_null(scn);
    ui_battle_cfg cfg = tk_battle_cfg(scn, JS_DICE_SEEDED, 9);
    cfg.scenario_path = duel;
    ui_battle *bt = tk_battle(&K, &cfg, 0, 0);
    ui_game_setup setup = setup_of(duel);
    snprintf(setup.password[0], JS_NAME_LEN, "alpha");
    snprintf(setup.password[1], JS_NAME_LEN, "beta");
    ui_app_push(a, ui_scr_title(a));
    ui_app_push(a, ui_scr_battle_wrap(a, bt, &setup, NULL));
    for (int turn = 0; turn < 2; turn++) {
        char *t = drawn_layout(a, layout);
        char *at = strstr(t, "asking ");
        assert_non_null(strstr(t, "mode password\n"));
        assert_non_null(at);
        send_text(a, atoi(at + 7) == 0 ? "alpha" : "beta");
        free(t);
        send_key(a, SDLK_RETURN);
        t = drawn_layout(a, layout);
        assert_non_null(strstr(t, "mode play\n"));
        free(t);
        if (turn == 1)
            break;
        /* no orders given: Ready asks, and its Ready is clicked */
        const ui_button *ready = tk_button(bt, B_READY, TK_ANY);
        assert_non_null(ready);
        send_click(a, ready->rc.x + ready->rc.w / 2, ready->rc.y + ready->rc.h / 2);
        click_label(a, layout, "Ready");
    }
    /* the next player clicks one of their ships: it is selected, and the map stays put */
    const js_state *st = &ui_battle_view(bt)->st;
    int ship = -1;
    for (int i = 0; i < st->nships && ship < 0; i++)
        if (st->ships[i].side == bt->actor && st->ships[i].on_map)
            ship = i;
    assert_true(ship >= 0);
    int x, y;
    ui_battle_hex_screen(bt, st->ships[ship].pos, &x, &y);
    double cx = bt->cam.cx, cy = bt->cam.cy;
    send_click(a, x, y);
    assert_int_equal(bt_sel_ship(bt), ship);
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x + 150;
    e.motion.y = y + 90;
    ui_app_event(a, &e);
    assert_true(bt->cam.cx == cx && bt->cam.cy == cy);

    /* a press on the map whose release never reaches the battle (a dialog, a handover or the
     * window's edge took it): the next move, with no button held, does not drag the map */
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    ui_app_event(a, &e);
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x - 160;
    e.motion.y = y - 80;
    ui_app_event(a, &e);
    assert_true(bt->cam.cx == cx && bt->cam.cy == cy);

    ui_app_close_all(a);
    free(a);
    free(scn);
    unsetenv("JS_UI_LAYOUT");
}

/* The buttons' labels of the layout, in order, one per line (the caller frees it). */
static char *button_labels(const char *t)
{
    char *out = calloc(1, strlen(t) + 1);
    assert_non_null(out);
    for (const char *line = strstr(t, "button "); line; line = strstr(line + 1, "\nbutton ")) {
        if (*line == '\n')
            line++;
        int used = 0, v[8];
        if (sscanf(line, "button %d %d %d %d %d %d %d %d %n", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7],
                   &used) == 8) {
            const char *end = strchr(line + used, '\n');
            strncat(out, line + used, end ? (size_t)(end - line - used) + 1 : strlen(line + used));
        }
    }
    return out;
}

/* The title as a second play-through met it: its rows moved once the lessons were done (Learn
 * to play from first to sixth), so a click where Play against the computer had been opened New
 * game; Esc on it quit at once, and three quick clicks on Back (the battle list's sits where
 * Quit sits) left the program. Now the rows stay, and Quit by click or Esc asks in the middle of
 * the window. */
static void title_rows_stay_and_quit_asks(void **state)
{
    (void)state;
    char layout[600];
    ui_app *a = new_app("layout-title.txt", layout, sizeof layout);
    ui_app_push(a, ui_scr_title(a));
    char *t = drawn_layout(a, layout);
    assert_non_null(strstr(t, "newcomer 1\n"));
    char *first = button_labels(t);
    free(t);
    a->set.nlessons = 1; /* a lesson done: no longer a newcomer */
    snprintf(a->set.lessons[0].id, sizeof a->set.lessons[0].id, "moving");
    a->set.lessons[0].state = JSD_MARK_DONE;
    ui_app_push(a, ui_scr_settings(a)); /* the title comes back on top, as after a lesson */
    ui_app_pop(a);
    ui_app_reap(a);
    t = drawn_layout(a, layout);
    assert_non_null(strstr(t, "newcomer 0\n"));
    char *later = button_labels(t);
    free(t);
    assert_string_equal(first, later);
    assert_non_null(strstr(first, "Learn to play\nPlay against the computer\nNew game\n"));
    free(first);
    free(later);

    /* Esc asks; Esc again stays */
    key_shows(a, layout, SDLK_ESCAPE, "mode quit\n");
    assert_false(a->quit);
    key_shows(a, layout, SDLK_ESCAPE, "mode title\n");
    /* New game, then Back clicked where it sits, and again: the second click lands on Quit,
     * which asks; a third there closes the question */
    send_key(a, SDLK_n);
    t = drawn_layout(a, layout);
    assert_non_null(strstr(t, "mode picker\n"));
    const char *back = strstr(t, " Back\n");
    assert_non_null(back);
    while (back > t && back[-1] != '\n')
        back--;
    int v[8];
    assert_int_equal(sscanf(back, "button %d %d %d %d %d %d %d %d", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]),
                     8);
    free(t);
    for (int i = 0; i < 3; i++) {
        send_click(a, v[4], v[5]);
        ui_app_draw(a);
        assert_false(a->quit);
    }
    drawn_says(a, layout, "mode title\n", "newcomer 0\n");
    click_label(a, layout, "Quit");
    drawn_says(a, layout, "mode quit\n", " Stay\n");
    click_label(a, layout, "Stay");
    assert_false(a->quit);
    click_label(a, layout, "Quit");
    click_label(a, layout, "Quit"); /* the question's own Quit */
    assert_true(a->quit);
    a->quit = false; /* the question is still up: N stays, then Esc asks again and Enter quits */
    key_shows(a, layout, SDLK_n, "mode title\n");
    key_shows(a, layout, SDLK_ESCAPE, "mode quit\n");
    send_key(a, SDLK_RETURN);
    assert_true(a->quit);
    ui_app_close_all(a);
    free(a);
    unsetenv("JS_UI_LAYOUT");
}

/* The title drawn until the autosave's line is read (after the first frame); the layout's
 * "continue-says" line (the caller frees it). */
static char *continue_says(ui_app *a, const char *layout)
{
    ui_app_draw(a);
    ui_app_update(a, 0.02);
    char *t = drawn_layout(a, layout);
    char *at = strstr(t, "continue-says ");
    assert_non_null(at);
    char *end = strchr(at, '\n');
    char *out = strndup(at + 14, end ? (size_t)(end - at - 14) : strlen(at + 14));
    free(t);
    return out;
}

/* Continue names what it opens, and opens the game last opened. A finished duel was offered as
 * "turn 10" without a word of it being over; and after a turn-1 save was loaded and left at its
 * password screen, Continue brought back the turn-8 game still in the autosave. */
static void continue_says_what_it_opens(void **state)
{
    (void)state;
    char layout[600], autosave[1100], demo[1100], named[1200], err[700];
    ui_app *a = new_app("layout-continue.txt", layout, sizeof layout);
    assert_true(ui_autosave_path(a, autosave, sizeof autosave));
    snprintf(demo, sizeof demo, "%s/scenarios/demos/duel.json", SRC);
    jsd_error je;
    jsd_record *rec = jsd_record_load(demo, &je);
    assert_non_null(rec);
    int all = rec->ncmds;
    /* a finished duel in the autosave */
    assert_true(ui_saves_write(rec, autosave, err, sizeof err));
    ui_app_push(a, ui_scr_title(a));
    char *says = continue_says(a, layout);
    assert_non_null(strstr(says, "finished at turn"));
    free(says);
    ui_app_close_all(a);
    /* a game in play in the autosave, and an earlier save by name (with a password) */
    int later = 0;
    while (later < all) { /* the commands of the first turns */
        js_game *g = jsd_record_start(rec, demo, &je);
        assert_non_null(g);
        for (int i = 0; i < later; i++)
            assert_int_equal(js_submit(g, &rec->cmds[i], NULL, 0), JS_OK);
        int turn = js_game_state(g)->turn;
        js_game_destroy(g);
        if (turn >= 3)
            break;
        later++;
    }
    rec->ncmds = later;
    assert_true(ui_saves_write(rec, autosave, err, sizeof err));
    rec->ncmds = 3;
    rec->passwords[0] = ui_pw_digest("alpha");
    rec->passwords[1] = ui_pw_digest("beta");
    assert_true(ui_saves_named_path("Earlier", named, sizeof named));
    assert_true(ui_saves_write(rec, named, err, sizeof err));
    rec->ncmds = all;
    ui_app_push(a, ui_scr_title(a));
    says = continue_says(a, layout);
    assert_non_null(strstr(says, "in play, turn 3"));
    free(says);
    /* Load opens the earlier save; it is left at its password screen, back to the title */
    ui_screen *s = ui_scr_battle_resume(a, named, err, sizeof err);
    if (!s)
        fail_msg("load: %s", err);
    ui_app_push(a, s);
    /* a save of an earlier version (the passwords' digests): both passwords open it once */
    drawn_says(a, layout, "mode unlock\n", "asking 0\n");
    send_text(a, "alpha");
    send_key(a, SDLK_RETURN);
    send_text(a, "beta");
    send_key(a, SDLK_RETURN);
    drawn_says(a, layout, "mode password\n", "asking");
    assert_non_null(strstr(a->toast, "Your last game is kept"));
    ui_app_home(a);
    ui_app_reap(a);
    says = continue_says(a, layout);
    assert_non_null(strstr(says, "in play, turn 1"));
    free(says);
    /* the autosave and the save it came from are sealed from now on */
    assert_null(jsd_record_load(autosave, &je));
    assert_null(jsd_record_load(named, &je));
    const char *pw[JS_SIDES] = {"alpha", "beta"};
    jsd_record *back = jsd_record_load_pw(autosave, pw, &je);
    if (!back)
        fail_msg("%s", je.msg);
    assert_int_equal(back->ncmds, 3);
    assert_non_null(back->seal); /* still behind its passwords */
    assert_true(back->passwords[0] == 0);
    jsd_record_free(back);
    /* the turn-3 game is in Load */
    ui_save_info *list = NULL;
    int n = ui_saves_list(&list), found = 0;
    for (int i = 0; i < n; i++)
        if (!list[i].autosave && list[i].ncmds == later) {
            found++;
            unlink(list[i].path);
        }
    free(list);
    assert_int_equal(found, 1);
    /* loading it again keeps nothing twice: the autosave is that game already */
    s = ui_scr_battle_resume(a, named, err, sizeof err);
    assert_non_null(s);
    ui_app_push(a, s);
    send_text(a, "alpha");
    send_key(a, SDLK_RETURN);
    send_text(a, "beta");
    send_key(a, SDLK_RETURN);
    drawn_says(a, layout, "mode password\n", "asking");
    ui_app_home(a);
    ui_app_reap(a);
    list = NULL;
    n = ui_saves_list(&list);
    for (int i = 0; i < n; i++)
        assert_true(list[i].autosave || !strcmp(list[i].path, named));
    free(list);
    unlink(named);
    unlink(autosave);
    ui_app_close_all(a);
    free(a);
    jsd_record_free(rec);
    unsetenv("JS_UI_LAYOUT");
}

/* The battle as a new player meets it: the top bar says whose screen it is; an autosave that
 * fails says so in a notice that survives the handover and stays until dismissed; Esc with
 * nothing in hand opens a menu (Resume, Save, Settings, Rules, Quit to title), and quitting a
 * game that is not kept asks first. */
static void battle_menu_notice_and_leaving(void **state)
{
    (void)state;
    char layout[600];
    ui_app *a = new_app("layout-menu.txt", layout, sizeof layout);
    char duel[1100], bad[1200];
    snprintf(duel, sizeof duel, "%s/scenarios/duel.json", SRC);
    snprintf(bad, sizeof bad, "%s/no-such-folder/autosave.json", HOME_DIR); /* every write fails */
    jsd_error je;
    js_scenario *scn = jsd_scenario_load(duel, &je);
    assert_non_null(scn);
    ui_battle_cfg cfg = tk_battle_cfg(scn, JS_DICE_SEEDED, 9);
    cfg.scenario_path = duel;
    cfg.autosave_path = bad;
    ui_battle *bt = tk_battle(&K, &cfg, 0, 0);
    ui_game_setup setup = setup_of(duel);
    ui_app_push(a, ui_scr_title(a));
    ui_screen *s = ui_scr_battle_wrap(a, bt, &setup, bad);
    assert_non_null(s);
    ui_app_push(a, s);
    ui_battle_take_handover(bt);
    char *t = drawn_layout(a, layout);
    assert_non_null(strstr(t, "mode play\n"));
    assert_non_null(strstr(t, "viewer Vega Concord's screen")); /* whose secrets are on screen */
    assert_null(strstr(t, "notice "));
    free(t);

    /* Ready: the autosave cannot be written, and the notice says so through the handover */
    ui_battle_ready(bt);
    drawn_says(a, layout, "mode handover\n", "notice Autosave failed");
    shot("handover_notice");
    ui_battle_take_handover(bt);
    drawn_says(a, layout, "viewer Hadar Reach's screen", "notice Autosave failed");
    shot("battle_notice");
    click_label(a, layout, "Dismiss");
    t = drawn_layout(a, layout);
    assert_null(strstr(t, "notice "));
    free(t);

    /* Esc with a ship selected lets go of it; with nothing in hand it opens the menu */
    const js_state *st = &ui_battle_view(bt)->st;
    int ship = -1;
    for (int i = 0; i < st->nships && ship < 0; i++)
        if (st->ships[i].side == JS_SIDE_B && st->ships[i].on_map)
            ship = i;
    int x, y;
    ui_battle_hex_screen(bt, st->ships[ship].pos, &x, &y);
    send_click(a, x, y);
    assert_int_equal(bt_sel_ship(bt), ship);
    send_key(a, SDLK_ESCAPE);
    assert_int_equal(bt_sel_ship(bt), -1);
    t = drawn_layout(a, layout);
    assert_non_null(strstr(t, "mode play\n"));
    free(t);
    bt_toast(bt, "A refusal raised just before"); /* a note of the moment before the menu */
    send_key(a, SDLK_ESCAPE);
    t = drawn_layout(a, layout);
    assert_false(bt->toast_t > 0); /* does not stay over it */
    assert_non_null(strstr(t, "mode menu\n"));
    assert_non_null(strstr(t, "Resume"));
    assert_non_null(strstr(t, "Save game"));
    assert_non_null(strstr(t, "Settings"));
    assert_non_null(strstr(t, "Rules"));
    assert_non_null(strstr(t, "Quit to title"));
    free(t);
    shot("battle_menu");
    key_shows(a, layout, SDLK_RETURN, "mode play\n"); /* Resume is highlighted */
    /* the mouse alone reaches the same menu: the Menu button in the log's header (the first
     * click after Resume by Enter, which the screen used to swallow) */
    click_label(a, layout, "Menu (Esc)");
    t = drawn_layout(a, layout);
    assert_non_null(strstr(t, "mode menu\n"));
    free(t);
    click_label(a, layout, "Resume");
    t = drawn_layout(a, layout);
    assert_non_null(strstr(t, "mode play\n"));
    free(t);
    /* Quit to title, from the menu by keys: the game is not kept, so it asks; Enter stays */
    send_key(a, SDLK_ESCAPE);
    send_key(a, SDLK_UP);
    key_shows(a, layout, SDLK_RETURN, "mode leave\n");
    shot("battle_leave");
    key_shows(a, layout, SDLK_RETURN, "mode play\n");
    /* the window's close button asks the same; Stay keeps the game open */
    assert_true(ui_app_quit_asked(a));
    t = drawn_layout(a, layout);
    assert_non_null(strstr(t, "mode leave\n"));
    assert_non_null(strstr(t, "Quit and lose it"));
    free(t);
    send_key(a, SDLK_ESCAPE);
    assert_false(a->quit);
    assert_true(ui_app_quit_asked(a));
    send_key(a, SDLK_y);
    assert_true(a->quit); /* confirmed: the program ends */
    a->quit = false;
    /* Ctrl+Q asks too; "Leave and lose it" goes to the title */
    SDL_Event e = ui_key_event(SDLK_q, KMOD_LCTRL);
    ui_app_event(a, &e);
    ui_app_reap(a);
    click_label(a, layout, "Leave and lose it");
    t = drawn_layout(a, layout);
    assert_non_null(strstr(t, "mode title\n"));
    free(t);
    assert_false(ui_app_quit_asked(a)); /* on the title nothing is lost: the window just closes */

    ui_app_close_all(a);
    free(a);
    free(scn);
    unsetenv("JS_UI_LAYOUT");
}

/* Every button of the screen just drawn lies inside the window and on no other button. */
static void buttons_fit(ui_app *a, const char *layout, const char *what)
{
    char *t = drawn_layout(a, layout);
    SDL_Rect rc[200];
    char label[200][64];
    int n = 0;
    for (char *line = strstr(t, "button "); line && n < 200; line = strstr(line + 1, "\nbutton ")) {
        if (*line == '\n')
            line++;
        int id, arg, arg2, en, x, y, w, h, used = 0;
        if (sscanf(line, "button %d %d %d %d %d %d %d %d %n", &id, &arg, &arg2, &en, &x, &y, &w, &h, &used) != 8)
            continue;
        if (w <= 0 || h <= 0)
            continue; /* scrolled out of sight */
        rc[n] = (SDL_Rect){x - w / 2, y - h / 2, w, h};
        sscanf(line + used, "%63[^\n]", label[n]);
        n++;
    }
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        if (rc[i].x < 0 || rc[i].y < 0 || rc[i].x + rc[i].w > a->w + 1 || rc[i].y + rc[i].h > a->h + 1)
            fail_msg("%s at %.0f %%: \"%s\" runs off the window (%d,%d %dx%d)", what, ui_scale * 100, label[i], rc[i].x,
                     rc[i].y, rc[i].w, rc[i].h);
        for (int j = i + 1; j < n; j++) {
            SDL_Rect in;
            if (SDL_IntersectRect(&rc[i], &rc[j], &in) && in.w > 2 && in.h > 2)
                fail_msg("%s at %.0f %%: \"%s\" and \"%s\" overlap", what, ui_scale * 100, label[i], label[j]);
        }
    }
    free(t);
}

/* At 150 % and 200 % in a 1280 x 800 window the menu screens keep every button in the window and
 * apart (settings' rows ran off the right edge and under Done; the new-game cards under Start):
 * a screen too big for the window at the scale set is drawn at the largest scale that fits. */
static void menu_screens_fit_at_large_scales(void **state)
{
    (void)state;
    char layout[600], scen[1100], demo[1100];
    ui_app *a = new_app("layout-fit.txt", layout, sizeof layout);
    snprintf(scen, sizeof scen, "%s/scenarios/duel.json", SRC);
    snprintf(demo, sizeof demo, "%s/scenarios/demos/duel.json", SRC);
    snprintf(a->lesson_dir, sizeof a->lesson_dir, "%s/lessons", SRC);
    jsd_record *rec;
    js_game *g = played_to_end(demo, &rec);
    float scales[2] = {1.5f, 2.0f};
    for (int k = 0; k < 2; k++) {
        ui_scale = scales[k];
        ui_app_push(a, ui_scr_title(a));
        buttons_fit(a, layout, "title");
        ui_app_push(a, ui_scr_settings(a));
        buttons_fit(a, layout, "settings");
        ui_app_pop(a);
        ui_app_push(a, ui_scr_picker(a));
        buttons_fit(a, layout, "picker");
        ui_app_push(a, ui_scr_newgame(a, scen));
        buttons_fit(a, layout, "new game");
        ui_app_pop(a);
        ui_app_pop(a);
        ui_app_push(a, ui_scr_load(a));
        buttons_fit(a, layout, "load");
        ui_app_pop(a);
        ui_app_push(a, ui_scr_results(a, g, (const char(*)[JS_NAME_LEN])rec->players, demo, -1));
        buttons_fit(a, layout, "results");
        ui_app_pop(a);
        ui_app_push(a, ui_scr_lessons(a));
        buttons_fit(a, layout, "lessons");
        ui_app_close_all(a);
    }
    ui_scale = 1.0f;
    js_game_destroy(g);
    jsd_record_free(rec);
    free(a);
    unsetenv("JS_UI_LAYOUT");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(settings_round_trip),
        cmocka_unit_test(settings_bad_files),
        cmocka_unit_test(fifos_and_huge_files_never_block),
        cmocka_unit_test(picker_lists_the_scenarios),
        cmocka_unit_test(picker_lists_bad_files_with_their_error),
        cmocka_unit_test(every_screen_draws),
        cmocka_unit_test(password_game_resumes_behind_its_password),
        cmocka_unit_test(a_click_survives_the_password_handover),
        cmocka_unit_test(title_rows_stay_and_quit_asks),
        cmocka_unit_test(continue_says_what_it_opens),
        cmocka_unit_test(new_game_keeps_the_last_game),
        cmocka_unit_test(new_game_keeps_an_unloadable_autosave),
        cmocka_unit_test(a_toast_goes_with_its_moment),
        cmocka_unit_test(a_long_toast_fits_the_window),
        cmocka_unit_test(command_line_refusals),
        cmocka_unit_test(battle_menu_notice_and_leaving),
        cmocka_unit_test(menu_screens_fit_at_large_scales),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
