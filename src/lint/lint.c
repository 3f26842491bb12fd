#include "lint/lint.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "common/xalloc.h"
#include "hba/hba_input.h"
#include "lint/lint_hba.h"
#include "lint/validate.h"

bool lint_parse_version(const char *text, int *major, int *minor)
{
    char *end;
    if (!text || !isdigit((unsigned char)*text))
        return false;
    long maj = strtol(text, &end, 10);
    long min = -1;
    if (*end == '.') {
        const char *minor_text = end + 1;
        if (!isdigit((unsigned char)*minor_text))
            return false;
        min = strtol(minor_text, &end, 10);
    }
    if (*end || maj < PK_MIN_MAJOR || maj > PK_MAX_MAJOR || min > 1000)
        return false;
    *major = (int)maj;
    *minor = (int)min;
    return true;
}

/* --pg-version, else the data directory's PG_VERSION, else the default major. */
static bool input_version(const LintOpts *opts, LintInput *input, char **errmsg)
{
    input->pg_minor = -1;
    if (opts->pg_version) {
        input->version_source = "--pg-version";
        if (lint_parse_version(opts->pg_version, &input->pg_major, &input->pg_minor))
            return true;
        *errmsg = xasprintf("unsupported PostgreSQL version \"%s\" (pgknob knows %d to %d)",
                            opts->pg_version, PK_MIN_MAJOR, PK_MAX_MAJOR);
        return false;
    }
    int dir_major = input->set.data_dir_major;
    if (dir_major) {
        input->version_source = "PG_VERSION";
        input->pg_major = dir_major;
        if (catalog_for_major(dir_major))
            return true;
        *errmsg = xasprintf("%s: data directory of PostgreSQL %d, but pgknob knows %d to %d;"
                            " use --pg-version", input->path, dir_major, PK_MIN_MAJOR,
                            PK_MAX_MAJOR);
        return false;
    }
    input->version_source = "default";
    input->pg_major = PK_DEFAULT_MAJOR;
    return true;
}

/* The authentication files the input names: a data directory's (after its configuration,
 * which says where they are), or the input itself when it is one. */
static void lint_auth_files(LintInput *input, const HbaInput *in, bool with_settings,
                            FindingList *findings)
{
    HbaOpts hopts = in->opts;
    hopts.major = input->pg_major;
    hopts.features = HBA_FEAT_DEFAULT;
    input->hba = xcalloc(1, sizeof(HbaSet));
    hba_load(in->hba_path, in->ident_path, &hopts, input->hba);
    lint_hba_validate(input->hba, findings);
    lint_hba_semantics(input->hba, with_settings ? &input->snap : NULL, findings);
}

/* A lone pg_hba.conf or pg_ident.conf: no postgresql.conf is read, so the settings the
 * semantics rules need are unknown (a fragment). */
static bool lint_auth_input(const LintOpts *opts, LintInput *input, FindingList *findings,
                            char **errmsg)
{
    if (!input_version(opts, input, errmsg))
        return false;
    const Catalog *cat = catalog_for_major(input->pg_major);
    snapshot_from_conf(&input->snap, &input->set, cat);
    input->fragment = true;
    input->snap.fragment = true;
    HbaInput in = {0};
    if (!hba_input_from_file(input->path, input->pg_major, &in)) {
        *errmsg = xasprintf("could not read \"%s\"", input->path);
        return false;
    }
    /* the report lists the files read */
    const char *paths[] = {in.hba_path, in.ident_path};
    for (size_t idx = 0; idx < 2; idx++) {
        if (!paths[idx])
            continue;
        input->set.files = xrealloc(input->set.files, (input->set.n_files + 1) * sizeof(char *));
        input->set.files[input->set.n_files++] = xstrdup(paths[idx]);
    }
    input->validation_begin = findings->n;
    lint_auth_files(input, &in, false, findings);
    input->validation_end = findings->n;
    hba_input_free(&in);
    return true;
}

static bool lint_input(const LintOpts *opts, LintInput *input, FindingList *findings,
                       char **errmsg)
{
    if (hba_input_is_auth_file(input->path))
        return lint_auth_input(opts, input, findings, errmsg);
    ConfLoadOpts load_opts = {.skip_auto_conf = opts->skip_auto_conf};
    if (!conf_load(input->path, &load_opts, &input->set, errmsg))
        return false;
    if (!input_version(opts, input, errmsg))
        return false;
    const Catalog *cat = catalog_for_major(input->pg_major);
    if (!cat) {
        *errmsg = xasprintf("no catalog for PostgreSQL %d", input->pg_major);
        return false;
    }
    snapshot_from_conf(&input->snap, &input->set, cat);
    input->fragment = !input->set.data_dir && lint_is_fragment(input->path, opts->fragment);
    input->snap.fragment = input->fragment;
    if (input->pg_minor >= 0) {
        free(input->snap.pg_version_label);
        input->snap.pg_version_label = xasprintf("%d.%d", input->pg_major, input->pg_minor);
    }
    ValidateOpts vopts = {.minor = input->pg_minor, .wal_segment_bytes = opts->wal_segment_bytes,
                          .check_host = opts->check_host, .host_is_server = opts->host_is_server};
    input->validation_begin = findings->n;
    lint_validate(&input->set, &input->snap, &vopts, findings);
    HbaInput in = {0};
    if (input->set.data_dir)
        hba_input_from_snapshot(&input->snap, input->set.data_dir, &in);
    if (in.hba_path || in.ident_path)
        lint_auth_files(input, &in, true, findings);
    hba_input_free(&in);
    input->validation_end = findings->n;
    return true;
}

bool lint_is_fragment(const char *path, bool forced)
{
    if (forced)
        return true;
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (!strcmp(base, "postgresql.auto.conf"))
        return true;
    if (!slash || slash == path)
        return false;
    /* the directory's own name: "conf.d" in ".../main/conf.d/10-memory.conf" */
    const char *dir_end = slash;
    while (dir_end > path && dir_end[-1] == '/')
        dir_end--;
    const char *dir_start = dir_end;
    while (dir_start > path && dir_start[-1] != '/')
        dir_start--;
    return dir_end - dir_start > 2 && !strncmp(dir_end - 2, ".d", 2);
}

bool lint_run(const LintOpts *opts, LintResult *res, char **errmsg)
{
    *errmsg = NULL;
    res->inputs = xcalloc(opts->n_paths ? opts->n_paths : 1, sizeof(LintInput));
    for (size_t path_idx = 0; path_idx < opts->n_paths; path_idx++) {
        LintInput *input = &res->inputs[res->n_inputs++];
        input->path = xstrdup(opts->paths[path_idx]);
        if (!lint_input(opts, input, &res->findings, errmsg))
            return false;
    }
    return true;
}

void lint_result_free(LintResult *res)
{
    for (size_t idx = 0; idx < res->n_inputs; idx++) {
        free(res->inputs[idx].path);
        conf_set_free(&res->inputs[idx].set);
        if (res->inputs[idx].snap.catalog)
            snapshot_free(&res->inputs[idx].snap);
        if (res->inputs[idx].hba) {
            hba_set_free(res->inputs[idx].hba);
            free(res->inputs[idx].hba);
        }
    }
    free(res->inputs);
    findings_free(&res->findings);
    memset(res, 0, sizeof(*res));
}
