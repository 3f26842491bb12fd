#include "lint/input_notes.h"

#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"
#include "lint/validate.h"
#include "model/finding_ids.h"

static const char *note_rule(InputNoteKind kind)
{
    switch (kind) {
    case NOTE_OPERATOR_REFUSES: return "PK0070";
    case NOTE_OPERATOR_SETS: return "PK0071";
    case NOTE_NOT_A_STRING: return "PK0072";
    case NOTE_CONVERTED: return "PK0073";
    case NOTE_DROPPED: return "PK0074";
    case NOTE_FORMULA: return "PK0075";
    }
    return "PK0070";
}

void lint_input_notes(const InputDoc *doc, const char *file, FindingList *out)
{
    for (size_t idx = 0; idx < doc->n_notes; idx++) {
        const InputNote *note = &doc->notes[idx];
        Finding *f = finding_raise(out, note_rule(note->kind), NULL);
        f->message = xstrdup(note->message);
        f->hint = xstrdup(note->hint);
        f->file = xstrdup(file);
        f->line = note->line;
        f->column = note->column;
        /* the operator or the API server refuses, not PostgreSQL: never refuses_start */
        f->refuses_start = false;
        if (note->name)
            finding_add_setting(f, note->name, note->value ? note->value : "", file, note->line);
        if (note->link)
            finding_add_link(f, note->link);
    }
}

static bool has_entry(const ConfSet *set, const InputNote *note)
{
    for (size_t idx = 0; idx < set->n_entries; idx++)
        if (set->entries[idx].line == note->line && set->entries[idx].name &&
            !strcmp(set->entries[idx].name, note->name))
            return true;
    return false;
}

/* At the name's column. A null or a mapping is not passed to the server (no refusal of its
 * start) and has no value to carry to the right name: only the hint's "did you mean" stays. */
static void locate_name_finding(Finding *f, const InputNote *note)
{
    f->column = note->column;
    if (note->kind == NOTE_FORMULA)
        return;
    f->refuses_start = false; /* the server never gets the parameter */
    while (f->n_fixes)
        finding_drop_fix(f, f->n_fixes - 1);
    free(f->suggestion);
    f->suggestion = NULL;
}

void lint_input_note_names(const InputDoc *doc, const ConfSet *set, const Snapshot *snap,
                           FindingList *out)
{
    for (size_t idx = 0; idx < doc->n_notes; idx++) {
        const InputNote *note = &doc->notes[idx];
        bool value_kept = note->kind == NOTE_FORMULA || note->kind == NOTE_DROPPED ||
                          note->kind == NOTE_NOT_A_STRING;
        /* a Kubernetes string route keeps the unquoted scalar as an entry (checked already) */
        if (!value_kept || !note->name || (note->kind == NOTE_NOT_A_STRING && has_entry(set, note)))
            continue;
        ConfEntry entry = {.name = note->name,
                           .value = note->value,
                           .file = set->n_files ? set->files[0] : NULL,
                           .line = note->line,
                           .column = note->column};
        size_t first = out->n;
        lint_validate_name(&entry, snap, out);
        for (size_t f_idx = first; f_idx < out->n; f_idx++)
            locate_name_finding(&out->items[f_idx], note);
    }
}
