/* logwrap.h — the battle log's lines wrapped to the log panel's width, worked out once per event
 * and kept: a cache keyed by the event's index in the game's log. The log only grows, and a
 * replay's log is always a prefix of the whole record's, so an index keeps its text; a changed
 * text (checked by a hash), width, text size or face is wrapped again. Used by the battle's log
 * (hud.c) and the replay viewer's (ui_replay.c). */
#ifndef UI_LOGWRAP_H
#define UI_LOGWRAP_H

#include "kit/text.h"
#include "kit/ui_core.h"

typedef struct ui_logwrap ui_logwrap;

ui_logwrap *ui_logwrap_create(void);
void ui_logwrap_destroy(ui_logwrap *w);
/* The lines of event idx whose text is `line`, wrapped to width pixels (continuation lines
 * indented): returns how many, and *lines points at that many NUL-ended strings one after the
 * other (valid until the width changes or that event is wrapped again). On failure 1, with
 * *lines = line. */
int ui_logwrap_get(ui_logwrap *w, ui_text *t, ui_font_face face, int px, int width, int idx, const char *line,
                   const char **lines);
/* How many times a line was wrapped (tests: drawing again must not wrap again). */
long ui_logwrap_work(const ui_logwrap *w);

/* The colour of an event's line in a log. */
ui_rgba ui_event_col(const js_scenario *sc, const js_event *e);

typedef bool (*ui_log_filter)(const void *ctx, const js_event *e);
/* The body of a log panel, shared by the battle and the replay viewer: the newest events before
 * `limit` that `visible` lets through (phase headers left out), `*scroll` events back from the
 * newest, wrapped to the panel and drawn from `top` down, the oldest first. *wrap is created on
 * first use and owned by the caller. *scroll is clamped when there is less to show. Returns how
 * many events were drawn. */
int ui_log_body_draw(SDL_Renderer *r, ui_text *t, ui_logwrap **wrap, const js_game *g, const js_scenario *sc,
                     int limit, ui_log_filter visible, const void *ctx, SDL_Rect panel, int top, int pad,
                     int *scroll);

#endif
