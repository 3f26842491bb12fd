#include "lint/fix_safety.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/contrib.h"
#include "catalog/value.h"
#include "common/majors.h"
#include "common/fp.h"
#include "common/units.h"
#include "common/xalloc.h"
#include "input/input.h"
#include "lint/intent.h"

/* What the configuration shows of the tools around the server: a preloaded library, a path in a
 * command, a word in a comment on a setting's line. */
static const char *const REPLICATION_MANAGERS[] = {
    "repmgr",         "patroni", "pg_rewind", "pg_auto_failover",
    "pgautofailover", "stolon",  "pgpool",    NULL};
/* 1C:Enterprise's own extensions (its PostgreSQL builds preload them); its setup keeps
 * standard_conforming_strings off for the application. */
static const char *const ONE_C[] = {
    "plantuner",  "online_analyze", "fasttrun", "fulleq", "mchar", "1c:enterprise", "1c enterprise",
    "1\xd0\xa1:", "1\xd1\x81:", /* Cyrillic */
    NULL};

static bool contains_ci(const char *hay, const char *needle)
{
    size_t len = strlen(needle);
    for (; hay && *hay; hay++)
        if (!strncasecmp(hay, needle, len))
            return true;
    return false;
}

/* The first of `words` that a setting set in the configuration shows (value or line); NULL. */
static const char *seen(const Snapshot *snap, const char *const *words)
{
    for (size_t idx = 0; idx < snap->n_settings; idx++) {
        const SnapSetting *s = &snap->settings[idx];
        if (s->source == SRC_DEFAULT)
            continue;
        for (const char *const *word = words; *word; word++)
            if (contains_ci(s->value, *word) || contains_ci(s->line_text, *word))
                return *word;
    }
    return NULL;
}

static const CatalogParam *param_of(const Snapshot *snap, const char *name)
{
    const CatalogParam *param = snap->catalog ? catalog_find(snap->catalog, name) : NULL;
    return param ? param
                 : catalog_contrib_find(catalog_contrib_for_major(snap->pg_major), name, NULL);
}

/* The value in effect, parsed; false when unknown. */
static bool current(const Snapshot *snap, const char *name, const SnapSetting **out)
{
    *out = snapshot_get(snap, name);
    return *out && (*out)->parsed_ok;
}

static bool set_explicitly(const SnapSetting *cur)
{
    return cur && cur->source != SRC_DEFAULT;
}

/* Position of an enum value in `order` (lowest first); -1 when absent. */
static int rank(const char *value, const char *const *order)
{
    for (int idx = 0; order[idx]; idx++)
        if (!strcasecmp(value, order[idx]))
            return idx;
    return -1;
}

/* The next item of a comma-separated list at *cursor (spaces and double quotes around it
 * trimmed), its length in *len; NULL at the end. */
static const char *next_item(const char **cursor, size_t *len)
{
    const char *p = *cursor;
    while (p && (*p == ' ' || *p == ',' || *p == '"'))
        p++;
    if (!p || !*p)
        return NULL;
    const char *end = p;
    while (*end && *end != ',')
        end++;
    const char *last = end;
    while (last > p && (last[-1] == ' ' || last[-1] == '"'))
        last--;
    *cursor = end;
    *len = (size_t)(last - p);
    return p;
}

/* Is `item` in the comma-separated list `list` (spaces and double quotes around items ignored)? */
static bool list_has(const char *list, const char *item, size_t item_len)
{
    size_t len;
    for (const char *cursor = list, *p; (p = next_item(&cursor, &len));)
        if (len == item_len && !strncasecmp(p, item, item_len))
            return true;
    return false;
}

/* The first library of `new_list` that `old_list` lacks, or NULL (caller frees). */
static char *added_library(const char *old_list, const char *new_list)
{
    size_t len;
    for (const char *cursor = new_list, *p; (p = next_item(&cursor, &len));)
        if (len && !list_has(old_list, p, len))
            return xstrndup(p, len);
    return NULL;
}

/* Parameters whose meaning an application's SQL, its connections or its auditors observe. */
static const struct {
    const char *name;
    const char *why;
} OBSERVED[] = {
    {"standard_conforming_strings",
     "it changes how string literals with backslashes are read (SQL semantics the applications "
     "rely on)"},
    {"backslash_quote", "it changes which SQL the server accepts"},
    {"escape_string_warning", "it changes what applications and log readers see"},
    {"search_path", "it changes which objects unqualified names resolve to"},
    {"default_transaction_isolation", "it changes the isolation every transaction runs with"},
    {"default_transaction_read_only", "it changes whether sessions may write"},
    {"DateStyle", "it changes how dates are written and read"},
    {"IntervalStyle", "it changes how intervals are written"},
    {"TimeZone", "it changes how timestamps are shown and read"},
    {"bytea_output", "it changes how bytea values reach the applications"},
    {"extra_float_digits", "it changes how floating-point values reach the applications"},
    {"transform_null_equals", "it changes what `= NULL` means"},
    {"array_nulls", "it changes how array literals are read"},
    {"quote_all_identifiers", "it changes the SQL the server writes"},
    {"lc_messages", "it changes the language of the messages applications parse"},
    {"lc_monetary", "it changes how money values are formatted"},
    {"lc_numeric", "it changes how numbers are formatted"},
    {"lc_time", "it changes how dates are formatted"},
    {"default_text_search_config", "it changes full-text search results"},
    {"row_security", "it changes which rows queries see"},
    {"password_encryption",
     "it changes how new passwords are stored: clients without SCRAM support cannot log in with "
     "them (authentication)"},
    {"ssl_min_protocol_version",
     "clients that speak only older TLS versions can no longer connect"},
    {"ssl_max_protocol_version", "it changes which TLS versions clients may use"},
    {"ssl", "it changes how clients connect"},
    {"ssl_ciphers", "it changes which clients can connect"},
    {"listen_addresses", "it changes where clients can connect"},
    {"port", "it changes where clients connect"},
    {"unix_socket_directories", "it changes where local clients connect"},
    {"unix_socket_permissions", "it changes which local users can connect"},
    {"unix_socket_group", "it changes which local users can connect"},
    {"krb_server_keyfile", "it changes authentication"},
    {"log_statement", "it changes which statements are logged, which an audit may rely on"},
    {"log_min_duration_statement",
     "it changes which statements are logged, which an audit or a debugging setup may rely on"},
    {"log_connections", "it changes which connections are logged, which an audit may rely on"},
    {"log_disconnections", "it changes which sessions are logged, which an audit may rely on"},
    {"log_file_mode", "a log reader other than the server's user may lose access to the logs"},
    {"log_min_messages",
     "it changes how much the server logs: a quiet level may be deliberate (log volume, a log "
     "sink that drops them), a louder one fills disks"},
    {"client_min_messages", "it changes which messages clients receive"},
    {"log_min_error_statement", "it changes which failing statements are logged"},
    {"log_duration", "it changes what is logged for every statement"},
    {"log_destination", "it changes where logs go, which log shippers and audits rely on"},
    {"logging_collector", "it changes where logs go, which log shippers and audits rely on"},
    {"log_directory", "it changes where logs go, which log shippers and audits rely on"},
    {"log_filename", "it changes where logs go, which log shippers and audits rely on"},
    {"log_line_prefix", "it changes the log format that log parsers rely on"},
    {"statement_timeout", "statements that run longer are cancelled"},
    {"lock_timeout", "statements that wait longer for a lock are cancelled"},
    {"idle_in_transaction_session_timeout", "idle transactions are ended"},
    {"idle_session_timeout", "idle sessions are ended"},
    {"transaction_timeout", "transactions that run longer are ended"},
    {"max_connections", "clients beyond the new limit are refused"},
    {"max_wal_senders", "standbys and backup tools beyond the new limit cannot connect"},
};

/* A change that only adds to what is logged: an audit loses nothing. */
static bool logs_more(const char *name, const GucValue *val, const SnapSetting *cur)
{
    static const char *const statement_order[] = {"none", "ddl", "mod", "all", NULL};
    if (!strcasecmp(name, "log_statement"))
        return cur && cur->parsed_ok &&
               rank(val->enum_val, statement_order) >= rank(cur->parsed.enum_val, statement_order);
    if (!strcasecmp(name, "log_min_duration_statement")) /* -1 logs none, 0 every statement */
        return cur && cur->parsed_ok && val->num >= 0 &&
               (cur->parsed.num < 0 || val->num <= cur->parsed.num);
    if (!strcasecmp(name, "log_connections") || !strcasecmp(name, "log_disconnections")) {
        if (val->type == GUC_BOOL)
            return val->boolval;
        /* 18's list: every item logged before still is */
        return !cur || !cur->parsed_ok || !strcasecmp(cur->value, "off") || !*cur->value ||
               !strcasecmp(val->str, "all") ||
               (strcasecmp(cur->value, "all") && strcasecmp(cur->value, "on") &&
                strcasecmp(cur->value, "true"));
    }
    return false;
}

/* A timeout turned off or raised: nothing is cancelled that was not before. */
static bool cancels_less(const char *name, const GucValue *val, const SnapSetting *cur)
{
    if (!strstr(name, "timeout"))
        return false;
    double old = cur && cur->parsed_ok ? cur->parsed.num : 0;
    return fp_is_zero(val->num) || (!fp_is_zero(old) && val->num >= old);
}

static char *observed_why(const CatalogParam *param, const GucValue *val, const SnapSetting *cur)
{
    for (size_t idx = 0; idx < sizeof(OBSERVED) / sizeof(OBSERVED[0]); idx++) {
        if (strcasecmp(OBSERVED[idx].name, param->name))
            continue;
        if (logs_more(param->name, val, cur) || cancels_less(param->name, val, cur))
            return NULL;
        if ((!strcmp(param->name, "max_connections") || !strcmp(param->name, "max_wal_senders")) &&
            cur && cur->parsed_ok && val->num >= cur->parsed.num)
            return NULL;
        if (!strcmp(param->name, "ssl_min_protocol_version") && cur && cur->parsed_ok &&
            strcasecmp(val->enum_val, cur->parsed.enum_val) < 0)
            return NULL; /* TLSv1 < TLSv1.1 < TLSv1.2 < TLSv1.3 sort as text: lowering admits */
        return xasprintf("applications observe %s: %s.", param->name, OBSERVED[idx].why);
    }
    return NULL;
}

/* Start: changes the server may refuse to start with, in a state pgknob cannot see. */
static char *start_why(const Snapshot *snap, const CatalogParam *param, const GucValue *val,
                       const char *value, const SnapSetting *cur)
{
    static const char *const wal_levels[] = {"minimal", "replica", "logical", NULL};
    const char *name = param->name;
    if (!strcmp(name, "wal_level") && cur && cur->parsed_ok &&
        rank(val->enum_val, wal_levels) < rank(cur->parsed.enum_val, wal_levels))
        /* logical: a logical slot needs it; replica: a standby, archiving or a physical slot
         * (review 2026-12v, h23c 38: archiving never needs logical) */
        return !strcmp(cur->parsed.enum_val, "logical")
                   ? xasprintf("lowering wal_level from logical to %s stops the server from "
                               "starting while a logical replication slot exists (a subscriber's, "
                               "a CDC tool's); pgknob cannot see the slots.",
                               val->enum_val)
                   : xasprintf("lowering wal_level from %s to %s stops the server from starting "
                               "while a standby, WAL archiving or a replication slot needs %s; "
                               "pgknob cannot see them.",
                               cur->parsed.enum_val, val->enum_val, cur->parsed.enum_val);
    bool shared = !strcmp(name, "shared_preload_libraries");
    if (shared || !strcmp(name, "session_preload_libraries") ||
        !strcmp(name, "local_preload_libraries")) {
        char *lib = added_library(cur ? cur->value : "", value);
        if (lib) {
            /* the other two load at each connection, which then fails (miscinit.c) */
            char *why = xasprintf(
                "it adds %s to %s: %s when that library is not installed, which"
                " pgknob cannot see.",
                lib, name, shared ? "the server refuses to start" : "every new connection fails");
            free(lib);
            return why;
        }
        char *gone = added_library(value, cur ? cur->value : "");
        if (gone) {
            /* a name pgknob does not know may be a library it has never heard of (pgvecto.rs's
             * vectors beside pgvector's vector): dropping it stops what loads it */
            char *why = xasprintf("it removes %s from %s: if that library is installed, what"
                                  " needs it preloaded stops working, and pgknob cannot see the"
                                  " server's $libdir.",
                                  gone, name);
            free(gone);
            return why;
        }
    }
    if (!strcmp(name, "huge_pages") && !strcasecmp(val->enum_val, "on") &&
        !(cur && cur->parsed_ok && !strcasecmp(cur->parsed.enum_val, "on")))
        return xstrdup("with huge_pages = on the server refuses to start unless the kernel has "
                       "reserved enough huge pages, which pgknob cannot see.");
    if (!strcmp(name, "max_prepared_transactions") && cur && cur->parsed_ok &&
        val->num < cur->parsed.num)
        return xstrdup("the server refuses to start when more transactions are prepared than the "
                       "new limit, and a standby needs at least its primary's value; pgknob "
                       "cannot see either.");
    if (!strcmp(name, "max_replication_slots") && cur && cur->parsed_ok &&
        val->num < cur->parsed.num)
        return xstrdup("the server refuses to start when more replication slots exist than the "
                       "new limit, which pgknob cannot see.");
    /* shared memory that grows: huge pages reserved for the old size, or little RAM left */
    static const char *const shared_mem[] = {"shared_buffers", "wal_buffers", NULL};
    if (rank(name, shared_mem) >= 0 && cur && cur->parsed_ok && val->num > cur->parsed.num) {
        const SnapSetting *huge = snapshot_get(snap, "huge_pages");
        if (huge && huge->parsed_ok && !strcasecmp(huge->parsed.enum_val, "on"))
            return xasprintf("raising %s grows shared memory, and with huge_pages = on the server "
                             "refuses to start when the reserved huge pages no longer cover it.",
                             name);
        if (!strcmp(name, "shared_buffers") && snap->host.ram_bytes > 0 &&
            val->num * 8192.0 > 0.4 * snap->host.ram_bytes)
            return xstrdup("shared_buffers above 40% of the host's RAM leaves little for the rest: "
                           "the server may fail to allocate shared memory at start.");
    }
    return NULL;
}

/* Deliberate: a non-default choice whose reason pgknob cannot see. */
static char *deliberate_why(const Snapshot *snap, const CatalogParam *param, const GucValue *val,
                            const SnapSetting *cur)
{
    const char *name = param->name;
    if (!set_explicitly(cur) || !cur->parsed_ok)
        return NULL;
    if (!strcmp(name, "huge_pages") && !strcasecmp(cur->parsed.enum_val, "on") &&
        strcasecmp(val->enum_val, "on"))
        return xstrdup("huge_pages = on is usually a deliberate choice: fail at start rather than "
                       "run without huge pages.");
    if ((!strcmp(name, "wal_log_hints") || !strcmp(name, "full_page_writes")) &&
        cur->parsed.boolval && !val->boolval) {
        const char *tool = seen(snap, REPLICATION_MANAGERS);
        return tool ? xasprintf("%s = on is what pg_rewind needs, and the configuration mentions "
                                "%s.",
                                name, tool)
                    : xasprintf("%s = on is usually set for pg_rewind or torn-page safety; pgknob "
                                "cannot see whether it is used.",
                                name);
    }
    static const char *const opt_outs[] = {"fsync", "full_page_writes", "autovacuum",
                                           "track_counts", NULL};
    const Intent *intent = snap->intent;
    if (rank(name, opt_outs) >= 0 && !cur->parsed.boolval && val->boolval && intent &&
        intent->cow && !strcmp(name, "full_page_writes"))
        return xasprintf("full_page_writes = off on a copy-on-write file system (%s) is a known "
                         "deliberate choice: PostgreSQL's documentation allows it where the file "
                         "system prevents partial page writes (ZFS).",
                         intent->cow);
    if (rank(name, opt_outs) >= 0 && !cur->parsed.boolval && val->boolval && intent &&
        intent->purpose != INTENT_NONE && !intent->purpose_named)
        return xasprintf("%s = off in a configuration that shows its purpose (%s, %s): an "
                         "opt-out such clusters make on purpose.",
                         name, intent_purpose_name(intent->purpose), intent->purpose_evidence);
    /* the author's comment on or above it gives the reason: quoted, never called unseen
     * (review 2026-12i, h10d 56) */
    const char *reason = rank(name, opt_outs) >= 0 && !cur->parsed.boolval && val->boolval && intent
                             ? intent_comment_at(intent, cur->file, cur->line)
                             : NULL;
    /* only a comment block above the line: an old sample's own description on the line
     * ("turns forced synchronization on or off", 9.x) is no reason (review 2026-12i, rwc 14) */
    if (reason && cur->line_text && strstr(cur->line_text, reason))
        reason = NULL;
    if (reason)
        return xasprintf("%s = off is an explicit opt-out with its author's reason (\"%s\"), "
                         "which pgknob cannot weigh; the finding says what it costs.",
                         name, reason);
    if (rank(name, opt_outs) >= 0 && !cur->parsed.boolval && val->boolval)
        /* each opt-out's own reasons: storage that cannot tear pages excuses full_page_writes,
         * never fsync (review 2026-12zd, h31b) */
        return xasprintf("%s = off is an explicit opt-out (%s), whose reason pgknob cannot see; "
                         "the finding says what it costs.",
                         name,
                         !strcmp(name, "full_page_writes")
                             ? "storage such as ZFS that cannot tear pages, a benchmark"
                         : !strcmp(name, "fsync")
                             ? "a benchmark, a bulk load that is redone rather than recovered"
                             : "a benchmark, a bulk load");
    if (!strcmp(name, "summarize_wal") && cur->parsed.boolval && !val->boolval)
        return xstrdup("incremental backups (pg_basebackup --incremental) need summarize_wal; "
                       "pgknob cannot see whether they are taken.");
    if (!strcmp(name, "standard_conforming_strings")) {
        const char *app = seen(snap, ONE_C);
        if (app)
            return xasprintf("the configuration shows 1C:Enterprise (%s), whose setup keeps "
                             "standard_conforming_strings off for the application.",
                             app);
    }
    static const char *const parallel[] = {"max_parallel_workers_per_gather",
                                           "max_parallel_workers",
                                           "max_parallel_maintenance_workers", NULL};
    if (rank(name, parallel) >= 0 && fp_is_zero(cur->parsed.num) && val->num > 0)
        return xasprintf("%s = 0 turns parallelism off on purpose (a workload or a bug it "
                         "avoids), which pgknob cannot see.",
                         name);
    return NULL;
}

/* Evident intent (lint/intent.h): the author's own comment on the line, or a host fact the file
 * contradicts that the change is derived from. */
bool fix_param_held_in_ram(const CatalogParam *param)
{
    return (param->category && !strcmp(param->category, "Resource Usage / Memory")) ||
           !strcmp(param->name, "effective_cache_size") || !strcmp(param->name, "wal_buffers");
}

/* A comment that only writes the value again in another unit ("# 8kB" after
 * checkpoint_flush_after = 1, "# 1 ms") says no reason. */
static bool restates(const Snapshot *snap, const CatalogParam *param, const SnapSetting *cur,
                     const char *comment)
{
    while (*comment == '#' || *comment == ' ' || *comment == '\t')
        comment++;
    GucValue said;
    return cur->parsed_ok && (param->type == GUC_INTEGER || param->type == GUC_REAL) &&
           guc_parse_value_for(param, snap->pg_major, comment, &said, NULL) &&
           fabs(said.num - cur->parsed.num) <= 1e-9 * fmax(1, fabs(cur->parsed.num));
}

/* The same value, as the server reads both (0.9 and 0.90, 1GB and 1024MB). */
static bool written_equal(const CatalogParam *param, const GucValue *a, const GucValue *b)
{
    switch (param->type) {
    case GUC_BOOL: return a->boolval == b->boolval;
    case GUC_INTEGER:
    case GUC_REAL: return fabs(a->num - b->num) <= 1e-9 * fmax(1, fabs(a->num));
    case GUC_ENUM: return a->enum_val && b->enum_val && !strcasecmp(a->enum_val, b->enum_val);
    default: return a->str && b->str && !strcmp(a->str, b->str);
    }
}

static char *intent_why(const Snapshot *snap, const CatalogParam *param, const GucValue *val,
                        const SnapSetting *cur)
{
    const Intent *intent = snap->intent;
    if (!intent)
        return NULL;
    const char *name = param->name;
    const char *comment =
        set_explicitly(cur) ? intent_comment_at(intent, cur->file, cur->line) : NULL;
    if (comment && !restates(snap, param, cur, comment))
        return xasprintf("%s = %s carries its author's comment \"%s\" (line %d): a deliberate "
                         "value whose reason pgknob cannot weigh.",
                         name, cur->value, comment, cur->line);
    /* a comment above it states intent or cites the values' source (docs/lint.md) */
    const char *mark =
        set_explicitly(cur) ? intent_deliberate_at(intent, cur->file, cur->line) : NULL;
    if (mark)
        return xasprintf("%s = %s is under its author's comment %s, which states it was chosen on "
                         "purpose or where it comes from: a reason pgknob cannot weigh.",
                         name, cur->value, mark);
    /* the line replaced an earlier one of the configuration: a fix writing that earlier value
     * back undoes its author's own second choice (review 2026-12zh, h39b 24: pgtune's
     * checkpoint_completion_target = 0.9, replaced below by 0.05) */
    for (long at = set_explicitly(cur) && cur->parsed_ok
                       ? intent_replaced_next(intent, cur->file, cur->line, -1)
                       : -1;
         at >= 0; at = intent_replaced_next(intent, cur->file, cur->line, at)) {
        const struct IntentReplaced *was = &intent->replaced[at];
        GucValue old;
        if (guc_parse_value_for(param, snap->pg_major, was->text, &old, NULL) &&
            written_equal(param, &old, val))
            return xasprintf("%s = %s replaces the line %d that set it to %s: writing %s back "
                             "undoes its author's own later choice, a reason pgknob cannot "
                             "weigh.",
                             name, cur->value, was->earlier_line, was->text, was->text);
    }
    /* the header states every value of its file is chosen on purpose (docs/lint.md) */
    if (set_explicitly(cur) && intent->chosen_at.file && cur->file &&
        !strcmp(cur->file, intent->chosen_at.file))
        return xasprintf("%s = %s is a value of a file whose header states its values are chosen "
                         "on purpose (\"%s\", line %d): a reason pgknob cannot weigh.",
                         name, cur->value, intent->chosen_at.text, intent->chosen_at.line);
    /* what the log holds is what a log reader the file names works from (review 2026-12q,
     * h18a 09: pgbadger's log_autovacuum_min_duration = 0 was a safe fix) */
    if (intent->log_reader_at.file && !strncasecmp(name, "log_", 4) &&
        !logs_more(name, val, cur)) {   /* adding to the log takes nothing from its reader */
        if (intent->log_reader_at.said) /* a log shipper of its compose stack */
            return xasprintf("a log shipper reads the server's log (%s); %s = %s is part of what "
                             "it is given, and changing it may take what it ships.",
                             intent->log_reader_at.text, name, cur->value);
        bool said = intent->log_reader_at.text[0] != 'p'; /* a comment, not pgBadger's prefix */
        return xasprintf("the configuration %s%s%s (line %d) %s the program that reads the "
                         "server's log; %s = %s is part of what it is given, and changing it may "
                         "take what its reports need.",
                         said ? "'s comment \"" : "sets ", intent->log_reader_at.text,
                         said ? "\"" : "", intent->log_reader_at.line, said ? "names" : "for", name,
                         cur->value);
    }
    static const char *const workers[] = {"max_parallel_workers_per_gather",
                                          "max_parallel_workers",
                                          "max_parallel_maintenance_workers",
                                          "max_worker_processes",
                                          "io_workers",
                                          "autovacuum_max_workers",
                                          NULL};
    static const char *const storage[] = {"effective_io_concurrency", "maintenance_io_concurrency",
                                          "random_page_cost", "seq_page_cost", NULL};
    const char *fact = intent->ram_contradicted && fix_param_held_in_ram(param)   ? "RAM"
                       : intent->cores_contradicted && rank(name, workers) >= 0   ? "cores"
                       : intent->storage_contradicted && rank(name, storage) >= 0 ? "storage"
                                                                                  : NULL;
    if (fact)
        /* one sentence for every fix of the finding it holds for: said once */
        return xasprintf("the change is derived from the host's %s, which the file contradicts "
                         "(PK0091): check the host facts first.",
                         fact);
    /* a RAM read from the file's own sizing is pgknob's guess, not a fact anyone stated: a
     * change derived from it is the owner's to confirm (review 2026-12y, h26a 03: work_mem cut
     * to 4MB on a 1GB inferred from shared_buffers and effective_cache_size) */
    if (intent->ram_inferred && fix_param_held_in_ram(param))
        return xstrdup("the change is derived from a RAM pgknob inferred from the file's own "
                       "sizing (PK0092), which nobody stated: give --host ram=... with the "
                       "server's memory first.");
    return NULL;
}

/* A jump: a freeze age lowered by more than half starts anti-wraparound vacuums of every older
 * table at once. */
static char *step_why(const CatalogParam *param, const GucValue *val, const SnapSetting *cur)
{
    /* a size moved more than 4 times over in one step: memory the host may not have, or a
     * deliberate small value (a container, a test) undone; pgknob's host facts may be wrong */
    static const char *const on_disk[] = {"max_wal_size",    "min_wal_size",
                                          "wal_keep_size",   "max_slot_wal_keep_size",
                                          "temp_file_limit", NULL};
    bool allocates =
        (fix_param_held_in_ram(param) && strcmp(param->name, "effective_cache_size")) ||
        rank(param->name, on_disk) >= 0; /* not a planner estimate or threshold */
    /* 128MB where nothing set shared_buffers: what initdb writes on every machine, which 13 and
     * 14's built-in 8MB stands in for only when a file replaced initdb's (PK0094) */
    bool initdb_value = !strcmp(param->name, "shared_buffers") && cur &&
                        cur->source == SRC_DEFAULT && fabs(val->num - 16384) < 1e-9;
    PkUnitKind kind;
    double factor;
    if (allocates && !initdb_value && param->unit && pk_unit_base(param->unit, &kind, &factor) &&
        kind == PK_UNIT_SIZE && cur && cur->parsed_ok && cur->parsed.num > 0 && val->num > 0 &&
        (val->num > 4 * cur->parsed.num || cur->parsed.num > 4 * val->num)) {
        char *from = pk_units_format(cur->parsed.num * factor, PK_UNIT_SIZE, PK_UNITS_EXACT, NULL);
        char *to = pk_units_format(val->num * factor, PK_UNIT_SIZE, PK_UNITS_EXACT, NULL);
        /* what each size costs: memory, or room on disk (review 2026-12s, h20a 07: the
         * memory sentence was said of max_wal_size) */
        static const struct {
            const char *name, *cost;
        } disk_costs[] = {
            {"max_wal_size", "a big rise needs that much more room in pg_wal and lengthens crash "
                             "recovery, a big cut brings checkpoints more often"},
            {"min_wal_size", "a big rise keeps that much more of pg_wal on disk"},
            {"wal_keep_size", "a big rise keeps that much more of pg_wal on disk, a big cut lets a "
                              "standby that falls behind need a new base backup"},
            {"max_slot_wal_keep_size", "a big rise lets a stuck slot fill more of the disk, a big "
                                       "cut invalidates a lagging slot sooner"},
            {"temp_file_limit", "a big rise lets one query fill more of the disk, a big cut "
                                "cancels queries that spilled less"},
        };
        const char *cost = "a big cut spills to disk, a big rise may need memory the host lacks";
        for (size_t idx = 0; idx < sizeof(disk_costs) / sizeof(disk_costs[0]); idx++)
            if (!strcmp(param->name, disk_costs[idx].name))
                cost = disk_costs[idx].cost;
        char *why = xasprintf("it moves %s from %s to %s, more than four times over in one step: "
                              "check the host and the workload first (%s).",
                              param->name, from, to, cost);
        free(from);
        free(to);
        return why;
    }
    /* a vacuum throttle moved more than 4 times over: the I/O vacuum may do changes as much at
     * once, on storage whose headroom pgknob cannot see (0 turns the throttle off: unbounded) */
    static const char *const throttles[] = {"vacuum_cost_delay", "autovacuum_vacuum_cost_delay",
                                            "vacuum_cost_limit", "autovacuum_vacuum_cost_limit",
                                            NULL};
    /* an older major's default is no choice of the file's author: 20ms was autovacuum's cost
     * delay until 12 (the PostgreSQL 12 release notes: the default went from 20ms to 2ms) */
    bool old_default = !strcmp(param->name, "autovacuum_vacuum_cost_delay") && cur &&
                       cur->parsed_ok && fabs(cur->parsed.num - 20) < 1e-9;
    if (rank(param->name, throttles) >= 0 && !old_default && cur && cur->parsed_ok &&
        cur->parsed.num > 0 && val->num >= 0 &&
        (val->num * 4 < cur->parsed.num || val->num > 4 * cur->parsed.num))
        return xasprintf("it moves %s from %s to %g%s%s, more than four times over in one "
                         "step: the I/O vacuum may do changes as much at once, on storage whose "
                         "headroom pgknob cannot see; move it by at most four times at a time.",
                         param->name, cur->value, val->num, param->unit ? param->unit : "",
                         val->num <= 0 ? " (no throttle)" : "");
    static const char *const ages[] = {
        "autovacuum_freeze_max_age", "autovacuum_multixact_freeze_max_age",
        "vacuum_freeze_table_age", "vacuum_multixact_freeze_table_age", NULL};
    if (rank(param->name, ages) < 0 || !cur || !cur->parsed_ok || val->num * 2 >= cur->parsed.num)
        return NULL;
    return xasprintf("lowering %s from %.0f to %.0f in one step starts an anti-wraparound vacuum "
                     "of every table older than that at once: lower it by at most half at a time.",
                     param->name, cur->parsed.num, val->num);
}

static char *fix_safety_start_why(const Snapshot *snap, const char *name, const char *value)
{
    const CatalogParam *param = param_of(snap, name);
    GucValue val;
    if (!param || !guc_parse_value_for(param, snap->pg_major, value, &val, NULL))
        return NULL;
    const SnapSetting *cur = NULL;
    current(snap, param->name, &cur);
    return start_why(snap, param, &val, value, cur);
}

/* A change that matters only while a mechanism the configuration turns off is on: applied now it
 * changes nothing the server does, so it is not a default fix (docs/fix.md, condition 8). */
static const struct {
    const char *name;      /* the parameter the fix changes */
    const char *mechanism; /* a boolean setting that, off, makes it inert */
    const char *how;       /* why, from the server's source (13-18) */
} INERT[] = {
    /* xlog.c: get_sync_bit and issue_xlog_fsync do nothing without fsync */
    {"wal_sync_method", "fsync", "WAL is never flushed"},
    /* xlog.c XLogFlush: the delay only when enableFsync */
    {"commit_delay", "fsync", "commits never wait for a flush"},
    {"commit_siblings", "fsync", "commits never wait for a flush"},
    /* fd.c: pg_fsync does nothing, so no fsync can fail */
    {"data_sync_retry", "fsync", "no fsync is issued, so none can fail"},
    /* fd.c pg_flush_data: "don't trigger flushes if fsyncs are disabled" */
    {"checkpoint_flush_after", "fsync", "no writeback is requested"},
    {"bgwriter_flush_after", "fsync", "no writeback is requested"},
    {"backend_flush_after", "fsync", "no writeback is requested"},
    {"wal_writer_flush_after", "fsync", "WAL is never flushed"},
    /* autovacuum.c: without autovacuum (or track_counts, AutoVacuumingActive) no launcher
     * loop reads these; only anti-wraparound vacuums run, whatever they say */
    {"autovacuum_naptime", "autovacuum", "no autovacuum launcher runs"},
    {"autovacuum_vacuum_threshold", "autovacuum", "tables are vacuumed only against wraparound"},
    {"autovacuum_vacuum_scale_factor", "autovacuum", "tables are vacuumed only against wraparound"},
    {"autovacuum_vacuum_insert_threshold", "autovacuum",
     "tables are vacuumed only against wraparound"},
    {"autovacuum_vacuum_insert_scale_factor", "autovacuum",
     "tables are vacuumed only against wraparound"},
    {"autovacuum_vacuum_max_threshold", "autovacuum",
     "tables are vacuumed only against wraparound"},
    {"autovacuum_analyze_threshold", "autovacuum", "autovacuum analyzes nothing"},
    {"autovacuum_analyze_scale_factor", "autovacuum", "autovacuum analyzes nothing"},
};

static char *inert_why(const Snapshot *snap, const CatalogParam *param)
{
    for (size_t idx = 0; idx < sizeof(INERT) / sizeof(INERT[0]); idx++) {
        if (strcasecmp(INERT[idx].name, param->name))
            continue;
        const char *mechanisms[] = {INERT[idx].mechanism,
                                    !strcmp(INERT[idx].mechanism, "autovacuum") ? "track_counts"
                                                                                : NULL};
        for (size_t m = 0; m < 2 && mechanisms[m]; m++) {
            const SnapSetting *mech = NULL;
            if (current(snap, mechanisms[m], &mech) && set_explicitly(mech) &&
                mech->parsed.type == GUC_BOOL && !mech->parsed.boolval)
                return xasprintf("it changes nothing while %s = off (%s): an unnecessary change "
                                 "until %s is turned on, which is its own decision.",
                                 mechanisms[m], INERT[idx].how, mechanisms[m]);
        }
    }
    return NULL;
}

/* `observed`: judge what applications observe of the running server. A file the server refuses
 * runs no server: nothing connects or observes it now, so no such reason holds (docs/fix.md). */
static char *judge_why(const Snapshot *snap, const char *name, const char *value, bool observed)
{
    const CatalogParam *param = param_of(snap, name);
    GucValue val;
    if (!param || !guc_parse_value_for(param, snap->pg_major, value, &val, NULL))
        return NULL;
    const SnapSetting *cur = NULL;
    current(snap, param->name, &cur);
    char *why = start_why(snap, param, &val, value, cur);
    if (!why)
        why = deliberate_why(snap, param, &val, cur);
    if (!why && observed)
        why = observed_why(param, &val, cur);
    if (!why)
        why = step_why(param, &val, cur);
    if (!why)
        why = intent_why(snap, param, &val, cur);
    if (!why)
        why = inert_why(snap, param);
    return why;
}

char *fix_safety_why(const Snapshot *snap, const char *name, const char *value)
{
    return judge_why(snap, name, value, true);
}

/* Removed parameters whose line means nothing once gone: the feature became automatic or always
 * on, or the value written is the one the server now always behaves as. */
static const struct {
    const char *name;
    const char *neutral; /* the only value that is harmless to drop; NULL: any value */
    /* for one removed before 13: the value that did nothing on the majors that had it (their
     * default, from their documentation), so dropping it changes no server; NULL: unknown */
    const char *inert;
} HARMLESS_REMOVALS[] = {
    {"stats_temp_directory", NULL}, /* 15: statistics in shared memory */
    {"max_fsm_pages", NULL},        /* 8.4: the free space map is automatic */
    {"max_fsm_relations", NULL},    /* 8.4 */
    {"operator_precedence_warning", NULL},
    {"vacuum_cleanup_index_scale_factor", NULL},
    {"replacement_sort_tuples", NULL},
    {"trace_recovery_messages", NULL},
    {"custom_variable_classes", NULL, ""}, /* 9.1: no classes declared */
    {"explain_pretty_print", NULL},
    {"stats_start_collector", NULL},
    {"bgwriter_all_maxpages", NULL},
    {"bgwriter_all_percent", NULL},
    {"silent_mode", "off", "off"},
    {"add_missing_from", "off", "off"},
    {"sql_inheritance", "on", "on"},
    {"default_with_oids", "off"},
    {"old_snapshot_threshold", "-1"},
    {"vacuum_defer_cleanup_age", "0"},
    {"db_user_namespace", "off"},
    {"promote_trigger_file", ""},
    {"standby_mode", "off", "off"},
};

char *fix_safety_removal_why(const char *name, const char *value, const char *successor)
{
    if (successor)
        return NULL; /* the file's own successor setting already decides */
    if (catalog_internal_wherever_known(name))
        return NULL; /* no server ever started with the line (lc_collate, lc_ctype) */
    for (size_t idx = 0; idx < sizeof(HARMLESS_REMOVALS) / sizeof(HARMLESS_REMOVALS[0]); idx++)
        if (!strcasecmp(HARMLESS_REMOVALS[idx].name, name) &&
            (!HARMLESS_REMOVALS[idx].neutral ||
             !strcasecmp(HARMLESS_REMOVALS[idx].neutral, value ? value : "") ||
             (!strcasecmp(HARMLESS_REMOVALS[idx].neutral, "off") && value &&
              (!strcasecmp(value, "false") || !strcmp(value, "0"))) ||
             (!strcasecmp(HARMLESS_REMOVALS[idx].neutral, "on") && value &&
              (!strcasecmp(value, "true") || !strcmp(value, "1")))))
            return NULL;
    const char *advice = catalog_removal_advice(name);
    if (advice)
        return xasprintf("%s = %s asked for something the target major no longer does (%s).", name,
                         value ? value : "", advice);
    return xasprintf("%s = %s asked for something the target major no longer does; pgknob cannot "
                     "say what should replace it.",
                     name, value ? value : "");
}

/* `value` written as `want` ("off" as false, no or 0; "on" as true, yes or 1). */
static bool written_as(const char *want, const char *value)
{
    static const char *const offs[] = {"off", "false", "no", "0", NULL};
    static const char *const ons[] = {"on", "true", "yes", "1", NULL};
    if (!strcasecmp(want, "off"))
        return rank(value, offs) >= 0;
    if (!strcasecmp(want, "on"))
        return rank(value, ons) >= 0;
    return !strcasecmp(want, value);
}

/* `value` means what the boot value of every catalogued major that has `name` means: the line
 * changes no server that accepts it. False when no catalogued major has it. */
static bool boot_value_everywhere(const char *name, const char *value)
{
    bool seen = false;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const CatalogParam *param = catalog_find(catalog_for_major(major), name);
        if (!param)
            continue;
        GucValue written, boot;
        if (!guc_parse_value_for(param, major, value, &written, NULL) ||
            !guc_parse_boot_value(param, major, param->boot_val ? param->boot_val : "", &boot))
            return false;
        char *a = guc_value_to_setting(param, &written), *b = guc_value_to_setting(param, &boot);
        bool same = !strcmp(a, b);
        free(a);
        free(b);
        if (!same)
            return false;
        seen = true;
    }
    return seen;
}

bool fix_safety_removal_inert(const char *name, const char *value)
{
    const char *v = value ? value : "";
    for (size_t idx = 0; idx < sizeof(HARMLESS_REMOVALS) / sizeof(HARMLESS_REMOVALS[0]); idx++)
        if (!strcasecmp(HARMLESS_REMOVALS[idx].name, name) && HARMLESS_REMOVALS[idx].inert &&
            written_as(HARMLESS_REMOVALS[idx].inert, v))
            return true;
    /* one removed in 13 or later: the real servers' own defaults decide */
    return boot_value_everywhere(name, v);
}

/* Does the older major `older` stop or change the server with this fix: it still has the
 * parameter removed, lacks the parameter set, or refuses the value? */
static const char *older_differs(const FindingFix *fix, int older)
{
    const CatalogParam *then = catalog_find(catalog_for_major(older), fix->name);
    GucValue val;
    if (fix->remove) /* a parameter no file can set is no line an older major reads either */
        return then && then->context != GUC_CTX_INTERNAL ? "still has" : NULL;
    if (!then)
        return "has no such parameter";
    return guc_parse_value_for(then, older, fix->value, &val, NULL) ? NULL : "refuses this value";
}

/* The oldest major the file can be for: one that has every parameter it sets (a file that sets
 * vacuum_buffer_usage_limit, new in 16, is for 16 or later). */
/* Was the line written with the parameter's own name, not an old one the checked major maps
 * to it (ssl_ecdh_curve, 13-17's own parameter, read by 18 as ssl_groups)? */
static bool written_as_named(const SnapSetting *s)
{
    const char *text = s->line_text ? s->line_text + strspn(s->line_text, " \t") : NULL;
    size_t len = strlen(s->name);
    return !text || (!strncasecmp(text, s->name, len) &&
                     !(isalnum((unsigned char)text[len]) || text[len] == '_' || text[len] == '.'));
}

static int oldest_possible(const Snapshot *snap)
{
    int oldest = PK_MIN_MAJOR;
    for (size_t idx = 0; idx < snap->n_settings; idx++) {
        const SnapSetting *s = &snap->settings[idx];
        /* an old name the major maps says nothing about how new the file is */
        if (s->source == SRC_DEFAULT || !s->param || !written_as_named(s))
            continue;
        int first = 0;
        for (int major = PK_MIN_MAJOR; major <= snap->pg_major && !first; major++)
            if (catalog_find(catalog_for_major(major), s->name))
                first = major;
        if (first > oldest)
            oldest = first;
    }
    return oldest;
}

char *fix_safety_major_why(const Snapshot *snap, const FindingFix *fix)
{
    const CatalogParam *param = snap->catalog ? catalog_find(snap->catalog, fix->name) : NULL;
    if (!param && !fix->remove)
        return NULL; /* a module's parameter: no major decides it */
    int oldest = oldest_possible(snap);
    /* the older supported majors that differ, a run from the oldest ("13 and 14", "13 to 17") */
    int first = 0, last = 0;
    const char *how = NULL;
    for (int older = oldest; older < snap->pg_major; older++) {
        const char *differs = older_differs(fix, older);
        if (differs && !how) {
            first = last = older;
            how = differs;
        } else if (differs && how && !strcmp(differs, how) && older == last + 1) {
            last = older;
        }
    }
    if (!how)
        return NULL;
    /* a parameter's majors come from the catalog, in the words every other text uses for them
     * (common/majors.h); a refused value's from the run found here */
    bool param_fact = strcmp(how, "refuses this value") != 0;
    char *span = param_fact
                     ? catalog_param_majors(fix->name, !strcmp(how, "has no such parameter"), false)
                     : NULL;
    if (!span)
        span = pk_majors_words_n(first, last, false);
    bool one = !strchr(span, ' '); /* one major: "16", not "16 and older" */
    char *why = xasprintf("no setting, path or header of the file names the server's major, so %d "
                          "was assumed, and it may run an older one: PostgreSQL %s %s %s: give "
                          "--pg-version.",
                          snap->pg_major, span,
                          !strcmp(how, "still has") ? (one ? "still has" : "still have")
                          : !strcmp(how, "has no such parameter") ? (one ? "has no" : "have no")
                                                                  : (one ? "refuses" : "refuse"),
                          param_fact ? fix->name : (fix->value[0] ? fix->value : "''"));
    free(span);
    return why;
}

/* The storage profile, one decision when the file sets both to the same kind of storage
 * (pgtune's HDD profile: random_page_cost = 4 with effective_io_concurrency = 2; its SSD one:
 * 1.1 with 200): a change of one without the other breaks it. */
static int storage_kind(const SnapSetting *s, double hdd_at_least, double ssd_at_most, bool low_hdd)
{
    if (!set_explicitly(s) || !s->parsed_ok)
        return 0;
    double v = s->parsed.num;
    if (low_hdd) /* effective_io_concurrency: a low value is a disk's */
        return v <= hdd_at_least ? 1 : v >= ssd_at_most ? 2 : 0;
    return v >= hdd_at_least ? 1 : v <= ssd_at_most ? 2 : 0;
}

static char *pair_why(const Snapshot *snap, const Finding *f, const FindingFix *fix)
{
    static const char *const pair[] = {"random_page_cost", "effective_io_concurrency", NULL};
    int which = rank(fix->name, pair);
    if (which < 0)
        return NULL;
    const SnapSetting *rpc = snapshot_get(snap, pair[0]), *eic = snapshot_get(snap, pair[1]);
    int rpc_kind = storage_kind(rpc, 2.0, 1.5, false), eic_kind = storage_kind(eic, 4, 100, true);
    if (!rpc_kind || rpc_kind != eic_kind)
        return NULL;
    const char *other = pair[1 - which];
    for (size_t idx = 0; idx < f->n_fixes; idx++)
        if (!strcasecmp(f->fixes[idx].name, other))
            return NULL; /* both change together */
    return xasprintf("random_page_cost = %s (line %d) and effective_io_concurrency = %s (line %d) "
                     "are one decision about the storage (%s profile): changing %s alone breaks "
                     "it; change both, for the storage the server really has.",
                     rpc->value, rpc->line, eic->value, eic->line,
                     rpc_kind == 1 ? "a disk" : "an SSD", fix->name);
}

/* The line that writes `name`'s value in the configuration, unless that value is the built-in
 * default's or initdb's (a stock file's `shared_buffers = 128MB` is no one's choice); 0. */
static int written_line(const Snapshot *snap, const char *name)
{
    const SnapSetting *cur = snapshot_get(snap, name);
    if (!cur || cur->source == SRC_DEFAULT || !cur->file || cur->line <= 0)
        return 0;
    if (cur->param && cur->parsed_ok) {
        char *text = guc_value_to_setting(cur->param, &cur->parsed);
        bool stock = cur->param->boot_val && !strcmp(text, cur->param->boot_val);
        for (const char *const *pair = input_initdb_defaults; !stock && pair[0]; pair += 2) {
            GucValue initdb;
            stock = !strcasecmp(pair[0], name) &&
                    guc_parse_value_for(cur->param, snap->pg_major, pair[1], &initdb, NULL) &&
                    written_equal(cur->param, &initdb, &cur->parsed);
        }
        free(text);
        if (stock)
            return 0;
    }
    return cur->line;
}

void fix_safety_judge(const Snapshot *snap, Finding *f)
{
    if (!snap->catalog)
        return;
    for (size_t idx = 0; idx < f->n_fixes; idx++)
        if (!f->fixes[idx].remove && !f->fixes[idx].file)
            f->fixes[idx].written_line = written_line(snap, f->fixes[idx].name);
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        if (f->fixes[idx].remove || f->fixes[idx].file)
            continue;
        char *why = pair_why(snap, f, &f->fixes[idx]);
        if (why)
            finding_fix_unsafe(f, idx, why);
        free(why);
    }
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        if (f->fixes[idx].remove) /* validation judged it: it knows what the line meant */
            continue;
        /* a line rewritten (renamed, its unit corrected) keeps the value it meant: only what can
         * stop the server is judged, against the value in effect */
        char *why =
            f->fixes[idx].file
                ? fix_safety_start_why(snap, f->fixes[idx].name, f->fixes[idx].value)
                : judge_why(snap, f->fixes[idx].name, f->fixes[idx].value, !f->refuses_start);
        if (why)
            finding_fix_unsafe(f, idx, why);
        free(why);
    }
}
