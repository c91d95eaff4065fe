/* search_par.c — the commodore's payoff cells on more than one core.
 *
 * The cells of a search (a world, a joint plot of ours, one of theirs, a throw of the dice) are
 * independent: each is played from its world's snapshot with its own seed, in a game started over
 * for it (js_game_restart), so its value and its work do not depend on which thread played it or
 * what that thread played before. The threads take the next cell from a shared counter and write
 * each result into the cell's own slot; the caller sums the slots in a fixed order afterwards. So
 * the chosen plot never depends on the timing of the threads, only on the view (docs/ai.md, "On
 * both cores"). The calling thread works too and alone writes the progress. The engine stays
 * single-threaded: every thread has its own games and states. */
#include "ai_int.h"
#include <pthread.h>

typedef struct par {
    ai_ctx *c;
    int n;
    ai_cell_fn fn;
    void *arg;
    int next, done, stop; /* touched only with __atomic builtins */
    int prog_from, prog_to;
} par;

typedef struct worker {
    par *p;
    int id;
} worker;

static bool cancelled(par *p)
{
    if (__atomic_load_n(&p->stop, __ATOMIC_RELAXED))
        return true;
    if (p->c->cancel && __atomic_load_n(p->c->cancel, __ATOMIC_RELAXED)) {
        __atomic_store_n(&p->stop, 1, __ATOMIC_RELAXED);
        return true;
    }
    return false;
}

static void *work(void *arg)
{
    worker *w = arg;
    par *p = w->p;
    while (!cancelled(p)) {
        int i = __atomic_fetch_add(&p->next, 1, __ATOMIC_RELAXED);
        if (i >= p->n)
            break;
        p->fn(p->arg, w->id, i);
        int done = __atomic_add_fetch(&p->done, 1, __ATOMIC_RELEASE);
        if (w->id == 0) /* the caller's thread: the progress has one writer, and it only rises */
            ai_progress(p->c, p->prog_from + (int)((long)(p->prog_to - p->prog_from) * done / p->n));
    }
    return NULL;
}

bool ai_cells(ai_ctx *c, int threads, int n, ai_cell_fn fn, void *arg, int prog_from, int prog_to)
{
    par p = {.c = c, .n = n, .fn = fn, .arg = arg, .prog_from = prog_from, .prog_to = prog_to};
    threads = threads < 1 ? 1 : threads > AI_MAX_THREADS ? AI_MAX_THREADS : threads;
    worker w[AI_MAX_THREADS];
    pthread_t t[AI_MAX_THREADS];
    int started = 1;
    for (int i = 0; i < threads; i++)
        w[i] = (worker){&p, i};
    for (; started < threads && started < n; started++) /* a thread that will not start: fewer work */
        if (pthread_create(&t[started], NULL, work, &w[started]) != 0)
            break;
    work(&w[0]);
    for (int i = 1; i < started; i++)
        pthread_join(t[i], NULL);
    if (__atomic_load_n(&p.stop, __ATOMIC_ACQUIRE) || ai_should_stop(c)) {
        c->cancelled = true;
        return false;
    }
    return true;
}
