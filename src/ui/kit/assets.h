/* assets.h — every file the game loads from assets/, loaded once with a load/unload pair.
 * A missing or broken file makes ui_assets_load fail with a message naming the file.
 * The DejaVu fonts come from the asset folder's fonts/ when it has them (the source tree),
 * else from the system's (JS_SYSTEM_FONT_DIR, Debian's fonts-dejavu-core by default). */
#ifndef UI_ASSETS_H
#define UI_ASSETS_H

#include "ui_core.h"
#include "mixer.h"
#include <SDL_ttf.h>

typedef enum { UI_FONT_SANS = 0, UI_FONT_BOLD, UI_FONT_MONO, UI_FONT_COUNT } ui_font_face;

typedef enum {
    UI_SPR_SHIP_S = 0, UI_SPR_SHIP_M, UI_SPR_SHIP_L, UI_SPR_POD, UI_SPR_MISSILE,
    UI_SPR_JUMP_POINT, UI_SPR_JUMP_OFF, UI_SPR_ENTRY, UI_SPR_EXPLOSION,
    UI_SPR_D6_1, UI_SPR_D6_2, UI_SPR_D6_3, UI_SPR_D6_4, UI_SPR_D6_5, UI_SPR_D6_6,
    UI_SPR_D8, UI_SPR_D10, UI_SPR_COUNT
} ui_sprite_id;

typedef enum {
    UI_SND_CLICK = 0, UI_SND_LAUNCH, UI_SND_MISSILE, UI_SND_EXPLOSION, UI_SND_DICE, UI_SND_CHIME,
    UI_SND_COUNT
} ui_sound_id;

typedef struct ui_assets {
    char dir[1024];
    char font_path[UI_FONT_COUNT][1200];
    /* each font file mapped once: FreeType reads it from memory (through a file it made some
     * 6,600 seek and read calls to draw the title, a good part of the start-up's system time) */
    void *font_map[UI_FONT_COUNT];
    size_t font_len[UI_FONT_COUNT];
    SDL_Texture *spr[UI_SPR_COUNT];
    int spr_w[UI_SPR_COUNT], spr_h[UI_SPR_COUNT];
    Mix_Chunk *snd[UI_SND_COUNT];
    bool audio;     /* the mixer opened; sounds are loaded only then */
    bool rest_loaded; /* ui_assets_load_rest done (the title starts without it) */
    bool muted;
} ui_assets;

/* Find the asset folder: `opt` (--assets), then $JS_ASSET_DIR, then next to the executable
 * (assets/, ../share/jumpstrike/assets), then the source tree this binary was built from.
 * Writes the folder to out; false with a message in err when none holds the game's files. */
/* The game's data folder `sub` ("assets", "scenarios"): beside the program, in
 * ../share/jumpstrike/sub, in source_dir (may be NULL), or ./sub — the first `usable` accepts. */
bool ui_data_dir_find(const char *sub, const char *source_dir, bool (*usable)(const char *dir), char *out,
                      size_t cap);
bool ui_assets_find_dir(const char *opt, char *out, size_t cap, char *err, size_t errcap);
/* Load everything. `audio` false skips sounds (no device, tests). */
bool ui_assets_load(ui_assets *a, SDL_Renderer *r, const char *dir, bool audio, char *err,
                    size_t cap);
/* Start-up in two steps, so the title draws sooner: _title opens the fonts and the ship pictures
 * the title draws and makes sure every other file is there (a missing one fails here, named);
 * _rest decodes the other pictures and, when `audio`, the sounds (after the title's first frame).
 * _rest keeps what is loaded already; ui_assets_load is both. */
bool ui_assets_load_title(ui_assets *a, SDL_Renderer *r, const char *dir, char *err, size_t cap);
bool ui_assets_load_rest(ui_assets *a, SDL_Renderer *r, bool audio, char *err, size_t cap);
void ui_assets_unload(ui_assets *a);
void ui_sound_play(ui_assets *a, ui_sound_id id);
/* A face of the given pixel size, from the mapped font file (or the file itself when it could
 * not be mapped); NULL with TTF_GetError when it does not open. */
TTF_Font *ui_font_open(const ui_assets *a, ui_font_face face, int px);
/* The mapped font files' pages out of the game's memory again (FreeType copies what it keeps;
 * a page read later comes back from the page cache): ~0.65 MB of the peak otherwise. */
void ui_fonts_trim(const ui_assets *a);

#endif
