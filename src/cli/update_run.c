/*
 * update_run.c - --update after the results: the scenario files
 * rewritten with their queries' new optimal lengths (their items kept
 * the values, in the order of the lines), then the summary.  A JSON
 * level is rewritten by the item that solved it (solve.c), as soon as
 * its queries are done.
 */
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "update.h"

/* Rewrites the scenario file of items [from, to) (all of one file,
 * b->scens[si]) when one of them changed; 0, 1 when it was rewritten, or
 * -1 on an error (reported). */
static int update_one_scen(batch *b, size_t si, size_t from, size_t to)
{
	update_edit *ed;
	size_t n = 0;
	const char *path = b->items[from].scen_name;
	diag_err err;
	int rc = 0;

	for (size_t i = from; i < to; i++)
		n += b->items[i].kind == ITEM_SCEN && b->items[i].upd_scen;
	if (n == 0)
		return 0;
	if ((ed = malloc(n * sizeof *ed)) == NULL) {
		diag_error(path, 0, 0, "out of memory");
		return -1;
	}
	n = 0;
	for (size_t i = from; i < to; i++) {
		const item *it = &b->items[i];
		if (it->kind != ITEM_SCEN || !it->upd_scen)
			continue;
		ed[n].off = it->entry->opt_off;
		ed[n].len = it->entry->opt_len;
		ed[n++].value = it->upd_value;
	}
	if (update_scen(path, b->scen_text[si], b->scen_len[si], ed, n, &err) !=
	    0) {
		diag_report(path, &err);
		rc = -1;
	} else {
		rc = 1;
	}
	free(ed);
	return rc;
}

void update_scens(batch *b, results *r)
{
	size_t i = 0;

	if (!b->cfg->update || b->scen_text == NULL)
		return;
	/* A scenario file's items follow one another. */
	while (i < b->n) {
		size_t j = i + 1, si = b->items[i].scen_ix;
		int rc;
		if (b->items[i].kind == ITEM_FILE || b->scen_text[si] == NULL) {
			i++;
			continue;
		}
		while (j < b->n && b->items[j].kind != ITEM_FILE &&
		       b->items[j].scen_ix == si)
			j++;
		rc = update_one_scen(b, si, i, j);
		if (rc < 0)
			r->status = EXIT_ERROR;
		else
			r->upd_files += (unsigned)rc;
		i = j;
	}
}

void update_summary(const batch *b, const results *r)
{
	const cli_config *cfg = b->cfg;

	if (cfg->quiet)
		return;
	fprintf(notes_to_stderr(cfg) ? stderr : stdout,
	        "updated %u of %u quer%s in %u file%s\n", r->upd_changed,
	        r->upd_total, r->upd_total == 1 ? "y" : "ies", r->upd_files,
	        r->upd_files == 1 ? "" : "s");
}
