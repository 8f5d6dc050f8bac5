/*
 * graph_batch.c - a graph file's queries on several threads
 * (graph_batch.h).  Each thread takes the next query from a shared
 * counter and keeps a copy of its answer's arrays, since they belong to
 * the thread's context until its next search.  --shard keeps every
 * N-th of the run's items, a query file's queries being one item each.
 */
#include <fnmatch.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "graph_batch.h"

astar_options graph_query_options(const astar_options *base,
                                  const graph_query *q, int no_path)
{
	astar_options o = *base;

	o.adjacent |= q->adjacent;
	o.closest |= q->closest;
	o.no_path = no_path;
	return o;
}

typedef struct batch_work {
	const graph_file *f;
	size_t n;
	const astar_options *base;
	int no_path;
	graph_answer *a;
	atomic_size_t next;
	atomic_int nomem;
} batch_work;

static uint32_t *copy(const uint32_t *v, size_t n, atomic_int *nomem)
{
	uint32_t *c;

	if (v == NULL)
		return NULL;
	c = malloc((n ? n : 1) * sizeof *c);
	if (c == NULL)
		atomic_store(nomem, 1);
	else
		memcpy(c, v, n * sizeof *c);
	return c;
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void *worker(void *arg)
{
	batch_work *w = arg;
	astar_ctx *ctx = astar_ctx_new();
	size_t i;

	if (ctx == NULL) {
		atomic_store(&w->nomem, 1);
		return NULL;
	}
	while ((i = atomic_fetch_add(&w->next, 1)) < w->n) {
		const graph_query *q = &w->f->queries[i];
		astar_options o = graph_query_options(w->base, q, w->no_path);
		graph_answer *a = &w->a[i];
		double t0 = now_ms();

		a->st = astar_graph_search(ctx, w->f->g, q->starts, q->nstarts,
		                           q->goals, q->ngoals, &o, &a->res);
		a->ms = now_ms() - t0;
		a->res.path = copy(a->res.path, a->res.path_len, &w->nomem);
		a->res.explored = copy(a->res.explored, a->res.explored_len,
		                       &w->nomem);
	}
	astar_ctx_free(ctx);
	return NULL;
}

int graph_batch_solve(const graph_file *f, size_t n,
                      const astar_options *base, int no_path, int threads,
                      graph_answer *answers)
{
	batch_work w;
	pthread_t *t = calloc((size_t)threads, sizeof *t);
	int started = 0;

	memset(answers, 0, n * sizeof *answers);
	w.f = f;
	w.n = n;
	w.base = base;
	w.no_path = no_path;
	w.a = answers;
	atomic_init(&w.next, 0);
	atomic_init(&w.nomem, t == NULL);
	for (int i = 0; t != NULL && i < threads; i++)
		if (pthread_create(&t[i], NULL, worker, &w) == 0)
			started++;
	if (started == 0)
		worker(&w); /* no thread could start: this one does it all */
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	free(t);
	if (atomic_load(&w.nomem)) {
		graph_answers_free(answers, n);
		return -1;
	}
	return 0;
}

void graph_answers_free(graph_answer *a, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free((void *)a[i].res.path);
		free((void *)a[i].res.explored);
		a[i].res.path = a[i].res.explored = NULL;
	}
}

int graph_in_shard(const cli_config *cfg, size_t item)
{
	return cfg->shard_n == 0 ||
	       item % (size_t)cfg->shard_n == (size_t)cfg->shard_k - 1;
}

/* Whether --only chooses query q: every query without --only, else a
 * named one a pattern matches (hits[j] set for each pattern that does). */
static int graph_only(const cli_config *cfg, const graph_query *q,
                      unsigned char *hits)
{
	int hit = 0;

	if (cfg->nonly == 0)
		return 1;
	for (size_t j = 0; q->name != NULL && j < cfg->nonly; j++)
		if (fnmatch(cfg->only[j], q->name, 0) == 0) {
			hits[j] = 1;
			hit = 1;
		}
	return hit;
}

int graph_pick(const cli_config *cfg, size_t first, int per_query,
               const graph_file *f, graph_file *sub, size_t **index,
               unsigned char *hits)
{
	size_t k = 0;

	*sub = *f;
	*index = malloc((f->nqueries ? f->nqueries : 1) * sizeof **index);
	sub->queries = malloc((f->nqueries ? f->nqueries : 1) *
	                      sizeof *sub->queries);
	if (*index == NULL || sub->queries == NULL) {
		free(*index);
		free(sub->queries);
		return -1;
	}
	for (size_t i = 0; i < f->nqueries; i++)
		if ((!per_query || graph_in_shard(cfg, first + i)) &&
		    graph_only(cfg, &f->queries[i], hits)) {
			(*index)[k] = i;
			sub->queries[k++] = f->queries[i]; /* f's, shared */
		}
	sub->nqueries = k;
	return 0;
}
