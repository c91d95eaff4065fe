/* online_wake.h — the one SDL user event a network worker pushes to wake the UI thread (the
 * online screens' lanes and the record fetch): the UI thread then polls what came back. */
#ifndef JS_ONLINE_WAKE_H
#define JS_ONLINE_WAKE_H
#include <SDL.h>
#include <stdbool.h>

/* Registers the event the first time (UI thread, before any worker runs). */
void online_wake_init(void);
/* Pushes the event; safe from any thread (SDL_PushEvent is). arg is unused: the shape a
 * net worker's wake callback takes. */
void online_wake(void *arg);
/* Whether e is that event. */
bool online_wake_is(const SDL_Event *e);
#endif
