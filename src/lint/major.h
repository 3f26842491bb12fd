/* The target major when nothing outranks the file's own words: --pg-version, a data directory's
 * PG_VERSION and a manifest's readable version come first (lint.c). Reads the evidence the
 * configuration gives (input/major_evidence.h) and says what was chosen in one PK0004 notice. */
#ifndef PK_LINT_MAJOR_H
#define PK_LINT_MAJOR_H

#include "input/input.h"
#include "lint/lint.h"
#include "model/finding.h"

/* `input` holds the default major (version_source "default"). When the evidence agrees on one
 * major pgknob checks, switches to it (version_source "evidence"); otherwise keeps the default.
 * Adds the PK0004 notice whenever there was something to say: the chosen major and the line that
 * names it, a conflict, a major outside 13-18, or a manifest version it cannot read (`doc`, may be
 * NULL). */
void lint_major_from_evidence(LintInput *input, const InputDoc *doc, FindingList *out);

#endif
