/* online_wake.c — see online_wake.h. */
#include "online_wake.h"
#include <string.h>

static Uint32 wake_event;

void online_wake_init(void)
{
    if (!wake_event)
        wake_event = SDL_RegisterEvents(1);
}

void online_wake(void *arg)
{
    (void)arg;
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = wake_event;
    SDL_PushEvent(&e);
}

bool online_wake_is(const SDL_Event *e)
{
    return wake_event && e->type == wake_event;
}
