#!/usr/bin/env python3
"""Configurations as two public tuning generators would write them, for a grid of host shapes.

Usage: generators.py OUTDIR  -> writes OUTDIR/NAME.conf and prints one line per file:
       NAME<TAB>ram=..,cores=..,storage=..<TAB>generator<TAB>expect
(expect is "clean" when pgknob must raise no warning or error for it on that host; "memory" when
only the worst-case memory may be one, PK2001 or PK2002: timescaledb-tune's ten autovacuum workers
may each take its maintenance_work_mem of RAM/8, which set 7's reviewer flags (review-h7b 27);
"flagged" when that over-commit must be found).

The formulas are re-implemented here from the projects' public sources (read, not copied):
- PGTune by Alexey Vasiliev (le0pard), https://github.com/le0pard/pgtune
  (src/features/configuration/configurationSlice.js and the configuration view, 2024):
  shared_buffers RAM/4 (desktop RAM/16), effective_cache_size 3/4 RAM (desktop 1/4),
  maintenance_work_mem RAM/16 (dw RAM/8) capped at 2GB, work_mem
  (RAM - shared_buffers) / ((max_connections + max_worker_processes) * 3), halved for dw and
  mixed, a sixth for desktop, at least 64kB; parallel settings from 4 cores (workers per gather
  ceil(cores/2), at most 4 except dw; maintenance workers ceil(cores/2) at most 4); wal_buffers
  3% of shared_buffers, 32kB..16MB (rounded up to 16MB above 14MB); min/max_wal_size by type;
  random_page_cost 4 (hdd) / 1.1; effective_io_concurrency 2 (hdd) / 200 (ssd);
  huge_pages try from 32GB of RAM, else off; desktop also wal_level minimal, max_wal_senders 0.
  Values are printed in the largest of kB/MB/GB that divides them, as PGTune does.
- timescaledb-tune by Timescale, https://github.com/timescale/timescaledb-tune
  (pkg/pgtune/memory.go, parallel.go, wal.go, misc.go; internal/parse/parse.go, 2024):
  shared_buffers RAM/4, effective_cache_size 3/4 RAM, maintenance_work_mem 128MB per GB of RAM
  capped at 2GB, work_mem 6.4MB per GB of RAM / round(cores/2) (no connection term),
  max_connections 25/50/75/100 by RAM (<=2/4/6GB/above), max_worker_processes 3 + 16 + cores,
  max_parallel_workers cores, per gather round(cores/2), wal_buffers 16MB from 2GB of RAM,
  min/max_wal_size 512MB/1GB, autovacuum_max_workers 10, autovacuum_naptime 10s,
  max_locks_per_transaction 128..1024 by RAM, effective_io_concurrency 256 (13+),
  random_page_cost 1.1, checkpoint_completion_target 0.9. Byte values are printed as its
  BytesToPGFormat does (the largest unit, or one unit down when not whole).
This is our code; no line of either project is included.
"""
import math
import os
import sys

KB, MB, GB = 1, 1024, 1024 * 1024  # in kB, PGTune's working unit


def pgtune_fmt(kb):
    kb = int(kb)
    if kb % GB == 0:
        return "%dGB" % (kb // GB)
    if kb % MB == 0:
        return "%dMB" % (kb // MB)
    return "%dkB" % kb


def pgtune(ram_gb, cores, conns, storage, kind):
    ram = ram_gb * GB
    sb = ram // 16 if kind == "desktop" else ram // 4
    ecs = ram // 4 if kind == "desktop" else ram * 3 // 4
    mwm = min(ram // 8 if kind == "dw" else ram // 16, 2 * GB)
    lines = {"max_connections": conns, "shared_buffers": pgtune_fmt(sb),
             "effective_cache_size": pgtune_fmt(ecs), "maintenance_work_mem": pgtune_fmt(mwm),
             "checkpoint_completion_target": 0.9}
    wal = 3 * sb // 100
    wal = 16 * MB if wal > 14 * MB else max(wal, 32)
    lines["wal_buffers"] = pgtune_fmt(wal)
    lines["default_statistics_target"] = 500 if kind == "dw" else 100
    lines["random_page_cost"] = 4 if storage == "hdd" else 1.1
    lines["effective_io_concurrency"] = 2 if storage == "hdd" else 200
    workers = 8  # the server's default max_worker_processes when PGTune sets none
    parallel = {}
    if cores >= 4:
        per_gather = math.ceil(cores / 2)
        if kind != "dw":
            per_gather = min(per_gather, 4)
        workers = cores
        parallel = {"max_worker_processes": cores, "max_parallel_workers_per_gather": per_gather,
                    "max_parallel_workers": cores,
                    "max_parallel_maintenance_workers": min(math.ceil(cores / 2), 4)}
    work_mem = (ram - sb) / ((conns + workers) * 3)
    work_mem = {"dw": work_mem / 2, "mixed": work_mem / 2, "desktop": work_mem / 6}.get(kind, work_mem)
    lines["work_mem"] = pgtune_fmt(max(64, math.floor(work_mem)))
    lines["huge_pages"] = "try" if ram >= 32 * GB else "off"
    wal_sizes = {"web": (1, 4), "oltp": (2, 8), "dw": (4, 16), "desktop": (0.09765625, 2),
                 "mixed": (1, 4)}[kind]
    lines["min_wal_size"] = pgtune_fmt(wal_sizes[0] * GB)
    lines["max_wal_size"] = pgtune_fmt(wal_sizes[1] * GB)
    lines.update(parallel)
    if kind == "desktop":
        lines["wal_level"] = "minimal"
        lines["max_wal_senders"] = 0
    return lines


def tsdb_fmt(nbytes):
    units = [(1 << 40, "TB", "GB"), (1 << 30, "GB", "MB"), (1 << 20, "MB", "kB")]
    for size, unit, lower in units:
        if nbytes >= size:
            val = nbytes / size
            if val - int(val) > 0.001:
                return "%d%s" % (int(val * 1024), lower)
            return "%d%s" % (int(val), unit)
    return "%dkB" % max(1, round(nbytes / 1024))


def timescaledb_tune(ram_gb, cores):
    ram = ram_gb << 30
    conns = 25 if ram_gb <= 2 else 50 if ram_gb <= 4 else 75 if ram_gb <= 6 else 100
    locks = 1024 if ram_gb >= 32 else 512 if ram_gb >= 16 else 256 if ram_gb >= 8 else 128
    half = int(math.floor(cores / 2 + 0.5))  # Go's math.Round
    return {"shared_buffers": tsdb_fmt(ram // 4), "effective_cache_size": tsdb_fmt(ram * 3 // 4),
            "maintenance_work_mem": tsdb_fmt(int(min(ram_gb * 128 * (1 << 20), 2 << 30))),
            "work_mem": tsdb_fmt(int(ram_gb * 6.4 * (1 << 20) / half)),
            # it adds timescaledb to shared_preload_libraries when the list lacks it
            "shared_preload_libraries": "'timescaledb'",
            "timescaledb.max_background_workers": 16,
            "max_worker_processes": 3 + 16 + cores, "max_parallel_workers_per_gather": half,
            "max_parallel_workers": cores,
            "wal_buffers": tsdb_fmt(16 << 20) if ram_gb >= 2 else tsdb_fmt(int(ram_gb * 7864 * 1024)),
            "min_wal_size": "512MB", "max_wal_size": "1GB",
            "default_statistics_target": 100, "random_page_cost": 1.1,
            "checkpoint_completion_target": 0.9, "max_connections": conns,
            "max_locks_per_transaction": locks, "autovacuum_max_workers": 10,
            "autovacuum_naptime": 10, "effective_io_concurrency": 256}


RAMS = [2, 4, 8, 16, 32, 64, 128, 256]
CORES = [2, 4, 6, 8, 16, 32, 64]
CONNS = [20, 50, 100, 200, 300, 500, 1000]
KINDS = ["web", "oltp", "dw", "mixed", "desktop"]


def write(outdir, name, lines, host, generator, expect):
    with open(os.path.join(outdir, name + ".conf"), "w") as out:
        out.write("# %s for %s\n" % (generator, host))
        for key, val in lines.items():
            out.write("%s = %s\n" % (key, val))
    print("%s\t%s\t%s\t%s" % (name, host, generator, expect))


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    shape = 0
    for ram in RAMS:
        for cores in CORES:
            conns = CONNS[shape % len(CONNS)]
            storage = "ssd" if shape % 2 == 0 else "hdd"
            kind = KINDS[shape % len(KINDS)]
            host = "ram=%dGB,cores=%d,storage=%s" % (ram, cores, storage)
            write(outdir, "pgtune-%s-%dg-%dc-%dconn-%s" % (kind, ram, cores, conns, storage),
                  pgtune(ram, cores, conns, storage, kind), host, "pgtune", "clean")
            # timescaledb-tune's work_mem ignores max_connections; on 2 cores its 100
            # connections x RAM/160 (plus shared_buffers) is a real over-commit (see the tier).
            write(outdir, "tsdb-%dg-%dc-%s" % (ram, cores, storage), timescaledb_tune(ram, cores),
                  host, "timescaledb-tune", "flagged" if cores < 4 and ram >= 8 else "memory")
            shape += 1
    # the reference point: healthy, not a warning
    write(outdir, "reference-8g-200conn", {"max_connections": 200, "shared_buffers": "2GB",
                                           "work_mem": "8MB", "maintenance_work_mem": "512MB"},
          "ram=8GB,cores=4", "reference", "clean")


if __name__ == "__main__":
    main()
