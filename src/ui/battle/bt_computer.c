/* bt_computer.c — the computer's sides of a battle: js_ai on a worker thread (bt_computer.h). */
#include "bt_computer.h"
#include "js_ai.h"
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PROGRESS_MS = 100 };

struct bt_cpu {
    js_ai *ai[JS_SIDES];
    js_view *view;             /* the thinking side's view: the worker's private copy */
    SDL_Thread *th;
    SDL_atomic_t done;         /* the worker has finished (its results may be read) */
    SDL_TimerID timer;
    volatile int cancel;
    volatile int progress;
    int side;                  /* thinking (or holding an answer for), -1 none */
    uint64_t start_hash;       /* js_game_hash when the thought started */
    Uint32 started;            /* SDL_GetTicks when it started (the UI's clock, never the AI's) */
    js_cmd out;                /* the worker's answer */
    int rc;                    /* its js_ai_status */
    bool have_answer;          /* the thread is joined and out/rc are to be handed out */
    bool failed;
    uint64_t failed_hash;      /* silent while the game is still at this hash */
};

static Uint32 wake_type;

uint32_t bt_cpu_wake_event(void)
{
    if (!wake_type) {
        Uint32 t = SDL_RegisterEvents(1);
        wake_type = t == (Uint32)-1 ? SDL_USEREVENT : t;
    }
    return wake_type;
}

void bt_cpu_wake(void)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = bt_cpu_wake_event();
    SDL_PushEvent(&e);
}

uint32_t bt_cpu_tick(uint32_t interval, void *arg)
{
    (void)arg;
    bt_cpu_wake(); /* the main loop redraws the progress */
    return interval;
}

static int worker(void *arg)
{
    bt_cpu *c = arg;
    c->rc = js_ai_decide(c->ai[c->side], c->view, &c->out, &c->cancel);
    SDL_AtomicSet(&c->done, 1);
    bt_cpu_wake();
    return 0;
}

bt_cpu *bt_cpu_create(const int levels[JS_SIDES], const uint64_t seeds[JS_SIDES])
{
    if (levels[0] < 0 && levels[1] < 0)
        return NULL;
    bt_cpu *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->side = -1;
    c->view = malloc(sizeof *c->view);
    bool ok = c->view != NULL;
    for (int s = 0; s < JS_SIDES && ok; s++)
        if (levels[s] >= 0)
            ok = (c->ai[s] = js_ai_create(levels[s], s, seeds[s])) != NULL;
    if (!ok) {
        bt_cpu_destroy(c);
        return NULL;
    }
    bt_cpu_wake_event();
    return c;
}

/* Wait for the worker (it has finished or been told to stop) and stop the progress timer. */
static void join(bt_cpu *c)
{
    if (c->th) {
        SDL_WaitThread(c->th, NULL);
        c->th = NULL;
    }
    if (c->timer) {
        SDL_RemoveTimer(c->timer);
        c->timer = 0;
    }
}

void bt_cpu_destroy(bt_cpu *c)
{
    if (!c)
        return;
    c->cancel = 1;
    join(c);
    for (int s = 0; s < JS_SIDES; s++)
        js_ai_destroy(c->ai[s]);
    free(c->view);
    free(c);
}

bool bt_cpu_plays(const bt_cpu *c, int side) { return c && side >= 0 && side < JS_SIDES && c->ai[side]; }

unsigned bt_cpu_mask(const bt_cpu *c)
{
    unsigned m = 0;
    for (int s = 0; s < JS_SIDES; s++)
        if (bt_cpu_plays(c, s))
            m |= JS_SIDE_MASK(s);
    return m;
}

bool bt_cpu_busy(const bt_cpu *c) { return c && c->th; }
int bt_cpu_progress(const bt_cpu *c) { return c && c->th ? c->progress : 0; }
int bt_cpu_side(const bt_cpu *c) { return c ? c->side : -1; }
long bt_cpu_thinking_ms(const bt_cpu *c) { return c && c->th ? (long)(SDL_GetTicks() - c->started) : 0; }

/* The computer's side the game waits on now (A first), or -1. */
static int due(const bt_cpu *c, const js_game *g)
{
    js_wait w = js_wait_get(g);
    if (w.kind == JS_WAIT_NONE)
        return -1;
    for (int s = 0; s < JS_SIDES; s++)
        if (c->ai[s] && (w.sides & JS_SIDE_MASK(s)))
            return s;
    return -1;
}

static bool start(bt_cpu *c, const js_game *g, int side)
{
    js_view_build(g, side, c->view); /* on this thread: the worker never sees the game */
    c->side = side;
    c->start_hash = js_game_hash(g);
    c->started = SDL_GetTicks();
    c->cancel = 0;
    c->progress = 0;
    c->have_answer = false;
    SDL_AtomicSet(&c->done, 0);
    js_ai_set_progress(c->ai[side], &c->progress);
    c->th = SDL_CreateThread(worker, "computer", c);
    if (!c->th) { /* no thread to be had: think here (the window waits, but the game goes on) */
        worker(c);
        SDL_FlushEvent(bt_cpu_wake_event());
    } else {
        c->timer = SDL_AddTimer(PROGRESS_MS, bt_cpu_tick, NULL);
    }
    return true;
}

static bt_cpu_state fail(bt_cpu *c, const js_game *g, char *why, size_t cap, const char *fmt, const char *detail)
{
    c->failed = true;
    c->failed_hash = js_game_hash(g);
    c->side = -1;
    if (why && cap)
        snprintf(why, cap, fmt, detail);
    return BT_CPU_FAILED;
}

bt_cpu_state bt_cpu_poll(bt_cpu *c, const js_game *g, js_cmd *out, char *why, size_t cap)
{
    if (!c)
        return BT_CPU_IDLE;
    if (c->th && !SDL_AtomicGet(&c->done))
        return BT_CPU_THINKING;
    if (c->th || (c->side >= 0 && SDL_AtomicGet(&c->done))) {
        join(c);
        c->have_answer = true;
    }
    if (c->have_answer) {
        c->have_answer = false;
        int side = c->side;
        c->side = -1;
        bool moved = js_game_hash(g) != c->start_hash;
        if (c->rc == JS_AI_OK) {
            char reason[JS_REASON_LEN] = "";
            if (js_check(g, &c->out, reason, sizeof reason) == JS_OK) {
                *out = c->out;
                c->failed = false;
                return BT_CPU_ANSWER;
            }
            if (!moved)
                return fail(c, g, why, cap, "the computer's move was refused: %s", reason);
        } else if (c->rc == JS_AI_FAILED && !moved) {
            return fail(c, g, why, cap, "%s", "the computer could not decide (out of memory?)");
        } else if (c->rc == JS_AI_NOT_MINE && !moved) {
            return fail(c, g, why, cap, "%s", "the computer was asked out of turn");
        }
        (void)side; /* stale or cancelled: think again on the game as it is now */
    }
    if (c->failed && js_game_hash(g) == c->failed_hash)
        return BT_CPU_IDLE; /* said once; silent until the game moves */
    c->failed = false;
    int side = due(c, g);
    if (side < 0)
        return BT_CPU_IDLE;
    start(c, g, side);
    return BT_CPU_THINKING;
}
