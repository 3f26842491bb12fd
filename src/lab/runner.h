/* Running labs: plan the stages (the cumulative series, single stages, standalone labs and their
 * runs), set up the server (a throwaway cluster, or an existing one when allowed), load the TPC-C
 * database once, then per stage apply its settings, warm up, measure, collect the statistics and
 * the lint findings for its settings — and always restore the server's settings at the end, on
 * error, and on SIGINT/SIGTERM. */
#ifndef PK_LAB_RUNNER_H
#define PK_LAB_RUNNER_H

#include <stdbool.h>

#include "model/finding.h"
#include "common/diag.h"
#include "lab/ceiling.h"
#include "lab/events.h"
#include "lab/guard.h"
#include "lab/manifest.h"
#include "lab/measure.h"
#include "lab/workload.h"
#include "tpcc/tpcc.h"

/* A cloud volume's budget for the series' slow storage (--volume NAME): every read and write
 * takes its share of IOPS and bandwidth (pgknob-slowfs --volume). docs/labs.md. */
typedef struct LabVolume {
    const char *name;
    double iops, bandwidth_mib;
    const char *source; /* where the figures come from */
} LabVolume;
/* The profile named `name` ("gp3", "none"), NULL for an unknown one. */
const LabVolume *lab_volume_find(const char *name);

typedef struct LabRunOpts {
    const char *const *selection; /* IDs, "series", "all" */
    int n_selection;
    int warehouses, clients; /* 0: the labs' own */
    double duration_s;       /* 0: the labs' own */
    bool quick;
    const char *out_dir; /* NULL: reports/lab-<selection> */
    const char *pg_bin;
    bool keep;
    const char *dsn; /* existing server */
    bool allow_existing;
    const char *project_root; /* for .cache/pg and the fetch script; may be NULL */
    const LabEvents *events;  /* progress, notes, warnings (borrowed; may be NULL) */
    int trials;               /* measurements per stage; 0: one (lab ab: 5, --quick 3) */
    const char *config_a;     /* lab ab: the configuration file or data directory tested */
    const char *config_b;     /* lab ab: what it is compared with; NULL: the baseline stage */
    const char *state_dir;    /* journals and cluster records (lab_state_dir_resolve) */
    const char *slowfs;       /* pgknob-slowfs for the storage lab; NULL: slowfs_find's */
    /* --workload pgbench:SCRIPTS (checked, the program found by the cli): every stage runs
     * these instead of its lab's workload, and no TPC-C-derived database is loaded */
    const char *pgbench_scripts; /* "FILE.sql[@weight],…"; NULL: the labs' workloads */
    const char *pgbench;         /* the pgbench program */
    const char *init;            /* --init: a SQL file or "pgbench -i -s N"; NULL: none */
    /* The slow series on slow storage (docs/labs.md, "Slow storage"): where slowfs can run (root,
     * /dev/fuse, pgknob-slowfs) and the run is on a throwaway cluster, the series' stages run
     * with these latencies added to every data read and every fsync (0: the defaults below) */
    bool no_slowfs; /* --no-slowfs: the plain filesystem */
    double series_read_s, series_fsync_s;
    const char *volume; /* --volume: a cloud volume's budget (lab_volume_find); NULL: default */
    /* The TPC-C loader's progress (the cli draws it; NULL: none) */
    TpccLoadProgressFn load_progress;
    void *load_progress_arg;
} LabRunOpts;

/* The storage checklist's counters of one measured interval, besides StatCounters (the
 * throwaway cluster only: they read its processes and its slowfs mounts). < 0: unknown. */
typedef struct StageResources {
    bool have;
    double machine_idle; /* idle + iowait share of the machine's CPU time */
    double server_cpu_s; /* the cluster's CPU: postmaster and backends */
    double wal_syncs;    /* the WAL mount's fsyncs + synchronous writes (slowfs) */
    double data_reads;   /* reads the data mount served (slowfs) */
} StageResources;

/* One measurement of a stage (a trial), kept until the median trial is chosen. */
typedef struct StageTrial {
    WorkloadResult result;
    StatCounters delta;
    bool have_delta;
    WaitSample waits;
    double load_avg;
    StageResources resources;
} StageTrial;

/* A stage's part in a comparison: from its lab (a series stage, a standalone run), or set by
 * `lab ab` (B is the reference, A is compared with it). */
typedef enum StageRole {
    ROLE_FROM_LAB,
    ROLE_REFERENCE,
    ROLE_COMPARED,
} StageRole;

/* One measured stage: a series stage, or one run of a standalone lab. */
typedef struct StageResult {
    char *id; /* "03-wal-torture", "parallel-query/off", "parallel-query/baseline" */
    char *title;
    const Lab *lab;         /* borrowed from the LabSet */
    const LabRun *run;      /* standalone run, NULL for a stage or a lab's baseline run */
    char *group;            /* "series" or the standalone lab's id */
    LabSettings settings;   /* effective settings: baseline + cumulative changes */
    LabSettings changes;    /* what this stage itself changes (the report's "key settings") */
    char **change_contexts; /* pg_settings.context of each change (parallel; NULL: unknown) */
    int min_major;
    bool ran;    /* measured (possibly incomplete) */
    char *error; /* why it did not run or was cut short */
    bool restarted;
    char *restart_params;
    WorkloadParams params;
    WorkloadResult result;
    StatCounters delta;
    bool have_delta;
    double load_avg; /* 1-minute load average when the measurement ended; < 0 unknown */
    WaitSample waits;
    FindingList findings; /* lint + rules on the stage's effective settings */
    char *findings_error; /* when the pipeline could not run */
    /* Repeated measurements (--trials N, lab ab): `result`, `delta` and `waits` are those of
     * the median trial; every trial's TPS and p95 are kept (0 TPS: nothing completed). */
    int n_trials;
    double *trial_tps, *trial_p95, *trial_seconds;
    StageRole role;
    StageTrial *trial_data; /* while running: every trial so far */
    double tps_median, tps_min, tps_max, p95_median;
    double nopm_median; /* New-Order transactions per minute; < 0 for the query workload */
    /* The storage lab: this stage's latencies (on: the cluster is on pgknob-slowfs) */
    LabStorage storage;
    StageResources resources; /* of the median trial */
    Ceiling ceiling;          /* predicted from the median trial's counters (lab_ceilings) */
} StageResult;

/* The whole run, with the conditions it ran under. */
typedef struct LabRunReport {
    StageResult *stages;
    size_t n;
    char *selection; /* "series", "all", "parallel-query 03-wal-torture" */
    bool quick;
    char *server_version;
    char *server_origin; /* "throwaway cluster (PostgreSQL 18.4, cache)" / "existing server" */
    char *machine_cpu;
    int machine_cores;
    double machine_ram_bytes;
    char *machine_kernel;
    double load_before, load_after; /* 1-minute load average (/proc/loadavg); < 0 unknown */
    int warehouses;
    double load_s;    /* 0 when the database was reused */
    double burn_in_s; /* the unmeasured workload before the first measured run */
    bool interrupted;
    int signal_number;
    bool restored; /* settings verified equal to before (or a throwaway cluster) */
    char *restore_error;
    int trials;    /* measurements per stage (1: a single run) */
    bool ab;       /* `lab ab`: stages[0] is A, stages[1] is B (the one compared with) */
    Lab *own_labs; /* lab ab: the labs made for the configurations given (owned) */
    /* The series' storage, said once in the report: on pgknob-slowfs with these latencies, or
     * why not (a fixed buffer: nothing to free) */
    bool series_slowfs;
    double series_read_s, series_fsync_s;
    const LabVolume *series_volume; /* the volume's budget; NULL: none */
    char series_storage[640];       /* "" when the run has no series stage */
    size_t n_own_labs;
} LabRunReport;

/* Runs the labs and fills `report` (free with lab_run_report_free). Returns an exit code:
 * 0 all stages measured and settings restored, 2 a usage/lab/server error, 128+signal when
 * interrupted (after restoring). *diag carries the message for a nonzero code. */
int lab_run(const LabSet *labs, const LabRunOpts *opts, LabRunReport *report, PkDiag *diag);
void lab_run_report_free(LabRunReport *report);

/* `pgknob lab ab CONFIG_A [CONFIG_B]`: both configurations (files or data directories; B by
 * default the labs' baseline stage) on one throwaway cluster with the series' TPC-C workload,
 * interleaved A B, B A, … for opts->trials trials each (0: 5, with --quick 3). Same exit codes
 * as lab_run; the verdict is report/lab_report.h's lab_report_ab_verdict. */
int lab_ab(const LabSet *labs, const LabRunOpts *opts, LabRunReport *report, PkDiag *diag);

/* Puts the planned series stages (lab ab: both configurations, when opts gives a latency) on
 * pgknob-slowfs where it can run, or records in report->series_storage why not. */
void lab_choose_series_storage(const LabRunOpts *opts, LabRunReport *rep);
/* Runs the stages already in `report` (lab_run and lab_ab plan them): the server, the journal
 * (its command line names `command_name`), the database, every trial, the restore. */
int lab_run_planned(const LabSet *labs, const LabRunOpts *opts, LabRunReport *report,
                    const char *command_name, PkDiag *diag);

typedef struct LabRestoreOpts {
    const char *dsn;
    const char *pg_bin;
    const char *project_root;
    const LabEvents *events;
    const char *state_dir;
    bool forget; /* change nothing: drop the journal (kept as *.forgotten) and the marker */
} LabRestoreOpts;

/* `pgknob lab restore`: puts back the settings an unfinished lab left on the server `dsn`
 * from its journal (starting the server first when a killed lab left it down), verifies, and
 * removes the journal. 0 when restored or when there was nothing to restore, 2 otherwise, with
 * what a human must decide (a lab running there now, another state directory's lab, settings
 * someone else changed, a server gone): `forget` is that decision made, the server's settings
 * kept as they are. */
int lab_restore(const LabRestoreOpts *opts, PkDiag *diag);
/* Tells a note for every journal in the state directory (servers a lab did not restore);
 * returns how many. */
size_t lab_note_pending(const char *state_dir, const LabEvents *events);

/* The stage a stage is compared with (the series' baseline, its lab's baseline run, or B of
 * `lab ab`); NULL when it is itself that one or it did not run. */
const StageResult *lab_baseline_of(const LabRunReport *rep, const StageResult *stage);
bool lab_is_baseline(const StageResult *stage);
/* The stage's TPS: the median of its trials, or its one measurement. */
double lab_stage_tps(const StageResult *stage);
/* How many times slower than the baseline (baseline TPS / stage TPS); *lower_bound when the
 * stage completed nothing (the true factor is then at least the returned value). < 0 when not
 * comparable. */
double lab_slower_factor(const StageResult *base, const StageResult *stage, bool *lower_bound);

/* The series' storage by default where slowfs can run: a local consumer NVMe SSD, the disk of a
 * student's laptop or workstation: reads about 0.1 ms (Sai Srirampur's talk), and a flush of its
 * write cache, which has no power-loss protection, about 1.6 ms (Tanel Poder's pg_test_fsync on
 * a Samsung 990 Pro: fdatasync of one 8kB write, 1,643 us per op). --read-latency and
 * --fsync-latency override them. */
#define LAB_SERIES_READ_S 0.0001
#define LAB_SERIES_FSYNC_S 0.0016

/* The series' volume when --volume is not given. */
#define LAB_SERIES_VOLUME "none"

/* The smallest effect the lab calls: one configuration against itself has come out up to 1.02x
 * apart with an interval of 1.01-1.02 (a CPU-bound client, every trial within 0.5%), a stage
 * offset that pairing cannot see. A difference is called only when its whole 95% interval lies
 * beyond 5% either way. */
#define LAB_RATIO_FLOOR 1.05

/* "× slower" with its 95% confidence interval, from repeated trials. */
typedef struct LabRatio {
    double slower;      /* median baseline TPS / median stage TPS */
    double low, high;   /* the 95% interval of that ratio */
    const char *method; /* how the interval was found (static text) */
    bool significant;   /* the interval excludes 1 */
    bool beyond_floor;  /* it excludes LAB_RATIO_FLOOR's band too: the lab calls an effect */
    bool lower_bound;   /* some trial completed nothing: its TPS was taken as 1 per interval */
} LabRatio;
/* false when the stage or its baseline has fewer than two trials. */
bool lab_stage_ratio(const LabRunReport *rep, const StageResult *stage, LabRatio *out);
/* The same of `stage` against any `base` measured in the same rounds (trial i next to trial
 * i): the series' step over the stage before. */
bool lab_pair_ratio(const StageResult *base, const StageResult *stage, LabRatio *out);
/* The median of n values (-1 when n is 0). */
double lab_median(const double *values, int n);

/* The ceiling checklist's per-transaction figures of a measured stage (< 0 each: unknown):
 * pg_stat_io reads and time per read (PostgreSQL 16+), WAL syncs, CPU (cluster + driver). */
typedef struct StageRates {
    double reads_per_txn, ms_per_read, wal_syncs_per_txn, cpu_ms_per_txn;
    double cluster_cpu_share; /* the cluster's and driver's CPU / (cores × measured time) */
    double io_wait_share, data_file_read_share, wal_sync_share; /* of the wait samples */
    double lock_wait_share;                                     /* Lock:* */
} StageRates;
void lab_stage_rates(const LabRunReport *rep, const StageResult *stage, StageRates *out);
/* Every measured stage's ceiling (stage->ceiling), each storage stage against its lab's
 * baseline run; called once the trials are done. */
void lab_ceilings(LabRunReport *rep);

/* The mechanism counters of a measured stage (lab/mechanism.h's LabCounter order; < 0 each:
 * unknown: not measured, nothing completed for a per-transaction figure, a view the server
 * does not have). */
void lab_stage_counters(const LabRunReport *rep, const StageResult *stage, double out[COUNTER_N]);
/* The measured stage before `stage` in its group (the series' order): what its counters moved
 * against; NULL for the first. */
const StageResult *lab_stage_before(const LabRunReport *rep, const StageResult *stage);

/* "2.5 s" style formatting of a rate that is honest about zero: "< 1 per 12 s". */
char *lab_format_tps(double completed, double tps, double seconds);

#endif
