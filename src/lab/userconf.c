#include "lab/userconf.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf.h"
#include "lab/cluster.h"

/* The original server's environment, not its performance configuration. */
static const char *const environment_params[] = {
    "data_directory",
    "config_file",
    "hba_file",
    "ident_file",
    "external_pid_file",
    "port",
    "listen_addresses",
    "unix_socket_directories",
    "unix_socket_group",
    "unix_socket_permissions",
    "ssl",
    "ssl_cert_file",
    "ssl_key_file",
    "ssl_ca_file",
    "ssl_crl_file",
    "ssl_crl_dir",
    "ssl_dh_params_file",
    "ssl_passphrase_command",
    "archive_mode",
    "archive_command",
    "archive_library",
    "restore_command",
    "archive_cleanup_command",
    "recovery_end_command",
    "primary_conninfo",
    "primary_slot_name",
    "synchronous_standby_names",
    "shared_preload_libraries",
    "session_preload_libraries",
    "local_preload_libraries",
    "dynamic_library_path",
    "default_tablespace",
    "temp_tablespaces",
    "lc_messages",
    "lc_monetary",
    "lc_numeric",
    "lc_time",
    "log_directory",
    "krb_server_keyfile",
    "huge_pages",
    "bonjour_name",
    "event_source",
    "stats_temp_directory",
};

bool lab_userconf_is_environment(const char *name)
{
    if (strchr(name, '.'))
        return true;
    for (size_t idx = 0; idx < sizeof(environment_params) / sizeof(environment_params[0]); idx++)
        if (!strcasecmp(environment_params[idx], name))
            return true;
    return false;
}

bool lab_userconf_read(const char *path, LabSettings *out, char **skipped, PkDiag *diag)
{
    *skipped = NULL;
    ConfSet set;
    memset(&set, 0, sizeof(set));
    ConfLoadOpts opts = {.pg_major = PK_LAB_DEFAULT_MAJOR};
    if (!conf_load(path, &opts, &set, diag))
        return false;
    const Catalog *cat = catalog_for_major(PK_LAB_DEFAULT_MAJOR);
    StrBuf left_out = STRBUF_INIT;
    bool ok = true;
    for (size_t idx = 0; ok && idx < set.n_entries; idx++) {
        const ConfEntry *entry = &set.entries[idx];
        if (entry->error) {
            ok = pk_diag_set(diag, entry->file, entry->line, entry->error_hint, "%s", entry->error);
            break;
        }
        if (!entry->applied || !entry->name)
            continue;
        /* extensions' parameters need their libraries; unknown names would be refused */
        bool unknown = strchr(entry->name, '.') || (cat && !catalog_find(cat, entry->name));
        if (unknown || lab_userconf_is_environment(entry->name)) {
            sb_printf(&left_out, "%s%s", left_out.len ? ", " : "", entry->name);
            continue;
        }
        char *name = xstrdup(entry->name);
        for (char *p = name; *p; p++)
            *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        lab_settings_put(out, name, entry->value, entry->file, entry->line);
        free(name);
    }
    arena_free(set.arena);
    if (!ok) {
        sb_free(&left_out);
        arena_free(out->arena);
        memset(out, 0, sizeof(*out));
        return false;
    }
    *skipped = left_out.len ? sb_detach(&left_out) : NULL;
    sb_free(&left_out);
    return true;
}
