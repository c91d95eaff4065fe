/* app_title_prep.c — the title's first picture, drawn on a second thread while the main thread
 * opens the display.
 *
 * Why: opening the display (SDL's X11 start-up, the window, the renderer) takes 25-40 ms and
 * mostly waits on the X server and parses the locale's Compose table; drawing the title takes
 * another 12-15 ms (text rendered for the first time, the planet, the fleet). On a second core
 * the two overlap, so the settled title appears that much sooner (docs/performance.md).
 *
 * How: the worker draws the very same title screen, with the same code, through SDL's software
 * renderer into a surface of the window's size and pixel layout, with its own assets and text
 * cache (nothing of it is shared with the main thread, which touches no UI state and no SDL_ttf
 * until it has waited for the worker). The main thread shows that picture as its first frame,
 * then draws the title once more itself (the same picture) so its buttons, text cache and hover
 * work as before: at the player's first input, just before that is handled, or after a pause
 * (run_loop), so a busy machine does not draw the title twice before it answers. Any failure, a size that turns out different (HiDPI), or
 * a toast to show: the picture is dropped and the main thread draws as it always did. */
#include "app_int.h"
#include "screens/ui_screens.h"
#include <stdlib.h>
#include <string.h>

struct ui_title_prep {
    SDL_Thread *thread;
    ui_app app;          /* the worker's own copy: settings, size, its renderer and text */
    SDL_Surface *pic;    /* the drawn title (NULL when drawing failed) */
};

static int draw_title(void *arg)
{
    ui_title_prep *p = arg;
    ui_app *a = &p->app;
    SDL_Surface *pic = SDL_CreateRGBSurfaceWithFormat(0, a->w, a->h, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = pic ? SDL_CreateSoftwareRenderer(pic) : NULL;
    ui_assets assets;
    char err[1024];
    bool have_assets = false;
    if (r && ui_assets_load_title(&assets, r, a->asset_dir, err, sizeof err)) {
        have_assets = true;
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        a->g.r = r;
        a->g.assets = &assets;
        a->g.text = ui_text_create(r, &assets);
        if (a->g.text) {
            ui_app_push(a, ui_scr_title(a));
            if (a->n == 1) {
                ui_app_draw(a);
                p->pic = pic;
                pic = NULL;
            }
            ui_app_close_all(a);
            ui_text_destroy(a->g.text);
        }
    }
    if (have_assets)
        ui_assets_unload(&assets);
    if (r)
        SDL_DestroyRenderer(r);
    SDL_FreeSurface(pic);
    return 0;
}

ui_title_prep *ui_title_prep_start(const ui_app *main_app, int w, int h)
{
    if (w <= 0 || h <= 0 || main_app->toast_t > 0)
        return NULL;
    ui_title_prep *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    ui_app *a = &p->app;
    a->set = main_app->set;
    memcpy(a->asset_dir, main_app->asset_dir, sizeof a->asset_dir);
    a->w = w;
    a->h = h;
    a->mx = main_app->mx;
    a->my = main_app->my;
    a->sprites_ready = true; /* the title needs no prepared sprites: never build them here */
    p->thread = SDL_CreateThread(draw_title, "title", p);
    if (!p->thread) {
        free(p);
        return NULL;
    }
    return p;
}

void ui_title_prep_match_lines(void)
{
    const char *drv = SDL_GetHint(SDL_HINT_RENDER_DRIVER);
    if (drv && !SDL_strcasecmp(drv, "software") && !SDL_GetHint(SDL_HINT_RENDER_LINE_METHOD))
        SDL_SetHint(SDL_HINT_RENDER_LINE_METHOD, "2");
}

SDL_Texture *ui_title_prep_take(ui_title_prep *p, SDL_Renderer *r, int w, int h)
{
    if (!p)
        return NULL;
    SDL_WaitThread(p->thread, NULL);
    /* Usable only where the window draws what the surface drew, pixel for pixel: the software
     * renderer with SDL's line routine (see ui_title_prep_match_lines); a GPU rasterises lines,
     * text and shapes a little differently, and the next frame would change the picture. */
    SDL_RendererInfo ri;
    const char *lines = SDL_GetHint(SDL_HINT_RENDER_LINE_METHOD);
    bool same = r && SDL_GetRendererInfo(r, &ri) == 0 && !strcmp(ri.name, "software") && lines && !strcmp(lines, "2");
    SDL_Texture *tex = NULL;
    if (same && p->pic && p->pic->w == w && p->pic->h == h)
        tex = SDL_CreateTextureFromSurface(r, p->pic);
    if (tex)
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_NONE);
    SDL_FreeSurface(p->pic);
    free(p);
    return tex;
}

Uint32 *ui_title_prep_grab(SDL_Renderer *r, int w, int h)
{
    Uint32 *px = malloc((size_t)w * (size_t)h * 4);
    if (px && SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, px, w * 4) != 0) {
        free(px);
        px = NULL;
    }
    return px;
}

long ui_title_prep_differs(SDL_Renderer *r, Uint32 *grab, int w, int h)
{
    Uint32 *now = grab ? ui_title_prep_grab(r, w, h) : NULL;
    long n = now ? 0 : -1;
    for (long i = 0; now && i < (long)w * h; i++)
        n += now[i] != grab[i];
    free(now);
    free(grab);
    return n;
}
