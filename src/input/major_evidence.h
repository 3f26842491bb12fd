/* What a configuration's own words say about the PostgreSQL major it was written for: packaging
 * paths (/var/lib/postgresql/17/main, /etc/postgresql/15/main, /usr/lib/postgresql/16/bin,
 * /usr/pgsql-17, /var/lib/pgsql/14/data, postgresql@15, one word before the version as an
 * image's /var/lib/pgsql/data/12/), Debian's cluster_name '16/main', and a
 * pgtune header (# DB Version: 13), and the major a header comment names ("PostgreSQL 17",
 * "based on PostgreSQL 16", "for PG 15", "pg16", "postgres:16-alpine", in any language and with
 * fullwidth or Arabic-Indic digits). Each clue with its file and line. Deciding what to do with
 * them (lint/lint.c, PK0004) is not its job: --pg-version, PG_VERSION and a manifest's version
 * always come first. */
#ifndef PK_INPUT_MAJOR_EVIDENCE_H
#define PK_INPUT_MAJOR_EVIDENCE_H

#include <stddef.h>

#include "common/arena.h"
#include "conf/conf.h"

typedef struct MajorClue {
    char label[16]; /* the major as named: "17", "9.6" */
    int major;      /* 10 and up: the major; 9.x and older: 0 (not one pgknob checks) */
    char *file;     /* where it is written */
    int line;       /* 1-based; 0 for the file's own path */
    char *what;     /* "data_directory at line 3 names /var/lib/postgresql/17/main" */
    /* from the words of a header comment ("# PostgreSQL 17 for Odoo", "postgres:16-alpine"):
     * stated by the author, weaker than a packaging path, a cluster_name or a pgtune header */
    bool stated;
    /* read from a comment (a pgtune header's DB Version, a header's words): what the file was
     * written or generated for, not a path or setting of the server that runs it */
    bool in_comment;
    /* read from a directory of the file's own path (docker/prd/postgresql11/): the repository's
     * label for it, which the image or package that runs it outranks */
    bool in_path;
    /* read from the repository's README ("Supported PostgreSQL versions: ..."), not the file:
     * what the project says it is for, weaker still than the file's own comments */
    bool in_readme;
    int readme_line; /* the README's line that names it */
} MajorClue;

/* The clues and their strings live in `arena`: the owner frees it with arena_free(ev.arena). */
typedef struct MajorEvidence {
    Arena *arena;
    MajorClue *clues;
    size_t n;
    size_t cap;
} MajorEvidence;

/* The major a path or value names, by the packaging layouts above: true with `label` ("17",
 * "9.6") and `*major` (0 for 9.x and older). `cluster_name` also takes Debian's "16/main". */
bool major_in_text(const char *text, bool cluster_name, char label[16], int *major);

/* The version segment of the first packaging layout after `from` ("16" in
 * /var/lib/postgresql/16/main, "{{ v }}" in /var/lib/pgsql/{{ v }}/data): its start, and its
 * length up to the next "/" or quote in *len; NULL when no layout follows. */
const char *major_layout_segment(const char *from, size_t *len);

/* Collects the clues of `set`: its entries' values, the paths of the files read, and the
 * comments of those files (read again: the ConfSet keeps no comment). `out` zeroed. */
void major_evidence_collect(const ConfSet *set, MajorEvidence *out);

/* The one label every clue agrees on, or NULL when there is no clue or they disagree. */
const char *major_evidence_agreed(const MajorEvidence *ev);

/* The major a header comment's text names ("# PostgreSQL 17 - Odoo", "基于PostgreSQL 16的",
 * "for PG 15", "postgres:16-alpine"): true with `label` and `*major` as major_in_text. A range
 * ("14-17", "13+", "13 or later") or a bound ("since 13", "before 13") names none. */
bool major_in_comment(const char *text, size_t len, char label[16], int *major);

/* A README's list of the versions a project supports, "- versions 9.1, 9.2, 9.3, 9.4" (the
 * keyword left to its title): each into `labels` ("9.1", "17"), at most `max`; the count, 0 when
 * the line is no such list. */
size_t major_version_list(const char *line, char labels[][16], size_t max);

#endif
