/*
 * run_state.c - the stop flag and the count of file writes in progress,
 * under the batch lock: the workers' pictures and rewrites (emit.c,
 * solve_update.c) count themselves in and out, the pool stops taking
 * chunks, and a run that ends early waits for the writes begun before
 * the process dies (results.c).  It sits at the bottom of the driver,
 * below every part that uses it, so that none of them calls up into
 * the file that runs the whole (cli.c) for it.
 */
#include <pthread.h>
#include <time.h>

#include "run_state.h"

void run_stop(batch *b)
{
	pthread_mutex_lock(&b->lock);
	b->stop = 1;
	pthread_mutex_unlock(&b->lock);
}

void run_stop_and_wait(batch *b)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 10;
	pthread_mutex_lock(&b->lock);
	b->stop = 1;
	while (b->images_busy > 0 &&
	       pthread_cond_timedwait(&b->cond, &b->lock, &until) == 0)
		;
	pthread_mutex_unlock(&b->lock);
}

int write_begin(batch *b)
{
	int go;

	pthread_mutex_lock(&b->lock);
	go = !b->stop;
	b->images_busy += go;
	pthread_mutex_unlock(&b->lock);
	return go;
}

void write_end(batch *b)
{
	pthread_mutex_lock(&b->lock);
	if (--b->images_busy == 0 && b->stop)
		pthread_cond_broadcast(&b->cond);
	pthread_mutex_unlock(&b->lock);
}
