/* assets.c — finding and loading the asset folder (see assets.h). */
#include "assets.h"
#include "jsd.h"
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The whole file mapped read-only (NULL when it cannot be: the caller reads the file instead). */
static void *map_file(const char *path, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    void *p = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED)
            p = NULL;
        else {
            *len = (size_t)st.st_size;
            madvise(p, *len, MADV_RANDOM); /* only the pages FreeType reads, not their neighbours */
        }
    }
    close(fd);
    return p;
}

TTF_Font *ui_font_open(const ui_assets *a, ui_font_face face, int px)
{
    if (!a->font_map[face])
        return TTF_OpenFont(a->font_path[face], px);
    SDL_RWops *rw = SDL_RWFromConstMem(a->font_map[face], (int)a->font_len[face]);
    TTF_Font *f = rw ? TTF_OpenFontRW(rw, 1, px) : NULL;
    ui_fonts_trim(a);
    return f;
}

void ui_fonts_trim(const ui_assets *a)
{
    for (int i = 0; i < UI_FONT_COUNT; i++)
        if (a->font_map[i])
            madvise(a->font_map[i], a->font_len[i], MADV_DONTNEED);
}

/* The installed game carries no copies of the DejaVu fonts (Debian's package depends on
 * fonts-dejavu-core); an asset folder's own fonts/ (the source tree) is used first. */
#ifndef JS_SYSTEM_FONT_DIR
#define JS_SYSTEM_FONT_DIR "/usr/share/fonts/truetype/dejavu"
#endif
static const char *FONT_FILES[UI_FONT_COUNT] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf",
                                                "DejaVuSansMono.ttf"};
static const char *SPRITE_FILES[UI_SPR_COUNT] = {
    "sprites/ship_small.png", "sprites/ship_medium.png", "sprites/ship_large.png",
    "sprites/pod.png", "sprites/missile.png", "sprites/jump_point.png", "sprites/jump_off.png",
    "sprites/entry.png", "sprites/explosion.png", "sprites/d6_1.png", "sprites/d6_2.png",
    "sprites/d6_3.png", "sprites/d6_4.png", "sprites/d6_5.png", "sprites/d6_6.png",
    "sprites/d8_blank.png", "sprites/d10_blank.png"};
static const char *SOUND_FILES[UI_SND_COUNT] = {"sounds/click.wav", "sounds/launch.wav",
                                                "sounds/missile.wav", "sounds/explosion.wav",
                                                "sounds/dice.wav", "sounds/chime.wav"};

/* stat, not open: a FIFO in the asset folder must not block the start */
static bool file_exists(const char *path) { return jsd_is_file(path); }

static bool looks_like_assets(const char *dir)
{
    char p[4200];
    snprintf(p, sizeof p, "%s/%s", dir, SPRITE_FILES[0]);
    return file_exists(p);
}

bool ui_data_dir_find(const char *sub, const char *source_dir, bool (*usable)(const char *dir), char *out,
                      size_t cap)
{
    char cand[4][1024];
    int n = 0;
    char *base = SDL_GetBasePath();
    if (base) { /* beside the program, then the installed share folder */
        snprintf(cand[n++], sizeof cand[0], "%s%s", base, sub);
        snprintf(cand[n++], sizeof cand[0], "%s../share/jumpstrike/%s", base, sub);
        SDL_free(base);
    }
    if (source_dir) /* a binary run from its build tree */
        snprintf(cand[n++], sizeof cand[0], "%s", source_dir);
    snprintf(cand[n++], sizeof cand[0], "%s", sub);
    for (int i = 0; i < n; i++)
        if (usable(cand[i])) {
            snprintf(out, cap, "%s", cand[i]);
            return true;
        }
    return false;
}

bool ui_assets_find_dir(const char *opt, char *out, size_t cap, char *err, size_t errcap)
{
    if (opt) { /* an explicit choice is never second-guessed */
        if (!looks_like_assets(opt)) {
            snprintf(err, errcap, "--assets %s: no %s there", opt, SPRITE_FILES[0]);
            return false;
        }
        snprintf(out, cap, "%s", opt);
        return true;
    }
    const char *env = getenv("JS_ASSET_DIR");
    if (env && *env) {
        if (!looks_like_assets(env)) {
            snprintf(err, errcap, "JS_ASSET_DIR=%s: no %s there", env, SPRITE_FILES[0]);
            return false;
        }
        snprintf(out, cap, "%s", env);
        return true;
    }
#ifdef JS_SOURCE_ASSETS
    const char *source = JS_SOURCE_ASSETS;
#else
    const char *source = NULL;
#endif
    if (ui_data_dir_find("assets", source, looks_like_assets, out, cap))
        return true;
    snprintf(err, errcap,
             "cannot find the game's assets (looked for %s next to the executable, in "
             "../share/jumpstrike/assets and ./assets); use --assets DIR or JS_ASSET_DIR",
             SPRITE_FILES[0]);
    return false;
}

/* The pictures the title draws (scr_title.c: the fleets behind the menu). */
static bool title_sprite(int i) { return i == UI_SPR_SHIP_S || i == UI_SPR_SHIP_M || i == UI_SPR_SHIP_L; }

static bool load_sprite(ui_assets *a, SDL_Renderer *r, int i, char *err, size_t cap)
{
    char p[1200];
    snprintf(p, sizeof p, "%s/%s", a->dir, SPRITE_FILES[i]);
    a->spr[i] = jsd_is_file(p) ? IMG_LoadTexture(r, p) : NULL;
    if (!a->spr[i]) {
        snprintf(err, cap, "missing or broken asset %s: %s", p, IMG_GetError());
        return false;
    }
    SDL_SetTextureBlendMode(a->spr[i], SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(a->spr[i], SDL_ScaleModeLinear);
    SDL_QueryTexture(a->spr[i], NULL, NULL, &a->spr_w[i], &a->spr_h[i]);
    return true;
}

bool ui_assets_load_title(ui_assets *a, SDL_Renderer *r, const char *dir, char *err, size_t cap)
{
    memset(a, 0, sizeof *a);
    snprintf(a->dir, sizeof a->dir, "%s", dir);
    char p[1200];
    for (int i = 0; i < UI_FONT_COUNT; i++) {
        snprintf(a->font_path[i], sizeof a->font_path[i], "%s/fonts/%s", dir, FONT_FILES[i]);
        if (!file_exists(a->font_path[i]))
            snprintf(a->font_path[i], sizeof a->font_path[i], "%s/%s", JS_SYSTEM_FONT_DIR, FONT_FILES[i]);
        if (file_exists(a->font_path[i]))
            a->font_map[i] = map_file(a->font_path[i], &a->font_len[i]);
        TTF_Font *f = file_exists(a->font_path[i]) ? ui_font_open(a, (ui_font_face)i, 12) : NULL; /* prove it opens; sizes come later */
        if (!f) {
            snprintf(err, cap, "missing or broken font %s (not in %s/fonts; on Debian install "
                     "fonts-dejavu-core): %s", a->font_path[i], dir, TTF_GetError());
            ui_assets_unload(a);
            return false;
        }
        TTF_CloseFont(f);
    }
    for (int i = 0; i < UI_SPR_COUNT; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, SPRITE_FILES[i]);
        if (title_sprite(i) ? !load_sprite(a, r, i, err, cap) : !file_exists(p)) {
            if (!title_sprite(i))
                snprintf(err, cap, "missing asset %s", p);
            ui_assets_unload(a);
            return false;
        }
    }
    for (int i = 0; i < UI_SND_COUNT; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, SOUND_FILES[i]);
        if (!file_exists(p)) {
            snprintf(err, cap, "missing asset %s", p);
            ui_assets_unload(a);
            return false;
        }
    }
    return true;
}

bool ui_assets_load_rest(ui_assets *a, SDL_Renderer *r, bool audio, char *err, size_t cap)
{
    char p[1200];
    for (int i = 0; i < UI_SPR_COUNT; i++)
        if (!a->spr[i] && !load_sprite(a, r, i, err, cap))
            return false;
    a->audio = audio;
    if (audio)
        for (int i = 0; i < UI_SND_COUNT; i++) {
            if (a->snd[i])
                continue;
            snprintf(p, sizeof p, "%s/%s", a->dir, SOUND_FILES[i]);
            a->snd[i] = jsd_is_file(p) ? ui_mix_load_wav(p) : NULL;
            if (!a->snd[i]) {
                snprintf(err, cap, "missing or broken asset %s: %s", p, SDL_GetError());
                return false;
            }
        }
    return true;
}

bool ui_assets_load(ui_assets *a, SDL_Renderer *r, const char *dir, bool audio, char *err,
                    size_t cap)
{
    if (!ui_assets_load_title(a, r, dir, err, cap))
        return false;
    if (!ui_assets_load_rest(a, r, audio, err, cap)) {
        ui_assets_unload(a);
        return false;
    }
    a->rest_loaded = true;
    return true;
}

void ui_assets_unload(ui_assets *a)
{
    for (int i = 0; i < UI_SPR_COUNT; i++)
        if (a->spr[i])
            SDL_DestroyTexture(a->spr[i]);
    for (int i = 0; i < UI_SND_COUNT; i++)
        if (a->snd[i])
            ui_mix_free_chunk(a->snd[i]);
    memset(a->spr, 0, sizeof a->spr);
    memset(a->snd, 0, sizeof a->snd);
    for (int i = 0; i < UI_FONT_COUNT; i++)
        if (a->font_map[i])
            munmap(a->font_map[i], a->font_len[i]);
    memset(a->font_map, 0, sizeof a->font_map);
    memset(a->font_len, 0, sizeof a->font_len);
}

void ui_sound_play(ui_assets *a, ui_sound_id id)
{
    if (a->audio && !a->muted && a->snd[id])
        ui_mix_play(a->snd[id]);
}
