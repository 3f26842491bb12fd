/* Reading a baseline: a JSON report of an earlier run, parsed by jansson (strict RFC 8259,
 * depth-limited), from which the finding keys are taken. Matching ignores line numbers so edits
 * above a line do not make its finding "new". */
#include "project/policy.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/json.h"
#include "common/readfile.h"
#include "common/xalloc.h"

#define BASELINE_MAX_SIZE (64 * 1024 * 1024)

static const char *base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path ? path : "";
}

static char *finding_key(const char *rule, const char *setting, const char *file)
{
    return xasprintf("%s\x1f%s\x1f%s", rule, setting ? setting : "", base_name(file));
}

static void add_key(Baseline *out, const json_t *finding)
{
    const char *setting =
        pk_json_get_str(json_array_get(json_object_get(finding, "settings"), 0), "name");
    const char *rule = pk_json_get_str(finding, "rule");
    Arena *a = arena_get(&out->arena);
    out->keys = arena_realloc(a, out->keys, out->n * sizeof(char *), (out->n + 1) * sizeof(char *));
    char *key = finding_key(rule ? rule : "", setting, pk_json_get_str(finding, "file"));
    out->keys[out->n++] = arena_strdup(a, key);
    free(key);
}

bool baseline_load_buffer(const char *text, size_t len, Baseline *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    json_error_t error;
    json_t *root = json_loadb(text, len, 0, &error);
    const char *tool = pk_json_get_str(root, "tool");
    json_t *findings = json_object_get(root, "findings");
    bool ok = root && tool && !strcmp(tool, "pgknob") && json_is_array(findings);
    if (!root)
        pk_diag_set(diag, NULL, 0, NULL, "line %d: invalid JSON: %s", error.line, error.text);
    else if (!ok)
        pk_diag_set(diag, NULL, 0, NULL,
                    "not a pgknob JSON report (write one with `pgknob lint --format json` or "
                    "`pgknob audit --format json`)");
    size_t idx;
    json_t *finding;
    json_array_foreach(ok ? findings : NULL, idx, finding) if (json_is_object(finding))
        add_key(out, finding);
    json_decref(root);
    if (!ok)
        return false; /* nothing is left allocated in `out` */
    out->used = arena_array(arena_get(&out->arena), out->n ? out->n : 1, sizeof(bool));
    return true;
}

bool baseline_load(const char *path, Baseline *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    char *data = NULL;
    PkDiag inner = PK_DIAG_INIT;
    size_t len = 0;
    bool ok = pk_read_file_diag(path, BASELINE_MAX_SIZE, "the baseline", &data, &len, diag);
    if (ok && !(ok = baseline_load_buffer(data, len, out, &inner)))
        pk_diag_set(diag, path, 0, inner.hint, "%s", inner.message);
    pk_diag_free(&inner);
    free(data);
    return ok;
}

static bool drop_known(Finding *f, const void *ctx)
{
    /* marks entries through baseline->used, an array the Baseline points to */
    const Baseline *baseline = ctx;
    char *key = finding_key(f->rule_id, f->n_settings ? f->settings[0].name : NULL, f->file);
    bool known = false;
    for (size_t idx = 0; idx < baseline->n && !known; idx++)
        if (!baseline->used[idx] && !strcmp(baseline->keys[idx], key))
            known = baseline->used[idx] = true;
    free(key);
    return known;
}

size_t baseline_filter(FindingList *findings, Baseline *baseline)
{
    return policy_remove_if(findings, drop_known, baseline);
}
