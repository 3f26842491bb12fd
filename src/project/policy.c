/* Suppressions, overrides and the baseline: each decides whether a finding is shown, never what
 * it says. Removed findings are freed here, so the list stays the single owner. */
#include "project/policy.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/xalloc.h"
#include "lint/intent.h"

static bool names_rule(const char *ids, const Finding *f)
{
    char *copy = xstrdup(ids), *save = NULL;
    bool hit = false;
    for (char *id = strtok_r(copy, ", ", &save); id && !hit; id = strtok_r(NULL, ", ", &save))
        hit = !strcasecmp(id, f->rule_id) || (f->rule_name && !strcasecmp(id, f->rule_name)) ||
              !strcasecmp(id, "all");
    free(copy);
    return hit;
}

static bool covers(const ConfPragma *pragma, const char *file, int line)
{
    if (!file || !pragma->file || strcmp(pragma->file, file) != 0)
        return false;
    return pragma->whole_file || pragma->line == line ||
           (pragma->own_line && pragma->line + 1 == line);
}

/* A finding without a place (a parameter left at its default) concerns the configuration as a
 * whole: a file-wide pragma of its top file (the one linted) covers it. */
static bool covers_unplaced(const ConfPragma *pragma, const Finding *f, const ConfSet *set)
{
    return pragma->whole_file && !f->file && set->n_files && !strcmp(pragma->file, set->files[0]);
}

/* The pragma silencing `f` at its location or at one of its settings' lines, or NULL. */
static const ConfPragma *pragma_for(const Finding *f, const ConfSet *set)
{
    for (size_t prag_idx = 0; prag_idx < set->n_pragmas; prag_idx++) {
        const ConfPragma *pragma = &set->pragmas[prag_idx];
        if (!names_rule(pragma->rule_ids, f))
            continue;
        if (covers(pragma, f->file, f->line) || covers_unplaced(pragma, f, set))
            return pragma;
        for (size_t set_idx = 0; set_idx < f->n_settings; set_idx++)
            if (covers(pragma, f->settings[set_idx].file, f->settings[set_idx].line))
                return pragma;
    }
    return NULL;
}

size_t policy_apply_pragmas(FindingList *findings, const ConfSet *set)
{
    size_t marked = 0;
    for (size_t idx = 0; set && idx < findings->n; idx++) {
        Finding *f = &findings->items[idx];
        const ConfPragma *pragma = f->suppressed ? NULL : pragma_for(f, set);
        if (!pragma)
            continue;
        f->suppressed = true;
        f->suppress_reason = finding_strdup(f, pragma->reason ? pragma->reason : "");
        marked++;
    }
    return marked;
}

size_t policy_remove_if(FindingList *findings, bool (*drop)(Finding *, const void *),
                        const void *ctx)
{
    size_t kept = 0; /* a dropped finding's memory stays in the list's arena */
    for (size_t idx = 0; idx < findings->n; idx++) {
        Finding *f = &findings->items[idx];
        if (!drop(f, ctx))
            findings->items[kept++] = *f;
    }
    size_t n_dropped = findings->n - kept;
    findings->n = kept;
    return n_dropped;
}

static bool rule_matches(const char *rule, const Finding *f)
{
    return !strcasecmp(rule, f->rule_id) || (f->rule_name && !strcasecmp(rule, f->rule_name));
}

static bool drop_disabled(Finding *f, const void *ctx)
{
    const ProjectConfig *cfg = ctx;
    for (size_t idx = 0; idx < cfg->n_disable; idx++)
        if (rule_matches(cfg->disable[idx], f))
            return true;
    for (size_t idx = 0; idx < cfg->n_overrides; idx++)
        if (cfg->overrides[idx].severity == SEV_NONE && rule_matches(cfg->overrides[idx].rule, f))
            return true;
    return false;
}

static bool drop_named(Finding *f, const void *ctx)
{
    const PolicyRun *run = ctx;
    for (size_t idx = 0; idx < run->n_disable; idx++)
        if (rule_matches(run->disable[idx], f))
            return true;
    return false;
}

void policy_apply_config(FindingList *findings, const ProjectConfig *cfg)
{
    policy_remove_if(findings, drop_disabled, cfg);
    for (size_t idx = 0; idx < findings->n; idx++) {
        Finding *f = &findings->items[idx];
        for (size_t ov_idx = 0; ov_idx < cfg->n_overrides; ov_idx++) {
            if (!rule_matches(cfg->overrides[ov_idx].rule, f))
                continue;
            finding_set_severity(f, cfg->overrides[ov_idx].severity);
        }
    }
}

#define EAGER_VACUUM                                                                               \
    "a test or benchmark cluster vacuums and analyzes eagerly on purpose, so that each run "       \
    "starts from fresh statistics and visibility."

/* What test and benchmark clusters do on purpose, and why that is no danger there. `test_only`:
 * deliberate in a test cluster, not in a benchmark, which runs many sessions at once. `to`: the
 * severity it takes (a notice unless given): memory running out fails a test or benchmark run,
 * a warning, but endangers no production data or service, the error's ground. */
/* `costly`: what it lowers can lose data, refuse or stop the service, or expose it (fsync, a
 * worst case beyond RAM, wraparound, an end-of-life major): only a purpose stated outright
 * (--purpose, .pgknob.ini, the file's own words) lowers it, never one read from a name
 * (docs/lint.md, "Severity policy"). The rest cost performance, resources or log volume. */
/* `page`: only the findings of the rule that link that documentation page (PK0213's password
 * form, auth-password.html, and not its trust form, which lets anyone in as any role). */
static const struct {
    const char *rule;
    bool test_only;
    const char *why;
    Severity to;
    bool costly;
    const char *page;
} on_purpose[] = {
    {"PK6001", false,
     "fsync = off risks the cluster only when the machine crashes, and a test or benchmark "
     "cluster is recreated rather than recovered.",
     0, true},
    {"PK6002", false,
     "full_page_writes = off risks torn pages only when the machine crashes, and a test or"
     " benchmark cluster is recreated rather than recovered.",
     0, true},
    {"PK6003", false,
     "synchronous_commit = off loses the last commits only in a crash, which a test or benchmark "
     "cluster recreated for each run does not recover from.",
     0, true},
    {"PK4001", false,
     "a test or benchmark cluster does not live long enough for bloat or transaction-id "
     "wraparound to build up.",
     0, true},
    {"PK0099", false,
     "a test or benchmark cluster is recreated rather than restored, so it needs no backup.", 0,
     true},
    {"PK4002", false,
     "track_counts = off blinds autovacuum and the statistics views, which a test or"
     " benchmark cluster recreated for each run does without.",
     0, true},
    {"PK4003", false, EAGER_VACUUM},
    {"PK4004", false, EAGER_VACUUM},
    {"PK4005", false, EAGER_VACUUM},
    {"PK4007", false, EAGER_VACUUM},
    {"PK4016", false,
     "a test or benchmark cluster may hold autovacuum back on purpose so that it does not disturb "
     "the run, and does not live long enough for bloat to build up."},
    {"PK4009", false,
     "an unthrottled vacuum competes only with the run itself, which a test or benchmark "
     "measures or does without."},
    {"PK7002", false,
     "logging every statement's duration is how a test or benchmark run is inspected; its cost is "
     "the run's, not a production server's."},
    {"PK7003", false,
     "logging every statement is how a test or benchmark run is inspected; its cost is the "
     "run's, not a production server's."},
    {"PK7010", false,
     "a line for every statement is how a test or benchmark run is inspected; its cost is the "
     "run's, not a production server's."},
    {"PK7007", false,
     "developer debug messages are what a test or development cluster is for; their volume is "
     "the run's, not a production server's."},
    {"PK7013", false,
     "a test or benchmark cluster's log lives only as long as its run; its growth is the run's,"
     " not a production server's."},
    {"PK7008", false,
     "developer debug messages to the client are what a test or development session reads."},
    {"PK7014", false,
     "the resource usage of every statement is how a test or benchmark run is profiled; its log "
     "volume is the run's, not a production server's."},
    {"PK7012", false,
     "the parse trees and plans of every statement are what a test or development cluster is "
     "debugged with; their volume is the run's, not a production server's."},
    {"PK7009", false,
     "a test or benchmark run that mutes its log gives up only the record of its own run.", 0,
     true},
    {"PK7015", false,
     "a test or benchmark run that writes no log gives up only the record of its own run.", 0,
     true},
    {"PK2003", false,
     "a test or benchmark cluster sized small on purpose (a CI container, a throwaway instance) "
     "needs no cache for a production working set."},
    /* the same small shared memory, by the built-in 8MB that replaces initdb's 128MB (review
     * 2026-12zg, h37c 36: a demo's stock sample, called a warning under its own test purpose) */
    {"PK0094", false,
     "a test, demo or benchmark cluster needs no cache for a production working set: the "
     "built-in 8MB slows it and loses nothing."},
    {"PK0031", false,
     "a test, demo or benchmark that shows auto_explain's plans pays their instrumentation on "
     "purpose; its cost is the run's, not a production server's."},
    {"PK0028", false,
     "a test or benchmark cluster whose background and parallel workers run short of slots runs "
     "a parallel query with fewer workers or a module's job late; no data is at stake."},
    {"PK1013", false,
     "a test or benchmark cluster sized small on purpose needs no production I/O concurrency."},
    {"PK1011", false,
     "the prefetch depth of a test or benchmark run is the experiment's own variable, and a "
     "test's data is small: a low one costs the run's speed, not a production server's."},
    {"PK2020", false,
     "the sum assumes every connection sorting at once with the full work_mem, which a test run "
     "or a benchmark of one query at a time never does; a large work_mem there is the "
     "experiment's.",
     0, true},
    {"PK2021", false,
     "the sum assumes every connection filling temporary tables at once with the full "
     "temp_buffers, which a test run or a benchmark never does; a large value there is the "
     "experiment's.",
     0, true},
    {"PK2002", true,
     "the worst case assumes every connection busy at once, which a test or development cluster "
     "never sees; it stays below 1.5 x RAM (above, PK2001 is a warning).",
     0, true},
    {"PK2001", false,
     "a test or benchmark cluster that runs out of memory fails its own run, which is restarted; "
     "no production data or service is at stake, so this is a warning, not an error. Size "
     "max_connections to the sessions the run opens.",
     SEV_WARNING, true},
    /* support status: it loses no data and stops nothing by itself, so a name lowers it too
     * (review 2026-12k: rwh 23 and 34, h13c 31, as rwf 34 and rwd 23 before) */
    {"PK0005", false,
     "a test or benchmark cluster is recreated, not kept, so the support of its major"
     " matters only where the file is copied to production."},
    {"PK3028", false,
     "a test or benchmark cluster's WAL archive is no backup anyone restores from: a copy that "
     "overwrites loses only the run's own WAL.",
     0, true},
    {"PK3035", false,
     "a test or benchmark cluster's WAL archive is no backup anyone restores from: losing it at"
     " a reboot loses only the run's own WAL.",
     0, true},
    /* a password still guards every line; what is exposed is a throwaway cluster's data
     * (review 2026-12zh, h39c 42, h40b 13 and 14: md5 from every address in a stated local
     * development stack and a classroom demo, replication without SSL in a compose demo) */
    {"PK0213", false,
     "a test, demo or classroom cluster's data and passwords are made for it and thrown away: "
     "password authentication from every address still asks for a password, and exposes "
     "nothing kept.",
     0, false, "auth-password.html"},
    /* how a throwaway cluster's passwords are hashed exposes nothing kept (held-out set 48,
     * h48b 39: md5 kept at warning in a benchmark given --purpose benchmark) */
    {"PK8005", false,
     "a test or benchmark cluster's passwords are made for it and thrown away: how they are "
     "hashed exposes nothing kept."},
    {"PK0217", false,
     "a test, demo or classroom cluster's WAL holds only data made for it: replication in clear "
     "text exposes nothing kept."},
    {"PK8016", false,
     "a test or benchmark cluster whose connections run out is restarted, not"
     " rescued by an administrator's session.",
     0, true},
    {"PK8017", false,
     "a test or benchmark cluster whose connections run out is restarted, not"
     " rescued by an administrator's session.",
     0, true},
};

/* A benchmark's written settings are its experiment: a fix that changes one changes what the
 * run measures, and may reverse the value a measured sweep chose (review 2026-12zo, h54c 41: a
 * tuning project's checkpoint_completion_target = 0.2 written back to 0.9 by default). Such a
 * fix, a companion's too, is unsafe under purpose benchmark; one that sets a value the file
 * leaves at its default, or writes with the default's (or initdb's) value, is advice about the
 * run, and stays as it was judged. */
static void benchmark_fixes_unsafe(Finding *f)
{
    for (size_t fi = 0; fi < f->n_fixes; fi++) {
        const FindingFix *fix = &f->fixes[fi];
        if (fix->unsafe || fix->remove || fix->file || fix->written_line <= 0)
            continue;
        char *why = xasprintf("purpose benchmark: line %d sets %s, one of the run's own settings:"
                              " changing it changes what the benchmark measures, and may undo a"
                              " value a measurement chose.",
                              fix->written_line, fix->name);
        finding_fix_unsafe(f, fi, why);
        free(why);
    }
}

void policy_apply_purpose(FindingList *findings, Purpose purpose, const char *whence,
                          const char *weak_by, const char *own_file, int own_line)
{
    bool named_only = weak_by != NULL;
    if (purpose == PURPOSE_PRODUCTION)
        return;
    for (size_t idx = 0; idx < findings->n; idx++) {
        Finding *f = &findings->items[idx];
        /* the setting that gave the purpose cannot excuse itself (review 2026-12x, h25b 14:
         * log_min_messages = panic read as a benchmark lowered its own warning) */
        if (own_file && own_line > 0 && f->file && f->line == own_line &&
            !strcmp(f->file, own_file))
            continue;
        if (purpose == PURPOSE_BENCHMARK && !named_only)
            benchmark_fixes_unsafe(f);
        bool listed = false;
        for (size_t rule_idx = 0; rule_idx < sizeof(on_purpose) / sizeof(on_purpose[0]);
             rule_idx++) {
            if (strcmp(f->rule_id, on_purpose[rule_idx].rule))
                continue;
            bool page_linked = !on_purpose[rule_idx].page;
            for (size_t link = 0; !page_linked && link < f->n_links; link++)
                page_linked = strstr(f->links[link], on_purpose[rule_idx].page) != NULL;
            if (!page_linked)
                continue;
            listed = true;
            if (f->severity <= SEV_NOTICE ||
                (on_purpose[rule_idx].test_only && purpose != PURPOSE_TEST))
                continue;
            Severity to = on_purpose[rule_idx].to ? on_purpose[rule_idx].to : SEV_NOTICE;
            /* a name only hints at the purpose: what can lose data or availability stays at
             * least a warning, never the notice an explicit purpose makes it */
            if (named_only && on_purpose[rule_idx].costly && to < SEV_WARNING)
                to = SEV_WARNING;
            if (f->severity <= to) {
                /* kept at warning under a purpose read from a name: the finding says why, or
                 * its offer of --purpose test reads as if pgknob had not taken that purpose
                 * (review 2026-12zh, h40a 09: a kind cluster's proof of concept) */
                if (named_only && on_purpose[rule_idx].costly && f->severity == SEV_WARNING) {
                    /* its own offer ("A throwaway cluster needs none: --purpose test makes
                     * this a notice.") is said here once */
                    static const char offer_tail[] = ": --purpose test makes this a notice.";
                    const char *rest = f->hint ? f->hint : "";
                    const char *said = strstr(rest, offer_tail);
                    const char *from = said;
                    while (from && from > rest + 1 && !(from[-1] == ' ' && from[-2] == '.'))
                        from--;
                    if (from && from <= rest + 1)
                        from = rest; /* the offer is the hint's first sentence */
                    while (from && from > rest && from[-1] == ' ')
                        from--;
                    f->hint = finding_printf(
                        f,
                        "A warning under purpose %s: only %s says so (PK0090), and such weak "
                        "evidence leaves what can lose data or expose the service at least a "
                        "warning; --purpose %s states it, and makes this a notice.%s%.*s%s",
                        purpose_name(purpose), weak_by, purpose_name(purpose), *rest ? " " : "",
                        said ? (int)(from - rest) : (int)strlen(rest), rest,
                        said ? said + strlen(offer_tail) : "");
                }
                continue;
            }
            finding_set_severity(f, to);
            /* the finding's own offer of --purpose is what has just happened (PK0005) */
            static const char offer[] = "; for a test or benchmark file, --purpose test or "
                                        "--purpose benchmark makes this a notice";
            char *said = f->hint ? strstr(f->hint, offer) : NULL;
            if (said)
                f->hint = finding_printf(f, "%.*s%s", (int)(said - f->hint), f->hint,
                                         said + strlen(offer));
            /* where the purpose was read is PK0090's to say, once per file, not every
             * demoted finding's (held-out set 28, h28a 02: the same line quoted six times) */
            f->hint = finding_printf(
                f, "A %s under purpose %s%s: %s Never copy it to production.%s%s",
                to == SEV_WARNING ? "warning" : "notice", purpose_name(purpose),
                whence ? " (the file's own, read where PK0090 says; --purpose production checks "
                         "it as production)"
                       : "",
                on_purpose[rule_idx].why, f->hint ? " " : "", f->hint ? f->hint : "");
        }
        /* a benchmark's speed is its result: advice that adds measuring overhead to every
         * statement or I/O (pg_stat_statements, track_io_timing) would change what it measures
         * (realworld review rwn 29); it is suppressed with the reason, not dropped */
        static const char *const measuring[] = {"PK7001", "PK7004"};
        if (purpose == PURPOSE_BENCHMARK && f->severity == SEV_RECOMMENDATION && !f->suppressed)
            for (size_t m = 0; m < sizeof(measuring) / sizeof(measuring[0]); m++)
                if (!strcmp(f->rule_id, measuring[m])) {
                    f->suppressed = true;
                    /* PK0090 names where the purpose came from */
                    f->suppress_reason = finding_strdup(
                        f, "purpose benchmark: it adds measuring overhead to what the benchmark"
                           " measures; enable it for a separate profiling run");
                }
        /* the rest of what costs only speed or resources: a test cluster is judged by what it
         * does, not how fast; a benchmark's speed is its result, so there it stays a warning */
        if (!listed && purpose == PURPOSE_TEST && f->severity == SEV_WARNING &&
            intent_performance_only(f)) {
            finding_set_severity(f, SEV_NOTICE);
            f->hint = finding_printf(
                f,
                "A notice under purpose test%s: it costs only performance or resources, and a"
                " test or development cluster is judged by what it does, not how fast it does it."
                " Never copy it to production.%s%s",
                whence ? " (the file's own, read where PK0090 says; --purpose production checks "
                         "it as production)"
                       : "",
                f->hint ? " " : "", f->hint ? f->hint : "");
        }
    }
}

bool policy_apply(FindingList *findings, const PolicyRun *run, size_t *n_known, PkDiag *diag)
{
    *n_known = 0;
    for (size_t set_idx = 0; set_idx < run->n_sets; set_idx++)
        policy_apply_pragmas(findings, run->sets[set_idx]);
    policy_apply_purpose(findings, run->purpose, NULL, NULL, NULL, 0);
    if (run->cfg)
        policy_apply_config(findings, run->cfg);
    if (run->n_disable)
        policy_remove_if(findings, drop_named, run);
    if (run->baseline) {
        *n_known = baseline_filter(findings, run->baseline);
    } else if (run->baseline_path) {
        Baseline baseline;
        bool ok = baseline_load(run->baseline_path, &baseline, diag);
        if (ok)
            *n_known = baseline_filter(findings, &baseline);
        arena_free(baseline.arena);
        if (!ok)
            return false;
    }
    findings_sort(findings);
    return true;
}
