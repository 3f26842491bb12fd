#include "lint/lint.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "catalog/catalog.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_template.h"
#include "hba/hba_input.h"
#include "input/compose_limits.h"
#include "host/host.h"
#include "lint/container.h"
#include "lint/fix_safety.h"
#include "lint/hugepages.h"
#include "lint/input_notes.h"
#include "lint/intent.h"
#include "lint/lint_hba.h"
#include "lint/major.h"
#include "upgrade/upgrade.h"
#include "lint/validate.h"

const char *lint_input_service(const LintInput *input)
{
    return input->format == INPUT_ARGS && input->label && !strncmp(input->label, "service ", 8)
               ? input->label + 8
               : NULL;
}

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

/* --pg-version, else the data directory's PG_VERSION, else the major a manifest names (CNPG's
 * imageName, Zalando's version, Crunchy's postgresVersion, Patroni's bin_dir), else the default
 * (which the file's own evidence may then replace: lint_major_from_evidence). A data directory or
 * a manifest naming a major after the newest pgknob knows is an error unless --pg-version says
 * which. */
static bool input_version(const LintOpts *opts, LintInput *input, const InputDoc *doc, PkDiag *diag)
{
    input->pg_minor = -1;
    if (opts->pg_version) {
        input->version_source = "--pg-version";
        if (lint_parse_version(opts->pg_version, &input->pg_major, &input->pg_minor))
            return true;
        return pk_diag_set(diag, NULL, 0, NULL,
                           "unsupported PostgreSQL version \"%s\" (pgknob knows %d to %d)",
                           opts->pg_version, PK_MIN_MAJOR, PK_MAX_MAJOR);
    }
    int dir_major = input->set.data_dir_major;
    if (dir_major) {
        input->version_source = "PG_VERSION";
        input->pg_major = dir_major;
        if (catalog_for_major(dir_major))
            return true;
        return pk_diag_set(diag, input->path, 0, NULL,
                           "data directory of PostgreSQL %d, but pgknob knows %d to %d; use "
                           "--pg-version",
                           dir_major, PK_MIN_MAJOR, PK_MAX_MAJOR);
    }
    if (doc && doc->pg_major && catalog_for_major(doc->pg_major)) {
        input->version_source = "manifest";
        input->pg_major = doc->pg_major;
        return true;
    }
    /* a manifest's major older than the catalogs is evidence as a file's paths are: it is
     * checked as the default, with its end of life said (lint_major_from_evidence) */
    bool older = doc && doc->version_label[0] && atoi(doc->version_label) < PK_MIN_MAJOR;
    if (doc && doc->version_label[0] && !older) {
        const char *file = input->set.n_files ? input->set.files[0] : input->path;
        pk_diag_set(diag, file, doc->version_line,
                    "give --pg-version with the major to check it as (an upgrade's target, for"
                    " what it needs)",
                    "%s is \"%s\": PostgreSQL %s, but pgknob knows %d to %d", doc->version_key,
                    doc->version_text, doc->version_label, PK_MIN_MAJOR, PK_MAX_MAJOR);
        pk_diag_set_column(diag, doc->version_column);
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
    hopts.major_assumed = input->version_source && !strcmp(input->version_source, "default");
    hopts.features = HBA_FEAT_DEFAULT;
    input->hba = xcalloc(1, sizeof(HbaSet));
    hba_load(in->hba_path, in->ident_path, &hopts, input->hba);
    lint_hba_validate(input->hba, findings);
    lint_hba_semantics(input->hba, with_settings ? &input->snap : NULL, findings);
}

/* A lone pg_hba.conf or pg_ident.conf: no postgresql.conf is read, so the settings the
 * semantics rules need are unknown (a fragment). */
static bool lint_auth_input(const LintOpts *opts, LintInput *input, FindingList *findings,
                            PkDiag *diag)
{
    if (!input_version(opts, input, NULL, diag))
        return false;
    HbaInput in = {0};
    if (!hba_input_from_file(input->path, input->pg_major, &in))
        return pk_diag_set(diag, NULL, 0, NULL, "could not read \"%s\"", input->path);
    /* the report lists the files read */
    const char *paths[] = {in.hba_path, in.ident_path};
    for (size_t idx = 0; idx < 2; idx++) {
        if (!paths[idx])
            continue;
        ConfSet *set = &input->set;
        Arena *arena = arena_get(&set->arena);
        set->files = arena_realloc(arena, set->files, set->n_files * sizeof(char *),
                                   (set->n_files + 1) * sizeof(char *));
        set->files[set->n_files++] = arena_strdup(arena, paths[idx]);
    }
    /* as a postgresql.conf's placeholders are judged (lint/template.c, deployed) */
    char *real = realpath(input->path, NULL);
    in.opts.lone = !opts->host_is_server && !lint_server_home(real ? real : input->path);
    free(real);
    input->validation_begin = findings->n;
    /* the server an authentication file is for runs a major as a postgresql.conf's does: the
     * image its compose file runs, its path, its README (review 2026-12zh, h38b 24: a pg_hba.conf
     * mounted into postgres:14 was checked as 18, with no word of 14's end of life) */
    if (!strcmp(input->version_source, "default"))
        lint_major_from_evidence(input, NULL, findings);
    else
        lint_major_stated_end_of_life(input, NULL, findings);
    in.opts.major = input->pg_major;
    const Catalog *cat = catalog_for_major(input->pg_major);
    snapshot_from_conf(&input->snap, &input->set, cat);
    input->fragment = true;
    input->auth_only = true;
    input->snap.fragment = true;
    size_t auth_begin = findings->n;
    lint_auth_files(input, &in, false, findings);
    if (in.hba_path)
        lint_check_unread_hba_file(in.hba_path, input->pg_major, findings, auth_begin);
    input->validation_end = findings->n;
    arena_free(in.arena);
    return true;
}

/* The bind mounts of the compose service that runs the file at `path` (a regular file), as
 * ConfMounts borrowing `mount`'s strings; NULL with *n 0 when none. */
static ConfMount *compose_mounts(const char *path, ComposeLimits *mount, size_t *n)
{
    struct stat st;
    *n = 0;
    if (!path || stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
        !input_compose_mount(path, mount) || !mount->n_binds)
        return NULL;
    ConfMount *mounts = xcalloc(mount->n_binds, sizeof *mounts);
    for (size_t idx = 0; idx < mount->n_binds; idx++)
        mounts[idx] = (ConfMount){mount->binds[idx].target, mount->binds[idx].source};
    *n = mount->n_binds;
    return mounts;
}

/* The loaded set's version, Snapshot and validation findings. */
static bool lint_check(const LintOpts *opts, LintInput *input, const InputDoc *doc,
                       FindingList *findings, PkDiag *diag)
{
    if (!input_version(opts, input, doc, diag))
        return false;
    if (!strcmp(input->version_source, "default"))
        lint_major_from_evidence(input, doc, findings);
    else
        lint_major_stated_end_of_life(input, doc, findings);
    const Catalog *cat = catalog_for_major(input->pg_major);
    if (!cat)
        return pk_diag_set(diag, NULL, 0, NULL, "no catalog for PostgreSQL %d", input->pg_major);
    /* a template's if/else on the storage kind or the memory: the branch --host renders */
    if (opts->host_storage[0] || opts->instance_memory > 0)
        conf_set_choose_branches(&input->set, opts->host_storage[0] ? opts->host_storage : NULL,
                                 opts->instance_memory > 0 ? opts->instance_memory : -1);
    snapshot_from_conf(&input->snap, &input->set, cat);
    if (doc)
        snapshot_apply_operator_defaults(&input->snap, doc->operator_defaults, doc->operator_name);
    /* TimescaleDB's image sizes the worker settings by the machine (timescaledb-tune, run by its
     * docker-entrypoint-initdb.d): what is left unset is the image's, not PostgreSQL's default
     * (review 2026-12zo, h59b 30: pg_stat_statements' fix said to raise PK0028 on the image's
     * own timescaledb) */
    if (doc && doc->operator_defaults == input_timescaledb_image_defaults)
        input->snap.managed_by = doc->operator_name;
    if (doc && doc->initdb_file_kept)
        snapshot_apply_operator_defaults(&input->snap, input_initdb_defaults, "initdb");
    /* a managed service's configuration (an RDS parameter group, Cloud SQL flags, an Azure
     * server's): what the service runs with where nothing sets it, the libraries it ships and
     * its restrictions, as --target gives them (held-out set 49, h49b 23-28: pg_stat_statements
     * advised where RDS loads it by default, log_checkpoints called off where Azure turns it on) */
    const TargetSpec *service = opts->target;
    if (!service && doc && doc->service != TARGET_NONE && !input->own_service) {
        input->own_service = xcalloc(1, sizeof *input->own_service);
        /* the service's data missing is an installation's fault, said as such: checked without
         * it, a service's own defaults would be read as PostgreSQL's (pg_stat_statements advised
         * where RDS and Cloud SQL preload it) */
        if (target_spec_load(doc->service, input->own_service, diag)) {
            service = input->own_service;
        } else {
            arena_free(input->own_service->arena);
            free(input->own_service);
            input->own_service = NULL;
            return false;
        }
    } else if (!service) {
        service = input->own_service;
    }
    input->service = service;
    if (service) {
        /* the instance the group is for sizes the service's formula defaults, --host where it
         * is smaller (as the host facts are capped) */
        double memory = opts->instance_memory, class_memory = 0;
        int class_vcpus = 0;
        if (doc && doc->instance_class &&
            host_instance_class(doc->instance_class, &class_memory, &class_vcpus) &&
            (memory <= 0 || class_memory < memory))
            memory = class_memory;
        const char *by = arena_strdup(arena_get(&input->snap.arena),
                                      service->name ? service->name : "the service");
        snapshot_apply_operator_defaults(
            &input->snap, target_defaults(service, input->pg_major, memory, &input->snap.arena),
            by);
        input->snap.managed_by = by;
        const char *shipped =
            target_shipped_libraries(service, input->pg_major, &input->snap.arena);
        if (shipped && !input->image_libraries)
            input->image_libraries = xstrdup(shipped);
    }
    input->fragment = !input->set.data_dir && input->format == INPUT_CONF &&
                      lint_is_fragment(input->path, opts->fragment);
    input->snap.fragment = input->fragment;
    if (input->pg_minor >= 0) {
        input->snap.pg_version_label =
            arena_printf(input->snap.arena, "%d.%d", input->pg_major, input->pg_minor);
    }
    ValidateOpts vopts = {
        .minor = input->pg_minor,
        .wal_segment_bytes = opts->wal_segment_bytes,
        .check_host = opts->check_host,
        .host_is_server = opts->host_is_server,
        .image_libraries = input->image_libraries,
        .image_of = !input->set.data_dir && input->set.n_files ? input->set.files[0] : NULL};
    ComposeLimits mount = {0};
    ConfMount *mounts =
        input->set.data_dir ? NULL : compose_mounts(input->path, &mount, &vopts.n_mounts);
    vopts.mounts = mounts;
    /* review 2026-12zo, h59a 06: `app.env = '${APP_ENV}'` in a file compose mounts as
     * config_file, called a stand-in a build fills in, while the server keeps the text */
    vopts.read_as_mounted =
        mount.compose && mount.config_file && !mount.unread && !mount.other_program;
    size_t validated = findings->n;
    lint_validate(&input->set, &input->snap, &vopts, findings);
    free(mounts);
    compose_limits_clear(&mount);
    /* a managed service keeps its server's files and ships the libraries it allows (its
     * restrictions, lint_target, say which): what "must exist on the server" or be installed
     * there is the service's to provide (held-out set 50, h50b 24 and 27: certificates to place
     * on RDS, pgaudit to install on Aurora) */
    for (size_t idx = validated; service && idx < findings->n; idx++) {
        Finding *f = &findings->items[idx];
        if (strcmp(f->rule_id, "PK0061") || f->suppressed)
            continue;
        f->suppressed = true;
        f->suppress_reason =
            finding_printf(f, "%s keeps the server's files and ships the libraries it allows",
                           service->name ? service->name : "the managed service");
    }
    lint_major_from_removed(input, findings, validated);
    lint_validate_huge_pages(&input->snap, input->hugepages_limit, findings);
    if (service)
        lint_target(service, &input->set, input->pg_major, findings);
    return true;
}

static bool lint_input(const LintOpts *opts, LintInput *input, FindingList *findings, PkDiag *diag)
{
    if (hba_input_is_auth_file(input->path))
        return lint_auth_input(opts, input, findings, diag);
    ConfLoadOpts load_opts = {.skip_auto_conf = opts->skip_auto_conf};
    /* a file a compose service runs: its includes are read where the container sees them */
    ComposeLimits mount = {0};
    ConfMount *mounts = compose_mounts(input->path, &mount, &load_opts.n_mounts);
    load_opts.mounts = mounts;
    bool loaded = conf_load(input->path, &load_opts, &input->set, diag);
    free(mounts);
    compose_limits_clear(&mount);
    if (!loaded)
        return false;
    input->validation_begin = findings->n;
    bool ok = lint_check(opts, input, NULL, findings, diag);
    HbaInput in = {0};
    if (ok && input->set.data_dir)
        hba_input_from_snapshot(&input->snap, input->set.data_dir, &in);
    if (in.hba_path || in.ident_path)
        lint_auth_files(input, &in, true, findings);
    arena_free(in.arena);
    input->validation_end = findings->n;
    return ok;
}

/* The configuration's ssl line is a template's placeholder ('__SSL_ENABLED__'): what the rendered
 * file says is unknown, so its hostssl lines are taken as meant. */
static bool ssl_is_placeholder(const ConfSet *set)
{
    for (size_t idx = 0; idx < set->n_entries; idx++)
        if (set->entries[idx].name && !strcasecmp(set->entries[idx].name, "ssl") &&
            conf_placeholder_value(set->entries[idx].name, set->entries[idx].value))
            return true;
    return false;
}

/* Patroni validates values itself before writing postgresql.conf: an unknown parameter or a value
 * it cannot parse is dropped with a warning in its log ("Removing unexpected parameter"), so the
 * server never sees it and does not refuse to start. Still an error: the setting is lost. */
static void patroni_drops(FindingList *findings, size_t begin)
{
    static const char *const dropped[] = {"PK0010", "PK0011", "PK0020", "PK0021"};
    for (size_t idx = begin; idx < findings->n; idx++) {
        Finding *f = &findings->items[idx];
        for (size_t rule = 0; rule < sizeof(dropped) / sizeof(dropped[0]); rule++) {
            if (strcmp(f->rule_id, dropped[rule]) || !f->refuses_start)
                continue;
            f->refuses_start = false;
            /* on 13 and later Patroni passes wal_keep_segments on as wal_keep_size (the manifest
             * reader converts it where the file's own major is 13+; here the target is
             * --pg-version's, review 2026-12t, h21b 23): it takes effect, renamed */
            const char *name = f->n_settings ? f->settings[0].name : NULL;
            char *new_name = NULL, *new_value = NULL;
            bool renamed =
                name && !strcasecmp(name, "wal_keep_segments") &&
                upgrade_successor(name, f->settings[0].value, 13, &new_name, &new_value) &&
                new_value;
            if (renamed) {
                f->severity = SEV_NOTICE;
                f->message = finding_printf(f,
                                            "wal_keep_segments is no parameter of PostgreSQL 13 and"
                                            " later: Patroni passes it on as %s = %s (%s segments"
                                            " of 16MB)",
                                            new_name, new_value, f->settings[0].value);
                f->hint = finding_printf(f,
                                         "%s%sIt takes effect under its new name; write that"
                                         " name.",
                                         f->hint ? f->hint : "", f->hint ? " " : "");
            }
            free(new_name);
            free(new_value);
            if (renamed)
                break;
            /* a removed parameter whose value means nothing on the target major (the feature
             * is automatic or gone: stats_temp_directory from 15) loses nothing when dropped: a
             * notice, not the error of a lost setting (review 2026-12zo, h55c 36) */
            char *why = NULL;
            bool inert = name && !strcmp(f->rule_id, "PK0011") && f->settings[0].value &&
                         !(why = fix_safety_removal_why(name, f->settings[0].value, NULL));
            free(why);
            if (inert)
                f->severity = SEV_NOTICE;
            f->hint = finding_printf(f,
                                     "%s%sPatroni drops such a setting from postgresql.conf with a "
                                     "warning in its log, so it has no effect%s",
                                     f->hint ? f->hint : "", f->hint ? " " : "",
                                     inert ? ", and nothing is lost: remove it to quiet the "
                                             "warning."
                                           : ".");
        }
    }
}

static LintInput *add_input(LintResult *res, const char *path)
{
    res->inputs = xrealloc(res->inputs, (res->n_inputs + 1) * sizeof(*res->inputs));
    LintInput *input = &res->inputs[res->n_inputs++];
    memset(input, 0, sizeof(*input));
    input->path = xstrdup(path);
    input->format = INPUT_CONF;
    host_facts_init_unknown(&input->pod_host);
    return input;
}

/* The pg_ident lines a manifest carries, after the operator's own maps (whose findings go with
 * its pg_hba lines'): map= options of the pg_hba lines are looked up in them (PK0207), and a
 * line load_ident() rejects is PK0205 at its string. */
static void load_manifest_ident(HbaSet *set, const InputDoc *doc, const char *file)
{
    size_t n_own = 0;
    while (doc->ident_operator_lines && doc->ident_operator_lines[n_own])
        n_own++;
    HbaSourceLine *lines = xcalloc(n_own + doc->n_ident + 1, sizeof(*lines));
    for (size_t idx = 0; idx < n_own; idx++)
        lines[idx] = (HbaSourceLine){doc->hba_operator_name, doc->ident_operator_lines[idx],
                                     (int)idx + 1, 0};
    for (size_t idx = 0; idx < doc->n_ident; idx++)
        lines[n_own + idx] = (HbaSourceLine){NULL, doc->ident[idx].text, doc->ident[idx].line,
                                             doc->ident[idx].column};
    char *label =
        xasprintf("the pg_ident lines of %s%s", file, n_own ? " and the operator's own maps" : "");
    hba_load_ident_lines(file, label, lines, n_own + doc->n_ident, set);
    free(label);
    free(lines);
}

/* The pg_hba lines a manifest carries, read by src/hba/ as the server reads pg_hba.conf, each
 * finding at its string's line and column. CloudNativePG, Crunchy (PGO) and Zalando (Spilo)
 * run the server with ssl on; a Patroni configuration has its own ssl (off by default). The
 * semantics rules that need postgresql.conf are not run: the operator sets listen_addresses,
 * ssl files and password_encryption itself. The operator's own lines before the manifest's
 * (CloudNativePG's fixed rules) are read too, so a manifest line they shadow is PK0210; findings
 * on them are dropped (nobody can change them). */
static void lint_manifest_hba(LintInput *input, const InputDoc *doc, const char *file,
                              FindingList *findings)
{
    if (!doc->n_hba && !doc->n_ident)
        return;
    size_t n_own = 0;
    while (doc->hba_operator_lines && doc->hba_operator_lines[n_own])
        n_own++;
    HbaSourceLine *lines = xcalloc(n_own + doc->n_hba, sizeof(*lines));
    for (size_t idx = 0; idx < n_own; idx++)
        lines[idx] =
            (HbaSourceLine){doc->hba_operator_name, doc->hba_operator_lines[idx], (int)idx + 1, 0};
    for (size_t idx = 0; idx < doc->n_hba; idx++)
        lines[n_own + idx] =
            (HbaSourceLine){NULL, doc->hba[idx].text, doc->hba[idx].line, doc->hba[idx].column};
    const SnapSetting *ssl = snapshot_get(&input->snap, "ssl");
    const SnapSetting *oauth = snapshot_get(&input->snap, "oauth_validator_libraries");
    HbaOpts hopts = {.major = input->pg_major,
                     .features = HBA_FEAT_DEFAULT,
                     .ssl = (doc->format != INPUT_PATRONI && doc->format != INPUT_EMBEDDED) ||
                            (ssl && ssl->parsed_ok && ssl->parsed.boolval) ||
                            ssl_is_placeholder(&input->set) || doc->ssl_by_bootstrap,
                     .oauth_validators = oauth ? oauth->value : NULL};
    /* the manifest's own password_encryption, or its operator's default (Crunchy's and
     * Percona's scram-sha-256 on every major); else the major's default holds */
    hopts.major_assumed = input->version_source && !strcmp(input->version_source, "default");
    const SnapSetting *enc = snapshot_get(&input->snap, "password_encryption");
    if (enc && (enc->source != SRC_DEFAULT || enc->default_by)) {
        hopts.password_encryption = enc->value;
        hopts.password_encryption_by = enc->default_by;
    }
    input->hba = xcalloc(1, sizeof(HbaSet));
    hba_load_lines(file, lines, n_own + doc->n_hba, &hopts, input->hba);
    if (doc->n_ident || doc->ident_operator_lines)
        load_manifest_ident(input->hba, doc, file);
    FindingList found = {0};
    lint_hba_validate(input->hba, &found);
    lint_hba_semantics(input->hba, NULL, &found);
    lint_hba_locate_columns(input->hba, &found, 0);
    for (size_t idx = 0; idx < found.n; idx++) {
        const Finding *f = &found.items[idx];
        if (!(n_own && f->file && !strcmp(f->file, doc->hba_operator_name))) {
            Finding *kept = findings_push(findings, f);
            if (doc->ident_operator_lines && !strcmp(kept->rule_id, "PK0207"))
                kept->hint = finding_printf(kept,
                                            "Add the map's lines to the manifest's pg_ident list"
                                            " (%s.postgresql.pg_ident), or correct the name.",
                                            doc->format == INPUT_CNPG_CHART ? "cluster" : "spec");
            if (n_own && !strcmp(kept->rule_id, "PK0210") &&
                strstr(kept->message, doc->hba_operator_name)) {
                kept->hint =
                    finding_strdup(kept, "The operator writes its own lines first, and the first"
                                         " match wins: narrow this line to what they do not match,"
                                         " or remove it.");
            }
        }
    }
    findings_take(findings, &found); /* the operator's own lines' findings go with it */
    free(lines);
}

/* Does the document leave a value as a managed service's formula it could not evaluate? */
static bool doc_has_formula(const InputDoc *doc)
{
    for (size_t idx = 0; idx < doc->n_notes; idx++)
        if (doc->notes[idx].kind == NOTE_FORMULA)
            return true;
    return false;
}

/* One LintInput per recognised document; the document's ConfSet moves into it. */
static bool lint_docs(const LintOpts *opts, const char *path, InputResult *ir, LintResult *res,
                      PkDiag *diag)
{
    for (size_t idx = 0; idx < ir->n_docs; idx++) {
        InputDoc *doc = &ir->docs[idx];
        LintInput *input = add_input(res, path);
        input->format = doc->format;
        input->label = doc->format == INPUT_CONF ? NULL : xstrdup(doc->label);
        input->set = doc->set;
        memset(&doc->set, 0, sizeof(doc->set));
        input->hugepages_limit[0] = doc->pod_hugepages[0];
        input->hugepages_limit[1] = doc->pod_hugepages[1];
        input->image_libraries = doc->image_libraries ? xstrdup(doc->image_libraries) : NULL;
        input->unused_group = doc->unused_group ? xstrdup(doc->unused_group) : NULL;
        input->trust_service = doc->trust_service ? xstrdup(doc->trust_service) : NULL;
        input->trust_line = doc->trust_line;
        input->trust_published_line = doc->trust_published_line;
        input->old_volume = doc->old_volume ? xstrdup(doc->old_volume) : NULL;
        input->old_volume_line = doc->old_volume_line;
        input->old_volume_unpinned = doc->old_volume_unpinned;
        input->member_slots_managed = doc->member_slots_managed;
        if (doc->pod_source) {
            input->pod_host.ram_bytes = doc->pod_ram;
            input->pod_host.ram_is_container = true;
            input->pod_host.cores = doc->pod_cores;
            input->pod_host.source = xstrdup(doc->pod_source);
        } else if (doc->instance_class && !doc_has_formula(doc) &&
                   host_instance_class(doc->instance_class, &input->pod_host.ram_bytes,
                                       &input->pod_host.cores)) {
            /* the database instance the parameter group is for: its class's memory and vCPUs,
             * where the group's values are numbers to weigh against them (a value left as a
             * formula of that memory is the service's, as are the formula defaults of the
             * parameters it would be weighed against, which pgknob does not model) */
            input->pod_host.source = xstrdup(doc->instance_source);
        }
        if (doc->volume_source) {
            input->pod_host.disk_bytes = doc->volume_disk > 0 ? doc->volume_disk : -1;
            input->pod_host.wal_disk_bytes = doc->volume_wal_disk > 0 ? doc->volume_wal_disk : -1;
            char *source = input->pod_host.source
                               ? xasprintf("%s; %s", input->pod_host.source, doc->volume_source)
                               : xstrdup(doc->volume_source);
            free(input->pod_host.source);
            input->pod_host.source = source;
        }
        input->validation_begin = res->findings.n;
        const char *file = input->set.n_files ? input->set.files[0] : path;
        lint_input_notes(doc, file, &res->findings);
        size_t checked = res->findings.n;
        bool ok = lint_check(opts, input, doc, &res->findings, diag);
        if (doc->format == INPUT_PATRONI || doc->format == INPUT_CRUNCHY ||
            doc->format == INPUT_PERCONA)
            patroni_drops(&res->findings, checked);
        if (ok)
            lint_input_note_names(doc, &input->set, &input->snap, &res->findings);
        if (ok)
            lint_input_value_places(doc, &input->set, &res->findings, checked);
        if (ok)
            lint_manifest_hba(input, doc, file, &res->findings);
        input->validation_end = res->findings.n;
        if (!ok)
            return false;
    }
    return true;
}

/* Does the file's header (its comments before the first setting) place it in a conf.d
 * directory ("Ubicación: /etc/postgresql/16/main/conf.d/harmoni.conf", "Este arquivo fica em
 * conf.d/": held-out set 43, h43b 20 and h43c 43, two drop-ins judged as whole configurations)?
 * A header that names include_dir describes the file that includes the directory. */
static bool header_says_conf_d(const char *path)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return false;
    bool conf_d = false, include_dir = false, header = true;
    for (const char *line = data; *line;) {
        const char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        const char *p = line + strspn(line, " \t");
        /* the first setting (or template line) ends the header; a file that includes others
         * anywhere is the including one (a code review of this session: a main file's "tuning
         * goes in conf.d/" header above its include_dir = 'conf.d') */
        if (p < line + n && *p != '#' && *p != '\r') {
            header = false;
            include_dir = include_dir || !strncasecmp(p, "include", 7);
        }
        if (header) {
            char *text = xstrndup(line, n);
            conf_d = conf_d || strstr(text, "conf.d") != NULL;
            include_dir = include_dir || strcasestr(text, "include_dir") != NULL;
            free(text);
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    free(data);
    return conf_d && !include_dir;
}

bool lint_is_fragment(const char *path, bool forced)
{
    if (forced)
        return true;
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (!strcmp(base, "postgresql.auto.conf"))
        return true;
    /* a file its name calls an override (postgresql.override.conf, 99-overrides.conf) is laid
     * over a base configuration it does not hold (held-out set 30, h30b 20: a keepalive override
     * told to preload pg_stat_statements) */
    for (const char *at = strcasestr(base, "override"); at; at = strcasestr(at + 1, "override")) {
        size_t len = strlen("override");
        if (at[len] == 's')
            len++;
        if ((at == base || !isalnum((unsigned char)at[-1])) && !isalnum((unsigned char)at[len]))
            return true;
    }
    if (header_says_conf_d(path))
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
    if (dir_end - dir_start <= 2 || strncmp(dir_end - 2, ".d", 2))
        return false;
    /* unless a compose service runs it as its config_file, or mounts it where a whole
     * configuration belongs and leaves it unread (PK0097): the whole configuration, whatever
     * its directory is called (held-out set 43, h43a 02: PK0097 lost to fragment mode; h43a 11:
     * a 410GB maintenance_work_mem on an 8GB host hidden as a fragment's) */
    ComposeLimits mount;
    bool whole = input_compose_mount(path, &mount) && (mount.config_file || mount.unread);
    compose_limits_clear(&mount);
    return !whole;
}

/* A buffer named pg_hba.conf or pg_ident.conf: its syntax is neither postgresql.conf's nor a
 * manifest's. */
static bool stdin_names_auth_file(const char *name)
{
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    return !strcmp(base, "pg_hba.conf") || !strcmp(base, "pg_ident.conf");
}

/* A directory that is no data directory (no PG_VERSION, no postgresql.conf) but a Terraform
 * module: the module's files that hold a resource pgknob reads (input_terraform_module), NULL
 * otherwise. */
static char **module_inputs(const char *path, const InputOpts *iopts, size_t *n)
{
    *n = 0;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return NULL;
    char *version = xasprintf("%s/PG_VERSION", path), *conf = xasprintf("%s/postgresql.conf", path);
    bool data_dir = stat(version, &st) == 0 || stat(conf, &st) == 0;
    free(version);
    free(conf);
    return data_dir ? NULL : input_terraform_module(path, iopts, n);
}

static bool lint_path(const LintOpts *opts, const InputOpts *iopts, const char *path,
                      LintResult *res, PkDiag *diag);

bool lint_run(const LintOpts *opts, LintResult *res, PkDiag *diag)
{
    InputOpts iopts = {.format = opts->input_format,
                       .instance_memory = opts->instance_memory,
                       .instance_vcpus = opts->instance_vcpus,
                       .stdin_name = opts->stdin_name};
    for (size_t path_idx = 0; path_idx < opts->n_paths; path_idx++) {
        size_t n_module = 0;
        char **module = module_inputs(opts->paths[path_idx], &iopts, &n_module);
        bool ok = true;
        for (size_t idx = 0; idx < n_module; idx++) {
            ok = ok && lint_path(opts, &iopts, module[idx], res, diag);
            free(module[idx]);
        }
        free(module);
        if (!ok || (!n_module && !lint_path(opts, &iopts, opts->paths[path_idx], res, diag)))
            return false;
    }
    return true;
}

static bool lint_path(const LintOpts *opts, const InputOpts *iopts, const char *path,
                      LintResult *res, PkDiag *diag)
{
    /* "-" is standard input; --stdin-filename says where its text stands */
    const char *name = !strcmp(path, "-") && opts->stdin_name ? opts->stdin_name : path;
    if (name != path && stdin_names_auth_file(name)) {
        return pk_diag_set(diag, name, 0, NULL,
                           "standard input is read as postgresql.conf text or a manifest; "
                           "lint pg_hba.conf and pg_ident.conf from their files");
    }
    InputResult ir = {0};
    bool loaded = !strcmp(path, "-") && opts->buffer
                      ? input_load_buffer(name, opts->buffer, opts->buffer_len, iopts, &ir, diag)
                      : input_load(path, iopts, &ir, diag);
    if (!loaded) {
        input_result_free(&ir);
        return false;
    }
    bool ok = ir.n_docs ? lint_docs(opts, name, &ir, res, diag)
                        : lint_input(opts, add_input(res, path), &res->findings, diag);
    input_result_free(&ir);
    return ok;
}

void lint_locate_columns(LintResult *res)
{
    for (size_t idx = 0; idx < res->n_inputs; idx++) {
        const LintInput *input = &res->inputs[idx];
        if (input->format == INPUT_CONF)
            continue;
        const ConfSet *set = &input->set;
        for (size_t fi = 0; fi < res->findings.n; fi++) {
            Finding *f = &res->findings.items[fi];
            if (f->column || !f->file || f->line <= 0)
                continue;
            /* several entries can share a line (JSON on one line, a compose command): the one
             * the finding names, any of its settings (review 2026-12zo, h59b 30: PK3027's first
             * setting, max_slot_wal_keep_size, is unset, and the line's first entry, another
             * parameter, gave the column); any entry only where it names none there */
            bool names_one = false;
            for (size_t s = 0; s < f->n_settings && !names_one; s++)
                for (size_t ent = 0; ent < set->n_entries && !names_one; ent++)
                    names_one = set->entries[ent].line == f->line && set->entries[ent].name &&
                                f->settings[s].name && !strcmp(set->entries[ent].file, f->file) &&
                                !strcasecmp(set->entries[ent].name, f->settings[s].name);
            for (size_t s = 0; s <= f->n_settings && !f->column; s++) {
                const char *named = s < f->n_settings ? f->settings[s].name : NULL;
                if (!named && names_one)
                    break;
                for (size_t ent = 0; ent < set->n_entries; ent++) {
                    const ConfEntry *e = &set->entries[ent];
                    if (e->line == f->line && e->column > 0 && !strcmp(e->file, f->file) &&
                        (!named || (e->name && !strcasecmp(e->name, named)))) {
                        f->column = e->column;
                        break;
                    }
                }
            }
        }
    }
}

void lint_result_free(LintResult *res)
{
    for (size_t idx = 0; idx < res->n_inputs; idx++) {
        free(res->inputs[idx].path);
        free(res->inputs[idx].label);
        free(res->inputs[idx].image_libraries);
        free(res->inputs[idx].unused_group);
        free(res->inputs[idx].trust_service);
        free(res->inputs[idx].old_volume);
        if (res->inputs[idx].own_service) {
            arena_free(res->inputs[idx].own_service->arena);
            free(res->inputs[idx].own_service);
        }
        free(res->inputs[idx].command_overrides);
        free(res->inputs[idx].command_at);
        free(res->inputs[idx].command_file);
        host_facts_clear(&res->inputs[idx].pod_host);
        if (res->inputs[idx].intent) {
            arena_free(res->inputs[idx].intent->arena);
            free(res->inputs[idx].intent);
        }
        arena_free(res->inputs[idx].set.arena);
        if (res->inputs[idx].snap.catalog)
            snapshot_free(&res->inputs[idx].snap);
        if (res->inputs[idx].hba) {
            arena_free(res->inputs[idx].hba->arena);
            free(res->inputs[idx].hba);
        }
    }
    free(res->inputs);
    arena_free(res->findings.arena);
    memset(res, 0, sizeof(*res));
}
