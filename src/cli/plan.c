/*
 * plan.c - the inputs into the batch's list of work items: a map file is
 * one item, a scenario file one item a query (and one for each line that
 * could not be read), and --shard keeps every N-th of them.  The maps of
 * scenario files are only named here; they are read when a query needs
 * them (load.c).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "write/image_names.h"

static int push_item(batch *b, size_t *cap, item it)
{
	if (b->n == *cap) {
		size_t nc = *cap ? *cap * 2 : 64;
		item *ni = realloc(b->items, nc * sizeof *ni);
		if (ni == NULL)
			return -1;
		b->items = ni;
		*cap = nc;
	}
	b->items[b->n++] = it;
	return 0;
}

/* An item that only carries a message, written now: err about the
 * file `about`, or the scenario file when that is NULL. */
static int push_error_about(batch *b, size_t *cap, const char *scen_name,
                            const char *about, const map_error *err)
{
	item it;

	memset(&it, 0, sizeof it);
	it.kind = ITEM_ERROR;
	it.scen_name = scen_name;
	it.status = EXIT_ERROR;
	diag_collect(&it.msgs);
	diag_report(about != NULL ? about : scen_name, err);
	diag_collect(NULL);
	if (it.msgs.nomem)
		goto fail;
	if (b->cfg->check) {
		it.checked = 1;
		it.failed = 1;
	}
	if (b->cfg->junit || b->cfg->tap || b->cfg->github ||
	    b->cfg->markdown || b->cfg->html) {
		char label[LABEL_MAX], why[MESSAGE_MAX];
		/* A line's error names the line; the file's (unreadable, no
		 * version line) the file alone. */
		if (err->line > 0)
			scen_label(label, sizeof label, scen_name, err->line);
		else
			snprintf(label, sizeof label, "%s", scen_name);
		if ((it.cases = calloc(1, sizeof *it.cases)) == NULL)
			goto fail;
		it.ncases = 1;
		it.cases->error = 1;
		last_message(&it.msgs, err->msg, why, sizeof why);
		if ((it.cases->name = strdup(label)) == NULL ||
		    (it.cases->message = strdup(why)) == NULL)
			goto fail;
	}
	if (push_item(b, cap, it) == 0)
		return 0;
fail:
	free_item(&it);
	return -1;
}

static int push_error(batch *b, size_t *cap, const char *scen_name,
                      const map_error *err)
{
	return push_error_about(b, cap, scen_name, NULL, err);
}

/* The n paths of cand (some alike), each once, as "A", "A and B" or
 * "A, B and C"; malloc'd, or NULL when out of memory. */
static char *paths_tried(char *const *cand, int n)
{
	size_t len = 1;
	char *s;
	int k = 0;

	for (int i = 0; i < n; i++)
		len += strlen(cand[i]) + 5;
	if ((s = malloc(len)) == NULL)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < n; i++) {
		int seen = 0, later = 0;
		for (int j = 0; j < i; j++)
			seen |= strcmp(cand[j], cand[i]) == 0;
		if (seen)
			continue;
		for (int j = i + 1; j < n; j++) {
			int dup = 0;
			for (int h = 0; h < j; h++)
				dup |= strcmp(cand[h], cand[j]) == 0;
			later += !dup;
		}
		if (k++ > 0)
			strcat(s, later > 0 ? ", " : " and ");
		strcat(s, cand[i]);
	}
	return s;
}

/* Where a scenario's map is: --map, else the map field itself when it is
 * an absolute path to a readable file, else beside the scenario file by
 * the name in the map field, else by that name's last component (so a
 * scenario written elsewhere still finds the maps copied beside it).
 * When none of these is readable, the first that exists is taken, so
 * that the error its read gives (say, Permission denied) is about a file
 * the scenario names, and else the last.  Returns a malloc'd path, or
 * NULL when out of memory; *looked gets the paths tried, "A and B"
 * (malloc'd; NULL with --map or when out of memory), for the message of
 * a map that cannot be read. */
static char *resolve_map(const cli_config *cfg, const char *scen_path,
                         const char *field, char **looked)
{
	const char *slash = strrchr(scen_path, '/');
	size_t dirlen = slash ? (size_t)(slash - scen_path + 1) : 0;
	const char *base = strrchr(field, '/');
	const char *name[2] = {field, base ? base + 1 : field};
	char *cand[3] = {NULL, NULL, NULL}, *p = NULL;
	int n = 0, pick = -1;

	*looked = NULL;
	if (cfg->map_override)
		return strdup(cfg->map_override);
	if (field[0] == '/' && (cand[n++] = strdup(field)) == NULL)
		return NULL;
	/* An absolute field beside the scenario file means nothing. */
	for (int k = field[0] == '/'; k < 2; k++) {
		size_t len = dirlen + strlen(name[k]) + 1;
		if ((cand[n] = malloc(len)) == NULL)
			goto out;
		memcpy(cand[n], scen_path, dirlen);
		strcpy(cand[n++] + dirlen, name[k]);
	}
	for (int i = 0; i < n && pick < 0; i++)
		if (access(cand[i], R_OK) == 0)
			pick = i;
	for (int i = 0; i < n && pick < 0; i++)
		if (access(cand[i], F_OK) == 0)
			pick = i;
	*looked = paths_tried(cand, n);
	p = cand[pick < 0 ? n - 1 : pick];
	cand[pick < 0 ? n - 1 : pick] = NULL;
out:
	for (int i = 0; i < 3; i++)
		free(cand[i]);
	return p;
}

/* The shared map at path, new (to be read when a query needs it) or
 * already named; takes path and looked (resolve_map's), and for a new
 * one notes the scenario file and field that named it first. */
static shared_map *shared(batch *b, char *path, char *looked,
                          const char *scen_name, const char *field)
{
	shared_map *sm, **nm;

	for (size_t i = 0; i < b->nmaps; i++)
		if (strcmp(b->maps[i]->path, path) == 0) {
			free(path);
			free(looked);
			return b->maps[i];
		}
	nm = realloc(b->maps, (b->nmaps + 1) * sizeof *nm);
	sm = calloc(1, sizeof *sm);
	if (nm != NULL)
		b->maps = nm;
	if (nm == NULL || sm == NULL) {
		free(sm);
		free(path);
		free(looked);
		return NULL;
	}
	b->maps[b->nmaps++] = sm;
	sm->path = path;
	sm->looked = looked;
	sm->scen_name = scen_name;
	sm->field = field;
	return sm;
}

/* Is the item at this index (before sharding) kept by --shard? */
static int in_shard(const cli_config *cfg, size_t i)
{
	return cfg->shard_n == 0 ||
	       i % (size_t)cfg->shard_n == (size_t)cfg->shard_k - 1;
}

/* The shared map of a scenario line.  last_field and last_sm: the map
 * field of the last line whose map was looked up, and its map: a
 * scenario file names one map on every line, and finding it again
 * would cost a system call a line.  NULL once reported. */
static shared_map *scen_line_map(batch *b, const char *path, const char *name,
                                 const scen_entry *e, const char **last_field,
                                 shared_map **last_sm)
{
	char *looked;
	char *mp;
	shared_map *sm;

	if (*last_field != NULL && strcmp(*last_field, e->map) == 0)
		return *last_sm;
	mp = resolve_map(b->cfg, path, e->map, &looked);
	if (mp == NULL || (sm = shared(b, mp, looked, name, e->map)) == NULL)
		return NULL;
	*last_field = e->map;
	*last_sm = sm;
	return sm;
}

/* One item per line of the scenario file read into b->scens[si]; a bad
 * line is an error item in its place. */
static int plan_scen_queries(batch *b, size_t *cap, const char *path, size_t si)
{
	const char *name = display_name(path);
	const scen *sc = &b->scens[si];
	const char *last_field = NULL;
	shared_map *last_sm = NULL;

	for (size_t i = 0; i < sc->n; i++) {
		const scen_entry *e = &sc->entries[i];
		item it;
		if (e->bad) {
			if (push_error(b, cap, name, e->err) != 0)
				return -1;
			continue;
		}
		memset(&it, 0, sizeof it);
		it.kind = ITEM_SCEN;
		it.scen_name = name;
		it.entry = e;
		it.scen_ix = si;
		it.sm = scen_line_map(b, path, name, e, &last_field, &last_sm);
		if (it.sm == NULL)
			return -1;
		/* The map's first query of the run writes why it could not
		 * be read, once: with --shard, the first of the shard, so
		 * that each shard whose lines name the map says so.  One
		 * --shard drops is not run, and its map not read for it. */
		it.sm->named++;
		if (in_shard(b->cfg, b->n)) {
			it.sm->users++;
			it.map_first = it.sm->queries++ == 0;
		} else {
			it.sm = NULL;
		}
		if (push_item(b, cap, it) != 0)
			return -1;
	}
	return 0;
}

static int plan_scen(batch *b, size_t *cap, const char *path, size_t si)
{
	const char *name = display_name(path), *about;
	scen *sc = &b->scens[si];
	char *buf;
	size_t len;
	map_error err;

	memset(&err, 0, sizeof err);
	/* --update: a file it cannot rewrite is not run at all. */
	if (b->cfg->update && outfile_replaceable(path, &err, &about) != 0)
		return push_error_about(b, cap, name, about, &err);
	if (read_input(b, path, &buf, &len, &err) != 0)
		return push_error(b, cap, name, &err);
	if (scen_read(buf, len, sc, &err) != 0) {
		free(buf);
		return push_error(b, cap, name, &err);
	}
	if (b->cfg->update) { /* kept for its rewrite */
		b->scen_text[si] = buf;
		b->scen_len[si] = len;
	} else {
		free(buf);
	}
	if (sc->n == 0) { /* the version line alone: surely a mistake */
		diag_fail(&err, 0, 0, "no queries after the version line");
		return push_error(b, cap, name, &err);
	}
	return plan_scen_queries(b, cap, path, si);
}

/* The name an item's pictures give %m (its map's, an LDtk level's). */
static const char *item_map_name(const item *it)
{
	return it->kind == ITEM_SCEN && it->sm != NULL ? it->sm->path
	       : it->label != NULL                     ? it->label
	                                               : it->path;
}

/* An item's %m, for sorting the items by it. */
typedef struct pic_name {
	char part[256];
	size_t i;
} pic_name;

static int by_part(const void *a, const void *b)
{
	const pic_name *x = a, *y = b;
	int c = strcmp(x->part, y->part);

	return c != 0 ? c : (x->i > y->i) - (x->i < y->i);
}

/*
 * --image: gives each item that shares its %m with another input the
 * other's name (pic_twin), before the workers start, so that a worker
 * judging its map's several pictures (solve.c) reads its own item only.
 * 0, or -1 when out of memory.
 */
int plan_pictures(batch *b)
{
	pic_name *v;
	size_t n = 0;

	if (b->cfg->image == NULL || b->ninputs < 2 || b->n == 0)
		return 0;
	if ((v = malloc(b->n * sizeof *v)) == NULL)
		return -1;
	for (size_t i = 0; i < b->n; i++) {
		if (b->items[i].kind == ITEM_ERROR)
			continue;
		image_map_part(item_map_name(&b->items[i]), v[n].part,
		               sizeof v[n].part);
		v[n++].i = i;
	}
	qsort(v, n, sizeof *v, by_part);
	for (size_t k = 0; k < n; k++) {
		size_t o = k + 1 < n && strcmp(v[k].part, v[k + 1].part) == 0
		                   ? k + 1
		           : k > 0 && strcmp(v[k].part, v[k - 1].part) == 0
		                   ? k - 1
		                   : k;
		item *it = &b->items[v[k].i];
		/* a scenario's lines share their map: no twin of each other */
		if (o == k || (it->kind == ITEM_SCEN &&
		               b->items[v[o].i].kind == ITEM_SCEN &&
		               b->items[v[o].i].sm == it->sm))
			continue;
		if ((it->pic_twin = strdup(item_map_name(&b->items[v[o].i]))) ==
		    NULL) {
			free(v);
			return -1;
		}
	}
	free(v);
	return 0;
}

void free_item(item *it)
{
	free(it->pic_twin);
	it->pic_twin = NULL;
	free(it->level);
	free(it->label);
	it->level = it->label = NULL;
	free(it->out);
	diag_list_free(&it->msgs);
	for (size_t i = 0; i < it->ncases; i++) {
		free(it->cases[i].name);
		free(it->cases[i].message);
		free(it->cases[i].file);
		free(it->cases[i].level_file);
		free(it->cases[i].expected);
		free(it->cases[i].got);
		free(it->cases[i].png);
	}
	free(it->cases);
	it->out = NULL;
	it->cases = NULL;
	it->ncases = 0;
}

/* Whether path names an LDtk project by its extension (a batch makes
 * one item of each of its levels). */
static int is_ldtk_project(const cli_config *cfg, const char *path)
{
	size_t n = strlen(path);

	if (cfg->level.level != NULL || cfg->world ||
	    cfg->input_format == MAPFMT_TILED)
		return 0;
	/* --check skips it whole, with one warning (load.c) */
	if (cfg->check && !cfg->update && cfg->nstarts == 0 && cfg->ngoals == 0)
		return 0;
	return n > 5 && strcmp(path + n - 5, ".ldtk") == 0;
}

/* Whether none of the project's n levels has a start and a goal that
 * the run would take (no --start, --goal or --distances given): then
 * one error lists the levels, not one of each level alike. */
static int none_marked(const cli_config *cfg, const char *buf, size_t len,
                       const char *path, char **names, size_t n)
{
	if (cfg->nstarts > 0 || cfg->ngoals > 0 || cfg->distances)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (ldtk_level_marked(cfg, buf, len, path, names[i]))
			return 0;
	return 1;
}

/* An LDtk project without --level: one item a level, named
 * "path[Level]"; a project that cannot be read is one item, whose
 * reading says why. */
static int plan_levels(batch *b, size_t *cap, const char *path)
{
	char *buf, **names = NULL;
	size_t len, n = 0;
	map_error err;
	item it;

	memset(&err, 0, sizeof err);
	memset(&it, 0, sizeof it);
	it.kind = ITEM_FILE;
	it.path = path;
	if (read_input(b, path, &buf, &len, &err) == 0) {
		if (map_ldtk_levels(buf, len, &names, &n, &err) != 0)
			n = 0;
		it.unmarked = n > 1 && none_marked(b->cfg, buf, len, path, names, n);
		free(buf);
	}
	if (n <= 1 || it.unmarked) {
		for (size_t i = 0; i < n; i++)
			free(names[i]);
		free(names);
		return push_item(b, cap, it);
	}
	for (size_t i = 0; i < n; i++) {
		const char *dn = display_name(path);
		size_t ln = strlen(dn) + strlen(names[i]) + 3;
		it.level = names[i];
		names[i] = NULL;
		if ((it.label = malloc(ln)) != NULL)
			snprintf(it.label, ln, "%s[%s]", dn, it.level);
		if (it.label == NULL || push_item(b, cap, it) != 0) {
			free_item(&it);
			while (++i < n)
				free(names[i]);
			free(names);
			return -1;
		}
	}
	free(names);
	return 0;
}

/* Builds the item list; returns -1 when out of memory. */
int plan(batch *b)
{
	const cli_config *cfg = b->cfg;
	size_t cap = 0, si = 0;
	int nscen = cfg->nscens;

	for (int i = 0; i < cfg->nfiles; i++)
		nscen += config_is_scen(cfg->files[i]);
	b->scens = calloc((size_t)nscen + 1, sizeof *b->scens);
	if (b->scens == NULL)
		return -1;
	if (cfg->update &&
	    ((b->scen_text = calloc((size_t)nscen + 1, sizeof *b->scen_text)) ==
	             NULL ||
	     (b->scen_len = calloc((size_t)nscen + 1, sizeof *b->scen_len)) ==
	             NULL))
		return -1;
	b->nscens = (size_t)nscen;
	for (int i = 0; i < cfg->nfiles; i++) {
		item it;
		if (config_is_scen(cfg->files[i])) {
			if (plan_scen(b, &cap, cfg->files[i], si++) != 0)
				return -1;
			continue;
		}
		if (is_ldtk_project(cfg, cfg->files[i])) {
			if (plan_levels(b, &cap, cfg->files[i]) != 0)
				return -1;
			continue;
		}
		memset(&it, 0, sizeof it);
		it.kind = ITEM_FILE;
		it.path = cfg->files[i];
		if (push_item(b, &cap, it) != 0)
			return -1;
	}
	for (int i = 0; i < cfg->nscens; i++)
		if (plan_scen(b, &cap, cfg->scens[i], si++) != 0)
			return -1;
	b->ninputs = b->n;
	for (size_t i = 0; i < b->n; i++) {
		b->items[i].index = i;
		b->items[i].ninputs = b->n;
	}
	if (cfg->shard_n > 0) {
		size_t kept = 0;
		for (size_t i = 0; i < b->n; i++) {
			if (in_shard(cfg, i))
				b->items[kept++] = b->items[i];
			else
				free_item(&b->items[i]);
		}
		b->n = kept;
	}
	return 0;
}

/* The batch's inputs are its map and scenario files (standard input as
 * "-"), the --map override and the maps its scenarios name: n_inputs of
 * them, the i-th input_path (NULL for a --map not given).  One may
 * appear twice. */
static size_t n_inputs(const batch *b)
{
	return (size_t)b->cfg->nfiles + (size_t)b->cfg->nscens + 1 + b->nmaps;
}

static const char *input_path(const batch *b, size_t i)
{
	const cli_config *cfg = b->cfg;
	size_t nf = (size_t)cfg->nfiles, ns = (size_t)cfg->nscens;

	if (i < nf)
		return cfg->files[i];
	if (i < nf + ns)
		return cfg->scens[i - nf];
	if (i == nf + ns)
		return cfg->map_override;
	return b->maps[i - nf - ns - 1]->path;
}

/*
 * Indexes the regular files among the batch's inputs by device and inode
 * (b->inputs), so that no report or picture overwrites one: named like a
 * map by mistake, it would empty it, maybe before it is read.  Inputs
 * that cannot be stat'ed are left out: they are not read either.  0, or
 * -1 when out of memory.
 */
int index_inputs(batch *b)
{
	size_t n = n_inputs(b);
	const char *p;

	for (size_t i = 0; i < n; i++)
		if ((p = input_path(b, i)) != NULL &&
		    outfile_set_add(&b->inputs, p) != 0)
			return -1;
	outfile_set_sort(&b->inputs);
	return 0;
}
