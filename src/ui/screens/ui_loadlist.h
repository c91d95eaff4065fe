/* ui_loadlist.h — the load screen: the autosave and every named save (ui_saves_list), newest
 * first; continue one, watch it as a replay, or delete a named save. The title screen pushes it. */
#ifndef UI_LOADLIST_H
#define UI_LOADLIST_H

#include "battle/ui_saves.h"
#include "board/board.h"

typedef struct ui_loadlist ui_loadlist;
typedef enum {
    UI_LOADLIST_OPEN = 0,      /* still choosing */
    UI_LOADLIST_LOAD,          /* continue the chosen game (ui_loadlist_path) */
    UI_LOADLIST_REPLAY,        /* watch the chosen game as a replay */
    UI_LOADLIST_BACK,          /* closed without a choice */
} ui_loadlist_result;

ui_loadlist *ui_loadlist_create(ui_gfx *g);
void ui_loadlist_destroy(ui_loadlist *l);
void ui_loadlist_resize(ui_loadlist *l, int w, int h);
void ui_loadlist_event(ui_loadlist *l, const SDL_Event *e);
bool ui_loadlist_update(ui_loadlist *l, double dt);
void ui_loadlist_draw(ui_loadlist *l);
/* Rows are still being read (off the UI thread: each file's game is rebuilt there). */
bool ui_loadlist_reading(const ui_loadlist *l);
/* Read the list again (after a save was written). */
void ui_loadlist_refresh(ui_loadlist *l);
ui_loadlist_result ui_loadlist_result_get(const ui_loadlist *l);
const char *ui_loadlist_path(const ui_loadlist *l);
/* The delete confirmation is up (Delete key or button on a named save; Enter/Y deletes, Esc/N keeps). */
bool ui_loadlist_confirming(const ui_loadlist *l);
/* Show a message on the list (e.g. why loading the chosen file failed) and reopen it. */
void ui_loadlist_message(ui_loadlist *l, const char *msg);

#endif
