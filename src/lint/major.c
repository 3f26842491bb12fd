#include "lint/major.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "input/major_evidence.h"
#include "lint/validate.intern.h"

static const char hint_order[] =
    "pgknob takes the major from --pg-version, a data directory's PG_VERSION or a manifest's "
    "version first, and from the file's own paths, cluster_name and pgtune header only when "
    "none of those is there.";

static Finding *notice(FindingList *out, const InputDoc *doc, const char *file, int line)
{
    Finding *f = lint_rule_finding(out, "PK0004", file, line);
    if (doc && doc->version_text)
        finding_add_setting(f, doc->version_key, doc->version_text, file, doc->version_line);
    f->hint = finding_strdup(f, hint_order);
    return f;
}

/* "data_directory at line 3 names …" and, when more clues agree, how many */
static char *agreed_words(const MajorEvidence *ev)
{
    if (ev->n == 1)
        return xstrdup(ev->clues[0].what);
    return xasprintf("%s (and %zu more place%s agree%s)", ev->clues[0].what, ev->n - 1,
                     ev->n == 2 ? "" : "s", ev->n == 2 ? "s" : "");
}

/* "15 (data_directory at line 1 names …) and 16 (cluster_name at line 3 is 16/main)": the first
 * clue of each major named */
static char *conflict_words(const MajorEvidence *ev)
{
    StrBuf out = STRBUF_INIT;
    size_t shown = 0;
    for (size_t idx = 0; idx < ev->n; idx++) {
        bool seen = false;
        for (size_t prev = 0; prev < idx && !seen; prev++)
            seen = !strcmp(ev->clues[prev].label, ev->clues[idx].label);
        if (seen)
            continue;
        sb_printf(&out, "%s%s (%s)", shown ? "; " : "", ev->clues[idx].label, ev->clues[idx].what);
        shown++;
    }
    char *text = xstrdup(sb_str(&out));
    sb_free(&out);
    return text;
}

void lint_major_from_evidence(LintInput *input, const InputDoc *doc, FindingList *out)
{
    int fallback = input->pg_major;
    const char *first_file = input->set.n_files ? input->set.files[0] : input->path;
    if (doc && doc->version_text && !doc->version_label[0]) {
        /* a manifest version with no number: say what was assumed, then read the file */
        Finding *f = notice(out, doc, first_file, doc->version_line);
        f->message = finding_printf(f,
                                    "%s is \"%s\": pgknob cannot read a major from it, so the"
                                    " configuration is checked as PostgreSQL %d; give --pg-version"
                                    " to choose another",
                                    doc->version_key, doc->version_text, fallback);
        return;
    }
    MajorEvidence ev = {0};
    major_evidence_collect(&input->set, &ev);
    if (!ev.n) {
        major_evidence_free(&ev);
        return;
    }
    const char *label = major_evidence_agreed(&ev);
    const MajorClue *first = &ev.clues[0];
    Finding *f = notice(out, NULL, first->file, first->line);
    if (label && first->major && catalog_for_major(first->major)) {
        input->pg_major = first->major;
        input->version_source = "evidence";
        char *why = agreed_words(&ev);
        f->message =
            finding_printf(f, "checked as PostgreSQL %d: %s; give --pg-version to choose another",
                           first->major, why);
        free(why);
    } else if (label) {
        snprintf(input->unchecked_major, sizeof(input->unchecked_major), "%s", label);
        char *why = agreed_words(&ev);
        f->message = finding_printf(
            f,
            "the file was written for PostgreSQL %s: %s. pgknob does not check %s, so it is"
            " checked as PostgreSQL %d, and its removed-parameter findings are what an upgrade"
            " to %d needs; give --pg-version to choose another",
            label, why, label, fallback, fallback);
        free(why);
    } else {
        snprintf(input->unchecked_major, sizeof(input->unchecked_major), "more than one");
        char *why = conflict_words(&ev);
        f->message = finding_printf(f,
                                    "the file names more than one major: %s; it is checked as"
                                    " PostgreSQL %d, the default: give --pg-version with the one it"
                                    " runs on",
                                    why, fallback);
        free(why);
    }
    major_evidence_free(&ev);
}
