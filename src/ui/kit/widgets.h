/* widgets.h — immediate-mode buttons: a screen registers its buttons while drawing, and the next
 * click is matched against that list. A disabled button still shows its tooltip, which names the
 * rule that forbids it. */
#ifndef UI_WIDGETS_H
#define UI_WIDGETS_H

#include "text.h"
#include "draw.h"

enum { UI_MAX_BUTTONS = 160 };

typedef struct ui_button {
    SDL_Rect rc;
    int id, arg, arg2;
    bool enabled, active;
    char tip[JS_REASON_LEN];
    char label[48];
} ui_button;

typedef struct ui_buttons {
    ui_button b[UI_MAX_BUTTONS];
    int n;
    int hot;            /* index under the mouse, -1 */
} ui_buttons;

void ui_buttons_begin(ui_buttons *bs);
/* Draw and register a button; returns its index. `active` draws it as the current choice. */
int ui_button_add(ui_buttons *bs, ui_text *t, SDL_Renderer *r, SDL_Rect rc, const char *label,
                  int id, int arg, int arg2, bool enabled, bool active, const char *tip, int mx, int my);
/* A kind of button's colours: the fill of the current choice (active), of a plain one and of a
 * disabled one; the edge of a plain and of a disabled one (the current choice's is UI_ACCENT);
 * the label of the current choice and of a disabled one (a plain one's is UI_TEXT); how much
 * the mouse over it lightens the fill; and whether a lighter line runs along its top. */
typedef struct ui_button_look {
    ui_rgba fill_active, fill, fill_off, edge, edge_off, text_active, text_off;
    float hover;
    bool top_line;
} ui_button_look;
/* A button's face in rc, no label; returns the colour its label or icon is drawn in. */
ui_rgba ui_button_face(SDL_Renderer *r, SDL_Rect rc, const ui_button_look *lk, bool hot, bool enabled, bool active);
/* Register a button the screen drew in its own style (it is clicked and listed like the rest). */
int ui_button_register(ui_buttons *bs, SDL_Rect rc, const char *label, int id, int arg, int arg2,
                       bool enabled, bool active, const char *tip, int mx, int my);
/* The button at a point, or NULL. */
const ui_button *ui_buttons_at(const ui_buttons *bs, int x, int y);
/* A tooltip box near (x, y), kept inside the window. */
void ui_tooltip(ui_text *t, SDL_Renderer *r, int x, int y, const char *const *lines, int n, int win_w,
                int win_h);
/* The same, kept off `avoid` when a corner of the pointer allows (what a lesson points at);
 * returns the box drawn. */
SDL_Rect ui_tooltip_avoid(ui_text *t, SDL_Renderer *r, int x, int y, const char *const *lines, int n, int win_w,
                          int win_h, SDL_Rect avoid);

#endif
