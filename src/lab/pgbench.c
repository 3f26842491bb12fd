#include "lab/pgbench.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/tempdir.h"
#include "common/xalloc.h"
#include "db/ctl.h"
#include "lab/proc.h"
#include "tpcc/stats.h"

#define PGBENCH_SCRIPT_LIMIT (16u << 20)
#define PGBENCH_INIT_TIMEOUT_S 3600.0
/* Beyond -T: connecting, and the transactions in flight at the end, which pgbench finishes. */
#define PGBENCH_GRACE_S 120.0

extern char **environ;

static char *executable(const char *path)
{
    return path && access(path, X_OK) == 0 ? xstrdup(path) : NULL;
}

char *pgbench_find(const char *pg_bin)
{
    const char *given = getenv("PGKNOB_PGBENCH");
    if (given && *given)
        return executable(given);
    char *found = NULL;
    if (pg_bin) {
        char *path = xasprintf("%s/pgbench", pg_bin);
        found = executable(path);
        free(path);
    }
    /* Debian's client packages: the newest first (any of them drives servers 13-18) */
    for (int major = 18; major >= 13 && !found; major--) {
        char path[64];
        snprintf(path, sizeof(path), "/usr/lib/postgresql/%d/bin/pgbench", major);
        found = executable(path);
    }
    const char *env_path = getenv("PATH");
    char *dirs = xstrdup(env_path ? env_path : "");
    for (char *save = NULL, *dir = strtok_r(dirs, ":", &save); dir && !found;
         dir = strtok_r(NULL, ":", &save)) {
        char *path = xasprintf("%s/pgbench", dir);
        found = executable(path);
        free(path);
    }
    free(dirs);
    return found;
}

/* One "FILE[@weight]" item: the file part (caller frees) and the weight (-1: none given). */
static char *split_item(const char *item, size_t len, long *weight)
{
    *weight = -1;
    const char *at = NULL;
    for (const char *p = item; p < item + len; p++)
        if (*p == '@')
            at = p;
    if (at && at + 1 < item + len) {
        bool digits = true;
        for (const char *p = at + 1; p < item + len; p++)
            digits = digits && isdigit((unsigned char)*p);
        if (digits) {
            *weight = strtol(at + 1, NULL, 10);
            len = (size_t)(at - item);
        }
    }
    return xstrndup(item, len);
}

bool pgbench_check_scripts(const char *scripts, PkDiag *diag)
{
    if (!scripts || !*scripts)
        return pk_diag_set(diag, NULL, 0, "Write --workload pgbench:FILE.sql[@weight],...",
                           "--workload pgbench: names no script"),
               false;
    long total = 0;
    for (const char *item = scripts; *item;) {
        size_t len = strcspn(item, ",");
        long weight;
        char *file = split_item(item, len, &weight);
        char *data = NULL;
        size_t size = 0;
        bool ok = *file != '\0' && pk_read_file_or_diag(file, PGBENCH_SCRIPT_LIMIT, &data, &size,
                                                        diag, "could not read the pgbench script");
        if (!*file)
            pk_diag_set(diag, NULL, 0, "Write --workload pgbench:FILE.sql[@weight],...",
                        "--workload pgbench: an empty script name in \"%s\"", scripts);
        else if (ok && size == 0) {
            pk_diag_set(diag, file, 0, "A pgbench script holds SQL and \\set commands.",
                        "the pgbench script is empty");
            ok = false;
        } else if (ok && weight > 1000) {
            pk_diag_set(diag, file, 0, "Give a weight from 0 to 1000.",
                        "invalid weight @%ld for the pgbench script", weight);
            ok = false;
        }
        free(data);
        free(file);
        if (!ok)
            return false;
        total += weight < 0 ? 1 : weight;
        item += len;
        if (*item == ',')
            item++;
    }
    if (total == 0)
        return pk_diag_set(diag, NULL, 0, "Give at least one script a weight above 0.",
                           "every pgbench script has weight 0"),
               false;
    return true;
}

/* Our environment without libpq's variables, then the connection's: nothing of another
 * server (PGSERVICE, PGHOST of the shell) may redirect pgbench. */
static char **child_env(const char *conninfo)
{
    char **conn = dbctl_conninfo_env(conninfo);
    size_t n_env = 0, n_conn = 0;
    while (environ[n_env])
        n_env++;
    while (conn[n_conn])
        n_conn++;
    char **env = xcalloc(n_env + n_conn + 1, sizeof(*env));
    size_t used = 0;
    for (size_t idx = 0; idx < n_env; idx++)
        if (strncmp(environ[idx], "PG", 2) != 0)
            env[used++] = xstrdup(environ[idx]);
    for (size_t idx = 0; idx < n_conn; idx++)
        env[used++] = conn[idx];
    free(conn);
    return env;
}

static void strv_free(char **strv)
{
    for (size_t idx = 0; strv && strv[idx]; idx++)
        free(strv[idx]);
    free(strv);
}

typedef struct Argv {
    char **items;
    size_t n;
} Argv;

static void argv_add(Argv *argv, char *owned)
{
    argv->items = xrealloc(argv->items, (argv->n + 2) * sizeof(char *));
    argv->items[argv->n++] = owned;
    argv->items[argv->n] = NULL;
}

/* The first line of pgbench's output that says what went wrong (or its last line). */
static char *error_line(const char *output)
{
    const char *best = NULL, *last = NULL;
    for (const char *line = output; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len > 0)
            last = line;
        if (!best && len > 0 &&
            (strstr(line, "error") || strstr(line, "FATAL") || strstr(line, "abort") ||
             strstr(line, "could not")))
            best = line;
        line = end ? end + 1 : NULL;
    }
    const char *pick = best ? best : last;
    if (!pick)
        return xstrdup("pgbench printed nothing");
    return xstrndup(pick, strcspn(pick, "\n"));
}

static const char *after(const char *text, const char *key)
{
    const char *at = strstr(text, key);
    return at ? at + strlen(key) : NULL;
}

bool pgbench_parse_summary(const char *text, WorkloadResult *out)
{
    /* pgbench 13 prints the TPS twice (with and without connections); 14+ once, without */
    const char *tps = NULL;
    for (const char *at = strstr(text, "tps = "); at; at = strstr(at + 1, "tps = ")) {
        const char *eol = strchr(at, '\n');
        const char *excl = strstr(at, "without initial connection");
        if (!tps || (excl && (!eol || excl < eol)))
            tps = at;
    }
    if (!tps)
        return false;
    out->tps = strtod(tps + 6, NULL);
    const char *processed = after(text, "number of transactions actually processed: ");
    if (processed)
        out->completed = strtoull(processed, NULL, 10);
    const char *failed = after(text, "number of failed transactions: ");
    if (failed)
        out->failed = strtoull(failed, NULL, 10);
    const char *latency = after(text, "latency average = ");
    if (latency)
        out->mean_ms = strtod(latency, NULL);
    return true;
}

/* The per-transaction logs (one per pgbench thread): "client_id transaction_no time script_no
 * time_epoch time_us [...]", time being the latency in µs or a word ("failed", "serialization",
 * "skipped") for a transaction that did not complete. */
static void read_logs(const char *dir, TpccHist *hist, WorkloadResult *out)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return;
    double first_start = -1;
    typedef struct Done {
        double end;
    } Done;
    Done *done = NULL;
    size_t n_done = 0, cap = 0;
    struct dirent *ent;
    while ((ent = readdir(dp))) {
        if (strncmp(ent->d_name, "tx.", 3) != 0)
            continue;
        char *path = xasprintf("%s/%s", dir, ent->d_name);
        FILE *fp = fopen(path, "r");
        free(path);
        if (!fp)
            continue;
        char line[256], time_field[64];
        long long epoch, usec;
        int client, script;
        long long txn;
        while (fgets(line, sizeof(line), fp)) {
            if (sscanf(line, "%d %lld %63s %d %lld %lld", &client, &txn, time_field, &script,
                       &epoch, &usec) != 6 ||
                !isdigit((unsigned char)time_field[0]))
                continue;
            uint64_t latency = strtoull(time_field, NULL, 10);
            double end = (double)epoch + (double)usec / 1e6;
            double start = end - (double)latency / 1e6;
            if (first_start < 0 || start < first_start)
                first_start = start;
            tpcc_hist_add(hist, latency);
            if (n_done == cap) {
                cap = cap ? cap * 2 : 4096;
                done = xrealloc(done, cap * sizeof(Done));
            }
            done[n_done++].end = end;
        }
        fclose(fp);
    }
    closedir(dp);
    for (size_t idx = 0; idx < n_done; idx++) {
        int second = (int)(done[idx].end - first_start);
        if (second >= out->n_seconds)
            second = out->n_seconds - 1;
        if (second >= 0)
            out->per_second[second]++;
    }
    free(done);
}

static void remove_dir(const char *dir)
{
    DIR *dp = opendir(dir);
    struct dirent *ent;
    while (dp && (ent = readdir(dp))) {
        if (!strcmp(ent->d_name, ".") || !strcmp(ent->d_name, ".."))
            continue;
        char *path = xasprintf("%s/%s", dir, ent->d_name);
        unlink(path);
        free(path);
    }
    if (dp)
        closedir(dp);
    rmdir(dir);
}

/* One pgbench run of `seconds`; with `log_dir`, its per-transaction log there. Returns
 * pgbench's exit status (-1: it did not run or timed out), its output in `output`. */
static int run_once(const char *conninfo, const WorkloadParams *params, int seconds,
                    const char *log_dir, StrBuf *output)
{
    Argv argv = {0};
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int clients = params->clients > 0 ? params->clients : 1;
    int threads = cores > 0 && cores < clients ? (int)cores : clients;
    argv_add(&argv, xstrdup(params->pgbench));
    argv_add(&argv, xstrdup("--no-vacuum"));
    argv_add(&argv, xasprintf("--client=%d", clients));
    argv_add(&argv, xasprintf("--jobs=%d", threads));
    argv_add(&argv, xasprintf("--time=%d", seconds));
    if (log_dir) {
        argv_add(&argv, xstrdup("--log"));
        argv_add(&argv, xasprintf("--log-prefix=%s/tx", log_dir));
    }
    for (const char *item = params->scripts; *item;) {
        size_t len = strcspn(item, ",");
        argv_add(&argv, xasprintf("--file=%.*s", (int)len, item));
        item += len;
        if (*item == ',')
            item++;
    }
    char **env = child_env(conninfo);
    int status = proc_run_env((const char *const *)argv.items, (const char *const *)env, NULL,
                              seconds + PGBENCH_GRACE_S, output);
    strv_free(env);
    strv_free(argv.items);
    return status;
}

bool pgbench_run(const char *conninfo, const WorkloadParams *params, PkStopFlag *stop,
                 WorkloadResult *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    if (!params->pgbench || !params->scripts)
        return pk_diag_set(diag, NULL, 0, NULL, "the pgbench workload has no pgbench or script"),
               false;
    StrBuf output = STRBUF_INIT;
    /* -T takes whole seconds: a warm-up or interval under one second is rounded up */
    int warmup = params->warmup_s > 0 ? (int)(params->warmup_s + 0.999) : 0;
    if (warmup > 0 && run_once(conninfo, params, warmup, NULL, &output) != 0) {
        char *why = error_line(sb_str(&output));
        pk_diag_set(diag, NULL, 0, NULL, "pgbench failed in the warm-up: %s", why);
        free(why);
        sb_free(&output);
        return false;
    }
    sb_free(&output);
    if (stop && *stop)
        return pk_diag_set(diag, NULL, 0, NULL, "interrupted"), false;
    int seconds = params->duration_s >= 1 ? (int)(params->duration_s + 0.5) : 1;
    char *log_dir = pk_make_temp_dir("pgknob-pgbench", diag);
    if (!log_dir)
        return false;
    double cpu0 = proc_rusage_cpu_s(RUSAGE_CHILDREN);
    int status = run_once(conninfo, params, seconds, log_dir, &output);
    out->client_cpu_s = proc_rusage_cpu_s(RUSAGE_CHILDREN) - cpu0;
    bool parsed = pgbench_parse_summary(sb_str(&output), out);
    /* 0: done; 2: some client aborted (its summary still counts what completed) */
    if (status < 0 || status == 1 || !parsed) {
        char *why = error_line(sb_str(&output));
        pk_diag_set(diag, NULL, 0, "Run the script with pgbench by hand to see all it says.",
                    "pgbench could not run the workload: %s", why);
        free(why);
        remove_dir(log_dir);
        free(log_dir);
        sb_free(&output);
        memset(out, 0, sizeof(*out));
        return false;
    }
    out->measured_s = seconds;
    out->nopm = -1;
    out->n_seconds = seconds;
    Arena *arena = arena_get(&out->arena);
    out->per_second = arena_array(arena, (size_t)seconds + 1, sizeof(uint32_t));
    TpccHist *hist = xcalloc(1, sizeof(TpccHist));
    read_logs(log_dir, hist, out);
    double mean_ms = out->mean_ms;
    workload_set_latency(out, hist);
    if (mean_ms > 0)
        out->mean_ms = mean_ms; /* pgbench's own figure */
    free(hist);
    if (out->failed)
        out->errors =
            arena_printf(arena, "failed transactions × %llu", (unsigned long long)out->failed);
    out->complete = status == 0 && !(stop && *stop);
    if (!out->complete) {
        char *why = status == 0 ? NULL : error_line(sb_str(&output));
        out->stop_detail = arena_strdup(arena, why ? why : "interrupted");
        free(why);
    }
    remove_dir(log_dir);
    free(log_dir);
    sb_free(&output);
    return true;
}

int pgbench_init_scale(const char *init, int *scale)
{
    *scale = 1;
    const char *p = init;
    while (isspace((unsigned char)*p))
        p++;
    if (strncmp(p, "pgbench", 7) != 0 || (p[7] && !isspace((unsigned char)p[7])))
        return 0;
    p += 7;
    while (isspace((unsigned char)*p))
        p++;
    if (strncmp(p, "-i", 2) != 0 || (p[2] && !isspace((unsigned char)p[2])))
        return -1;
    p += 2;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p)
        return 1;
    if (strncmp(p, "-s", 2) != 0)
        return -1;
    p += 2;
    char *end;
    long value = strtol(p, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    if (end == p || *end || value < 1 || value > 100000)
        return -1;
    *scale = (int)value;
    return 1;
}

static bool init_sql(const char *conninfo, const char *path, PkDiag *diag)
{
    char *sql = NULL;
    size_t len = 0;
    if (!pk_read_file_or_diag(path, PGBENCH_SCRIPT_LIMIT, &sql, &len, diag,
                              "could not read the --init SQL file"))
        return false;
    DbCtl *ctl = dbctl_connect(conninfo, diag);
    bool ok = ctl && dbctl_exec(ctl, "SET statement_timeout = 0", diag);
    PkDiag err = PK_DIAG_INIT;
    if (ok && !dbctl_exec(ctl, sql, &err)) {
        pk_diag_set(diag, path, 0, "Run it with psql to see where.", "the --init SQL failed: %s",
                    err.message ? err.message : "unknown error");
        pk_diag_free(&err);
        ok = false;
    }
    if (ctl)
        dbctl_close(ctl);
    free(sql);
    return ok;
}

bool pgbench_init(const char *conninfo, const char *pgbench, const char *init, PkDiag *diag)
{
    int scale;
    int form = pgbench_init_scale(init, &scale);
    if (form < 0)
        return pk_diag_set(diag, NULL, 0, "Write --init 'pgbench -i -s N' or --init FILE.sql.",
                           "invalid --init: \"%s\"", init),
               false;
    if (form == 0)
        return init_sql(conninfo, init, diag);
    char scale_arg[32];
    snprintf(scale_arg, sizeof(scale_arg), "--scale=%d", scale);
    const char *argv[] = {pgbench, "--initialize", "--quiet", scale_arg, NULL};
    char **env = child_env(conninfo);
    StrBuf output = STRBUF_INIT;
    int status =
        proc_run_env(argv, (const char *const *)env, NULL, PGBENCH_INIT_TIMEOUT_S, &output);
    strv_free(env);
    if (status != 0) {
        char *why = error_line(sb_str(&output));
        pk_diag_set(diag, NULL, 0, NULL, "pgbench -i -s %d failed: %s", scale, why);
        free(why);
    }
    sb_free(&output);
    return status == 0;
}
