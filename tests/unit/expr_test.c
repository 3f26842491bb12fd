/* The rule expression language: parse and type errors (every error path), evaluation with units,
 * three-valued logic for missing facts, functions, regex limits, rendering. Snapshots come from
 * the real conf/ parser and catalog. */
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "common/strbuf.h"
#include "conf/conf.h"
#include "harness.h"

/* Every tree the tests parse, freed at the end. */
static Arena *trees;
#include "host/host.h"
#include "model/snapshot.h"
#include "rules/expr.h"

static void snap_make(Snapshot *snap, int major, const char *conf, const char *host)
{
    ConfSet set = {0};
    conf_load_buffer("/t/postgresql.conf", conf, strlen(conf), &set);
    snapshot_from_conf(snap, &set, catalog_for_major(major));
    arena_free(set.arena);
    if (host)
        host_parse_spec(host, &snap->host, NULL);
}

/* Parse + check against `major`; returns the error message ("" when fine). Caller frees. */
static char *error_of(const char *text, int major)
{
    PkDiag err = PK_DIAG_INIT;
    Expr *expr = expr_parse(trees, text, NULL, &err);
    ExprType type;
    if (expr && !expr_check(expr, catalog_for_major(major), &type, &err)) {
        expr = NULL;
    }
    char *msg = strdup(expr ? "" : err.message);
    pk_diag_free(&err);
    return msg;
}

static bool error_contains(const char *text, int major, const char *needle)
{
    char *msg = error_of(text, major);
    bool found = strstr(msg, needle) != NULL;
    if (!found)
        fprintf(stderr, "  expression %s: error \"%s\" lacks \"%s\"\n", text, msg, needle);
    free(msg);
    return found;
}

static bool is_ok(const char *text, int major)
{
    char *msg = error_of(text, major);
    bool ok = !*msg;
    if (!ok)
        fprintf(stderr, "  expression %s: unexpected error \"%s\"\n", text, msg);
    free(msg);
    return ok;
}

static void test_parse_errors(void)
{
    CHECK(error_contains("'abc", 18, "unterminated string"));
    CHECK(error_contains("work_mem > 4mb", 18, "invalid unit \"mb\""));
    CHECK(error_contains("nosuch(1)", 18, "unknown function"));
    CHECK(error_contains("host.swap == 'x'", 18, "unknown host fact"));
    CHECK(error_contains("host.disk == 'x'", 18, "type mismatch"));
    CHECK(error_contains("1 2", 18, "unexpected text after the expression"));
    CHECK(error_contains("", 18, "unexpected end of expression"));
    CHECK(error_contains("(1 < 2", 18, "expected \")\""));
    CHECK(error_contains("1 < 2 @", 18, "unexpected character \"@\""));
    CHECK(error_contains("min(1, 2", 18, "expected \")\" after the arguments"));
    CHECK(error_contains("raw()", 18, "wrong number of arguments to raw()"));
    CHECK(error_contains("$nothing > 1", 18, "unknown name"));
    CHECK(error_contains("matches(shared_preload_libraries, /a(b/)", 18,
                         "invalid regex at offset 3: missing closing parenthesis"));
    CHECK(error_contains("matches(shared_preload_libraries, /abc)", 18, "unterminated regex"));
    StrBuf deep = STRBUF_INIT;
    for (int depth = 0; depth < 200; depth++)
        sb_put(&deep, "(");
    sb_put(&deep, "1");
    CHECK(error_contains(sb_str(&deep), 18, "nested too deeply"));
    sb_free(&deep);
    /* the offset points at the problem */
    PkDiag err = PK_DIAG_INIT;
    CHECK(expr_parse(trees, "work_mem > 4XB", NULL, &err) == NULL);
    CHECK(err.column == 12); /* 1-based: the "4" of "4XB" */
    CHECK(err.file == NULL && err.line == 0);
    pk_diag_free(&err);
}

static void test_type_errors(void)
{
    CHECK(error_contains("8MB < 5min", 18, "cannot compare bytes with duration"));
    CHECK(error_contains("work_mem > 4096", 18, "cannot compare bytes with number"));
    CHECK(error_contains("work_mem + 1 > 1MB", 18, "type mismatch: bytes + number"));
    CHECK(error_contains("work_mem * work_mem > 1MB", 18, "type mismatch: bytes * bytes"));
    CHECK(error_contains("1 and true", 18, "and needs booleans"));
    CHECK(error_contains("not 1", 18, "not needs a boolean"));
    CHECK(error_contains("-fsync", 18, "cannot negate a boolean"));
    CHECK(error_contains("io_method == 3", 18, "cannot compare string with number"));
    CHECK(error_contains("io_method < 'sync'", 18, "cannot compare string with string"));
    CHECK(error_contains("shared_buffer > 1GB", 18, "unknown parameter \"shared_buffer\""));
    CHECK(error_contains("io_method == 'worker'", 17,
                         "unknown parameter \"io_method\" for "
                         "PostgreSQL 17"));
    CHECK(error_contains("io_method == 'io-uring'", 18, "\"io-uring\" is not a value of enum"));
    CHECK(error_contains("host.kernel < 'five'", 18, "cannot compare version with string"));
    CHECK(error_contains("raw(1) > 1", 18, "must be a parameter name"));
    CHECK(error_contains("raw(fsync) > 1", 18, "must be a numeric parameter"));
    CHECK(error_contains("matches(work_mem, /x/)", 18, "must be a string"));
    CHECK(error_contains("matches(io_method, 'x')", 18, "must be a /regex/"));
    CHECK(error_contains("/x/", 18, "a regex can only be used in matches()"));
    CHECK(error_contains("min(work_mem, 5s) > 1MB", 18, "argument 2 of min() must be bytes"));
    CHECK(error_contains("if(1, 2, 3) > 1", 18, "must be a boolean"));
    CHECK(error_contains("if(true, 1MB, 1s) > 1MB", 18, "argument 3 of if() must be bytes"));
    CHECK(error_contains("one_of(io_method, 'nope')", 18, "\"nope\" is not a value"));
    CHECK(error_contains("evidence(io_method) > 1", 18, "must be a string literal"));
    CHECK(error_contains("off(work_mem) != ''", 18, "must be a boolean parameter"));
    CHECK(error_contains("floor(1MB, 1) > 1MB", 18, "argument 2 of floor() must be bytes"));
    /* fine */
    CHECK(is_ok("io_method == 'io_uring'", 18)); /* build-dependent enum value */
    CHECK(is_ok("work_mem * max_connections > host.ram * 0.8", 13));
    CHECK(is_ok("shared_buffers / host.ram < 0.1", 18));
    CHECK(is_ok("not autovacuum or autovacuum_naptime < 10s", 18));
    /* a parameter whose type changed between versions the expression is checked for */
    PkDiag err = PK_DIAG_INIT;
    Expr *expr = expr_parse(trees, "log_connections", NULL, &err);
    ExprType type;
    CHECK(expr_check(expr, catalog_for_major(17), &type, &err));
    CHECK(type == EXPR_T_BOOL);
    CHECK(!expr_check(expr, catalog_for_major(18), &type, &err));
    CHECK(err.message && strstr(err.message, "in another version"));
    pk_diag_free(&err);
}

/* Evaluates `text` on `snap`: 1 true, 0 false, -1 missing, -2 error. */
static int eval_bool(const char *text, const Snapshot *snap)
{
    PkDiag err = PK_DIAG_INIT;
    Expr *expr = expr_parse(trees, text, NULL, &err);
    ExprType type;
    if (!expr || !expr_check(expr, snap->catalog, &type, &err)) {
        fprintf(stderr, "  %s: %s\n", text, err.message);
        pk_diag_free(&err);
        return -2;
    }
    ExprEnv env = {.snap = snap};
    ExprValue val;
    int result = !expr_eval(expr, &env, &val) ? -2 : val.missing ? -1 : val.boolean;
    expr_env_clear(&env);
    return result;
}

static char *render(const char *text, const Snapshot *snap)
{
    PkDiag err = PK_DIAG_INIT;
    Expr *expr = expr_parse(trees, text, NULL, &err);
    ExprType type;
    StrBuf sb = STRBUF_INIT;
    if (expr && expr_check(expr, snap->catalog, &type, &err)) {
        ExprEnv env = {.snap = snap};
        ExprValue val;
        if (expr_eval(expr, &env, &val))
            expr_value_render(&val, &sb);
        expr_env_clear(&env);
    }
    pk_diag_free(&err);
    return sb.data ? sb_detach(&sb) : strdup("");
}

#define CHECK_RENDER(text, snap, want)                                                             \
    do {                                                                                           \
        char *pk_got = render(text, snap);                                                         \
        CHECK_STR(pk_got, want);                                                                   \
        free(pk_got);                                                                              \
    } while (0)

static void test_eval_units(void)
{
    Snapshot snap;
    snap_make(&snap, 18,
              "shared_buffers = 8MB\nwork_mem = '32MB'\nmax_connections = 800\n"
              "checkpoint_timeout = 30\nio_method = io_uring\n",
              "ram=8GB,cores=2");
    CHECK(eval_bool("shared_buffers == 8MB", &snap) == 1);
    CHECK(eval_bool("shared_buffers == 1024 * 8kB", &snap) == 1);
    CHECK(eval_bool("raw(shared_buffers) == 1024", &snap) == 1);
    CHECK(eval_bool("checkpoint_timeout == 30s and checkpoint_timeout < 1min", &snap) == 1);
    CHECK(eval_bool("work_mem * max_connections > host.ram", &snap) == 1);
    CHECK(eval_bool("io_method == 'IO_URING'", &snap) == 1); /* as written, case-insensitive */
    CHECK(eval_bool("pg.version == 18", &snap) == 1);
    CHECK(eval_bool("10 % 3 == 1 and 7 / 2 == 3.5 and -(2) == 0 - 2", &snap) == 1);
    CHECK_RENDER("work_mem * max_connections", &snap, "25GB");
    CHECK_RENDER("work_mem * max_connections * hash_mem_multiplier", &snap, "50GB");
    CHECK_RENDER("checkpoint_timeout", &snap, "30s");
    CHECK_RENDER("checkpoint_timeout * 10", &snap, "5min");
    CHECK_RENDER("1500ms", &snap, "1.5s");
    CHECK_RENDER("0.5ms", &snap, "500us");
    CHECK_RENDER("host.ram / 3", &snap, "2.67GB");
    CHECK_RENDER("cpu_operator_cost", &snap, "0.0025");
    CHECK_RENDER("checkpoint_completion_target", &snap, "0.9");
    CHECK_RENDER("fsync", &snap, "on");
    CHECK_RENDER("io_method", &snap, "io_uring");
    CHECK_RENDER("1e300", &snap, "1e+300");
    CHECK_RENDER("shared_buffers / host.ram * 100", &snap, "0.0977");
    snapshot_free(&snap);
}

static void test_missing_facts(void)
{
    Snapshot snap;
    snap_make(&snap, 18, "io_method = worker\n", NULL);
    CHECK(eval_bool("host.ram > 1GB", &snap) == -1);
    CHECK(eval_bool("io_method == 'io_uring' and host.kernel < '5.6'", &snap) == 0);
    CHECK(eval_bool("io_method == 'worker' or host.cores > 4", &snap) == 1);
    CHECK(eval_bool("io_method == 'worker' and host.cores > 4", &snap) == -1);
    CHECK(eval_bool("not (host.container)", &snap) == -1);
    CHECK(eval_bool("known(host.io_uring)", &snap) == 0);
    CHECK(eval_bool("evidence('checkpoints.requested_share') > 0.2", &snap) == -1);
    CHECK(eval_bool("min(host.ram, 1GB) > 0B", &snap) == -1);
    CHECK(eval_bool("if(host.container, 1, 2) == 1", &snap) == -1);
    /* the missing facts are named */
    PkDiag err = PK_DIAG_INIT;
    Expr *expr = expr_parse(trees, "host.ram > 1GB or host.storage == 'ssd' or evidence('x.y') > 1",
                            NULL, &err);
    ExprType type;
    CHECK(expr && expr_check(expr, snap.catalog, &type, &err));
    ExprEnv env = {.snap = &snap};
    ExprValue val;
    CHECK(expr_eval(expr, &env, &val) && val.missing);
    CHECK(env.n_missing == 3);
    CHECK_STR(env.n_missing == 3 ? env.missing[0] : NULL, "host.ram");
    CHECK_STR(env.n_missing == 3 ? env.missing[1] : NULL, "host.storage");
    CHECK_STR(env.n_missing == 3 ? env.missing[2] : NULL, "evidence x.y");
    expr_env_clear(&env);
    snapshot_add_evidence(&snap, "x.y", 2.5, "x.y is 2.5");
    CHECK(eval_bool("evidence('x.y') > 2", &snap) == 1);
    CHECK(eval_bool("known(evidence('x.y'))", &snap) == 1);
    snapshot_free(&snap);
}

static void test_functions(void)
{
    Snapshot snap;
    snap_make(&snap, 18,
              "shared_preload_libraries = 'auto_explain, pg_stat_statements'\n"
              "debug_io_direct = 'data,wal'\nenable_nestloop = off\n"
              "work_mem = 4MB\nio_workers = 3\nautovacuum_work_mem = -1\n",
              "kernel=5.15.0-105-generic,storage=nvme");
    /* text(): values rendered as templates render them, joined */
    char *joined =
        render("text('work_mem ', work_mem, ' x ', io_workers, ' ', enable_nestloop)", &snap);
    CHECK(!strcmp(joined, "work_mem 4MB x 3 off"));
    free(joined);
    CHECK(error_contains("text(/a/)", 18, "a value that renders as text"));
    /* shared_memory(): lint's estimate when noted, shared_buffers otherwise */
    char *shm = render("shared_memory()", &snap);
    CHECK(!strcmp(shm, "128MB"));
    free(shm);
    snap.shared_memory_bytes = 150.0 * 1024 * 1024;
    shm = render("shared_memory()", &snap);
    CHECK(!strcmp(shm, "150MB"));
    free(shm);
    snap.shared_memory_bytes = 0;
    CHECK(error_contains("shared_memory(1)", 18, "no argument"));
    CHECK(eval_bool("contains(shared_preload_libraries, 'pg_stat_statements')", &snap) == 1);
    CHECK(eval_bool("contains(shared_preload_libraries, 'pg_stat')", &snap) == 0);
    CHECK(
        eval_bool("contains(debug_io_direct, 'data') and not contains(debug_io_direct, 'wal_init')",
                  &snap) == 1);
    CHECK(eval_bool("matches(shared_preload_libraries, /^auto_/)", &snap) == 1);
    CHECK(eval_bool("matches(shared_preload_libraries, /AUTO/i)", &snap) == 1);
    CHECK(eval_bool("matches(shared_preload_libraries, /AUTO/)", &snap) == 0);
    CHECK(eval_bool("one_of(host.storage, 'nvme', 'ssd')", &snap) == 1);
    CHECK(eval_bool("host.kernel >= '5.6' and host.kernel < '6.0' and host.kernel > '5.9.9'",
                    &snap) == 1);
    CHECK(eval_bool("is_set(work_mem) and is_default(work_mem) and not is_set(shared_buffers)",
                    &snap) == 1);
    CHECK(eval_bool("is_set(io_workers) and is_default(io_workers)", &snap) == 1);
    CHECK(eval_bool("default(effective_io_concurrency) == 16", &snap) == 1);
    CHECK(eval_bool("raw(autovacuum_work_mem) == -1", &snap) == 1);
    CHECK(eval_bool("if(raw(autovacuum_work_mem) == -1, maintenance_work_mem, autovacuum_work_mem)"
                    " == 64MB",
                    &snap) == 1);
    CHECK(eval_bool("min(1MB, 2MB, 512kB) == 512kB and max(1s, 2s) == 2000ms", &snap) == 1);
    /* below one step the step halves until an eighth of the value fits: never rounds up */
    CHECK(eval_bool("floor(2.7GB, 1GB) == 2GB and floor(100MB, 1GB) == 96MB", &snap) == 1);
    CHECK(eval_bool("floor(35MB, 128MB) == 32MB and floor(125MB, 128MB) == 120MB and "
                    "floor(128MB, 128MB) == 128MB",
                    &snap) == 1);
    /* an infinite step leaves the value as it is, at once (it used to halve forever) */
    CHECK(eval_bool("floor(3, 1e308 * 10) == 3 and floor(1e308 * 10, 2) > 1e308", &snap) == 1);
    CHECK(eval_bool("off(enable_seqscan, enable_nestloop, enable_hashjoin) == 'enable_nestloop'",
                    &snap) == 1);
    snapshot_free(&snap);
    /* defaults differ by version */
    snap_make(&snap, 13, "", NULL);
    CHECK(eval_bool("default(effective_io_concurrency) == 1 and effective_io_concurrency == 1",
                    &snap) == 1);
    CHECK(eval_bool("checkpoint_completion_target == 0.5 and hash_mem_multiplier == 1", &snap) ==
          1);
    CHECK(eval_bool("shared_buffers == 8MB and not log_checkpoints", &snap) == 1);
    snapshot_free(&snap);
}

/* worst() and worst_note(): the per-role and per-database settings of an audit
 * (Snapshot.overrides) count when they exceed the effective value; in lint there are none. */
static void test_worst(void)
{
    Snapshot snap;
    snap_make(&snap, 17, "work_mem = 4MB\nmaintenance_work_mem = 1GB\n", NULL);
    CHECK(eval_bool("worst(work_mem) == 4MB and worst(maintenance_work_mem) == 1GB", &snap) == 1);
    CHECK_RENDER("worst_note(work_mem, maintenance_work_mem)", &snap, "");
    snapshot_add_override(&snap, "app", "", "work_mem", "1GB");
    snapshot_add_override(&snap, "", "shop", "WORK_MEM", "64MB");
    snapshot_add_override(&snap, "", "shop", "maintenance_work_mem", "256MB"); /* lower */
    snapshot_add_override(&snap, "app", "", "work_mem_typo", "8GB");           /* unknown */
    snapshot_add_override(&snap, "", "", "temp_buffers", "nonsense");          /* unparsable */
    CHECK(eval_bool("worst(work_mem) == 1GB and work_mem == 4MB", &snap) == 1);
    CHECK(eval_bool("worst(maintenance_work_mem) == 1GB and worst(temp_buffers) == 8MB", &snap) ==
          1);
    CHECK_RENDER("worst_note(work_mem, maintenance_work_mem, temp_buffers)", &snap,
                 "role app has work_mem = 1GB (ALTER ROLE app SET), so the worst case counts every "
                 "session with it: ");
    snapshot_add_override(&snap, "app", "shop", "maintenance_work_mem", "2GB");
    CHECK_RENDER("worst_note(work_mem, maintenance_work_mem)", &snap,
                 "role app has work_mem = 1GB (ALTER ROLE app SET) and role app in database shop "
                 "has maintenance_work_mem = 2GB (ALTER ROLE app IN DATABASE shop SET), so the "
                 "worst case counts every session with them: ");
    CHECK(error_contains("worst(ssl)", 17, "a numeric parameter"));
    CHECK(error_contains("worst_note(4MB)", 17, "a numeric parameter"));
    snapshot_free(&snap);
}

static void test_regex_limit(void)
{
    Snapshot snap;
    StrBuf conf = STRBUF_INIT;
    sb_put(&conf, "shared_preload_libraries = '");
    for (int idx = 0; idx < 40; idx++)
        sb_putc(&conf, 'a');
    sb_put(&conf, "b'\n");
    snap_make(&snap, 18, sb_str(&conf), NULL);
    sb_free(&conf);
    PkDiag err = PK_DIAG_INIT;
    Expr *expr = expr_parse(trees, "matches(shared_preload_libraries, /^(a+)+$/)", NULL, &err);
    ExprType type;
    CHECK(expr && expr_check(expr, snap.catalog, &type, &err));
    ExprEnv env = {.snap = &snap};
    ExprValue val;
    CHECK(!expr_eval(expr, &env, &val)); /* bounded: an error, not a hang */
    CHECK(env.error && strstr(env.error, "match limit"));
    expr_env_clear(&env);
    snapshot_free(&snap);
}

static void visit_count(const char *name, void *arg)
{
    (void)name;
    (*(int *)arg)++;
}

static void test_lets_and_visit(void)
{
    PkDiag err = PK_DIAG_INIT;
    Expr *per_conn = expr_parse(trees, "max_connections * work_mem", NULL, &err);
    const char *names[] = {"per_conn"};
    Expr *exprs[] = {per_conn};
    ExprScope scope = {names, exprs, 1};
    Expr *cond = expr_parse(trees, "$per_conn + shared_buffers > host.ram", &scope, &err);
    CHECK(per_conn && cond);
    ExprType type;
    CHECK(expr_check(per_conn, catalog_for_major(18), &type, &err) && type == EXPR_T_BYTES);
    CHECK(expr_check(cond, catalog_for_major(18), &type, &err) && type == EXPR_T_BOOL);
    int params = 0;
    expr_visit_params(cond, visit_count, &params);
    CHECK(params == 3);
    CHECK(expr_node_count(cond) == 5);
}

int main(void)
{
    trees = arena_new();
    test_parse_errors();
    test_type_errors();
    test_eval_units();
    test_missing_facts();
    test_functions();
    test_worst();
    test_regex_limit();
    test_lets_and_visit();
    arena_free(trees);
    PK_TEST_DONE();
}
