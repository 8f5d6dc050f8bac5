/*
 * main.c - the command line in three steps: the flags as given
 * (options.c), the configuration they make (config.c), and the run
 * (cli.c).
 */
#include <signal.h>

#include "base/diag.h"
#include "cli.h"
#include "config.h"
#include "options.h"
#include "read/io.h"
#include "read/json_text.h"

int main(int argc, char **argv)
{
	options o;
	cli_config cfg;
	int rc;

	/* A closed standard stream stays unusable, but its number is not
	 * given to a file the run writes (see io_keep_std_fds). */
	(void)io_keep_std_fds();
	json_text_init(); /* before any thread uses jansson */
	signal(SIGPIPE, SIG_IGN); /* a write error: stdout_failed */
	rc = options_parse(argc, argv, &o);
	if (rc == OPTIONS_RUN)
		rc = config_build(&o, &cfg);
	if (rc == OPTIONS_RUN)
		rc = cli_run(&cfg);
	options_free(&o);
	return rc;
}
