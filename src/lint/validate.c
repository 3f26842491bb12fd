#include "lint/validate.h"

#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "catalog/value.h"
#include "common/strbuf.h"
#include "conf/conf_edit.h"
#include "conf/conf_template.h"
#include "common/units.h"
#include "common/xalloc.h"
#include "lint/check_hooks.h"
#include "lint/container.h"
#include "lint/fix_safety.h"
#include "lint/shmem.h"
#include "lint/readme.h"
#include "lint/validate.intern.h"
#include "model/finding_ids.h"
#include "upgrade/upgrade.h"

static Finding *add_finding(FindingList *out, const char *id, const char *file, int line)
{
    Finding *f = finding_raise(out, id, NULL);
    /* validation's errors are exactly the server's refusals (the verdict tier proves it) */
    f->refuses_start = f->severity == SEV_ERROR;
    f->file = finding_strdup(f, file);
    f->line = line;
    return f;
}

static Finding *entry_finding(FindingList *out, const char *id, const ConfEntry *entry)
{
    Finding *f = add_finding(out, id, entry->file, entry->line);
    if (entry->name)
        finding_add_setting(f, entry->name, entry->value ? entry->value : "", entry->file,
                            entry->line);
    return f;
}

/* The path an include line writes (the error holds it resolved against this checkout). */
static const char *written_path(const ConfEntry *entry, const char *resolved, int *len)
{
    const char *text = entry->line_text ? strstr(entry->line_text, "include") : NULL;
    if (!text) {
        *len = (int)strcspn(resolved, "\"");
        return resolved;
    }
    text += strcspn(text, " \t='");
    text += strspn(text, " \t=");
    text += *text == '\'';
    *len = (int)strcspn(text, "' \t#");
    return text;
}

/* An include of pg_hba.conf: its lines ("local all all peer") are not settings, and the server
 * stops at the first with a syntax error, whichever machine it runs on. */
static bool auth_file(const char *path, int len, const char *base)
{
    size_t base_len = strlen(base);
    return (size_t)len >= base_len && !strncmp(path + len - base_len, base, base_len) &&
           ((size_t)len == base_len || path[len - base_len - 1] == '/');
}

/* An include_dir, or an include of an absolute path, absent here, in a lone file: the directory
 * or file belongs to the machine the file is deployed on (Debian's packages create conf.d on
 * every install; an image copies its files in), so say what must exist there, at notice, as for
 * the other facts of the target machine (PK0060, PK0061). A relative include is resolved beside
 * this file, which the checkout should hold: the refusal stands. An include of pg_hba.conf is
 * the server's refusal anywhere. */
static bool note_missing_path(const ConfEntry *entry, FindingList *out)
{
    static const char dir_prefix[] = "could not open directory \"";
    static const char file_prefix[] = "could not open file \"";
    bool dir = !strncmp(entry->error, dir_prefix, sizeof(dir_prefix) - 1);
    if (!dir && strncmp(entry->error, file_prefix, sizeof(file_prefix) - 1))
        return false;
    int len;
    const char *path = written_path(
        entry, entry->error + (dir ? sizeof(dir_prefix) : sizeof(file_prefix)) - 1, &len);
    bool hba = !dir && auth_file(path, len, "pg_hba.conf");
    /* a relative file is resolved beside this one: the repository should hold it, unless this
     * file is a template, whose deployment renders the files beside its output (omnibus-gitlab's
     * runtime.conf from runtime.conf.erb: held-out set 41, 23) */
    StrBuf why = STRBUF_INIT;
    bool rendered = !dir && !hba && *path != '/' && lint_template_path(entry->file, &why);
    sb_free(&why);
    if (!dir && !hba && *path != '/' && !rendered)
        return false;
    Finding *f = add_finding(out, "PK0002", entry->file, entry->line);
    /* titled by what happened, not by the row's generic "unreadable configuration file" */
    f->title = finding_strdup(f, hba   ? "authentication file included as settings"
                                 : dir ? "include directory missing"
                                       : "included file missing");
    if (hba) {
        f->message = finding_printf(f,
                                    "include names \"%.*s\", an authentication file: its lines are"
                                    " not settings, and the server stops at the first with a syntax"
                                    " error",
                                    len, path);
        f->hint = finding_strdup(
            f, "pg_hba.conf is read through hba_file, never included: absent here, it"
               " is still no postgresql.conf syntax where it is deployed.");
        f->suggestion = finding_printf(f,
                                       "remove the include line, and set hba_file = '%.*s' if the"
                                       " server should use that file",
                                       len, path);
        return true;
    }
    f->severity = SEV_NOTICE;
    f->refuses_start = false;
    /* a directory its name gives to authentication lines (pg_hba.d): include_dir reads
     * settings, so its first hba line stops the server; pg_hba.conf includes a directory itself
     * only from 16 (held-out set 28, h28c 28) */
    const char *base = memrchr(path, '/', (size_t)len);
    base = base ? base + 1 : path;
    if (dir && memmem(base, (size_t)(path + len - base), "hba", 3)) {
        f->severity = SEV_WARNING;
        f->title = finding_strdup(f, "authentication directory included as settings");
        f->message = finding_printf(f,
                                    "include_dir names \"%.*s\", by its name a directory of"
                                    " pg_hba lines: include_dir reads settings, so the first such"
                                    " line in a .conf file there stops the server with a syntax"
                                    " error (and the directory, absent here, must exist)",
                                    len, path);
        f->hint = finding_strdup(f, "pg_hba.conf is read through hba_file, and from PostgreSQL 16"
                                    " it can include a directory itself.");
        f->suggestion = finding_strdup(f, "remove the include_dir line; on 16 and later put"
                                          " include_dir in pg_hba.conf instead, before 16 write"
                                          " the lines into pg_hba.conf");
        return true;
    }
    f->message =
        rendered
            ? finding_printf(f,
                             "include names \"%.*s\", which must exist beside the rendered file"
                             " on the server: this template's checkout does not hold it",
                             len, path)
            : finding_printf(f,
                             "%s names \"%.*s\", which must exist on the server: it is absent"
                             " here",
                             dir ? "include_dir" : "include", len, path);
    f->hint = finding_printf(
        f,
        "The server refuses to start without it%s. A file checked out of a repository is not"
        " the target machine: lint the data directory, or with --host local on the server, to"
        " check the real one.",
        !dir && auth_file(path, len, "pg_ident.conf")
            ? "; and pg_ident.conf's map lines are not settings either (one holding only comments"
              " is harmless): use ident_file for it"
            : "");
    /* the official image runs initdb into its empty data directory on the first start: a
     * directory made there beforehand makes initdb fail ("exists but is not empty") */
    static const char image_data[] = "/var/lib/postgresql/data/";
    bool in_image_data =
        (size_t)len > sizeof image_data - 1 && !strncmp(path, image_data, sizeof image_data - 1);
    f->suggestion = finding_printf(
        f, "create the %s %.*s%s on the server%s%s, or remove the %s line",
        dir ? "directory" : "file", len, path,
        *path == '/' ? ""
        : rendered   ? " beside the rendered configuration"
                     : " beside this file",
        dir ? " (it may stay empty)" : "",
        in_image_data ? " after initdb (in the official image, from a script in"
                        " /docker-entrypoint-initdb.d: initdb needs the data directory empty)"
                      : "",
        dir ? "include_dir" : "include");
    return true;
}

static void check_read_error(const ConfEntry *entry, bool target_here, FindingList *out)
{
    if (!target_here && note_missing_path(entry, out))
        return;
    bool syntax = entry->token || !strncmp(entry->error, "syntax error", 12);
    Finding *f = add_finding(out, syntax ? "PK0001" : "PK0002", entry->file, entry->line);
    if (syntax && entry->token && *entry->token)
        f->message = finding_printf(f, "%s near token \"%s\"", entry->error, entry->token);
    else if (syntax && !strcmp(entry->error, "syntax error"))
        f->message = finding_printf(f, "%s near end of line", entry->error);
    else
        f->message = finding_strdup(f, entry->error);
    if (!strncmp(entry->error, "could not open directory", 24))
        f->title = finding_strdup(f, "include directory cannot be opened");
    f->hint = finding_strdup(f, entry->error_hint);
}

/* Renaming the line is the fix when its value suits the parameter meant (checked as the server
 * would); otherwise the suggestion stays words only. */
static void add_rename_fix_value(Finding *f, const CatalogParam *param, int major,
                                 const ConfEntry *entry, const char *value)
{
    GucValue val;
    if (param && param->context != GUC_CTX_INTERNAL &&
        guc_parse_value_for(param, major, value, &val, NULL))
        finding_add_fix_at(f, param->name, value, catalog_context_applies(param->context),
                           entry->file, entry->line);
}

static void add_rename_fix(Finding *f, const CatalogParam *param, int major, const ConfEntry *entry)
{
    add_rename_fix_value(f, param, major, entry, entry->value ? entry->value : "");
}

/* A line the target major refuses because it removed the parameter: commented out, unsafe
 * unless the line means nothing the server does any more (fix_safety.c). */
static void add_removal_fix(Finding *f, const ConfEntry *entry, const char *successor)
{
    finding_add_removal(f, entry->name, entry->file, entry->line);
    char *why = fix_safety_removal_why(entry->name, entry->value, successor);
    if (why)
        finding_fix_unsafe(f, f->n_fixes - 1, why);
    free(why);
    finding_render_suggestion(f);
}

/* Is `value` what `name` is by default in the snapshot's major (a setting the file leaves
 * unset)? */
static bool successor_default(const Snapshot *snap, const char *name, const char *value)
{
    const SnapSetting *cur = snapshot_get(snap, name);
    GucValue val;
    if (!cur || cur->source != SRC_DEFAULT || !cur->parsed_ok || !cur->param ||
        cur->param->type == GUC_STRING ||
        !guc_parse_value_for(cur->param, snap->pg_major, value, &val, NULL))
        return false;
    if (val.type == GUC_BOOL)
        return val.boolval == cur->parsed.boolval;
    if (val.type == GUC_ENUM)
        return val.enum_val && cur->parsed.enum_val &&
               !strcasecmp(val.enum_val, cur->parsed.enum_val);
    return fabs(val.num - cur->parsed.num) <= 1e-9 * fmax(1, fabs(cur->parsed.num));
}

/* A parameter an older major had under another name: the line renamed, its value converted as
 * the release notes say, unless the file sets the new name itself (renaming would then change
 * which value wins). */
static void add_successor_fix(Finding *f, const Snapshot *snap, const ConfEntry *entry)
{
    char *new_name, *new_value;
    if (!upgrade_successor(entry->name, entry->value, snap->catalog->major, &new_name, &new_value))
        return;
    if (!new_value) { /* the default gives more than the file asked for: the line goes */
        f->hint = finding_printf(f,
                                 "%s%sIts equivalent is under %s's default, which gives more: the"
                                 " line goes, with no %s line in its place.",
                                 f->hint ? f->hint : "", f->hint ? " " : "", new_name, new_name);
        add_removal_fix(f, entry, new_name);
        free(new_name);
        return;
    }
    /* a value the successor takes by default (force_parallel_mode = off is debug_parallel_query's
     * off) asks for nothing: the line goes, which also keeps the file loading on the majors
     * before the rename (review 2026-12t, h22c 29: a 15 server refuses debug_parallel_query) */
    if (successor_default(snap, new_name, new_value)) {
        f->hint = finding_printf(f,
                                 "%s%s%s = %s is %s's default: the line goes, with no %s line in"
                                 " its place.",
                                 f->hint ? f->hint : "", f->hint ? " " : "", entry->name,
                                 entry->value, new_name, new_name);
        add_removal_fix(f, entry, new_name);
        free(new_name);
        free(new_value);
        return;
    }
    /* the WAL wal_keep_segments keeps is a standing disk cost, stated as PK3032 states
     * wal_keep_size's (its notice's 10GB bar) */
    double keep_mb = !strcmp(new_name, "wal_keep_size") ? strtod(new_value, NULL) : 0;
    if (keep_mb >= 10 * 1024)
        f->hint = finding_printf(f,
                                 "%s%sOn any major it keeps %.1fGB of WAL in pg_wal at all times"
                                 " (%s segments of the default 16MB), a standing disk cost.",
                                 f->hint ? f->hint : "", f->hint ? " " : "", keep_mb / 1024,
                                 entry->value);
    const SnapSetting *cur = snapshot_get(snap, new_name);
    if (!cur || cur->source == SRC_DEFAULT) {
        f->suggestion = finding_take(f, conf_format_assignment(new_name, new_value));
        add_rename_fix_value(f, catalog_find(snap->catalog, new_name), snap->catalog->major, entry,
                             new_value);
    } else {
        add_removal_fix(f, entry, new_name);
    }
    free(new_name);
    free(new_value);
}

/* Unknown names of one unprefixed family (abtree_version_store_num_buckets,
 * abtree_enable_metrics_collection: the GUCs of a patched build, or an extension's written
 * without its dot) are one cause: one PK0010 lists them all. A family is two or more unknown
 * names sharing the word before their first underscore, when no parameter of the target major
 * starts with that word (unknown log_* names are separate typos). */
typedef struct UnknownFamily {
    char *prefix; /* "abtree_" */
    size_t count;
    Finding *finding;
} UnknownFamily;

typedef struct UnknownFamilies {
    UnknownFamily *items;
    size_t n;
} UnknownFamilies;

/* The family word of an unknown name ("abtree_"), or 0 when it has none. */
static size_t family_len(const char *name)
{
    const char *us = strchr(name, '_');
    return us && us > name && us[1] ? (size_t)(us - name) + 1 : 0;
}

static bool catalog_has_prefix(const Catalog *cat, const char *prefix, size_t len)
{
    for (size_t idx = 0; idx < cat->n_params; idx++)
        if (!strncasecmp(cat->params[idx].name, prefix, len))
            return true;
    return false;
}

static bool unknown_plain(const Catalog *cat, const char *name)
{
    if (strchr(name, '.') || catalog_find(cat, name) || catalog_alias_target(cat->major, name))
        return false;
    char *note = catalog_version_note(cat->major, name);
    free(note);
    return !note && !catalog_suggest(cat, name);
}

static UnknownFamily *family_of(UnknownFamilies *fams, const char *name)
{
    size_t len = family_len(name);
    for (size_t idx = 0; fams && len && idx < fams->n; idx++)
        if (strlen(fams->items[idx].prefix) == len &&
            !strncasecmp(fams->items[idx].prefix, name, len))
            return &fams->items[idx];
    return NULL;
}

static void unknown_families(const ConfSet *set, const Catalog *cat, UnknownFamilies *fams)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        size_t len = entry->error || !entry->name ? 0 : family_len(entry->name);
        if (!len || !unknown_plain(cat, entry->name))
            continue;
        UnknownFamily *fam = family_of(fams, entry->name);
        if (!fam) {
            if (catalog_has_prefix(cat, entry->name, len))
                continue;
            fams->items = xrealloc(fams->items, (fams->n + 1) * sizeof *fams->items);
            fam = &fams->items[fams->n++];
            *fam = (UnknownFamily){.prefix = xstrndup(entry->name, len)};
        }
        fam->count++;
    }
}

static void unknown_families_free(UnknownFamilies *fams)
{
    for (size_t idx = 0; idx < fams->n; idx++)
        free(fams->items[idx].prefix);
    free(fams->items);
}

static void check_unknown(const ConfEntry *entry, const ConfSet *set, const Snapshot *snap,
                          UnknownFamilies *fams, FindingList *out)
{
    const Catalog *cat = snap->catalog;
    const char *name = entry->name ? entry->name : "";
    UnknownFamily *fam = family_of(fams, name);
    if (fam && fam->count >= 2 && unknown_plain(cat, name)) {
        if (fam->finding) {
            Finding *f = fam->finding;
            finding_add_setting(f, name, entry->value ? entry->value : "", entry->file,
                                entry->line);
            f->message = finding_printf(f, "%s, \"%s\" (line %d)", f->message, name, entry->line);
            return;
        }
        Finding *f = fam->finding = entry_finding(out, "PK0010", entry);
        f->message =
            finding_printf(f,
                           "%zu unrecognized configuration parameters of one family \"%s*\":"
                           " \"%s\" (line %d)",
                           fam->count, fam->prefix, name, entry->line);
        f->hint =
            finding_printf(f,
                           "PostgreSQL %d defines no %s* parameter: these belong to a patched"
                           " build, or to an extension whose parameters need its prefix and a"
                           " dot (%.*s.name). A stock server refuses to start with any of them.",
                           cat->major, fam->prefix, (int)strlen(fam->prefix) - 1, fam->prefix);
        f->suggestion = finding_printf(f,
                                       "run this file only on the build that defines %s*, or remove"
                                       " these lines",
                                       fam->prefix);
        return;
    }
    char *note = catalog_version_note(cat->major, name);
    Finding *f = entry_finding(out, note ? "PK0011" : "PK0010", entry);
    f->message = finding_printf(f, "unrecognized configuration parameter \"%s\"", name);
    if (note) {
        f->hint = finding_printf(f, "%s (target: PostgreSQL %d).", note, cat->major);
        free(note);
        bool removed = strstr(f->hint, " was removed in PostgreSQL") != NULL;
        if (!set) /* a name checked alone: its value is not a line to rewrite */
            return;
        add_successor_fix(f, snap, entry);
        if (removed && !f->n_fixes)
            add_removal_fix(f, entry, NULL);
        return;
    }
    const char *close = catalog_suggest(cat, name);
    /* in PostgreSQL's own source tree (its README's title), a name no stock major defines may
     * be the patched build's own, which the line configures (review 2026-12v, h23a 13: a
     * research fork's eviction_algorithm); a stock server still refuses it */
    ReadmeDescription tree;
    if (!close && set && !set->data_dir && entry->file && readme_description(entry->file, &tree) &&
        !strncmp(tree.text, "PostgreSQL Database Management System", 37)) {
        finding_set_severity(f, SEV_NOTICE);
        f->refuses_start = false;
        f->hint = finding_printf(f,
                                 "No stock PostgreSQL 13 to 18 defines a parameter of this name,"
                                 " and none is spelt close to it; but the file is in PostgreSQL's"
                                 " own source tree (%s, line %d), whose patched build may define"
                                 " it. A stock server refuses to start with the line.",
                                 tree.path, tree.line);
        f->suggestion = finding_strdup(f, "keep the line for the build that defines it; remove it"
                                          " before running a stock server");
        return;
    }
    /* a name no major defines and none resembles: the line has nothing to correct it to */
    if (!close) {
        f->hint = finding_strdup(f, "No PostgreSQL major from 13 to 18 defines a parameter of this"
                                    " name, none is spelt close to it, and it is none pgknob knows"
                                    " was removed before 13.");
        f->suggestion = finding_strdup(f, "remove this line (no parameter of this name exists in"
                                          " PostgreSQL 13 to 18)");
        /* the removal is the fix, unsafe: what the line meant is lost with it (held-out set 28,
         * h28b 23: the suggestion said remove, and fix had nothing to apply) */
        if (set && entry->name) {
            finding_add_removal(f, entry->name, entry->file, entry->line);
            char *why = xasprintf("no PostgreSQL 13 to 18 has %s: what the line meant (a patched"
                                  " build's parameter, a name pgknob cannot place) goes with it",
                                  entry->name);
            finding_fix_unsafe(f, f->n_fixes - 1, why);
            free(why);
        }
        return;
    }
    /* the rename is offered only where it is that parameter's line: its value must be one the
     * parameter takes (autovacuum_xyz = 3min is no autovacuum), and a line the file already has
     * for it would be overridden by the renamed one (last line wins) */
    const CatalogParam *param = catalog_find(cat, close);
    GucValue val;
    const ConfEntry *already = NULL;
    for (size_t idx = 0; set && idx < set->n_entries; idx++)
        if (set->entries[idx].name && !strcasecmp(set->entries[idx].name, close))
            already = &set->entries[idx];
    if (already) {
        f->hint = finding_printf(f,
                                 "Did you mean \"%s\"? The file sets it already (line %d): remove"
                                 " this line, or merge the two.",
                                 close, already->line);
        f->suggestion = finding_strdup(f, "remove this line (no parameter of this name exists)");
        return;
    }
    /* a name checked alone (a manifest's null, mapping or formula) or a template's placeholder
     * has no literal value to weigh */
    bool literal = set && entry->value && !conf_has_placeholder(entry->value, false);
    if (param && literal && !guc_parse_value_for(param, cat->major, entry->value, &val, NULL)) {
        f->hint = finding_printf(f,
                                 "No parameter of this name exists; the nearest, \"%s\", does not"
                                 " take this value: remove the line, or write the parameter it"
                                 " was meant to set.",
                                 close);
        f->suggestion = finding_strdup(f, "remove this line (no parameter of this name exists)");
        return;
    }
    f->hint = finding_printf(f, "Did you mean \"%s\"?", close);
    if (!entry->value) {
        /* a template's line whose value did not read (`listen_address = {{ ip }}`): the name
         * alone is wrong, and writing an empty value would turn the setting off (review
         * 2026-12w, h24d 46) */
        f->suggestion = finding_printf(f, "write %s for %s on this line, keeping its value", close,
                                       entry->name);
        return;
    }
    f->suggestion = finding_take(f, conf_format_assignment(close, entry->value));
    add_rename_fix(f, param, cat->major, entry);
}

static void check_alias(const ConfEntry *entry, const CatalogParam *param, int major,
                        FindingList *out)
{
    const char *target = param->name;
    Finding *f = entry_finding(out, "PK0012", entry);
    f->message = finding_printf(f, "\"%s\" is an old name for \"%s\"", entry->name, target);
    f->hint = finding_printf(f, "The server still maps it; write \"%s\" instead.", target);
    /* a template's line whose value did not read (`ssl_ecdh_curve = {{ curve }}`): only the
     * name changes, and an empty value would stop the server (`ssl_groups = ''` on 18: "No
     * valid groups found"; review 2026-12zh, h39b 26) */
    if (!entry->value || conf_has_placeholder(entry->value, false)) {
        f->suggestion = finding_printf(f, "write %s for %s on this line, keeping its value", target,
                                       entry->name);
        return;
    }
    f->suggestion = finding_take(f, conf_format_assignment(target, entry->value));
    add_rename_fix(f, param, major, entry);
}

/* Old names of values the server still maps to their new one (guc_tables.c keeps them as hidden
 * enum entries): 9.6 merged wal_level's archive and hot_standby into replica. */
static const struct {
    const char *param, *old, *now, *since;
} old_values[] = {
    {"wal_level", "archive", "replica", "9.6"},
    {"wal_level", "hot_standby", "replica", "9.6"},
};

bool lint_value_alias(const char *param, const char *value, const char **now, const char **since)
{
    for (size_t idx = 0; param && value && idx < sizeof(old_values) / sizeof(old_values[0]); idx++)
        if (!strcasecmp(param, old_values[idx].param) && !strcasecmp(value, old_values[idx].old)) {
            *now = old_values[idx].now;
            *since = old_values[idx].since;
            return true;
        }
    return false;
}

static void check_value_alias(const ConfEntry *entry, const CatalogParam *param, FindingList *out)
{
    for (size_t idx = 0; entry->value && idx < sizeof(old_values) / sizeof(old_values[0]); idx++) {
        if (strcmp(param->name, old_values[idx].param) ||
            strcasecmp(entry->value, old_values[idx].old))
            continue;
        Finding *f = entry_finding(out, "PK0032", entry);
        f->message = finding_printf(f, "%s = %s is an old name for %s", param->name, entry->value,
                                    old_values[idx].now);
        /* the old name is the only one a server before the merge knows (review 2026-12zg,
         * h34a 03 and 05: "replica" stops a 9.5 server) */
        f->hint = finding_printf(f,
                                 "PostgreSQL %s merged it into %s; the server still reads it as"
                                 " %s, so nothing changes but the name. A server older than %s"
                                 " knows only %s: keep the old name for one.",
                                 old_values[idx].since, old_values[idx].now, old_values[idx].now,
                                 old_values[idx].since, entry->value);
        /* words only: a fix of an equal value is no change to pgknob fix */
        f->suggestion = finding_take(f, conf_format_assignment(param->name, old_values[idx].now));
        return;
    }
}

static void check_minor(const ConfEntry *entry, const CatalogParam *param, const ValidateOpts *opts,
                        FindingList *out)
{
    const char *dot = strchr(param->since_minor, '.');
    int needed = dot ? atoi(dot + 1) : 0;
    if (opts->minor >= needed)
        return;
    Finding *f = entry_finding(out, "PK0030", entry);
    if (opts->minor >= 0)
        f->severity = SEV_ERROR; /* the stated minor release does not know it */
    f->refuses_start = f->severity == SEV_ERROR;
    f->message = finding_printf(f, "parameter \"%s\" needs PostgreSQL %s or later", param->name,
                                param->since_minor);
    f->hint = finding_printf(f, "Older %.*s.x servers refuse it as an unrecognized parameter.",
                             dot ? (int)(dot - param->since_minor) : 0, param->since_minor);
}

/* A value whose acceptance depends on how the server was built: a notice, since distribution
 * packages usually have the library, but a build without it refuses to start. */
static void note_build_dependent(const ConfEntry *entry, const CatalogParam *param, int major,
                                 FindingList *out)
{
    const char *requirement = catalog_build_dependent(major, param->name, entry->value, NULL);
    if (!requirement)
        return;
    Finding *f = entry_finding(out, "PK0023", entry);
    if (catalog_platform_dependent(major, param->name, entry->value)) {
        /* the file does not say which operating system runs it: no refusal is certain */
        f->message = finding_printf(f,
                                    "value \"%s\" for parameter \"%s\" is valid only on %s; a Linux"
                                    " server refuses to start with it",
                                    entry->value, param->name, requirement);
        f->hint =
            finding_printf(f,
                           "Keep it only where the server runs on %s. Check there: SELECT enumvals"
                           " FROM pg_settings WHERE name = '%s'.",
                           requirement, param->name);
        return;
    }
    f->message = finding_printf(f, "value \"%s\" for parameter \"%s\" needs a server built with %s",
                                entry->value, param->name, requirement);
    f->hint = finding_printf(f,
                             "A build without it refuses to start. Check yours with \"pg_config"
                             " --configure\", or on the server: SELECT enumvals FROM pg_settings"
                             " WHERE name = '%s'.",
                             param->name);
}

/* A unit the server rejects whose meaning is clear ("4mb", "2GiB", "64M", "5mins"): the line is
 * rewritten with the unit as the server spells it, the number kept as written. */
static void add_unit_spelling_fix(Finding *f, const CatalogParam *param, int major,
                                  const ConfEntry *entry)
{
    const char *text = entry->value ? entry->value : "", *unit = text;
    while (*unit && (isdigit((unsigned char)*unit) || *unit == '.' || *unit == '-' || *unit == ' '))
        unit++;
    PkUnitKind kind;
    double base;
    if (!param->unit || unit == text || !*unit || !pk_unit_base(param->unit, &kind, &base))
        return;
    const char *canon = pk_unit_meant(unit, kind);
    if (!canon || !strcmp(unit, canon))
        return;
    const char *number_end = unit;
    while (number_end > text && number_end[-1] == ' ')
        number_end--;
    char *value = xasprintf("%.*s%s", (int)(number_end - text), text, canon);
    GucValue val;
    if (guc_parse_value_for(param, major, value, &val, NULL)) {
        finding_add_fix_at(f, param->name, value, catalog_context_applies(param->context),
                           entry->file, entry->line);
        f->suggestion = finding_take(f, conf_format_assignment(param->name, value));
    }
    free(value);
}

/* A zone name mistyped into a POSIX offset: the server accepts it and runs on a fixed offset
 * (PK0027). Zone specifications with a daylight-saving part, and names that are no zone (JST-9,
 * the usual way to write Japan's time), are left alone. */
static void check_fixed_offset(const ConfEntry *entry, const char *param_name, const char *text,
                               const Snapshot *snap, FindingList *out)
{
    char *name = NULL;
    long offset = 0;
    bool names_zone = false;
    if (!check_hook_tz_fixed_offset(text, &name, &offset, &names_zone) || !names_zone) {
        free(name);
        return;
    }
    long mag = offset < 0 ? -offset : offset;
    char *utc = xasprintf("UTC%c%02ld:%02ld", offset < 0 ? '-' : '+', mag / 3600, mag / 60 % 60);
    Finding *f = entry_finding(out, "PK0027", entry);
    f->message =
        finding_printf(f,
                       "%s = '%s' names no time zone: the server reads it as a POSIX offset,"
                       " a fixed %s named \"%s\", with no daylight-saving time",
                       entry->name, text, utc, name);
    f->hint = finding_printf(f,
                             "POSIX offsets count hours west of Greenwich, so '%s' is %s all year."
                             " Write a zone name from pg_timezone_names.",
                             text, utc);
    f->suggestion = finding_strdup(f, "the zone's name from pg_timezone_names (Australia/Sydney,"
                                      " America/New_York, Etc/UTC)");
    /* the file's other time zone names a zone that keeps this very offset all year (GMT-3 beside
     * log_timezone W-SU, Moscow since 2014): the offset is meant, only the zone's future rule
     * changes are given up */
    const char *other_name = !strcmp(param_name, "TimeZone") ? "log_timezone" : "TimeZone";
    const SnapSetting *other = snap ? lint_usable(snap, other_name) : NULL;
    long other_offset = 0;
    if (other && other->source == SRC_FILE &&
        check_hook_tz_zone_offset(other->value, &other_offset) && other_offset == offset) {
        f->severity = SEV_NOTICE;
        f->message = finding_printf(f,
                                    "%s; %s = '%s' keeps the same %s all year, so the offset"
                                    " looks meant",
                                    f->message, other_name, other->value, utc);
        f->hint = finding_printf(f,
                                 "'%s' is %s all year (POSIX offsets count hours west of"
                                 " Greenwich), as %s is today; writing '%s' here too follows that"
                                 " zone if its rule ever changes.",
                                 text, utc, other->value, other->value);
        f->suggestion = finding_printf(f, "%s = '%s'", entry->name, other->value);
    }
    f->explanation = finding_strdup(
        f,
        "The server looks a time zone value up as a zone file first; when there is none, it"
        " accepts a POSIX TZ specification, a name of three letters or more followed by an offset"
        " (pg_tzset in src/timezone/pgtz.c, tzparse in src/timezone/localtime.c). Australia0 is"
        " therefore a zone called Australia at offset 0, EST5 is five hours behind UTC all year"
        " (New York is EST5EDT), and UTC+3 is three hours behind UTC, because POSIX counts west"
        " of Greenwich as positive (the datetime-posix-timezone-specs page of the documentation)."
        " The server starts and timestamps are wrong by the offset, or by an hour in summer.");
    free(utc);
    free(name);
}

/* A parameter no file can set: removing the line starts the server with the value it was built
 * (or initialised) with, which changes nothing where the file wrote that value; a different one
 * asked for a build the line cannot give, which only its owner can check. */
static void add_internal_removal(Finding *f, const ConfEntry *entry, const CatalogParam *param,
                                 int major)
{
    finding_add_removal(f, entry->name, entry->file, entry->line);
    GucValue written, boot;
    char *a = NULL, *b = NULL;
    if (guc_parse_boot_value(param, major, param->boot_val ? param->boot_val : "", &boot))
        b = guc_value_to_setting(param, &boot);
    if (b && guc_parse_value_for(param, major, entry->value ? entry->value : "", &written, NULL))
        a = guc_value_to_setting(param, &written);
    if (!a || !b || strcmp(a, b))
        finding_fix_unsafe(f, f->n_fixes - 1,
                           finding_printf(f,
                                          "the file asks for %s = %s, which only a server built"
                                          " or initialised with it has; without the line the"
                                          " server starts with its own value%s%s%s: check that"
                                          " it is the build the file expects.",
                                          entry->name, entry->value ? entry->value : "''",
                                          b ? " (" : "", b ? b : "",
                                          b ? " in a stock build)" : ""));
    free(a);
    free(b);
    finding_render_suggestion(f);
}

/* The value check the server runs on an entry it applies; `ignored` entries (a later line sets
 * the same name) are never checked by the server, so their problems are only notices. */
static void check_value(const ConfEntry *entry, const CatalogParam *param, int major, bool ignored,
                        const Snapshot *snap, FindingList *out)
{
    if (param->context == GUC_CTX_INTERNAL && !ignored) {
        Finding *f = entry_finding(out, "PK0040", entry);
        f->message = finding_printf(f, "parameter \"%s\" cannot be changed", param->name);
        f->hint =
            finding_strdup(f, "It is fixed when PostgreSQL is built or the cluster is initialised;"
                              " remove the line.");
        add_internal_removal(f, entry, param, major);
        return;
    }
    GucValue val;
    PkDiag err = PK_DIAG_INIT;
    const char *text = entry->value ? entry->value : "";
    if (guc_parse_value_as(param, major, entry->name, text, &val, &err) &&
        (param->type != GUC_STRING || check_hook_string(param, major, param->name, text, &err))) {
        if (param->type == GUC_ENUM && !ignored)
            note_build_dependent(entry, param, major, out);
        if (!ignored && (!strcmp(param->name, "TimeZone") || !strcmp(param->name, "log_timezone")))
            check_fixed_offset(entry, param->name, text, snap, out);
        return;
    }
    Finding *f = entry_finding(out,
                               ignored            ? "PK0022"
                               : val.out_of_range ? "PK0021"
                                                  : "PK0020",
                               entry);
    /* the finding's hint is what the server adds: its HINT, else a check hook's DETAIL */
    f->message = finding_strdup(f, err.message);
    f->hint = finding_strdup(f, err.hint ? err.hint : err.detail);
    pk_diag_free(&err);
    if (ignored) {
        f->explanation = finding_strdup(
            f, "When several lines set exactly the same name, the server marks all but the last as"
               " overridden and never parses them, so this invalid value does not stop it today. It"
               " becomes an error the day the later line is removed.");
        f->suggestion = finding_strdup(f, "remove this line, or correct its value");
        f->hint = finding_printf(f,
                                 "A later line sets \"%s\" again, so the server never reads this"
                                 " value.%s%s",
                                 entry->name, f->hint ? " " : "", f->hint ? f->hint : "");
    } else if (!val.out_of_range) {
        add_unit_spelling_fix(f, param, major, entry);
    }
}

/* The server ignores an entry when a later entry has exactly the same name (byte-wise, as
 * ProcessConfigFileInternal compares). */
static bool entry_ignored(const ConfSet *set, size_t entry_idx)
{
    const char *name = set->entries[entry_idx].name;
    for (size_t later = entry_idx + 1; later < set->n_entries; later++)
        if (set->entries[later].name && !set->entries[later].error &&
            !strcmp(set->entries[later].name, name))
            return true;
    return false;
}

static void check_entry(const ConfSet *set, size_t entry_idx, const Snapshot *snap,
                        const ValidateOpts *opts, UnknownFamilies *fams, FindingList *out)
{
    const ConfEntry *entry = &set->entries[entry_idx];
    if (entry->error) {
        check_read_error(entry, set->data_dir || opts->host_is_server, out);
        return;
    }
    if (!entry->name)
        return;
    const Catalog *cat = snap->catalog;
    const CatalogParam *param = catalog_find(cat, entry->name);
    if (!param) {
        const char *target = catalog_alias_target(cat->major, entry->name);
        param = target ? catalog_find(cat, target) : NULL;
        if (param)
            check_alias(entry, param, cat->major, out);
    }
    if (!param) {
        if (!strchr(entry->name, '.'))
            check_unknown(entry, set, snap, fams, out);
        return;
    }
    if (param->since_minor)
        check_minor(entry, param, opts, out);
    check_value(entry, param, cat->major, entry_ignored(set, entry_idx), snap, out);
    if (!entry_ignored(set, entry_idx))
        check_value_alias(entry, param, out);
}

/* `set`: the file the line is in, whose line a rename may rewrite; NULL for a name alone. */
static void validate_name_in(const ConfEntry *entry, const ConfSet *set, const Snapshot *snap,
                             FindingList *out)
{
    const Catalog *cat = snap->catalog;
    if (!entry->name || catalog_find(cat, entry->name))
        return;
    const char *target = catalog_alias_target(cat->major, entry->name);
    const CatalogParam *param = target ? catalog_find(cat, target) : NULL;
    if (param)
        check_alias(entry, param, cat->major, out);
    else if (!strchr(entry->name, '.'))
        check_unknown(entry, set, snap, NULL, out);
    else
        lint_check_extension_name(entry, snap, out);
}

void lint_validate_name(const ConfEntry *entry, const Snapshot *snap, FindingList *out)
{
    validate_name_in(entry, NULL, snap, out);
}

/* A template's line: its value is a placeholder (PK0003 counts it), but its name is written, and
 * a name the target major removed or never had refuses start whatever the value renders to.
 * Checked as every other line's name is, so each removed parameter of a template is PK0011,
 * whether its value is a placeholder or not. */
static void check_template_name(const ConfEntry *entry, const ConfSet *set, const Snapshot *snap,
                                FindingList *out)
{
    /* with its file: a rename that keeps the value keeps the placeholder as written
     * (unix_socket_directory = '{{ sock }}' is unix_socket_directories = '{{ sock }}') */
    if (entry->name) {
        /* a name the template prints is no name yet: PK0003 counts its line */
        if (!conf_has_placeholder(entry->name, false))
            validate_name_in(entry, set, snap, out);
        return;
    }
    char *name = conf_error_line_name(entry);
    if (!name)
        return;
    ConfEntry named = *entry;
    named.name = name;
    named.value = NULL;
    lint_validate_name(&named, snap, out);
    free(name);
}

/* A template's value that chooses between literals (`{{ "on" if x else "off" }}`): each is what
 * some rendering prints, so one the server or the module refuses is a fault of the template,
 * found unrendered. One finding for the line, naming the refused branches. */
static void check_template_branches(const ConfEntry *entry, const Snapshot *snap, FindingList *out)
{
    const char *text = entry->error ? conf_error_line_value(entry->line_text) : entry->value;
    char *lits[8];
    size_t n = conf_template_literal_branches(text, lits, sizeof(lits) / sizeof(lits[0]));
    if (!n)
        return;
    char *name = entry->name ? xstrdup(entry->name) : conf_error_line_name(entry);
    const CatalogParam *param = name ? catalog_find(snap->catalog, name) : NULL;
    bool module = name && !param && strchr(name, '.');
    StrBuf refused = STRBUF_INIT, all = STRBUF_INIT;
    size_t n_refused = 0, kept = SIZE_MAX;
    for (size_t idx = 0; idx < n && (module || (param && param->context != GUC_CTX_INTERNAL));
         idx++) {
        ConfEntry branch = *entry;
        branch.name = name;
        branch.value = lits[idx];
        branch.error = false;
        size_t before = out->n;
        if (module)
            lint_check_extension_value(&branch, snap, out);
        else
            check_value(&branch, param, snap->catalog->major, false, snap, out);
        bool bad = false;
        for (size_t f = before; f < out->n; f++) {
            const char *id = out->items[f].rule_id;
            bad |= !strcmp(id, "PK0020") || !strcmp(id, "PK0021") || !strcmp(id, "PK0025");
        }
        sb_printf(&all, "%s\"%s\"", !idx ? "" : idx + 1 == n ? " or " : ", ", lits[idx]);
        if (bad) {
            sb_printf(&refused, "%s\"%s\"", n_refused ? " or " : "", lits[idx]);
            n_refused++;
        }
        if (bad && kept == SIZE_MAX)
            kept = before;
        /* one finding for the line: the first refusal's, nothing for an accepted branch */
        out->n = bad && kept == before ? before + 1 : before;
    }
    if (kept != SIZE_MAX) {
        Finding *f = &out->items[kept];
        f->message =
            n_refused == n
                ? finding_printf(f,
                                 "%s: the template's value prints %s, and PostgreSQL %d refuses "
                                 "every rendering",
                                 f->message, sb_str(&all), snap->catalog->major)
                : finding_printf(f,
                                 "%s: the template's value prints %s, and PostgreSQL %d refuses "
                                 "the rendering that prints %s",
                                 f->message, sb_str(&all), snap->catalog->major, sb_str(&refused));
        while (f->n_fixes) /* the value is the template's to change, not the rendered line's */
            finding_drop_fix(f, 0);
    }
    sb_free(&refused);
    sb_free(&all);
    for (size_t idx = 0; idx < n; idx++)
        free(lits[idx]);
    free(name);
}

/* The recovery target parameters' assign hooks, run in file order: setting one while another
 * kind of target is set (even to an empty value) stops the server. */
static int recovery_target_kind(const Catalog *cat, const char *name)
{
    static const char *const kinds[] = {"recovery_target", "recovery_target_lsn",
                                        "recovery_target_name", "recovery_target_time",
                                        "recovery_target_xid"};
    const CatalogParam *param = catalog_find(cat, name);
    for (size_t idx = 0; param && idx < sizeof(kinds) / sizeof(kinds[0]); idx++)
        if (!strcmp(param->name, kinds[idx]))
            return (int)idx + 1;
    return 0;
}

static void check_recovery_targets(const ConfSet *set, const Catalog *cat, FindingList *out)
{
    int current = 0;
    for (size_t entry_idx = 0; entry_idx < set->n_entries; entry_idx++) {
        const ConfEntry *entry = &set->entries[entry_idx];
        int kind = entry->error || !entry->name ? 0 : recovery_target_kind(cat, entry->name);
        if (!kind || entry_ignored(set, entry_idx))
            continue;
        if (current && current != kind) {
            Finding *f = entry_finding(out, "PK0050", entry);
            f->message = finding_strdup(f, "multiple recovery targets specified");
            f->hint =
                finding_strdup(f, "At most one of \"recovery_target\", \"recovery_target_lsn\","
                                  " \"recovery_target_name\", \"recovery_target_time\","
                                  " \"recovery_target_xid\" may be set.");
            return;
        }
        current = entry->value && *entry->value ? kind : 0;
    }
}

/* --- startup cross-checks: settings each valid alone that the postmaster refuses together --- */

/* A setting the startup checks can rely on; in a fragment linted alone, only those it sets. */
static const SnapSetting *usable(const Snapshot *snap, const char *name)
{
    const SnapSetting *setting = snapshot_get(snap, name);
    if (setting && snap->fragment && setting->source == SRC_DEFAULT)
        return NULL;
    /* a placeholder is no value the server would use (conf_placeholder_value) */
    return setting && setting->param && setting->parsed_ok && !setting->unusable ? setting : NULL;
}

static Finding *startup_finding(FindingList *out, const SnapSetting *primary,
                                const SnapSetting *other)
{
    const SnapSetting *where = primary->file ? primary : other;
    Finding *f = add_finding(out, "PK0050", where ? where->file : NULL, where ? where->line : 0);
    finding_add_setting(f, primary->name, primary->value, primary->file, primary->line);
    if (other)
        finding_add_setting(f, other->name, other->value, other->file, other->line);
    return f;
}

/* log_statement_stats and the per-stage statistics exclude each other: each one's check hook
 * (check_log_stats, check_stage_log_stats in postgres.c, 13-18), run as the file's values are
 * applied in order, refuses turning one on while the other kind is on, and the postmaster stops
 * ("configuration file ... contains errors"). Returns 1 for the statement's, 2-4 for a stage's. */
static int stats_kind(const CatalogParam *param)
{
    static const char *const names[] = {"log_statement_stats", "log_parser_stats",
                                        "log_planner_stats", "log_executor_stats"};
    for (int idx = 0; param && idx < 4; idx++)
        if (!strcmp(param->name, names[idx]))
            return idx + 1;
    return 0;
}

static void check_log_stats(const ConfSet *set, const Snapshot *snap, FindingList *out)
{
    const SnapSetting *on[5] = {NULL}; /* by kind, the setting while it is on */
    for (size_t entry_idx = 0; entry_idx < set->n_entries; entry_idx++) {
        const ConfEntry *entry = &set->entries[entry_idx];
        const CatalogParam *param =
            entry->error || !entry->name ? NULL : catalog_find(snap->catalog, entry->name);
        int kind = stats_kind(param);
        if (!kind || entry_ignored(set, entry_idx))
            continue;
        const SnapSetting *setting = snapshot_get(snap, param->name);
        if (!setting || !setting->parsed_ok || setting->unusable)
            continue;
        on[kind] = setting->parsed.boolval ? setting : NULL;
        if (!on[kind])
            continue;
        const SnapSetting *other = NULL;
        for (int idx = kind == 1 ? 2 : 1; idx <= (kind == 1 ? 4 : 1) && !other; idx++)
            other = on[idx];
        if (!other)
            continue;
        Finding *f = startup_finding(out, setting, other);
        f->message = kind == 1
                         ? finding_strdup(f, "cannot enable \"log_statement_stats\" when"
                                             " \"log_parser_stats\", \"log_planner_stats\", or"
                                             " \"log_executor_stats\" is true")
                         : finding_printf(f,
                                          "cannot enable \"%s\" when \"log_statement_stats\""
                                          " is true",
                                          param->name);
        f->hint = finding_printf(f,
                                 "The server logs invalid value for parameter \"%s\" and stops:"
                                 " statistics are logged for the whole statement or per stage,"
                                 " not both (%s = on is applied first).",
                                 param->name, other->param->name);
        finding_add_fix(f, param->name, "off", catalog_context_applies(param->context));
        finding_render_suggestion(f);
        return;
    }
}

static void check_wal_size(const Snapshot *snap, const char *name, double seg_bytes,
                           FindingList *out)
{
    const SnapSetting *setting = usable(snap, name);
    /* min/max_wal_size are in MB; the server converts them to whole segments */
    if (!setting || setting->source == SRC_DEFAULT ||
        (double)(long long)(setting->parsed.num * 1024.0 * 1024.0 / seg_bytes) >= 2)
        return;
    Finding *f = startup_finding(out, setting, NULL);
    f->message = finding_printf(f, "\"%s\" must be at least twice \"wal_segment_size\"", name);
    f->hint = finding_printf(f,
                             "With %.0fMB WAL segments (the initdb default unless --wal-segsize was"
                             " given) write at least %.0fMB.",
                             seg_bytes / (1024.0 * 1024.0), 2 * seg_bytes / (1024.0 * 1024.0));
    char *value = xasprintf("%.0fMB", 2 * seg_bytes / (1024.0 * 1024.0));
    finding_add_fix(f, setting->param->name, value,
                    catalog_context_applies(setting->param->context));
    free(value);
    finding_render_suggestion(f);
}

/* From 17 on the postmaster quotes parameter names in these messages. */
static const char *q(int major)
{
    return major >= 17 ? "\"" : "";
}

static void check_wal_level_minimal(const Snapshot *snap, FindingList *out)
{
    const SnapSetting *level = usable(snap, "wal_level");
    if (!level || strcmp(level->parsed.enum_val, "minimal"))
        return;
    const char *quote = q(snap->pg_major);
    const SnapSetting *senders = usable(snap, "max_wal_senders");
    if (senders && senders->parsed.num > 0) {
        Finding *f = startup_finding(out, level, senders);
        f->message =
            snap->pg_major >= 17
                ? finding_strdup(f,
                                 "WAL streaming (\"max_wal_senders\" > 0) requires \"wal_level\" to"
                                 " be \"replica\" or \"logical\"")
                : finding_strdup(f, "WAL streaming (max_wal_senders > 0) requires wal_level"
                                    " \"replica\" or \"logical\"");
        /* two ways out, both offered: keep minimal WAL without senders, or stream with replica
         * (the default). The one applied keeps what the file asks for by name: senders set in
         * the file ask for streaming, senders left at their default ask for nothing. */
        bool stream = senders->source != SRC_DEFAULT;
        const CatalogParam *wal_level = level->param;
        f->hint = finding_strdup(f, "Minimal WAL cannot feed a WAL sender: set one of the two.");
        if (stream)
            finding_add_fix(f, wal_level->name, "replica",
                            catalog_context_applies(wal_level->context));
        else
            finding_add_fix(f, senders->param->name, "0",
                            catalog_context_applies(senders->param->context));
        f->suggestion_tail = finding_strdup(
            f, stream ? ", or max_wal_senders = 0 to keep minimal WAL (no streaming standby, no"
                        " pg_basebackup)"
                      : ", or wal_level = replica to keep streaming standbys and pg_basebackup"
                        " possible (more WAL is written)");
        finding_render_suggestion(f);
    }
    const SnapSetting *archive = usable(snap, "archive_mode");
    if (archive && strcmp(archive->parsed.enum_val, "off")) {
        Finding *f = startup_finding(out, level, archive);
        f->message = finding_printf(
            f, "WAL archival cannot be enabled when %swal_level%s is \"minimal\"", quote, quote);
    }
    const SnapSetting *summarize = usable(snap, "summarize_wal");
    if (summarize && summarize->parsed.boolval) {
        Finding *f = startup_finding(out, level, summarize);
        f->message = finding_printf(f, "WAL cannot be summarized when %swal_level%s is \"minimal\"",
                                    quote, quote);
    }
}

/* listen_addresses takes host names and addresses; a port written after one ("localhost:5432")
 * makes the name unresolvable, and when no entry can be listened on the postmaster stops
 * ("could not create any TCP/IP sockets"; with another entry that works it warns and goes on).
 * An IPv6 address has several colons and is no port (review 2026-12y, h27b 19: a rename fix of
 * `listen = 'localhost:5432'` kept the port). */
static void check_listen_ports(const Snapshot *snap, FindingList *out)
{
    const SnapSetting *listen = usable(snap, "listen_addresses");
    if (!listen || listen->source != SRC_FILE || !listen->value)
        return;
    char *copy = xstrdup(listen->value);
    size_t items = 0, ported = 0;
    char port[16] = "";
    StrBuf cleaned = STRBUF_INIT; /* the entries without their ports */
    for (char *cursor = copy, *item; (item = lint_library_next(&cursor));) {
        if (!*item)
            continue;
        items++;
        const char *colon = strchr(item, ':');
        bool has_port = colon && !strchr(colon + 1, ':') && colon[1] &&
                        strspn(colon + 1, "0123456789") == strlen(colon + 1);
        sb_printf(&cleaned, "%s%.*s", cleaned.len ? ", " : "",
                  has_port ? (int)(colon - item) : (int)strlen(item), item);
        if (has_port && !ported++)
            snprintf(port, sizeof port, "%s", colon + 1);
    }
    free(copy);
    if (!ported) {
        sb_free(&cleaned);
        return;
    }
    bool all = ported == items;
    Finding *f = add_finding(out, "PK0095", listen->file, listen->line);
    finding_add_setting(f, listen->name, listen->value, listen->file, listen->line);
    f->message = finding_printf(
        f,
        "listen_addresses = '%s' writes a port after %s: listen_addresses takes host names and "
        "addresses only, so the server cannot resolve %s%s",
        listen->value, ported == 1 ? "an address" : "its addresses", ported == 1 ? "it" : "them",
        all ? " and, with nothing left to listen on, stops at startup (\"could not create any "
              "TCP/IP sockets\")"
            : ", warns, and listens on the rest only");
    f->suggestion =
        finding_printf(f, "listen_addresses = '%s' and port = %s", sb_str(&cleaned), port);
    sb_free(&cleaned);
    f->hint = finding_strdup(f, "The port goes in port (every address listens on the same one).");
    f->refuses_start = all;
    if (!all)
        finding_set_severity(f, SEV_WARNING);
}

/* listen_addresses names the server's own interfaces, not its clients: three or more IPv4
 * addresses of one /24 read as a list of who may connect (held-out set 30, h30b 16: seven
 * client containers' addresses), while one host rarely has more than one address in a subnet.
 * The server binds what it has and warns for the rest ("could not bind"); where it has none of
 * them it stops at startup ("could not create any TCP/IP sockets"). */
/* A network in listen_addresses (`10.0.0.0/24`), as pg_hba.conf writes clients: no host name
 * resolves to it, so the server binds nothing for it ("could not translate host name"), and
 * with no other entry stops at startup, "could not create any TCP/IP sockets" (shown on the real
 * 16; held-out set 32, h32a 11, shown on 15). */
static bool listen_networks(const SnapSetting *listen, FindingList *out)
{
    char *copy = xstrdup(listen->value);
    char first[64] = "";
    size_t networks = 0, others = 0;
    for (char *cursor = copy, *item; (item = lint_library_next(&cursor));) {
        if (strchr(item, '/')) {
            if (!networks++)
                snprintf(first, sizeof first, "%s", item);
        } else if (*item) {
            others++;
        }
    }
    free(copy);
    if (!networks)
        return false;
    Finding *f = add_finding(out, "PK0096", listen->file, listen->line);
    finding_add_setting(f, listen->name, listen->value, listen->file, listen->line);
    if (!others) {
        finding_set_severity(f, SEV_ERROR);
        f->refuses_start = true;
    }
    f->message = finding_printf(
        f,
        "listen_addresses names %s%s, a network as pg_hba.conf writes its clients, not an "
        "address of the server's: no host name resolves to it, so the server binds nothing for it "
        "(\"could not translate host name\")%s",
        first, networks > 1 ? " and other networks" : "",
        others ? ", and listens only on the other entries"
               : ", and with no other entry stops at startup (\"could not create any TCP/IP "
                 "sockets\")");
    f->suggestion = finding_printf(f,
                                   "listen_addresses = '*' (or the server's own address), and "
                                   "name the clients in pg_hba.conf lines for %s",
                                   first);
    return true;
}

static void check_listen_clients(const Snapshot *snap, FindingList *out)
{
    const SnapSetting *listen = usable(snap, "listen_addresses");
    if (!listen || listen->source != SRC_FILE || !listen->value || listen_networks(listen, out))
        return;
    char *copy = xstrdup(listen->value);
    unsigned prefixes[64];
    size_t n = 0, best = 0;
    for (char *cursor = copy, *item; (item = lint_library_next(&cursor)) && n < 64;) {
        unsigned a, b, c, d;
        char tail;
        if (sscanf(item, "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4 || a > 255 || b > 255 ||
            c > 255 || d > 255 || a == 127 || a == 0)
            continue;
        prefixes[n++] = (a << 16) | (b << 8) | c;
    }
    free(copy);
    unsigned subnet = 0;
    for (size_t idx = 0; idx < n; idx++) {
        size_t same = 0;
        for (size_t other = 0; other < n; other++)
            same += prefixes[other] == prefixes[idx];
        if (same > best) {
            best = same;
            subnet = prefixes[idx];
        }
    }
    if (best < 3)
        return;
    Finding *f = add_finding(out, "PK0096", listen->file, listen->line);
    finding_add_setting(f, listen->name, listen->value, listen->file, listen->line);
    f->message = finding_printf(
        f,
        "listen_addresses names %zu addresses of %u.%u.%u.0/24, as if it chose the clients: it "
        "names the server's own interfaces, so the server binds the one it has, warns \"could "
        "not bind\" for the others, and stops at startup (\"could not create any TCP/IP "
        "sockets\") where it has none of them",
        best, subnet >> 16, (subnet >> 8) & 255, subnet & 255);
    f->suggestion = finding_printf(f,
                                   "listen_addresses = '*' (or the server's own address), and "
                                   "name the clients in pg_hba.conf lines for %u.%u.%u.0/24",
                                   subnet >> 16, (subnet >> 8) & 255, subnet & 255);
}

static void check_reserved_connections(const Snapshot *snap, FindingList *out)
{
    const SnapSetting *maxconn = usable(snap, "max_connections");
    const SnapSetting *su = usable(snap, "superuser_reserved_connections");
    const SnapSetting *reserved = usable(snap, "reserved_connections");
    if (!maxconn || !su)
        return;
    double total = su->parsed.num + (reserved ? reserved->parsed.num : 0);
    if (total < maxconn->parsed.num)
        return;
    const char *quote = q(snap->pg_major);
    Finding *f = startup_finding(out, su->file ? su : maxconn, su->file ? maxconn : su);
    if (reserved)
        f->message =
            finding_printf(f,
                           "%ssuperuser_reserved_connections%s (%.0f) plus %sreserved_connections%s"
                           " (%.0f) must be less than %smax_connections%s (%.0f)",
                           quote, quote, su->parsed.num, quote, quote, reserved->parsed.num, quote,
                           quote, maxconn->parsed.num);
    else
        f->message = finding_printf(f,
                                    "superuser_reserved_connections (%.0f) must be less than"
                                    " max_connections (%.0f)",
                                    su->parsed.num, maxconn->parsed.num);
}

/* A run of at least `min` and at most `max` characters of `accept` at *p, consumed; false (and
 * nothing consumed) otherwise. */
static bool take_run(const char **p, int (*accept)(int), size_t min, size_t max)
{
    size_t n = 0;
    while ((*p)[n] && accept((unsigned char)(*p)[n]))
        n++;
    if (n < min || n > max)
        return false;
    *p += n;
    return true;
}

static int is_lower(int c)
{
    return c >= 'a' && c <= 'z';
}
static int is_upper(int c)
{
    return c >= 'A' && c <= 'Z';
}
static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}
static int is_word(int c)
{
    return isalnum(c) || c == '-' || c == '_';
}
/* a Windows language or country name: "English", "United States", "Norwegian (Bokmal)" */
static int is_win_word(int c)
{
    return isalpha(c) || c == ' ' || c == '(' || c == ')' || c == '\'';
}

/* `.codeset` and `@modifier`, each optional, ending the name: ".UTF-8", ".ISO8859-5", "@euro". */
static bool codeset_modifier_end(const char *p)
{
    if (*p == '.' && (p++, !take_run(&p, is_word, 1, 32)))
        return false;
    if (*p == '@' && (p++, !take_run(&p, is_word, 1, 32)))
        return false;
    return !*p;
}

/* How setlocale() names a locale on Unix (POSIX and glibc's setlocale(3)): C, POSIX, C.codeset,
 * or language[_territory][.codeset][@modifier] with a lower-case language ("en", "ast") and an
 * upper-case or numeric territory ("US", "419"): "en_US.UTF-8", "sr_RS@latin". */
static bool unix_locale_name(const char *name)
{
    if (!strcmp(name, "C") || !strcmp(name, "POSIX"))
        return true;
    if (!strncmp(name, "C.", 2))
        return codeset_modifier_end(name + 1);
    const char *p = name;
    if (!take_run(&p, is_lower, 2, 8))
        return false;
    if (*p == '_' && (p++, !take_run(&p, is_upper, 2, 2) && !take_run(&p, is_digit, 3, 3)))
        return false;
    return codeset_modifier_end(p);
}

/* How Windows names one: Language_Country.codepage as initdb writes it there
 * ("English_United States.1252", "Russian_Russia.1251") or a BCP 47 tag ("en-US", PostgreSQL 16's
 * initdb on Windows). */
static bool windows_locale_name(const char *name)
{
    const char *p = name;
    if (take_run(&p, is_lower, 2, 3) && *p == '-') {
        while (*p == '-') {
            p++;
            if (!take_run(&p, isalnum, 2, 8))
                return false;
        }
        return codeset_modifier_end(p);
    }
    p = name;
    if (!is_upper((unsigned char)*p) || !take_run(&p, is_win_word, 2, 64))
        return false;
    if (*p == '_' && (p++, !is_upper((unsigned char)*p) || !take_run(&p, is_win_word, 2, 64)))
        return false;
    if (*p == '.' && (p++, !take_run(&p, is_word, 1, 16)))
        return false;
    return !*p;
}

/* The file is evidently for a server on Windows: the dynamic shared memory type initdb writes
 * there, or a path with a drive letter. */
static bool file_for_windows(const Snapshot *snap)
{
    for (size_t idx = 0; idx < snap->n_settings; idx++) {
        const SnapSetting *s = &snap->settings[idx];
        if (s->source != SRC_FILE || !s->value)
            continue;
        if (!strcasecmp(s->name, "dynamic_shared_memory_type") && !strcasecmp(s->value, "windows"))
            return true;
        if (isalpha((unsigned char)s->value[0]) && s->value[1] == ':' &&
            (s->value[2] == '\\' || s->value[2] == '/'))
            return true;
    }
    return false;
}

static const struct {
    const char *name;
    int mask;
} lc_params[] = {{"lc_messages", LC_MESSAGES_MASK},
                 {"lc_monetary", LC_MONETARY_MASK},
                 {"lc_numeric", LC_NUMERIC_MASK},
                 {"lc_time", LC_TIME_MASK}};

/* The lc_params[idx] setting the file writes with a value, or NULL. */
static const SnapSetting *written_locale(const Snapshot *snap, size_t idx)
{
    const SnapSetting *setting = usable(snap, lc_params[idx].name);
    return setting && setting->source == SRC_FILE && *setting->value ? setting : NULL;
}

/* Adds `setting` to the one PK0060 finding of its cause (made on the first), and its words
 * ("\"x\" of lc_time (line 4)") to `what`. */
static Finding *list_locale(Finding *f, const SnapSetting *setting, StrBuf *what, size_t *n,
                            FindingList *out)
{
    if (!f)
        f = add_finding(out, "PK0060", setting->file, setting->line);
    finding_add_setting(f, setting->name, setting->value, setting->file, setting->line);
    sb_printf(what, "%s\"%s\" of %s (line %d)", *n ? ", " : "", setting->value, setting->name,
              setting->line);
    (*n)++;
    return f;
}

/* Is `name` a locale every glibc server and the official image have: C, POSIX, C.UTF-8 (built
 * into glibc since 2.35 and Debian's before), or en_US, which initdb writes on most hosts and the
 * official Debian-based image generates? */
static bool common_locale(const char *name)
{
    static const char *const common[] = {"C", "POSIX", "C.UTF-8", "C.utf8", NULL};
    for (size_t idx = 0; common[idx]; idx++)
        if (!strcasecmp(name, common[idx]))
            return true;
    return !strncasecmp(name, "en_US", 5) && (!name[5] || name[5] == '.');
}

/* A well-formed locale off the target is something the server must have, as a path there is
 * (PK0061): one notice naming them (review 2026-12x, h25b 22 and 23, h25c 29: pt_BR.UTF-8 and
 * fr_FR.UTF-8, which a server without them refuses at startup). */
static void server_locales(const Snapshot *snap, const char *image_of, FindingList *out)
{
    bool any = false;
    for (size_t idx = 0; idx < sizeof(lc_params) / sizeof(lc_params[0]) && !any; idx++) {
        const SnapSetting *setting = written_locale(snap, idx);
        any = setting && !common_locale(setting->value);
    }
    /* musl's setlocale() takes any name, so PostgreSQL's check_locale() accepts it and an
     * Alpine image's server starts (tests/lint/t-locale-musl.sh; review 2026-12zh, h36b 17);
     * the image is looked for only here, where it decides */
    if (!any || (image_of && lint_container_alpine(image_of)))
        return;
    Finding *f = NULL;
    StrBuf what = STRBUF_INIT;
    size_t n = 0;
    for (size_t idx = 0; idx < sizeof(lc_params) / sizeof(lc_params[0]); idx++) {
        const SnapSetting *setting = written_locale(snap, idx);
        if (!setting || common_locale(setting->value))
            continue;
        f = list_locale(f, setting, &what, &n, out);
    }
    if (!f) {
        sb_free(&what);
        return;
    }
    f->title = finding_strdup(f, "locale the server must have");
    f->message = finding_printf(
        f,
        "%s %s must exist on the server: on Linux with glibc a locale that is not generated "
        "there is an invalid value and the server stops at startup",
        n > 1 ? "the locales" : "the locale", sb_str(&what));
    sb_free(&what);
    f->hint = finding_strdup(
        f, "Check `locale -a` on the server, or generate it (Debian: locale-gen after enabling it "
           "in /etc/locale.gen); the official postgres image generates only en_US.UTF-8 beside C, "
           "C.UTF-8 and POSIX, so build on it with localedef or use one of those.");
    f->suggestion = NULL;
}

/* Off the target (a file from a checkout), this machine's locales say nothing about the server's,
 * and a CI gate must give the same findings on every runner: only the form of each name is
 * checked, and a name setlocale() cannot take on the file's platform is one notice. */
static void check_locale_names(const Snapshot *snap, const char *image_of, FindingList *out)
{
    bool windows = file_for_windows(snap);
    Finding *f = NULL;
    StrBuf what = STRBUF_INIT;
    size_t n_bad = 0;
    bool win_style = false;
    for (size_t idx = 0; idx < sizeof(lc_params) / sizeof(lc_params[0]); idx++) {
        const SnapSetting *setting = written_locale(snap, idx);
        if (!setting)
            continue;
        if (unix_locale_name(setting->value) || (windows && windows_locale_name(setting->value)))
            continue;
        win_style = win_style || windows_locale_name(setting->value);
        f = list_locale(f, setting, &what, &n_bad, out);
    }
    if (!f) {
        sb_free(&what);
        if (!windows)
            server_locales(snap, image_of, out);
        return;
    }
    f->title = finding_strdup(f, "malformed locale name");
    f->message = finding_printf(
        f, "%s %s %s not %s locale name%s%s", n_bad > 1 ? "the locales" : "locale", sb_str(&what),
        n_bad > 1 ? "are" : "is", n_bad > 1 ? "well-formed" : "a well-formed", n_bad > 1 ? "s" : "",
        win_style ? " for a server on Linux or another Unix (Windows names locales so, and nothing"
                    " else in the file is for Windows)"
                  : "");
    sb_free(&what);
    /* musl takes any name: a server an Alpine image runs starts with it (review 2026-12zo,
     * h57a 01: "Portuguese_Brazil.1252" under postgres:12-alpine called a stop at startup) */
    if (!windows && image_of && lint_container_alpine(image_of)) {
        f->hint = finding_strdup(
            f, "The Alpine image that runs it has musl, whose setlocale() takes any name, so the"
               " server starts with it (tests/lint/t-locale-musl.sh). musl's numbers and money are"
               " C.UTF-8's for every name, and its dates and messages change only where a"
               " translation for the name is installed (MUSL_LOCPATH).");
        f->explanation = finding_strdup(
            f, "The server checks the lc_messages, lc_monetary, lc_numeric and lc_time locales"
               " with setlocale() when it reads the configuration; on glibc a locale the system"
               " does not have is an invalid value and the server stops at startup, while musl"
               " accepts every name.");
        f->suggestion = finding_strdup(f, n_bad > 1 ? "remove them, or write C.UTF-8"
                                                    : "remove it, or write C.UTF-8");
        return;
    }
    f->hint = finding_strdup(
        f, "setlocale() names a locale C, POSIX, C.UTF-8 or language[_TERRITORY][.codeset]"
           "[@modifier] (en_US.UTF-8, sr_RS@latin); the server refuses a name the operating"
           " system does not have (invalid value for the parameter) and stops at startup.");
    f->explanation = finding_strdup(
        f, "The server checks the lc_messages, lc_monetary, lc_numeric and lc_time locales with"
           " setlocale() when it reads the configuration, and a locale the operating system does"
           " not have is an invalid value: the server stops at startup. A file checked out of a"
           " repository is not linted on its server, so pgknob does not ask this machine which"
           " locales it has (the same file gives the same findings on every machine); it checks"
           " that each name has the form setlocale() takes. Whether the server has the locale is"
           " checked where it runs: lint its data directory or give --host local there, or run"
           " `locale -a` on it.");
    f->suggestion = finding_strdup(
        f, n_bad > 1 ? "write each as the server's `locale -a` lists it (en_US.UTF-8), or C.UTF-8"
                     : "write it as the server's `locale -a` lists it (en_US.UTF-8), or C.UTF-8");
}

/* On the target (a data directory, --host local) the server checks lc_messages, lc_monetary,
 * lc_numeric and lc_time with setlocale() on this machine. Every missing one has the same cause
 * (this machine lacks locales): one finding lists them all. */
static void check_locales(const Snapshot *snap, FindingList *out)
{
    Finding *f = NULL;
    StrBuf what = STRBUF_INIT;
    size_t n_missing = 0;
    for (size_t idx = 0; idx < sizeof(lc_params) / sizeof(lc_params[0]); idx++) {
        const SnapSetting *setting = written_locale(snap, idx);
        if (!setting)
            continue;
        locale_t loc = newlocale(lc_params[idx].mask, setting->value, (locale_t)0);
        if (loc) {
            freelocale(loc);
            continue;
        }
        f = list_locale(f, setting, &what, &n_missing, out);
    }
    if (!f) {
        sb_free(&what);
        return;
    }
    /* this machine is the server: what it lacks, the server lacks */
    f->severity = SEV_WARNING;
    f->message = finding_printf(f, "%s %s %s not installed on this machine",
                                n_missing > 1 ? "the locales" : "locale", sb_str(&what),
                                n_missing > 1 ? "are" : "is");
    sb_free(&what);
    f->hint =
        finding_strdup(f, "The server refuses to start where a locale is missing (invalid value for"
                          " the parameter); install it on the server or use C.UTF-8.");
    f->explanation = finding_strdup(
        f, "The server checks the lc_messages, lc_monetary, lc_numeric and lc_time locales with"
           " setlocale() when it reads the configuration, and a locale the operating system does"
           " not have is an invalid value: the server stops at startup. This machine is the"
           " server (a data directory, or --host local), and it lacks the locale.");
    f->suggestion =
        finding_strdup(f, n_missing > 1 ? "install the locales (`locale -a` lists them),"
                                          " or use C.UTF-8 for these settings"
                                        : "install the locale (`locale -a` lists them), or"
                                          " use C.UTF-8 for this setting");
}

/* Is `lib` (len bytes) an item of the comma-separated `list`? */
static bool listed_library(const char *list, const char *lib, size_t len)
{
    /* vchord.so is the library an image named vchord ships */
    if (len > 3 && !strncmp(lib + len - 3, ".so", 3))
        len -= 3;
    for (const char *p = list; p && *p;) {
        size_t n = strcspn(p, ",");
        if (n == len && !strncmp(p, lib, len))
            return true;
        p += n + (p[n] == ',');
    }
    return false;
}

/* The shared_preload_libraries that must be installed separately, as "a", "b"; NULL if none.
 * Those in `image` (an operator's image ships them) are not. */
static char *extra_libraries(const SnapSetting *list, const char *image)
{
    StrBuf sb = STRBUF_INIT;
    char *copy = xstrdup(list->value);
    for (char *cursor = copy, *lib; (lib = lint_library_next(&cursor));) {
        size_t len = strlen(lib);
        /* a misspelt name is PK0065's: one cause, one finding */
        if (len && !lint_library_bundled(lib) && !listed_library(image, lib, len) &&
            !lint_library_misspelt(list, lib))
            sb_printf(&sb, "%s\"%s\"", sb.len ? ", " : "", lib);
    }
    free(copy);
    return sb.len ? sb_detach(&sb) : NULL;
}

/* Each kind of host fact says what its own absence does: a missing library or data directory
 * stops the server, a missing ident_file does not (one explanation for all misled readers). */
/* the example error names a library of this finding, never one the file does not load */
static const char *const library_why =
    "This setting names a library in the server's `$libdir`, outside the configuration. pgknob"
    " cannot see the server host, so it cannot tell whether the library is installed there;"
    " where it is not, the server stops at startup with a FATAL error (for example `could not"
    " access file \"%.*s\"`) before accepting a connection.";
static const char *const path_why =
    "This setting names a path on the server host, outside the configuration. pgknob cannot see"
    " that host, so it cannot tell whether the path exists there; where it does not, the server"
    " stops at startup with a FATAL error before accepting a connection.";
static const char *const ident_why =
    "This setting names a file on the server host, outside the configuration. pgknob cannot see"
    " that host, so it cannot tell whether the file exists there. Unlike a missing data directory"
    " or pg_hba.conf, a missing ident file does not stop the server: only the logins that need a"
    " user name map fail.";

/* As the server's is_absolute_path: '/', or a Windows drive or backslash path. */
static bool is_absolute_server_path(const char *path)
{
    if (path[0] == '/' || path[0] == '\\')
        return true;
    return isalpha((unsigned char)path[0]) && path[1] == ':' && (path[2] == '/' || path[2] == '\\');
}

/* SelectConfigFiles (guc.c) makes data_directory, hba_file and ident_file absolute with
 * make_absolute_path, against the postmaster's working directory at launch: not the data
 * directory, nor the directory of the file that sets them (as include does). */
static void relative_path_finding(const SnapSetting *setting, FindingList *out)
{
    bool ident = !strcmp(setting->name, "ident_file");
    Finding *f = add_finding(out, "PK0066", setting->file, setting->line);
    finding_add_setting(f, setting->name, setting->value, setting->file, setting->line);
    if (ident)
        f->severity = SEV_NOTICE; /* a missing ident file fails only the map= logins */
    f->message = finding_printf(f,
                                "%s is the relative path \"%s\": the server resolves it against"
                                " the directory it is started from",
                                setting->name, setting->value);
    f->hint = finding_printf(
        f,
        "Not against the data directory, nor this file's directory as include is: started from"
        " / it is /%s, from elsewhere another file%s.",
        setting->value + (strncmp(setting->value, "./", 2) ? 0 : 2),
        ident ? " (where none is there, every pg_hba.conf line with map= refuses its logins)"
              : ", and where none is there the server refuses to start");
    f->explanation = finding_strdup(
        f, "At startup the server makes data_directory, hba_file and ident_file absolute against"
           " its own working directory (SelectConfigFiles in src/backend/utils/misc/guc.c). That"
           " directory is whatever the service manager, container entrypoint or shell that ran"
           " pg_ctl left it as, so the same file names a different path on each way of starting"
           " the server. Include directives differ: a relative include is read beside the file"
           " that names it.");
    f->suggestion = finding_printf(f, "write %s as an absolute path", setting->name);
}

/* The logging collector makes log_directory with one mkdir (MakePGDirectory in syslogger.c,
 * relative paths under the data directory) and stops the server when it then cannot open the
 * log file: a directory whose parent is missing refuses to start (real 13 and 18,
 * t-relative-paths: logs/pg_log in a new data directory). Nested relative: a warning, a new data
 * directory has no parent; absolute: where it lives on the server, a notice as PK0061's paths. */
static void check_log_directory(const Snapshot *snap, FindingList *out)
{
    const SnapSetting *collector = usable(snap, "logging_collector");
    const SnapSetting *dir = usable(snap, "log_directory");
    if (!collector || !collector->parsed_ok || !collector->parsed.boolval || !dir ||
        dir->source != SRC_FILE || !*dir->value)
        return;
    const char *path = dir->value;
    while (!strncmp(path, "./", 2))
        path += 2;
    const char *last = strrchr(path, '/');
    bool absolute = is_absolute_server_path(path);
    if (!absolute && (!last || !last[1]))
        return; /* one level under the data directory: the server makes it */
    Finding *f = add_finding(out, "PK0061", dir->file, dir->line);
    finding_add_setting(f, dir->name, dir->value, dir->file, dir->line);
    if (!absolute) {
        f->severity = SEV_WARNING;
        f->message = finding_printf(f,
                                    "log_directory is \"%s\": the logging collector creates only"
                                    " its last directory, so %.*s must already exist in the data"
                                    " directory, which a new one does not have",
                                    dir->value, (int)(last - path), path);
        f->hint = finding_strdup(f, "Where it is missing the server refuses to start: \"could not"
                                    " open log file\".");
        f->suggestion =
            finding_printf(f,
                           "log_directory = '%s' (one level, which the server creates), or"
                           " an absolute directory made beforehand",
                           last + 1);
    } else {
        f->message = finding_printf(f,
                                    "log_directory points to \"%s\", which must exist on the"
                                    " server, or its parent be writable by the server's user",
                                    dir->value);
        f->hint = finding_strdup(f, "The logging collector creates only the last directory, and"
                                    " the server refuses to start when it cannot open the log"
                                    " file there.");
        f->suggestion = finding_printf(f, "make sure %s exists on the server", dir->value);
    }
    f->explanation = finding_strdup(f, path_why);
}

/* Does an absolute `path` lie below a bind mount of the service that runs the file, at a
 * source that exists here? */
static bool mounted_here(const ValidateOpts *opts, const char *path)
{
    char *here = conf_mount_source(opts->mounts, opts->n_mounts, path);
    bool exists = here && access(here, F_OK) == 0;
    free(here);
    return exists;
}

/* `target_here`: a data directory or --host local, where an absolute path is checked: present,
 * nothing to say; absent, the server's refusal (ident_file: its lost logins) stands. */
static void check_host_dependent(const Snapshot *snap, bool target_here, const ValidateOpts *opts,
                                 FindingList *out)
{
    const char *image = opts->image_libraries;
    static const char *const paths[] = {"data_directory", "hba_file", "ident_file"};
    const SnapSetting *spl = usable(snap, "shared_preload_libraries");
    char *libs = spl && spl->source == SRC_FILE ? extra_libraries(spl, image) : NULL;
    if (libs) {
        Finding *f = add_finding(out, "PK0061", spl->file, spl->line);
        finding_add_setting(f, spl->name, spl->value, spl->file, spl->line);
        f->message = finding_printf(f,
                                    "shared_preload_libraries loads %s, which %s not part of the"
                                    " PostgreSQL distribution (neither core nor contrib)",
                                    libs, strchr(libs, ',') ? "are" : "is");
        f->hint = finding_strdup(f, "The server refuses to start where a preloaded library is not"
                                    " installed: install it on the server first.");
        /* libs is "\"a\", \"b\"": the first name, unquoted */
        f->explanation = finding_printf(f, library_why, (int)strcspn(libs + 1, "\""), libs + 1);
        f->suggestion =
            finding_printf(f,
                           "install %s on the server before deploying, or remove %s from"
                           " shared_preload_libraries",
                           libs, strchr(libs, ',') ? "them" : "it");
        free(libs);
    }
    for (size_t idx = 0; idx < sizeof(paths) / sizeof(paths[0]); idx++) {
        const SnapSetting *setting = usable(snap, paths[idx]);
        if (!setting || setting->source != SRC_FILE || !*setting->value)
            continue;
        if (!is_absolute_server_path(setting->value)) {
            relative_path_finding(setting, out);
            continue; /* one cause: where the file is depends on the launch directory */
        }
        bool checked = target_here && setting->value[0] == '/';
        if (checked && access(setting->value, F_OK) == 0)
            continue;
        if (!target_here && mounted_here(opts, setting->value))
            continue; /* the container the file runs in has it: the service mounts it there */
        Finding *f = add_finding(out, "PK0061", setting->file, setting->line);
        finding_add_setting(f, setting->name, setting->value, setting->file, setting->line);
        f->message = finding_take(
            f, checked ? xasprintf("%s points to \"%s\", which does not exist on this"
                                   " server",
                                   setting->name, setting->value)
                       : xasprintf("%s points to \"%s\", which must exist on the server",
                                   setting->name, setting->value));
        if (checked) {
            bool ident = !strcmp(paths[idx], "ident_file");
            f->severity = ident ? SEV_WARNING : SEV_ERROR;
            f->refuses_start = !ident; /* on the target itself: the server stops there */
        }
        /* postmaster.c starts without pg_ident.conf (load_ident fails softly), never without
         * the data directory or pg_hba.conf */
        f->hint = finding_strdup(
            f, !strcmp(paths[idx], "ident_file")
                   ? "Where it is missing the server starts, logs the error, and every"
                     " pg_hba.conf line with map= then refuses its logins."
                   : "The server refuses to start when it is missing.");
        f->explanation =
            finding_strdup(f, !strcmp(paths[idx], "ident_file") ? ident_why : path_why);
        /* without the line the file is looked for in the data directory, which a split
         * layout (Debian's /etc/postgresql/N/main) does not keep it in: not a remedy to offer */
        f->suggestion =
            !strcmp(paths[idx], "data_directory")
                ? finding_printf(f, "make sure %s exists on the server", setting->value)
                : finding_printf(f,
                                 "make sure %s exists on the server (without the line, the"
                                 " server reads %s from the data directory instead)",
                                 setting->value,
                                 !strcmp(paths[idx], "hba_file") ? "pg_hba.conf" : "pg_ident.conf");
    }
}

/* The data directory of the target, when it is known: the data_directory the file sets (an
 * absolute path), else the data directory linted; NULL otherwise. */
static const char *target_data_dir(const ConfSet *set, const Snapshot *snap)
{
    const SnapSetting *dd = usable(snap, "data_directory");
    if (dd && dd->source == SRC_FILE && dd->value[0] == '/')
        return dd->value;
    return set->data_dir;
}

/* ssl = on with its certificate or key missing on the target: be_tls_init at postmaster start
 * is FATAL ("could not load server certificate file "server.crt": No such file or directory",
 * 13-18). Only where this machine is the target and the data directory is known (a relative
 * path is read from it, as the server does); elsewhere nothing is said. */
static void check_ssl_files(const ConfSet *set, const Snapshot *snap, bool target_here,
                            FindingList *out)
{
    /* the certificate and key always (their defaults name files in the data directory); the CA,
     * the revocation list and the DH parameters when set: each missing one stops the server
     * (be_tls_init at start is FATAL, proven on 16 in t-words) */
    static const char *const files[] = {"ssl_cert_file", "ssl_key_file", "ssl_ca_file",
                                        "ssl_crl_file", "ssl_dh_params_file"};
    const SnapSetting *ssl = usable(snap, "ssl");
    const char *data_dir = target_data_dir(set, snap);
    if (!ssl || ssl->source != SRC_FILE || !ssl->parsed.boolval)
        return;
    if (!target_here) { /* a file checked out of a repository: the files are the server's */
        StrBuf need = STRBUF_INIT;
        for (size_t idx = 0; idx < sizeof(files) / sizeof(files[0]); idx++) {
            const SnapSetting *setting = usable(snap, files[idx]);
            if (setting && *setting->value)
                sb_printf(&need, "%s%s \"%s\"%s", need.len ? " and " : "", setting->name,
                          setting->value,
                          setting->source == SRC_FILE ? ""
                          : setting->value[0] == '/'  ? " (the default)"
                                                      : " (the default, in the data directory)");
        }
        if (need.len) {
            Finding *f = add_finding(out, "PK0061", ssl->file, ssl->line);
            finding_add_setting(f, ssl->name, ssl->value, ssl->file, ssl->line);
            f->message = finding_printf(f, "ssl is on: %s must exist on the server", sb_str(&need));
            f->hint = finding_strdup(
                f, "The server refuses to start without them (could not load server certificate"
                   " file), and initdb creates none. A file checked out of a"
                   " repository is not the target machine: lint the data directory, or with"
                   " --host local on the server, to check the real ones.");
        }
        sb_free(&need);
        return;
    }
    /* a data directory that is itself missing is PK0061's: one cause, one finding */
    if (data_dir && access(data_dir, F_OK) != 0)
        data_dir = NULL;
    Finding *f = NULL;
    StrBuf what = STRBUF_INIT;
    for (size_t idx = 0; idx < sizeof(files) / sizeof(files[0]); idx++) {
        const SnapSetting *setting = usable(snap, files[idx]);
        if (!setting || !*setting->value || (setting->value[0] != '/' && !data_dir))
            continue;
        char *path = setting->value[0] == '/' ? xstrdup(setting->value)
                                              : xasprintf("%s/%s", data_dir, setting->value);
        bool set_here = setting->source == SRC_FILE;
        if (access(path, F_OK) != 0) {
            if (!f) {
                const SnapSetting *where = set_here ? setting : ssl;
                f = add_finding(out, "PK0064", where->file, where->line);
                finding_add_setting(f, ssl->name, ssl->value, ssl->file, ssl->line);
                f->refuses_start = true;
            }
            finding_add_setting(f, setting->name, setting->value, set_here ? setting->file : NULL,
                                set_here ? setting->line : 0);
            sb_printf(&what, "%s%s \"%s\"%s", what.len ? " and " : "", setting->name,
                      setting->value, set_here ? "" : " (the default)");
            if (setting->value[0] != '/')
                sb_printf(&what, ", read as %s", path);
        }
        free(path);
    }
    if (f) {
        f->message = finding_printf(f, "ssl is on, but %s %s not exist on this server",
                                    sb_str(&what), strstr(sb_str(&what), " and ") ? "do" : "does");
        f->hint = finding_strdup(f, "The server refuses to start: could not load server"
                                    " certificate (or private key) file.");
        f->suggestion = finding_strdup(
            f, "install the certificate and key there (the key readable only by the server's"
               " user, mode 0600), point ssl_cert_file and ssl_key_file at them, or set ssl = off");
    }
    sb_free(&what);
}

/* Above this share of the host's memory the demand cannot be met: the estimate is within 2% of
 * the real size, and the kernel and the backends' own memory need the rest. */
#define SHMEM_HOST_SHARE 0.95

static char *size_text(double bytes)
{
    return bytes >= 10.0 * 1073741824 ? xasprintf("%.1fGB", bytes / 1073741824)
                                      : xasprintf("%.0fMB", bytes / 1048576);
}

void lint_validate_host(const Snapshot *snap, FindingList *out)
{
    ShmemEstimate est;
    if (snap->host.ram_bytes <= 0 || !shmem_estimate(snap, &est) ||
        est.total <= SHMEM_HOST_SHARE * snap->host.ram_bytes)
        return;
    static const char *const named[] = {"shared_buffers", "max_connections", "wal_buffers",
                                        "max_locks_per_transaction", "max_prepared_transactions"};
    const SnapSetting *where = NULL;
    Finding *f = NULL;
    for (size_t idx = 0; idx < sizeof(named) / sizeof(named[0]); idx++) {
        const SnapSetting *setting = usable(snap, named[idx]);
        if (!setting || setting->source == SRC_DEFAULT)
            continue;
        if (!f) {
            where = setting;
            f = add_finding(out, "PK0062", setting->file, setting->line);
            /* host-dependent like PK0060: facts read from this machine make it a warning, and so
             * does a mapping beyond the RAM given, which no start on that host survives without
             * swap: a refusal to start weighs at least as much as PK2009's planner estimate
             * beyond RAM (review 2026-12k, h12d 43 and 2026-12l, h13c 39) */
            if ((snap->host.source && !strncmp(snap->host.source, "local", 5)) ||
                est.total > snap->host.ram_bytes)
                f->severity = SEV_WARNING;
        }
        finding_add_setting(f, setting->name, setting->value, setting->file, setting->line);
    }
    if (!f)
        return; /* the defaults fit any host pgknob would be told about */
    char *total = size_text(est.total), *ram = size_text(snap->host.ram_bytes);
    char *buffers = size_text(est.buffers + est.wal_buffers), *locks = size_text(est.locks);
    char *backends = size_text(est.backends);
    f->message = finding_printf(
        f, "the server asks for about %s of shared memory at startup, %s %s %s", total,
        est.total > snap->host.ram_bytes ? "more than" : "nearly all of",
        snap->host.ram_is_container ? "its container's memory limit," : "the host's", ram);
    char *modules = est.modules > 0 ? size_text(est.modules) : NULL;
    char *dsm = est.dsm > 0 ? size_text(est.dsm) : NULL;
    f->hint = finding_printf(
        f,
        "Buffers %s, lock tables %s, per-process share %s%s%s%s%s. The kernel"
        " refuses a mapping larger than RAM plus swap (\"could not map anonymous"
        " shared memory\"), and a memory limit kills the server once it is used:"
        " lower %s or run it on a larger host.",
        buffers, locks, backends, modules ? ", pg_stat_statements " : "", modules ? modules : "",
        dsm ? ", min_dynamic_shared_memory " : "", dsm ? dsm : "", where->name);
    free(modules);
    free(dsm);
    f->explanation = finding_printf(
        f,
        "The postmaster allocates all of its shared memory in one mapping when it starts:"
        " shared_buffers with their descriptors, wal_buffers, the lock and predicate-lock tables"
        " (max_locks_per_transaction and max_pred_locks_per_transaction times every backend and"
        " prepared-transaction slot), a share per process slot and the tables of preloaded modules"
        " (pg_stat_statements.max entries). PostgreSQL 15 and later print"
        " the total with `postgres -C shared_memory_size`; pgknob's estimate follows it within"
        " 2%%. Above %.0f%% of the host's memory (%s, from %s) nothing is left for the operating"
        " system and the backends' work_mem; above the memory itself the server may refuse to"
        " start on this machine.",
        SHMEM_HOST_SHARE * 100, ram, snap->host.source ? snap->host.source : "--host");
    free(total);
    free(ram);
    free(buffers);
    free(locks);
    free(backends);
}

/* The server refuses max_stack_depth above its RLIMIT_STACK less STACK_DEPTH_SLOP (512kB):
 * check_max_stack_depth in src/backend/tcop/postgres.c (13-17) and
 * src/backend/utils/misc/stack_depth.c (18). Without host facts, Linux's default limit of 8MB
 * (what a shell and systemd give) stands in, and the finding says what the host needs. */
#define STACK_DEPTH_SLOP (512.0 * 1024)
#define DEFAULT_STACK_LIMIT (8.0 * 1024 * 1024)

void lint_validate_stack(const Snapshot *snap, FindingList *out)
{
    const SnapSetting *depth = usable(snap, "max_stack_depth");
    double limit = snap->host.stack_bytes;
    bool known = limit >= 0;
    if (!depth || depth->source == SRC_DEFAULT || (known && limit < 1))
        return; /* the default is 2MB; an unlimited stack has no bound */
    if (!known)
        limit = DEFAULT_STACK_LIMIT;
    double bytes = depth->parsed.num * 1024.0;
    if (bytes <= limit - STACK_DEPTH_SLOP)
        return;
    Finding *f = add_finding(out, "PK0029", depth->file, depth->line);
    finding_add_setting(f, depth->name, depth->value, depth->file, depth->line);
    double max_kb = (limit - STACK_DEPTH_SLOP) / 1024.0, need_kb = bytes / 1024.0 + 512;
    if (known) {
        f->severity = SEV_ERROR;
        f->refuses_start = true;
        f->message = finding_printf(f,
                                    "invalid value for parameter \"max_stack_depth\": %.0f: the"
                                    " stack limit is %.0fkB (%s), and \"max_stack_depth\" must not"
                                    " exceed %.0fkB",
                                    depth->parsed.num, limit / 1024.0,
                                    snap->host.source ? snap->host.source : "--host", max_kb);
    } else {
        f->message =
            finding_printf(f,
                           "max_stack_depth = %s needs a stack limit (ulimit -s) of at least"
                           " %.0fkB: under Linux's default of 8192kB the server refuses it"
                           " (\"max_stack_depth\" must not exceed %.0fkB) and does not start",
                           depth->value, need_kb, max_kb);
    }
    f->hint = finding_printf(f,
                             "Raise the server's stack limit to at least %.0fkB (ulimit -s %.0f in"
                             " the script that starts it, or LimitSTACK= in its systemd unit), or"
                             " lower max_stack_depth to %.0fkB.",
                             need_kb, need_kb, max_kb);
    f->explanation = finding_strdup(
        f, "The server checks max_stack_depth against its own stack limit (getrlimit(RLIMIT_STACK))"
           " and refuses a value above the limit less 512kB, which it keeps as a safety margin:"
           " \"max_stack_depth\" must not exceed 7680kB under the 8MB limit, with the hint"
           " 'Increase the platform's stack depth limit via \"ulimit -s\" or local equivalent.'"
           " In the configuration file that stops the server at startup. The limit is a fact of"
           " the host, not of the file: with --host local pgknob reads this machine's limit, and"
           " --host stack=16MB states the server's.");
    char *value = xasprintf("%.0fkB", max_kb);
    finding_add_fix(f, depth->param->name, value, catalog_context_applies(depth->param->context));
    free(value);
    finding_render_suggestion(f);
}

/* The value as the server stores it ("1GB" and "1024MB" are the same); NULL when it does not
 * parse (an invalid value is PK0020/PK0022's business). Caller frees. */
static char *normalised_value(const CatalogParam *param, int major, const ConfEntry *entry)
{
    const char *text = entry->value ? entry->value : "";
    GucValue val;
    if (param->type == GUC_STRING)
        return check_hook_string(param, major, param->name, text, NULL) ? xstrdup(text) : NULL;
    if (!guc_parse_value_for(param, major, text, &val, NULL))
        return NULL;
    return guc_value_pretty(param, &val);
}

static const char *short_path(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : path ? path : "?";
}

/* A number, boolean or enum as the file wrote it, quotes included (from the line itself), so
 * that a typo such as '0.005' for an integer shows; followed by what the server reads when that
 * differs. Strings are shown dequoted, as before: they may hold a secret the redaction knows in
 * that form. Caller frees. */
static char *written_value(const CatalogParam *param, const ConfEntry *entry,
                           const char *normalised)
{
    const char *text = entry->value ? entry->value : "";
    const char *name, *start = NULL;
    size_t name_len, len = 0;
    if (param->type != GUC_STRING && entry->line_text &&
        conf_split_assignment(entry->line_text, &name, &name_len, &start)) {
        const char *end = start;
        if (*end == '\'') /* to the closing quote: '' and \' stay inside */
            for (end++; *end && *end != '\''; end++)
                end += (*end == '\\' && end[1]) || (end[1] == '\'' && end[2] == '\'');
        while (*end && !isspace((unsigned char)*end) && *end != '#')
            end++;
        len = (size_t)(end - start);
        /* the line is the value's own only when it writes that value (a manifest's line is
         * YAML, `max_connections: "200"`, or a chart's camel-case key) */
        size_t inner = len >= 2 && *start == '\'' && start[len - 1] == '\'' ? len - 2 : len;
        if (inner != strlen(text) || strncmp(start + (inner != len), text, inner))
            len = 0;
    }
    char *shown = len ? xstrndup(start, len) : xstrdup(text);
    if (!strcasecmp(text, normalised))
        return shown;
    char *both = xasprintf("%s (read as %s)", shown, normalised);
    free(shown);
    return both;
}

/* A line whose value a later line replaces with a different one: harmless to the server, but the
 * file no longer says what it runs with (PK0024). Located at the dead line; the winner is the
 * second setting (SARIF relatedLocations). */
static void check_overrides(const ConfSet *set, const Catalog *cat, FindingList *out)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (!entry->name || entry->error || entry->overridden_by < 0)
            continue;
        const ConfEntry *winner = &set->entries[entry->overridden_by];
        const CatalogParam *param = catalog_find(cat, entry->name);
        if (!param || !winner->name || catalog_find(cat, winner->name) != param)
            continue;
        char *mine = normalised_value(param, cat->major, entry);
        char *theirs = normalised_value(param, cat->major, winner);
        if (mine && theirs && strcmp(mine, theirs)) {
            Finding *f = add_finding(out, "PK0024", entry->file, entry->line);
            finding_add_setting(f, param->name, entry->value ? entry->value : "", entry->file,
                                entry->line);
            finding_add_setting(f, param->name, winner->value ? winner->value : "", winner->file,
                                winner->line);
            char *mine_text = written_value(param, entry, mine);
            char *theirs_text = written_value(param, winner, theirs);
            f->message =
                finding_printf(f, "%s = %s here is overridden by %s:%d, which sets %s", param->name,
                               mine_text, short_path(winner->file), winner->line, theirs_text);
            free(mine_text);
            free(theirs_text);
            f->hint = finding_printf(f,
                                     "The server applies the last line, %s = %s; this line has no "
                                     "effect.",
                                     param->name, theirs);
            f->suggestion =
                finding_printf(f, "remove this line, or move the value you mean to %s:%d",
                               short_path(winner->file), winner->line);
            f->explanation = finding_strdup(
                f,
                "The server reads every configuration file in order (postgresql.conf, its includes"
                " and conf.d directories, then postgresql.auto.conf, which ALTER SYSTEM writes) and"
                " applies the last value of each parameter. An earlier line with another value is"
                " silently ignored (pg_file_settings shows it with applied = false), so whoever"
                " edits it changes nothing; and removing the later line one day brings it back.");
        }
        free(mine);
        free(theirs);
    }
}

/* For the sub-checks (validate.intern.h). */
Finding *lint_rule_finding(FindingList *out, const char *id, const char *file, int line)
{
    return add_finding(out, id, file, line);
}

Finding *lint_entry_finding(FindingList *out, const char *id, const ConfEntry *entry)
{
    return entry_finding(out, id, entry);
}

bool lint_entry_ignored(const ConfSet *set, size_t entry_idx)
{
    return entry_ignored(set, entry_idx);
}

void lint_add_rename_fix(Finding *f, const CatalogParam *param, int major, const ConfEntry *entry)
{
    add_rename_fix(f, param, major, entry);
}

const SnapSetting *lint_usable(const Snapshot *snap, const char *name)
{
    return usable(snap, name);
}

/* The findings a template's line inside a block (`<% if @version >= 9.3 %>` ... `<% else %>`)
 * got: that line is rendered only when the block's condition holds, which the unrendered file
 * cannot say, so a refusal there is no fact: a notice, and no fix (rewriting one branch of a
 * version switch undoes the author's choice for the other majors). */
/* Does a template block's opening line test a version ("{% if pg_version >= 13 %}", "<% if
 * @version.to_f < 9.4 %>")? Then each branch may be for other majors. */
static bool version_switch(const ConfSet *set, const ConfEntry *entry)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (e->line != entry->block_line || strcmp(e->file, entry->file) || !e->line_text)
            continue;
        return strcasestr(e->line_text, "version") || strcasestr(e->line_text, "major") ||
               strpbrk(e->line_text, "<>");
    }
    return true; /* the opening line unseen: assume the worst for the reader, a switch */
}

/* Is `name` a parameter no checked major has (removed before 13, or never one)? */
static bool in_no_checked_major(const char *name)
{
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
        if (catalog_find(catalog_for_major(major), name))
            return false;
    return true;
}

/* A finding on a line the rendering may leave out: `severity`, no refusal, `why` after its
 * hint, and no fix (rewriting the line undoes it for the renderings that keep it). */
static void as_rendered_only(Finding *f, Severity severity, const char *why)
{
    f->severity = severity;
    f->refuses_start = false;
    f->hint = finding_printf(f, "%s%s%s", f->hint ? f->hint : "", f->hint ? " " : "", why);
    while (f->n_fixes)
        finding_drop_fix(f, 0);
}

static void conditional_line(FindingList *out, size_t begin, const ConfSet *set,
                             const ConfEntry *entry)
{
    int block_line = entry->block_line;
    /* a block that does not test the version renders the line on every major whenever its
     * condition holds: a parameter none of 13 to 18 has stops every one of them then (review
     * 2026-12x, h25d 43: wal_keep_segments under {% if pg_wal_keep_segments is defined %}) */
    char *name = entry->name ? xstrdup(entry->name) : conf_error_line_name(entry);
    bool every_major = name && !version_switch(set, entry) && in_no_checked_major(name);
    free(name);
    for (size_t idx = begin; idx < out->n; idx++) {
        Finding *f = &out->items[idx];
        if (f->severity <= SEV_NOTICE)
            continue;
        if (every_major && !strcmp(f->rule_id, "PK0011")) {
            char *why = xasprintf("The line is inside the template's block opened at line %d, "
                                  "whose condition names no version: whenever it holds, the "
                                  "rendered file stops every major from %d to %d at startup.",
                                  block_line, PK_MIN_MAJOR, PK_MAX_MAJOR);
            as_rendered_only(f, SEV_WARNING, why);
            free(why);
            continue;
        }
        char *why = xasprintf("The line is inside the template's block opened at line %d: it is "
                              "rendered only when that block's condition holds, which pgknob "
                              "cannot evaluate unrendered; render the template for each target "
                              "and lint the output.",
                              block_line);
        as_rendered_only(f, SEV_NOTICE, why);
        free(why);
    }
}

/* The findings of a line whose comment holds a marker its renderer reads (`wal_keep_segments =
 * 8 # __NOT_IF_PG_13__ __NOT_IF_PG_14__`, a build that drops the line for those majors: review
 * 2026-12zl, h47c 31): whether the line is written depends on the rendering, as a block's line
 * does, so a refusal there is a notice and no fix (commenting it out would undo it for the
 * majors that keep it). */
static void marked_line(FindingList *out, size_t begin, const ConfEntry *entry)
{
    char marker[64];
    if (!conf_comment_marker(entry->line_text, marker, sizeof marker))
        return;
    char *why = xasprintf("The line's comment holds %s, a marker its renderer reads to keep or "
                          "drop the line: whether it is written depends on the rendering, which "
                          "pgknob cannot evaluate unrendered; render the template for each target "
                          "and lint the output.",
                          marker);
    for (size_t idx = begin; idx < out->n; idx++)
        if (out->items[idx].severity > SEV_NOTICE)
            as_rendered_only(&out->items[idx], SEV_NOTICE, why);
    free(why);
}

/* Does `text` start an SQL statement that sets a parameter ("ALTER SYSTEM SET", "SET x TO",
 * "RESET x"), case-insensitively? */
static bool starts_sql_statement(const char *text)
{
    text += strspn(text, " \t");
    static const char *const starts[] = {"alter system", "set ", "reset ", NULL};
    for (const char *const *word = starts; *word; word++)
        if (!strncasecmp(text, *word, strlen(*word)))
            return true;
    return false;
}

/* Does the statement end on this line (a ';' before any comment)? */
static bool ends_sql_statement(const char *text)
{
    const char *end = text + strcspn(text, "#");
    while (end > text && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    return end > text && end[-1] == ';';
}

/* Lines that are SQL (pgtune's "ALTER SYSTEM SET\n max_connections = '32';" output kept as
 * postgresql.auto.conf): the server refuses each, and they are one cause, so one finding with the
 * count and the lines, not a syntax error per line. Only lines the server refuses are marked.
 * Returns how many. */
static size_t check_sql_statements(const ConfSet *set, bool *sql, FindingList *out)
{
    size_t n = 0, statements = 0;
    bool open = false; /* a statement began above and has not ended */
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        const char *text = entry->line_text ? entry->line_text : "";
        if (!entry->error || !(open || starts_sql_statement(text))) {
            open = false;
            continue;
        }
        sql[idx] = true;
        statements += !open;
        open = !ends_sql_statement(text);
        n++;
    }
    if (!n)
        return 0;
    StrBuf lines = STRBUF_INIT;
    Finding *f = lint_entry_finding(out, "PK0001", lint_marked_lines(set, sql, &lines));
    f->refuses_start = true;
    f->message =
        finding_printf(f,
                       "%zu SQL statement%s (ALTER SYSTEM SET ...;) where configuration"
                       " lines belong (line%s %s): the server does not start with them",
                       statements, statements == 1 ? "" : "s", n == 1 ? "" : "s", sb_str(&lines));
    f->hint = finding_strdup(f, "ALTER SYSTEM is a command to run in psql, which writes"
                                " postgresql.auto.conf itself; in a file, each setting is a"
                                " name = value line, without ALTER SYSTEM SET and the ';'.");
    f->suggestion = finding_strdup(f, "write each as name = value (max_connections = 32),"
                                      " or run the statements in psql");
    sb_free(&lines);
    return n;
}

/* A file saved as UTF-16 (a Windows editor's "Unicode"): its byte-order mark and the NUL byte
 * beside every ASCII character are what the server reads, so it refuses the first line; every
 * line's syntax error is that one cause (review 2026-12w, h24c 31: 100 errors for one file).
 * The byte order named ("little-endian"), or NULL. */
static const char *utf16_order(const char *path)
{
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f)
        return NULL;
    unsigned char bom[2] = {0, 0};
    size_t got = fread(bom, 1, 2, f);
    fclose(f);
    if (got < 2)
        return NULL;
    return bom[0] == 0xFF && bom[1] == 0xFE   ? "little-endian"
           : bom[0] == 0xFE && bom[1] == 0xFF ? "big-endian"
                                              : NULL;
}

void lint_validate(const ConfSet *set, const Snapshot *snap, const ValidateOpts *opts,
                   FindingList *out)
{
    check_overrides(set, snap->catalog, out);
    bool *templated = xcalloc(set->n_entries + 1, sizeof(bool));
    bool *in_tag = xcalloc(set->n_entries + 1, sizeof(bool));
    lint_check_template(set, snap->catalog, opts->host_is_server,
                        opts->read_as_mounted
                            ? "A compose service runs it as config_file straight from its mount, "
                              "and compose fills in variables in the compose file, never in a "
                              "file it mounts."
                            : NULL,
                        templated, in_tag, out);
    bool *sql = xcalloc(set->n_entries + 1, sizeof(bool));
    check_sql_statements(set, sql, out);
    UnknownFamilies fams = {0};
    unknown_families(set, snap->catalog, &fams);
    const char *utf16_file = NULL; /* the file of the last entry checked, and its encoding */
    const char *utf16 = NULL;
    for (size_t entry_idx = 0; entry_idx < set->n_entries; entry_idx++) {
        size_t before = out->n;
        if (sql[entry_idx] || (in_tag[entry_idx] && !templated[entry_idx]))
            continue; /* check_sql_statements said it; or it renders only comments */
        const ConfEntry *at = &set->entries[entry_idx];
        if (at->file && (!utf16_file || strcmp(utf16_file, at->file))) {
            utf16_file = at->file;
            utf16 = utf16_order(at->file);
            if (utf16) {
                Finding *f = add_finding(out, "PK0001", at->file, 1);
                f->message = finding_printf(
                    f,
                    "the file is UTF-16 (%s, with a byte-order mark): the server reads it byte by"
                    " byte, the mark and a NUL byte beside every character, and refuses it from"
                    " line 1",
                    utf16);
                f->hint = finding_strdup(f, "One cause for every line: the encoding, which a"
                                            " Windows editor's \"Unicode\" saves.");
                f->suggestion = finding_strdup(f, "save the file as UTF-8 (or ASCII) without a"
                                                  " byte-order mark");
            }
        }
        if (utf16)
            continue; /* its lines are that one finding */
        if (!templated[entry_idx]) {
            check_entry(set, entry_idx, snap, opts, &fams, out);
            /* a template's own tag left unmarked is inside {% raw %}: rendering keeps it */
            const ConfEntry *entry = &set->entries[entry_idx];
            if (entry->error && conf_template_syntax(entry->line_text))
                for (size_t idx = before; idx < out->n; idx++)
                    if (!strcmp(out->items[idx].rule_id, "PK0001"))
                        out->items[idx].hint = finding_strdup(
                            &out->items[idx],
                            "The line is inside a {% raw %} block: rendering copies it as written,"
                            " so the server reads the template tag itself and refuses to start.");
        } else if (!in_tag[entry_idx]) { /* a tag's code has no parameter name to check */
            check_template_name(&set->entries[entry_idx], set, snap, out);
            check_template_branches(&set->entries[entry_idx], snap, out);
        }
        if (set->entries[entry_idx].block_line)
            conditional_line(out, before, set, &set->entries[entry_idx]);
        else
            marked_line(out, before, &set->entries[entry_idx]);
    }
    unknown_families_free(&fams);
    free(sql);
    free(in_tag);
    free(templated);
    check_recovery_targets(set, snap->catalog, out);
    check_log_stats(set, snap, out);
    lint_check_extensions(set, snap, opts->image_libraries, out);
    /* the postmaster's own checks, on the values it would apply (invalid ones are skipped) */
    double seg = opts->wal_segment_bytes > 0 ? opts->wal_segment_bytes : 16.0 * 1024 * 1024;
    check_wal_size(snap, "min_wal_size", seg, out);
    check_wal_size(snap, "max_wal_size", seg, out);
    check_wal_level_minimal(snap, out);
    check_reserved_connections(snap, out);
    check_listen_ports(snap, out);
    check_listen_clients(snap, out);
    /* a data directory or --host local is the real target: its facts are checked here */
    bool target_here = set->data_dir || opts->host_is_server;
    lint_check_preload_libraries(snap, out);
    check_host_dependent(snap, target_here, opts, out);
    check_log_directory(snap, out);
    check_ssl_files(set, snap, target_here, out);
    /* on the target, this machine's locales are the server's; elsewhere only the names' form */
    if (target_here && opts->check_host)
        check_locales(snap, out);
    else if (!target_here)
        check_locale_names(snap, opts->image_of, out);
}
