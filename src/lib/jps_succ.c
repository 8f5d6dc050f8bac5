/*
 * jps_succ.c - the expansion of Jump Point Search that is made out of
 * the search loop's line: a node that the successor memo did not serve,
 * expanded online and, when the memo may keep it, recorded for it.
 *
 * It calls the successor generation (jps_succ.h) in a body of its own,
 * apart from the loop's, so that the rare recording path keeps out of
 * the loop; and it lives with the successor generation, not with the
 * memo (jps_memo.c), which is below it and keeps what it records.
 */
#include <string.h>

#include "jps_succ.h"

/* expand_online, not inlined, for jps_memo_miss. */
static void expand_apart(jps *s, uint32_t i, int32_t x, int32_t y)
{
	expand_online(s, i, x, y);
}

/*
 * Node i = (x, y), of memo key key, which the memo did not serve (found:
 * it holds the expansion, but the goal may change it): expands it online,
 * recording the expansion to keep when the memo has no entry for it yet
 * and has room.
 */
void jps_memo_miss(jps *s, uint32_t i, int32_t x, int32_t y, uint64_t key,
                   int found)
{
	jps_cache *c = s->cache;
	size_t first;

	if (found || !memo_open(c) || c->memo_off) {
		expand_apart(s, i, x, y);
		return;
	}
	first = c->nsucc;
	s->rec = 1;
	s->rec_lost = 0;
	s->lines = 0;
	memset(s->reach, 0, sizeof s->reach);
	expand_apart(s, i, x, y);
	s->rec = 0;
	jps_memo_keep(s, c, key, first, x, y);
}
