#include "lab/cluster.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <jansson.h>
#include <signal.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "common/tempdir.h"
#include "common/xalloc.h"
#include "lab/journal.h"

#define INITDB_TIMEOUT_S 300
#define PG_CTL_TIMEOUT_S 180
#define FETCH_TIMEOUT_S 900

/* Frees what `bin` holds and zeroes it, so a later free of the same struct does nothing. */
static void pg_bin_drop(PgBin *bin)
{
    arena_free(bin->arena);
    *bin = (PgBin){0};
}

static bool is_executable(const char *dir, const char *prog)
{
    char *path = xasprintf("%s/%s", dir, prog);
    bool yes = access(path, X_OK) == 0;
    free(path);
    return yes;
}

bool pg_bin_probe(const char *dir, PgBin *out)
{
    memset(out, 0, sizeof(*out));
    if (!is_executable(dir, "postgres") || !is_executable(dir, "initdb") ||
        !is_executable(dir, "pg_ctl"))
        return false;
    char *prog = xasprintf("%s/postgres", dir);
    const char *argv[] = {prog, "-V", NULL};
    StrBuf text = STRBUF_INIT;
    int rc = proc_run(argv, NULL, 30, &text);
    free(prog);
    /* "postgres (PostgreSQL) 18.4" possibly followed by " (Debian 15.18-…)" */
    const char *ver = strstr(sb_str(&text), "(PostgreSQL) ");
    bool ok = rc == 0 && ver;
    if (ok) {
        ver += strlen("(PostgreSQL) ");
        out->arena = arena_new();
        out->version = arena_strndup(out->arena, ver, strcspn(ver, " \n"));
        out->major = atoi(out->version);
        out->dir = arena_strdup(out->arena, dir);
        ok = out->major >= 10;
    }
    sb_free(&text);
    if (!ok)
        pg_bin_drop(out);
    return ok;
}

/* `pg_config --bindir` of the first pg_config in PATH, or NULL. */
static char *pg_config_bindir(void)
{
    const char *path_env = getenv("PATH");
    if (!path_env)
        return NULL;
    char *paths = xstrdup(path_env), *found = NULL;
    for (char *dir = strtok(paths, ":"); dir && !found; dir = strtok(NULL, ":")) {
        if (!is_executable(dir, "pg_config"))
            continue;
        char *prog = xasprintf("%s/pg_config", dir);
        const char *argv[] = {prog, "--bindir", NULL};
        StrBuf text = STRBUF_INIT;
        if (proc_run(argv, NULL, 30, &text) == 0 && text.len > 1)
            found = xstrndup(sb_str(&text), strcspn(sb_str(&text), "\n"));
        sb_free(&text);
        free(prog);
    }
    free(paths);
    return found;
}

static bool try_dir(const char *dir, const char *origin, int min_major, PgBin *out)
{
    PgBin bin;
    if (!dir || !pg_bin_probe(dir, &bin))
        return false;
    if (bin.major < min_major) {
        pg_bin_drop(&bin);
        return false;
    }
    bin.origin = arena_strdup(bin.arena, origin);
    *out = bin;
    return true;
}

/* The project's cache of official builds: $PGKNOB_PG_CACHE, as tests/pg/fetch-servers.sh uses it,
 * else .cache/pg under the project root. */
static char *cache_dir(const char *root)
{
    const char *env = getenv("PGKNOB_PG_CACHE");
    if (env && *env)
        return xstrdup(env);
    return root ? xasprintf("%s/.cache/pg", root) : NULL;
}

static bool try_exact(const char *dir, const char *origin, int major, PgBin *out)
{
    if (!try_dir(dir, origin, major, out))
        return false;
    if (out->major == major)
        return true;
    pg_bin_drop(out);
    return false;
}

/* The newest major found among pg_config's, Debian's and the project cache's builds (at the
 * same major, in that order), so that a single stage runs on the server the series uses. */
static bool pick_newest(const char *root, int min_major, bool exact, PgBin *out)
{
    char *config_dir = pg_config_bindir();
    PgBin config;
    bool have_config = config_dir && pg_bin_probe(config_dir, &config);
    char *cache = cache_dir(root);
    bool found = false;
    for (int major = exact ? min_major : 30; !found && major >= min_major; major--) {
        char *debian = xasprintf("/usr/lib/postgresql/%d/bin", major);
        char *cached = cache ? xasprintf("%s/%d/bin", cache, major) : NULL;
        found = (have_config && config.major == major &&
                 try_exact(config_dir, "pg_config", major, out)) ||
                try_exact(debian, "debian", major, out) ||
                (cached && try_exact(cached, "cache", major, out));
        free(debian);
        free(cached);
    }
    if (have_config)
        pg_bin_drop(&config);
    free(config_dir);
    free(cache);
    return found;
}

/* Runs the project's fetch script for PostgreSQL 18 (the one place the builds are pinned). */
static bool fetch_18(const char *root, const LabEvents *events, PgBin *out, PkDiag *diag)
{
    char *script = xasprintf("%s/tests/pg/fetch-servers.sh", root);
    if (access(script, X_OK) != 0) {
        free(script);
        return false;
    }
    lab_say(events, LAB_EV_INFO, "fetching PostgreSQL 18 with %s/tests/pg/fetch-servers.sh", root);
    const char *argv[] = {"/bin/sh", "-c", "exec \"$0\" 18 >&2", script, NULL};
    StrBuf text = STRBUF_INIT;
    int rc = proc_run(argv, NULL, FETCH_TIMEOUT_S, &text);
    free(script);
    char *cache = cache_dir(root);
    char *dir = cache ? xasprintf("%s/18/bin", cache) : NULL;
    bool ok = rc == 0 && dir && try_exact(dir, "fetched", 18, out);
    free(dir);
    free(cache);
    if (!ok)
        pk_diag_set(diag, NULL, 0, NULL, "could not fetch PostgreSQL 18: %s", sb_str(&text));
    sb_free(&text);
    return ok;
}

bool pg_bin_find(const PgBinSearch *search, PgBin *out, PkDiag *diag)
{
    if (search->explicit_dir) {
        if (!pg_bin_probe(search->explicit_dir, out))
            return pk_diag_set(diag, NULL, 0, NULL,
                               "no runnable initdb, pg_ctl and postgres in \"%s\"",
                               search->explicit_dir);
        if (out->major < search->min_major) {
            pk_diag_set(diag, NULL, 0, NULL,
                        "the server in \"%s\" is PostgreSQL %s; these labs need %d or later",
                        search->explicit_dir, out->version, search->min_major);
            pg_bin_drop(out);
            return false;
        }
        out->origin = arena_strdup(out->arena, "--pg-bin");
        return true;
    }
    /* The labs' own server unless told otherwise: PostgreSQL 18, fetched when missing, so
     * that numbers of different machines are of one server. Newer labs take the newest. */
    bool want_default = !search->exact && search->min_major <= PK_LAB_DEFAULT_MAJOR;
    bool ok = want_default && pick_newest(search->project_root, PK_LAB_DEFAULT_MAJOR, true, out);
    PkDiag fetch_err = PK_DIAG_INIT;
    if (!ok && want_default && search->allow_fetch && search->project_root)
        ok = fetch_18(search->project_root, search->events, out, &fetch_err);
    if (!ok && pick_newest(search->project_root, search->min_major, search->exact, out)) {
        if (want_default)
            lab_say(search->events, LAB_EV_WARNING,
                    "PostgreSQL %d is not available%s%s%s: using %s", PK_LAB_DEFAULT_MAJOR,
                    fetch_err.message ? " (" : "", fetch_err.message ? fetch_err.message : "",
                    fetch_err.message ? ")" : "", out->version);
        ok = true;
    }
    if (!ok && fetch_err.message)
        lab_diag_pass(diag, &fetch_err);
    else if (!ok)
        pk_diag_set(diag, NULL, 0,
                    "Give one with --pg-bin DIR, or run `make servers` to fetch the test builds.",
                    "no PostgreSQL %d or later found (looked at pg_config, "
                    "/usr/lib/postgresql/*/bin and .cache/pg)",
                    search->min_major);
    pk_diag_free(&fetch_err);
    return ok;
}

/* A port no one listens on over TCP; we listen on a private Unix socket only, so a clash would
 * be harmless, but a free one keeps the shared memory key and logs unambiguous. */
static int pick_port(void)
{
    for (int attempt = 0; attempt < 200; attempt++) {
        int port = 40000 + (int)((getpid() * 7 + attempt * 131) % 20000);
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0)
            return port;
        struct sockaddr_in addr = {.sin_family = AF_INET,
                                   .sin_port = htons((uint16_t)port),
                                   .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
        int rc = bind(fd, (struct sockaddr *)&addr, sizeof(addr));
        close(fd);
        if (rc == 0)
            return port;
    }
    return 45432;
}

static char *log_tail(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return xstrdup("");
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fseek(fp, size > 1500 ? size - 1500 : 0, SEEK_SET);
    char buf[1600];
    size_t got = fread(buf, 1, sizeof(buf) - 1, fp);
    buf[got] = '\0';
    fclose(fp);
    return xstrdup(buf);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static bool run_pg_ctl(Cluster *cl, const char *action, PkDiag *diag)
{
    char *prog = xasprintf("%s/pg_ctl", cl->bin.dir);
    char *opts = xasprintf("-k %s -p %d -c listen_addresses=''", cl->base, cl->port);
    const char *argv[] = {prog, action, "-D", cl->datadir, "-l", cl->logfile, "-w",
                          "-t", "120",  "-m", "fast",      "-o", opts,        NULL};
    if (!strcmp(action, "stop"))
        argv[4] = NULL;
    StrBuf text = STRBUF_INIT;
    int rc = proc_run(argv, &cl->user, PG_CTL_TIMEOUT_S, &text);
    if (rc != 0) {
        char *tail = log_tail(cl->logfile);
        pk_diag_set(diag, NULL, 0, NULL, "pg_ctl %s failed: %s\nserver log (end):\n%s", action,
                    sb_str(&text), tail);
        free(tail);
    }
    sb_free(&text);
    free(opts);
    free(prog);
    return rc == 0;
}

/* ---- the record of throwaway clusters in use ----
 * <state dir>/clusters/<name>.json names the cluster's directory, its binaries and the pgknob
 * process using it (pid and start time, so a reused pid is not taken for it). A record whose
 * process is gone belongs to a killed pgknob: cluster_sweep_orphans stops that server and
 * removes the directory. */

static char *record_path(const Cluster *cl)
{
    const char *name = strrchr(cl->base, '/');
    return xasprintf("%s/clusters/%s.json", cl->state_dir, name ? name + 1 : cl->base);
}

static void record_write(const Cluster *cl)
{
    json_t *doc =
        json_pack("{s:s, s:I, s:I, s:s, s:s, s:s, s:i, s:I}", "format", "pgknob-lab-cluster", "pid",
                  (json_int_t)getpid(), "pid_start", (json_int_t)proc_start_time(getpid()), "base",
                  cl->base, "datadir", cl->datadir, "bindir", cl->bin.dir, "port", cl->port, "uid",
                  (json_int_t)(cl->user.switch_user ? cl->user.uid : getuid()));
    if (doc && cl->on_slowfs)
        json_object_set_new(doc, "mounts",
                            json_pack("[s, s]", cl->data_fs.mountpoint, cl->wal_fs.mountpoint));
    char *text = doc ? json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
    json_decref(doc);
    char *path = record_path(cl);
    PkDiag err = PK_DIAG_INIT;
    if (!text || !lab_write_durable(path, text, strlen(text), 0600, (uid_t)-1, (gid_t)-1, &err))
        lab_say(cl->events, LAB_EV_WARNING, "%s (a killed run's cluster would not be found)",
                err.message ? err.message : "could not record the throwaway cluster");
    pk_diag_free(&err);
    free(path);
    free(text);
}

static void record_remove(const Cluster *cl)
{
    char *path = record_path(cl);
    PkDiag err = PK_DIAG_INIT;
    if (!lab_remove_durable(path, &err))
        lab_say(cl->events, LAB_EV_WARNING, "%s", err.message);
    pk_diag_free(&err);
    free(path);
}

/* Stops the orphan's server (immediate: nothing in it is worth a checkpoint) and removes it. */
static bool sweep_one(json_t *doc, char **what)
{
    const char *base = json_string_value(json_object_get(doc, "base"));
    const char *datadir = json_string_value(json_object_get(doc, "datadir"));
    const char *bindir = json_string_value(json_object_get(doc, "bindir"));
    if (!base || !datadir || !bindir || strncmp(datadir, base, strlen(base)) != 0) {
        *what = xstrdup("a damaged record");
        return false;
    }
    char *pidfile = xasprintf("%s/postmaster.pid", datadir);
    if (access(pidfile, F_OK) == 0) {
        ProcUser owner;
        PkDiag err = PK_DIAG_INIT;
        if (proc_owner_of(datadir, &owner, &err)) {
            char *prog = xasprintf("%s/pg_ctl", bindir);
            const char *argv[] = {prog,        "stop", "-D", datadir, "-m",
                                  "immediate", "-w",   "-t", "60",    NULL};
            StrBuf text = STRBUF_INIT;
            proc_run(argv, &owner, PG_CTL_TIMEOUT_S, &text);
            sb_free(&text);
            free(prog);
        }
        pk_diag_free(&err);
    }
    free(pidfile);
    /* the storage lab's slowfs mounts (only ones inside the cluster's directory) */
    json_t *mounts = json_object_get(doc, "mounts");
    size_t idx;
    json_t *item;
    bool unmounted = true;
    json_array_foreach(mounts, idx, item)
    {
        const char *mnt = json_string_value(item);
        PkDiag err = PK_DIAG_INIT;
        if (mnt && !strncmp(mnt, base, strlen(base)) && mnt[strlen(base)] == '/' &&
            !slowfs_unmount(mnt, &err))
            unmounted = false;
        pk_diag_free(&err);
    }
    /* FTW_MOUNT: never into a filesystem still mounted below (its source holds the same) */
    if (unmounted)
        nftw(base, remove_entry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
    *what = json_array_size(mounts) ? xasprintf("%s (its pgknob-slowfs mounts %s)", base,
                                                unmounted ? "unmounted" : "NOT unmounted")
                                    : xstrdup(base);
    return access(base, F_OK) != 0;
}

size_t cluster_sweep_orphans(const char *state_dir, const LabEvents *events)
{
    char *dir_path = xasprintf("%s/clusters", state_dir);
    DIR *dir = opendir(dir_path);
    size_t removed = 0;
    struct dirent *ent;
    while (dir && (ent = readdir(dir))) {
        size_t len = strlen(ent->d_name);
        if (len < 6 || strcmp(ent->d_name + len - 5, ".json") != 0)
            continue;
        char *path = xasprintf("%s/%s", dir_path, ent->d_name);
        json_t *doc = json_load_file(path, 0, NULL);
        long pid = (long)json_integer_value(json_object_get(doc, "pid"));
        long long start = json_integer_value(json_object_get(doc, "pid_start"));
        bool alive = pid > 0 && proc_start_time(pid) == start && start >= 0;
        if (doc && !alive) {
            char *what = NULL;
            bool ok = sweep_one(doc, &what);
            lab_say(events, ok ? LAB_EV_NOTE : LAB_EV_WARNING,
                    "%s a throwaway cluster left by a killed pgknob (pid %ld): %s",
                    ok ? "removed" : "could not remove", pid, what);
            free(what);
            PkDiag err = PK_DIAG_INIT;
            if (ok && lab_remove_durable(path, &err))
                removed++;
            pk_diag_free(&err);
        }
        json_decref(doc);
        free(path);
    }
    if (dir)
        closedir(dir);
    free(dir_path);
    return removed;
}

static bool make_base_dir(Cluster *cl, PkDiag *diag)
{
    cl->base = pk_make_temp_dir("pgknob-lab", diag);
    if (!cl->base)
        return false;
    if (cl->user.switch_user && chown(cl->base, cl->user.uid, cl->user.gid) != 0) {
        pk_diag_set(diag, NULL, 0, NULL, "could not give \"%s\" to user \"%s\": %s", cl->base,
                    cl->user.name, strerror(errno));
        return false;
    }
    if (cl->on_slowfs) {
        slowfs_mount_init(&cl->data_fs, cl->base, "data");
        slowfs_mount_init(&cl->wal_fs, cl->base, "wal");
        cl->datadir = xasprintf("%s/pgdata", cl->data_fs.mountpoint);
    } else {
        cl->datadir = xasprintf("%s/data", cl->base);
    }
    cl->logfile = xasprintf("%s/server.log", cl->base);
    record_write(cl);
    return true;
}

static bool mount_storage(Cluster *cl, const char *slowfs, PkDiag *diag)
{
    if (!cl->on_slowfs)
        return true;
    uid_t uid = cl->user.switch_user ? cl->user.uid : getuid();
    gid_t gid = cl->user.switch_user ? cl->user.gid : getgid();
    return slowfs_mount(slowfs, &cl->data_fs, uid, gid, diag) &&
           slowfs_mount(slowfs, &cl->wal_fs, uid, gid, diag);
}

static void unmount_storage(Cluster *cl)
{
    SlowfsMount *mounts[] = {&cl->data_fs, &cl->wal_fs};
    for (size_t idx = 0; idx < 2; idx++) {
        PkDiag err = PK_DIAG_INIT;
        if (mounts[idx]->mounted && !slowfs_unmount(mounts[idx]->mountpoint, &err))
            lab_say(cl->events, LAB_EV_WARNING, "%s", err.message);
        else
            mounts[idx]->mounted = false;
        pk_diag_free(&err);
    }
}

static bool run_initdb(Cluster *cl, PkDiag *diag)
{
    char *prog = xasprintf("%s/initdb", cl->bin.dir);
    char *waldir = cl->on_slowfs ? xasprintf("%s/pg_wal", cl->wal_fs.mountpoint) : NULL;
    const char *argv[] = {prog,       "-D",         cl->datadir, "-U",
                          "postgres", "-A",         "trust",     "-E",
                          "UTF8",     "--locale=C", "--no-sync", waldir ? "--waldir" : NULL,
                          waldir,     NULL};
    StrBuf text = STRBUF_INIT;
    int rc = proc_run(argv, &cl->user, INITDB_TIMEOUT_S, &text);
    if (rc != 0)
        pk_diag_set(diag, NULL, 0, NULL, "initdb failed: %s", sb_str(&text));
    sb_free(&text);
    free(prog);
    free(waldir);
    return rc == 0;
}

bool cluster_create(Cluster *cl, const PgBin *bin, bool keep, const char *state_dir,
                    const char *slowfs, const LabEvents *events, PkDiag *diag)
{
    memset(cl, 0, sizeof(*cl));
    cl->bin.arena = arena_new();
    cl->bin.dir = arena_strdup(cl->bin.arena, bin->dir);
    cl->bin.major = bin->major;
    cl->bin.version = arena_strdup(cl->bin.arena, bin->version);
    cl->bin.origin = arena_strdup(cl->bin.arena, bin->origin);
    cl->keep = keep;
    cl->events = events;
    cl->state_dir = state_dir;
    cl->port = pick_port();
    cl->on_slowfs = slowfs != NULL;
    bool ok = proc_server_user("postgres", &cl->user, diag) && make_base_dir(cl, diag) &&
              mount_storage(cl, slowfs, diag) && run_initdb(cl, diag) &&
              run_pg_ctl(cl, "start", diag);
    if (ok) {
        cl->running = true;
        return true;
    }
    cl->keep = false;
    cluster_destroy(cl);
    return false;
}

char *cluster_conninfo(const Cluster *cl, const char *dbname)
{
    return xasprintf("host=%s port=%d user=postgres dbname=%s application_name=pgknob-lab",
                     cl->base, cl->port, dbname);
}

bool cluster_set_storage(const Cluster *cl, const LabStorage *storage, PkDiag *diag)
{
    if (!cl->on_slowfs)
        return true;
    LabStorage none = {0};
    const LabStorage *st = storage && storage->on ? storage : &none;
    /* both mounts draw on one volume's budget, as a data directory with its pg_wal does */
    return slowfs_set_storage(&cl->data_fs, st->read_s, st->fsync_s, st->iops, st->bandwidth_mib,
                              diag) &&
           slowfs_set_storage(&cl->wal_fs, 0, st->wal_fsync_s, st->iops, st->bandwidth_mib, diag);
}

long cluster_postmaster_pid(const Cluster *cl)
{
    char *path = xasprintf("%s/postmaster.pid", cl->datadir);
    FILE *fp = fopen(path, "r");
    free(path);
    long pid = -1;
    if (fp && fscanf(fp, "%ld", &pid) != 1)
        pid = -1;
    if (fp)
        fclose(fp);
    return pid;
}

bool cluster_restart(Cluster *cl, PkDiag *diag)
{
    cl->running = run_pg_ctl(cl, "restart", diag);
    return cl->running;
}

void cluster_destroy(Cluster *cl)
{
    if (cl->running && !cl->keep) {
        PkDiag err = PK_DIAG_INIT;
        if (!run_pg_ctl(cl, "stop", &err))
            lab_say(cl->events, LAB_EV_WARNING, "%s", err.message);
        pk_diag_free(&err);
        cl->running = false;
    }
    if (!cl->keep)
        unmount_storage(cl);
    if (cl->base && !cl->keep && !cl->data_fs.mounted && !cl->wal_fs.mounted)
        nftw(cl->base, remove_entry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
    /* Removed, or kept on purpose (--keep): either way no longer an orphan to sweep. */
    if (cl->base && cl->datadir)
        record_remove(cl);
    if (cl->base && cl->keep)
        lab_say(cl->events, LAB_EV_INFO, "kept the lab cluster in %s (port %d)%s", cl->base,
                cl->port, cl->running ? ", still running" : "");
    free(cl->base);
    free(cl->datadir);
    free(cl->logfile);
    slowfs_mount_free(&cl->data_fs);
    slowfs_mount_free(&cl->wal_fs);
    arena_free(cl->bin.arena);
    memset(cl, 0, sizeof(*cl));
}

bool pg_ctl_restart(const char *bindir, const char *datadir, PkDiag *diag)
{
    ProcUser owner;
    if (!proc_owner_of(datadir, &owner, diag))
        return false;
    char *prog = xasprintf("%s/pg_ctl", bindir);
    /* pg_ctl does not remember the -l of the original start: without one the server's output
     * would go to our pipe for as long as it runs. */
    char *logfile = xasprintf("%s/pgknob-lab.log", datadir);
    const char *argv[] = {prog, "restart", "-D",  datadir, "-l",   logfile,
                          "-w", "-t",      "120", "-m",    "fast", NULL};
    StrBuf text = STRBUF_INIT;
    int rc = proc_run(argv, &owner, PG_CTL_TIMEOUT_S, &text);
    if (rc != 0)
        pk_diag_set(diag, NULL, 0, NULL, "pg_ctl restart of \"%s\" failed (server log: %s): %s",
                    datadir, logfile, sb_str(&text));
    sb_free(&text);
    free(logfile);
    free(prog);
    return rc == 0;
}

/* The options of the server's last start, for pg_ctl start -o: postmaster.opts holds the program
 * and then every argument in double quotes ("-D" "/data" "-c" "a=b"). The program and the -D
 * pair are left out, since pg_ctl passes -D itself: given twice, each rescue would add one more
 * -D to postmaster.opts. */
static char *last_start_options(const char *datadir)
{
    char *path = xasprintf("%s/postmaster.opts", datadir);
    FILE *fp = fopen(path, "r");
    free(path);
    if (!fp)
        return NULL;
    char line[8192];
    StrBuf opts = STRBUF_INIT;
    if (fgets(line, sizeof(line), fp)) {
        line[strcspn(line, "\n")] = '\0';
        const char *p = strstr(line, " \"");
        bool skip_next = false;
        while (p && *p) {
            while (*p == ' ')
                p++;
            if (*p != '"')
                break;
            const char *end = strstr(p + 1, "\" \"");
            if (!end)
                end = strrchr(p + 1, '"');
            if (!end || end <= p)
                break;
            size_t len = (size_t)(end - p - 1);
            bool is_d = len == 2 && !strncmp(p + 1, "-D", 2);
            if (!is_d && !skip_next)
                sb_printf(&opts, "%s\"%.*s\"", opts.len ? " " : "", (int)len, p + 1);
            skip_next = is_d;
            p = end + 1;
        }
    }
    fclose(fp);
    return sb_detach(&opts);
}

bool pg_rescue_start(const char *bindir, const char *datadir, const char *auto_conf,
                     size_t auto_conf_len, PkDiag *diag)
{
    ProcUser owner;
    if (!proc_owner_of(datadir, &owner, diag))
        return false;
    char *conf_path = xasprintf("%s/postgresql.auto.conf", datadir);
    char *opts = last_start_options(datadir);
    bool ok = lab_write_durable(conf_path, auto_conf, auto_conf_len, 0600,
                                owner.switch_user ? owner.uid : (uid_t)-1,
                                owner.switch_user ? owner.gid : (gid_t)-1, diag);
    if (ok) {
        char *prog = xasprintf("%s/pg_ctl", bindir);
        char *logfile = xasprintf("%s/pgknob-lab.log", datadir);
        const char *argv[] = {prog,    "start", "-D", datadir, "-l",
                              logfile, "-w",    "-t", "120",   opts && *opts ? "-o" : NULL,
                              opts,    NULL};
        StrBuf text = STRBUF_INIT;
        ok = proc_run(argv, &owner, PG_CTL_TIMEOUT_S, &text) == 0;
        if (!ok)
            pk_diag_set(diag, NULL, 0, NULL, "pg_ctl start of \"%s\" failed: %s", datadir,
                        sb_str(&text));
        sb_free(&text);
        free(logfile);
        free(prog);
    }
    free(opts);
    free(conf_path);
    return ok;
}
