/* text.h — crisp text: fonts are opened at the exact pixel size they are drawn at (never scaled
 * textures), and each rendered string is cached as a texture until it goes unused. */
#ifndef UI_TEXT_H
#define UI_TEXT_H

#include "assets.h"

typedef enum { UI_AL_LEFT = 0, UI_AL_CENTER = 1, UI_AL_RIGHT = 2 } ui_align;

typedef struct ui_text ui_text;

ui_text *ui_text_create(SDL_Renderer *r, const ui_assets *a);
void ui_text_destroy(ui_text *t);
/* Call once per frame: strings unused for a while are freed. */
void ui_text_frame(ui_text *t);
/* Free every string not drawn in this frame or the one before (a screen of long scrolling text
 * calls it, so what scrolled away does not pile up as textures). */
void ui_text_trim(ui_text *t);
/* How many (face, size) fonts are open now (at most a few more than a busy frame uses). */
int ui_text_fonts_open(const ui_text *t);
/* Draw a string; px is the final pixel size (already scaled). (x, y) is the top edge at the
 * alignment point. Returns the drawn width. */
int ui_text_draw(ui_text *t, ui_font_face face, int px, const char *s, ui_rgba col, int x, int y,
                 ui_align al);
/* Draw a string cut to at most maxw pixels wide, ending in "…" when it was cut (whole UTF-8
 * characters). Returns the drawn width. */
int ui_text_draw_fit(ui_text *t, ui_font_face face, int px, const char *s, ui_rgba col, int x, int y,
                     ui_align al, int maxw);
/* Measure without drawing. */
void ui_text_size(ui_text *t, ui_font_face face, int px, const char *s, int *w, int *h);
/* Draw wrapped to width; returns the height used. */
int ui_text_wrap(ui_text *t, ui_font_face face, int px, const char *s, ui_rgba col, int x, int y,
                 int width);
/* The height ui_text_wrap would use, and the widest of its lines. */
int ui_text_wrap_size(ui_text *t, ui_font_face face, int px, const char *s, int width, int *widest);
int ui_text_line_h(ui_text *t, ui_font_face face, int px);

#endif
