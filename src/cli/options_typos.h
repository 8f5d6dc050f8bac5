/*
 * options_typos.h - command lines that parse but do not mean what was
 * typed (options_typos.c).
 */
#ifndef ASTAR_OPTIONS_TYPOS_H
#define ASTAR_OPTIONS_TYPOS_H

/* A flag name whose value is optional (optional nonzero) given without
 * one as typed, then next, the word after it: when next is one of its
 * values and not a file, reports it (and returns 1) with the form that
 * works (--name=value). */
int optional_word(const char *name, int optional, const char *typed,
                  const char *next);

/* -j4: -j is --json, and 4 no option; reports it (and returns 1) when
 * s is an argument "-...j" followed by digits alone. */
int jobs_typo(const char *s);

#endif
