/*
 * report_html.c - the --report=html page; see report_html.h.
 *
 * The page is written in one pass over the cases, in the order a
 * reviewer reads it: the totals, the legend of the pictures, the table
 * (failed checks first, then changed, then passed), the pictures, and
 * last the script that filters and sorts the table, so that without it
 * the page is the same table, whole.
 */
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "report_html.h"

static const char STYLE[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}"
	"table{border-collapse:collapse;margin:1em 0}"
	"th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;"
	"vertical-align:top}"
	"th{background:#eee;cursor:pointer}"
	"tr.failed td.status{color:#b00;font-weight:bold}"
	"tr.changed td.status{color:#a60;font-weight:bold}"
	"tr.passed td.status{color:#070}"
	".totals span{margin-right:1.5em}"
	".key{display:inline-block;width:1em;height:1em;"
	"border:1px solid #444;vertical-align:middle;margin:0 .3em 0 1em}"
	"figure{display:inline-block;margin:0 1em 1em 0;vertical-align:top}"
	"figure img{image-rendering:pixelated;border:1px solid #999;"
	"max-width:100%}";

/* The legend of the pictures: the colours of image.h. */
static const char LEGEND[] =
	"<p class=\"legend\">Pictures:"
	"<span class=\"key\" style=\"background:#ff7800\"></span>current "
	"route"
	"<span class=\"key\" style=\"background:#286ee6\"></span>recorded "
	"route"
	"<span class=\"key\" style=\"background:#964614\"></span>on both"
	"<span class=\"key\" style=\"background:#ffe600\"></span>where they "
	"part or meet"
	"<span class=\"key\" style=\"background:#1eaa3c\"></span>start"
	"<span class=\"key\" style=\"background:#e11923\"></span>goal, or a "
	"target not reached"
	"<span class=\"key\" style=\"background:#282c36\"></span>wall</p>\n";

/* Filters the table to the failed rows and sorts it by a column;
 * without it the table is whole, in its order. */
static const char SCRIPT[] =
	"<script>\n"
	"(function(){\n"
	"var t=document.getElementById('checks');\n"
	"var b=t.tBodies[0];\n"
	"var box=document.getElementById('failed-only');\n"
	"box.disabled=false;\n"
	"box.addEventListener('change',function(){\n"
	" for(var i=0;i<b.rows.length;i++){var r=b.rows[i];\n"
	"  r.hidden=box.checked&&r.className!=='failed';}});\n"
	"var hs=t.tHead.rows[0].cells;\n"
	"for(var k=0;k<hs.length;k++)(function(c){var up=true;\n"
	" hs[c].addEventListener('click',function(){\n"
	"  var rs=Array.prototype.slice.call(b.rows);\n"
	"  rs.sort(function(x,y){\n"
	"   var p=x.cells[c].getAttribute('data-key')||x.cells[c].textContent;\n"
	"   var q=y.cells[c].getAttribute('data-key')||y.cells[c].textContent;\n"
	"   var n=parseFloat(p)-parseFloat(q);\n"
	"   var d=isNaN(n)?p.localeCompare(q,undefined,{numeric:true}):n;\n"
	"   return up?d:-d;});\n"
	"  up=!up;\n"
	"  rs.forEach(function(r){b.appendChild(r);});});})(k);\n"
	"})();\n"
	"</script>\n";

/* s as HTML text: escaped, and U+FFFD for each byte that does not start
 * well-formed UTF-8 (the page says it is UTF-8). */
static void html_byte(FILE *f, unsigned char c, const void *arg)
{
	(void)arg;
	if (c == '<')
		fputs("&lt;", f);
	else if (c == '>')
		fputs("&gt;", f);
	else if (c == '&')
		fputs("&amp;", f);
	else if (c == '"')
		fputs("&quot;", f);
	else if (c < 0x20 && c != '\n' && c != '\t')
		fputc('?', f);
	else
		fputc(c, f);
}

static void html_text(FILE *f, const char *s)
{
	if (s != NULL)
		utf8_write(f, s, strlen(s), html_byte, NULL);
}

/* The PNG as base64, for a data: URI. */
static void base64(FILE *f, const unsigned char *p, size_t n)
{
	static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                        "abcdefghijklmnopqrstuvwxyz0123456789+/";
	char out[4];

	for (size_t i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)p[i] << 16;
		size_t left = n - i;
		if (left > 1)
			v |= (unsigned long)p[i + 1] << 8;
		if (left > 2)
			v |= p[i + 2];
		out[0] = A[(v >> 18) & 63];
		out[1] = A[(v >> 12) & 63];
		out[2] = left > 1 ? A[(v >> 6) & 63] : '=';
		out[3] = left > 2 ? A[v & 63] : '=';
		fwrite(out, 1, 4, f);
	}
}

/* 0 a failed case, 1 a changed one, 2 one that passed: the order of the
 * table. */
static int rank(const report_case *c)
{
	return !c->ok ? 0 : c->changed ? 1 : 2;
}

static const char *status_word(const report_case *c)
{
	static const char *const W[] = {"failed", "changed", "passed"};

	return W[rank(c)];
}

/* The cases' indexes, failed first, then changed, then passed, each in
 * the run's order; NULL when out of memory. */
static size_t *table_order(const report_case *c, size_t n)
{
	size_t *at = malloc((n ? n : 1) * sizeof *at), k = 0;

	for (int r = 0; at != NULL && r < 3; r++)
		for (size_t i = 0; i < n; i++)
			if (rank(&c[i]) == r)
				at[k++] = i;
	return at;
}

static void totals(FILE *f, const report_case *c, size_t n, const char *error)
{
	size_t failed = 0, errors = 0, changed = 0, pictures = 0;
	double total = 0;

	/* A case that could not run is an error, not a failed check. */
	for (size_t i = 0; i < n; i++) {
		failed += !c[i].ok && !c[i].error;
		errors += !c[i].ok && c[i].error;
		changed += c[i].ok && c[i].changed;
		pictures += c[i].png != NULL;
		total += c[i].seconds;
	}
	fprintf(f,
	        "<p class=\"totals\"><span id=\"total\">%zu checks</span>"
	        "<span id=\"passed\">%zu passed</span>"
	        "<span id=\"failed\">%zu failed</span>",
	        n - errors, n - failed - errors, failed);
	if (errors > 0)
		fprintf(f, "<span id=\"errors\">%zu errors</span>", errors);
	fprintf(f,
	        "<span id=\"changed\">%zu changed</span>"
	        "<span>%zu pictures</span><span>%.3f s</span></p>\n",
	        changed, pictures, total);
	if (error != NULL) {
		fputs("<p class=\"error\"><strong>The run failed: ", f);
		html_text(f, error);
		fputs("</strong></p>\n", f);
	}
}

/* One row of the table: a failed or changed check links to its
 * picture, when it has one. */
static void row(FILE *f, const report_case *c, size_t i)
{
	fprintf(f, "<tr class=\"%s\"><td>", status_word(c));
	if (c->png != NULL)
		fprintf(f, "<a href=\"#picture-%zu\">", i);
	html_text(f, c->name);
	fputs(c->png != NULL ? "</a></td><td>" : "</td><td>", f);
	if (c->file != NULL) {
		html_text(f, c->file);
		if (c->line > 0)
			fprintf(f, ":%ld", c->line);
	}
	fprintf(f, "</td><td class=\"status\" data-key=\"%d\">%s</td><td>",
	        rank(c), status_word(c));
	html_text(f, c->expected);
	fputs("</td><td>", f);
	html_text(f, c->got != NULL ? c->got : c->message);
	if (c->got != NULL && c->message != NULL) {
		fputs("<br><small>", f);
		html_text(f, c->message);
		fputs("</small>", f);
	}
	fprintf(f, "</td><td>%.6f</td></tr>\n", c->seconds);
}

static void table(FILE *f, const report_case *c, const size_t *at, size_t n)
{
	fputs("<p><label><input type=\"checkbox\" id=\"failed-only\" "
	      "disabled> failed checks only</label> "
	      "<small>(a click on a heading sorts by it)</small></p>\n"
	      "<table id=\"checks\"><thead><tr><th>Check</th><th>Where</th>"
	      "<th>Status</th><th>Expected</th><th>Got</th>"
	      "<th>Time (s)</th></tr></thead>\n<tbody>\n",
	      f);
	for (size_t k = 0; k < n; k++)
		row(f, &c[at[k]], at[k]);
	fputs("</tbody></table>\n", f);
}

/* The pictures of the failed and changed checks, then those left
 * without one (past --report-images). */
static void pictures(FILE *f, const report_case *c, const size_t *at,
                     size_t n)
{
	size_t without = 0;

	fputs("<h2>Pictures</h2>\n", f);
	fputs(LEGEND, f);
	for (size_t k = 0; k < n; k++) {
		const report_case *p = &c[at[k]];
		if (p->png == NULL) {
			without += rank(p) < 2;
			continue;
		}
		fprintf(f, "<figure id=\"picture-%zu\"><figcaption>", at[k]);
		html_text(f, p->name);
		fputs("</figcaption><img alt=\"the level with its routes\" "
		      "src=\"data:image/png;base64,",
		      f);
		base64(f, p->png, p->png_len);
		fputs("\"></figure>\n", f);
	}
	if (without == 0)
		return;
	fprintf(f, "<p>%zu failed or changed checks without a picture "
	           "(--report-images):</p>\n<ul class=\"unpictured\">\n",
	        without);
	for (size_t k = 0; k < n; k++) {
		const report_case *p = &c[at[k]];
		if (p->png != NULL || rank(p) == 2)
			continue;
		fputs("<li>", f);
		html_text(f, p->name);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
}

int report_html(FILE *f, const report_case *c, size_t n, const char *error)
{
	size_t *at = table_order(c, n);

	if (at == NULL)
		return -1;
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
	           "<meta charset=\"utf-8\"><title>astar --check</title>"
	           "<style>%s</style></head>\n<body>\n"
	           "<h1>astar --check</h1>\n",
	        STYLE);
	totals(f, c, n, error);
	table(f, c, at, n);
	pictures(f, c, at, n);
	fputs(SCRIPT, f);
	fputs("</body></html>\n", f);
	free(at);
	return ferror(f) ? -1 : 0;
}

/* Appends to buf (of n bytes, holding a string) ", " and the text. */
static void add(char *buf, size_t n, const char *text)
{
	size_t len = strlen(buf);

	if (len + 1 < n)
		snprintf(buf + len, n - len, "%s%s", len ? ", " : "", text);
}

/* The layers a voxel query's picture draws, left to right, in words:
 * those its path crosses (its z moves by one at most a step, so a
 * range, the goal's with --adjacent included), or its start's and
 * goal's when there is no path. */
static void voxel_slices(const query_report *q, char *got, size_t ngot)
{
	const astar_voxel_result *r = q->vres;
	int32_t lo = q->vgoal.z, hi = q->vgoal.z;
	char part[96];

	if (r == NULL)
		return;
	if (r->path == NULL || !r->found) {
		snprintf(part, sizeof part, "start at z %d, goal at z %d",
		         (int)q->vstart.z, (int)q->vgoal.z);
		add(got, ngot, part);
		return;
	}
	for (size_t i = 0; i < r->path_len; i++) {
		lo = r->path[i].z < lo ? r->path[i].z : lo;
		hi = r->path[i].z > hi ? r->path[i].z : hi;
	}
	if (lo == hi)
		snprintf(part, sizeof part, "in z %d", (int)lo);
	else
		snprintf(part, sizeof part, "across z %d to %d", (int)lo,
		         (int)hi);
	add(got, ngot, part);
}

void report_html_texts(const query_report *q, char *exp, size_t nexp,
                       char *got, size_t ngot)
{
	const map_expect *e = q->expect;
	const astar_result *r = q->res;
	char num[64], part[192];

	exp[0] = got[0] = '\0';
	if (e != NULL && e->has_reachable)
		add(exp, nexp, e->reachable ? "reachable" : "no path");
	if (e != NULL && e->has_cost) {
		output_cost(num, sizeof num, e->cost);
		snprintf(part, sizeof part, "cost %s", num);
		add(exp, nexp, part);
	}
	if (e != NULL && e->has_max_cost) {
		output_cost(num, sizeof num, e->max_cost);
		snprintf(part, sizeof part, "cost at most %s", num);
		add(exp, nexp, part);
	}
	if (e != NULL && e->has_steps) {
		snprintf(part, sizeof part, "%ld steps", e->steps);
		add(exp, nexp, part);
	}
	if (e != NULL && e->has_path) {
		snprintf(part, sizeof part, "a path of %zu cells", e->path_len);
		add(exp, nexp, part);
	}
	if (r == NULL || !r->found) {
		add(got, ngot, "no path");
		voxel_slices(q, got, ngot);
		return;
	}
	output_cost(num, sizeof num, r->cost);
	snprintf(part, sizeof part, "cost %s, %zu steps, a path of %zu %s",
	         num, r->path_len ? r->path_len - 1 : 0, r->path_len,
	         q->vres != NULL ? "voxels" : "cells");
	add(got, ngot, part);
	voxel_slices(q, got, ngot);
}
