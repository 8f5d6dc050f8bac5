/*
 * pool.c - the threads that solve the items: each takes the next chunk
 * of items from the batch, solves them on its lane (a search context and
 * an output buffer) and marks each done; the main thread waits for the
 * item it is to write next.  With one thread the main thread solves the
 * items itself, as it writes them.  The work on an item is handed in
 * (pool_start's work, solve.c's run_item), and the stop flag is
 * run_state.c's: the pool sits below the solving and the writing of the
 * results, and calls up into neither.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "run_state.h"
#include "stop.h"

void lane_free(lane *l)
{
	if (l->out)
		fclose(l->out);
	free(l->obuf);
	astar_ctx_free(l->ctx);
	memset(l, 0, sizeof *l);
}

/* A new lane, 0; or -1 when out of memory (l is then empty). */
int lane_init(lane *l)
{
	memset(l, 0, sizeof *l);
	l->ctx = astar_ctx_new();
	l->out = open_memstream(&l->obuf, &l->olen);
	if (l->ctx == NULL || l->out == NULL) {
		lane_free(l);
		return -1;
	}
	return 0;
}

/*
 * Moves what an item wrote to *f into a buffer of its own (*dst, *dlen;
 * NULL and 0 when it wrote nothing) and rewinds *f.  A large output is
 * handed over whole, the stream closed and a new one opened, so that a
 * lane does not keep the largest buffer it ever needed.  0, or -1 when
 * out of memory.
 */
int lane_take(FILE **f, char **buf, size_t *len, char **dst, size_t *dlen)
{
	long n;

	*dst = NULL;
	*dlen = 0;
	if (fflush(*f) != 0 || (n = ftell(*f)) < 0)
		return -1;
	if (n == 0)
		return 0;
	if (n > 65536) {
		if (fclose(*f) != 0) {
			*f = NULL;
			return -1;
		}
		*dst = *buf;
		*dlen = (size_t)n;
		*buf = NULL;
		*f = open_memstream(buf, len);
		return *f == NULL ? -1 : 0;
	}
	if ((*dst = malloc((size_t)n)) == NULL)
		return -1;
	memcpy(*dst, *buf, (size_t)n);
	*dlen = (size_t)n;
	return fseek(*f, 0, SEEK_SET) == 0 ? 0 : -1;
}

static void *worker(void *arg)
{
	const pool *p = arg;
	batch *b = p->b;
	lane l;
	int ok = lane_init(&l) == 0;

	for (;;) {
		size_t lo, hi;
		pthread_mutex_lock(&b->lock);
		if (b->stop || b->next == b->n) {
			pthread_mutex_unlock(&b->lock);
			break;
		}
		lo = b->next;
		hi = b->n - lo > b->chunk ? lo + b->chunk : b->n;
		b->next = hi;
		pthread_mutex_unlock(&b->lock);
		/* Each item is handed over as soon as it is done, so that
		 * the first results of a chunk are written while the rest
		 * of it runs; after a stop the rest are handed over unrun. */
		for (size_t i = lo; i < hi; i++) {
			if (!stop_requested()) {
				if (!ok)
					b->items[i].lost = 1;
				else if (b->items[i].kind != ITEM_ERROR)
					p->work(b, &b->items[i], &l);
			}
			atomic_store(&b->items[i].done, 1);
			if (atomic_load(&b->waiting) == i) {
				pthread_mutex_lock(&b->lock);
				pthread_cond_signal(&b->cond);
				pthread_mutex_unlock(&b->lock);
			}
		}
	}
	lane_free(&l);
	return NULL;
}

/* The processors this process may run on, as nproc(1) counts them: its
 * CPU affinity (taskset, or a container's cpuset, may allow fewer than
 * the machine has), else those online. */
static int cores_allowed(void)
{
	long cores;
#ifdef CPU_COUNT
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
#endif
	cores = sysconf(_SC_NPROCESSORS_ONLN);
	return cores > 0 ? (int)cores : 1;
}

int pool_start(pool *p, batch *b, pool_work *work)
{
	const cli_config *cfg = b->cfg;
	int n = cfg->jobs > 0 ? cfg->jobs : cores_allowed();

	memset(p, 0, sizeof *p);
	p->b = b;
	p->work = work;
	if ((size_t)n > b->n)
		n = b->n > 0 ? (int)b->n : 1;
	/* Some sixteen chunks a thread, so that one slow query does not
	 * leave the other threads idle for long; at most 64 items. */
	b->chunk = b->n / ((size_t)n * 16);
	b->chunk = b->chunk < 1 ? 1 : b->chunk > 64 ? 64 : b->chunk;
	atomic_init(&b->waiting, SIZE_MAX);
	/* set before the workers start, which read it (prep.c); a count
	 * that did not all start only sizes the preparation's helpers */
	b->nthreads = n;
	if (n > 1 && (p->threads = calloc((size_t)n, sizeof *p->threads))) {
		for (p->n = 0; p->n < n; p->n++) /* those that start go on */
			if (pthread_create(&p->threads[p->n], NULL, worker,
			                   p) != 0)
				break;
		if (p->n == 0) {
			free(p->threads);
			p->threads = NULL;
		}
	}
	if (p->threads == NULL)
		b->nthreads = 1; /* no worker runs: the main thread alone */
	if (p->threads == NULL && lane_init(&p->alone) != 0)
		return -1;
	return 0;
}

void pool_wait(batch *b, size_t i, void (*slow)(void *), void *arg)
{
	item *it = &b->items[i];

	if (atomic_load(&it->done))
		return;
	pthread_mutex_lock(&b->lock);
	while (!it->done && !stop_requested()) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 100 * 1000 * 1000;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		atomic_store(&b->waiting, i);
		if (!atomic_load(&it->done))
			pthread_cond_timedwait(&b->cond, &b->lock, &ts);
		atomic_store(&b->waiting, SIZE_MAX);
		if (!it->done) {
			pthread_mutex_unlock(&b->lock);
			slow(arg);
			pthread_mutex_lock(&b->lock);
		}
	}
	pthread_mutex_unlock(&b->lock);
}

void pool_stop(pool *p, batch *b)
{
	if (p->threads != NULL) {
		run_stop(b);
		for (int i = 0; i < p->n; i++)
			pthread_join(p->threads[i], NULL);
		free(p->threads);
		p->threads = NULL;
	}
	lane_free(&p->alone);
}
