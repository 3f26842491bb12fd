#include "lint/major.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "catalog/catalog.h"
#include "catalog/value.h"
#include "common/majors.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_edit.h"
#include "conf/conf_template.h"
#include "engine/engine.h"
#include "input/compose_limits.h"
#include "input/major_evidence.h"
#include "lint/container.h"
#include "lint/debian.h"
#include "lint/fix_safety.h"
#include "lint/fold.h"
#include "lint/intent.h"
#include "lint/readme.h"
#include "lint/role.h"
#include "lint/validate.intern.h"
#include "model/finding_ids.h"

static const char hint_order[] =
    "pgknob takes the major from --pg-version, a data directory's PG_VERSION or a manifest's "
    "version first, and from the file's own paths, cluster_name, the image a compose file or "
    "Dockerfile runs it in, a pgtune header, and comments (a header, a section's title) only "
    "when none of those is there.";

static Finding *notice(FindingList *out, const InputDoc *doc, const char *file, int line)
{
    Finding *f = lint_rule_finding(out, "PK0004", file, line);
    if (doc && doc->version_text)
        finding_add_setting(f, doc->version_key, doc->version_text, file, doc->version_line);
    f->hint = finding_strdup(f, hint_order);
    return f;
}

/* Clues that are all a README's: "the repository's README.md names PostgreSQL 9.1, 9.2 and 9.3
 * (line 7)"; NULL otherwise. */
static char *readme_words(const MajorEvidence *ev)
{
    if (!ev->n)
        return NULL;
    for (size_t idx = 0; idx < ev->n; idx++)
        if (!ev->clues[idx].in_readme)
            return NULL;
    StrBuf labels = STRBUF_INIT;
    size_t shown = 0;
    int lo = ev->clues[0].readme_line, hi = lo;
    for (size_t idx = 0; idx < ev->n; idx++) {
        const MajorClue *clue = &ev->clues[idx];
        lo = clue->readme_line < lo ? clue->readme_line : lo;
        hi = clue->readme_line > hi ? clue->readme_line : hi;
        bool seen = false;
        for (size_t prev = 0; prev < idx && !seen; prev++)
            seen = !strcmp(ev->clues[prev].label, clue->label);
        if (seen)
            continue;
        size_t left = 0;
        for (size_t next = idx + 1; next < ev->n; next++) {
            bool dup = false;
            for (size_t prev = 0; prev < next && !dup; prev++)
                dup = !strcmp(ev->clues[prev].label, ev->clues[next].label);
            left += !dup;
        }
        sb_printf(&labels, "%s%s", !shown ? "" : left ? ", " : " and ", clue->label);
        shown++;
    }
    char *text = lo == hi ? xasprintf("the repository's %s names PostgreSQL %s (line %d)",
                                      ev->clues[0].what, sb_str(&labels), lo)
                          : xasprintf("the repository's %s names PostgreSQL %s (lines %d to %d)",
                                      ev->clues[0].what, sb_str(&labels), lo, hi);
    sb_free(&labels);
    return text;
}

/* "data_directory at line 3 names …" and, when more clues agree, how many */
static char *agreed_words(const MajorEvidence *ev)
{
    char *readme = readme_words(ev);
    if (readme)
        return readme;
    if (ev->n == 1)
        return xstrdup(ev->clues[0].what);
    return xasprintf("%s (and %zu more place%s agree%s)", ev->clues[0].what, ev->n - 1,
                     ev->n == 2 ? "" : "s", ev->n == 2 ? "s" : "");
}

/* "15 (data_directory at line 1 names …) and 16 (cluster_name at line 3 is 16/main)": the first
 * clue of each major named */
static char *conflict_words(const MajorEvidence *ev)
{
    char *readme = readme_words(ev);
    if (readme)
        return readme;
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

/* The PostgreSQL versioning policy's final release of each major
 * (https://www.postgresql.org/support/versioning/): a major is out of support after it. In order;
 * the majors still supported carry the planned date. */
static const struct {
    const char *label;
    int ymd; /* 20210211 */
    const char *date;
} RELEASES[] = {
    {"7.4", 20101001, "October 1, 2010"},   {"8.0", 20101001, "October 1, 2010"},
    {"8.1", 20101108, "November 8, 2010"},  {"8.2", 20111205, "December 5, 2011"},
    {"8.3", 20130207, "February 7, 2013"},  {"8.4", 20140724, "July 24, 2014"},
    {"9.0", 20151008, "October 8, 2015"},   {"9.1", 20161027, "October 27, 2016"},
    {"9.2", 20171109, "November 9, 2017"},  {"9.3", 20181108, "November 8, 2018"},
    {"9.4", 20200213, "February 13, 2020"}, {"9.5", 20210211, "February 11, 2021"},
    {"9.6", 20211111, "November 11, 2021"}, {"10", 20221110, "November 10, 2022"},
    {"11", 20231109, "November 9, 2023"},   {"12", 20241121, "November 21, 2024"},
    {"13", 20251113, "November 13, 2025"},  {"14", 20261112, "November 12, 2026"},
    {"15", 20271111, "November 11, 2027"},  {"16", 20281109, "November 9, 2028"},
    {"17", 20291108, "November 8, 2029"},   {"18", 20301114, "November 14, 2030"},
};
#define N_RELEASES (sizeof(RELEASES) / sizeof(RELEASES[0]))
#define VERSIONING_URL "https://www.postgresql.org/support/versioning/"

static int release_index(const char *label)
{
    for (size_t idx = 0; idx < N_RELEASES; idx++)
        if (!strcmp(RELEASES[idx].label, label))
            return (int)idx;
    return -1;
}

static int today_ymd(void)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    return (tm.tm_year + 1900) * 10000 + (tm.tm_mon + 1) * 100 + tm.tm_mday;
}

/* PK0005: a major (`label`, or the newest of "`label` or older") is past its final release.
 * `stated` says who named it when the file did not (--pg-version, a data directory's
 * PG_VERSION, a manifest): NULL for the file's own words, `what` the evidence. Under purpose
 * test or benchmark, a notice (project/policy.c). Returns the finding, or NULL. */
static Finding *end_of_life(FindingList *out, const char *label, bool or_older, const char *what,
                            const char *stated, const char *file, int line)
{
    int idx = release_index(label);
    if (idx < 0 || RELEASES[idx].ymd > today_ymd())
        return NULL;
    size_t first_supported = (size_t)idx;
    while (first_supported < N_RELEASES && RELEASES[first_supported].ymd <= today_ymd())
        first_supported++;
    Finding *f = lint_rule_finding(out, "PK0005", file, line);
    /* a key that runs on into a sentence ("family = var.f, variables.tf line 55,") ends here */
    size_t what_len = strlen(what);
    while (what_len && (what[what_len - 1] == ',' || what[what_len - 1] == ' '))
        what_len--;
    f->message = finding_printf(
        f, "PostgreSQL %s%s ha%s been out of support since %s%s (" VERSIONING_URL "): %s%s (%.*s)",
        label, or_older ? " and older" : "", or_older ? "ve" : "s", RELEASES[idx].date,
        or_older ? " at the latest" : "", stated ? stated : "the file was written for ",
        stated ? "" : (or_older ? "one of them" : "it"), (int)what_len, what);
    /* the newest major first: the oldest still supported may have months left (review
     * 2026-12zc, h30d: "upgrade to 15 or later" with 15's end eleven months away) */
    char target[160] = "";
    if (first_supported + 1 < N_RELEASES)
        snprintf(target, sizeof(target),
                 " to a supported major: PostgreSQL %s, the newest pgknob checks, is supported"
                 " until %s; %s, the oldest, only until %s",
                 RELEASES[N_RELEASES - 1].label, RELEASES[N_RELEASES - 1].date,
                 RELEASES[first_supported].label, RELEASES[first_supported].date);
    else if (first_supported < N_RELEASES)
        snprintf(target, sizeof(target), " to PostgreSQL %s, supported until %s",
                 RELEASES[first_supported].label, RELEASES[first_supported].date);
    f->hint = finding_printf(
        f, "No security or bug fix is released for it any more. Plan the upgrade%s.%s", target,
        !stated ? " If the server runs another major, give --pg-version with it; for a test or"
                  " benchmark file, --purpose test or --purpose benchmark makes this a notice."
        /* a compose service's image: it names what runs; its purpose may still be a test's */
        : !strncmp(stated, "service ", 8)
            ? " For a test or benchmark stack, --purpose test or --purpose benchmark makes this"
              " a notice."
            : "");
    finding_add_link(f, VERSIONING_URL);
    return f;
}

/* A for_each's group of several families (`doc`), checked as the oldest (`oldest`): the later
 * ones past their end of life too, in `f`'s message (held-out set 61, h61b 25: postgres13 and
 * postgres14, only 13's said). */
static void also_past_end(Finding *f, const InputDoc *doc, int oldest)
{
    for (size_t idx = 0; f && doc && idx < doc->n_instance_majors; idx++) {
        char other[16];
        snprintf(other, sizeof other, "%d", doc->instance_majors[idx]);
        int at = release_index(other);
        if (doc->instance_majors[idx] == oldest || at < 0 || RELEASES[at].ymd > today_ymd())
            continue;
        f->message = finding_printf(f,
                                    "%s; so has PostgreSQL %s, since %s, another family its "
                                    "for_each makes the group for",
                                    f->message, other, RELEASES[at].date);
    }
}

void lint_major_stated_end_of_life(const LintInput *input, const InputDoc *doc, FindingList *out)
{
    char label[16];
    snprintf(label, sizeof(label), "%d", input->pg_major);
    const char *file = input->set.n_files ? input->set.files[0] : input->path;
    if (!strcmp(input->version_source, "--pg-version")) {
        /* the user's own statement of what the server runs: a reminder, not a finding against
         * the configuration (an empty one on any major gives no warning: docs/lint.md) */
        char what[32];
        snprintf(what, sizeof(what), "--pg-version %s", label);
        Finding *f = end_of_life(out, label, false, what, "it is the major given", NULL, 0);
        if (f) {
            f->rule_severity = f->severity;
            f->severity = SEV_NOTICE;
        }
    } else if (!strcmp(input->version_source, "PG_VERSION")) {
        end_of_life(out, label, false, "PG_VERSION", "the data directory is of it", file, 0);
    } else if (!strcmp(input->version_source, "manifest") && doc && doc->version_key) {
        also_past_end(end_of_life(out, label, false, doc->version_key, "the manifest names it",
                                  file, doc->version_line),
                      doc, input->pg_major);
    }
}

/* The evidence of `ev` of one kind: packaging paths, cluster_name and pgtune headers (`stated`
 * false), or a header comment's words (true). Borrows the clues. */
static MajorEvidence evidence_of(const MajorEvidence *ev, bool stated)
{
    MajorEvidence part = {0};
    for (size_t idx = 0; idx < ev->n; idx++)
        if (ev->clues[idx].stated == stated) {
            PK_GROW(part.clues, part.n, part.cap);
            part.clues[part.n++] = ev->clues[idx];
        }
    return part;
}

/* A parameter the file sets that exists in one checked major only (io_method: 18): it outranks
 * what a comment says. Its major, or 0. */
static int one_major_parameter(const ConfSet *set)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (entry->error || !entry->name)
            continue;
        int only = 0, count = 0;
        for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
            if (catalog_find(catalog_for_major(major), entry->name)) {
                only = major;
                count++;
            }
        /* one of 13's parameters may be older than 13: not one major's only */
        if (count == 1 && only > PK_MIN_MAJOR)
            return only;
    }
    return 0;
}

/* Does the file also set what replaced `name`, or a parameter no major before 14 has? Then a
 * removed parameter is a leftover on a newer server, not a date: its refusal stands. */
static bool newer_than_removed(const ConfSet *set, const char *name)
{
    char repl[64];
    bool has_repl = catalog_replaced_by(name, repl, sizeof(repl));
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (entry->error || !entry->name)
            continue;
        if (has_repl && !strcasecmp(entry->name, repl))
            return true;
        if (!catalog_find(catalog_for_major(PK_MIN_MAJOR), entry->name))
            for (int major = PK_MIN_MAJOR + 1; major <= PK_MAX_MAJOR; major++)
                if (catalog_find(catalog_for_major(major), entry->name))
                    return true;
    }
    return false;
}

/* Values that arrived in a major before the catalogued ones, as each major's guc.c has them:
 * password_encryption was a boolean before 10, which made it an enum of md5 and scram-sha-256
 * (https://www.postgresql.org/docs/9.6/runtime-config-connection.html,
 * https://www.postgresql.org/docs/10/runtime-config-connection.html); wal_level gained logical
 * in 9.4 and replica (archive and hot_standby merged) in 9.6
 * (https://www.postgresql.org/docs/9.6/runtime-config-wal.html). */
static const struct {
    const char *name, *value, *since;
} VALUES_BEFORE_CATALOG[] = {
    {"password_encryption", "md5", "10"},
    {"password_encryption", "scram-sha-256", "10"},
    {"wal_level", "logical", "9.4"},
    {"wal_level", "replica", "9.6"},
};

/* Does the major's parameter take `value`? An enum by its value set, a boolean by its words;
 * another type is taken to (no counter-evidence from it). */
static bool major_accepts(const CatalogParam *param, const char *value)
{
    if (!param)
        return false;
    bool on;
    if (param->type == GUC_BOOL)
        return guc_parse_bool(value, &on);
    if (param->type != GUC_ENUM)
        return true;
    for (const char *const *val = param->enum_vals; val && *val; val++)
        if (!strcasecmp(*val, value))
            return true;
    return false;
}

/* The release index of the first major that accepts `value` for `name`: the catalog's enum
 * value sets of 13-18 for a value a later major added, VALUES_BEFORE_CATALOG for older ones;
 * -1 when not known to be newer than every major. */
static int value_since(const char *name, const char *value)
{
    if (!name || !value)
        return -1;
    int first = 0;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR && !first; major++)
        if (major_accepts(catalog_find(catalog_for_major(major), name), value))
            first = major;
    if (first > PK_MIN_MAJOR) {
        char label[16];
        snprintf(label, sizeof(label), "%d", first);
        return release_index(label);
    }
    for (size_t idx = 0; idx < sizeof(VALUES_BEFORE_CATALOG) / sizeof(VALUES_BEFORE_CATALOG[0]);
         idx++)
        if (!strcasecmp(VALUES_BEFORE_CATALOG[idx].name, name) &&
            !strcasecmp(VALUES_BEFORE_CATALOG[idx].value, value))
            return release_index(VALUES_BEFORE_CATALOG[idx].since);
    return -1;
}

/* A line no major before release `removed` accepts, by its value or by its parameter (which
 * arrived in that release or later: max_parallel_maintenance_workers, 11, beside
 * replacement_sort_tuples, removed in 11): the file runs on a newer major than a parameter
 * removed in `removed` dates it to. That entry, or NULL; *since its major. */
static const ConfEntry *value_newer_than(const ConfSet *set, int removed, int *since)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (entry->error || !entry->name || !entry->applied)
            continue;
        int at = value_since(entry->name, entry->value);
        const char *arrived = catalog_arrived_by_13(entry->name);
        if (arrived && release_index(arrived) > at)
            at = release_index(arrived);
        if (at >= removed) {
            *since = at;
            return entry;
        }
    }
    return NULL;
}

/* The refusal of a removed parameter stands where a value disproves the date it would give:
 * its hint says which line shows the newer major. */
static void refusal_stands(Finding *f, const ConfEntry *entry, int since, int removed)
{
    f->hint = finding_printf(
        f,
        "%s%sLine %d sets %s = %s, which PostgreSQL %s and older refuse (it arrived in %s): "
        "the file runs on a newer major than the %s or older that %s dates it to, so the server "
        "refuses to start on this line. Give --pg-version with the major it runs on.",
        f->hint ? f->hint : "", f->hint ? " " : "", entry->line, entry->name, entry->value,
        RELEASES[removed - 1].label, RELEASES[since].label, RELEASES[removed - 1].label,
        f->settings[0].name);
}

/* ---- the stock sample a file keeps ---- */

#define SAMPLE_READ_MAX ((size_t)4 << 20)
/* A file keeps the stock sample when it has this many of its commented-out settings ("#name =
 * value" of a parameter some major has): the samples of 9.6-18 list 250 to 350, an author's file
 * a few. */
#define SAMPLE_MIN_COMMENTED 60

/* The name of a commented-out setting ("#wal_keep_segments = 0  # in logfile segments"), in
 * `name`, or false. */
static bool commented_name(const char *p, const char *stop, char *name, size_t size)
{
    while (p < stop && (*p == ' ' || *p == '\t'))
        p++;
    if (p >= stop || *p != '#')
        return false;
    p++;
    const char *start = p;
    while (p < stop && (*p == '_' || (*p >= 'a' && *p <= 'z')))
        p++;
    size_t len = (size_t)(p - start);
    while (p < stop && (*p == ' ' || *p == '\t'))
        p++;
    if (!len || len >= size || p >= stop || *p != '=')
        return false;
    memcpy(name, start, len);
    name[len] = '\0';
    return true;
}

static bool known_parameter(const char *name)
{
    if (catalog_gone_before(name))
        return true;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
        if (catalog_find(catalog_for_major(major), name))
            return true;
    return false;
}

/* The date the stock sample a file keeps gives: the earliest removal (release index) among the
 * parameters its commented-out lines list, when it keeps a sample; -1 otherwise. The line and
 * name in *line, name. */
typedef struct SampleBound {
    int major, line;
    char name[64];
} SampleBound;

static int sample_removal(const char *file, int *line, char *name, size_t size, int *kept,
                          SampleBound *arrived)
{
    *arrived = (SampleBound){.major = -1};
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (!file || pk_read_file(file, SAMPLE_READ_MAX, &data, &len, &err) != PK_READ_OK)
        return -1;
    int earliest = -1, commented = 0;
    const char *p = data, *end = data + len;
    for (int at = 1; p < end; at++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        char here[64];
        if (commented_name(p, stop, here, sizeof(here)) && known_parameter(here)) {
            commented++;
            const char *gone = catalog_gone_before(here);
            int idx = gone ? release_index(gone) : -1;
            if (idx > 0 && (earliest < 0 || idx < earliest)) {
                earliest = idx;
                *line = at;
                snprintf(name, size, "%s", here);
            }
            /* the major it arrived in: the history's before 14, the catalog's after */
            const char *since = catalog_arrived_by_13(here);
            int first = 0, last = 0;
            char label[16];
            /* in 13's catalog with no recorded arrival: it arrived in 13 or before, no bound
             * (held-out set 44, 42: a 9.6 sample dated past its #replacement_sort_tuples) */
            if (!since && !catalog_distribution_only(here) &&
                catalog_param_span(here, &first, &last) && first > PK_MIN_MAJOR) {
                snprintf(label, sizeof(label), "%d", first);
                since = label;
            }
            int from = since ? release_index(since) : -1;
            if (from > arrived->major) {
                *arrived = (SampleBound){.major = from, .line = at};
                snprintf(arrived->name, sizeof(arrived->name), "%s", here);
            }
        }
        p = nl ? nl + 1 : end;
    }
    free(data);
    *kept = commented;
    return commented >= SAMPLE_MIN_COMMENTED ? earliest : -1;
}

/* Does the stock sample `file` keeps list a parameter that arrived after the major `label`
 * (#wal_keep_size, 13's, beside an image of 11)? The sample is then a later initdb's, and the
 * file was not written for that major (held-out set 61, h61c 43). */
static bool sample_newer_than(const char *file, const char *label)
{
    int line = 0, kept = 0;
    char name[64];
    SampleBound arrived;
    sample_removal(file, &line, name, sizeof name, &kept, &arrived);
    return kept >= SAMPLE_MIN_COMMENTED && arrived.major > release_index(label);
}

/* The majors of 13-18 whose sample a kept stock sample can be: its commented-out parameters
 * bound them from below (the latest first major among them, #compute_query_id: 14) and above
 * (the earliest last one, #stats_temp_directory: 14). Each bound's parameter and line go into
 * `lo`, `hi`. False when no bound is drawn inside 13-18 or the bounds cross (an author's own
 * commented line of a newer major among an older sample's). */

static bool sample_majors(const char *file, SampleBound *lo, SampleBound *hi)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (!file || pk_read_file(file, SAMPLE_READ_MAX, &data, &len, &err) != PK_READ_OK)
        return false;
    *lo = (SampleBound){.major = PK_MIN_MAJOR};
    *hi = (SampleBound){.major = PK_MAX_MAJOR};
    const char *p = data, *end = data + len;
    for (int at = 1; p < end; at++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        char here[64];
        if (commented_name(p, stop, here, sizeof(here))) {
            int first = 0, last = 0, count = 0;
            for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
                if (catalog_find(catalog_for_major(major), here)) {
                    first = first ? first : major;
                    last = major;
                    count++;
                }
            /* a distribution's patch (extension_destdir, in Debian's 15 build, which Debian's
             * samples of every major list), or majors with gaps between them: no bound */
            if (count != last - first + 1 || catalog_distribution_only(here))
                first = last = 0;
            if (first > lo->major) {
                *lo = (SampleBound){.major = first, .line = at};
                snprintf(lo->name, sizeof(lo->name), "%s", here);
            }
            if (first && last < hi->major) {
                *hi = (SampleBound){.major = last, .line = at};
                snprintf(hi->name, sizeof(hi->name), "%s", here);
            }
        }
        p = nl ? nl + 1 : end;
    }
    free(data);
    return (lo->line || hi->line) && lo->major <= hi->major;
}

/* The parameter a line sets: its name, or on a template's line whose value is a placeholder
 * the reader could not parse (`max_wal_size = <%= @max_wal_size %>`), the name before its `=`:
 * the parameter is set, whatever the value renders to. NULL for any other line. */
static const char *set_name(const ConfEntry *entry, char *buf, size_t cap)
{
    if (!entry->error)
        return entry->name && entry->applied ? entry->name : NULL;
    const char *text = entry->line_text;
    if (!text || !conf_has_placeholder(text, false))
        return NULL;
    while (*text == ' ' || *text == '\t')
        text++;
    size_t len = 0;
    while (text[len] && (isalnum((unsigned char)text[len]) || text[len] == '_'))
        len++;
    const char *after = text + len;
    while (*after == ' ' || *after == '\t')
        after++;
    if (!len || len >= cap || *after != '=' || !isalpha((unsigned char)*text))
        return NULL;
    snprintf(buf, cap, "%.*s", (int)len, text);
    return buf;
}

/* A parameter the file sets that arrived after release index `last` (catalog_arrived_by_13):
 * the file is for a later major than a sample that ends there (held-out set 41, 23:
 * omnibus-gitlab's template keeps 9.1's #wal_sender_delay and sets max_wal_size, 9.5's, whose
 * placeholder lines said nothing). */
static bool set_arrived_after(const ConfSet *set, int last)
{
    char buf[64];
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const char *name = set_name(&set->entries[idx], buf, sizeof buf);
        const char *arrived = name ? catalog_arrived_by_13(name) : NULL;
        if (arrived && release_index(arrived) > last)
            return true;
    }
    return false;
}

/* A set parameter no major of [lo, hi] has: the settings say another major than the sample. */
static const ConfEntry *set_outside(const ConfSet *set, int lo, int hi)
{
    char buf[64];
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        const char *name = set_name(entry, buf, sizeof buf);
        if (!name || strchr(name, '.'))
            continue;
        bool known = false, inside = false;
        for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
            if (catalog_find(catalog_for_major(major), name)) {
                known = true;
                inside = inside || (major >= lo && major <= hi);
            }
        if (known && !inside)
            return entry;
    }
    return NULL;
}

/* A parameter the file sets that the major `label` (`major` 0 before 10) did not have yet:
 * one that arrived after it (before 13), or whose first catalogued major is later than it (for
 * a major before 13: later than 13). A removed one is not asked about (held-out set 44, 39:
 * compute_query_id, 14's, beside a README's `cd postgresql-9.6`). */
static bool set_newer_than(const ConfSet *set, const char *label, int major)
{
    bool checked = major >= PK_MIN_MAJOR; /* else 13 is the first catalog that can tell */
    if (!checked && set_arrived_after(set, release_index(label)))
        return true;
    char buf[64];
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const char *name = set_name(&set->entries[idx], buf, sizeof buf);
        if (!name || strchr(name, '.'))
            continue;
        int first = 0;
        for (int m = PK_MIN_MAJOR; m <= PK_MAX_MAJOR && !first; m++)
            if (catalog_find(catalog_for_major(m), name))
                first = m;
        if (first && first > (checked ? major : PK_MIN_MAJOR))
            return true;
    }
    return false;
}

int lint_major_sample_kept(const char *file)
{
    char name[64] = "";
    int line = 0, kept = 0;
    SampleBound lo;
    sample_removal(file, &line, name, sizeof(name), &kept, &lo);
    return kept >= SAMPLE_MIN_COMMENTED ? kept : 0;
}

/* The stock sample a file keeps is one of 13-18's: say which, and its end of life, as a notice.
 * A commented line is not a setting: the sample says where the file was copied from, never what
 * the server runs, so no PK0005 and no date the other findings rest on; a set parameter of
 * another major (the settings decide) silences it. */
static void major_of_sample(LintInput *input, FindingList *out, const char *file, int kept)
{
    SampleBound lo, hi;
    if (kept < SAMPLE_MIN_COMMENTED || !sample_majors(file, &lo, &hi) ||
        set_outside(&input->set, lo.major, hi.major) ||
        (hi.major >= input->pg_major && lo.major <= input->pg_major))
        return;
    StrBuf which = STRBUF_INIT, why = STRBUF_INIT;
    if (lo.major == hi.major)
        sb_printf(&which, "PostgreSQL %d's", lo.major);
    else
        sb_printf(&which, "from PostgreSQL %d %s %d", lo.major,
                  hi.major == lo.major + 1 ? "or" : "to", hi.major);
    if (lo.line)
        sb_printf(&why, "#%s (line %d) arrived in %d", lo.name, lo.line, lo.major);
    /* a rename that keeps the old name as an alias (ssl_ecdh_curve, ssl_groups in 18) */
    const char *alias = hi.line ? catalog_alias_target(hi.major + 1, hi.name) : NULL;
    if (alias)
        sb_printf(&why, "%s#%s (line %d) was renamed %s in %d", why.len ? ", " : "", hi.name,
                  hi.line, alias, hi.major + 1);
    else if (hi.line)
        sb_printf(&why, "%s#%s (line %d) was removed in %d", why.len ? ", " : "", hi.name, hi.line,
                  hi.major + 1);
    char label[16];
    snprintf(label, sizeof(label), "%d", hi.major);
    int idx = release_index(label);
    bool eol = idx >= 0 && RELEASES[idx].ymd <= today_ymd();
    input->sample_lo = lo.major < PK_MIN_MAJOR ? PK_MIN_MAJOR : lo.major;
    input->sample_hi = hi.major;
    Finding *f = notice(out, NULL, file, lo.line ? lo.line : hi.line);
    f->message = finding_printf(
        f,
        "the stock sample this file keeps (%d commented-out settings) is %s: %s. Commented-out "
        "lines do not say what the server runs, so it is checked as PostgreSQL %d%s%s%s%s%s",
        kept, sb_str(&which), sb_str(&why), input->pg_major, eol ? "; PostgreSQL " : "",
        eol ? label : "", eol && lo.major < hi.major ? ", the newest it can be," : "",
        eol ? " is out of support since " : "", eol ? RELEASES[idx].date : "");
    if (eol)
        f->message = finding_printf(f, "%s: a server that runs it needs an upgrade", f->message);
    f->hint = finding_printf(f, "Give --pg-version %d to check it as the sample's major. %s",
                             hi.major, f->hint ? f->hint : "");
    sb_free(&which);
    sb_free(&why);
}

/* No set parameter dates the file: the stock sample it keeps may hint at its origin (its
 * commented defaults list a parameter a later major removed). Commented-out lines do not bind a
 * server, so this is a PK0004 notice only, never an end of life (PK0005) or a date the other
 * findings rest on; a value the hinted major refuses, or a parameter of a later major, disproves
 * it as it does a removed parameter's date. */
static void major_from_sample(LintInput *input, FindingList *out)
{
    const char *file = input->set.n_files ? input->set.files[0] : NULL;
    char name[64] = "";
    int line = 0, kept = 0;
    SampleBound lo;
    int at = sample_removal(file, &line, name, sizeof(name), &kept, &lo);
    int since = -1;
    if (at <= 0)
        major_of_sample(input, out, file, kept);
    if (at <= 0 || newer_than_removed(&input->set, name) ||
        value_newer_than(&input->set, at, &since) || set_arrived_after(&input->set, at - 1))
        return;
    /* a lower bound past the upper one: the sample is newer, and the removed line an author's
     * own leftover; a 13-18 sample is named by its own bounds */
    if (lo.major >= at) {
        major_of_sample(input, out, file, kept);
        return;
    }
    StrBuf which = STRBUF_INIT;
    if (lo.major == at - 1)
        sb_printf(&which, "PostgreSQL %s's", RELEASES[at - 1].label);
    else if (lo.major >= 0)
        sb_printf(&which, "from PostgreSQL %s to %s", RELEASES[lo.major].label,
                  RELEASES[at - 1].label);
    else
        sb_printf(&which, "from PostgreSQL %s or older", RELEASES[at - 1].label);
    bool eol = RELEASES[at - 1].ymd <= today_ymd();
    snprintf(input->sample_major, sizeof(input->sample_major), "%s", RELEASES[at - 1].label);
    Finding *f = notice(out, NULL, file, line);
    f->message = finding_printf(
        f, "the stock sample this file keeps (%d commented-out settings) is %s: ", kept,
        sb_str(&which));
    if (lo.major >= 0)
        f->message = finding_printf(f, "%s#%s (line %d) arrived in %s, ", f->message, lo.name,
                                    lo.line, RELEASES[lo.major].label);
    f->message = finding_printf(
        f,
        "%s#%s (line %d) was removed in %s. Commented-out lines do not say what the server "
        "runs, so it is checked as PostgreSQL %d%s%s%s%s%s%s",
        f->message, name, line, RELEASES[at].label, input->pg_major, eol ? "; PostgreSQL " : "",
        eol ? RELEASES[at - 1].label : "",
        eol && lo.major != at - 1 ? ", the newest it can be," : "",
        eol ? " is out of support since " : "", eol ? RELEASES[at - 1].date : "",
        eol ? ": a server that runs it needs an upgrade" : "");
    sb_free(&which);
}

/* A removed parameter the file sets while nothing states its major (release index `at` of the
 * first major without it): both worlds hold, so one warning says both. The file may target a
 * major that has it (then the line is right), or a later one (then the server refuses to start).
 * Not a refusal and not an end of life: --pg-version decides (docs/lint.md). */
static void removed_both_facts(Finding *f, int at)
{
    bool eol = RELEASES[at - 1].ymd <= today_ymd();
    const char *param = f->settings[0].name;
    /* the runs in the words of every other text about the parameter (common/majors.h) */
    char *without = pk_majors_words(RELEASES[at].label, NULL, false);
    char *with = pk_majors_words(NULL, RELEASES[at - 1].label, true);
    /* its default everywhere it exists: the line changes nothing there and removing it is safe
     * for any major (fix_check.c), while a later major refuses it as it refuses any value, so the
     * warning stands (review-h14a 09: a notice hid a refusal on the repository's own 17) */
    bool inert = f->settings[0].value && fix_safety_removal_inert(param, f->settings[0].value);
    if (inert) {
        char *line = conf_format_assignment(param, f->settings[0].value);
        char *those = pk_majors_words(NULL, RELEASES[at - 1].label, false);
        f->message = finding_printf(f,
                                    "%s is the default of PostgreSQL %s, where the line changes "
                                    "nothing, and stops PostgreSQL %s from starting: remove it",
                                    line, those, without);
        free(those);
        f->hint = finding_printf(f,
                                 "The file does not state its major; whichever it is, removing "
                                 "the line changes no server that starts with it.%s%s",
                                 f->hint ? " " : "", f->hint ? f->hint : "");
        free(line);
    } else {
        char *convert = f->suggestion ? xasprintf(" (on PostgreSQL %s: %s)", without, f->suggestion)
                                      : xstrdup("");
        f->message = finding_printf(f,
                                    "%s stops PostgreSQL %s from starting%s; the file either "
                                    "targets %s%s, or this line must go%s",
                                    param, without, eol ? " (every supported major)" : "",
                                    eol ? "an end-of-life major, " : "PostgreSQL ", with, convert);
        free(convert);
        f->hint = finding_printf(f,
                                 "The file does not state its major, so both hold: a PostgreSQL "
                                 "%s server starts with this line, a later one refuses it. Give "
                                 "--pg-version with the major the server runs: on one without %s "
                                 "this is an error, and `pgknob fix --pg-version N` converts the "
                                 "line.%s%s",
                                 with, param, f->hint ? " " : "", f->hint ? f->hint : "");
    }
    free(without);
    free(with);
    finding_set_severity(f, SEV_WARNING);
    f->refuses_start = false;
}

/* Its removal is no question of which major the file is for: the majors that have it refuse
 * the line as read-only ("cannot be changed"), the later ones as unknown (review 2026-12v,
 * h23b 25: verified on 13-18). The error and its refusal stand. */
static void refused_everywhere(Finding *f)
{
    const char *name = f->settings[0].name;
    int last = 0;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
        if (catalog_find(catalog_for_major(major), name))
            last = major;
    f->hint =
        finding_printf(f,
                       "%s%sPostgreSQL %d to %d refuse the line too: %s is fixed when the "
                       "cluster is initialised (\"parameter \"%s\" cannot be changed\"), "
                       "so no major starts with it.",
                       f->hint ? f->hint : "", f->hint ? " " : "", PK_MIN_MAJOR, last, name, name);
}

/* Is the finding's line inside a template block (`<% if @version >= 9.3 %>`)? Such a line is
 * rendered for some majors only: it neither dates the file nor is a line its upgrade must
 * change (validate.c made its refusal a notice). */
static bool in_template_block(const ConfSet *set, const Finding *f)
{
    char marker[64];
    for (size_t idx = 0; f->file && idx < set->n_entries; idx++)
        if (set->entries[idx].line == f->line && !strcmp(set->entries[idx].file, f->file) &&
            (set->entries[idx].block_line ||
             conf_comment_marker(set->entries[idx].line_text, marker, sizeof marker)))
            return true;
    return false;
}

/* wal_level = minimal refused beside max_wal_senders' default: the default was 0 up to 9.6 and
 * is 10 from 10 on, so a file that states no major starts on an old server and is refused on a
 * supported one; as a removed parameter's line, both facts hold: a warning that says both
 * (held-out set 45, h45a 11: a cookbook for CentOS 7's 9.2, called an error that refuses
 * start). */
static void default_both_facts(Finding *f, const ConfSet *set)
{
    if (strcmp(f->rule_id, "PK0050") || f->n_settings != 2 || !f->settings[0].name ||
        strcasecmp(f->settings[0].name, "wal_level") || !f->settings[1].name ||
        strcasecmp(f->settings[1].name, "max_wal_senders") || f->settings[1].file)
        return;
    /* a parameter 9.6 did not have yet (recovery_prefetch) says the file is for a later server,
     * where the refusal stands */
    if (set_newer_than(set, "9.6", 0))
        return;
    f->message = finding_printf(f,
                                "%s; up to PostgreSQL 9.6 max_wal_senders defaulted to 0, where "
                                "the server starts with this line: the file either targets 9.6 "
                                "or older, or needs one of the two changes",
                                f->message);
    f->hint = finding_printf(f,
                             "The file does not state its major, so both hold: a 9.6 or older "
                             "server starts with it, PostgreSQL 10 and later refuse it (their "
                             "max_wal_senders defaults to 10). Give --pg-version with the major "
                             "the server runs when it is 13 or later: there this is an error.%s%s",
                             f->hint ? " " : "", f->hint ? f->hint : "");
    if (f->severity > SEV_WARNING)
        finding_set_severity(f, SEV_WARNING);
    f->refuses_start = false;
}

/* A value the assumed major refuses that an older checked major accepts (password_encryption
 * = on meant md5 up to 13, and 14 refuses it; a template printing "on" or "off"): as a removed
 * parameter's line, both facts hold while nothing states the major, so it is a warning that
 * says both, not a refusal (review 2026-12y, h26b 24). */
static void value_both_facts(Finding *f, int checked)
{
    if (strcmp(f->rule_id, "PK0020") || f->n_settings != 1 || !f->settings[0].value)
        return;
    char *lits[8];
    size_t n = conf_template_literal_branches(f->settings[0].value, lits, 8);
    if (!n)
        lits[n++] = xstrdup(f->settings[0].value);
    int accepted_on = 0;
    const char *accepted = NULL;
    for (int major = checked - 1; major >= PK_MIN_MAJOR && !accepted_on; major--) {
        const CatalogParam *param = catalog_find(catalog_for_major(major), f->settings[0].name);
        /* only a type the catalog decides alone: a string's words are checked by hooks
         * (check_hooks.c), which the older catalog's parse does not run */
        if (param && param->type != GUC_ENUM && param->type != GUC_BOOL)
            param = NULL;
        GucValue val;
        for (size_t idx = 0; param && idx < n && !accepted_on; idx++)
            if (guc_parse_value_for(param, major, lits[idx], &val, NULL)) {
                accepted_on = major;
                accepted = lits[idx];
            }
    }
    if (accepted_on) {
        f->message = finding_printf(
            f,
            "%s; PostgreSQL %d %s \"%s\": the file either targets PostgreSQL %d or older, or "
            "this value must change",
            f->message, accepted_on, accepted_on == PK_MIN_MAJOR ? "accepts" : "still accepts",
            accepted, accepted_on);
        f->hint = finding_printf(
            f,
            "The file does not state its major, so both hold: a PostgreSQL %d server starts with "
            "this line, a later one refuses it. Give --pg-version with the major the server runs: "
            "on one that refuses the value this is an error.%s%s",
            accepted_on, f->hint ? " " : "", f->hint ? f->hint : "");
        if (f->severity > SEV_WARNING)
            finding_set_severity(f, SEV_WARNING);
        f->refuses_start = false;
    }
    for (size_t idx = 0; idx < n; idx++)
        free(lits[idx]);
}

void lint_major_from_removed(LintInput *input, FindingList *out, size_t begin)
{
    if (strcmp(input->version_source, "default") || input->unchecked_major[0] ||
        input->evident_major[0])
        return;
    for (size_t idx = begin; idx < out->n; idx++) {
        value_both_facts(&out->items[idx], input->pg_major);
        default_both_facts(&out->items[idx], &input->set);
    }
    /* a parameter removed before 13 dates the file (no supported major ever had it); one removed
     * in 13 or later (wal_keep_segments) does not: a stale line in a file for a newer server is as
     * likely (held-out set 5 had such files for 15 and 16), so its finding says both facts */
    int dates_before = release_index("13");
    int earliest = -1;
    const Finding *first = NULL;
    size_t count = 0, n_later = 0, first_idx = 0;
    size_t *later = xcalloc(out->n - begin + 1, sizeof(size_t));
    for (size_t idx = begin; idx < out->n; idx++) {
        const Finding *f = &out->items[idx];
        /* PK0011's name: a template's line too, whatever its value */
        const char *gone = !strcmp(f->rule_id, "PK0011") && f->n_settings
                               ? catalog_gone_before(f->settings[0].name)
                               : NULL;
        int at = gone ? release_index(gone) : -1;
        if (at <= 0 || newer_than_removed(&input->set, f->settings[0].name) ||
            in_template_block(&input->set, f))
            continue;
        int since = -1;
        const ConfEntry *newer = value_newer_than(&input->set, at, &since);
        if (newer) {
            refusal_stands(&out->items[idx], newer, since, at);
            continue;
        }
        if (at >= dates_before && catalog_internal_wherever_known(f->settings[0].name))
            continue; /* cap_assumed_removed keeps its refusal */
        if (at >= dates_before) {
            later[n_later++] = idx;
            continue;
        }
        count++;
        if (earliest < 0 || at < earliest) {
            earliest = at;
            first = f;
            first_idx = idx;
        }
    }
    /* one removed line alone is as likely a stale line in a newer file (review 2026-12w, h24a
     * 09: checkpoint_segments in a 2025 file for 14): it says both facts, as a removal in 13 or
     * later does; two or more removed parameters, one of them before 13, date the file */
    /* ... unless the stock sample the file keeps is that old too: two clues that agree (the
     * development corpus's review, rwq 02: max_fsm_pages in an 8.2 sample) */
    /* ... and so does one removed in 13 or later (held-out set 44, 42: wal_keep_segments in a
     * file that keeps 9.6's sample, #replacement_sort_tuples and all) */
    bool lone_later = count == 0 && n_later == 1;
    const Finding *lone = count == 1 && n_later == 0 ? first
                          : lone_later               ? &out->items[later[0]]
                                                     : NULL;
    int lone_at =
        lone_later ? release_index(catalog_gone_before(lone->settings[0].name)) : earliest;
    char sample_name[64] = "";
    int sample_line = 0, sample_kept = 0;
    SampleBound sample_lo;
    int sample_at = lone && lone->file
                        ? sample_removal(lone->file, &sample_line, sample_name, sizeof(sample_name),
                                         &sample_kept, &sample_lo)
                        : -1;
    /* ... unless a line the file sets arrived after the sample's removal (held-out set 49,
     * h49a 10: a line of 9.3 beside a sample whose #wal_sender_delay left in 9.2) */
    int set_since = -1;
    bool sample_agrees = sample_at > 0 && sample_at <= lone_at && sample_lo.major < sample_at &&
                         !value_newer_than(&input->set, sample_at, &set_since);
    if (lone_later && sample_agrees) {
        first = lone;
        first_idx = later[0];
        earliest = lone_at;
        count = 1;
        n_later = 0;
    }
    if (count == 1 && n_later == 0 && !sample_agrees) {
        later[n_later++] = first_idx;
        first = NULL;
    }
    if (!first) {
        for (size_t idx = 0; idx < n_later; idx++) {
            Finding *f = &out->items[later[idx]];
            int at = release_index(catalog_gone_before(f->settings[0].name));
            removed_both_facts(f, at);
            /* the file may be for that old major: a fix that adds a parameter may not be its */
            if (at > 0 && at - 1 < release_index("13") && !input->sample_major[0])
                snprintf(input->sample_major, sizeof(input->sample_major), "%s",
                         RELEASES[at - 1].label);
        }
        if (!n_later)
            major_from_sample(input, out);
        free(later);
        return;
    }
    free(later);
    if (sample_agrees)
        snprintf(input->evident_what, sizeof(input->evident_what),
                 "%s at line %d was removed in PostgreSQL %s, and the stock sample the file keeps "
                 "is as old (#%s, line %d, was removed in %s)",
                 first->settings[0].name, first->line, RELEASES[earliest].label, sample_name,
                 sample_line, RELEASES[sample_at].label);
    else
        snprintf(input->evident_what, sizeof(input->evident_what),
                 "%s at line %d was removed in PostgreSQL %s%s", first->settings[0].name,
                 first->line, RELEASES[earliest].label,
                 count > 1 ? ", and other lines set parameters no supported major has" : "");
    if (sample_agrees && sample_at < earliest)
        earliest = sample_at; /* the sample bounds it more tightly */
    snprintf(input->evident_major, sizeof(input->evident_major), "%s",
             RELEASES[earliest - 1].label);
    char *file = first->file ? xstrdup(first->file) : NULL;
    int line = first->line;
    end_of_life(out, input->evident_major, true, input->evident_what, NULL, file, line);
    free(file);
    strncat(input->evident_major, " or older",
            sizeof(input->evident_major) - strlen(input->evident_major) - 1);
}

/* The one major the parameters a file sets leave, within the catalogued 13-18: one added in N
 * (default_toast_compression: 14) rules out every major before N, one removed in M
 * (stats_temp_directory: 15) every major from M on. Only when the two meet at one major is the
 * file checked as it, with PK0004 saying why (issue 24; review-h6d, file 48). A removal alone,
 * or a range of several majors, is as likely a stale line in a file for a newer server (held-out
 * set 5 had them for 15 and 16): the file is checked as the default, and the removed parameter's
 * finding says both facts. A parameter gone before 14 is lint_major_from_removed's. */
static void major_from_parameters(LintInput *input, FindingList *out)
{
    int lo = PK_MIN_MAJOR, hi = PK_MAX_MAJOR;
    const ConfEntry *lo_at = NULL, *hi_at = NULL;
    for (size_t idx = 0; idx < input->set.n_entries; idx++) {
        /* a template's line names its parameter too, whatever its value */
        const ConfEntry *entry = &input->set.entries[idx];
        if (!entry->name)
            continue;
        int first = 0, last = 0;
        /* a major that maps the old spelling to the new (ssl_ecdh_curve on 18) accepts it */
        for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
            if (catalog_find(catalog_for_major(major), entry->name) ||
                catalog_alias_target(major, entry->name)) {
                first = first ? first : major;
                last = major;
            }
        if (!first) {
            if (catalog_gone_before(entry->name))
                return; /* gone before 14: lint_major_from_removed reads it */
            continue;   /* a custom or unknown name dates nothing */
        }
        if (first > lo) {
            lo = first;
            lo_at = entry;
        }
        if (last < hi) {
            hi = last;
            hi_at = entry;
        }
    }
    if (!hi_at || !lo_at || lo != hi || hi >= input->pg_major)
        return;
    input->pg_major = hi;
    input->version_source = "parameters";
    StrBuf why = STRBUF_INIT;
    sb_printf(&why, "%s (line %d) arrived in %d, %s (line %d) was removed in %d", lo_at->name,
              lo_at->line, lo, hi_at->name, hi_at->line, hi + 1);
    Finding *f = notice(out, NULL, hi_at->file, hi_at->line);
    f->message = finding_printf(f,
                                "the parameters the file sets leave one major, PostgreSQL %d: %s;"
                                " it is checked as %d; give --pg-version to choose another",
                                hi, sb_str(&why), hi);
    char label[16];
    snprintf(label, sizeof(label), "%d", hi);
    end_of_life(out, label, false, sb_str(&why), NULL, hi_at->file, hi_at->line);
    sb_free(&why);
}

/* An end of life (`f`, or NULL) that only comments show: a pgtune header's DB Version is the
 * generator's input, a header's words what the file was written for; neither is a path or a
 * setting of the server that runs it, which is often newer (an image's latest tag). A notice,
 * as the major --pg-version gives is (reviews 2026-12k file 37, 2026-12l file 07, 2026-12p
 * file 11). */
static void only_written_for(Finding *f, const MajorEvidence *ev)
{
    if (!f)
        return;
    for (size_t idx = 0; idx < ev->n; idx++)
        if (!ev->clues[idx].in_comment)
            return;
    f->rule_severity = f->severity;
    f->severity = SEV_NOTICE;
    const char *offer = f->hint ? strstr(f->hint, " If the server runs another major") : NULL;
    f->hint = finding_printf(
        f,
        "%.*s Only %s name%s the major: %s what %s written or generated for, not what the "
        "server runs now, so this is a notice; give --pg-version with the server's major to "
        "check it as that one.",
        offer ? (int)(offer - f->hint) : (int)strlen(f->hint ? f->hint : ""),
        f->hint ? f->hint : "",
        ev->clues[0].in_readme ? "the repository's README" : "the file's comments",
        ev->clues[0].in_readme ? "s" : "", ev->clues[0].in_readme ? "it says" : "they say",
        ev->clues[0].in_readme ? "the project was" : "it was");
}

/* The image the compose file or Dockerfile that runs `file` as config_file names (review
 * 2026-12u, h22a: 11 of 13 Docker files pinned a major there): a clue at the file's own path,
 * its strings in `all`'s arena. */
static bool container_clue(const char *file, MajorEvidence *all, MajorClue *clue)
{
    char runner[PATH_MAX], where[PATH_MAX], image[256], label[16];
    int line = 0, major = 0;
    /* the service that mounts it runs an image whose tag names no major: the stack's other
     * images are not the file's (held-out set 61, h61c 42: postgres:15, the replica's, named
     * for a file only the citusdata/citus:11.3 coordinator mounts) */
    if (lint_compose_service_unversioned(file))
        return false;
    bool runs = lint_repository_mounts(file, runner) &&
                lint_container_image(runner, image, where, &line, label, &major);
    /* where the images of the runner disagree, the compose service that mounts the file runs
     * its own, whatever the other services run (review 2026-12zg, h35a 02: postgres:12, :14
     * and :16 in one repository) */
    /* a compose file that only mounts it speaks through the service that does: its image, not
     * the stack's other services' (review 2026-12zo, h53b 17: ./config mounted into an Odoo
     * container, "puts it into the image postgres:15"); a Dockerfile that copies it builds the
     * server's own image */
    const char *base = NULL;
    if (!runs &&
        !(lint_repository_ships(file, runner) &&
          (lint_dockerfile_name((base = strrchr(runner, '/')) ? base + 1 : runner) ||
           input_compose_ships_to_postgres(runner, file)) &&
          lint_container_image(runner, image, where, &line, label, &major)) &&
        !lint_compose_service_image(file, image, where, &line, label, &major, &runs))
        return false;
    /* the images agree: cite the mounting service's own line, not the first service's
     * (held-out set 44, h44a 05: line 6, bytebase-postgres, for a file postgres-dev mounts) */
    char own_image[256], own_where[PATH_MAX], own_label[16];
    int own_line = 0, own_major = 0;
    bool own_runs = false;
    if (lint_compose_service_image(file, own_image, own_where, &own_line, own_label, &own_major,
                                   &own_runs) &&
        !strcmp(own_where, where) && !strcmp(own_label, label) && own_line != line) {
        snprintf(image, sizeof image, "%s", own_image);
        line = own_line;
    }
    /* a file copied or mounted into the image, its command naming no config_file: the image
     * is its server's, but "runs it" would say the file is in effect (review 2026-12zf, c08) */
    if (!strncmp(image, "the image ", 10)) {
        char noun[256];
        snprintf(noun, sizeof noun, "%s", image);
        snprintf(image, sizeof image, "%s %.*s", runs ? "runs it in" : "puts it into", 200, noun);
    }
    char *shown = lint_path_from(file, where); /* ../docker-compose.yml */
    Arena *arena = arena_get(&all->arena);
    snprintf(clue->label, sizeof clue->label, "%s", label);
    clue->major = major;
    clue->file = arena_strdup(arena, file);
    clue->line = 0;
    clue->what = arena_printf(arena, "%s (line %d) %s", shown, line, image);
    free(shown);
    return true;
}

/* The major of the Debian cluster directory a deployment script of the file's module installs
 * it into (`sudo cp /pleas/vagrant/pg_hba.conf /etc/postgresql/9.3/main/`), as a clue on the file
 * itself (line 0): what runs it, over the repository's other images and its README (held-out set
 * 61, h61b 18 and 19: a compose file's postgres:9.4 that never reads it, a README's words). */
static bool install_clue(const char *file, MajorEvidence *all, MajorClue *clue)
{
    char where[PATH_MAX + 128], label[16];
    int major = 0;
    if (!lint_debian_install_major(file, label, &major, where, sizeof where))
        return false;
    Arena *arena = arena_get(&all->arena);
    snprintf(clue->label, sizeof clue->label, "%s", label);
    clue->major = major;
    clue->file = arena_strdup(arena, file);
    clue->line = 0;
    clue->what = arena_strdup(arena, where);
    return true;
}

/* The major the Ansible role or playbook that renders the file gives in its variables, as a
 * clue on the file itself (line 0). */
static bool role_clue(const char *file, MajorEvidence *all, MajorClue *clue)
{
    RoleMajor role;
    if (!lint_role_major(file, &role))
        return false;
    char *shown = lint_path_from(file, role.file); /* ../defaults/main.yml */
    Arena *arena = arena_get(&all->arena);
    snprintf(clue->label, sizeof clue->label, "%s", role.label);
    clue->major = role.major;
    clue->file = arena_strdup(arena, file);
    clue->line = 0;
    clue->what = role.phrase[0]
                     ? arena_printf(arena, "%s (line %d) %s", shown, role.line, role.phrase)
                     : arena_printf(arena, "%s (line %d) sets %s: %s", shown, role.line, role.key,
                                    role.label);
    free(shown);
    return true;
}

/* The one PostgreSQL major its repository's container files name, though none of them runs or
 * ships the file (held-out set 48, h48b 16, 21 and 38: postgres:11, :12-alpine and :9.3 beside
 * files checked as 18): the server the repository deploys is the one its configuration is
 * for. A clue on the file itself (line 0). */
static bool repository_image_clue(const char *file, MajorEvidence *all, MajorClue *clue)
{
    char image[256], where[PATH_MAX], label[16];
    int line = 0, major = 0;
    if (!lint_repository_image(file, image, where, &line, label, &major))
        return false;
    char *shown = lint_path_from(file, where);
    Arena *arena = arena_get(&all->arena);
    snprintf(clue->label, sizeof clue->label, "%s", label);
    clue->major = major;
    clue->file = arena_strdup(arena, file);
    clue->line = 0;
    /* one of them may mount or copy the file into a container whose server pgknob cannot see
     * reading it (an image of its own, a path its entrypoint knows): "none runs it" would be
     * false (held-out set 55, h55a 08: a dev compose file mounting it at /data/config) */
    char shipper[PATH_MAX];
    char *ships = lint_repository_ships(file, shipper) ? lint_path_from(file, shipper) : NULL;
    clue->what = ships ? arena_printf(arena,
                                      "the repository's container files name one PostgreSQL"
                                      " major (%s mounts or copies this file, into a container"
                                      " pgknob cannot tell reads it): %s (line %d), %s",
                                      ships, shown, line, image)
                       /* not "none runs this file": a mount pgknob does not recognise (a
                        * compose file of another name, a directory mounted) may (reviews
                        * 2026-12zo h53a 48, h55a, h55c, h60a 05: five times false) */
                       : arena_printf(arena,
                                      "the repository's container files name one PostgreSQL"
                                      " major (pgknob found none of them that runs this file):"
                                      " %s (line %d), %s",
                                      shown, line, image);
    free(ships);
    free(shown);
    return true;
}

/* The majors the repository's README names for what it is (review 2026-12y, h26b 20 and 24: a
 * role "for PostgreSQL 9.1-9.4" whose optional blocks set 9.x parameters), as clues on the
 * configuration file itself (line 0): a line naming one major with the keyword
 * ("- PostgreSQL 9.6", "Uses Postgres 16"), or a "versions 9.1, 9.2" list in a README whose title
 * or description names PostgreSQL. Ranges and bounds name none (major_in_comment); code blocks
 * are not read (a variable's default is the role's, not a statement). */
static void readme_clues(const char *file, MajorEvidence *out)
{
    ReadmeDescription desc;
    if (!readme_description(file, &desc))
        return;
    bool about_postgres = strcasestr(desc.text, "postgres") != NULL;
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(desc.path, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return;
    const char *shown = strrchr(desc.path, '/') ? strrchr(desc.path, '/') + 1 : desc.path;
    Arena *arena = arena_get(&out->arena);
    bool fenced = false;
    int line_no = 0;
    for (char *p = data, *nl; p && *p; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        line_no++;
        const char *text = p + strspn(p, " \t");
        if (!strncmp(text, "```", 3) || !strncmp(text, "~~~", 3)) {
            fenced = !fenced;
            continue;
        }
        /* a fenced block, or an indented one's body (a reST code-block): code, not prose; an
         * indented list item is still a list */
        if (fenced || ((*p == ' ' || *p == '\t') && *text != '-' && *text != '*'))
            continue;
        char labels[8][16];
        size_t n = 0;
        int major = 0;
        /* a bound wrapped onto the next line ("requires PostgreSQL 9.6 or" / "higher": held-out
         * set 51, 42); only the bound's own words there, not any sentence that goes on (the
         * session's code review: "uses PostgreSQL 16" / "to store its orders" is 16) */
        const char *next = nl ? nl + 1 : NULL;
        bool bound_next = false;
        if (next) {
            static const char *const bounds[] = {
                "higher",    "later",     "newer",    "above",      "greater",    "or higher",
                "or later",  "or newer",  "or above", "or greater", "and higher", "and later",
                "and newer", "and above", "+",        NULL};
            const char *w = next + strspn(next, " \t>");
            size_t tail = strlen(text);
            while (tail && isspace((unsigned char)text[tail - 1]))
                tail--;
            bool open_or = tail >= 3 && (!strncasecmp(text + tail - 3, " or", 3) ||
                                         (tail >= 4 && !strncasecmp(text + tail - 4, " and", 4)));
            for (const char *const *b = bounds; *b && !bound_next; b++) {
                size_t blen = strlen(*b);
                bool word = !strncasecmp(w, *b, blen) && !isalnum((unsigned char)w[blen]);
                /* "higher" alone continues only a line that ended with "or"/"and" */
                bound_next = word && (strchr(*b, ' ') || !strcmp(*b, "+") || open_or);
            }
        }
        if (!bound_next && major_in_comment(text, strlen(text), labels[0], &major))
            n = 1;
        else if (about_postgres)
            n = major_version_list(text, labels, 8);
        for (size_t idx = 0; idx < n; idx++) {
            ARENA_GROW(arena, out->clues, out->n, out->cap);
            MajorClue *clue = &out->clues[out->n++];
            *clue = (MajorClue){0};
            snprintf(clue->label, sizeof(clue->label), "%s", labels[idx]);
            clue->major = strchr(labels[idx], '.') ? 0 : atoi(labels[idx]);
            clue->file = arena_strdup(arena, file);
            clue->line = 0;
            clue->what = arena_strdup(arena, shown);
            clue->readme_line = line_no;
            clue->stated = true;
            clue->in_comment = true;
            clue->in_readme = true;
        }
    }
    free(data);
}

/* An entry whose packaging path takes the major from a template's variable
 * (`/var/lib/postgresql/{{ version }}/main`, `/usr/lib/postgresql/<%= @version %>/bin`): the
 * file is written for whichever major it is rendered with. NULL when none. */
static const ConfEntry *templated_major_path(const ConfSet *set)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (e->error || !e->name || !e->value)
            continue;
        size_t len = 0;
        for (const char *seg = major_layout_segment(e->value, &len); seg;
             seg = major_layout_segment(seg, &len)) {
            char *part = xstrndup(seg, len);
            /* a literal version before the placeholder names the major itself: Debian's
             * VERSION-CLUSTER.pid with the cluster a stand-in (/var/run/postgresql/9.4-@@CLUSTER@@
             * .pid: held-out set 61, h61b 21) */
            size_t digits = strspn(part, "0123456789.");
            bool literal = digits && part[digits - 1] != '.' && part[digits] == '-';
            bool templated = !literal && conf_has_placeholder(part, false);
            free(part);
            if (templated)
                return e;
        }
    }
    return NULL;
}

/* Does a template's value print the variable `key` ("pg_version", or a Chef attribute's
 * "postgresql.version", printed as node.postgresql.version or node['postgresql']['version'])? */
static bool renders_variable(const char *value, const char *key)
{
    if (strstr(value, key))
        return true;
    char dotted[512];
    size_t n = 0;
    for (const char *c = value; *c && n + 1 < sizeof dotted; c++) {
        if (*c == '[' && n && dotted[n - 1] != '.')
            dotted[n++] = '.';
        else if (*c != '[' && *c != ']' && *c != ':' && *c != '\'' && *c != '"')
            dotted[n++] = *c;
    }
    dotted[n] = '\0';
    return strstr(dotted, key) != NULL;
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
    if (doc && doc->version_label[0] && !catalog_for_major(doc->pg_major)) {
        /* a manifest naming a major before the catalogs (input_version): its own word */
        const char *label = doc->version_label;
        char *why = xasprintf("%s is \"%s\" at line %d", doc->version_key, doc->version_text,
                              doc->version_line);
        snprintf(input->unchecked_major, sizeof(input->unchecked_major), "%s", label);
        snprintf(input->evident_major, sizeof(input->evident_major), "%s", label);
        snprintf(input->evident_what, sizeof(input->evident_what), "%s", why);
        Finding *f = notice(out, doc, first_file, doc->version_line);
        f->column = doc->version_column;
        /* the service's own image runs it; another clue says what the file was written for */
        const char *service = doc->version_key && !strcmp(doc->version_key, "image")
                                  ? lint_input_service(input)
                                  : NULL;
        char *runs = service ? xasprintf("service %s runs", service) : NULL;
        f->message = finding_printf(
            f,
            "%s PostgreSQL %s: %s. pgknob does not check %s, so it is checked as PostgreSQL %d,"
            " and its removed-parameter findings are what an upgrade to %d needs; give"
            " --pg-version to choose another",
            runs ? runs : "the file was written for", label, why, label, fallback, fallback);
        char *runs_it = runs ? xasprintf("%s it", runs) : NULL;
        Finding *eol = end_of_life(out, label, false, why, runs_it, first_file, doc->version_line);
        also_past_end(eol, doc, doc->pg_major);
        free(runs);
        free(runs_it);
        if (eol)
            eol->column = doc->version_column;
        free(why);
        return;
    }
    /* a template whose packaging paths take the major from its variable: the majors its other
     * lines write (cluster_name = '11/main') are left over from one rendering, not the file's
     * (review 2026-12zf, b05: "written for 11" of a role that deploys {{ version }}) */
    const ConfEntry *templated = templated_major_path(&input->set);
    /* unless the template's own name names the major it is rendered for (a role's
     * postgresql.9.4.conf.j2 beside its other majors': held-out set 42, 03) */
    if (templated) {
        MajorEvidence lit = {0};
        major_evidence_collect(&input->set, &lit);
        for (size_t idx = 0; templated && idx < lit.n; idx++)
            if (lit.clues[idx].line == 0 && lit.clues[idx].stated &&
                !strncmp(lit.clues[idx].what, "the file's name ", 16))
                templated = NULL;
        arena_free(lit.arena); /* its clues too */
    }
    /* ... or the role that renders it sets that very variable to a plain version (held-out
     * set 49, h49a 10: /var/lib/postgresql/{{ pg_version }}/main beside vars/main.yml's
     * pg_version: 9.4) */
    RoleMajor role;
    bool role_renders = templated && !input->set.data_dir && input->set.n_files &&
                        lint_role_major(input->set.files[0], &role) && *role.key &&
                        renders_variable(templated->value, role.key);
    if (role_renders)
        templated = NULL;
    if (templated) {
        MajorEvidence lit = {0};
        major_evidence_collect(&input->set, &lit);
        StrBuf named = STRBUF_INIT;
        for (size_t idx = 0; idx < lit.n; idx++)
            if (lit.clues[idx].line > 0 && !lit.clues[idx].in_comment)
                sb_printf(&named, "%s%s", named.len ? "; " : "", lit.clues[idx].what);
        Finding *f = notice(out, NULL, templated->file, templated->line);
        f->message = finding_printf(
            f,
            "the file takes its major from a template variable (%s = %s, line %d), so it is "
            "checked as PostgreSQL %d, the default%s%s; give --pg-version with the major it is "
            "rendered for",
            templated->name, templated->value, templated->line, fallback,
            named.len ? ". Lines that write a major of their own stay so for every rendering: "
                      : "",
            sb_str(&named));
        sb_free(&named);
        arena_free(lit.arena); /* its clues too */
        return;
    }
    MajorEvidence all = {0};
    major_evidence_collect(&input->set, &all);
    /* packaging paths decide; a header comment's words only when there are none, agree among
     * themselves, and no parameter of one major only says otherwise */
    MajorEvidence ev = evidence_of(&all, false);
    MajorClue rendered = {0};
    if (role_renders && role_clue(input->set.files[0], &all, &rendered)) {
        ev.n = 0;
        PK_GROW(ev.clues, ev.n, ev.cap);
        ev.clues[ev.n++] = rendered;
    }
    bool comments_only = true; /* a pgtune header says what the tool was asked, no more */
    for (size_t idx = 0; idx < ev.n; idx++)
        comments_only = comments_only && (ev.clues[idx].in_comment || ev.clues[idx].in_path);
    /* the file's own clues disagree (a path of 16, a cluster_name of 14 left from another
     * server): the image or package its repository runs it with settles which server reads it
     * (review 2026-12zf, 21: a Dockerfile that installs postgresql-16 and COPYs it into
     * /etc/postgresql/16/main) */
    bool disagree = ev.n > 1 && !major_evidence_agreed(&ev);
    if ((comments_only || disagree) && !input->set.data_dir && input->set.n_files) {
        /* the image a compose file or Dockerfile runs the file in is what it runs on, over a
         * pgtune header's DB Version (review 2026-12zd, h31a 01: "DB Version: 16" in a file
         * the repository runs in postgres:11-alpine) and over a directory's name (held-out set
         * 44, 08: docker/prd/postgresql11/ beside a Dockerfile that installs postgresql-12) */
        MajorClue clue = {0};
        if (container_clue(input->set.files[0], &all, &clue)) {
            ev.n = 0;
            PK_GROW(ev.clues, ev.n, ev.cap);
            ev.clues[ev.n++] = clue;
        }
    }
    if (!ev.n) {
        free(ev.clues);
        ev = evidence_of(&all, true);
        int pinned = one_major_parameter(&input->set);
        const char *said = major_evidence_agreed(&ev);
        if (!said || (pinned && atoi(said) != pinned))
            ev.n = 0;
    }
    if (!ev.n && !input->set.data_dir && input->set.n_files && !one_major_parameter(&input->set)) {
        MajorClue clue = {0};
        if (install_clue(input->set.files[0], &all, &clue) &&
            !set_newer_than(&input->set, clue.label, clue.major)) {
            free(ev.clues);
            ev = (MajorEvidence){0};
            PK_GROW(ev.clues, ev.n, ev.cap);
            ev.clues[ev.n++] = clue;
        }
    }
    if (!ev.n && !input->set.data_dir && input->set.n_files && !one_major_parameter(&input->set)) {
        /* nothing in the file: the role or playbook that renders it names the server in its
         * own variables, over a README's prose (held-out set 46, h46b 19: the role's
         * db.postgres.version 13 against a README's example path for 9.6) */
        MajorClue clue = {0};
        if (role_clue(input->set.files[0], &all, &clue)) {
            free(ev.clues);
            ev = (MajorEvidence){0};
            PK_GROW(ev.clues, ev.n, ev.cap);
            ev.clues[ev.n++] = clue;
        }
    }
    if (!ev.n && !input->set.data_dir && input->set.n_files && !one_major_parameter(&input->set)) {
        /* nor a role: the one major the repository's container files name, over a README's
         * prose, unless the file sets a parameter that major lacks (it is for a later one) */
        MajorClue clue = {0};
        if (repository_image_clue(input->set.files[0], &all, &clue) &&
            !set_newer_than(&input->set, clue.label, clue.major) &&
            !sample_newer_than(input->set.files[0], clue.label)) {
            free(ev.clues);
            ev = (MajorEvidence){0};
            PK_GROW(ev.clues, ev.n, ev.cap);
            ev.clues[ev.n++] = clue;
        }
    }
    if (!ev.n && !input->set.data_dir && input->set.n_files && !one_major_parameter(&input->set)) {
        /* nothing in the file: what its repository's README says it is for, when its clues
         * agree, or all name majors before the checked ones (a role for 9.3 to 11) */
        free(ev.clues);
        ev = (MajorEvidence){0};
        size_t from = all.n;
        readme_clues(input->set.files[0], &all);
        bool old = true;
        for (size_t idx = from; idx < all.n; idx++)
            old = old && !catalog_for_major(all.clues[idx].major);
        for (size_t idx = from; idx < all.n; idx++) {
            PK_GROW(ev.clues, ev.n, ev.cap);
            ev.clues[ev.n++] = all.clues[idx];
        }
        if (!major_evidence_agreed(&ev) && !old)
            ev.n = 0;
        /* a README speaks for a repository of many files and times: a parameter the file sets
         * that its newest major lacked says the file is for a later one */
        const char *newest_said = NULL;
        int newest_major = 0;
        for (size_t idx = 0; idx < ev.n; idx++)
            if (!newest_said || release_index(ev.clues[idx].label) > release_index(newest_said)) {
                newest_said = ev.clues[idx].label;
                newest_major = ev.clues[idx].major;
            }
        if (newest_said && set_newer_than(&input->set, newest_said, newest_major))
            ev.n = 0;
    }
    if (!ev.n) { /* nothing names it: the parameters it sets may bound it */
        free(ev.clues);
        arena_free(all.arena);
        major_from_parameters(input, out);
        return;
    }
    const char *label = major_evidence_agreed(&ev);
    /* clues that disagree but all name majors before the checked ones (a 9.1 flag file beside a
     * 9.3 archive): the file is an end-of-life major's either way, the newest it names at the
     * latest (review 2026-12w, h24d 45) */
    const char *newest = NULL;
    bool all_old = true;
    for (size_t idx = 0; idx < ev.n && all_old; idx++) {
        all_old = !catalog_for_major(ev.clues[idx].major);
        if (all_old && (!newest || release_index(ev.clues[idx].label) > release_index(newest)))
            newest = ev.clues[idx].label;
    }
    bool several_old = !label && all_old && newest && release_index(newest) >= 0;
    if (several_old)
        label = newest;
    const MajorClue *first = &ev.clues[0];
    /* "service X runs it" only of the service's own image (held-out set 52, h52c 34): a path
     * or a comment says what the file was written for */
    const char *service = lint_input_service(input);
    for (size_t idx = 0; service && idx < ev.n; idx++)
        if (!ev.clues[idx].what || strncmp(ev.clues[idx].what, "image ", 6))
            service = NULL;
    Finding *f = notice(out, NULL, first->file, first->line);
    if (label && first->major && catalog_for_major(first->major)) {
        input->pg_major = first->major;
        input->version_source = "evidence";
        char *why = agreed_words(&ev);
        f->message =
            finding_printf(f, "checked as PostgreSQL %d: %s; give --pg-version to choose another",
                           first->major, why);
        only_written_for(end_of_life(out, label, false, why, NULL, first->file, first->line), &ev);
        free(why);
    } else if (label) {
        /* a major pgknob does not check, named by every clue or the newest of several old ones */
        snprintf(input->unchecked_major, sizeof(input->unchecked_major), "%s", label);
        snprintf(input->evident_major, sizeof(input->evident_major), "%s%s", label,
                 several_old ? " or older" : "");
        char *why = several_old ? conflict_words(&ev) : agreed_words(&ev);
        snprintf(input->evident_what, sizeof(input->evident_what), "%s", why);
        if (several_old)
            f->message = finding_printf(
                f,
                "%s, every one before those pgknob checks%s%s; "
                "it was written for PostgreSQL %s or older, and is checked as PostgreSQL %d, so "
                "its removed-parameter findings are what an upgrade to %d needs; give "
                "--pg-version to choose another",
                first->in_readme ? why : "the file names more than one major",
                first->in_readme ? "" : ": ", first->in_readme ? "" : why, label, fallback,
                fallback);
        else if (service)
            /* one service of a compose file that may run others on other majors (held-out set
             * 52, h52c 34: a 9.6 service beside three on 18, "the file was written for 9.6") */
            f->message = finding_printf(
                f,
                "service %s runs PostgreSQL %s: %s. pgknob does not check %s, so it is checked"
                " as PostgreSQL %d, and its removed-parameter findings are what an upgrade to"
                " %d needs; give --pg-version to choose another",
                service, label, why, label, fallback, fallback);
        else
            f->message = finding_printf(
                f,
                "the file was written for PostgreSQL %s: %s. pgknob does not check %s, so it is"
                " checked as PostgreSQL %d, and its removed-parameter findings are what an"
                " upgrade to %d needs; give --pg-version to choose another",
                label, why, label, fallback, fallback);
        char *runs = service && !several_old ? xasprintf("service %s runs it", service) : NULL;
        Finding *eol = end_of_life(out, label, several_old, why, runs, first->file, first->line);
        free(runs);
        if (!several_old || first->in_readme)
            only_written_for(eol, &ev);
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
    free(ev.clues);
    arena_free(all.arena);
}

/* ---- after the rules: what the file's major makes of the findings ---------------------------- */

/* The first major after the oldest catalogued one that refuses the value a PK0020 finding
 * names, when the oldest (the nearest to a file written for a major before it) accepts it:
 * `password_encryption = on` meant md5 up to 13, and 14 refuses it. 0 when 13 refuses it too. */
static int value_refused_since(const Finding *f)
{
    const CatalogParam *oldest = catalog_find(catalog_for_major(PK_MIN_MAJOR), f->settings[0].name);
    GucValue val;
    if (!oldest || !f->settings[0].value ||
        !guc_parse_value_for(oldest, PK_MIN_MAJOR, f->settings[0].value, &val, NULL))
        return 0;
    for (int major = PK_MIN_MAJOR + 1; major <= PK_MAX_MAJOR; major++) {
        const CatalogParam *param = catalog_find(catalog_for_major(major), f->settings[0].name);
        if (param && !guc_parse_value_for(param, major, f->settings[0].value, &val, NULL))
            return major;
    }
    return 0;
}

/* A PK0010 for a plain name no catalogued major has and none resembles (wal_sender_delay): in a
 * file written for a major before 13 it may be one of that major's parameters pgknob's history
 * lacks, so it is upgrade advice like a known removal, not a name no server ever had. */
static bool unknown_to_all(const LintInput *input, const Finding *f)
{
    const char *name = f->settings[0].name;
    if (strcmp(f->rule_id, "PK0010") || f->n_settings != 1 || strchr(name, '.') ||
        in_template_block(&input->set, f))
        return false;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const Catalog *cat = catalog_for_major(major);
        if (!cat || catalog_find(cat, name) || catalog_suggest(cat, name))
            return false;
    }
    return true;
}

/* The rank of a version label for ordering: "8.0" 800, "9.5" 905, "11" 1100; 0 when it is no
 * plain version ("12 or older"). */
static int version_rank(const char *label)
{
    if (!label || !*label || strspn(label, "0123456789.") != strlen(label))
        return 0;
    int major = atoi(label);
    const char *dot = strchr(label, '.');
    return major * 100 + (major < 10 && dot ? atoi(dot + 1) : 0);
}

/* Was the finding's parameter removed in or before the major the file was written for
 * (catalog_gone_before)? Then its line says so. */
static bool gone_by_then(const LintInput *input, Finding *f)
{
    if (f->n_settings != 1 || (strcmp(f->rule_id, "PK0010") && strcmp(f->rule_id, "PK0011")))
        return false;
    const char *gone = catalog_gone_before(f->settings[0].name);
    int gone_rank = version_rank(gone), written = version_rank(input->evident_major);
    if (!gone_rank || !written || gone_rank > written)
        return false;
    /* the rule's own hint says when it left and what replaced it */
    f->hint = finding_printf(f, "The PostgreSQL %s the file was written for refuses it too.%s%s",
                             input->evident_major, f->hint ? " " : "", f->hint ? f->hint : "");
    return true;
}

/* default_both_facts's PK0050 in a file written for 9.6 or older ("9.4 or older" too): that
 * server's max_wal_senders defaulted to 0 and it starts with the line, so the refusal is one of
 * the upgrade's lines, not a warning that the file states no major (held-out set 60, h60a 12). */
static bool starts_before_10(const LintInput *input, const Finding *f)
{
    char label[sizeof input->evident_major];
    snprintf(label, sizeof label, "%s", input->evident_major);
    label[strcspn(label, " ")] = '\0'; /* "9.4 or older": 9.4 bounds it */
    int written = version_rank(label);
    return !strcmp(f->rule_id, "PK0050") && f->n_settings == 2 && f->settings[0].name &&
           !strcasecmp(f->settings[0].name, "wal_level") && !f->refuses_start && written &&
           written <= version_rank("9.6");
}

/* A file written for an older major than the one checked, with no --pg-version: its
 * removed-parameter refusals (PK0011), and the values of it the oldest catalogued major still
 * accepts but the checked one refuses (PK0020), are one upgrade notice naming each line. */
static void upgrade_notice(LintResult *res, LintInput *input, bool *drop)
{
    Finding *keep = NULL;
    StrBuf lines = STRBUF_INIT;
    size_t count = 0;
    bool older = atoi(input->evident_major) < PK_MIN_MAJOR;
    for (size_t idx = input->validation_begin; idx < input->validation_end; idx++) {
        Finding *f = &res->findings.items[idx];
        if (!f->n_settings)
            continue;
        /* a parameter gone before the major the file was written for: that server refuses it
         * too, so the line is no upgrade's but a refusal now (review 2026-12zg, h36a 06:
         * tcpip_socket, gone in 8.0, in a file for 11 told "PostgreSQL 11 may have"); a name
         * pgknob has no record of is not said to be the old major's (review 2026-12zo, h57b
         * 23: MySQL's autocommit, "PostgreSQL 10 may have") */
        if (older && gone_by_then(input, f))
            continue;
        int since = older && !strcmp(f->rule_id, "PK0020") ? value_refused_since(f) : 0;
        if (since)
            sb_printf(&lines, "%s%s = %s (line %d: PostgreSQL %d and later refuse the value)",
                      count ? "; " : "", f->settings[0].name, f->settings[0].value, f->line, since);
        else if (older && starts_before_10(input, f))
            sb_printf(&lines,
                      "%swal_level = minimal (line %d: PostgreSQL 10 and later refuse it while "
                      "max_wal_senders keeps its default, 10; set max_wal_senders = 0 or "
                      "wal_level = replica)",
                      count ? "; " : "", f->line);
        else if (older && unknown_to_all(input, f))
            sb_printf(&lines,
                      "%s%s (line %d: no major from %d to %d defines it, and pgknob cannot tell "
                      "whether PostgreSQL %s did)",
                      count ? "; " : "", f->settings[0].name, f->line, PK_MIN_MAJOR, PK_MAX_MAJOR,
                      input->evident_major);
        /* a template's optional line for every major (validate.c's warning) is one the old
         * major the file was written for accepts, and an upgrade must change */
        else if (strcmp(f->rule_id, "PK0011") ||
                 (in_template_block(&input->set, f) && f->severity <= SEV_NOTICE))
            continue;
        /* Patroni passes wal_keep_segments on as wal_keep_size on 13 and later (patroni_drops
         * says so): no line to change (held-out set 43, h43b 30) */
        else if (input->format == INPUT_PATRONI &&
                 !strcasecmp(f->settings[0].name, "wal_keep_segments"))
            continue;
        else {
            char *note = catalog_version_note(input->pg_major, f->settings[0].name);
            sb_printf(&lines, "%s%s (line %d%s%s)", count ? "; " : "", f->settings[0].name, f->line,
                      note ? ": " : "", note ? note : "");
            free(note);
        }
        count++;
        if (!keep) {
            keep = f;
            continue;
        }
        lint_findings_merge(keep, f);
        drop[idx] = true;
    }
    if (keep) {
        keep->message = finding_printf(
            keep,
            "written for PostgreSQL %s (%s): on PostgreSQL %d, the major checked, %s %zu line%s "
            "must change: %s",
            input->evident_major, input->evident_what, input->pg_major,
            count == 1 ? "this" : "these", count, count == 1 ? "" : "s", sb_str(&lines));
        keep->hint = finding_strdup(
            keep,
            "Upgrade advice, not a refusal: the server the file was written for accepts these "
            "lines. A notice while nothing states the target; with --pg-version N they are errors "
            "that stop an N server, and `pgknob fix --pg-version N` converts them.");
        keep->suggestion = NULL;
        keep->severity = SEV_NOTICE;
        keep->refuses_start = false;
        if (strcmp(keep->rule_id, "PK0011")) { /* an unknown name came first: one id for all */
            const FindingId *row = finding_id_find("PK0011");
            keep->rule_id = finding_strdup(keep, row->id);
            keep->rule_name = finding_strdup(keep, row->name);
            keep->title = finding_strdup(keep, row->title);
        }
    }
    sb_free(&lines);
}

/* Is `other` the same check as `rule` split by major ("wal.archive-command-missing" and
 * "wal.archive-command-missing-15")? */
static bool same_check(const Rule *rule, const Rule *other)
{
    if (rule == other)
        return true;
    size_t a = strlen(rule->name), b = strlen(other->name);
    const char *longer = a > b ? rule->name : other->name;
    size_t shorter = a > b ? b : a;
    return a != b && !strncmp(rule->name, other->name, shorter) && longer[shorter] == '-';
}

/* The configuration of an input as every checked major reads it, built once when needed. */
typedef struct MajorViews {
    Snapshot snaps[PK_MAX_MAJOR - PK_MIN_MAJOR + 1];
    bool built;
} MajorViews;

static void views_build(MajorViews *views, const LintInput *input)
{
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        Snapshot *other = &views->snaps[major - PK_MIN_MAJOR];
        snapshot_from_conf(other, &input->set, catalog_for_major(major));
        other->host = input->snap.host; /* borrowed: cleared before the free */
        other->intent = input->snap.intent;
        other->fragment = input->snap.fragment;
    }
    views->built = true;
}

static void views_free(MajorViews *views)
{
    for (size_t idx = 0; views->built && idx < sizeof(views->snaps) / sizeof(views->snaps[0]);
         idx++) {
        host_facts_init_unknown(&views->snaps[idx].host);
        snapshot_free(&views->snaps[idx]);
    }
    views->built = false;
}

/* The checked majors on which `rule` (or its split by major) fires for the configuration, as
 * bits. */
static unsigned majors_firing(const MajorViews *views, const RuleSet *rules, const Rule *rule)
{
    unsigned bits = 0;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        FindingList found = {0};
        SkippedList skipped = {0};
        for (size_t idx = 0; idx < rules->n; idx++)
            if (same_check(rule, &rules->rules[idx]))
                engine_eval_rule(&rules->rules[idx], &views->snaps[major - PK_MIN_MAJOR], &found,
                                 &skipped);
        if (found.n) /* at any level: the defaults of a major may lower it (engine.c) */
            bits |= 1u << (major - PK_MIN_MAJOR);
        arena_free(found.arena);
        arena_free(skipped.arena);
    }
    return bits;
}

/* "13 to 17", "16, 18": each run in the words of common/majors.h */
static char *majors_words(unsigned bits)
{
    StrBuf out = STRBUF_INIT;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        if (!(bits & (1u << (major - PK_MIN_MAJOR))))
            continue;
        int last = major;
        while (last < PK_MAX_MAJOR && (bits & (1u << (last + 1 - PK_MIN_MAJOR))))
            last++;
        char *run = pk_majors_words_n(major, last, false);
        sb_printf(&out, "%s%s", out.len ? ", " : "", run);
        free(run);
        major = last;
    }
    char *text = xstrdup(sb_str(&out));
    sb_free(&out);
    return text;
}

/* With the major assumed, a warning or error that holds on some checked majors only is at most a
 * notice that says so. */
static void cap_assumed(LintResult *res, const LintInput *input, const RuleSet *rules)
{
    unsigned all = (1u << (PK_MAX_MAJOR - PK_MIN_MAJOR + 1)) - 1;
    MajorViews views = {0};
    for (size_t idx = input->rules_begin; idx < input->rules_end; idx++) {
        Finding *f = &res->findings.items[idx];
        const Rule *rule = f->severity >= SEV_WARNING ? rule_set_find(rules, f->rule_id) : NULL;
        if (!rule)
            continue;
        if (!views.built)
            views_build(&views, input);
        unsigned bits = majors_firing(&views, rules, rule);
        if ((bits & all) == all)
            continue;
        char *on = majors_words(bits ? bits : 1u << (input->pg_major - PK_MIN_MAJOR));
        f->message =
            finding_printf(f, "%s (on %s; %s)", f->message, on,
                           input->evident_major[0] ? "the file was written for an older major"
                                                   : "this file does not say its major");
        char *hint =
            input->evident_major[0]
                ? xasprintf("A notice: this holds on PostgreSQL %s only, and the file was written "
                            "for PostgreSQL %s (%s). Give --pg-version with the major the server "
                            "runs to check it as that one.%s%s",
                            on, input->evident_major, input->evident_what, f->hint ? " " : "",
                            f->hint ? f->hint : "")
                : xasprintf("A notice: this holds on PostgreSQL %s only, and the file names no "
                            "major, so it was checked as %d. Give --pg-version with the major the "
                            "server runs to check it as that one.%s%s",
                            on, input->pg_major, f->hint ? " " : "", f->hint ? f->hint : "");
        f->hint = finding_take(f, hint);
        free(on);
        finding_set_severity(f, SEV_NOTICE);
    }
    views_free(&views);
}

/* The first checked major that has every parameter the file sets (a 16+ parameter: 16). */
static int newest_first_major(const ConfSet *set)
{
    int newest = PK_MIN_MAJOR;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (entry->error || !entry->name)
            continue;
        for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
            if (catalog_find(catalog_for_major(major), entry->name)) {
                if (major > newest)
                    newest = major;
                break;
            }
    }
    return newest;
}

/* With the major assumed, a parameter removed within 13-18 (stats_temp_directory: 13-14) refuses
 * start only on the newer majors: the file may be for one that has it. One warning that says both
 * (removed_both_facts), unless the file also sets a parameter of a major after the last that has
 * it: then the refusal stands. */
static void cap_assumed_removed(LintResult *res, const LintInput *input)
{
    int newest = newest_first_major(&input->set);
    for (size_t idx = input->validation_begin; idx < input->validation_end; idx++) {
        Finding *f = &res->findings.items[idx];
        if (strcmp(f->rule_id, "PK0011") || !f->n_settings || f->severity < SEV_WARNING)
            continue;
        int first = 0, last = 0;
        for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
            if (catalog_find(catalog_for_major(major), f->settings[0].name)) {
                if (!first)
                    first = major;
                last = major;
            }
        if (!first || last >= input->pg_major || newest > last)
            continue;
        if (catalog_internal_wherever_known(f->settings[0].name)) {
            refused_everywhere(f);
            continue;
        }
        char gone[16];
        snprintf(gone, sizeof(gone), "%d", last + 1);
        removed_both_facts(f, release_index(gone));
    }
}

/* The families whose advice sizes or paces the server for a major's defaults and machinery
 * (memory, I/O, the planner's costs, checkpoints, vacuum), unlike what a log holds, which no
 * major changes. */
static bool tuning_family(const Finding *f)
{
    static const char *const families[] = {"memory", "aio",        "direct-io", "planner",
                                           "wal",    "autovacuum", NULL};
    for (const char *const *family = families; *family; family++)
        if (f->category && !strcmp(f->category, *family))
            return true;
    return false;
}

/* Modules a recommendation adds to shared_preload_libraries, with the major whose contrib first
 * shipped them (the release notes: pg_stat_statements and auto_explain arrived in 8.4). */
static const struct {
    const char *module, *since;
} MODULE_ARRIVALS[] = {{"pg_stat_statements", "8.4"}, {"auto_explain", "8.4"}};

/* Does one of the finding's fixes set a parameter, or preload a module, that arrived after the
 * newest major `evident` ("8.3 or older", "9.6") can be? */
static bool fix_newer_than(const Finding *f, const char *evident)
{
    char label[16];
    snprintf(label, sizeof(label), "%.*s", (int)strcspn(evident, " "), evident);
    int newest = release_index(label);
    if (newest < 0)
        return false;
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        const FindingFix *fix = &f->fixes[idx];
        const char *since = catalog_arrived_by_13(fix->name);
        if (since && release_index(since) > newest)
            return true;
        if (!fix->name || strcasecmp(fix->name, "shared_preload_libraries") || !fix->value)
            continue;
        for (size_t mod = 0; mod < sizeof(MODULE_ARRIVALS) / sizeof(MODULE_ARRIVALS[0]); mod++)
            if (lint_library_listed(fix->value, MODULE_ARRIVALS[mod].module) &&
                release_index(MODULE_ARRIVALS[mod].since) > newest)
                return true;
    }
    return false;
}

/* Does the parameter mean the same on every catalogued major: present in each, with one boot
 * value? (log_statement does; vacuum_cost_page_miss, 10 before 14 and 2 after, does not.) */
static bool same_on_every_major(const char *name)
{
    char *first = NULL;
    bool same = true;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR && same; major++) {
        const CatalogParam *param = catalog_find(catalog_for_major(major), name);
        GucValue boot;
        if (!param ||
            !guc_parse_boot_value(param, major, param->boot_val ? param->boot_val : "", &boot)) {
            same = false;
            break;
        }
        char *value = guc_value_to_setting(param, &boot);
        if (!first)
            first = value;
        else {
            same = !strcmp(first, value);
            free(value);
        }
    }
    free(first);
    return same;
}

/* Could the finding read otherwise on the file's own major: a fix it names arrived later, or a
 * setting it reads differs between the catalogued majors? A cp that overwrites, a log of every
 * statement, say the same everywhere (review-h16c 30). */
/* The release that brought `name` ("13" for max_slot_wal_keep_size) into `label`, when it
 * arrived after the major `evident` ("11", "9.6"); false otherwise. */
static bool arrived_after_as(const char *name, const char *evident, char label[16])
{
    const char *since = name ? catalog_arrived_by_13(name) : NULL;
    int first = 0, last = 0;
    if (since)
        snprintf(label, 16, "%s", since);
    else if (name && catalog_param_span(name, &first, &last) && first)
        snprintf(label, 16, "%d", first);
    else
        return false;
    char newest[16]; /* "8.3 or older" is at most 8.3 */
    snprintf(newest, sizeof(newest), "%.*s", (int)strcspn(evident, " "), evident);
    int at = release_index(label), of = release_index(newest);
    return at >= 0 && of >= 0 && at > of;
}

static bool arrived_after(const char *name, const char *evident)
{
    char label[16];
    return arrived_after_as(name, evident, label);
}

/* A suggestion that names a parameter the file's own major does not have yet holds only after
 * the upgrade: it says so (review 2026-12zg, h34a 04: max_slot_wal_keep_size offered to
 * a 12 project, whose server would refuse the line). */
static void suggestion_after_upgrade(Finding *f, const char *evident)
{
    char label[16];
    for (size_t idx = 0; f->suggestion && idx < f->n_settings + f->n_fixes; idx++) {
        const char *name =
            idx < f->n_settings ? f->settings[idx].name : f->fixes[idx - f->n_settings].name;
        if (!name || !strstr(f->suggestion, name) || !arrived_after_as(name, evident, label))
            continue;
        f->suggestion = finding_printf(f,
                                       "once the server runs PostgreSQL %s or later (%s is new"
                                       " there): %s",
                                       label, name, f->suggestion);
        return;
    }
}

static bool speaks_of_checked_major(const Finding *f, const char *evident)
{
    if (fix_newer_than(f, evident))
        return true;
    for (size_t idx = 0; idx < f->n_settings; idx++)
        if (!same_on_every_major(f->settings[idx].name) ||
            arrived_after(f->settings[idx].name, evident))
            return true;
    return false;
}

/* A file written for an older major: a rule's recommendation speaks of the major checked,
 * which its server does not run yet (track_io_timing's pg_stat_io on an 11 file), so it says
 * so; one whose change that major does not have at all (track_io_timing for 8.2, which refuses
 * the line) is no advice for the file and is left out (review 2026-12k, rwg 02). */
static void recommendations_after_upgrade(LintResult *res, const LintInput *input, bool *drop)
{
    for (size_t idx = input->rules_begin; idx < input->rules_end; idx++) {
        Finding *f = &res->findings.items[idx];
        if (f->severity == SEV_RECOMMENDATION && input->evident_major[0] &&
            fix_newer_than(f, input->evident_major)) {
            drop[idx] = true;
            continue;
        }
        /* a warning's numbers may come from the checked major's defaults (PK4008's rates use
         * vacuum_cost_page_miss 2, 10 before 14) and its way out may name a parameter the file's
         * own major lacks (autovacuum_work_mem for a 9.3 file): it says which major it speaks of */
        if (f->severity != SEV_RECOMMENDATION && input->evident_major[0]) {
            suggestion_after_upgrade(f, input->evident_major);
            bool speaks = speaks_of_checked_major(f, input->evident_major);
            if (speaks)
                f->message = finding_printf(f, "%s (on PostgreSQL %d, the major checked)",
                                            f->message, input->pg_major);
            /* tuning judged on a major the server does not run: the upgrade the end-of-life
             * warning asks for retunes it; on the file's own major pgknob has no catalog to
             * judge it by (review 2026-12k, rwe 02: a quarter of RAM for an 8.2 file). What the
             * log holds means the same on every major and keeps its level, and so does a
             * finding whose settings all read the same on every catalogued major and exist on
             * the file's own (min_wal_size above max_wal_size on 11; review 2026-12ze, 37). */
            if (speaks && f->severity == SEV_WARNING && intent_performance_only(f) &&
                tuning_family(f)) {
                finding_set_severity(f, SEV_NOTICE);
                f->hint = finding_printf(
                    f,
                    "A notice: tuning advice for PostgreSQL %d, which the server does not run "
                    "yet; the file was written for PostgreSQL %s, whose own tuning pgknob has no "
                    "catalog to judge. Retune as part of the upgrade.%s%s",
                    input->pg_major, input->evident_major, f->hint ? " " : "",
                    f->hint ? f->hint : "");
            }
            continue;
        }
        if (f->severity != SEV_RECOMMENDATION)
            continue;
        if (input->evident_major[0])
            f->message = finding_printf(f,
                                        "%s (on PostgreSQL %d, the major checked; the file was "
                                        "written for PostgreSQL %s)",
                                        f->message, input->pg_major, input->evident_major);
        else
            f->message = finding_printf(f,
                                        "%s (on PostgreSQL %d, the major checked; the file "
                                        "names more than one major)",
                                        f->message, input->pg_major);
    }
}

/* scram-sha-256 arrived in PostgreSQL 10: a hint to use it, for a file written for 9.x, must
 * say that its server cannot until the upgrade; a pg_hba.conf naming it there fails to load
 * (review 2026-12t, h22d 50: "use scram-sha-256" for a 9.6 Patroni cluster). */
/* A value's old name (PK0032) in a file written for a major before its new name arrived: that
 * server knows only the old name, so nothing is to be written now, and an upgrade reads it as the
 * new one (review 2026-12zo, h53a 09: `wal_level = replica` suggested for a 9.3 file, which it
 * stops). */
static void old_names_kept(LintResult *res, const LintInput *input)
{
    char written[sizeof input->evident_major];
    snprintf(written, sizeof written, "%s", input->evident_major);
    written[strcspn(written, " ")] = '\0'; /* "9.3 or older": 9.3 at the latest */
    int rank = version_rank(written);
    for (size_t idx = input->validation_begin; rank && idx < input->validation_end; idx++) {
        Finding *f = &res->findings.items[idx];
        const char *now, *since;
        if (strcmp(f->rule_id, "PK0032") || f->n_settings != 1 ||
            !lint_value_alias(f->settings[0].name, f->settings[0].value, &now, &since) ||
            rank >= version_rank(since))
            continue;
        f->message = finding_printf(f,
                                    "%s = %s is the name the PostgreSQL %s this file was written"
                                    " for knows; %s and later read it as %s, so an upgrade"
                                    " changes nothing",
                                    f->settings[0].name, f->settings[0].value, input->evident_major,
                                    since, now);
        f->hint = finding_printf(f, "Keep it while the server is older than %s: \"%s\" stops it.",
                                 since, now);
        f->suggestion = NULL;
        f->n_fixes = 0;
    }
}

static void scram_after_upgrade(LintResult *res, const LintInput *input)
{
    if (atof(input->evident_major) >= 10)
        return;
    for (size_t idx = input->validation_begin; idx < res->findings.n; idx++) {
        if (idx >= input->validation_end && (idx < input->rules_begin || idx >= input->rules_end))
            continue;
        Finding *f = &res->findings.items[idx];
        if (!f->hint || !strstr(f->hint, "scram-sha-256") || strstr(f->hint, "arrived in 10"))
            continue;
        f->hint = finding_printf(f,
                                 "%s scram-sha-256 arrived in 10: the PostgreSQL %s server this "
                                 "file was written for cannot load a pg_hba.conf naming it, so "
                                 "narrow the addresses now and switch to it with the upgrade.",
                                 f->hint, input->evident_major);
    }
}

/* Does `name` read otherwise on some major from `lo` to `hi` than on `checked`: absent there,
 * or another boot value (log_connections: off up to 17, '' on 18)? */
static bool reads_otherwise(const char *name, int lo, int hi, int checked)
{
    const CatalogParam *now = name ? catalog_find(catalog_for_major(checked), name) : NULL;
    GucValue boot;
    if (!now || !guc_parse_boot_value(now, checked, now->boot_val ? now->boot_val : "", &boot))
        return false;
    char *want = guc_value_to_setting(now, &boot);
    bool otherwise = false;
    for (int major = lo; major <= hi && !otherwise; major++) {
        const CatalogParam *then = catalog_find(catalog_for_major(major), name);
        if (!then ||
            !guc_parse_boot_value(then, major, then->boot_val ? then->boot_val : "", &boot)) {
            otherwise = true;
            break;
        }
        char *had = guc_value_to_setting(then, &boot);
        otherwise = strcmp(had, want) != 0;
        free(had);
    }
    free(want);
    return otherwise;
}

/* A file that keeps the stock sample of another catalogued major (16's, checked as 18): a
 * finding whose setting reads otherwise on the sample's major says which major it speaks of, so
 * its words hold for both (held-out set 60, h60c 42: "log_connections is empty" of a file
 * keeping 16's sample, where it is off). */
static void sample_major_words(LintResult *res, const LintInput *input)
{
    for (size_t idx = 0; idx < res->findings.n; idx++) {
        Finding *f = &res->findings.items[idx];
        bool inside = (idx >= input->validation_begin && idx < input->validation_end) ||
                      (idx >= input->rules_begin && idx < input->rules_end);
        bool speaks = false;
        for (size_t at = 0; inside && !speaks && at < f->n_settings; at++)
            speaks = reads_otherwise(f->settings[at].name, input->sample_lo, input->sample_hi,
                                     input->pg_major);
        if (speaks && f->message && !strstr(f->message, "the major checked"))
            f->message = finding_printf(f, "%s (on PostgreSQL %d, the major checked)", f->message,
                                        input->pg_major);
    }
}

void lint_major_settle(LintResult *res, const RuleSet *rules)
{
    bool *drop = xcalloc(res->findings.n + 1, sizeof(bool));
    bool any = false;
    for (size_t idx = 0; idx < res->n_inputs; idx++) {
        LintInput *input = &res->inputs[idx];
        if (!input->snap.catalog || !input->version_source ||
            strcmp(input->version_source, "default"))
            continue;
        /* a parameter of the checked major only (io_method: 18) states it */
        if (rules && one_major_parameter(&input->set) != input->pg_major)
            cap_assumed(res, input, rules);
        if (!strcmp(input->unchecked_major, "more than one")) {
            recommendations_after_upgrade(res, input, drop);
            any = true;
        }
        if (input->evident_major[0]) {
            recommendations_after_upgrade(res, input, drop);
            upgrade_notice(res, input, drop);
            scram_after_upgrade(res, input);
            old_names_kept(res, input);
            any = true;
        } else if ((!input->unchecked_major[0] ||
                    !strcmp(input->unchecked_major, "more than one")) &&
                   one_major_parameter(&input->set) != input->pg_major) {
            /* a file naming several majors states none: its removals speak as in one that
             * names no major */
            cap_assumed_removed(res, input);
        }
        if (!input->evident_major[0] && input->sample_lo)
            sample_major_words(res, input);
    }
    if (any)
        lint_findings_drop(res, drop);
    free(drop);
}
