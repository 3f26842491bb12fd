/* libFuzzer target for the rule expression language: parse, type-check against two catalogs,
 * evaluate on a default snapshot and render. Built by tests/fuzz/run.sh (`make fuzz`). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "common/strbuf.h"
#include "conf/conf.h"
#include "model/snapshot.h"
#include "rules/expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Snapshot *default_snapshot(void)
{
    static Snapshot snap;
    static int ready;
    if (!ready) {
        ConfSet set = {0};
        conf_load_buffer("/fuzz/postgresql.conf", "", 0, &set);
        snapshot_from_conf(&snap, &set, catalog_for_major(18));
        arena_free(set.arena);
        snap.host.ram_bytes = 8.0 * 1024 * 1024 * 1024;
        ready = 1;
    }
    return &snap;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    PkDiag err = PK_DIAG_INIT;
    Arena *tree = arena_new();
    Expr *expr = expr_parse(tree, text, NULL, &err);
    if (expr) {
        ExprType type;
        if (expr_check(expr, catalog_for_major(13), &type, &err) &&
            expr_check(expr, catalog_for_major(18), &type, &err)) {
            ExprEnv env = {.snap = default_snapshot()};
            ExprValue val;
            StrBuf sb = STRBUF_INIT;
            if (expr_eval(expr, &env, &val))
                expr_value_render(&val, &sb);
            sb_free(&sb);
            expr_env_clear(&env);
        }
    }
    arena_free(tree);
    pk_diag_free(&err);
    free(text);
    return 0;
}
