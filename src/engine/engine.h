/* The rule engine: Snapshot × RuleSet → findings, plus the rules skipped for a missing fact.
 * Pure: no I/O. Rules not claiming the snapshot's major version are not evaluated. */
#ifndef PK_ENGINE_H
#define PK_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/finding.h"
#include "model/snapshot.h"
#include "rules/rules.h"

typedef struct SkippedRule {
    char *rule_id;
    char *title;
    char *needs; /* what was missing: "host.ram, host.storage" or the run-time error */
} SkippedRule;

/* Zeroed by its owner; the entries live in its arena: arena_free(list.arena). */
typedef struct SkippedList {
    Arena *arena;
    SkippedRule *items; /* in rule id order */
    size_t n;
    size_t cap;
} SkippedList;

typedef struct EngineOpts {
    const char *const *disabled; /* rule ids or names not to run */
    size_t n_disabled;
} EngineOpts;

typedef enum EngineResult {
    ENGINE_NOT_FIRED = 0,
    ENGINE_FIRED = 1,
    ENGINE_SKIPPED = 2,
    ENGINE_NOT_APPLICABLE = 3, /* the rule does not claim this version, or is disabled */
} EngineResult;

/* Evaluates every rule of `rules` on `snap`, appending findings (unsorted: the caller sorts once
 * with the other findings) and skipped rules. `opts` may be NULL. */
void engine_run(const RuleSet *rules, const Snapshot *snap, const EngineOpts *opts,
                FindingList *findings, SkippedList *skipped);

/* Evaluates one rule; appends to `findings` when it fires and to `skipped` when it is skipped. */
EngineResult engine_eval_rule(const Rule *rule, const Snapshot *snap, FindingList *findings,
                              SkippedList *skipped);

/* Renders a template (message, suggestion, link) for `snap`; NULL when a value it needs is
 * missing. Caller frees. */
char *engine_render(const Template *tpl, const Snapshot *snap);

#endif
