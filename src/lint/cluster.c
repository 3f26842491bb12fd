#include "lint/cluster.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/strbuf.h"
#include "common/xalloc.h"
#include "lint/validate.h"
#include "model/finding_ids.h"

#define HOT_STANDBY_DOC "https://www.postgresql.org/docs/current/hot-standby.html#HOT-STANDBY-ADMIN"

/* The parameters a hot standby needs at least as high as the primary's (the primary writes them
 * into the WAL and pg_control; the standby compares at startup). */
static const char *const replica_minimums[] = {"max_connections", "max_worker_processes",
                                               "max_wal_senders", "max_prepared_transactions",
                                               "max_locks_per_transaction"};

static Finding *cluster_finding(FindingList *out, const char *id, const LintInput *at,
                                const SnapSetting *s)
{
    Finding *f = finding_raise(out, id, NULL);
    const char *file = s && s->file ? s->file : at->set.n_files ? at->set.files[0] : at->path;
    f->file = finding_strdup(f, file);
    f->line = s && s->file ? s->line : 0;
    if (s)
        finding_add_setting(f, s->name, s->value, s->file, s->line);
    finding_add_link(f, HOT_STANDBY_DOC);
    return f;
}

static bool number_of(const Snapshot *snap, const char *name, double *out)
{
    const SnapSetting *s = snapshot_get(snap, name);
    if (!s || !s->parsed_ok)
        return false;
    *out = s->parsed.num;
    return true;
}

static bool bool_of(const Snapshot *snap, const char *name, bool dflt)
{
    const SnapSetting *s = snapshot_get(snap, name);
    return s && s->parsed_ok ? s->parsed.boolval : dflt;
}

static const char *enum_of(const Snapshot *snap, const char *name)
{
    const SnapSetting *s = snapshot_get(snap, name);
    return s && s->parsed_ok && s->parsed.enum_val ? s->parsed.enum_val : "";
}

static void check_minimums(const LintInput *primary, const LintInput *standby, FindingList *out)
{
    if (!bool_of(&standby->snap, "hot_standby", true))
        return; /* the server compares only when it would allow queries */
    for (size_t idx = 0; idx < sizeof(replica_minimums) / sizeof(replica_minimums[0]); idx++) {
        const char *name = replica_minimums[idx];
        double on_primary, on_standby;
        if (!number_of(&primary->snap, name, &on_primary) ||
            !number_of(&standby->snap, name, &on_standby) || on_standby >= on_primary)
            continue;
        Finding *f = cluster_finding(out, "PK0080", standby, snapshot_get(&standby->snap, name));
        f->refuses_start = true;
        /* the server's own words, which changed in 14 (recovery pauses or aborts since) */
        if (standby->pg_major <= 13)
            f->message = finding_printf(f,
                                        "hot standby is not possible because %s = %.0f is a lower "
                                        "setting than on the master server (its value was %.0f)",
                                        name, on_standby, on_primary);
        else
            f->message =
                finding_printf(f,
                               "recovery aborted because of insufficient parameter settings: "
                               "%s = %.0f is a lower setting than on the primary server, "
                               "where its value was %.0f",
                               name, on_standby, on_primary);
        f->hint = finding_printf(f,
                                 "set %s to at least %.0f on the standby (%s), or lower it on the "
                                 "primary first and restart the primary before the standbys",
                                 name, on_primary, standby->path);
        char *value = xasprintf("%.0f", on_primary);
        finding_add_fix(f, name, value, "restart");
        free(value);
        const SnapSetting *p = snapshot_get(&primary->snap, name);
        if (p && p->file)
            finding_add_setting(f, p->name, p->value, p->file, p->line);
    }
}

static void check_wal_level(const LintInput *primary, size_t n_standbys, FindingList *out)
{
    if (!n_standbys || strcmp(enum_of(&primary->snap, "wal_level"), "minimal"))
        return;
    Finding *f = cluster_finding(out, "PK0081", primary, snapshot_get(&primary->snap, "wal_level"));
    f->refuses_start = true;
    f->message =
        finding_printf(f,
                       "wal_level = minimal on the primary with %zu standby%s: a standby "
                       "cannot be made (pg_basebackup needs max_wal_senders, which minimal "
                       "forbids) and one made earlier refuses to start (\"hot standby is not "
                       "possible because wal_level was not set to \\\"replica\\\" or higher "
                       "on the primary server\")",
                       n_standbys, n_standbys == 1 ? "" : "s");
    f->hint =
        finding_strdup(f, "set wal_level = replica (or logical) on the primary and restart it");
    finding_add_fix(f, "wal_level", "replica", "restart");
}

/* The name a standby's walreceiver reports: application_name in primary_conninfo, else
 * cluster_name, else "walreceiver" (as the server chooses it). */
static char *standby_name(const LintInput *standby)
{
    const SnapSetting *ci = snapshot_get(&standby->snap, "primary_conninfo");
    if (ci && ci->value) {
        const char *p = strstr(ci->value, "application_name=");
        if (p) {
            p += strlen("application_name=");
            char quote = *p == '\'' ? *p++ : 0;
            size_t len = quote ? strcspn(p, "'") : strcspn(p, " \t");
            return xstrndup(p, len);
        }
    }
    const SnapSetting *cn = snapshot_get(&standby->snap, "cluster_name");
    if (cn && cn->value && *cn->value)
        return xstrdup(cn->value);
    return xstrdup("walreceiver");
}

/* Does the synchronous_standby_names list name `who` (case-insensitively, "*" for any)? The
 * syntax: [FIRST|ANY] N (a, b, …) or a plain list. */
static bool names_standby(const char *list, const char *who)
{
    const char *p = strchr(list, '(');
    p = p ? p + 1 : list;
    while (*p) {
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        const char *start = p;
        bool quoted = *p == '"';
        if (quoted) {
            start = ++p;
            while (*p && *p != '"')
                p++;
        } else {
            while (*p && *p != ',' && *p != ')' && !isspace((unsigned char)*p))
                p++;
        }
        size_t len = (size_t)(p - start);
        if (len == 1 && *start == '*')
            return true;
        if (len && len == strlen(who) && !strncasecmp(start, who, len))
            return true;
        if (quoted && *p)
            p++;
        if (*p == ')')
            break;
        if (*p && !isspace((unsigned char)*p) && *p != ',')
            p++;
    }
    return false;
}

static void check_sync_names(const LintResult *res, FindingList *out)
{
    const LintInput *primary = &res->inputs[0];
    const SnapSetting *s = snapshot_get(&primary->snap, "synchronous_standby_names");
    if (!s || !s->value || !*s->value || res->n_inputs < 2)
        return;
    StrBuf names = STRBUF_INIT;
    for (size_t idx = 1; idx < res->n_inputs; idx++) {
        char *who = standby_name(&res->inputs[idx]);
        bool hit = names_standby(s->value, who);
        sb_printf(&names, "%s%s", idx > 1 ? ", " : "", who);
        free(who);
        if (hit) {
            sb_free(&names);
            return;
        }
    }
    Finding *f = cluster_finding(out, "PK0082", primary, s);
    f->message = finding_printf(f,
                                "synchronous_standby_names = '%s' names none of the standbys (they "
                                "connect as %s): every commit waits for a synchronous standby that "
                                "never confirms",
                                s->value, sb_str(&names));
    f->hint = finding_strdup(f, "name the standbys as their application_name (primary_conninfo) or "
                                "cluster_name says, or leave synchronous_standby_names empty");
    sb_free(&names);
}

static void check_feedback(const LintInput *standby, FindingList *out)
{
    bool feedback = bool_of(&standby->snap, "hot_standby_feedback", false);
    static const char *const delays[] = {"max_standby_streaming_delay",
                                         "max_standby_archive_delay"};
    for (size_t idx = 0; idx < 2; idx++) {
        double delay;
        if (!number_of(&standby->snap, delays[idx], &delay))
            continue;
        const SnapSetting *s = snapshot_get(&standby->snap, delays[idx]);
        if (feedback && delay < 0) {
            Finding *f = cluster_finding(out, "PK0083", standby, s);
            f->message =
                finding_printf(f,
                               "hot_standby_feedback = on with %s = -1: the primary keeps "
                               "the rows the standby's queries need, and replay also waits "
                               "for them without limit, so the standby can fall behind "
                               "without bound",
                               delays[idx]);
            f->hint = finding_printf(f, "give %s a limit (30s is the default)", delays[idx]);
        }
    }
}

void lint_cluster(const LintResult *res, FindingList *out)
{
    if (res->n_inputs < 2)
        return;
    const LintInput *primary = &res->inputs[0];
    for (size_t idx = 1; idx < res->n_inputs; idx++) {
        check_minimums(primary, &res->inputs[idx], out);
        check_feedback(&res->inputs[idx], out);
    }
    check_wal_level(primary, res->n_inputs - 1, out);
    check_sync_names(res, out);
}
