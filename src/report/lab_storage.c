#include "report/lab_storage.h"

#include <stdio.h>
#include <stdlib.h>

#include "common/json.h"
#include "common/xalloc.h"

static json_t *jnum(double value)
{
    return value < 0 ? json_null() : pk_json_number(value);
}

static int server_major(const LabRunReport *rep)
{
    return rep->server_version ? atoi(rep->server_version) : 0;
}

void lab_storage_json(const LabRunReport *rep, const StageResult *stage, json_t *obj)
{
    const LabStorage *st = &stage->storage;
    json_object_set_new(obj, "storage",
                        st->on ? json_pack("{s:o, s:o, s:o}", "read_latency_ms",
                                           jnum(st->read_s * 1000), "fsync_latency_ms",
                                           jnum(st->fsync_s * 1000), "wal_fsync_latency_ms",
                                           jnum(st->wal_fsync_s * 1000))
                               : json_null());
    if (!stage->ran) {
        json_object_set_new(obj, "checklist", json_null());
        json_object_set_new(obj, "ceiling", json_null());
        return;
    }
    StageRates r;
    lab_stage_rates(rep, stage, &r);
    const StageResources *res = &stage->resources;
    json_t *list = json_object();
    json_object_set_new(list, "machine_idle", jnum(res->have ? res->machine_idle : -1));
    json_object_set_new(list, "cluster_cpu_share", jnum(r.cluster_cpu_share));
    json_object_set_new(list, "io_wait_share", jnum(r.io_wait_share));
    json_object_set_new(list, "data_file_read_share", jnum(r.data_file_read_share));
    json_object_set_new(list, "wal_sync_share", jnum(r.wal_sync_share));
    json_object_set_new(list, "pg_stat_io", json_boolean(server_major(rep) >= 16));
    json_object_set_new(list, "reads_per_txn", jnum(r.reads_per_txn));
    json_object_set_new(list, "ms_per_read", jnum(r.ms_per_read));
    json_object_set_new(list, "wal_syncs_per_txn", jnum(r.wal_syncs_per_txn));
    json_object_set_new(list, "cpu_ms_per_txn", jnum(r.cpu_ms_per_txn));
    json_object_set_new(obj, "checklist", list);
    const Ceiling *c = &stage->ceiling;
    json_object_set_new(
        obj, "ceiling",
        c->have ? json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:s, s:o}", "predicted_latency_ms",
                            jnum(c->predicted_latency_ms), "storage_ms", jnum(c->storage_ms),
                            "little", jnum(c->little), "iops", jnum(c->iops), "cpu", jnum(c->cpu),
                            "predicted", jnum(c->predicted), "limit", c->limit, "binding",
                            ceiling_binding_name(c->binding), "error", pk_json_number(c->error))
                : json_null());
}

static void cell_pct(StrBuf *out, double share)
{
    if (share >= 0)
        sb_printf(out, " %.1f%% |", share * 100);
    else
        sb_put(out, " — |");
}

static void cell_num(StrBuf *out, double value, int decimals)
{
    if (value >= 0)
        sb_printf(out, " %.*f |", decimals, value);
    else
        sb_put(out, " — |");
}

static char *latency_text(double seconds)
{
    return seconds > 0 ? xasprintf("+%g ms", seconds * 1000) : xstrdup("0");
}

typedef bool (*StageShown)(const StageResult *stage);
typedef void (*StageRow)(const LabRunReport *rep, const StageResult *stage, StrBuf *out);

/* A Markdown table of one row per stage that `shown` keeps; `row` writes the cells after the
 * opening "| ", up to the line's end. */
static void md_stage_table(const LabRunReport *rep, StrBuf *out, const char *header,
                           StageShown shown, StageRow row)
{
    sb_put(out, header);
    for (size_t idx = 0; idx < rep->n; idx++) {
        if (!shown(&rep->stages[idx]))
            continue;
        sb_put(out, "| ");
        row(rep, &rep->stages[idx], out);
    }
    sb_put(out, "\n");
}

static bool checklist_shown(const StageResult *stage)
{
    return stage->storage.on && stage->ran;
}

static bool ceiling_shown(const StageResult *stage)
{
    return stage->ceiling.have;
}

static void checklist_row(const LabRunReport *rep, const StageResult *stage, StrBuf *out)
{
    StageRates r;
    lab_stage_rates(rep, stage, &r);
    char *read = latency_text(stage->storage.read_s);
    char *fsync = latency_text(stage->storage.fsync_s);
    char *wal = latency_text(stage->storage.wal_fsync_s);
    /* the storage lab's runs by name; a series stage on slow storage by its id */
    sb_put_md(out, stage->run                                    ? stage->run->name
                   : stage->lab && stage->lab->kind == LAB_STAGE ? stage->id
                                                                 : "baseline");
    sb_printf(out, " | %s, %s / %s | %.1f |", read, fsync, wal, lab_stage_tps(stage));
    free(read);
    free(fsync);
    free(wal);
    cell_pct(out, stage->resources.have ? stage->resources.machine_idle : -1);
    cell_pct(out, r.cluster_cpu_share);
    cell_pct(out, r.data_file_read_share);
    cell_pct(out, r.wal_sync_share);
    cell_pct(out, r.io_wait_share);
    cell_num(out, r.ms_per_read, 3);
    cell_num(out, r.reads_per_txn, 2);
    cell_num(out, r.wal_syncs_per_txn, 2);
    cell_num(out, r.cpu_ms_per_txn, 2);
    sb_put(out, "\n");
}

static void ceiling_row(const LabRunReport *rep, const StageResult *stage, StrBuf *out)
{
    (void)rep;
    const Ceiling *c = &stage->ceiling;
    sb_put_md(out, stage->id);
    sb_printf(out, " | %.1f |", lab_stage_tps(stage));
    if (c->predicted_latency_ms > 0)
        sb_printf(out, " %.2f (%.0f%%) |", c->predicted_latency_ms,
                  100 * c->storage_ms / c->predicted_latency_ms);
    else
        sb_put(out, " — |");
    cell_num(out, c->little, 1);
    cell_num(out, c->iops, 1);
    cell_num(out, c->cpu, 1);
    sb_printf(out, " **%.1f** (%s) | **%s** | %+.0f%% |\n", c->predicted, c->limit,
              ceiling_binding_name(c->binding), c->error * 100);
}

static void md_checklist(const LabRunReport *rep, StrBuf *out)
{
    sb_put(out, "## The storage checklist\n\n");
    sb_put(out, "What " LAB_STORAGE_SOURCE " checks when PostgreSQL seems slow, per run. The "
                "data directory and the WAL sit on two pgknob-slowfs mounts (FUSE) whose "
                "latency each run sets; the wait events are sampled from `pg_stat_activity` "
                "every 0.2 s (active client backends), `pg_stat_io` counts the client backends' "
                "relation reads and their time (`track_io_timing = on`), WAL syncs are what the "
                "WAL mount served.\n\n");
    md_stage_table(
        rep, out,
        "| run | added: read, fsync / WAL fsync | TPS | idle CPU (machine) | cluster CPU "
        "| IO:DataFileRead | IO:WalSync | all IO:* | pg_stat_io ms/read | reads/txn | WAL "
        "syncs/txn | CPU ms/txn |\n|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n",
        checklist_shown, checklist_row);
    if (server_major(rep) < 16)
        sb_printf(
            out,
            "`pg_stat_io` exists from PostgreSQL 16 on; this server is %s, so reads and "
            "time per read are not shown, and the storage runs' ceilings (which need them) are "
            "not computed. "
            "`pg_stat_database.blk_read_time` / `blks_read` is the older approximation.\n\n",
            rep->server_version ? rep->server_version : "older");
    sb_put(out, "Read it as the talk's checklist does: the storage binds when the active backends "
                "wait in `IO:DataFileRead` (page reads) and `IO:WalSync` (the commit's flush) more "
                "than they run, while the CPU needed per transaction stays the same; "
                "`pg_stat_io`'s time per read is the storage's latency as PostgreSQL sees it "
                "(about 0.1 ms on local NVMe, about 1 ms on a network disk, far more when "
                "requests queue). Here it is the injected latency plus FUSE's own round trip. "
                "Idle CPU is the whole machine's (it may be shared); the cluster's own share of "
                "the cores is beside it.\n\n");
}

static void md_ceiling(const LabRunReport *rep, StrBuf *out)
{
    sb_put(out, "## The throughput ceiling\n\n");
    sb_put(out,
           "throughput = min(clients / latency, IOPS / reads per transaction, cores / CPU "
           "per transaction), after " LAB_STORAGE_SOURCE
           ". Each limit comes from this run's counters. Little's law, clients / latency, with "
           "the latency predicted from the baseline run (the storage lab's, or on slow "
           "storage the series'): its mean latency "
           "less its row-lock queueing (`Lock:*` samples) and its reads × their time, plus "
           "this run's reads × `pg_stat_io`'s time per read and WAL syncs × the added fsync "
           "latency, over 1 − the baseline's lock share (clients queue for the one "
           "warehouse's rows, and a queue's share stays when every lock holder takes "
           "longer). The IOPS limit: what slowfs serves at once (up to 10 requests, one per "
           "client) / time per read / reads per transaction. The CPU limit: cores / the "
           "cluster's and the driver's CPU per transaction. The smallest is the prediction; "
           "the resource behind it binds (storage when Little's law binds and I/O waits are "
           "more than half of the wait samples, or when the IOPS limit is the smallest). "
           "For a stage outside the storage lab, Little's law uses the stage's own latency: "
           "a consistency check, not a prediction.\n\n");
    md_stage_table(
        rep, out,
        "| stage | measured TPS | predicted latency ms (storage part) | clients / latency "
        "| IOPS / reads/txn | cores / CPU/txn | predicted ceiling | binding resource | "
        "predicted vs measured |\n|---|--:|--:|--:|--:|--:|--:|---|--:|\n",
        ceiling_shown, ceiling_row);
}

void lab_storage_markdown(const LabRunReport *rep, StrBuf *out)
{
    bool storage = false, ceiling = false;
    for (size_t idx = 0; idx < rep->n; idx++) {
        storage = storage || checklist_shown(&rep->stages[idx]);
        ceiling = ceiling || ceiling_shown(&rep->stages[idx]);
    }
    if (storage)
        md_checklist(rep, out);
    if (ceiling && storage)
        md_ceiling(rep, out);
}
