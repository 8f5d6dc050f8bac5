/*
 * stop.c - the stop signals (SIGINT, SIGTERM, SIGHUP): a run asked to
 * stop ends at its next whole result and the process then dies of the
 * signal, as the shell expects.  The threads that write results block
 * the signals, so that no write is cut short; a small thread of its own
 * keeps them unblocked, so that one is always taken, and a deadline ends
 * a run stuck in a write nobody takes.  A failed write to standard
 * output is here too (stdout_failed): a closed pipe ends the process by
 * SIGPIPE, and both the flags (options.c, --help) and the run (cli.c)
 * report it, so it sits below both rather than in cli.c.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "stop.h"

/* The signal (SIGINT, SIGTERM or SIGHUP) that asked the run to stop, or
 * 0.  The one global of the program: a signal handler has nowhere else to
 * write. */
static atomic_int stop_signal;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2,
               "a signal handler may only touch lock-free atomics");

/* Seconds from the first stop signal to the process's death however
 * the run stands: more than run_state.c's ten for pictures, so that it
 * comes only to a run stuck in a write nobody takes (a pipe or FIFO
 * whose reader does not read), which a blocked signal cannot cut. */
#define STOP_DEADLINE 11

static void on_stop_signal(int sig)
{
	int none = 0;

	if (atomic_compare_exchange_strong(&stop_signal, &none, sig))
		alarm(STOP_DEADLINE);
}

/* SIGALRM, STOP_DEADLINE seconds after the first stop signal: the
 * process dies of that signal now, in whatever thread this runs (only
 * async-signal-safe calls here). */
static void on_stop_deadline(int unused)
{
	int sig = atomic_load(&stop_signal);
	struct sigaction dfl;
	sigset_t one;

	(void)unused;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	sigemptyset(&one);
	sigaddset(&one, sig);
	sigprocmask(SIG_UNBLOCK, &one, NULL);
	raise(sig);
	_exit(128 + sig); /* not reached */
}

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define NSTOP_SIGNALS (sizeof stop_signals / sizeof stop_signals[0])

/* Catches the stop signals the run was not told to ignore (nohup, or a
 * background job of a shell).  A second signal changes nothing (timeout
 * sends its signal twice, to the process and to its group; dying of the
 * second would cut a write short).  Without SA_RESTART, so that a read
 * waiting on a terminal or a pipe gives up.  The first arms the deadline
 * (on_stop_deadline). */
static void catch_stop_signals(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop_deadline;
	sa.sa_flags = 0;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	sa.sa_handler = on_stop_signal;
	for (size_t i = 0; i < NSTOP_SIGNALS; i++)
		if (sigaction(stop_signals[i], &sa, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			sigaction(stop_signals[i], &old, NULL);
}

/* Blocks (how = SIG_BLOCK) or unblocks the stop signals in this thread:
 * while results are written, so that no write is cut short by one.  The
 * mask before goes to *old unless old is NULL. */
void stop_mask(int how, sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < NSTOP_SIGNALS; i++)
		sigaddset(&set, stop_signals[i]);
	pthread_sigmask(how, &set, old);
}

/* Lets in, for an instant, the stop signals this thread keeps blocked:
 * one that came meanwhile is taken now (stop_signal is set). */
void stop_take(void)
{
	stop_mask(SIG_UNBLOCK, NULL);
	stop_mask(SIG_BLOCK, NULL);
}

/* A thread that only keeps the stop signals unblocked, so that one is
 * taken (stop_signal set, the deadline armed) even while every other
 * thread blocks them: the main thread writing alone, perhaps stuck in a
 * write nobody reads.  The kernel gives a signal to the main thread
 * first when it lets it in, so its waiting reads are still cut short
 * (load.c's read_input). */
static void *stop_catcher(void *arg)
{
	int fd = *(const int *)arg;
	char c;

	stop_mask(SIG_UNBLOCK, NULL);
	/* A signal cuts the read short (EINTR); stop_end's close of the
	 * pipe's other end ends it.  Not pthread_cancel: that loads the
	 * unwinder at the end of the run, which fails, and aborts, when
	 * memory has run out. */
	while (read(fd, &c, 1) < 0 && errno == EINTR)
		;
	return NULL;
}

/* Ends the run early, the whole results so far written (and the
 * reports ended by the caller): the process dies of sig, as the shell
 * expects of a stopped run or of a filter whose reader went away,
 * without waiting for the threads: one may be blocked reading an input
 * that never ends. */
_Noreturn void stop_die(int sig)
{
	sigset_t one;

	/* A second one must not cut a write. */
	stop_mask(SIG_BLOCK, NULL);
	fflush(stdout);
	signal(sig, SIG_DFL);
	sigemptyset(&one);
	sigaddset(&one, sig);
	pthread_sigmask(SIG_UNBLOCK, &one, NULL);
	raise(sig);
	_exit(128 + sig); /* not reached */
}

void stdout_failed(int err)
{
	if (err == EPIPE)
		stop_die(SIGPIPE);
	diag_error(NULL, 0, 0, "error writing to standard output: %s",
	           strerror(err));
}

void stop_begin(stop_watch *w)
{
	catch_stop_signals();
	w->on = 0;
	if (pipe(w->wake) != 0)
		return;
	w->on = pthread_create(&w->thread, NULL, stop_catcher, &w->wake[0]) == 0;
	if (!w->on) {
		close(w->wake[0]);
		close(w->wake[1]);
	}
}

void stop_end(stop_watch *w)
{
	if (w->on) {
		close(w->wake[1]);
		pthread_join(w->thread, NULL);
		close(w->wake[0]);
		w->on = 0;
	}
}

int stop_requested(void)
{
	return atomic_load(&stop_signal);
}
