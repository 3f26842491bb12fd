/* The target major when nothing outranks the file's own words: --pg-version, a data directory's
 * PG_VERSION and a manifest's readable version come first (lint.c). Reads the evidence the
 * configuration gives (input/major_evidence.h) and says what was chosen in one PK0004 notice. */
#ifndef PK_LINT_MAJOR_H
#define PK_LINT_MAJOR_H

#include "input/input.h"
#include "lint/lint.h"
#include "model/finding.h"
#include "rules/rules.h"

/* `input` holds the default major (version_source "default"). When the evidence agrees on one
 * major pgknob checks, switches to it (version_source "evidence"); otherwise keeps the default.
 * Adds the PK0004 notice whenever there was something to say: the chosen major and the line that
 * names it, a conflict, a major outside 13-18, or a manifest version it cannot read (`doc`, may be
 * NULL). */
void lint_major_from_evidence(LintInput *input, const InputDoc *doc, FindingList *out);

/* A major that --pg-version, a data directory's PG_VERSION or a manifest states (`doc`, may be
 * NULL) and that is out of support: PK0005, a warning for the data directory or the manifest,
 * a notice for --pg-version (the user's own statement). */
void lint_major_stated_end_of_life(const LintInput *input, const InputDoc *doc, FindingList *out);

/* After validation (`out` from `begin`), for a file nothing names a major for: parameters it sets
 * that were removed before 13 (checkpoint_segments, gone in 9.5) show it was written for an older
 * major ("9.4 or older", evident_major), said with its end of life. One removed in 13 or later
 * (wal_keep_segments) dates nothing: its PK0011 becomes a warning saying both facts. The stock
 * sample a file keeps is a PK0004 notice at most. */
void lint_major_from_removed(LintInput *input, FindingList *out, size_t begin);

/* The commented-out stock settings of `file` when it keeps a stock postgresql.conf sample (at
 * least 60 of them: a copy of the sample, not initdb's file), else 0. */
int lint_major_sample_kept(const char *file);

/* After the rules and the fix checks, for each input whose major nothing states (version_source
 * "default"): a warning or error of a rule that fires on some checked majors only is a notice that
 * says so ("on 18; this file does not say its major"), unless the file sets a parameter of the
 * checked major only (io_method), which states it; a file written for an older major
 * (evident_major) has its removed-parameter refusals folded into one upgrade notice. `rules` may
 * be NULL (--no-rules). */
void lint_major_settle(LintResult *res, const RuleSet *rules);

#endif
