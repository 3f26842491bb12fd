#include "lab/journal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomic_file.h"
#include "common/xalloc.h"
#include "lab/proc.h"

#define JOURNAL_FORMAT "pgknob-lab-journal"
/* 2: pending settings and the marker; version 1 is still read. */
#define JOURNAL_VERSION 2

char *lab_state_dir_resolve(const char *given)
{
    const char *xdg = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    if (given && *given)
        return xstrdup(given);
    if (xdg && *xdg == '/') /* the XDG spec: a relative value is to be ignored */
        return xasprintf("%s/pgknob", xdg);
    return xasprintf("%s/.local/state/pgknob", home && *home ? home : "/tmp");
}

/* mkdir -p, private: the journals hold the server's settings. */
static bool make_dirs(const char *path, PkDiag *diag)
{
    char *copy = xstrdup(path);
    for (char *p = copy + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char saved = *p;
        *p = '\0';
        if (mkdir(copy, 0700) != 0 && errno != EEXIST) {
            pk_diag_set(diag, NULL, 0, NULL, "could not create \"%s\": %s", copy, strerror(errno));
            free(copy);
            return false;
        }
        *p = saved;
        if (!saved)
            break;
    }
    free(copy);
    return true;
}

bool lab_write_durable(const char *path, const char *data, size_t len, mode_t mode, uid_t owner_uid,
                       gid_t owner_gid, PkDiag *diag)
{
    char *copy = xstrdup(path);
    bool ok = make_dirs(dirname(copy), diag);
    free(copy);
    if (!ok)
        return false;
    return pk_write_atomic(path, data, len, mode, owner_uid, owner_gid, diag);
}

bool lab_remove_durable(const char *path, PkDiag *diag)
{
    if (unlink(path) != 0 && errno != ENOENT) {
        pk_diag_set(diag, NULL, 0, NULL, "could not remove \"%s\": %s", path, strerror(errno));
        return false;
    }
    pk_fsync_dir_of(path);
    return true;
}

/* FNV-1a: only to tell data directories apart in a file name. */
static uint64_t fnv1a(const char *text)
{
    uint64_t hash = 1469598103934665603ULL;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        hash = (hash ^ *p) * 1099511628211ULL;
    return hash;
}

char *journal_path_for(const char *state_dir, const char *system_identifier,
                       const char *data_directory, int port)
{
    return xasprintf("%s/lab-%s-%d-%016llx.json", state_dir,
                     system_identifier && *system_identifier ? system_identifier : "unknown", port,
                     (unsigned long long)fnv1a(data_directory ? data_directory : ""));
}

bool journal_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

bool journal_forget(const char *path, char **kept_as, PkDiag *diag)
{
    *kept_as = xasprintf("%s.forgotten", path);
    if (rename(path, *kept_as) != 0) {
        pk_diag_set(diag, NULL, 0, NULL, "could not rename \"%s\": %s", path, strerror(errno));
        return false;
    }
    pk_fsync_dir_of(path);
    return true;
}

/* ---- writing ---- */

static const char hex_digits[] = "0123456789abcdef";

static json_t *str_or_null(const char *text)
{
    return text ? json_string(text) : json_null();
}

/* Text when the bytes are UTF-8 (readable in the file), else hex. */
static void put_bytes(json_t *obj, const char *data, size_t len)
{
    json_t *text = json_stringn(data, len);
    if (text) {
        json_object_set_new(obj, "text", text);
        return;
    }
    char *hex = xmalloc(len * 2 + 1);
    for (size_t idx = 0; idx < len; idx++) {
        hex[idx * 2] = hex_digits[(unsigned char)data[idx] >> 4];
        hex[idx * 2 + 1] = hex_digits[(unsigned char)data[idx] & 15];
    }
    hex[len * 2] = '\0';
    json_object_set_new(obj, "hex", json_string(hex));
    free(hex);
}

bool journal_write(const LabJournal *journal, PkDiag *diag)
{
    json_t *root = json_object();
    json_object_set_new(root, "format", json_string(JOURNAL_FORMAT));
    json_object_set_new(root, "version", json_integer(JOURNAL_VERSION));
    json_object_set_new(root, "pid", json_integer(journal->pid));
    json_object_set_new(root, "pid_start", json_integer(journal->pid_start));
    json_object_set_new(root, "created", str_or_null(journal->created));
    json_object_set_new(root, "command", str_or_null(journal->command));
    json_object_set_new(root, "marker", str_or_null(journal->marker));
    json_t *server = json_object();
    json_object_set_new(server, "system_identifier", str_or_null(journal->system_identifier));
    json_object_set_new(server, "data_directory", str_or_null(journal->data_directory));
    json_object_set_new(server, "port", json_integer(journal->port));
    json_object_set_new(server, "host", str_or_null(journal->host));
    json_object_set_new(server, "user", str_or_null(journal->user));
    json_object_set_new(server, "dbname", str_or_null(journal->dbname));
    json_object_set_new(server, "version_num", json_integer(journal->version_num));
    json_object_set_new(server, "bindir", str_or_null(journal->bindir));
    json_object_set_new(root, "server", server);
    json_t *conf = json_object();
    if (journal->have_bytes)
        put_bytes(conf, journal->auto_conf, journal->auto_conf_len);
    if (journal->have_entries) {
        json_t *entries = json_array();
        for (size_t idx = 0; idx < journal->entries.n; idx++)
            json_array_append_new(entries,
                                  json_pack("{s:s, s:s}", "name", journal->entries.items[idx].name,
                                            "value", journal->entries.items[idx].value));
        json_object_set_new(conf, "entries", entries);
    }
    json_object_set_new(root, "auto_conf", conf);
    json_t *touched = json_array();
    for (size_t idx = 0; idx < journal->n_touched; idx++)
        json_array_append_new(touched, json_string(journal->touched[idx]));
    json_object_set_new(root, "touched", touched);
    json_t *settings = json_array();
    for (size_t idx = 0; idx < journal->n_settings; idx++) {
        const JournalSetting *row = &journal->settings[idx];
        json_t *item = json_pack("{s:s, s:s, s:s}", "name", row->name, "setting", row->setting,
                                 "source", row->source);
        if (row->pending) {
            json_object_set_new(item, "pending_restart", json_true());
            json_object_set_new(item, "pending_value", str_or_null(row->pending_value));
        }
        json_array_append_new(settings, item);
    }
    json_object_set_new(root, "settings", settings);
    char *text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text) {
        pk_diag_set(diag, NULL, 0, NULL, "could not encode the lab journal");
        return false;
    }
    size_t len = strlen(text);
    char *with_nl = xasprintf("%s\n", text);
    free(text);
    bool ok = lab_write_durable(journal->path, with_nl, len + 1, 0600, (uid_t)-1, (gid_t)-1, diag);
    free(with_nl);
    return ok;
}

/* ---- reading ---- */

static char *get_str(json_t *obj, const char *key)
{
    json_t *val = json_object_get(obj, key);
    return json_is_string(val) ? xstrdup(json_string_value(val)) : NULL;
}

static int hex_value(char ch)
{
    const char *at = strchr(hex_digits, ch);
    return ch && at ? (int)(at - hex_digits) : -1;
}

static bool get_bytes(json_t *conf, LabJournal *out)
{
    json_t *text = json_object_get(conf, "text");
    json_t *hex = json_object_get(conf, "hex");
    if (json_is_string(text)) {
        out->auto_conf_len = json_string_length(text);
        out->auto_conf = xmalloc(out->auto_conf_len + 1);
        memcpy(out->auto_conf, json_string_value(text), out->auto_conf_len);
        out->auto_conf[out->auto_conf_len] = '\0';
        return true;
    }
    if (!json_is_string(hex) || json_string_length(hex) % 2)
        return false;
    const char *digits = json_string_value(hex);
    out->auto_conf_len = json_string_length(hex) / 2;
    out->auto_conf = xmalloc(out->auto_conf_len + 1);
    for (size_t idx = 0; idx < out->auto_conf_len; idx++) {
        int high = hex_value(digits[idx * 2]), low = hex_value(digits[idx * 2 + 1]);
        if (high < 0 || low < 0)
            return false;
        out->auto_conf[idx] = (char)(high * 16 + low);
    }
    out->auto_conf[out->auto_conf_len] = '\0';
    return true;
}

static bool read_doc(json_t *root, LabJournal *out, const char **what)
{
    json_t *format = json_object_get(root, "format");
    json_t *server = json_object_get(root, "server");
    json_t *conf = json_object_get(root, "auto_conf");
    json_t *settings = json_object_get(root, "settings");
    json_t *touched = json_object_get(root, "touched");
    if (!json_is_string(format) || strcmp(json_string_value(format), JOURNAL_FORMAT) != 0) {
        *what = "not a pgknob lab journal (\"format\")";
        return false;
    }
    json_int_t version = json_integer_value(json_object_get(root, "version"));
    if (version < 1 || version > JOURNAL_VERSION) {
        *what = "a journal version this pgknob does not know";
        return false;
    }
    if (!json_is_object(server) || !json_is_object(conf) || !json_is_array(settings) ||
        !json_is_array(touched)) {
        *what = "\"server\", \"auto_conf\", \"settings\" or \"touched\" missing";
        return false;
    }
    out->pid = (long)json_integer_value(json_object_get(root, "pid"));
    out->pid_start = json_integer_value(json_object_get(root, "pid_start"));
    out->created = get_str(root, "created");
    out->command = get_str(root, "command");
    out->marker = get_str(root, "marker");
    out->system_identifier = get_str(server, "system_identifier");
    out->data_directory = get_str(server, "data_directory");
    out->port = (int)json_integer_value(json_object_get(server, "port"));
    out->host = get_str(server, "host");
    out->user = get_str(server, "user");
    out->dbname = get_str(server, "dbname");
    out->version_num = (int)json_integer_value(json_object_get(server, "version_num"));
    out->bindir = get_str(server, "bindir");
    if (!out->data_directory || out->port <= 0) {
        *what = "the server's data directory or port is missing";
        return false;
    }
    if (json_object_get(conf, "text") || json_object_get(conf, "hex")) {
        if (!get_bytes(conf, out)) {
            *what = "\"auto_conf\" bytes are damaged";
            return false;
        }
        out->have_bytes = true;
    }
    json_t *entries = json_object_get(conf, "entries");
    if (json_is_array(entries)) {
        out->have_entries = true;
        size_t idx;
        json_t *item;
        json_array_foreach(entries, idx, item)
        {
            json_t *name = json_object_get(item, "name"), *value = json_object_get(item, "value");
            if (!json_is_string(name) || !json_is_string(value)) {
                *what = "an \"auto_conf\" entry lacks its name or value";
                return false;
            }
            /* Appended, not put: a hand-edited file may name a parameter twice. */
            lab_settings_append(&out->entries, json_string_value(name), json_string_value(value),
                                "postgresql.auto.conf", 0);
        }
    }
    if (!out->have_bytes && !out->have_entries) {
        *what = "neither the bytes nor the entries of postgresql.auto.conf";
        return false;
    }
    out->n_settings = json_array_size(settings);
    out->settings = xcalloc(out->n_settings + 1, sizeof(JournalSetting));
    for (size_t idx = 0; idx < out->n_settings; idx++) {
        json_t *row = json_array_get(settings, idx);
        JournalSetting *dst = &out->settings[idx];
        dst->name = get_str(row, "name");
        dst->setting = get_str(row, "setting");
        dst->source = get_str(row, "source");
        dst->pending = json_is_true(json_object_get(row, "pending_restart"));
        dst->pending_value = get_str(row, "pending_value");
        if (!dst->name || !dst->setting || !dst->source) {
            *what = "a \"settings\" row lacks its name, setting or source";
            return false;
        }
    }
    out->n_touched = json_array_size(touched);
    out->touched = xcalloc(out->n_touched + 1, sizeof(char *));
    for (size_t idx = 0; idx < out->n_touched; idx++) {
        out->touched[idx] = xstrdup(json_string_value(json_array_get(touched, idx)));
        if (!out->touched[idx]) {
            *what = "\"touched\" holds a non-string";
            return false;
        }
    }
    return true;
}

static bool from_root(json_t *root, const json_error_t *jerr, const char *name, LabJournal *out,
                      PkDiag *diag)
{
    if (!root) {
        return pk_diag_set(diag, name, jerr->line, NULL, "not a readable lab journal: %s",
                           jerr->text);
    }
    const char *what = NULL;
    bool ok = json_is_object(root) && read_doc(root, out, &what);
    json_decref(root);
    if (!ok)
        pk_diag_set(diag, name, 0, NULL, "not a usable lab journal: %s",
                    what ? what : "not a JSON object");
    return ok;
}

bool journal_read(const char *path, LabJournal *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    out->path = xstrdup(path);
    json_error_t jerr;
    return from_root(json_load_file(path, JSON_REJECT_DUPLICATES, &jerr), &jerr, path, out, diag);
}

bool journal_read_buffer(const char *name, const char *data, size_t len, LabJournal *out,
                         PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    out->path = xstrdup(name);
    json_error_t jerr;
    return from_root(json_loadb(data, len, JSON_REJECT_DUPLICATES, &jerr), &jerr, name, out, diag);
}

static int path_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t journal_list(const char *state_dir, char ***paths)
{
    *paths = NULL;
    size_t n = 0, cap = 0;
    DIR *dir = opendir(state_dir);
    if (!dir)
        return 0;
    struct dirent *ent;
    while ((ent = readdir(dir))) {
        size_t len = strlen(ent->d_name);
        if (strncmp(ent->d_name, "lab-", 4) != 0 || len < 9 ||
            strcmp(ent->d_name + len - 5, ".json") != 0)
            continue;
        PK_GROW(*paths, n, cap);
        (*paths)[n++] = xasprintf("%s/%s", state_dir, ent->d_name);
    }
    closedir(dir);
    if (n)
        qsort(*paths, n, sizeof(char *), path_cmp);
    return n;
}

bool journal_owner_alive(const LabJournal *journal)
{
    return journal->pid > 0 && journal->pid != (long)getpid() && journal->pid_start > 0 &&
           proc_start_time(journal->pid) == journal->pid_start;
}

const JournalSetting *journal_setting(const LabJournal *journal, const char *name)
{
    for (size_t idx = 0; idx < journal->n_settings; idx++)
        if (strcasecmp(journal->settings[idx].name, name) == 0)
            return &journal->settings[idx];
    return NULL;
}

void journal_free(LabJournal *journal)
{
    free(journal->path);
    free(journal->system_identifier);
    free(journal->data_directory);
    free(journal->host);
    free(journal->user);
    free(journal->dbname);
    free(journal->bindir);
    free(journal->auto_conf);
    arena_free(journal->entries.arena);
    for (size_t idx = 0; journal->settings && idx < journal->n_settings; idx++) {
        free(journal->settings[idx].name);
        free(journal->settings[idx].setting);
        free(journal->settings[idx].source);
        free(journal->settings[idx].pending_value);
    }
    free(journal->settings);
    for (size_t idx = 0; journal->touched && idx < journal->n_touched; idx++)
        free(journal->touched[idx]);
    free(journal->touched);
    free(journal->created);
    free(journal->command);
    free(journal->marker);
    memset(journal, 0, sizeof(*journal));
}
