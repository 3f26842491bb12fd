/* `pgknob lab tune`: a guarded tuner. From a starting configuration it tries one knob at a time
 * (coordinate descent), each candidate judged against the best so far by `lab ab` (a fresh
 * throwaway cluster, paired interleaved trials, the 95% interval of the TPS ratio against the
 * lab's 5% floor), until the time budget is spent. The best configuration is reported only if
 * a final confirmation A/B of it against the start holds beyond the floor; otherwise "no
 * measurable improvement found". Never an existing server. */
#ifndef PK_LAB_TUNE_H
#define PK_LAB_TUNE_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "lab/fragment.h"
#include "lab/manifest.h"
#include "lab/runner.h"

/* One comparison: a change tried (or the confirmation: every accepted change against the
 * start). */
typedef struct TuneCandidate {
    char *knob, *from, *value; /* the change; the confirmation: "(all accepted)" */
    char *source;              /* where the value comes from: "PK1001's fix", "× 4", "÷ 4" */
    bool ran;
    bool have_ratio;
    double slower, low, high; /* candidate against the best so far (< 1: faster) */
    bool beyond_floor;
    bool accepted; /* faster beyond the floor: it became the best */
    double tps, tps_base;
    double seconds; /* what the comparison took */
    char *dir;      /* its lab ab report */
    char *error;    /* why the comparison failed (the server did not start with it, …) */
} TuneCandidate;

typedef struct TuneReport {
    char *config;
    LabSettings start, best;
    char **knobs;
    size_t n_knobs;
    bool knobs_from_lint;
    TuneCandidate *cands;
    size_t n;
    TuneCandidate confirm; /* ran when something was accepted and the budget allowed */
    bool confirmed;        /* the best holds against the start beyond the floor */
    char *stopped;         /* why the search stopped */
    double budget_s, spent_s;
    int trials;
    char *workload; /* "TPC-C-derived" or the pgbench scripts */
    char *server_version;
} TuneReport;

typedef struct TuneOpts {
    const char *config;  /* the starting configuration (file or data directory) */
    const char *knobs;   /* "a,b,c"; NULL: the knobs lint's fixes touch on the start */
    double budget_s;     /* the search's time budget (confirmation included) */
    const char *out_dir; /* each comparison's report goes to OUT/NN-knob/ */
    LabRunOpts run;      /* the A/B comparisons' options (trials, workload, pg_bin, …) */
    /* called after every comparison, to write its report (the cli's) */
    void (*compared)(void *arg, const char *dir, const LabRunReport *rep);
    void *compared_arg;
} TuneOpts;

/* 0 searched (whatever it found), 2 usage / server error, 128+N interrupted. */
int lab_tune(const LabSet *labs, const TuneOpts *opts, TuneReport *report, PkDiag *diag);
void lab_tune_report_free(TuneReport *report);

/* "2MB" × factor → "8MB" (the same unit; whole numbers); NULL when `value` is not a number
 * with an optional unit. */
char *lab_tune_scale(const char *value, double factor);
/* The size halfway from `from` to `to` on a log scale ("2MB", "5882MB" -> "108MB"), rounded to
 * whole MB (kB below 1MB); NULL unless both are sizes with a unit and the midpoint lies
 * strictly between them. Caller frees. */
char *lab_tune_midpoint(const char *from, const char *to);

#endif
