/* What a configuration shows of its author's intent, read from its own words, place and
 * settings: a purpose stated in its header or on an opt-out line ("# for testing only"), shown
 * by its path ("conf/test-db/") or by its settings (data in /dev/shm, logs to /dev/null);
 * values an author's comment marks deliberate, a connection pooler in sight, an application
 * its preloaded libraries show; the host it was
 * written for ("# Total Memory (RAM): 8 GB", "# CPUs num: 4", "# Data Storage: hdd"),
 * copy-on-write storage (wal_recycle = off, "# ZFS"), and the comment an author wrote on a
 * setting (`# was 4GB`), told apart from the stock postgresql.conf.sample comments of 13–18
 * (sample_comments.auto.c, generated from the real servers). fix_safety.c makes a fix that
 * reverses such a choice unsafe; lint_rules.c states the purpose and the host facts found, and
 * where they contradict --host (docs/fix.md, "Evident intent"). */
#ifndef PK_LINT_INTENT_H
#define PK_LINT_INTENT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "conf/conf.h"
#include "model/finding.h"
#include "model/snapshot.h"

typedef enum IntentPurpose { INTENT_NONE, INTENT_TEST, INTENT_BENCHMARK } IntentPurpose;

/* Where the file states something: its line and the comment as written. */
typedef struct IntentPlace {
    char *file; /* NULL: not stated */
    int line;
    char *text; /* the comment, '#' included, trimmed */
    bool said;  /* text is pgknob's words about the line (sizing), not the file's: not quoted */
} IntentPlace;

/* An authored comment of a setting line: on the line, or alone on the line right above. */
typedef struct IntentComment {
    char *file;
    int line; /* the setting's line */
    char *text;
} IntentComment;

/* Its strings and lists live in `arena` (intent_read creates it): the owner frees it with
 * arena_free(intent.arena). */
typedef struct Intent {
    Arena *arena;
    IntentPurpose purpose;
    IntentPlace purpose_at;
    double ram_bytes; /* < 0: not stated */
    IntentPlace ram_at;
    int ram_rank; /* how firmly ram_bytes was stated (intent.c, RAM_*); a firmer one replaces it */
    char *ram_range;   /* the range ram_bytes is the lower bound of ("4-8 ГБ"); NULL: one size */
    char *cores_range; /* the range cores is the lower bound of ("4-8 vCPU"); NULL: one count */
    double ram_upper;  /* with ram_range: its upper bound, in bytes */
    /* ram_bytes is a share a comment gives PostgreSQL ("1GB allocated to Postgres", "~1 GB of
     * the 128 GB"), an amount the author sized for, not a limit anything enforces */
    bool ram_budget;
    /* the machine's own RAM, where a comment states it beside such a share (< 0: not stated) */
    double machine_bytes;
    IntentPlace machine_at;
    int cores; /* < 0: not stated */
    IntentPlace cores_at;
    char *storage; /* "hdd", "ssd", "nvme", "network"; NULL: not stated */
    IntentPlace storage_at;
    char *cow; /* why the storage is copy-on-write ("wal_recycle = off (line 12)"); NULL */
    IntentComment *comments;
    size_t n_comments;
    /* how the purpose was read, for the reader: "line 2: '# for testing'", "its path
     * (component 'test-db' of /src/app/test-db/postgresql.conf)"; NULL when no purpose */
    char *purpose_evidence;
    bool production_said;      /* the header or an opt-out line says production: no other purpose */
    IntentPlace production_at; /* the first comment that says it */
    /* the purpose was read only from a name (the repository's, a directory's, the file's): weak
     * evidence, which lowers only findings whose cost is performance, resources or log volume
     * (policy_apply_purpose) and makes no opt-out's fix unsafe on its own */
    bool purpose_named;
    bool purpose_from_setting; /* a setting's value stated it (purpose_at is that line) */
    /* the throwaway signature of opt-outs alone gave it: weak evidence, since the same lines are
     * a misconfiguration copied into production (docs/lint.md, "combined opt-outs") */
    bool purpose_from_opt_outs;
    /* a connection pooler the file names (pgbouncer, pool_mode), and the pool size it
     * states (< 0: none) */
    IntentPlace pooler_at;
    long pool_size;
    IntentPlace pool_size_at;
    /* the connections max_connections' own comment says are in use ("app uses ~10"; < 0: none),
     * which bound the busy backends as a pool's size does */
    long in_use;
    IntentPlace in_use_at;
    /* an application whose requirements the preloaded libraries or the comments show */
    const char *application;
    char *application_evidence;
    /* the top file sets up the server's log and nothing else (a log feed): its verbose-log
     * findings are notices (docs/lint.md, "Severity policy"); file NULL: not one */
    IntentPlace log_feed_at;
    /* an author's comment naming the program that reads the server's log ("# Logging
     * configuration for pgbadger"): a fix to what the log holds is unsafe; file NULL: none */
    IntentPlace log_reader_at;
    /* what needs logical decoding, named by an author's comment ("# Debezium needs logical") or
     * preloaded (pglogical, pgactive, bdr): wal_level = logical is then the file's need, not an
     * excess (PK3008 is dropped); file NULL: nothing */
    IntentPlace decoder_at;
    /* settings under an author's comment that states intent for them ("deliberately",
     * "Less aggressive for staging") or cites where their values come from ("Suggested
     * settings from" over a URL, "taken from pgtune"): the setting's line and the comment */
    IntentComment *deliberate;
    size_t n_deliberate;
    /* settings that replace an earlier line of the configuration with another value: the
     * applied line, and the earlier one's value as written ("0.9") in `text`, its line in
     * `earlier_line` (one entry per earlier value) */
    struct IntentReplaced {
        char *file;
        int line;
        char *name;
        char *text;
        int earlier_line;
    } * replaced;
    size_t n_replaced, cap_replaced;
    /* the header states that the file's values are chosen on purpose or cut for a small load
     * ("resources cut for low load"): every finding whose consequence is only performance or
     * resource use is a notice quoting it; file NULL: no such statement */
    IntentPlace chosen_at;
    /* what shows the server runs in a container (a compose file that mounts the file, the
     * official image's data directory or sample): no other local users; text NULL: nothing */
    IntentPlace container_at;
    /* the line of `network_mode: host` of the compose service that mounts the file (its
     * interfaces are the host's), 0 when none */
    int host_network_line;
    /* set by lint_rules.c: the facts of --host this file contradicts (fix_safety.c) */
    bool ram_contradicted, cores_contradicted, storage_contradicted;
    /* the RAM the rules use is the file's own statement, which its settings contradict (no
     * --host): a fact pgknob doubts, on which no error rests */
    bool ram_doubted;
    /* the RAM is read from the file's sizing (shared_buffers a quarter and effective_cache_size
     * three quarters of it), not stated: no error rests on it either */
    bool ram_inferred;
} Intent;

/* PK2001/PK2002 whose change lowers a term the author's comment on its own line gives a reason
 * for: that change is dropped, and the suggestion keeps the term and names the sessions as the
 * lever (fix_check.c calls it once the changes are checked). */
void intent_commented_terms(const Snapshot *snap, Finding *f);

/* PK0024 (made by validation, before the rules) whose author's comment takes the later line
 * for a second value beside the first: a warning that the first is lost. Findings of other
 * files are left alone, so it can run over the whole list once per input. */
void intent_overridden(const Intent *intent, FindingList *out);

/* The stock comments (generated), and each word of theirs with the comments that hold it:
 * INTENT_SAMPLE_WORD_COMMENTS[first .. first + count) index INTENT_SAMPLE_COMMENTS. */
extern const char *const INTENT_SAMPLE_COMMENTS[];
extern const unsigned long INTENT_N_SAMPLE_COMMENTS;
typedef struct IntentSampleWord {
    const char *word;
    unsigned short first, count;
} IntentSampleWord;
extern const IntentSampleWord INTENT_SAMPLE_WORDS[];
extern const unsigned long INTENT_N_SAMPLE_WORDS;
extern const unsigned short INTENT_SAMPLE_WORD_COMMENTS[];

/* Reads the intent the files of `set` show (it reads them again for their comments; a file
 * that cannot be read, or reads otherwise than linted, shows nothing). */
void intent_read(const ConfSet *set, Intent *out);
/* The purpose alone, from where the file lives (its path, its repository's README) and what its
 * settings do: for a manifest, whose comments are YAML's, not an author's postgresql.conf. */
void intent_read_place(const ConfSet *set, Intent *out);

/* Is `comment` (with or without '#') one of the stock sample's comments? */
bool intent_stock_comment(const char *comment);

/* The authored comment of the setting at file:line, or NULL. */
const char *intent_comment_at(const Intent *intent, const char *file, int line);

/* The comment that states intent for the setting at file:line (on it, in its block, its
 * section's title, or its paragraph's heading citing a source), as "'# ...' (line N)"; NULL. */
const char *intent_deliberate_at(const Intent *intent, const char *file, int line);

/* The earlier lines the setting at file:line replaced (Intent.replaced), in order: the index
 * after `from` of the next, or -1. */
long intent_replaced_next(const Intent *intent, const char *file, int line, long from);

const char *intent_purpose_name(IntentPurpose purpose);
/* Is the finding's consequence only performance or resource use (sizing, planner, I/O,
 * checkpoints, vacuum's pace, log volume), never data, availability or exposure (docs/lint.md,
 * "Severity policy")? */
bool intent_performance_only(const Finding *f);

/* Compares the file's host evidence with the host facts `given_by` names ("--host", "the
 * container's limits"): marks the contradicted facts in `intent` and adds one notice (PK0091)
 * naming both; with `given_by` NULL fills the host facts from the file, with one notice
 * (PK0092) saying where each fact came from. `file` is the linted file. */
void intent_check_host(Intent *intent, Snapshot *snap, const char *given_by, const char *file,
                       FindingList *out);

/* What alone gave a weak purpose, in words ("a name", "the opt-outs' own signature, ..."). */
const char *intent_weak_evidence(const Intent *intent);

/* The notice that the purpose was taken from the file (PK0090). */
void intent_note_purpose(const Intent *intent, FindingList *out);

/* What the file shows as deliberate, applied to findings [begin, end) of `out`: a tuning
 * warning on a value under an author's comment that states intent is a notice quoting it; a
 * connection pooler in sight bounds the worst-case memory sum (PK2002); an application's
 * requirement its preloaded libraries show (1C:Enterprise: standard_conforming_strings off) is
 * a notice (docs/lint.md, "Severity policy"). */
void intent_deliberate(const Intent *intent, const Snapshot *snap, FindingList *out, size_t begin,
                       size_t end);

/* PK0098: a file a container runs whose log goes to syslog alone: a container image runs no
 * syslog daemon, so every line after start-up is lost. */
void intent_check_container_syslog(const Intent *intent, const Snapshot *snap, FindingList *out);

/* Under copy-on-write storage, PK6002 (full_page_writes = off) is a notice that says what it
 * relies on; findings [begin, end) of `out`. */
/* Findings in [begin, end) that what the file shows makes smaller (full_page_writes off on a
 * copy-on-write file system) or moot (wal_level = logical beside what decodes it): softened or
 * dropped. Returns the new end. */
size_t intent_soften(const Intent *intent, int pg_major, FindingList *out, size_t begin,
                     size_t end);

#endif
