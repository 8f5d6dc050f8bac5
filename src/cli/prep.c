/*
 * prep.c - the preparation that the queries of scenario files on one
 * shared map share: its landmark tables, built once for the batch by the
 * first query that needs them (the others on that map wait), with the
 * two directions of each landmark's distances side by side when the
 * batch has several threads, then shared read-only by every thread's
 * context (astar_prepare_on, astar_prepare_share).  The tables are the
 * same whatever the thread count, so the output is too.
 */
#include <pthread.h>
#include <stdlib.h>

#include "driver.h"

/* One helper thread's share of an astar_parallel loop: the jobs i = at,
 * at + step, ... below n. */
typedef struct share {
	pthread_t t;
	size_t at, step, n;
	void (*job)(void *arg, size_t i);
	void *arg;
} share;

static void run_share(share *s)
{
	for (size_t i = s->at; i < s->n; i += s->step)
		s->job(s->arg, i);
}

static void *helper(void *p)
{
	run_share(p);
	return NULL;
}

/* astar_parallel on the batch's thread count (self, the batch): the
 * calling thread takes its share, helpers the rest; a helper that cannot
 * start leaves its share to the calling thread. */
static void side_by_side(void *self, size_t n, void (*job)(void *, size_t),
                         void *arg)
{
	const batch *b = self;
	share s[8];
	size_t k = (size_t)b->nthreads < n ? (size_t)b->nthreads : n;
	int started[8] = {0};

	k = k > 8 ? 8 : k < 1 ? 1 : k;
	for (size_t i = 0; i < k; i++)
		s[i] = (share){0, i, k, n, job, arg};
	for (size_t i = 1; i < k; i++)
		started[i] = pthread_create(&s[i].t, NULL, helper, &s[i]) == 0;
	run_share(&s[0]);
	for (size_t i = 1; i < k; i++) {
		if (started[i])
			pthread_join(s[i].t, NULL);
		else
			run_share(&s[i]);
	}
}

/* Nonzero when the queries with options o build landmark tables that a
 * batch can share. */
static int shareable(const astar_options *o)
{
	return o->algorithm == ASTAR_ALGO_ASTAR && o->landmarks != 0 &&
	       o->size <= 1 && o->wrap == ASTAR_WRAP_NONE && !o->adjacent &&
	       !o->closest;
}

/* The first query to need sm's tables builds them in its own context
 * and leaves sm->prep a context that holds only them. */
static void build(batch *b, shared_map *sm, astar_ctx *ctx,
                  const astar_options *o)
{
	const astar_grid *g = sm->m.grid;
	astar_ctx *hold = NULL;

	if (astar_prepare_on(ctx, g, o, b->nthreads > 1 ? side_by_side : NULL,
	                     b) == ASTAR_OK &&
	    (hold = astar_ctx_new()) != NULL &&
	    astar_prepare_share(hold, ctx, g, o) != ASTAR_OK) {
		astar_ctx_free(hold);
		hold = NULL;
	}
	pthread_mutex_lock(&b->lock);
	sm->prep = hold;
	sm->prep_state = SM_PREP_DONE;
	pthread_cond_broadcast(&b->loaded);
	pthread_mutex_unlock(&b->lock);
}

double shared_prepare(batch *b, shared_map *sm, astar_ctx *ctx,
                      const astar_options *o)
{
	double t = now_us();
	int mine = 0;

	if (shareable(o)) {
		pthread_mutex_lock(&b->lock);
		while (sm->prep_state == SM_PREP_BUILDING)
			pthread_cond_wait(&b->loaded, &b->lock);
		if (sm->prep_state == SM_PREP_NONE) {
			sm->prep_state = SM_PREP_BUILDING;
			mine = 1;
		}
		pthread_mutex_unlock(&b->lock);
		if (mine)
			build(b, sm, ctx, o);
		else if (sm->prep != NULL)
			/* options that differ build their own below */
			(void)astar_prepare_share(ctx, sm->prep, sm->m.grid,
			                          o);
	}
	/* what is left: the context's own arrays (and, when the tables
	 * could not be shared, its own tables); its failures are the
	 * search's as well, which reports them */
	(void)astar_prepare(ctx, sm->m.grid, o);
	return now_us() - t;
}
