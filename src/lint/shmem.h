/* The server's shared-memory demand, estimated from settings: what the postmaster asks the kernel
 * for at startup (PostgreSQL 15+ reports it as `postgres -C shared_memory_size`). A linear model
 * per major whose coefficients were measured on real servers 13–18 (docs/lint.md gives the method
 * and the accuracy). Pure. */
#ifndef PK_LINT_SHMEM_H
#define PK_LINT_SHMEM_H

#include "model/snapshot.h"

typedef struct ShmemEstimate {
    double total;       /* bytes, everything below plus the fixed overhead */
    double buffers;     /* shared_buffers with their descriptors */
    double wal_buffers; /* wal_buffers, the -1 auto value resolved */
    double locks;       /* the lock and predicate-lock tables */
    double backends;    /* per-process share: PGPROC, worker, WAL sender and slot arrays */
    double modules;     /* preloaded modules' tables: pg_stat_statements' entries */
    double dsm;         /* min_dynamic_shared_memory (14+), reserved in the same mapping */
} ShmemEstimate;

/* False when the major is unknown to the model or a setting it needs is not usable. */
bool shmem_estimate(const Snapshot *snap, ShmemEstimate *out);

/* Stores the estimate's total in snap->shared_memory_bytes for the rules' shared_memory()
 * (0 when there is none, or in a fragment, whose other settings are unknown). */
void shmem_note(Snapshot *snap);

#endif
