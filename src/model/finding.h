/* A finding: one thing wrong with a configuration, located at file:line, with the settings
 * involved, what to change and why. Produced by validation (lint/) and the rule engine; rendered
 * by report/. */
#ifndef PK_MODEL_FINDING_H
#define PK_MODEL_FINDING_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"

typedef enum Severity {
    SEV_NONE = 0, /* only used for --fail-on never */
    /* Advice that fits nearly every configuration: its own report section, never fails a build
     * (no --fail-on level reaches down to it). */
    SEV_RECOMMENDATION = 1,
    SEV_NOTICE = 2,
    SEV_WARNING = 3,
    SEV_ERROR = 4,
} Severity;

typedef struct FindingSetting {
    char *name;
    char *value; /* as written; redaction is the renderer's job */
    char *file;  /* NULL for a default value */
    int line;
    /* a default an operator writes ("CloudNativePG"), not PostgreSQL's own; NULL otherwise */
    char *default_by;
} FindingSetting;

/* One concrete change a finding proposes: `name = value` in postgresql.conf. */
typedef struct FindingFix {
    char *name;
    char *value;         /* as written in postgresql.conf, unquoted ("4GB", "on") */
    const char *applies; /* "restart" (postmaster context in the target catalog) or "reload";
                          * static */
    char *file;          /* rewrite this line (a misspelt or old name) rather than the
                          * parameter's winning one; NULL for the parameter's own line */
    int line;
    bool companion; /* brought along so that this change raises nothing new (fix_check) */
    /* comment out the line at file:line (a parameter removed from the target major); `name` is
     * as written there and `value` is "" */
    bool remove;
    /* Unsafe: applying it without reading twice can stop the server, undo a deliberate choice,
     * change what applications see, jump too far, or leave the finding standing (docs/fix.md).
     * `pgknob fix` applies it only with --unsafe-fixes. */
    bool unsafe;
    char *why; /* one sentence: why it is unsafe; NULL when safe */
    /* the line of the configuration that writes the value this fix changes, when it is not the
     * built-in default's or initdb's (a benchmark's own setting, policy.c); 0 otherwise */
    int written_line;
} FindingFix;

typedef struct Finding {
    /* The list's: every string and array of the finding lives there. Set fields with
     * finding_strdup / finding_printf / finding_take, never with malloc. */
    Arena *arena;
    char *rule_id;   /* stable id: "PK0101", … */
    char *rule_name; /* "validation.unknown-parameter" */
    Severity severity;
    Severity rule_severity; /* the rule's own level when a [severity] override changed
                             * `severity` (SARIF's defaultConfiguration); SEV_NONE otherwise */
    char *category;         /* "validation", "aio", "memory", … */
    char *title;            /* one line, no period */
    char *message;          /* what is wrong, with the computed values */
    char *hint;             /* one sentence of advice, e.g. the server's HINT; NULL when none */
    char *suggestion;       /* what to write instead; NULL when none */
    char *explanation;      /* Markdown: why it hurts (the rule's explanation); NULL when none */
    char *risk; /* what changing the setting risks (the rule's own text); NULL when none */
    char *file; /* primary location; NULL when not located */
    int line;
    int column; /* 1-based in a manifest (input/); 0 when the line is the location */
    FindingSetting *settings;
    size_t n_settings;
    char **evidence; /* lines of live evidence (audit) */
    size_t n_evidence;
    char **links; /* documentation URLs for the target version */
    size_t n_links;
    bool suppressed;
    char *suppress_reason;
    /* true exactly when the server refuses to start with this (or ignores the file on reload):
     * set by validation from what the server checks, never by rule packs or [severity] */
    bool refuses_start;
    FindingFix *fixes; /* the verified changes (lint/fix_check.c), in rule order */
    size_t n_fixes;
    char *fix_note;        /* why a proposed change was dropped, clamped or lost to another rule's;
                            * NULL when none */
    char *suggestion_tail; /* with fixes: the words after the change ("(the default)"), so the
                            * suggestion can be rendered again from the fixes; NULL when none */
    /* the kind of input the finding is in when pgknob fix does not rewrite it ("patroni",
     * "terraform"): its fixes are edits to make by hand; NULL for postgresql.conf. Static. */
    const char *fix_by_hand;
} Finding;

/* Zeroed by its owner; the findings live in its arena: free them with arena_free(list.arena). */
typedef struct FindingList {
    Arena *arena;
    Finding *items;
    size_t n;
    size_t cap;
} FindingList;

/* Appends a zeroed finding with the given identity and returns it for the caller to fill
 * (strings it sets come from the finding's arena: finding_strdup, finding_printf). */
Finding *findings_add(FindingList *list, const char *rule_id, const char *rule_name,
                      Severity severity, const char *category);
/* Appends a copy of `f`, a finding of another list whose arena `list` takes in
 * (findings_take) or outlives. */
Finding *findings_push(FindingList *list, const Finding *f);
/* `list` takes in `from`'s arena (its findings' memory), leaving `from` empty: the findings
 * `from` had stay valid while `list` lives. */
void findings_take(FindingList *list, FindingList *from);
/* Strings in the finding's arena: a copy (NULL in, NULL out), a formatted one, and a malloc'd
 * one (a library's result) copied in and freed. */
char *finding_strdup(const Finding *f, const char *s);
char *finding_printf(const Finding *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *finding_take(const Finding *f, char *s);
void finding_add_setting(Finding *f, const char *name, const char *value, const char *file,
                         int line);
void finding_add_evidence(Finding *f, const char *text);
void finding_add_link(Finding *f, const char *url);
void finding_add_fix(Finding *f, const char *name, const char *value, const char *applies);
/* A fix that rewrites file:line (renaming what is written there) instead of `name`'s own line. */
void finding_add_fix_at(Finding *f, const char *name, const char *value, const char *applies,
                        const char *file, int line);
/* A fix that comments out file:line, where a parameter the target major no longer has is set. */
void finding_add_removal(Finding *f, const char *name, const char *file, int line);
/* Marks fixes[idx] unsafe for `why` (kept when it already has a reason: the first one found is
 * the one shown). */
void finding_fix_unsafe(Finding *f, size_t idx, const char *why);
/* Every fix of `f` is safe. */
bool finding_fixes_safe(const Finding *f);
/* "safe" or "unsafe". */
const char *finding_fix_safety(const FindingFix *fix);
/* suggestion = the fixes as "name = value" joined by " and ", then suggestion_tail, then
 * "; with …" and the companion fixes; the tail alone when no fix is left. */
void finding_render_suggestion(Finding *f);
/* Removes fixes[idx], keeping the order. */
void finding_drop_fix(Finding *f, size_t idx);
/* Sets the finding's severity to `to`, keeping the rule's own level in rule_severity the first
 * time it changes (SARIF's defaultConfiguration, the reports' "the rule's warning"). */
void finding_set_severity(Finding *f, Severity to);
/* Appends a sentence to fix_note. */
void finding_note_fix(Finding *f, const char *sentence);

/* Deterministic order: severity (highest first), then file, line, rule id. */
void findings_sort(FindingList *list);
/* Highest severity among unsuppressed findings (SEV_NONE when empty). */
Severity findings_max_severity(const FindingList *list);
size_t findings_count(const FindingList *list, Severity severity, bool include_suppressed);
/* Unsuppressed findings with refuses_start. */
size_t findings_count_refusals(const FindingList *list);

const char *severity_name(Severity sev); /* "error", "warning", "notice", "recommendation" */
/* Parses a --fail-on level, "error|warning|notice|never"; false on anything else. */
bool severity_parse(const char *text, Severity *out);
/* Parses a finding's level as rule files and [severity] overrides write it:
 * "error|warning|notice|recommendation"; false on anything else. */
bool severity_parse_level(const char *text, Severity *out);

/* --fail-on LEVEL: a severity, or "refusal" (sets *refusal, *out = SEV_NONE: only findings that
 * stop the server fail the run). Accepts what severity_parse accepts; false on anything else. */
bool fail_on_parse(const char *text, Severity *out, bool *refusal);
/* Does the list fail a run with --fail-on? (unsuppressed findings only) */
bool findings_fail(const FindingList *list, Severity fail_on, bool refusal);

#endif
