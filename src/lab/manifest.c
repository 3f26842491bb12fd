#include "lab/manifest.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "common/ini.h"
#include "common/quantity.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "lab/events.h"

/* State while one lab.ini is read: where the entry being handled is, so that every message
 * names its line. */
typedef struct IniState {
    const char *path;
    int line;
    Lab *lab;
    const char *root_name; /* last component of the labs directory */
    PkDiag *diag;
    bool failed;
} IniState;

static bool set_error(IniState *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool set_error(IniState *st, const char *fmt, ...)
{
    if (!st->failed) {
        va_list ap;
        va_start(ap, fmt);
        pk_diag_vset(st->diag, st->path, st->line, NULL, fmt, ap);
        va_end(ap);
    }
    st->failed = true;
    return false;
}

static bool parse_int(IniState *st, const char *key, const char *value, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long num = strtol(value, &end, 10);
    if (errno || end == value || *end || num < lo || num > hi)
        return set_error(st, "invalid value for \"%s\": \"%s\"", key, value);
    *out = (int)num;
    return true;
}

static bool parse_seconds(IniState *st, const char *key, const char *value, double *out)
{
    if (!pk_parse_duration(value, 0, 86400, out))
        return set_error(st, "invalid duration for \"%s\": \"%s\" (write e.g. 60s, 2min)", key,
                         value);
    return true;
}

static bool parse_number(IniState *st, const char *key, const char *value, double *out)
{
    char *end;
    errno = 0;
    double num = strtod(value, &end);
    if (errno || end == value || *end || num < 0)
        return set_error(st, "invalid number for \"%s\": \"%s\"", key, value);
    *out = num;
    return true;
}

/* Text keys may continue on indented lines: the pieces are joined with a space. */
static void append_text(Arena *arena, char **field, const char *value)
{
    *field = *field ? arena_printf(arena, "%s %s", *field, value) : arena_strdup(arena, value);
}

static void add_predict(Lab *lab, const char *value)
{
    char *copy = xstrdup(value);
    for (char *tok = strtok(copy, ", "); tok; tok = strtok(NULL, ", ")) {
        lab->predicts = arena_realloc(lab->arena, lab->predicts, lab->n_predicts * sizeof(char *),
                                      (lab->n_predicts + 1) * sizeof(char *));
        lab->predicts[lab->n_predicts++] = arena_strdup(lab->arena, tok);
    }
    free(copy);
}

static bool fragment_into(IniState *st, const char *file, LabSettings *out)
{
    if (strchr(file, '/'))
        return set_error(st, "settings file \"%s\" must be a file name in the lab directory", file);
    char *path = xasprintf("%s/%s", st->lab->dir, file);
    PkDiag err = PK_DIAG_INIT;
    LabSettings read = {0};
    bool ok = lab_settings_read(path, &read, &err);
    /* Copied into the lab's arena. Settings remember a short, machine-independent place:
     * "labs/ID/FILE". */
    char *place = xasprintf("%s/%s/%s", st->root_name, st->lab->id, file);
    out->arena = st->lab->arena;
    for (size_t idx = 0; ok && idx < read.n; idx++) {
        const LabSetting *item = &read.items[idx];
        lab_settings_put(out, item->name, item->value,
                         strcmp(item->file, path) == 0 ? place : item->file, item->line);
    }
    free(place);
    arena_free(read.arena);
    if (!ok && !st->failed && err.file && err.line > 0) {
        /* A bad line: its own place first; where lab.ini names the file goes into the detail. */
        pk_diag_set_detail(&err, "in the settings file named at %s:%d", st->path, st->line);
        lab_diag_pass(st->diag, &err);
    } else if (!ok && !st->failed) {
        pk_diag_set(st->diag, st->path, st->line, err.hint, "in settings file named here: %s%s%s",
                    err.file ? err.file : "", err.file ? ": " : "", err.message);
    }
    st->failed = st->failed || !ok;
    pk_diag_free(&err);
    free(path);
    return ok;
}

static bool handle_lab(IniState *st, const char *key, const char *value)
{
    Lab *lab = st->lab;
    if (!strcmp(key, "title"))
        append_text(lab->arena, &lab->title, value);
    else if (!strcmp(key, "story"))
        append_text(lab->arena, &lab->story, value);
    else if (!strcmp(key, "watch"))
        append_text(lab->arena, &lab->watch, value);
    else if (!strcmp(key, "predicts"))
        add_predict(lab, value);
    else if (!strcmp(key, "mechanism")) {
        char *scratch = xstrdup(value);
        const char *bad = NULL;
        bool ok = lab_counter_set_parse(value, &lab->mechanism, scratch, &bad);
        if (!ok) {
            StrBuf names = STRBUF_INIT;
            for (int idx = 0; idx < COUNTER_N; idx++)
                sb_printf(&names, "%s%s", idx ? ", " : "", lab_counter_key((LabCounter)idx));
            set_error(st, "unknown mechanism counter \"%s\": use %s", bad, sb_str(&names));
            sb_free(&names);
        }
        free(scratch);
        return ok;
    } else if (!strcmp(key, "order"))
        return parse_int(st, key, value, 0, 99, &lab->order);
    else if (!strcmp(key, "min_version"))
        return parse_int(st, key, value, 13, 18, &lab->min_major);
    else if (!strcmp(key, "settings"))
        return fragment_into(st, value, &lab->settings);
    else if (!strcmp(key, "kind")) {
        if (!strcmp(value, "stage"))
            lab->kind = LAB_STAGE;
        else if (!strcmp(value, "standalone"))
            lab->kind = LAB_STANDALONE;
        else
            return set_error(st, "invalid kind \"%s\": use stage or standalone", value);
    } else
        return set_error(st, "unknown key \"%s\" in section [%s]", key, "lab");
    return true;
}

static bool handle_workload(IniState *st, const char *key, const char *value)
{
    LabWorkload *wl = &st->lab->workload;
    if (!strcmp(key, "type")) {
        if (!strcmp(value, "tpcc"))
            wl->type = WORKLOAD_TPCC;
        else if (!strcmp(value, "query"))
            wl->type = WORKLOAD_QUERY;
        else
            return set_error(st, "invalid workload type \"%s\": use tpcc or query", value);
        return true;
    }
    if (!strcmp(key, "sql")) {
        append_text(st->lab->arena, &wl->sql, value);
        return true;
    }
    static const struct {
        const char *key;
        size_t offset;
        bool seconds;
    } fields[] = {
        {"warehouses", offsetof(LabWorkload, warehouses), false},
        {"clients", offsetof(LabWorkload, clients), false},
        {"quick_warehouses", offsetof(LabWorkload, quick_warehouses), false},
        {"quick_clients", offsetof(LabWorkload, quick_clients), false},
        {"duration", offsetof(LabWorkload, duration_s), true},
        {"warmup", offsetof(LabWorkload, warmup_s), true},
        {"quick_duration", offsetof(LabWorkload, quick_duration_s), true},
        {"quick_warmup", offsetof(LabWorkload, quick_warmup_s), true},
    };
    for (size_t idx = 0; idx < sizeof(fields) / sizeof(fields[0]); idx++) {
        if (strcmp(key, fields[idx].key) != 0)
            continue;
        char *field = (char *)wl + fields[idx].offset;
        if (fields[idx].seconds)
            return parse_seconds(st, key, value, (double *)(void *)field);
        return parse_int(st, key, value, 1, 1000, (int *)(void *)field);
    }
    return set_error(st, "unknown key \"%s\" in section [%s]", key, "workload");
}

static bool handle_reference(IniState *st, const char *key, const char *value)
{
    LabReference *ref = &st->lab->reference;
    if (!strcmp(key, "tps"))
        return parse_number(st, key, value, &ref->tps);
    if (!strcmp(key, "label"))
        append_text(st->lab->arena, &ref->label, value);
    else if (!strcmp(key, "source"))
        append_text(st->lab->arena, &ref->source, value);
    else
        return set_error(st, "unknown key \"%s\" in section [%s]", key, "reference");
    return true;
}

/* read_latency, fsync_latency, wal_fsync_latency: 0 to 10 s, as pgknob's durations. */
static bool handle_storage_key(IniState *st, LabStorage *storage, const char *key,
                               const char *value, bool *known)
{
    double *field = !strcmp(key, "read_latency")        ? &storage->read_s
                    : !strcmp(key, "fsync_latency")     ? &storage->fsync_s
                    : !strcmp(key, "wal_fsync_latency") ? &storage->wal_fsync_s
                                                        : NULL;
    *known = field != NULL;
    if (!field)
        return true;
    if (!pk_parse_duration(value, 0, 10, field))
        return set_error(st,
                         "invalid latency for \"%s\": \"%s\" (write e.g. 0.1ms, 2ms; 0 to 10 s)",
                         key, value);
    storage->on = true;
    return true;
}

static bool handle_storage(IniState *st, const char *key, const char *value)
{
    bool known;
    if (!handle_storage_key(st, &st->lab->storage, key, value, &known))
        return false;
    if (!known)
        return set_error(st, "unknown key \"%s\" in section [%s]", key, "storage");
    return true;
}

static LabRun *find_or_add_run(Lab *lab, const char *name)
{
    for (size_t idx = 0; idx < lab->n_runs; idx++)
        if (!strcmp(lab->runs[idx].name, name))
            return &lab->runs[idx];
    lab->runs = arena_realloc(lab->arena, lab->runs, lab->n_runs * sizeof(LabRun),
                              (lab->n_runs + 1) * sizeof(LabRun));
    LabRun *run = &lab->runs[lab->n_runs++];
    run->name = arena_strdup(lab->arena, name);
    run->storage = (LabStorage){false, -1, -1, -1};
    return run;
}

static bool handle_run(IniState *st, const char *name, const char *key, const char *value)
{
    if (!*name || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-_") != strlen(name))
        return set_error(st, "invalid run name \"%s\": use lower-case letters, digits, - and _",
                         name);
    LabRun *run = find_or_add_run(st->lab, name);
    if (!strcmp(key, "title"))
        append_text(st->lab->arena, &run->title, value);
    else if (!strcmp(key, "settings"))
        return fragment_into(st, value, &run->settings);
    else {
        bool known;
        if (!handle_storage_key(st, &run->storage, key, value, &known))
            return false;
        if (!known)
            return set_error(st, "unknown key \"%s\" in a [run.%s] section", key, name);
    }
    return true;
}

static bool handle_entry(IniState *st, const char *section, const char *key, const char *value)
{
    if (!strcmp(section, "lab"))
        return handle_lab(st, key, value);
    if (!strcmp(section, "workload"))
        return handle_workload(st, key, value);
    if (!strcmp(section, "reference"))
        return handle_reference(st, key, value);
    if (!strcmp(section, "storage"))
        return handle_storage(st, key, value);
    if (!strncmp(section, "run.", 4))
        return handle_run(st, section + 4, key, value);
    return set_error(st, "unknown section [%s]", section);
}

/* Every entry of the document, in file order; a value continued on indented lines is one text
 * (its pieces joined with a space). */
static bool handle_doc(IniState *st, PkIniDoc *doc)
{
    for (size_t sec_idx = 0; sec_idx < doc->n_sections; sec_idx++) {
        PkIniSection *sec = &doc->sections[sec_idx];
        for (size_t idx = 0; idx < sec->n_entries; idx++) {
            PkIniEntry *entry = &sec->entries[idx];
            char *value = pk_ini_entry_join(entry, " ");
            st->line = entry->line;
            bool ok = handle_entry(st, sec->name, entry->key, value);
            free(value);
            if (!ok)
                return false;
        }
    }
    return true;
}

/* The number of the file's last line (where a missing key is reported). */
static int last_line(const char *text, size_t len)
{
    int lines = 0;
    for (size_t pos = 0; pos < len; pos++)
        lines += text[pos] == '\n';
    return len && text[len - 1] != '\n' ? lines + 1 : lines;
}

/* What every lab must say, checked after the whole file was read (reported at its last line). */
static bool lab_validate(IniState *st)
{
    Lab *lab = st->lab;
    if (!lab->title)
        return set_error(st, "missing key \"%s\" in section [%s]", "title", "lab");
    if (!lab->story)
        return set_error(st, "missing key \"%s\" in section [%s]", "story", "lab");
    if (lab->workload.type == WORKLOAD_QUERY && !lab->workload.sql)
        return set_error(st, "a workload of type query needs \"sql\"");
    if (lab->kind == LAB_STANDALONE && lab->n_runs == 0)
        return set_error(st, "a standalone lab needs at least one [run.NAME] section");
    for (size_t idx = 0; idx < lab->n_runs; idx++) {
        if (!lab->runs[idx].title)
            return set_error(st, "run \"%s\" has no title", lab->runs[idx].name);
        if (lab->runs[idx].storage.on && !lab->storage.on)
            return set_error(st,
                             "run \"%s\" sets a storage latency, but the lab has no [storage] "
                             "section",
                             lab->runs[idx].name);
    }
    if (lab->storage.on && lab->kind != LAB_STANDALONE)
        return set_error(st, "a [storage] section needs kind = standalone (its runs are the "
                             "storage stages)");
    return true;
}

/* A lab manifest is a page of INI: anything larger is not one. */
#define LAB_INI_MAX_BYTES (1024 * 1024)

static bool lab_load_one(const char *root, const char *id, Lab *lab, PkDiag *diag)
{
    memset(lab, 0, sizeof(*lab));
    lab->arena = arena_new();
    lab->id = arena_strdup(lab->arena, id);
    lab->dir = arena_printf(lab->arena, "%s/%s", root, id);
    lab->min_major = 13;
    lab->reference.tps = -1;
    char *path = xasprintf("%s/lab.ini", lab->dir);
    const char *slash = strrchr(root, '/');
    IniState st = {
        .path = path, .lab = lab, .root_name = slash && slash[1] ? slash + 1 : root, .diag = diag};
    /* read like every other input (regular files only, bounded), then parsed by the one INI
     * reader: a repeated key is an error, a key before [lab] too */
    char *text = NULL;
    size_t len = 0;
    int err = 0;
    PkReadStatus status = pk_read_file(path, LAB_INI_MAX_BYTES, &text, &len, &err);
    if (status != PK_READ_OK) {
        pk_diag_set(diag, NULL, 0, NULL, "could not read \"%s\": %s", path,
                    pk_read_strerror(status, err));
        free(text);
        free(path);
        arena_free(lab->arena);
        return false;
    }
    PkIniOptions ini_opts = {.what = "lab file",
                             .duplicates = PK_INI_DUP_ERROR,
                             .section_hint = "A lab file starts with [lab]."};
    PkIniDoc doc = {0};
    PkDiag ini_err = PK_DIAG_INIT;
    if (!pk_ini_parse(&doc, path, text, len, &ini_opts, &ini_err)) {
        lab_diag_pass(diag, &ini_err);
        st.failed = true;
    } else {
        handle_doc(&st, &doc);
        st.line = last_line(text, len);
    }
    arena_free(doc.arena);
    free(text);
    if (!st.failed)
        lab_validate(&st);
    free(path);
    if (st.failed) {
        arena_free(lab->arena);
        return false;
    }
    return true;
}

/* Stages by order, then standalone labs by id. */
static int lab_compare(const void *a, const void *b)
{
    const Lab *la = a, *lb = b;
    if (la->kind != lb->kind)
        return la->kind == LAB_STAGE ? -1 : 1;
    if (la->kind == LAB_STAGE && la->order != lb->order)
        return la->order < lb->order ? -1 : 1;
    return strcmp(la->id, lb->id);
}

static bool is_lab_dir(const char *root, const char *name)
{
    if (name[0] == '.')
        return false;
    char *path = xasprintf("%s/%s/lab.ini", root, name);
    struct stat st;
    /* anything but a directory counts, so that a FIFO or device is refused by name, not skipped */
    bool yes = stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
    free(path);
    return yes;
}

static bool check_orders(const LabSet *set, PkDiag *diag)
{
    for (size_t idx = 1; idx < set->n; idx++) {
        const Lab *prev = &set->labs[idx - 1], *cur = &set->labs[idx];
        if (cur->kind == LAB_STAGE && prev->kind == LAB_STAGE && cur->order == prev->order) {
            char *path = xasprintf("%s/lab.ini", cur->dir);
            pk_diag_set(diag, path, 0, NULL, "stage order %d is also used by \"%s\"", cur->order,
                        prev->id);
            free(path);
            return false;
        }
    }
    return true;
}

bool lab_set_load(const char *root, LabSet *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    DIR *dir = opendir(root);
    if (!dir) {
        return pk_diag_set(diag, NULL, 0, NULL, "could not open labs directory \"%s\": %s", root,
                           strerror(errno));
    }
    out->arena = arena_new();
    out->root = arena_strdup(out->arena, root);
    size_t cap = 0;
    bool ok = true;
    for (struct dirent *ent; ok && (ent = readdir(dir));) {
        if (!is_lab_dir(root, ent->d_name))
            continue;
        ARENA_GROW(out->arena, out->labs, out->n, cap);
        ok = lab_load_one(root, ent->d_name, &out->labs[out->n], diag);
        if (ok)
            arena_adopt(out->arena, out->labs[out->n++].arena);
    }
    closedir(dir);
    if (ok)
        qsort(out->labs, out->n, sizeof(Lab), lab_compare);
    if (ok)
        ok = check_orders(out, diag);
    if (!ok) {
        arena_free(out->arena);
        memset(out, 0, sizeof(*out));
    }
    return ok;
}

const Lab *lab_set_find(const LabSet *set, const char *id)
{
    for (size_t idx = 0; idx < set->n; idx++)
        if (!strcmp(set->labs[idx].id, id))
            return &set->labs[idx];
    return NULL;
}

const Lab *lab_set_baseline(const LabSet *set)
{
    for (size_t idx = 0; idx < set->n; idx++)
        if (set->labs[idx].kind == LAB_STAGE && set->labs[idx].order == 0)
            return &set->labs[idx];
    return NULL;
}
