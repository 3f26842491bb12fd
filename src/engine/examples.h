/* Runs the [example.fail.N] / [example.pass.N] sections of rules: each example's configuration is
 * read by the real conf/ parser, turned into a Snapshot for each version it claims, and the rule
 * must fire (fail examples) or stay silent (pass examples). Used by `pgknob rules test`. */
#ifndef PK_ENGINE_EXAMPLES_H
#define PK_ENGINE_EXAMPLES_H

#include <stdbool.h>
#include <stddef.h>

#include "common/strbuf.h"
#include "rules/rules.h"

typedef struct ExampleTotals {
    size_t passed;
    size_t failed;
} ExampleTotals;

/* Runs every example of `rule`, writing one "ok …" or "FAIL …" line per (example, version) to
 * `out`. With `require_coverage`, a claimed version (13–18) without both a fail and a pass
 * example is a failure too. With `verbose`, ok lines also say what happened (the message). */
void examples_run_rule(const Rule *rule, bool require_coverage, bool verbose, StrBuf *out,
                       ExampleTotals *totals);

#endif
