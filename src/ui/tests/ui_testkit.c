/* ui_testkit.c — see ui_testkit.h. Compiled into each UI test. */
#include "ui_testkit.h"
#include "battle/battle_int.h" /* the buttons as last drawn */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool tk_open(tk *k, int w, int h)
{
    memset(k, 0, sizeof *k);
    setenv("SDL_VIDEODRIVER", "dummy", 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
        fprintf(stderr, "SDL: %s\n", SDL_GetError());
        return false;
    }
    IMG_Init(IMG_INIT_PNG);
    k->surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    k->g.r = k->surf ? SDL_CreateSoftwareRenderer(k->surf) : NULL;
    if (!k->g.r) {
        fprintf(stderr, "software renderer: %s\n", SDL_GetError());
        return false;
    }
    char dir[1024], err[1024];
    if (!ui_assets_find_dir(NULL, dir, sizeof dir, err, sizeof err) ||
        !ui_assets_load(&k->assets, k->g.r, dir, false, err, sizeof err) ||
        !ui_sprites_build(&k->g.sprites, k->g.r, &k->assets, err, sizeof err)) {
        fprintf(stderr, "assets: %s\n", err);
        return false;
    }
    k->g.assets = &k->assets;
    k->g.text = ui_text_create(k->g.r, &k->assets);
    return k->g.text != NULL;
}

void tk_close(tk *k)
{
    ui_text_destroy(k->g.text);
    ui_sprites_free(&k->g.sprites);
    ui_assets_unload(&k->assets);
    if (k->g.r)
        SDL_DestroyRenderer(k->g.r);
    if (k->surf)
        SDL_FreeSurface(k->surf);
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
}

ui_rgba tk_px(const tk *k, int x, int y)
{
    SDL_RenderFlush(k->g.r);
    const Uint32 *p = k->surf->pixels;
    Uint32 v = p[y * (k->surf->pitch / 4) + x];
    return ui_col((v >> 16) & 255, (v >> 8) & 255, v & 255, 255);
}

SDL_Surface *tk_copy(const tk *k)
{
    SDL_RenderFlush(k->g.r);
    return SDL_ConvertSurface(k->surf, k->surf->format, 0);
}

int tk_diff(const SDL_Surface *a, const SDL_Surface *b, SDL_Rect rc, int tol)
{
    int n = 0;
    for (int y = rc.y; y < rc.y + rc.h; y++)
        for (int x = rc.x; x < rc.x + rc.w; x++) {
            if (x < 0 || y < 0 || x >= a->w || y >= a->h)
                continue;
            Uint32 u = ((const Uint32 *)a->pixels)[y * (a->pitch / 4) + x];
            Uint32 v = ((const Uint32 *)b->pixels)[y * (b->pitch / 4) + x];
            for (int s = 0; s < 24; s += 8) {
                int d = (int)((u >> s) & 255) - (int)((v >> s) & 255);
                if (d > tol || d < -tol) {
                    n++;
                    break;
                }
            }
        }
    return n;
}

void tk_source_path(const char *rel, char *out, size_t cap)
{
    const char *src = getenv("JS_SOURCE_DIR");
    snprintf(out, cap, "%s/%s", src ? src : ".", rel);
}

js_scenario *tk_scenario(const char *name, char *path, size_t cap)
{
    char p[1024], rel[300];
    snprintf(rel, sizeof rel, "scenarios/%s", name);
    tk_source_path(rel, p, sizeof p);
    if (path)
        snprintf(path, cap, "%s", p);
    jsd_error err;
    js_scenario *s = jsd_scenario_load(p, &err);
    if (!s)
        fprintf(stderr, "%s\n", err.msg);
    return s;
}

int tk_setup_scenario(tk *k, int w, int h, const char *name, js_scenario **scn)
{
    if (!tk_open(k, w, h))
        return -1;
    *scn = tk_scenario(name, NULL, 0);
    return *scn ? 0 : -1;
}

int tk_teardown_scenario(tk *k, js_scenario *scn)
{
    free(scn);
    tk_close(k);
    return 0;
}

bool tk_home(char *dir, size_t cap, const char *tag)
{
    snprintf(dir, cap, "/tmp/js-%s-test-XXXXXX", tag);
    if (!mkdtemp(dir))
        return false;
    setenv("XDG_DATA_HOME", dir, 1);
    setenv("HOME", dir, 1);
    return true;
}

void tk_home_remove(const char *dir)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

ui_battle_cfg tk_battle_cfg(const js_scenario *scn, int dice_kind, uint64_t seed)
{
    ui_battle_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.scn = scn;
    cfg.dice.kind = (int8_t)dice_kind;
    cfg.dice.seed = seed;
    return cfg;
}

ui_battle *tk_battle(tk *k, const ui_battle_cfg *cfg, int w, int h)
{
    char err[256];
    ui_battle *b = ui_battle_create(&k->g, cfg, err, sizeof err);
    if (!b)
        fail_msg("the battle did not start: %s", err);
    if (w > 0)
        ui_battle_resize(b, w, h);
    return b;
}

ui_battle *tk_battle_at_controls(tk *k, const js_scenario *scn, uint64_t seed, int w, int h)
{
    ui_battle_cfg cfg = tk_battle_cfg(scn, JS_DICE_SEEDED, seed);
    ui_battle *b = tk_battle(k, &cfg, w, h);
    ui_battle_take_handover(b);
    ui_battle_draw(b);
    return b;
}

SDL_Event tk_text_event(const char *text)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", text);
    return e;
}

void tk_key(ui_battle *b, SDL_Keycode k, Uint16 mod)
{
    SDL_Event e = ui_key_event(k, mod);
    ui_battle_event(b, &e);
}

void tk_mouse(ui_battle *b, Uint32 type, int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
        e.motion.x = x;
        e.motion.y = y;
    } else {
        e.button.button = SDL_BUTTON_LEFT;
        e.button.x = x;
        e.button.y = y;
    }
    ui_battle_event(b, &e);
}

void tk_hover(ui_battle *b, int x, int y)
{
    tk_mouse(b, SDL_MOUSEMOTION, x, y);
    ui_battle_draw(b);
}

void tk_click(ui_battle *b, int x, int y)
{
    tk_hover(b, x, y);
    tk_mouse(b, SDL_MOUSEBUTTONDOWN, x, y);
    tk_mouse(b, SDL_MOUSEBUTTONUP, x, y);
    ui_battle_draw(b);
}

void tk_click_hex(ui_battle *b, js_hex h)
{
    int x, y;
    ui_battle_hex_screen(b, h, &x, &y);
    tk_click(b, x, y);
}

const ui_button *tk_button(ui_battle *b, int id, int arg)
{
    const ui_buttons *bs = &b->buttons;
    const ui_button *found = NULL;
    for (int i = 0; i < bs->n; i++) {
        const ui_button *bt = &bs->b[i];
        if (bt->id == id && (arg == TK_ANY || bt->arg == arg) && (!found || (bt->enabled && !found->enabled)))
            found = bt;
    }
    return found;
}

void tk_click_button(ui_battle *b, int id, int arg)
{
    ui_battle_draw(b); /* the screen as the player sees it now */
    const ui_button *bt = tk_button(b, id, arg);
    if (!bt)
        fail_msg("no button %d/%d on screen", id, arg);
    if (!bt->enabled)
        fail_msg("button %d/%d (%s) is disabled: %s", id, arg, bt->label, bt->tip);
    tk_click(b, bt->rc.x + bt->rc.w / 2, bt->rc.y + bt->rc.h / 2);
}
