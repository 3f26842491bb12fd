/* The compiler-style text format: `FILE:LINE: SEVERITY: message [rule-id]`, with indented hint
 * and suggestion lines and a closing count. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "report/report.h"

#include "common/xalloc.h"
#include "engine/engine.h"
#include "host/host.h"

#define ANSI_BOLD "\033[1m"
#define ANSI_RESET "\033[0m"

static const char *severity_color(Severity sev)
{
    switch (sev) {
    case SEV_ERROR: return "\033[1;31m";
    case SEV_WARNING: return "\033[1;35m";
    default: return "\033[1;36m";
    }
}

static void put_location(const ReportOpts *opts, const Finding *f, StrBuf *out)
{
    if (!f->file)
        return;
    if (opts->color)
        sb_put(out, ANSI_BOLD);
    sb_put(out, report_display_path(opts, f->file));
    if (f->line > 0)
        sb_printf(out, ":%d", f->line);
    if (f->line > 0 && f->column > 0)
        sb_printf(out, ":%d", f->column);
    sb_put(out, ":");
    if (opts->color)
        sb_put(out, ANSI_RESET);
    sb_put(out, " ");
}

/* A free-text line with every secret of the run redacted. */
static void put_clean(const ReportInput *in, StrBuf *out, const char *label, const char *text,
                      const char *end)
{
    char *clean = report_redact_text(in, text);
    sb_put(out, label);
    sb_put(out, clean);
    sb_put(out, end);
    free(clean);
}

static void put_finding(const ReportInput *in, const ReportOpts *opts, const Finding *f,
                        StrBuf *out)
{
    put_location(opts, f, out);
    if (opts->color)
        sb_printf(out, "%s%s:" ANSI_RESET " ", severity_color(f->severity),
                  severity_name(f->severity));
    else
        sb_printf(out, "%s: ", severity_name(f->severity));
    put_clean(in, out, "", f->message ? f->message : f->title, "");
    sb_printf(out, " [%s]%s\n", f->rule_id, f->refuses_start ? " [refuses start]" : "");
    if (f->hint)
        put_clean(in, out, "  hint: ", f->hint, "\n");
    if (f->suggestion)
        put_clean(in, out, "  suggestion: ", f->suggestion, "\n");
    if (f->fix_note)
        put_clean(in, out, "  fix: ", f->fix_note, "\n");
    char *safety = report_fix_safety(f);
    if (safety)
        put_clean(in, out, "  fix safety: ", safety, "\n");
    free(safety);
    for (size_t idx = 0; idx < f->n_evidence; idx++)
        put_clean(in, out, "  evidence: ", f->evidence[idx], "\n");
    if (f->suppressed)
        sb_printf(out, "  suppressed: %s\n", f->suppress_reason ? f->suppress_reason : "");
}

static void put_count(StrBuf *out, size_t count, const char *word)
{
    sb_printf(out, "%zu %s%s", count, word, count == 1 ? "" : "s");
}

/* Host facts an input brought itself (a manifest's pod limits), with where they came from. */
static void put_pod_hosts(const ReportInput *in, StrBuf *out)
{
    for (size_t idx = 0; idx < in->n_sources; idx++) {
        const ReportSource *src = &in->sources[idx];
        if (!src->snap || !src->snap->host.source ||
            (!strstr(src->snap->host.source, "the pod's") &&
             !strstr(src->snap->host.source, "the compose service")))
            continue;
        char *text = host_describe(&src->snap->host);
        sb_printf(out, "note: host facts of %s: %s\n", src->path, text);
        free(text);
    }
}

/* The "FILE:LINE" places the skipped rules' reasons name ("the value of work_mem
 * (postgresql.conf.j2:107 is a template placeholder)"), each once; *all_placeholders false
 * when one of them is a line the server rejects, which is to be fixed. */
static size_t placeholder_places(const ReportInput *in, char ***places, bool *all_placeholders)
{
    size_t n = 0;
    *places = NULL;
    *all_placeholders = true;
    for (size_t idx = 0; in->skipped && idx < in->skipped->n; idx++) {
        const char *needs = in->skipped->items[idx].needs;
        for (const char *at = needs; at && (at = strstr(at, "the value of ")); at++) {
            const char *open = strstr(at, " (");
            if (!open)
                break;
            /* FILE:LINE, then the line's reason: a file's name may hold spaces or parentheses
             * ("pg (prod).conf.j2:12 is a template placeholder"), its line number not */
            const char *end = NULL;
            for (const char *colon = strchr(open + 2, ':'); colon && !end;
                 colon = strchr(colon + 1, ':')) {
                size_t digits = strspn(colon + 1, "0123456789");
                if (digits && colon[1 + digits] == ' ')
                    end = colon + 1 + digits;
            }
            if (!end)
                break;
            if (strncmp(end, " is a template placeholder", 26) &&
                strncmp(end, " is the template placeholder", 28))
                *all_placeholders = false;
            char *place = xstrndup(open + 2, (size_t)(end - open - 2));
            bool seen = false;
            for (size_t prev = 0; prev < n && !seen; prev++)
                seen = !strcmp((*places)[prev], place);
            if (seen) {
                free(place);
                continue;
            }
            *places = xrealloc(*places, (n + 1) * sizeof(char *));
            (*places)[n++] = place;
        }
    }
    return n;
}

/* FILE:LINE places by file, then by line number */
static int place_cmp(const void *a, const void *b)
{
    const char *pa = *(char *const *)a, *pb = *(char *const *)b;
    const char *ca = strrchr(pa, ':'), *cb = strrchr(pb, ':');
    size_t la = ca ? (size_t)(ca - pa) : strlen(pa), lb = cb ? (size_t)(cb - pb) : strlen(pb);
    int by_file = strncmp(pa, pb, la < lb ? la : lb);
    if (by_file || la != lb)
        return by_file ? by_file : (la < lb ? -1 : 1);
    long na = ca ? atol(ca + 1) : 0, nb = cb ? atol(cb + 1) : 0;
    return (na > nb) - (na < nb);
}

/* "FILE lines 41, 56 and 3 more": the lines of one file as numbers, the files' places as given.
 * False, saying nothing, when a line the rules wait for is rejected rather than a placeholder. */
static bool put_placeholder_lines(const ReportInput *in, size_t n_rules, StrBuf *out)
{
    char **places = NULL;
    bool all_placeholders = true;
    size_t n = placeholder_places(in, &places, &all_placeholders);
    if (!all_placeholders || !n) {
        for (size_t idx = 0; idx < n; idx++)
            free(places[idx]);
        free(places);
        return false;
    }
    if (n > 1)
        qsort(places, n, sizeof(char *), place_cmp);
    const size_t shown_max = 10;
    const char *colon = n ? strrchr(places[0], ':') : NULL;
    size_t file_len = colon ? (size_t)(colon - places[0]) : 0;
    bool one_file = colon != NULL;
    for (size_t idx = 1; one_file && idx < n; idx++)
        one_file = strlen(places[idx]) > file_len && places[idx][file_len] == ':' &&
                   !strncmp(places[idx], places[0], file_len);
    StrBuf list = STRBUF_INIT;
    if (one_file)
        sb_printf(&list, "%.*s line%s ", (int)file_len, places[0], n == 1 ? "" : "s");
    for (size_t idx = 0; idx < n && idx < shown_max; idx++)
        sb_printf(&list, "%s%s", idx ? ", " : "",
                  one_file ? places[idx] + file_len + 1 : places[idx]);
    if (n > shown_max)
        sb_printf(&list, " and %zu more", n - shown_max);
    sb_printf(out,
              "note: %zu rule%s not run on a default the server would not use, because %zu "
              "line%s setting what they read hold%s a template placeholder (%s); render the "
              "template and lint the output\n",
              n_rules, n_rules == 1 ? "" : "s", n, n == 1 ? "" : "s", n == 1 ? "s" : "",
              sb_str(&list));
    sb_free(&list);
    for (size_t idx = 0; idx < n; idx++)
        free(places[idx]);
    free(places);
    return true;
}

/* Rules skipped for a missing fact: those held back by host facts are listed (the user can give
 * them with --host); those needing live evidence are only counted (they run in an audit). */
/* Rules not run because a line they read was rejected, grouped by that line: they would only
 * have judged the default the server does not use. */
static void put_skipped_unparsed(const ReportInput *in, StrBuf *out)
{
    size_t n = 0, placeholders = 0;
    StrBuf groups = STRBUF_INIT;
    for (size_t idx = 0; in->skipped && idx < in->skipped->n; idx++) {
        const SkippedRule *skip = &in->skipped->items[idx];
        if (!report_skip_unparsed(skip))
            continue;
        n++;
        if (strstr(skip->needs, "template placeholder"))
            placeholders++;
        bool seen = false;
        for (size_t prev = 0; prev < idx && !seen; prev++)
            seen = !strcmp(in->skipped->items[prev].needs, skip->needs);
        if (seen)
            continue;
        sb_put(&groups, groups.len ? "; " : "");
        size_t in_group = 0;
        for (size_t same = idx; same < in->skipped->n; same++)
            if (!strcmp(in->skipped->items[same].needs, skip->needs))
                sb_printf(&groups, "%s%s", in_group++ ? ", " : "",
                          in->skipped->items[same].rule_id);
        sb_printf(&groups, " need%s %s", in_group == 1 ? "s" : "", skip->needs);
    }
    /* a placeholder is nothing to fix in the line: the file is to be rendered, so the lines
     * are what the reader needs, not every rule that reads them (review 2026-12zh, h38b 16: a
     * note of several thousand characters for 100 rules) */
    if (n && placeholders == n && put_placeholder_lines(in, n, out)) {
        sb_free(&groups);
        return;
    }
    /* here at least one line was rejected (a placeholder's rule may wait on it too) */
    const char *why =
        placeholders ? "was rejected or holds a template placeholder" : "was rejected";
    const char *todo = placeholders ? "fix the lines, render the template and lint again"
                                    : "fix the line and lint again";
    if (n)
        sb_printf(out,
                  "note: %zu rule%s not run on a default the server would not use, because "
                  "the line setting it %s (%s); %s\n",
                  n, n == 1 ? "" : "s", why, sb_str(&groups), todo);
    sb_free(&groups);
}

/* The default purpose is said where it decides a severity: durability switched off. */
static void put_purpose(const ReportInput *in, StrBuf *out)
{
    if (!in->purpose || !in->purpose_default)
        return;
    for (size_t idx = 0; idx < in->findings->n; idx++) {
        const Finding *f = &in->findings->items[idx];
        if (!f->suppressed && f->severity == SEV_ERROR &&
            (!strcmp(f->rule_id, "PK6001") || !strcmp(f->rule_id, "PK6002") ||
             !strcmp(f->rule_id, "PK4001"))) {
            sb_put(out, "note: judged for production (the default purpose): for a test or"
                        " benchmark cluster say --purpose test|benchmark (or purpose in"
                        " .pgknob.ini), and fsync, full_page_writes and autovacuum off are"
                        " notices\n");
            return;
        }
    }
}

static void put_skipped(const ReportInput *in, StrBuf *out)
{
    size_t n_host = 0, n_evidence = 0, n_fragment = 0;
    StrBuf host = STRBUF_INIT;
    put_skipped_unparsed(in, out);
    for (size_t idx = 0; in->skipped && idx < in->skipped->n; idx++) {
        const SkippedRule *skip = &in->skipped->items[idx];
        if (report_skip_unparsed(skip))
            continue;
        if (report_skip_fragment(skip)) {
            n_fragment++;
            continue;
        }
        if (!strncmp(skip->needs, "evidence ", 9)) {
            n_evidence++;
            continue;
        }
        sb_printf(&host, "%s%s: %s", n_host++ ? "; " : "", skip->rule_id, skip->needs);
    }
    if (n_host)
        sb_printf(out,
                  "note: %zu rule%s skipped for host facts that were not given (%s); give "
                  "them with --host\n",
                  n_host, n_host == 1 ? "" : "s", sb_str(&host));
    if (n_fragment)
        sb_printf(out,
                  "note: %zu rule%s read parameters this fragment does not set (the rest of "
                  "the configuration may): not run; lint the whole configuration for them\n",
                  n_fragment, n_fragment == 1 ? "" : "s");
    if (n_evidence)
        sb_printf(out, "note: %zu rule%s need%s live evidence (pgknob audit)\n", n_evidence,
                  n_evidence == 1 ? "" : "s", n_evidence == 1 ? "s" : "");
    sb_free(&host);
}

void report_put_counts(const ReportInput *in, StrBuf *out)
{
    put_count(out, findings_count(in->findings, SEV_ERROR, false), "error");
    sb_put(out, ", ");
    put_count(out, findings_count(in->findings, SEV_WARNING, false), "warning");
    sb_put(out, ", ");
    put_count(out, findings_count(in->findings, SEV_NOTICE, false), "notice");
    sb_put(out, ", ");
    put_count(out, findings_count(in->findings, SEV_RECOMMENDATION, false), "recommendation");
    size_t n_suppressed = report_count_suppressed(in);
    if (n_suppressed)
        sb_printf(out, " (%zu suppressed)", n_suppressed);
    if (in->audit) {
        sb_put(out, " on the server");
        return;
    }
    /* files, not documents: six parameter groups of one .tf are one file (review 2026-12zo,
     * h57b 23: "in 6 files") */
    size_t n_files = 0;
    for (size_t idx = 0; idx < in->n_sources; idx++)
        for (size_t file = 0; file < in->sources[idx].n_files; file++) {
            const char *path = in->sources[idx].files[file];
            bool seen = false;
            for (size_t prev = 0; prev <= idx && !seen; prev++)
                for (size_t other = 0;
                     other < in->sources[prev].n_files && !seen && (prev < idx || other < file);
                     other++)
                    seen = path && in->sources[prev].files[other] &&
                           !strcmp(path, in->sources[prev].files[other]);
            n_files += !seen;
        }
    sb_put(out, " in ");
    put_count(out, n_files, "file");
}

char *report_written_summary(const ReportInput *in, const char *output_path)
{
    StrBuf line = STRBUF_INIT;
    sb_put(&line, "pgknob: ");
    report_put_counts(in, &line);
    sb_printf(&line, " (written to %s)", output_path);
    return sb_detach(&line);
}

void report_text_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    size_t n_suppressed = 0, n_recommended = 0;
    for (size_t idx = 0; idx < in->findings->n; idx++) {
        const Finding *f = &in->findings->items[idx];
        if (f->suppressed) {
            n_suppressed++;
            continue;
        }
        /* sorted last; one heading line, which editors' file:line parsers skip */
        if (f->severity == SEV_RECOMMENDATION && !n_recommended++)
            sb_put(out, "recommendations (advice for most configurations; never fails a build):\n");
        put_finding(in, opts, f, out);
    }
    if (!in->audit)
        put_skipped(in, out);
    put_purpose(in, out);
    put_pod_hosts(in, out);
    size_t n_refusals = findings_count_refusals(in->findings);
    if (n_refusals)
        sb_printf(out,
                  "note: %zu finding%s tagged [refuses start]: the server does not start with"
                  " %s\n",
                  n_refusals, n_refusals == 1 ? "" : "s", n_refusals == 1 ? "it" : "them");
    report_put_counts(in, out);
    if (in->n_sources)
        sb_printf(out, " for PostgreSQL %s", in->sources[0].pg_version);
    /* a major nothing named is an assumption the reader must see (review 2026-12s, h20b: files
     * for 13-17 checked as 18 read as if the file had said so) */
    const ReportSource *first = in->n_sources ? &in->sources[0] : NULL;
    const char *unchecked = first && first->unchecked_major ? first->unchecked_major : "";
    if (first && first->version_source && !strcmp(first->version_source, "default")) {
        if (!strcmp(unchecked, "more than one"))
            sb_put(out, " (the default: the file names more than one major; --pg-version"
                        " chooses)");
        else if (*unchecked)
            sb_printf(out,
                      " (the default: the file was written for PostgreSQL %s, which pgknob does not"
                      " check;"
                      " --pg-version chooses)",
                      unchecked);
        else
            sb_put(out, " (the default: nothing read names the major; --pg-version chooses)");
    }
    sb_put(out, "\n");
}
