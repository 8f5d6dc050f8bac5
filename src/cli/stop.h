/*
 * stop.h - how a run is asked to stop (SIGINT, SIGTERM, SIGHUP) and how
 * the process then dies of the signal.
 */
#ifndef ASTAR_STOP_H
#define ASTAR_STOP_H

#include <pthread.h>
#include <signal.h>
#include <stdio.h>

/* The thread stop_begin starts, which takes the stop signals while the
 * others block them. */
typedef struct stop_watch {
	pthread_t thread;
	int on;      /* the thread started */
	int wake[2]; /* a pipe: its write end closed ends the thread */
} stop_watch;

/* Catches the stop signals the process was not told to ignore and starts
 * w's thread; a run without that thread (pthread_create failed) still
 * takes them in the threads that let them in.  From the first signal on,
 * stop_requested() gives it, and some seconds later (STOP_DEADLINE in
 * stop.c) the process dies of it however the run stands. */
void stop_begin(stop_watch *w);

/* Ends w's thread (the signals stay caught). */
void stop_end(stop_watch *w);

/* The signal that asked the run to stop, or 0. */
int stop_requested(void);

/* Blocks (how = SIG_BLOCK) or unblocks (SIG_UNBLOCK) the stop signals in
 * the calling thread; the mask before goes to *old unless old is NULL. */
void stop_mask(int how, sigset_t *old);

/* Lets in, for an instant, the stop signals this thread blocks: one that
 * came meanwhile is taken now. */
void stop_take(void);

/* Dies of sig, first flushing the standard output (the reports are
 * the caller's: reports_end_early).  Does not return. */
_Noreturn void stop_die(int sig);

/* Reports a failed write to standard output, err its errno, as "error
 * writing to standard output: REASON"; but a closed pipe (EPIPE) ends the
 * process quietly by SIGPIPE, as the shell expects of a filter whose
 * reader went away (astar ... | head). */
void stdout_failed(int err);

#endif
