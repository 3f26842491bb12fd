/* What an operator or a managed service does with a manifest's parameters (input/'s notes) as
 * findings: PK0070–PK0076. */
#ifndef PK_LINT_INPUT_NOTES_H
#define PK_LINT_INPUT_NOTES_H

#include "model/finding.h"
#include "input/input.h"
#include "model/snapshot.h"

/* Appends one finding per note of `doc`, located in `file` at the note's line and column. */
void lint_input_notes(const InputDoc *doc, const char *file, FindingList *out);

/* The name of each parameter a note of `doc` kept from the server (an RDS formula not
 * evaluated, a YAML null, mapping or list), checked as validation checks the entries' names:
 * a misspelt one is PK0010 whatever its value. `set` holds the entries already checked. */
void lint_input_note_names(const InputDoc *doc, const ConfSet *set, const Snapshot *snap,
                           FindingList *out);

/* A finding about an entry's value moves to where the value is written, when the document
 * records it apart from the name (a Terraform parameter block's value line, a .tfvars
 * element); findings about the name stay at the name. Over out->items[begin..]. */
void lint_input_value_places(const InputDoc *doc, const ConfSet *set, FindingList *out,
                             size_t begin);

#endif
