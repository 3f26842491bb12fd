#include "lint/input_notes.h"

#include <stdlib.h>

#include "common/xalloc.h"
#include "lint/validate.h"

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
        const LintRule *rule = lint_rule_find(note_rule(note->kind));
        Finding *f = findings_add(out, rule->id, rule->name, rule->severity, "manifest");
        f->title = xstrdup(rule->title);
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
