/* Lookups over the generated parameter catalog (catalog_data.auto.c): exact lookup, the server's
 * old-name aliases, version notes computed across majors, and misspelling suggestions. */
#include "catalog/catalog.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog.intern.h"
#include "common/majors.h"
#include "common/xalloc.h"

/* ---- names ---------------------------------------------------------------------------------- */

static int ascii_lower(int ch)
{
    return (ch >= 'A' && ch <= 'Z') ? ch + ('a' - 'A') : ch;
}

/* As guc_name_compare: ASCII-only case folding, so the result does not depend on the locale. */
static int name_compare(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int ca = ascii_lower((unsigned char)*a), cb = ascii_lower((unsigned char)*b);
        if (ca != cb)
            return ca - cb;
    }
    return ascii_lower((unsigned char)*a) - ascii_lower((unsigned char)*b);
}

static bool name_equal(const char *a, const char *b)
{
    return name_compare(a, b) == 0;
}

static bool name_equal_n(const char *a, const char *b, size_t len)
{
    for (size_t pos = 0; pos < len; pos++)
        if (ascii_lower((unsigned char)a[pos]) != ascii_lower((unsigned char)b[pos]))
            return false;
    return true;
}

/* ---- lookups -------------------------------------------------------------------------------- */

const Catalog *catalog_for_major(int major)
{
    for (size_t idx = 0; idx < pk_catalog_n_majors; idx++)
        if (pk_catalog_majors[idx].major == major)
            return &pk_catalog_majors[idx];
    return NULL;
}

const CatalogParam *catalog_find(const Catalog *cat, const char *name)
{
    if (!cat || !name)
        return NULL;
    size_t lo = 0, hi = cat->n_params;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int cmp = name_compare(name, cat->params[mid].name);
        if (cmp == 0)
            return &cat->params[mid];
        if (cmp < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* map_old_guc_names in guc.c; each verified with SHOW on the real servers (t-servers.sh). */
static const struct {
    const char *old_name;
    const char *new_name;
    int since_major; /* first major (within 13–18) that maps it */
} aliases[] = {
    {"sort_mem", "work_mem", PK_MIN_MAJOR},
    {"ssl_ecdh_curve", "ssl_groups", 18},
    {"vacuum_mem", "maintenance_work_mem", PK_MIN_MAJOR},
};

const char *catalog_alias_target(int major, const char *name)
{
    if (!name || major < PK_MIN_MAJOR || major > PK_MAX_MAJOR)
        return NULL;
    for (size_t idx = 0; idx < sizeof aliases / sizeof aliases[0]; idx++)
        if (major >= aliases[idx].since_major && name_equal(name, aliases[idx].old_name))
            return aliases[idx].new_name;
    return NULL;
}

/* ---- version notes -------------------------------------------------------------------------- */

/* What the catalog data cannot say: parameters that left before 13, renames, and advice. A row
 * with `gone_in` set is used only when no catalogued major knows the name; `advice` is appended
 * to the computed or hand-written sentence. */
static const struct {
    const char *name;
    const char *gone_in; /* "9.5": removed or renamed before 13; NULL: the data knows */
    const char *advice;
} history[] = {
    {"add_missing_from", "9.0", NULL},
    {"autocommit", "7.4", "set autocommit in the client (psql's \\set AUTOCOMMIT)"},
    {"bgwriter_all_maxpages", "8.3", NULL},
    {"bgwriter_all_percent", "8.3", NULL},
    {"bgwriter_lru_percent", "8.3", "use bgwriter_lru_multiplier"},
    {"checkpoint_segments", "9.5", "use max_wal_size"},
    {"custom_variable_classes", "9.2", "custom (dotted) names need no declaration"},
    {"debug_parallel_query", NULL, "before 16 it was force_parallel_mode"},
    {"explain_pretty_print", "8.4", NULL},
    {"force_parallel_mode", NULL, "use debug_parallel_query"},
    {"krb_srvname", "9.4", NULL},
    {"max_expr_depth", "8.0", "use max_stack_depth"},
    {"max_fsm_pages", "8.4", "the free space map is managed automatically"},
    {"max_fsm_relations", "8.4", "the free space map is managed automatically"},
    {"min_parallel_relation_size", "10", "use min_parallel_table_scan_size"},
    {"preload_libraries", "8.2", "use shared_preload_libraries"},
    {"promote_trigger_file", NULL, "promote with pg_ctl promote or SELECT pg_promote()"},
    {"redirect_stderr", "8.3", "use logging_collector"},
    {"replacement_sort_tuples", "11", NULL},
    {"replication_timeout", "9.3", "use wal_sender_timeout"},
    {"silent_mode", "9.2", NULL},
    {"sql_inheritance", "10", NULL},
    {"standby_mode", "12", "create a standby.signal file in the data directory"},
    {"stats_block_level", "8.3", "use track_counts"},
    {"stats_command_string", "8.3", "use track_activities"},
    {"stats_row_level", "8.3", "use track_counts"},
    {"stats_start_collector", "8.3", NULL},
    {"stats_temp_directory", NULL, "statistics are kept in shared memory"},
    {"tcpip_socket", "8.0", "use listen_addresses"},
    {"trigger_file", "12", "use promote_trigger_file (until 15) or pg_ctl promote"},
    {"unix_socket_directory", "9.3", "use unix_socket_directories"},
    {"virtual_host", "8.0", "use listen_addresses"},
    {"vacuum_defer_cleanup_age", NULL, "use hot_standby_feedback or a replication slot"},
    {"wal_sender_delay", "9.2", "a WAL sender wakes when WAL is written"},
    {"wal_keep_segments", "13", "use wal_keep_size"},
};

static int history_index(const char *name)
{
    for (size_t idx = 0; idx < sizeof history / sizeof history[0]; idx++)
        if (name_equal(name, history[idx].name))
            return (int)idx;
    return -1;
}

/* The parameter that replaced `name` ("use max_wal_size" for checkpoint_segments), copied into
 * `out`; false when the history names none. */
bool catalog_replaced_by(const char *name, char *out, size_t size)
{
    int hist = name ? history_index(name) : -1;
    const char *advice = hist >= 0 ? history[hist].advice : NULL;
    if (!advice || strncmp(advice, "use ", 4))
        return false;
    size_t len = strspn(advice + 4, "abcdefghijklmnopqrstuvwxyz_");
    if (!len || len >= size)
        return false;
    memcpy(out, advice + 4, len);
    out[len] = '\0';
    return true;
}

const char *catalog_removal_advice(const char *name)
{
    int hist = name ? history_index(name) : -1;
    return hist >= 0 ? history[hist].advice : NULL;
}

bool catalog_internal_wherever_known(const char *name)
{
    bool any = false;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const CatalogParam *param = catalog_find(catalog_for_major(major), name);
        if (param && param->context != GUC_CTX_INTERNAL)
            return false;
        any = any || param;
    }
    return any;
}

const char *catalog_gone_before(const char *name)
{
    int hist = name ? history_index(name) : -1;
    if (hist < 0 || !history[hist].gone_in)
        return NULL;
    for (size_t idx = 0; idx < pk_catalog_n_majors; idx++)
        if (catalog_find(&pk_catalog_majors[idx], name))
            return NULL;
    return history[hist].gone_in;
}

/* Parameters that arrived in 13, the oldest catalogued major, or before it (which the catalog
 * cannot tell apart), as the release notes of each major list them
 * (https://www.postgresql.org/docs/release/): the ones a stock sample lists commented out, so
 * that a kept sample of 12 or older can be dated from below as well as from above
 * (catalog_gone_before), and a 13 sample told from it. */
static const struct {
    const char *name;
    const char *since;
} arrivals[] = {
    {"archive_cleanup_command", "12"},
    {"autovacuum_multixact_freeze_max_age", "9.3"},
    {"autovacuum_vacuum_insert_scale_factor", "13"},
    {"autovacuum_vacuum_insert_threshold", "13"},
    {"autovacuum_work_mem", "9.4"},
    {"backend_flush_after", "9.6"},
    {"bgwriter_flush_after", "9.6"},
    {"checkpoint_completion_target", "8.3"},
    {"checkpoint_flush_after", "9.6"},
    {"cluster_name", "9.5"},
    {"default_table_access_method", "12"},
    {"effective_io_concurrency", "8.4"},
    {"enable_gathermerge", "10"},
    {"enable_incremental_sort", "13"},
    {"enable_parallel_hash", "11"},
    {"enable_partitionwise_aggregate", "11"},
    {"enable_partitionwise_join", "11"},
    {"hash_mem_multiplier", "13"},
    {"huge_pages", "9.4"},
    {"idle_in_transaction_session_timeout", "9.6"},
    {"jit", "11"},
    {"lo_compat_privileges", "9.0"},
    {"log_autovacuum_min_duration", "8.3"},
    {"log_checkpoints", "8.3"},
    {"log_file_mode", "9.1"},
    {"log_min_duration_sample", "13"},
    {"log_parameter_max_length", "13"},
    {"log_statement_sample_rate", "13"},
    {"log_transaction_sample_rate", "12"},
    {"logical_decoding_work_mem", "13"},
    {"maintenance_io_concurrency", "13"},
    {"max_logical_replication_workers", "10"},
    {"max_parallel_maintenance_workers", "11"},
    {"max_parallel_workers", "10"},
    {"max_parallel_workers_per_gather", "9.6"},
    {"max_replication_slots", "9.4"},
    {"max_slot_wal_keep_size", "13"},
    {"max_standby_archive_delay", "9.0"},
    {"max_standby_streaming_delay", "9.0"},
    {"max_sync_workers_per_subscription", "10"},
    {"max_wal_senders", "9.0"},
    {"max_wal_size", "9.5"},
    {"min_parallel_index_scan_size", "10"},
    {"min_parallel_relation_size", "9.6"},
    {"min_parallel_table_scan_size", "10"},
    {"min_wal_size", "9.5"},
    {"parallel_leader_participation", "11"},
    {"plan_cache_mode", "12"},
    {"primary_conninfo", "12"},
    {"primary_slot_name", "12"},
    {"promote_trigger_file", "12"},
    {"recovery_end_command", "12"},
    {"restore_command", "12"},
    {"shared_memory_type", "12"},
    {"ssl_max_protocol_version", "12"},
    {"ssl_min_protocol_version", "12"},
    {"ssl_passphrase_command", "11"},
    {"tcp_user_timeout", "12"},
    {"track_commit_timestamp", "9.5"},
    {"track_io_timing", "9.2"},
    {"wal_compression", "9.5"},
    {"wal_init_zero", "12"},
    {"wal_keep_size", "13"},
    {"wal_level", "9.0"},
    {"wal_log_hints", "9.4"},
    {"wal_receiver_timeout", "9.3"},
    {"wal_recycle", "12"},
    {"wal_sender_timeout", "9.3"},
    {"wal_writer_flush_after", "9.6"},
};

const char *catalog_arrived_by_13(const char *name)
{
    for (size_t idx = 0; name && idx < sizeof arrivals / sizeof arrivals[0]; idx++)
        if (name_equal(name, arrivals[idx].name))
            return arrivals[idx].since;
    return NULL;
}

/* Built-in defaults that changed between 9.4 and 12, as each major's release notes say
 * (https://www.postgresql.org/docs/release/): the major from which 13's default holds. A fix that
 * writes 13's default where an older file sets nothing changes that older server only if its
 * default was another. */
static const struct {
    const char *name;
    int since; /* major x 100 (904 is 9.4) */
} default_changes[] = {
    {"autovacuum_vacuum_cost_delay", 1200},    /* 20ms before 12 */
    {"extra_float_digits", 1200},              /* 0 before 12 */
    {"hot_standby", 1000},                     /* off before 10 */
    {"jit", 1200},                             /* off in 11 */
    {"log_directory", 1000},                   /* pg_log before 10 */
    {"log_line_prefix", 1000},                 /* '' before 10 */
    {"max_parallel_workers_per_gather", 1000}, /* 0 in 9.6 */
    {"max_replication_slots", 1000},           /* 0 before 10 */
    {"max_wal_senders", 1000},                 /* 0 before 10 */
    {"recovery_target_timeline", 1200},        /* 'current' before 12 */
    {"ssl_min_protocol_version", 1300},        /* TLSv1 in 12 */
    {"wal_level", 1000},                       /* minimal before 10 */
};

int catalog_default_same_since(const char *name)
{
    for (size_t idx = 0; name && idx < sizeof default_changes / sizeof default_changes[0]; idx++)
        if (name_equal(name, default_changes[idx].name))
            return default_changes[idx].since;
    return 904; /* 9.4 raised work_mem, maintenance_work_mem and effective_cache_size; what
                 * came before it is not listed */
}

bool catalog_distribution_only(const char *name)
{
    return name && name_equal(name, "extension_destdir");
}

/* Whole-sentence notes for names that are not a version question at all. */
static char *special_note(const char *name)
{
    if (name_equal(name, "io_direct"))
        return xstrdup("there is no io_direct parameter; the developer option is debug_io_direct "
                       "(16+)");
    if (catalog_distribution_only(name))
        return xstrdup("extension_destdir exists only in Debian and Ubuntu builds of PostgreSQL "
                       "(a distribution patch), not in the PostgreSQL sources");
    return NULL;
}

/* First and last catalogued majors that know `name`; false when none does. */
static bool known_range(const char *name, int *first, int *last)
{
    *first = *last = 0;
    for (size_t idx = 0; idx < pk_catalog_n_majors; idx++) {
        if (!catalog_find(&pk_catalog_majors[idx], name))
            continue;
        if (!*first)
            *first = pk_catalog_majors[idx].major;
        *last = pk_catalog_majors[idx].major;
    }
    return *first != 0;
}

bool catalog_param_span(const char *name, int *first, int *last)
{
    if (!known_range(name, first, last))
        return false;
    if (*first == PK_MIN_MAJOR)
        *first = 0;
    if (*last == PK_MAX_MAJOR)
        *last = 0;
    return true;
}

char *catalog_param_majors(const char *name, bool absent, bool either)
{
    int first, last;
    if (!name || !catalog_param_span(name, &first, &last) || (!first && !last))
        return NULL;
    if (!absent)
        return pk_majors_words_n(first, last, either);
    if (first && last)
        return NULL; /* absent on both sides: no one run */
    return last ? pk_majors_words_n(last + 1, 0, either) : pk_majors_words_n(0, first - 1, either);
}

/* The sentence derived from the data, or NULL when the data does not explain the absence. */
static char *computed_note(int major, const char *canon, int first, int last)
{
    if (major < first)
        return xasprintf("%s was added in PostgreSQL %d", canon, first);
    if (major > last)
        return xasprintf("%s was removed in PostgreSQL %d", canon, last + 1);
    char *span = catalog_param_majors(canon, false, false);
    char *note = xasprintf("%s is not in PostgreSQL %d (it is in PostgreSQL %s)", canon, major,
                           span ? span : "other majors");
    free(span);
    return note;
}

/* The spelling pg_settings uses, from the newest major that has the name. */
static const char *canonical_name(const char *name)
{
    for (size_t idx = pk_catalog_n_majors; idx > 0; idx--) {
        const CatalogParam *param = catalog_find(&pk_catalog_majors[idx - 1], name);
        if (param)
            return param->name;
    }
    return name;
}

char *catalog_version_note(int major, const char *name)
{
    const Catalog *cat = catalog_for_major(major);
    if (!name || !cat || catalog_find(cat, name) || catalog_alias_target(major, name))
        return NULL;
    char *special = special_note(name);
    if (special)
        return special;
    int hist = history_index(name), first, last;
    char *note = NULL;
    if (known_range(name, &first, &last))
        note = computed_note(major, canonical_name(name), first, last);
    else if (hist >= 0 && history[hist].gone_in)
        note =
            xasprintf("%s was removed in PostgreSQL %s", history[hist].name, history[hist].gone_in);
    if (note && hist >= 0 && history[hist].advice) {
        char *joined = xasprintf("%s; %s", note, history[hist].advice);
        free(note);
        note = joined;
    }
    return note;
}

/* ---- suggestions ---------------------------------------------------------------------------- */

#define SUGGEST_MAX_LEN 64

/* Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), ASCII
 * case-insensitive; names longer than SUGGEST_MAX_LEN are never close. */
/* At least `limit` when the distance is: a row whose cells all reach it ends the work (no cell
 * is below the least of the row above, transpositions included). */
static int edit_distance_within(const char *a, const char *b, int limit)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > SUGGEST_MAX_LEN || lb > SUGGEST_MAX_LEN)
        return SUGGEST_MAX_LEN * 2;
    int dist[SUGGEST_MAX_LEN + 1][SUGGEST_MAX_LEN + 1];
    for (size_t row = 0; row <= la; row++)
        dist[row][0] = (int)row;
    for (size_t col = 0; col <= lb; col++)
        dist[0][col] = (int)col;
    for (size_t row = 1; row <= la; row++) {
        for (size_t col = 1; col <= lb; col++) {
            int ca = ascii_lower((unsigned char)a[row - 1]);
            int cb = ascii_lower((unsigned char)b[col - 1]);
            int best = dist[row - 1][col - 1] + (ca != cb);
            if (dist[row - 1][col] + 1 < best)
                best = dist[row - 1][col] + 1;
            if (dist[row][col - 1] + 1 < best)
                best = dist[row][col - 1] + 1;
            if (row > 1 && col > 1 && ca == ascii_lower((unsigned char)b[col - 2]) &&
                ascii_lower((unsigned char)a[row - 2]) == cb && dist[row - 2][col - 2] + 1 < best)
                best = dist[row - 2][col - 2] + 1;
            dist[row][col] = best;
        }
        int least = dist[row][0];
        for (size_t col = 1; col <= lb; col++)
            least = dist[row][col] < least ? dist[row][col] : least;
        if (least >= limit)
            return limit;
    }
    return dist[la][lb];
}

/* How many edits still look like a typo rather than another word. */
static int typo_budget(size_t len)
{
    if (len < 4)
        return 0;
    if (len < 8)
        return 1;
    return len < 14 ? 2 : 3;
}

/* A typo changes letters within words, never a whole word: with as many '_'-separated words on
 * each side, a pair of words that differ in more than half the letters of the shorter ("ssl"
 * and "idle" in ssl_session_timeout and idle_session_timeout) names another parameter, not a
 * misspelling ("buferz" for "buffers" is two slips in six letters). */
static bool words_swapped(const char *name, const char *cand)
{
    const char *a = name, *b = cand;
    size_t words_a = 1, words_b = 1;
    for (const char *p = a; *p; p++)
        words_a += *p == '_';
    for (const char *p = b; *p; p++)
        words_b += *p == '_';
    if (words_a != words_b)
        return false;
    while (*a && *b) {
        size_t la = strcspn(a, "_"), lb = strcspn(b, "_");
        char wa[SUGGEST_MAX_LEN + 1], wb[SUGGEST_MAX_LEN + 1];
        if (la > SUGGEST_MAX_LEN || lb > SUGGEST_MAX_LEN)
            return false;
        memcpy(wa, a, la);
        wa[la] = '\0';
        memcpy(wb, b, lb);
        wb[lb] = '\0';
        size_t shorter = la < lb ? la : lb;
        if ((size_t)edit_distance_within(wa, wb, SUGGEST_MAX_LEN) * 2 > shorter)
            return true;
        a += la + (a[la] == '_');
        b += lb + (b[lb] == '_');
    }
    return false;
}

/* `name` equals a run of whole '_'-separated words of `cand` ("io_direct" in "debug_io_direct"). */
static bool word_run_of(const char *name, const char *cand)
{
    size_t ln = strlen(name), lc = strlen(cand);
    if (ln < 4 || ln >= lc)
        return false;
    for (size_t start = 0; start + ln <= lc; start++) {
        if (start > 0 && cand[start - 1] != '_')
            continue;
        if (start + ln < lc && cand[start + ln] != '_')
            continue;
        if (name_equal_n(cand + start, name, ln))
            return true;
    }
    return false;
}

/* `cand` (5+ characters) begins `name` within a word ("work_mem" in "work_memory"); a name that
 * adds whole words ("max_parallel_workers_gather") is more specific, another parameter meant. */
static bool prefix_of(const char *cand, const char *name)
{
    size_t lc = strlen(cand);
    return lc >= 5 && lc < strlen(name) && name_equal_n(name, cand, lc) && name[lc] != '_';
}

/* In order of confidence: a typo within the budget, a parameter the name extends, a parameter
 * containing the name as whole words. A name the catalog knows gets no suggestion. */
static int word_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The words of `name` (split at '_', lower case) sorted into `words` (at most `max`), in `buf`;
 * their count, or 0 when there are more. */
static size_t sorted_words(const char *name, char *buf, size_t buf_len, char **words, size_t max)
{
    snprintf(buf, buf_len, "%s", name);
    for (char *p = buf; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    size_t n = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, "_", &save); w; w = strtok_r(NULL, "_", &save)) {
        if (n == max)
            return 0;
        words[n++] = w;
    }
    qsort(words, n, sizeof(*words), word_cmp);
    return n;
}

/* The same words in another order ("wal_max_senders" for max_wal_senders): a slip of order, not
 * another parameter, when there are two or more. */
static bool words_reordered(const char *name, const char *cand)
{
    char buf_a[SUGGEST_MAX_LEN + 1], buf_b[SUGGEST_MAX_LEN + 1];
    char *wa[8], *wb[8];
    if (strlen(name) != strlen(cand) || strlen(name) > SUGGEST_MAX_LEN || !strcasecmp(name, cand))
        return false;
    size_t na = sorted_words(name, buf_a, sizeof(buf_a), wa, 8);
    size_t nb = sorted_words(cand, buf_b, sizeof(buf_b), wb, 8);
    if (na < 2 || na != nb)
        return false;
    for (size_t idx = 0; idx < na; idx++)
        if (strcmp(wa[idx], wb[idx]))
            return false;
    return true;
}

/* The same words, some shortened ("log_collector" for logging_collector, "max_conn" for
 * max_connections): each word of `name` begins the word of `cand` in its place, one at least
 * shortened to three letters or more. */
static bool words_abbreviated(const char *name, const char *cand)
{
    size_t shortened = 0, words = 0;
    for (;;) {
        size_t ln = strcspn(name, "_"), lc = strcspn(cand, "_");
        if (!ln || ln > lc || strncasecmp(name, cand, ln))
            return false;
        if (ln < lc) {
            if (ln < 3)
                return false;
            shortened++;
        }
        words++;
        name += ln;
        cand += lc;
        if (!*name || !*cand)
            return !*name && !*cand && shortened && words >= 2;
        name++;
        cand++;
    }
}

/* One whole word of `cand` left out, the rest in order ("autovacuum_cost_limit" for
 * autovacuum_vacuum_cost_limit: held-out set 55, h55a 02, called spelt like nothing), for a name
 * of two words or more. */
static bool word_dropped(const char *name, const char *cand)
{
    size_t words = 0;
    bool skipped = false;
    while (*name && *cand) {
        size_t ln = strcspn(name, "_"), lc = strcspn(cand, "_");
        if (ln == lc && !strncasecmp(name, cand, ln)) {
            name += ln + (name[ln] == '_');
            words++;
        } else if (skipped) {
            return false;
        } else {
            skipped = true;
        }
        cand += lc + (cand[lc] == '_');
    }
    if (!*name && *cand && !skipped) { /* the last word left out */
        skipped = true;
        cand += strcspn(cand, "_");
    }
    return !*name && !*cand && skipped && words >= 2;
}

const char *catalog_suggest(const Catalog *cat, const char *name)
{
    if (!cat || !name || !*name || catalog_find(cat, name))
        return NULL;
    const char *best = NULL, *prefix = NULL, *word_match = NULL, *reordered = NULL;
    const char *abbreviated = NULL, *dropped = NULL;
    size_t n_abbreviated = 0, n_dropped = 0;
    size_t name_len = strlen(name);
    int best_dist = typo_budget(name_len) + 1;
    for (size_t idx = 0; idx < cat->n_params; idx++) {
        const char *cand = cat->params[idx].name;
        /* the distance is at least the difference in length: most candidates need no table
         * (the full computation was 90% of a 1,000-file batch with unknown names) */
        size_t cand_len = strlen(cand);
        size_t gap = cand_len > name_len ? cand_len - name_len : name_len - cand_len;
        int dist =
            gap >= (size_t)best_dist ? best_dist : edit_distance_within(name, cand, best_dist);
        if (dist < best_dist && !words_swapped(name, cand)) {
            best_dist = dist;
            best = cand;
        }
        if (prefix_of(cand, name) && (!prefix || strlen(cand) > strlen(prefix)))
            prefix = cand;
        if (word_run_of(name, cand) && (!word_match || strlen(cand) < strlen(word_match)))
            word_match = cand;
        if (!reordered && words_reordered(name, cand))
            reordered = cand;
        if (words_abbreviated(name, cand)) {
            abbreviated = cand;
            n_abbreviated++;
        }
        if (word_dropped(name, cand)) {
            dropped = cand;
            n_dropped++;
        }
    }
    /* an abbreviation two parameters share names neither */
    if (n_abbreviated != 1)
        abbreviated = NULL;
    if (n_dropped != 1) /* nor a word two parameters could have lost */
        dropped = NULL;
    return best          ? best
           : reordered   ? reordered
           : abbreviated ? abbreviated
           : dropped     ? dropped
           : prefix      ? prefix
                         : word_match;
}

const char *catalog_suggest_word(const char *const *names, size_t n_names, const char *word)
{
    if (!word || !*word)
        return NULL;
    const char *best = NULL;
    int best_dist = typo_budget(strlen(word)) + 1;
    for (size_t idx = 0; idx < n_names; idx++) {
        int dist = edit_distance_within(word, names[idx], INT_MAX);
        if (dist < best_dist || (!best && prefix_of(word, names[idx]))) {
            best_dist = dist;
            best = names[idx];
        }
    }
    return best;
}

/* ---- names of enums ------------------------------------------------------------------------- */

typedef struct BuildDependentValue {
    const char *param;
    const char *value;
    int since_major;
    const char *requirement;
    bool platform; /* the requirement is the operating system, not an optional library */
} BuildDependentValue;

static const BuildDependentValue build_dependent_values[] = {
    {"default_toast_compression", "lz4", 14, "lz4 (configure --with-lz4)", false},
    {"io_method", "io_uring", 18, "liburing (configure --with-liburing)", false},
    {"wal_compression", "lz4", 15, "lz4 (configure --with-lz4)", false},
    {"wal_compression", "zstd", 15, "zstd (configure --with-zstd)", false},
    /* the servers list these only under #ifdef USE_DSM_WINDOWS (dsm_impl.c), WIN32
     * (shared_memory_options) and HAVE_FSYNC_WRITETHROUGH (xlog.c; port/win32.h and
     * port/darwin.h define it) */
    {"dynamic_shared_memory_type", "windows", 13, "Windows", true},
    {"shared_memory_type", "windows", 13, "Windows", true},
    {"wal_sync_method", "fsync_writethrough", 13, "Windows or macOS", true},
};

bool catalog_platform_dependent(int major, const char *param, const char *value)
{
    for (size_t row = 0; row < sizeof(build_dependent_values) / sizeof(build_dependent_values[0]);
         row++) {
        const BuildDependentValue *bdv = &build_dependent_values[row];
        if (major >= bdv->since_major && name_equal(param, bdv->param) &&
            name_equal(value, bdv->value))
            return bdv->platform;
    }
    return false;
}

const char *catalog_build_dependent(int major, const char *param, const char *value,
                                    const char **canonical)
{
    for (size_t row = 0; row < sizeof(build_dependent_values) / sizeof(build_dependent_values[0]);
         row++) {
        const BuildDependentValue *bdv = &build_dependent_values[row];
        if (major >= bdv->since_major && name_equal(param, bdv->param) &&
            name_equal(value, bdv->value)) {
            if (canonical)
                *canonical = bdv->value;
            return bdv->requirement;
        }
    }
    return NULL;
}

const char *catalog_context_name(GucContext ctx)
{
    switch (ctx) {
    case GUC_CTX_INTERNAL: return "internal";
    case GUC_CTX_POSTMASTER: return "postmaster";
    case GUC_CTX_SIGHUP: return "sighup";
    case GUC_CTX_SUPERUSER_BACKEND: return "superuser-backend";
    case GUC_CTX_BACKEND: return "backend";
    case GUC_CTX_SUPERUSER: return "superuser";
    case GUC_CTX_USER: return "user";
    }
    return "unknown";
}

bool catalog_context_needs_restart(GucContext ctx)
{
    return ctx == GUC_CTX_POSTMASTER;
}

const char *catalog_context_applies(GucContext ctx)
{
    return catalog_context_needs_restart(ctx) ? "restart" : "reload";
}

const char *catalog_type_name(GucType type)
{
    switch (type) {
    case GUC_BOOL: return "bool";
    case GUC_INTEGER: return "integer";
    case GUC_REAL: return "real";
    case GUC_STRING: return "string";
    case GUC_ENUM: return "enum";
    }
    return "unknown";
}

bool catalog_is_quoted_list(int major, const char *name)
{
    static const struct {
        const char *name;
        int since;
    } lists[] = {
        {"local_preload_libraries", 13},
        {"oauth_validator_libraries", 18},
        {"search_path", 13},
        {"session_preload_libraries", 13},
        {"shared_preload_libraries", 13},
        {"temp_tablespaces", 13},
        {"unix_socket_directories", 14},
    };
    for (size_t idx = 0; idx < sizeof(lists) / sizeof(lists[0]); idx++)
        if (name_equal(lists[idx].name, name))
            return major >= lists[idx].since;
    return false;
}
