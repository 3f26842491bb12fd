/* The detailed formats on real rule findings: the shipped packs evaluated by the engine on the
 * lab's WAL-torture stage, rendered as Markdown and SARIF; checks the parts a reader relies on
 * (exact lines to write, restart or reload from the catalog, the rule's explanation and links,
 * skipped rules) and that a rule-less run says so. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli_diag.h"
#include "common/strbuf.h"
#include "engine/engine.h"
#include "harness.h"
#include "host/host.h"
#include "report/report.h"
#include "rules/rules.h"

static const char stage03[] =
    "wal_writer_flush_after = 0\nwal_writer_delay = 1\nmin_wal_size = 32MB\n"
    "max_wal_size = 32MB\ncheckpoint_timeout = 30\ncheckpoint_completion_target = 0\n"
    "wal_sync_method = open_datasync\nfsync = off\n";

static char *render(ReportRenderFn fn, const ReportInput *in)
{
    StrBuf out = STRBUF_INIT;
    ReportOpts opts = {.cwd = "/lab"};
    fn(in, &opts, &out);
    return sb_detach(&out);
}

static void test_rule_findings(const RuleSet *rules)
{
    ConfSet set = {0};
    conf_load_buffer("/lab/postgresql.conf", stage03, sizeof(stage03) - 1, &set);
    Snapshot snap = {0};
    snapshot_from_conf(&snap, &set, catalog_for_major(18));
    CHECK(host_parse_spec("ram=16GB,cores=4", &snap.host, NULL));
    FindingList findings = {0};
    SkippedList skipped = {0};
    engine_run(rules, &snap, NULL, &findings, &skipped);
    findings_sort(&findings);
    CHECK(findings.n >= 4);
    ReportSource src = {.path = "/lab/postgresql.conf",
                        .kind = "file",
                        .pg_major = 18,
                        .pg_version = "18",
                        .version_source = "--pg-version",
                        .files = (const char *const *)set.files,
                        .n_files = set.n_files,
                        .snap = &snap,
                        .set = &set};
    ReportInput in = {.command = "lint",
                      .sources = &src,
                      .n_sources = 1,
                      .findings = &findings,
                      .fail_on = SEV_WARNING,
                      .host = &snap.host,
                      .skipped = &skipped};
    char *md = render(report_md_render, &in);
    CHECK(strstr(md, "### 1. ") != NULL);
    CHECK(strstr(md, "fsync") != NULL);
    CHECK(strstr(md, "`postgresql.conf:8`") != NULL);
    CHECK(strstr(md, "`fsync = off`") != NULL); /* the line, quoted where it is */
    CHECK(strstr(md, "Write:\n\n```ini\n") != NULL);
    CHECK(strstr(md, "needs a **restart**") != NULL);
    CHECK(strstr(md, "A **reload** applies it") != NULL);
    CHECK(strstr(md, "<https://www.postgresql.org/docs/18/") != NULL);
    CHECK(strstr(md, "RAM 16 GB, 4 cores") != NULL);
    /* every rule finding carries its explanation under "Why it hurts" (its lines joined, so its
     * first line is found whole) */
    for (size_t idx = 0; idx < findings.n; idx++)
        if (findings.items[idx].explanation) {
            const char *text = findings.items[idx].explanation;
            char *first = strndup(text, strcspn(text, "\n"));
            CHECK(strstr(md, first) != NULL);
            free(first);
        }
    char *sarif = render(report_sarif_render, &in);
    CHECK(strstr(sarif, "\"helpUri\": \"https://www.postgresql.org/docs/18/") != NULL);
    CHECK(strstr(sarif, "\"uri\": \"postgresql.conf\"") != NULL);
    free(md);
    free(sarif);
    arena_free(findings.arena);
    arena_free(skipped.arena);
    skipped = (SkippedList){0};
    snapshot_free(&snap);
    arena_free(set.arena);
}

static void test_skipped_listed(const RuleSet *rules)
{
    ConfSet set = {0};
    conf_load_buffer("/lab/postgresql.conf", "shared_buffers = 8MB\n", 21, &set);
    Snapshot snap = {0};
    snapshot_from_conf(&snap, &set, catalog_for_major(18));
    FindingList findings = {0};
    SkippedList skipped = {0};
    engine_run(rules, &snap, NULL, &findings, &skipped);
    CHECK(skipped.n > 0);
    ReportSource src = {.path = "/lab/postgresql.conf",
                        .pg_major = 18,
                        .pg_version = "18",
                        .snap = &snap,
                        .set = &set};
    ReportInput in = {.command = "lint",
                      .sources = &src,
                      .n_sources = 1,
                      .findings = &findings,
                      .fail_on = SEV_WARNING,
                      .skipped = &skipped};
    char *md = render(report_md_render, &in);
    CHECK(strstr(md, "## Skipped rules (") != NULL);
    CHECK(strstr(md, skipped.items[0].rule_id) != NULL);
    CHECK(strstr(md, "host.ram") != NULL);
    free(md);
    arena_free(findings.arena);
    arena_free(skipped.arena);
    skipped = (SkippedList){0};
    snapshot_free(&snap);
    arena_free(set.arena);
}

/* `&` is escaped only where CommonMark would read an entity: a shell's && stays as written */
static void test_ampersand(void)
{
    StrBuf sb = STRBUF_INIT;
    sb_put_md(&sb, "test ! -f x && cp a b; &amp; &#38; & ;");
    CHECK(strcmp(sb_str(&sb), "test ! -f x && cp a b; \\&amp; \\&#38; & ;") == 0);
    sb_free(&sb);
}

int main(void)
{
    test_ampersand();
    setenv("PGKNOB_RULES_DIR", "rules", 1);
    RuleSet rules = {0};
    PkDiag err = PK_DIAG_INIT;
    bool loaded = rules_load_packs(&rules, true, NULL, 0, NULL, &err);
    CHECK(loaded);
    if (!loaded) {
        cli_print_diag(&err);
        pk_diag_free(&err);
    } else {
        test_rule_findings(&rules);
        test_skipped_listed(&rules);
    }
    arena_free(rules.arena);
    PK_TEST_DONE();
}
