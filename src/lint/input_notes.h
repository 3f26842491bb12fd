/* What an operator or a managed service does with a manifest's parameters (input/'s notes) as
 * findings: PK0070–PK0076. */
#ifndef PK_LINT_INPUT_NOTES_H
#define PK_LINT_INPUT_NOTES_H

#include "model/finding.h"
#include "input/input.h"

/* Appends one finding per note of `doc`, located in `file` at the note's line and column. */
void lint_input_notes(const InputDoc *doc, const char *file, FindingList *out);

#endif
