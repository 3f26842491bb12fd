/* The engine over real parser snapshots: a fired rule's finding carries message, suggestion,
 * links, settings with file:line and evidence; a rule needing a missing fact is skipped with the
 * fact named; disabled and version-inapplicable rules do nothing. */
#include <stdlib.h>
#include <string.h>

#include "conf/conf.h"
#include "engine/engine.h"
#include "harness.h"
#include "host/host.h"
#include "model/snapshot.h"
#include "rules/rules.h"

static const char rule_text[] =
    "[rule]\n"
    "id = T100\n"
    "name = test.demand\n"
    "title = demand above ram\n"
    "severity = error\n"
    "category = memory\n"
    "versions = 15-\n"
    "parameters = work_mem, max_connections, shared_buffers\n"
    "condition = $demand > host.ram\n"
    "message = {max_connections} x {work_mem} = {$demand} > {host.ram}\n"
    "suggestion = work_mem = {floor(host.ram / 2 / max_connections, 1MB)}\n"
    "docs = https://www.postgresql.org/docs/{pg.version}/runtime-config-resource.html\n"
    "[let]\n"
    "demand = max_connections * work_mem\n";

static const char evidence_rule[] = "[rule]\n"
                                    "id = T200\n"
                                    "title = requested checkpoints\n"
                                    "severity = warning\n"
                                    "category = wal\n"
                                    "versions = 13-\n"
                                    "condition = evidence('checkpoints.requested_share') > 0.2\n"
                                    "message = share {evidence('checkpoints.requested_share')}\n";

static void load(RuleSet *set)
{
    PkDiag err = PK_DIAG_INIT;
    CHECK(rule_set_load_buffer(set, "t1.ini", rule_text, strlen(rule_text), &err));
    CHECK(rule_set_load_buffer(set, "t2.ini", evidence_rule, strlen(evidence_rule), &err));
    CHECK(rule_set_finish(set, &err));
    pk_diag_free(&err);
}

static void snap_make(Snapshot *snap, int major, const char *conf, const char *host)
{
    ConfSet set = {0};
    conf_load_buffer("/t/postgresql.conf", conf, strlen(conf), &set);
    snapshot_from_conf(snap, &set, catalog_for_major(major));
    arena_free(set.arena);
    if (host)
        host_parse_spec(host, &snap->host, NULL);
}

static void test_fired(void)
{
    RuleSet set = {0};
    load(&set);
    Snapshot snap;
    snap_make(&snap, 18, "# comment\nmax_connections = 800\nwork_mem = 32MB\n", "ram=8GB");
    FindingList findings = {0};
    SkippedList skipped = {0};
    engine_run(&set, &snap, NULL, &findings, &skipped);
    CHECK(findings.n == 1);
    CHECK(skipped.n == 1); /* T200 needs live evidence */
    if (findings.n == 1) {
        const Finding *f = &findings.items[0];
        CHECK_STR(f->rule_id, "T100");
        CHECK_STR(f->rule_name, "test.demand");
        CHECK(f->severity == SEV_ERROR);
        CHECK_STR(f->message, "800 x 32MB = 25GB > 8GB");
        CHECK_STR(f->suggestion, "work_mem = 5MB");
        CHECK(f->n_links == 1);
        CHECK_STR(f->n_links ? f->links[0] : NULL,
                  "https://www.postgresql.org/docs/18/runtime-config-resource.html");
        CHECK_STR(f->file, "/t/postgresql.conf");
        CHECK(f->line == 3); /* work_mem: the first listed parameter set in the file */
        CHECK(f->n_settings == 3);
        CHECK(f->n_settings == 3 && f->settings[2].file == NULL); /* shared_buffers: default */
        CHECK_STR(f->n_settings == 3 ? f->settings[1].value : NULL, "800");
    }
    if (skipped.n == 1) {
        CHECK_STR(skipped.items[0].rule_id, "T200");
        CHECK_STR(skipped.items[0].needs, "evidence checkpoints.requested_share");
    }
    arena_free(findings.arena);
    findings = (FindingList){0};
    arena_free(skipped.arena);
    skipped = (SkippedList){0};
    /* with evidence the second rule fires and shows it */
    snapshot_add_evidence(&snap, "checkpoints.requested_share", 0.78,
                          "312 of 400 checkpoints were requested (78%)");
    engine_run(&set, &snap, NULL, &findings, &skipped);
    CHECK(findings.n == 2 && skipped.n == 0);
    for (size_t idx = 0; idx < findings.n; idx++)
        if (!strcmp(findings.items[idx].rule_id, "T200")) {
            CHECK_STR(findings.items[idx].message, "share 0.78");
            CHECK(findings.items[idx].n_evidence == 1);
            CHECK_STR(findings.items[idx].n_evidence ? findings.items[idx].evidence[0] : NULL,
                      "312 of 400 checkpoints were requested (78%)");
        }
    arena_free(findings.arena);
    findings = (FindingList){0};
    arena_free(skipped.arena);
    skipped = (SkippedList){0};
    /* disabled by id and by name */
    const char *off[] = {"t100", "nothing"};
    EngineOpts opts = {off, 2};
    engine_run(&set, &snap, &opts, &findings, &skipped);
    CHECK(findings.n == 1 && !strcmp(findings.items[0].rule_id, "T200"));
    arena_free(findings.arena);
    findings = (FindingList){0};
    const char *off_name[] = {"test.demand"};
    opts = (EngineOpts){off_name, 1};
    engine_run(&set, &snap, &opts, &findings, &skipped);
    CHECK(findings.n == 1);
    arena_free(findings.arena);
    findings = (FindingList){0};
    arena_free(skipped.arena);
    skipped = (SkippedList){0};
    snapshot_free(&snap);
    arena_free(set.arena);
    set = (RuleSet){0};
}

static void test_skipped_and_versions(void)
{
    RuleSet set = {0};
    load(&set);
    Snapshot snap;
    /* no host facts: the memory rule is skipped and says what it needs */
    snap_make(&snap, 18, "max_connections = 800\nwork_mem = 32MB\n", NULL);
    FindingList findings = {0};
    SkippedList skipped = {0};
    CHECK(engine_eval_rule(&set.rules[0], &snap, &findings, &skipped) == ENGINE_SKIPPED);
    CHECK(findings.n == 0 && skipped.n == 1);
    CHECK_STR(skipped.n ? skipped.items[0].needs : NULL, "host.ram");
    arena_free(skipped.arena);
    skipped = (SkippedList){0};
    snapshot_free(&snap);
    /* a close miss does not fire */
    snap_make(&snap, 18, "max_connections = 200\nwork_mem = 4MB\n", "ram=8GB");
    CHECK(engine_eval_rule(&set.rules[0], &snap, &findings, &skipped) == ENGINE_NOT_FIRED);
    snapshot_free(&snap);
    /* the rule claims 15-: on 13 it is not evaluated at all */
    snap_make(&snap, 13, "max_connections = 800\nwork_mem = 32MB\n", "ram=8GB");
    CHECK(engine_eval_rule(&set.rules[0], &snap, &findings, &skipped) == ENGINE_NOT_APPLICABLE);
    CHECK(findings.n == 0 && skipped.n == 0);
    snapshot_free(&snap);
    arena_free(set.arena);
    set = (RuleSet){0};
}

/* Every shipped rule's message, suggestion and links render on a default snapshot of each version
 * it claims when all host facts are given (no template may need a fact its condition does not). */
static void test_shipped_templates(void)
{
    RuleSet set = {0};
    PkDiag err = PK_DIAG_INIT;
    const char *dirs[] = {"rules"};
    CHECK(rules_load_packs(&set, false, dirs, 1, NULL, &err));
    pk_diag_free(&err);
    size_t rendered = 0, failed = 0;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        Snapshot snap;
        snap_make(&snap, major, "",
                  "ram=16GB,cores=4,storage=ssd,kernel=6.8,container=no,io_uring=yes");
        for (size_t rule_idx = 0; rule_idx < set.n; rule_idx++) {
            const Rule *rule = &set.rules[rule_idx];
            if (!rule_claims(rule, major))
                continue;
            for (size_t doc_idx = 0; doc_idx < rule_detail(rule)->n_docs; doc_idx++) {
                char *url = engine_render(&rule_detail(rule)->docs[doc_idx], &snap);
                char want[64];
                snprintf(want, sizeof(want), "https://www.postgresql.org/docs/%d/", major);
                if (url && !strncmp(url, want, strlen(want)))
                    rendered++;
                else {
                    failed++;
                    fprintf(stderr, "  %s: link %s\n", rule->id, url ? url : "(missing fact)");
                }
                free(url);
            }
        }
        snapshot_free(&snap);
    }
    CHECK(rendered > 0 && failed == 0);
    arena_free(set.arena);
    set = (RuleSet){0};
}

int main(void)
{
    test_fired();
    test_skipped_and_versions();
    test_shipped_templates();
    PK_TEST_DONE();
}
