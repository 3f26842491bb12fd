/* The example runner: conf text → ConfSet → Snapshot (+ host facts, evidence) → engine. */
#include "engine/examples.h"

#include <stdlib.h>
#include <string.h>

#include "common/redact.h"
#include "common/xalloc.h"
#include "conf/conf.h"
#include "engine/engine.h"
#include "host/host.h"
#include "model/snapshot.h"

static void add_evidence(Snapshot *snap, const char *spec)
{
    char *copy = xstrdup(spec), *save = NULL;
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        if (!eq)
            continue;
        *eq = '\0';
        char *text = xasprintf("%s = %s (example)", item, eq + 1);
        snapshot_add_evidence(snap, item, strtod(eq + 1, NULL), text);
        free(text);
    }
    free(copy);
}

/* The first syntax or include error of the example's configuration, or NULL. */
static const char *conf_error(const ConfSet *set)
{
    for (size_t entry_idx = 0; entry_idx < set->n_entries; entry_idx++)
        if (set->entries[entry_idx].error)
            return set->entries[entry_idx].error;
    return NULL;
}

static EngineResult run_one(const Rule *rule, const RuleExample *ex, int major, char **why)
{
    const Catalog *cat = catalog_for_major(major);
    ConfSet set = {0};
    const char *text = ex->conf ? ex->conf : "";
    conf_load_buffer("/example/postgresql.conf", text, strlen(text), &set);
    const char *error = conf_error(&set);
    if (error) {
        *why = xasprintf("its configuration does not parse: %s", error);
        arena_free(set.arena);
        return ENGINE_NOT_APPLICABLE;
    }
    Snapshot snap;
    snapshot_from_conf(&snap, &set, cat);
    arena_free(set.arena);
    if (ex->host) {
        free(snap.host.source);
        host_parse_spec(ex->host, &snap.host, NULL); /* validated when the rule was loaded */
    }
    if (ex->evidence)
        add_evidence(&snap, ex->evidence);
    FindingList findings = {0};
    SkippedList skipped = {0};
    EngineResult result = engine_eval_rule(rule, &snap, &findings, &skipped);
    if (result == ENGINE_SKIPPED)
        *why = xasprintf("the rule was skipped: needs %s", skipped.items[0].needs);
    else if (result == ENGINE_FIRED) {
        /* `rules test --verbose` prints the message: an example's secret is still a secret */
        Redaction secrets = {0};
        for (size_t idx = 0; idx < snap.n_settings; idx++) {
            const SnapSetting *s = &snap.settings[idx];
            if (s->source == SRC_DEFAULT)
                continue;
            if (redact_name_secret(NULL, s->name))
                redaction_add_value(&secrets, s->value);
            else
                redaction_add_secrets_in(&secrets, s->value);
        }
        char *clean = redact_text(&secrets, findings.items[0].message);
        *why = xasprintf("it fired: %s", clean);
        free(clean);
        arena_free(secrets.arena);
    } else
        *why = xstrdup("it did not fire");
    arena_free(findings.arena);
    arena_free(skipped.arena);
    skipped = (SkippedList){0};
    snapshot_free(&snap);
    return result;
}

static void coverage(const Rule *rule, StrBuf *out, ExampleTotals *totals)
{
    const RuleDetail *detail = rule_detail(rule);
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        if (!rule_claims(rule, major))
            continue;
        bool fail = false, pass = false;
        for (size_t ex_idx = 0; ex_idx < detail->n_examples; ex_idx++) {
            const RuleExample *ex = &detail->examples[ex_idx];
            if ((ex->versions >> major) & 1) {
                fail |= ex->expect_fire;
                pass |= !ex->expect_fire;
            }
        }
        if (fail && pass) {
            totals->passed++;
            continue;
        }
        totals->failed++;
        sb_printf(out, "FAIL %s: no %s example for PostgreSQL %d (%s:%d)\n", rule->id,
                  fail ? "pass" : "fail", major, rule->file, rule->line);
    }
}

void examples_run_rule(const Rule *rule, bool require_coverage, bool verbose, StrBuf *out,
                       ExampleTotals *totals)
{
    const RuleDetail *detail = rule_detail(rule);
    for (size_t ex_idx = 0; ex_idx < detail->n_examples; ex_idx++) {
        const RuleExample *ex = &detail->examples[ex_idx];
        for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
            if (!((ex->versions >> major) & 1) || !rule_claims(rule, major))
                continue;
            char *why = NULL;
            EngineResult result = run_one(rule, ex, major, &why);
            bool ok = result == (ex->expect_fire ? ENGINE_FIRED : ENGINE_NOT_FIRED);
            if (ok) {
                totals->passed++;
                sb_printf(out, "ok %s [%s] on %d", rule->id, ex->name, major);
                sb_printf(out, verbose ? ": %s\n" : "\n", why);
            } else {
                totals->failed++;
                sb_printf(out, "FAIL %s [%s] on %d (%s:%d): expected it to %s, but %s\n", rule->id,
                          ex->name, major, rule->file, ex->line,
                          ex->expect_fire ? "fire" : "stay silent", why);
            }
            free(why);
        }
    }
    if (require_coverage)
        coverage(rule, out, totals);
}
