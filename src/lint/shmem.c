#include "lint/shmem.h"

#include <stdlib.h>

#include "lint/validate.intern.h"

/* Coefficients in bytes, measured with the DEBUG3 "invoking IpcMemoryCreate(size=…)" line of real
 * servers (exact bytes, every major) by changing one setting at a time from initdb's defaults;
 * `postgres -C shared_memory_size` (15+) agrees with them to the MB. */
typedef struct ShmemModel {
    int major;
    double base;        /* fixed overhead */
    double per_buffer;  /* a shared buffer: 8kB page, descriptor, strategy and checkpoint entries */
    double per_wal;     /* a WAL buffer: 8kB page and its block pointer */
    double per_lock;    /* a lock entry: LOCK plus two PROCLOCKs (hash buckets added apart) */
    double per_pred;    /* a predicate-lock target entry plus two PREDICATELOCKs */
    double per_backend; /* a MaxBackends slot beyond its locks: PGPROC, sinval, stats, ... */
    double per_prepared; /* a prepared-transaction slot beyond its locks */
    double per_slot;     /* a replication slot */
    double per_sender;   /* a WAL sender beyond its backend slot */
    double per_worker;   /* a background worker beyond its backend slot */
    double per_av;       /* an autovacuum worker beyond its backend slot */
    double per_slru;     /* one auto-sized SLRU buffer unit (CLOG, subtrans, commit_ts) */
    double per_aio;      /* an AIO handle (18: io_max_concurrency per process) */
    double per_pgss;     /* a pg_stat_statements entry (pg_stat_statements.max), preloaded */
    /* the status slots beyond MaxBackends (NumBackendStatSlots: the auxiliary processes, 18's
     * I/O workers among them); each holds track_activity_query_size bytes of query text, whose
     * default 1024 per_backend and base count (measured: 1024 against 9216 on each major) */
    double stat_aux;
} ShmemModel;

static const ShmemModel models[] = {
    {13, 1063919, 8388.0625, 8200, 328.19, 192.18, 7869.9, 5972.3, 303.1, 81.9, 573.4, 41.0, 17120,
     0, 302, 7},
    {14, 1066617, 8372.0625, 8200, 328.19, 192.18, 7909.2, 5988.7, 319.5, 122.9, 573.4, 81.9, 17120,
     0, 308, 8},
    {15, 1207558, 8372.0625, 8200, 328.19, 192.18, 7975.6, 5988.7, 319.5, 81.9, 573.4, 81.9, 33211,
     0, 390, 6},
    {16, 1233092, 8372.0625, 8200, 328.19, 192.18, 7917.4, 5988.7, 319.5, 122.9, 573.4, 41.0, 33138,
     0, 390, 6},
    {17, 1441965, 8380.0625, 8200, 328.52, 192.37, 7890.0, 5968.6, 335.9, 122.9, 1515.5, 41.0,
     33248, 0, 437, 7},
    {18, 1604221, 8380.0625, 8200, 336.91, 192.36, 7907.5, 5606.2, 286.7, 81.9, 1474.6, 41.0, 33248,
     528, 461, 39},
};

/* pg_stat_statements' hash table header and shared state, besides its entries */
#define PGSS_FIXED 8192.0

/* A term's value; false when it is unknown (a template's placeholder, a line that did not
 * parse): an estimate with an unknown term is none (review 2026-12i, h10a 03: huge pages counted
 * from the default shared_buffers where the template's value is a placeholder) */
static bool num(const Snapshot *snap, const char *name, double *out)
{
    const SnapSetting *setting = snapshot_get(snap, name);
    if (!setting || !setting->param || !setting->parsed_ok || setting->unusable)
        return false;
    *out = setting->parsed.num;
    return true;
}

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

static double next_pow2(double n)
{
    double r = 1;
    while (r < n)
        r *= 2;
    return r;
}

/* dynahash's bucket arrays for a table of n entries and its companion of 2n, plus the 10% the
 * lock managers add: next_pow2 makes them a step function, not a per-entry cost. */
static double lock_buckets(double n)
{
    return 1.1 * 8 * (next_pow2(n) + next_pow2(2 * n));
}

/* pg_stat_statements' share: pg_stat_statements.max entries (default 5000) when it is
 * preloaded; 0 otherwise, or when its max is not a number (the module refuses it). */
static double pgss_entries(const Snapshot *snap)
{
    const SnapSetting *spl = snapshot_get(snap, "shared_preload_libraries");
    if (!spl || !spl->parsed_ok || !lint_library_listed(spl->value, "pg_stat_statements"))
        return 0;
    const SnapSetting *max = snapshot_get(snap, "pg_stat_statements.max");
    if (!max || max->source == SRC_DEFAULT)
        return 5000;
    char *end = NULL;
    double n = strtod(max->value, &end);
    return end != max->value && !*end && n >= 100 ? n : 0;
}

bool shmem_estimate(const Snapshot *snap, ShmemEstimate *out)
{
    const ShmemModel *model = NULL;
    for (size_t idx = 0; idx < sizeof(models) / sizeof(models[0]); idx++)
        if (models[idx].major == snap->pg_major)
            model = &models[idx];
    double nb, wal, conns, workers, senders, prepared, mlpt, mplpt, slots, av, query_size;
    if (!model || !num(snap, "shared_buffers", &nb) || !num(snap, "wal_buffers", &wal) ||
        !num(snap, "track_activity_query_size", &query_size) ||
        !num(snap, "max_connections", &conns) || !num(snap, "max_worker_processes", &workers) ||
        !num(snap, "max_wal_senders", &senders) ||
        !num(snap, "max_prepared_transactions", &prepared) ||
        !num(snap, "max_locks_per_transaction", &mlpt) ||
        !num(snap, "max_pred_locks_per_transaction", &mplpt) ||
        !num(snap, "max_replication_slots", &slots) ||
        !num(snap, snap->pg_major >= 18 ? "autovacuum_worker_slots" : "autovacuum_max_workers",
             &av))
        return false;
    /* MaxBackends as InitializeMaxBackends computes it (the +1 is the autovacuum launcher) */
    double backends = conns + av + 1 + workers + senders;
    /* wal_buffers = -1: shared_buffers / 32 between 8 pages and one 16MB segment */
    double wal_pages = wal < 0 ? clamp((double)(long long)(nb / 32), 8, 2048) : wal < 4 ? 4 : wal;
    /* CLOG (and from 17 subtrans and commit_ts) buffers follow shared_buffers / 512 */
    double slru = snap->pg_major >= 17 ? clamp((double)(long long)(nb / 512), 16, 1024)
                                       : clamp((double)(long long)(nb / 512), 4, 128);
    /* AIO handles (18): io_max_concurrency for each process with an AIO context */
    double aio = 0, iomc, procs;
    if (snapshot_aio_concurrency(snap, &iomc, &procs))
        aio = iomc * procs;
    double lock_entries = mlpt * (backends + prepared),
           pred_entries = mplpt * (backends + prepared);
    out->buffers = model->per_buffer * nb + model->per_slru * slru;
    out->wal_buffers = model->per_wal * wal_pages;
    out->locks = 1.1 * (model->per_lock * lock_entries + model->per_pred * pred_entries) +
                 lock_buckets(lock_entries) + lock_buckets(pred_entries);
    out->backends = model->per_backend * backends + model->per_prepared * prepared +
                    model->per_slot * slots + model->per_sender * senders +
                    model->per_worker * workers + model->per_av * av + model->per_aio * aio +
                    (query_size - 1024) * (backends + model->stat_aux);
    /* 18: each AIO handle keeps io_max_combine_limit iovecs and their data (24 bytes a block),
     * which per_aio counts at the default 16 (measured: 16 against 32 and 128 on the real 18.4,
     * 24 bytes a block a handle; review 2026-12zf, rwd: 128 put 94MB beside the estimate) */
    double combine;
    if (snap->pg_major >= 18 && aio > 0 && num(snap, "io_max_combine_limit", &combine))
        out->backends += (combine - 16) * 24 * aio;
    double pgss = pgss_entries(snap);
    out->modules = pgss > 0 ? PGSS_FIXED + model->per_pgss * pgss : 0;
    /* 14+: dsm_estimate_size() adds min_dynamic_shared_memory (MB) to the main segment, byte for
     * byte (the real 16: shared_memory_size 143MB, 271MB with 128MB; review 2026-12y, h26a 07) */
    double dsm_mb = 0;
    out->dsm = snap->pg_major >= 14 && num(snap, "min_dynamic_shared_memory", &dsm_mb) && dsm_mb > 0
                   ? dsm_mb * 1024 * 1024
                   : 0;
    out->total = model->base + out->buffers + out->wal_buffers + out->locks + out->backends +
                 out->modules + out->dsm;
    return true;
}

void shmem_note(Snapshot *snap)
{
    ShmemEstimate est;
    bool have = !snap->fragment && shmem_estimate(snap, &est);
    snap->shared_memory_bytes = have ? est.total : 0;
    snap->shared_memory_reserved = have ? est.dsm : 0;
}
