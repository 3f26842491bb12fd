#include "hba/hba_input.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/arena.h"
#include "common/readfile.h"
#include "common/xalloc.h"
#include "conf/conf_path.h"

/* The file a setting names, else the data directory's default one. A directory that is not a
 * cluster (no global/pg_control: a copy of the configuration) may lack the default file: then
 * nothing is read (NULL), where a real cluster's server would refuse to start. */
static char *setting_path(Arena *a, const Snapshot *snap, const char *name, const char *data_dir,
                          const char *fallback)
{
    const SnapSetting *s = snapshot_get(snap, name);
    if (s && s->source != SRC_DEFAULT && s->value[0]) {
        if (s->value[0] == '/')
            return arena_strdup(a, s->value);
        return arena_printf(a, "%s/%s", data_dir, s->value);
    }
    char *path = arena_printf(a, "%s/%s", data_dir, fallback);
    char *control = xasprintf("%s/global/pg_control", data_dir);
    struct stat st;
    bool keep = stat(path, &st) == 0 || stat(control, &st) == 0;
    free(control);
    return keep ? path : NULL;
}

void hba_input_from_snapshot(const Snapshot *snap, const char *data_dir, HbaInput *in)
{
    Arena *a = arena_get(&in->arena);
    in->opts.major = snap->pg_major;
    in->hba_path = setting_path(a, snap, "hba_file", data_dir, "pg_hba.conf");
    in->ident_path = setting_path(a, snap, "ident_file", data_dir, "pg_ident.conf");
    /* a value pgknob cannot read (an unrendered template's '__SSL_ENABLED__') leaves the
     * server's ssl unknown: its hostssl lines are taken as meant, as for a file alone */
    const SnapSetting *ssl = snapshot_get(snap, "ssl");
    in->opts.ssl = !ssl || !ssl->parsed_ok || ssl->parsed.boolval;
    const SnapSetting *oauth = snapshot_get(snap, "oauth_validator_libraries");
    if (oauth && oauth->value[0])
        in->opts.oauth_validators = arena_strdup(a, oauth->value);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* 'h' a pg_hba.conf, 'i' a pg_ident.conf, 0 neither. */
static int auth_file_kind(const char *path)
{
    const char *base = base_name(path);
    if (strstr(base, "hba"))
        return 'h';
    if (strstr(base, "ident"))
        return 'i';
    if (!strcmp(base, "postgresql.conf") || !strcmp(base, "postgresql.auto.conf"))
        return 0;
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, (size_t)1 << 20, &data, &len, &err) != PK_READ_OK)
        return 0;
    int kind = hba_text_looks_like_hba(data, len) ? 'h' : 0;
    free(data);
    return kind;
}

bool hba_input_is_auth_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && auth_file_kind(path);
}

bool hba_input_from_file(const char *path, int major, HbaInput *in)
{
    in->opts.major = major;
    /* the server's ssl setting is unknown: its hostssl lines are taken as meant; so is its
     * oauth_validator_libraries */
    in->opts.ssl = true;
    in->opts.oauth_unknown = true;
    int kind = auth_file_kind(path);
    if (!kind)
        return false;
    char *made = conf_path_make_absolute(path, major);
    if (!made)
        return false;
    Arena *a = arena_get(&in->arena);
    char *abs = arena_strdup(a, made);
    free(made);
    if (kind == 'i') {
        in->ident_path = abs;
        return true;
    }
    in->hba_path = abs;
    if (!strcmp(base_name(abs), "pg_hba.conf")) {
        char *sibling = arena_printf(a, "%.*spg_ident.conf", (int)(base_name(abs) - abs), abs);
        struct stat st;
        if (stat(sibling, &st) == 0)
            in->ident_path = sibling;
    }
    return true;
}
