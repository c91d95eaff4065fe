/* ai_pool.c — the computer sides, played off the request threads by a bounded pool of workers.
 * A game waiting on a computer side is queued once (ai_queued); a worker takes it, decides one
 * command from that side's view alone (the AI's blindness is the AI's own, js_ai.h), submits it
 * as a client's would be (stored first), and queues the game again if the computer still has to
 * move: one command a turn in the queue, so a long decision in one game does not starve others. */
#define _POSIX_C_SOURCE 200809L
#include "server.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The computer side the game waits on, or -1 (gm->mu held). */
static int computer_to_move(const srv_game *gm)
{
    if (gm->broken || srv_over(gm))
        return -1;
    js_wait w = js_wait_get(gm->g);
    for (int k = 0; k < JS_SIDES; k++)
        if (gm->ai[k] && (w.sides & JS_SIDE_MASK(k)))
            return k;
    return -1;
}

void ai_pool_wake(srv *s, srv_game *gm)
{
    if (gm->ai_queued || computer_to_move(gm) < 0)
        return;
    pthread_mutex_lock(&s->qmu);
    if (s->qlen == s->qcap) {
        int cap = s->qcap ? s->qcap * 2 : 64;
        srv_game **q = malloc((size_t)cap * sizeof *q);
        if (!q) {
            pthread_mutex_unlock(&s->qmu);
            return; /* tried again at the game's next change */
        }
        for (int i = 0; i < s->qlen; i++)
            q[i] = s->queue[(s->qhead + i) % s->qcap];
        free(s->queue);
        s->queue = q, s->qcap = cap, s->qhead = 0;
    }
    s->queue[(s->qhead + s->qlen++) % s->qcap] = gm;
    gm->ai_queued = true;
    pthread_cond_signal(&s->qcv);
    pthread_mutex_unlock(&s->qmu);
}

static void play_one(srv *s, srv_game *gm, js_view *v)
{
    pthread_mutex_lock(&gm->mu);
    int side = computer_to_move(gm);
    if (side >= 0)
        js_view_build(gm->g, side, v);
    pthread_mutex_unlock(&gm->mu);
    if (side < 0)
        goto requeue;
    js_cmd c;
    /* only this worker uses the game's AI while the game is queued */
    int r = js_ai_decide(gm->ai[side], v, &c, &s->ai_cancel);
    if (r == JS_AI_CANCELLED) /* the server is stopping: the move is thought again after the restart */
        return;
    pthread_mutex_lock(&gm->mu);
    char why[JS_REASON_LEN + 64];
    int http = r == JS_AI_OK ? srv_submit(s, gm, side, &c, why, sizeof why) : -1;
    if (http == 0) {
        gm->ai_refusals = 0;
    } else if (computer_to_move(gm) == side && ++gm->ai_refusals >= 3) {
        /* the computer cannot go on: it resigns rather than hold the game up for ever */
        fprintf(stderr, "jumpstrike-server: game %s: the computer (side %c) resigns: %s\n", gm->meta.id, 'A' + side,
                http < 0 ? "it found no command" : why);
        int64_t now = (int64_t)time(NULL);
        if (store_game_resign(s->st, gm->meta.id, side, now, why, sizeof why)) {
            srv_resigned(gm, side, now);
        }
    }
    pthread_mutex_unlock(&gm->mu);
requeue:
    pthread_mutex_lock(&gm->mu);
    gm->ai_queued = false;
    ai_pool_wake(s, gm);
    pthread_mutex_unlock(&gm->mu);
}

static void *worker(void *arg)
{
    srv *s = arg;
    js_view *v = malloc(sizeof *v);
    for (;;) {
        pthread_mutex_lock(&s->qmu);
        while (!s->qlen && !s->stopping)
            pthread_cond_wait(&s->qcv, &s->qmu);
        if (s->stopping) {
            pthread_mutex_unlock(&s->qmu);
            break;
        }
        srv_game *gm = s->queue[s->qhead];
        s->qhead = (s->qhead + 1) % s->qcap;
        s->qlen--;
        pthread_mutex_unlock(&s->qmu);
        if (v)
            play_one(s, gm, v);
    }
    free(v);
    return NULL;
}

bool ai_pool_start(srv *s)
{
    int n = s->o.ai_workers < 1 ? 1 : s->o.ai_workers;
    if (!(s->workers = calloc((size_t)n, sizeof *s->workers)))
        return false;
    for (s->nworkers = 0; s->nworkers < n; s->nworkers++)
        if (pthread_create(&s->workers[s->nworkers], NULL, worker, s))
            break;
    if (!s->nworkers)
        return false;
    for (int i = 0; i < s->ngames; i++) { /* games the last run left on the computer's move */
        pthread_mutex_lock(&s->games[i]->mu);
        ai_pool_wake(s, s->games[i]);
        pthread_mutex_unlock(&s->games[i]->mu);
    }
    return true;
}

void ai_pool_stop(srv *s)
{
    pthread_mutex_lock(&s->qmu);
    s->stopping = true;
    s->ai_cancel = 1; /* a computer thinking stops now, not when its move is found */
    pthread_cond_broadcast(&s->qcv);
    pthread_mutex_unlock(&s->qmu);
    for (int i = 0; i < s->nworkers; i++)
        pthread_join(s->workers[i], NULL);
    free(s->workers);
    s->workers = NULL, s->nworkers = 0;
}
