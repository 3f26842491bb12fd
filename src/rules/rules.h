/* Rule packs: INI files (one rule per file) read with libinih, checked at load time against the
 * catalog of every version a rule claims. A broken file is an error with file:line, never a rule
 * that silently misfires. Evaluation lives in engine/. Format: docs/rule-format.md. */
#ifndef PK_RULES_H
#define PK_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/diag.h"
#include "model/finding.h"
#include "rules/expr.h"

/* A message, suggestion or link with {expression} holes. */
typedef struct TemplatePart {
    char *text; /* literal text, or NULL */
    Expr *expr; /* an interpolated value, or NULL */
} TemplatePart;

typedef struct Template {
    TemplatePart *parts;
    size_t n_parts;
    char *source; /* as written */
} Template;

/* [example.fail.N] / [example.pass.N]: a configuration that must (not) fire the rule. */
typedef struct RuleExample {
    char *name; /* "example.fail.1" */
    bool expect_fire;
    int line;          /* line of the section header */
    uint64_t versions; /* bit N = PostgreSQL N; defaults to the rule's versions */
    char *host;        /* a --host spec, or NULL */
    char *conf;        /* postgresql.conf text */
    char *evidence;    /* "key=value,key=value", or NULL */
} RuleExample;

/* `fix = name = <value template>`: one concrete change a finding of the rule proposes. */
typedef struct RuleFix {
    char *name;     /* the parameter, as written */
    Template value; /* the value as postgresql.conf takes it, unquoted */
    int line;
} RuleFix;

/* A file as it was when read: what says whether it changed since. */
typedef struct RuleFileStamp {
    uint64_t size;
    int64_t mtime_s, mtime_ns;
} RuleFileStamp;

/* What a finding of the rule shows, and the rule's examples. */
typedef struct RuleDetail {
    Template message;
    Template suggestion; /* n_parts 0 when none; with fixes: the words after the change */
    RuleFix *fixes;      /* `fix` keys, in file order */
    size_t n_fixes;
    /* `unsafe`: why the fixes are unsafe (docs/fix.md); rendered empty, they are safe (an if()
     * says when). n_parts 0 when none */
    Template unsafe;
    /* `anchor`: the parameter whose line the finding points at (the term that dominates a sum),
     * when the file sets it; n_parts 0 when none (the message's lead setting decides) */
    Template anchor;
    Template *docs; /* documentation links */
    size_t n_docs;
    RuleExample *examples;
    size_t n_examples;
} RuleDetail;

typedef struct RulePackDetail RulePackDetail; /* where a detail waits in its pack (rules_pack.c) */

typedef struct Rule {
    char *id;   /* stable: "PK3001" */
    char *name; /* "aio.io-uring-kernel" */
    char *title;
    Severity severity;
    char *category;
    char *versions_text; /* as written: "18-", "13-17" */
    uint64_t versions;   /* bit N = PostgreSQL N (N < 64) */
    char **params;       /* the settings a finding shows */
    size_t n_params;
    char **let_names;
    Expr **let_exprs;
    size_t n_lets;
    char *condition_text;
    Expr *condition;
    /* When it holds, a finding is only a notice: the rule's own smaller consequence (PK2002's
     * worst case that still fits in RAM). NULL: none. */
    char *notice_when_text;
    Expr *notice_when;
    /* Settings whose value below the built-in default makes the case milder (a term of a sum):
     * written there, they count as the default for the severity policy (docs/lint.md). */
    char **milder_below_default;
    size_t n_milder_below_default;
    /* Read it with rule_detail: a compiled pack's is decoded when first used (`pending` until
     * then), for most rules never fire and decoding every detail at load grew a small lint's
     * arena by 70% (34 pages, each zeroed and mapped). */
    RuleDetail *detail;
    RulePackDetail *pending; /* NULL for a rule read from its file */
    char *explanation;       /* Markdown from the .md file beside the .ini; NULL when none: read it
                              * with rule_explanation */
    char *explanation_file;  /* the file it came from; NULL when none */
    RuleFileStamp explanation_stamp; /* that file when it was read */
    char *risk;  /* what changing the setting back risks, this rule's own; NULL if none */
    char *basis; /* one line: where the threshold comes from (docs, a lab); NULL if none */
    char *file;  /* the .ini path as given */
    int line;    /* line of [rule] */
    /* Every parameter its expressions read (condition, lets, message, suggestion, fixes, docs),
     * once each, borrowed from them: what a fix's verification asks (lint/fix_check.c), kept
     * here because walking every expression per lint cost 200,000 instructions. */
    const char **reads;
    size_t n_reads;
} Rule;

/* Every rule of a set, from rule files or a compiled pack alike, lives in the set's arena: free
 * the set with arena_free(set.arena). A rule that fails to load leaves its memory there. */
typedef struct RuleSet {
    Arena *arena;
    Rule *rules; /* sorted by id after rule_set_finish */
    size_t n;
    size_t cap;
    char *shipped_dir; /* where rules_load_packs found the shipped packs; NULL: not loaded */
} RuleSet;

/* Loads one rule file. On failure nothing is added and `err` is filled (free with
 * pk_diag_free). */
bool rule_set_load_file(RuleSet *set, const char *path, PkDiag *err);
/* Loads every *.ini below `dir` (recursively, sorted bytewise, dotfiles skipped). */
bool rule_set_load_dir(RuleSet *set, const char *dir, PkDiag *err);
/* Loads rule text as if read from `filename` (no explanation file). For tests and the fuzzer. */
bool rule_set_load_buffer(RuleSet *set, const char *filename, const char *data, size_t len,
                          PkDiag *err);
/* Sorts by id and rejects duplicate ids across files. */
bool rule_set_finish(RuleSet *set, PkDiag *err);

const Rule *rule_set_find(const RuleSet *set, const char *id);
/* The rule's explanation (caller frees; NULL when it has none), as its file holds it now: a
 * compiled pack does not check explanation files when it loads (a stat each, a tenth of a lint
 * run), so a file edited since is read again here. "{pg.version}" in it, as in a `docs =` link,
 * becomes `major`: the documentation page of the major checked. */
char *rule_explanation(const Rule *rule, int major);
/* What a finding of the rule shows, and its examples. */
const RuleDetail *rule_detail(const Rule *rule);
/* Is PostgreSQL `major` among the versions of the rule? */
bool rule_claims(const Rule *rule, int major);
/* Parses "18-", "16-18", "13,15-16", "-16" into a bit mask; false on bad syntax. */
bool rule_versions_parse(const char *text, uint64_t *out);

/* Loads the shipped packs (when `builtin`) and then each of `dirs` (a directory or one .ini
 * file), and finishes the set. A directory that holds no rule file adds a note to `notes` (may
 * be NULL). False with `err` on the first problem. */
bool rules_load_packs(RuleSet *set, bool builtin, const char *const *dirs, size_t n_dirs,
                      PkDiagList *notes, PkDiag *err);

/* The shipped packs: $PGKNOB_RULES_DIR, else rules/ beside the binary's ../, else the installed
 * share directory. Caller frees. */
char *rules_default_dir(void);

/* `pgknob rules compile DIR`: loads DIR's rules from their sources (every check applies) and
 * saves them as DIR/.pgknob-pack, which later loads of DIR use while its files are unchanged. */
bool rules_pack_write(const char *dir, PkDiag *err);

#endif
