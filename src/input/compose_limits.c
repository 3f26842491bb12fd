/* The memory and CPUs of the compose service that mounts a postgresql.conf. Compose reads
 * `deploy.resources.limits` (the Compose Specification's deploy section) and the older service
 * keys `mem_limit` and `cpus`; either caps the container the server runs in. */
#include "input/compose_limits.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <yaml.h>

#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "input/compose_env.h"
#include "input/input_intern.h"

double compose_bytes(const char *text)
{
    const char *p = text;
    if (!isdigit((unsigned char)*p))
        return -1;
    char *end;
    double v = strtod(p, &end);
    if (end == p || !isfinite(v) || v < 0 || *end == 'e' || *end == 'E')
        return -1;
    p = end;
    if (*p == ' ')
        p++;
    double mul = 1;
    static const char units[] = "kmgtp";
    const char *unit = *p ? strchr(units, tolower((unsigned char)*p)) : NULL;
    if (unit) {
        for (const char *u = units; u <= unit; u++)
            mul *= 1024;
        p++;
    }
    if (*p == 'i' || *p == 'I')
        p++;
    if (*p == 'b' || *p == 'B')
        p++;
    return *p ? -1 : v * mul;
}

static char *scalar_text(const yaml_node_t *node)
{
    if (!node || node->type != YAML_SCALAR_NODE)
        return NULL;
    return xstrndup((const char *)node->data.scalar.value, node->data.scalar.length);
}

/* A bind source that opens with a variable left unfilled (`${APP_DIR}/docker/postgresql.conf`,
 * `$PWD/conf`): a directory of the deployment's, most often the project's own, so the rest is
 * read from the compose file's directory, where a file of that path exists (review 2026-12zo,
 * h53a 01: "none runs this file" of a postgresql.conf mounted over PGDATA's so). NULL otherwise. */
static const char *after_directory_variable(const char *source)
{
    if (source[0] != '$')
        return NULL;
    const char *p = source + 1;
    bool braced = *p == '{';
    p += braced;
    size_t name = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
    if (!name || (braced && p[name] != '}'))
        return NULL;
    p += name + braced;
    return *p == '/' ? p + 1 : NULL;
}

/* Does the bind source `source` (as written in `compose`, relative to its directory) name
 * `target` (a real path), or a directory holding it? */
static int source_names(const char *compose_dir, const char *source, const char *target)
{
    const char *rest = after_directory_variable(source);
    if (rest)
        source = rest;
    /* a relative host path starts with . or ..; anything else without a / is a named volume,
     * and an absolute path is the host's, not the checkout's */
    else if (strncmp(source, "./", 2) && strncmp(source, "../", 3) && strcmp(source, ".") &&
             strcmp(source, ".."))
        return 0;
    char joined[PATH_MAX], real[PATH_MAX];
    if (snprintf(joined, sizeof joined, "%s/%s", compose_dir, source) >= (int)sizeof joined ||
        !realpath(joined, real))
        return 0;
    if (!strcmp(real, target))
        return 1; /* the file itself */
    size_t n = strlen(real);
    return !strncmp(real, target, n) && target[n] == '/' ? 2 : 0; /* a directory above it */
}

/* The path of `target` below the directory the bind source `source` names (source_names 2). */
static char *path_below(const char *compose_dir, const char *source, const char *target)
{
    const char *rest = after_directory_variable(source);
    source = rest ? rest : source;
    char joined[PATH_MAX], real[PATH_MAX];
    if (snprintf(joined, sizeof joined, "%s/%s", compose_dir, source) >= (int)sizeof joined ||
        !realpath(joined, real))
        return NULL;
    size_t n = strlen(real);
    return !strncmp(real, target, n) && target[n] == '/' ? xstrdup(target + n + 1) : NULL;
}

/* The bind source of one `volumes` item: "./conf/postgresql.conf:/etc/postgresql/…:ro", or the
 * long syntax's `source`. */
static char *volume_source(yaml_document_t *doc, yaml_node_t *item)
{
    if (item->type == YAML_MAPPING_NODE)
        return scalar_text(input_yaml_member(doc, item, "source"));
    char *text = scalar_text(item);
    if (!text)
        return NULL;
    char *colon = strchr(text, ':');
    if (!colon) { /* a container path alone is an anonymous volume */
        free(text);
        return NULL;
    }
    *colon = '\0';
    return text;
}

/* Does the service's command or entrypoint name config_file? */
static bool names_config_file(yaml_document_t *doc, yaml_node_t *service)
{
    static const char *const keys[] = {"command", "entrypoint"};
    for (size_t k = 0; k < 2; k++) {
        yaml_node_t *node = input_yaml_member(doc, service, keys[k]);
        if (!node)
            continue;
        if (node->type == YAML_SCALAR_NODE) {
            char *text = scalar_text(node);
            bool hit = strstr(text, "config_file") != NULL;
            free(text);
            if (hit)
                return true;
        } else if (node->type == YAML_SEQUENCE_NODE) {
            for (yaml_node_item_t *it = node->data.sequence.items.start;
                 it < node->data.sequence.items.top; it++) {
                char *text = scalar_text(yaml_document_get_node(doc, *it));
                bool hit = text && strstr(text, "config_file");
                free(text);
                if (hit)
                    return true;
            }
        }
    }
    return false;
}

/* Does the service's command or entrypoint run a program other than the image's postgres (a
 * script, a shell): it may give the server any setting, as SpectraStrike's
 * start-postgres-tls.sh gives hba_file (held-out set 37, 25), so what the server reads is not
 * judged. The image's own entrypoint, `postgres` and bare flags (`-c …`, which the entrypoint
 * hands to postgres) are the server's. */
static bool runs_other_program(yaml_document_t *doc, yaml_node_t *service)
{
    static const char *const keys[] = {"entrypoint", "command"};
    for (size_t k = 0; k < 2; k++) {
        yaml_node_t *node = input_yaml_member(doc, service, keys[k]);
        if (node && node->type == YAML_SEQUENCE_NODE)
            node = node->data.sequence.items.start < node->data.sequence.items.top
                       ? yaml_document_get_node(doc, *node->data.sequence.items.start)
                       : NULL;
        char *text = node ? scalar_text(node) : NULL;
        const char *word = text;
        while (word && isspace((unsigned char)*word))
            word++;
        size_t len = word ? strcspn(word, " \t\n") : 0;
        const char *base = word;
        for (const char *p = word; p && p < word + len; p++)
            if (*p == '/')
                base = p + 1;
        size_t base_len = word ? len - (size_t)(base - word) : 0;
        bool other = len && *word != '-' && !(base_len == 8 && !strncmp(base, "postgres", 8)) &&
                     !(base_len == 20 && !strncmp(base, "docker-entrypoint.sh", 20));
        free(text);
        if (other)
            return true;
    }
    return false;
}

/* The container path of one `volumes` item ("./a.conf:/etc/postgresql/postgresql.conf:ro", the
 * long syntax's `target`), or NULL. */
static char *volume_target(yaml_document_t *doc, yaml_node_t *item)
{
    if (item->type == YAML_MAPPING_NODE)
        return scalar_text(input_yaml_member(doc, item, "target"));
    char *text = scalar_text(item);
    char *colon = text ? strchr(text, ':') : NULL;
    if (!colon) {
        free(text);
        return NULL;
    }
    char *dst = xstrdup(colon + 1);
    char *mode = strchr(dst, ':');
    if (mode)
        *mode = '\0';
    free(text);
    return dst;
}

/* The service's bind mounts of paths in the checkout (a source starting ./ or ../ that exists
 * here) into out->binds. */
static void service_binds(yaml_document_t *doc, yaml_node_t *service, const char *compose_dir,
                          ComposeLimits *out)
{
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    if (!volumes || volumes->type != YAML_SEQUENCE_NODE)
        return;
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        char *source = item ? volume_source(doc, item) : NULL;
        char *target = item ? volume_target(doc, item) : NULL;
        char joined[PATH_MAX], real[PATH_MAX];
        if (source && target && target[0] == '/' &&
            (!strncmp(source, "./", 2) || !strncmp(source, "../", 3) || !strcmp(source, ".")) &&
            snprintf(joined, sizeof joined, "%s/%s", compose_dir, source) < (int)sizeof joined &&
            realpath(joined, real)) {
            out->binds = xrealloc(out->binds, (out->n_binds + 1) * sizeof *out->binds);
            out->binds[out->n_binds++] = (struct ComposeBind){target, xstrdup(real)};
            target = NULL;
        }
        free(source);
        free(target);
    }
}

/* Is `path` the directory `dir` or inside it? */
static bool under_dir(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return !strncmp(path, dir, n) && (path[n] == '/' || !path[n]);
}

/* The value the service's `environment` gives `name` (a mapping's or a list's NAME=value; NULL
 * for a bare NAME or one with no value), with its line in *line (when not NULL); false when it
 * names none. The caller frees *value. */
static bool service_env(yaml_document_t *doc, yaml_node_t *service, const char *name, char **value,
                        int *line)
{
    yaml_node_t *env = input_yaml_member(doc, service, "environment");
    size_t len = strlen(name);
    *value = NULL;
    if (env && env->type == YAML_MAPPING_NODE) {
        yaml_node_t *node = input_yaml_member(doc, env, name);
        if (!node)
            return false;
        *value = scalar_text(node);
        if (line)
            *line = (int)node->start_mark.line + 1;
        return true;
    }
    if (!env || env->type != YAML_SEQUENCE_NODE)
        return false;
    for (yaml_node_item_t *it = env->data.sequence.items.start; it < env->data.sequence.items.top;
         it++) {
        yaml_node_t *node = yaml_document_get_node(doc, *it);
        char *text = scalar_text(node);
        bool named = text && !strncmp(text, name, len) && (text[len] == '=' || !text[len]);
        if (named) {
            *value = text[len] == '=' ? xstrdup(text + len + 1) : NULL;
            if (line)
                *line = (int)node->start_mark.line + 1;
        }
        free(text);
        if (named)
            return true;
    }
    return false;
}

/* The service's PGDATA as its `environment` sets it (trailing slashes cut): NULL with *set true
 * when it is set to what pgknob cannot read (a ${VAR}, no value, not absolute); NULL with *set
 * false when unset. The caller frees it. */
static char *service_pgdata(yaml_document_t *doc, yaml_node_t *service, bool *set)
{
    char *pgdata = NULL;
    *set = service_env(doc, service, "PGDATA", &pgdata, NULL);
    size_t n = pgdata ? strlen(pgdata) : 0;
    while (n > 1 && pgdata[n - 1] == '/')
        pgdata[--n] = '\0';
    if (pgdata && (pgdata[0] != '/' || strchr(pgdata, '$'))) {
        free(pgdata);
        pgdata = NULL;
    }
    return pgdata;
}

/* Does a script at `path` (a file) name the configuration: its container path `dst`, its
 * file name, or config_file? Unreadable: it may. */
static bool script_names_file(const char *path, const char *dst)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, 256 * 1024, &data, &len, &err) != PK_READ_OK)
        return true;
    const char *base = strrchr(dst, '/');
    base = base ? base + 1 : dst;
    /* or its directory, or an include of one (`include_dir = '/etc/postgresql/conf.d'`
     * appended to the data directory's file) */
    char *dir = xstrndup(dst, base > dst ? (size_t)(base - dst - 1) : 0);
    bool names = strstr(data, dst) || (*base && strstr(data, base)) ||
                 strstr(data, "config_file") || strstr(data, "include") ||
                 (*dir && strcmp(dir, "/") && strstr(data, dir));
    free(dir);
    free(data);
    return names;
}

/* The path here of a bind mount's `source` relative to the compose file `compose` ("./x",
 * "../x"), into `path`; false for a named volume, a host path or a path too long. */
static bool bind_source_path(const char *compose, const char *source, char path[PATH_MAX])
{
    if (strncmp(source, "./", 2) && strncmp(source, "../", 3))
        return false;
    const char *slash = strrchr(compose, '/');
    return snprintf(path, PATH_MAX, "%.*s/%s", slash ? (int)(slash - compose) : 1,
                    slash ? compose : ".", source) < PATH_MAX;
}

/* Does the script bind-mounted from `source` (relative to the compose file `compose`) write
 * `dst`, the configuration's own path in the container? */
static bool mounted_script_names(const char *compose, const char *source, const char *dst)
{
    char path[PATH_MAX];
    if (!bind_source_path(compose, source, path))
        return false;
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, 256 * 1024, &data, &len, &err) != PK_READ_OK)
        return false;
    bool names = strstr(data, dst) != NULL;
    free(data);
    return names;
}

/* May the init scripts bind-mounted from `source` (relative to the compose file `compose`) copy
 * the configuration mounted at `dst`? A script that names it may; scripts of the checkout that
 * never name it cannot; a source outside the checkout (a named volume, a host path) or one
 * pgknob cannot read may. SQL files are skipped: they copy nothing. */
static bool init_scripts_may_copy(const char *compose, const char *source, const char *dst)
{
    char path[PATH_MAX];
    if (!bind_source_path(compose, source, path))
        return true;
    const char *slash = strrchr(compose, '/');
    struct stat st;
    if (stat(path, &st) != 0) {
        /* absent from a checkout, Docker mounts an empty directory: the repository ships no
         * script there (review 2026-12zo, h56a 07: init/ held only a git-ignored .sql file).
         * Outside one, its scripts may simply not have been copied along. */
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - compose) : 1,
                 slash ? compose : ".");
        return !input_in_checkout(dir);
    }
    if (S_ISREG(st.st_mode))
        return script_names_file(path, dst);
    DIR *dir = opendir(path);
    if (!dir)
        return true;
    bool may = false;
    int seen = 0;
    for (struct dirent *e = readdir(dir); e && !may; e = readdir(dir)) {
        size_t n = strlen(e->d_name);
        if (e->d_name[0] == '.' || (n > 4 && !strcmp(e->d_name + n - 4, ".sql")) ||
            (n > 7 && !strcmp(e->d_name + n - 7, ".sql.gz")))
            continue;
        char file[PATH_MAX];
        if (++seen > 64 ||
            snprintf(file, sizeof file, "%s/%s", path, e->d_name) >= (int)sizeof file)
            may = true;
        else if (stat(file, &st) == 0 && S_ISREG(st.st_mode))
            may = script_names_file(file, dst);
    }
    closedir(dir);
    return may;
}

/* May an init script the service mounts (a file or a directory of them under
 * docker-entrypoint-initdb.d) copy the file mounted at `dst` into the data directory (held-out
 * set 31's culper: postgres-configure.sh beside /srv/postgresql.conf)? SQL files cannot, nor
 * scripts of the checkout that never name the file (review 2026-12zg, h36a 03: a script that
 * only creates databases). */
static bool mounted_script_may_copy(yaml_document_t *doc, yaml_node_t *service, const char *compose,
                                    const char *dst)
{
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    if (!volumes || volumes->type != YAML_SEQUENCE_NODE)
        return false;
    bool may = false;
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         !may && it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *vol = yaml_document_get_node(doc, *it);
        char *to = vol ? volume_target(doc, vol) : NULL;
        size_t n = to ? strlen(to) : 0;
        if (to && strstr(to, "docker-entrypoint-initdb.d") &&
            !(n > 4 && !strcmp(to + n - 4, ".sql")) && !(n > 7 && !strcmp(to + n - 7, ".sql.gz"))) {
            char *from = volume_source(doc, vol);
            may = !from || init_scripts_may_copy(compose, from, dst);
            free(from);
        } else if (to && n > 3 && !strcmp(to + n - 3, ".sh")) {
            /* a script mounted elsewhere runs when someone runs it (docker exec, a Makefile):
             * one of the checkout that writes the file's own container path copies it
             * (held-out set 58, 05: /tmp/psrun.sh's `cp /tmp/postgresql.conf
             * /var/lib/postgresql/data` and a restart, called unread) */
            char *from = volume_source(doc, vol);
            may = from && mounted_script_names(compose, from, dst);
            free(from);
        }
        free(to);
    }
    return may;
}

/* Does the service run the official PostgreSQL image or one built on it with its entrypoint
 * and CMD (postgis/postgis, pgvector/pgvector, timescale/timescaledb, citusdata/citus), whose
 * server reads $PGDATA/postgresql.conf unless told otherwise? Another image named for
 * PostgreSQL may run its own command (held-out set 43, h43a 06: Immich's image, whose CMD names
 * config_file, called unread). */
static bool postgres_image(yaml_document_t *doc, yaml_node_t *service)
{
    char *image = scalar_text(input_yaml_member(doc, service, "image"));
    bool official = image && input_official_postgres_image(image);
    free(image);
    return official;
}

bool input_in_checkout(const char *dir)
{
    return input_in_checkout_within(dir, 3);
}

bool input_in_checkout_within(const char *dir, int levels)
{
    char up[PATH_MAX], git[PATH_MAX];
    struct stat st;
    snprintf(up, sizeof up, "%s", dir);
    for (int level = 0; level <= levels && *up; level++) {
        if (snprintf(git, sizeof git, "%s/.git", up) < (int)sizeof git && stat(git, &st) == 0)
            return true;
        char *cut = strrchr(up, '/');
        if (!cut)
            break;
        *cut = '\0';
    }
    return false;
}

/* Is `written` an image of one of the repositories `names` (NULL-terminated), whatever its
 * registry (a first part naming a host: quay.io/, docker.io/), the official namespace, tag and
 * digest? */
static bool image_of_repository(const char *written, const char *const *names)
{
    char *image = xstrdup(written);
    char *repo = image;
    const char *slash = strchr(repo, '/');
    if (slash && (memchr(repo, '.', (size_t)(slash - repo)) ||
                  memchr(repo, ':', (size_t)(slash - repo)) || !strncmp(repo, "localhost/", 10)))
        repo += slash - repo + 1;
    if (!strncmp(repo, "library/", 8))
        repo += 8;
    repo[strcspn(repo, ":@")] = '\0';
    bool found = false;
    for (const char *const *name = names; *name && !found; name++)
        found = !strcmp(repo, *name);
    free(image);
    return found;
}

bool input_official_postgres_image(const char *written)
{
    /* images built FROM the official one, with its entrypoint (debezium/postgres adds its
     * decoderbufs and its own postgresql.conf.sample: held-out set 46, h46a 06) */
    static const char *const lineage[] = {"postgres",
                                          "postgis/postgis",
                                          "pgvector/pgvector",
                                          "ankane/pgvector",
                                          "timescale/timescaledb",
                                          "citusdata/citus",
                                          "debezium/postgres",
                                          NULL};
    return image_of_repository(written, lineage);
}

bool input_timescaledb_image(const char *written)
{
    static const char *const timescale[] = {"timescale/timescaledb", NULL};
    return image_of_repository(written, timescale);
}

/* The PostgreSQL major the service's image tag names (postgres:16.2-alpine, postgis:18-3.6,
 * pgvector:pg18, timescaledb:2.17.2-pg17), 0 when it names none (latest, alpine, a digest, no
 * image) or names another program's version (citusdata/citus:13.0 is Citus's). */
int input_image_tag_major(const char *image)
{
    static const char *const citus[] = {"citusdata/citus", NULL};
    const char *tag = image && !strchr(image, '@') ? strrchr(image, ':') : NULL;
    if (tag && strchr(tag, '/'))
        tag = NULL; /* a registry's port, not a tag */
    /* a leading number below 9 is another program's version (timescaledb:2.17.2-pg17) */
    int major = tag && isdigit((unsigned char)tag[1]) ? atoi(tag + 1) : 0;
    if (tag && major < 9 && strstr(tag, "pg") && isdigit((unsigned char)strstr(tag, "pg")[2]))
        major = atoi(strstr(tag, "pg") + 2);
    if (image && image_of_repository(image, citus))
        major = 0;
    return major >= 9 && major < 100 ? major : 0;
}

static int service_tag_major(yaml_document_t *doc, yaml_node_t *service)
{
    char *image = scalar_text(input_yaml_member(doc, service, "image"));
    int major = input_image_tag_major(image);
    free(image);
    return major;
}

/* Images whose postgresql.conf.sample preloads their own libraries, so the file initdb writes
 * from it does, and a `-c shared_preload_libraries` replaces them (held-out set 58, h58c 33;
 * set 61, h61c 34 and 42): Citus's Dockerfiles append shared_preload_libraries='citus'
 * (citusdata/docker); TimescaleDB's HA image seds 'timescaledb' in, and from 2026-03-04 adds
 * pg_textsearch for 17 and later (timescale/timescaledb-docker-ha's Dockerfile, 0fb38a2).
 * initdb's shared_buffers = 128MB holds for them as for the official image. */
static const char *const citus_image_defaults[] = {"shared_buffers", "128MB",
                                                   "shared_preload_libraries", "citus", NULL};
static const char *const timescaledb_ha_defaults[] = {
    "shared_buffers", "128MB", "shared_preload_libraries", "timescaledb", NULL};
static const char *const timescaledb_ha17_defaults[] = {
    "shared_buffers", "128MB", "shared_preload_libraries", "timescaledb,pg_textsearch", NULL};

const char *const *input_image_preload_defaults(const char *image, const char **name)
{
    static const char *const citus[] = {"citusdata/citus", NULL};
    static const char *const ha[] = {"timescale/timescaledb-ha", NULL};
    if (image && image_of_repository(image, citus)) {
        *name = "the citusdata/citus image";
        return citus_image_defaults;
    }
    if (image && image_of_repository(image, ha)) {
        *name = "the timescale/timescaledb-ha image";
        return input_image_tag_major(image) >= 17 ? timescaledb_ha17_defaults
                                                  : timescaledb_ha_defaults;
    }
    return NULL;
}

/* The official image's data directory for `major`: /var/lib/postgresql/data up to 17,
 * /var/lib/postgresql/MAJOR/docker from 18 (docker-library/postgres's Dockerfiles: "in 18+,
 * PGDATA has changed to match the pg_ctlcluster standard directory structure"); NULL for 0, a
 * major the tag does not name. */
static const char *image_data_dir(int major, char *buf, size_t cap)
{
    if (major >= 18) {
        snprintf(buf, cap, "/var/lib/postgresql/%d/docker", major);
        return buf;
    }
    return major ? "/var/lib/postgresql/data" : NULL;
}

/* A bind mount of the file itself into a PostgreSQL image's service whose server never reads it:
 * the official image's server reads $PGDATA/postgresql.conf (/var/lib/postgresql/data unless
 * the service sets PGDATA) and initdb copies /usr/share/postgresql/postgresql.conf.sample, so a
 * file mounted anywhere else is read only when the command names config_file (held-out set 31,
 * h31b 14, h31c 28, 29: /etc/postgresql/postgresql.conf with no config_file). A built image or
 * an init script may point at it: not judged. */
/* `sub`: the file's path below a mounted directory (`- ./docker/postgres/conf:/etc/postgresql`
 * puts conf/postgresql.conf at /etc/postgresql/postgresql.conf: held-out set 41, 05 and 08),
 * NULL when the file itself is mounted. */
/* `target`, when not NULL, gets the file's path in the container (the caller frees it). */
static char *unread_mount(yaml_document_t *doc, yaml_node_t *service, yaml_node_t *item,
                          const char *compose, const char *name, const char *sub, char **target)
{
    if (!postgres_image(doc, service) || input_yaml_member(doc, service, "build") ||
        names_config_file(doc, service) || runs_other_program(doc, service))
        return NULL;
    char *dst = volume_target(doc, item);
    if (!dst)
        return NULL;
    if (sub) {
        char *mount_point = dst;
        size_t n = strlen(mount_point);
        dst = xasprintf("%s%s%s", mount_point, n && mount_point[n - 1] == '/' ? "" : "/", sub);
        free(mount_point);
    }
    /* the image's entrypoint runs the *.sh and *.sql files of docker-entrypoint-initdb.d and
     * ignores the rest ("ignoring", docker_process_init_files): a postgresql.conf there is read
     * only where a script there copies it (held-out set 52, h52a 07: the directory holding it and
     * init.sql mounted there) */
    bool init_dir = strstr(dst, "docker-entrypoint-initdb.d") != NULL;
    /* the server reads $PGDATA/postgresql.conf, so the file is read only when it is mounted in
     * the data directory: the service's PGDATA (review 2026-12zf, 03: PGDATA=…/data/pgdata beside
     * a mount at /etc/postgresql/postgresql.conf, called loaded; review 2026-12zo, h58a 02: a
     * mount at …/data/postgresql.conf beside PGDATA=…/data/some_name), else the image's for its
     * tag's major (h58a 04: /var/lib/postgresql/data under 18, whose is /var/lib/postgresql/18/
     * docker); a PGDATA pgknob cannot read (a ${VAR}), or a tag that names no major, is not
     * judged */
    bool read = strstr(dst, ".sample") != NULL;
    bool pgdata_set = false;
    char *pgdata = service_pgdata(doc, service, &pgdata_set);
    char data_buf[64];
    const char *data =
        pgdata_set ? pgdata
                   : image_data_dir(service_tag_major(doc, service), data_buf, sizeof data_buf);
    if (data)
        read |= under_dir(dst, data);
    else
        read |= pgdata_set || strstr(dst, "/var/lib/postgresql") != NULL;
    free(pgdata);
    /* an env_file pgknob does not read may set PGDATA, unless the service keeps its data in
     * the image's own data directory */
    bool default_data = false;
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *vol = yaml_document_get_node(doc, *it);
        char *to = vol ? volume_target(doc, vol) : NULL;
        default_data |= to && (!strcmp(to, "/var/lib/postgresql/data") ||
                               !strcmp(to, "/var/lib/postgresql/data/"));
        free(to);
    }
    read |= mounted_script_may_copy(doc, service, compose, dst);
    read |= input_yaml_member(doc, service, "env_file") != NULL && !default_data;
    const char *there = init_dir ? ", where the image's entrypoint runs *.sh and *.sql files "
                                   "and ignores the rest,"
                                 : ",";
    char *why = read ? NULL
                : sub
                    ? xasprintf("the compose service %s of %s mounts its directory, which puts it "
                                "at %s (line %zu)%s and its command names no config_file",
                                name, compose, dst, item->start_mark.line + 1, there)
                    : xasprintf("the compose service %s of %s mounts it at %s (line %zu)%s and "
                                "its command names no config_file",
                                name, compose, dst, item->start_mark.line + 1, there);
    if (why && target) {
        free(*target);
        *target = dst;
    } else
        free(dst);
    return why;
}

/* Does an env_file of the service (a path or a list of them, from the compose file's directory
 * `compose_dir`) set `name`, or is one of them unreadable, so that it may? */
static bool env_file_may_set(yaml_document_t *doc, yaml_node_t *service, const char *compose_dir,
                             const char *name)
{
    yaml_node_t *env_file = input_yaml_member(doc, service, "env_file");
    if (!env_file)
        return false;
    yaml_node_item_t *from = NULL, *to = NULL;
    if (env_file->type == YAML_SEQUENCE_NODE) {
        from = env_file->data.sequence.items.start;
        to = env_file->data.sequence.items.top;
    } else if (env_file->type != YAML_SCALAR_NODE)
        return true;
    size_t len = strlen(name);
    for (yaml_node_t *one = env_file->type == YAML_SCALAR_NODE ? env_file : NULL;;) {
        if (!one && from && from < to)
            one = yaml_document_get_node(doc, *from++);
        if (!one)
            return false;
        /* the long syntax: {path: …, required: false} */
        char *text =
            scalar_text(one->type == YAML_MAPPING_NODE ? input_yaml_member(doc, one, "path") : one);
        char path[PATH_MAX], *data = NULL;
        size_t n = 0;
        int err = 0;
        bool may = !text || strchr(text, '$') ||
                   snprintf(path, sizeof path, "%s/%s", text[0] == '/' ? "" : compose_dir, text) >=
                       (int)sizeof path ||
                   pk_read_file(path, 1 << 20, &data, &n, &err) != PK_READ_OK;
        for (const char *line = data; !may && line && *line;) {
            line += strspn(line, " \t");
            if (!strncmp(line, "export ", 7))
                line += 7;
            may = !strncmp(line, name, len) && line[len] == '=';
            line = strchr(line, '\n');
            line = line ? line + 1 : NULL;
        }
        free(data);
        free(text);
        if (may)
            return true;
        one = NULL;
        if (!from)
            return false;
    }
}

/* A volume at /var/lib/postgresql/data under an official image of 18 or later that keeps its
 * data directory where the image puts it (no PGDATA): the image's data directory is
 * /var/lib/postgresql/18/docker, and its entrypoint stops when /var/lib/postgresql/data is a
 * mount point on a new cluster (docker_setup_env's "unused mount/volume", docker-library/postgres
 * 5ec8931249, 2025: review 2026-12zo, h58a 04 and 06). The image `postgres` whose tag names no
 * major is its latest, 18 or later since 18's release: out->old_volume_unpinned. */
static void pre18_data_volume(yaml_document_t *doc, yaml_node_t *service, const char *compose,
                              const char *compose_dir, const char *name, ComposeLimits *out)
{
    yaml_node_t *image_node = input_yaml_member(doc, service, "image");
    char *image = scalar_text(image_node);
    static const char *const library[] = {"postgres", NULL};
    int major = service_tag_major(doc, service);
    bool unpinned = !major && image && image_of_repository(image, library) && !strchr(image, '@') &&
                    !strchr(image, '$');
    bool pgdata_set = false;
    char *pgdata = service_pgdata(doc, service, &pgdata_set);
    free(pgdata);
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    if (out->old_volume || !image || !input_official_postgres_image(image) ||
        (major < 18 && !unpinned) || pgdata_set || runs_other_program(doc, service) ||
        env_file_may_set(doc, service, compose_dir, "PGDATA") || !volumes ||
        volumes->type != YAML_SEQUENCE_NODE) {
        free(image);
        return;
    }
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         !out->old_volume && it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        char *to = item ? volume_target(doc, item) : NULL;
        if (!to && item && item->type == YAML_SCALAR_NODE)
            to = scalar_text(item); /* an anonymous volume: its container path alone */
        size_t n = to ? strlen(to) : 0;
        while (n > 1 && to[n - 1] == '/')
            to[--n] = '\0';
        if (to && !strcmp(to, "/var/lib/postgresql/data")) {
            out->old_volume_line = (int)item->start_mark.line + 1;
            out->old_volume_unpinned = unpinned;
            out->old_volume = xasprintf(
                "the compose service %s of %s keeps a volume at /var/lib/postgresql/data (line "
                "%d) and runs %s (line %zu)%s",
                name, compose, out->old_volume_line, image, image_node->start_mark.line + 1,
                unpinned ? ", whose tag names no major: the latest, 18 or later since "
                           "PostgreSQL 18's release"
                         : "");
        }
        free(to);
    }
    free(image);
}

/* The line of the service's volume item that holds its data directory (its PGDATA, or one
 * under /var/lib/postgresql) from a named volume the file's top-level `volumes` declares
 * `external: true`; 0 when none (review 2026-12zo, h59a 02: a cluster kept in an external
 * volume, with backups, read as a throwaway test from its settings). */
static int kept_data_volume(yaml_document_t *doc, yaml_node_t *root, yaml_node_t *service)
{
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    yaml_node_t *declared = root ? input_yaml_member(doc, root, "volumes") : NULL;
    if (!volumes || volumes->type != YAML_SEQUENCE_NODE || !declared ||
        declared->type != YAML_MAPPING_NODE)
        return 0;
    bool pgdata_set = false;
    char *pgdata = service_pgdata(doc, service, &pgdata_set);
    int line = 0;
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         !line && it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        char *source = item ? volume_source(doc, item) : NULL;
        char *target = item ? volume_target(doc, item) : NULL;
        bool named = source && *source && !strchr(source, '/') && *source != '.' &&
                     *source != '$' && *source != '~';
        bool data = target && (pgdata ? under_dir(pgdata, target)
                                      : !strncmp(target, "/var/lib/postgresql", 19));
        yaml_node_t *decl = named && data ? input_yaml_member(doc, declared, source) : NULL;
        yaml_node_t *external = decl && decl->type == YAML_MAPPING_NODE
                                    ? input_yaml_member(doc, decl, "external")
                                    : NULL;
        char *text = scalar_text(external);
        if (text && (!strcmp(text, "true") || !strcmp(text, "True") || !strcmp(text, "yes")))
            line = (int)item->start_mark.line + 1;
        free(text);
        free(source);
        free(target);
    }
    free(pgdata);
    return line;
}

void input_compose_service_data_volume(yaml_document_t *doc, yaml_node_t *service,
                                       const char *compose, const char *name, ComposeLimits *out)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", compose);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    const char *base = strrchr(compose, '/');
    pre18_data_volume(doc, service, base ? base + 1 : compose, dir, name, out);
}

/* The line of a `tmpfs:` entry that holds the image's data directory (/var/lib/postgresql/data,
 * or the service's PGDATA is not judged), 0 when none (held-out set 31, h31c 29). */
static int tmpfs_data_line(yaml_document_t *doc, yaml_node_t *service)
{
    yaml_node_t *tmpfs = input_yaml_member(doc, service, "tmpfs");
    if (!tmpfs)
        return 0;
    yaml_node_item_t *from = NULL, *to = NULL;
    if (tmpfs->type == YAML_SEQUENCE_NODE) {
        from = tmpfs->data.sequence.items.start;
        to = tmpfs->data.sequence.items.top;
    }
    for (yaml_node_t *one = tmpfs->type == YAML_SCALAR_NODE ? tmpfs : NULL;;) {
        if (!one && from && from < to)
            one = yaml_document_get_node(doc, *from++);
        if (!one)
            return 0;
        char *text = scalar_text(one);
        bool data = text && !strncmp(text, "/var/lib/postgresql", 19);
        int line = (int)one->start_mark.line + 1;
        free(text);
        if (data)
            return line;
        one = NULL;
        if (!from)
            return 0;
    }
}

void input_compose_service_purpose(yaml_document_t *doc, yaml_node_t *service, char **database,
                                   int *database_line, int *tmpfs_line)
{
    *database = NULL;
    *database_line = 0;
    if (!service_env(doc, service, "POSTGRES_DB", database, database_line)) {
        free(*database);
        *database = NULL;
    }
    *tmpfs_line = tmpfs_data_line(doc, service);
}

/* Does the postgresql.conf the service mounts at `conf` (its config_file) set hba_file: 1 yes, 0
 * no, -1 when pgknob cannot read it (no bind mount of it from the checkout, an unreadable
 * source). A line `hba_file = …` not commented out counts. */
static int mounted_conf_sets_hba(yaml_document_t *doc, yaml_node_t *service,
                                 const char *compose_dir, const char *conf)
{
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    if (!volumes || volumes->type != YAML_SEQUENCE_NODE)
        return -1;
    char path[PATH_MAX] = "";
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         !*path && it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        char *to = item ? volume_target(doc, item) : NULL;
        char *from = to ? volume_source(doc, item) : NULL;
        size_t n = to ? strlen(to) : 0;
        bool local = from && (!strncmp(from, "./", 2) || !strncmp(from, "../", 3));
        if (local && !strcmp(to, conf))
            snprintf(path, sizeof path, "%s/%s", compose_dir, from);
        else if (local && n && !strncmp(conf, to, n) && conf[n] == '/')
            snprintf(path, sizeof path, "%s/%s%s", compose_dir, from, conf + n);
        free(to);
        free(from);
    }
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (!*path || pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return -1;
    int sets = 0;
    for (const char *line = data; line && *line && !sets; line = strchr(line, '\n')) {
        if (*line == '\n')
            line++;
        while (*line == ' ' || *line == '\t')
            line++;
        sets = !strncmp(line, "hba_file", 8) && strchr(" \t=", line[8]) && line[8];
    }
    free(data);
    return sets;
}

/* A pg_hba.conf bind-mounted into a PostgreSQL image's service where the server never reads it:
 * not in its data directory, with no hba_file in the command or in the configuration the
 * command runs as config_file, and no init script mounted beside it that may copy it (review
 * 2026-12zj, h41c 44: mounted at /opt/postgres/pg_hba.conf with no hba_file). The server reads
 * $PGDATA/pg_hba.conf, to which the official image's entrypoint adds `host all all all
 * <method>`. Unknown (a built image, a configuration pgknob cannot read): not judged. */
static char *unread_hba_mount(const char *data, size_t len, yaml_document_t *doc,
                              yaml_node_t *service, yaml_node_t *item, const char *compose,
                              const char *compose_dir, const char *name)
{
    if (!postgres_image(doc, service) || input_yaml_member(doc, service, "build") ||
        runs_other_program(doc, service))
        return NULL;
    char *dst = volume_target(doc, item);
    if (!dst)
        return NULL;
    bool pgdata_set = false;
    char *pgdata = service_pgdata(doc, service, &pgdata_set);
    bool read = strstr(dst, "docker-entrypoint-initdb.d") ||
                (pgdata_set ? !pgdata || under_dir(dst, pgdata)
                            : !strncmp(dst, "/var/lib/postgresql/", 20));
    free(pgdata);
    int command_line = 0;
    char *settings = args_service_settings(compose, data, len, doc, service, &command_line);
    char *conf = NULL;
    for (char *at = settings, *nl; !read && at && *at; at = nl ? nl + 1 : at + strlen(at)) {
        nl = strchr(at, '\n');
        size_t n = nl ? (size_t)(nl - at) : strlen(at);
        if (!strncasecmp(at, "hba_file=", 9))
            read = true;
        else if (!strncasecmp(at, "config_file=", 12) && !conf)
            conf = xstrndup(at + 12, n - 12);
    }
    free(settings);
    if (!read && conf)
        read = mounted_conf_sets_hba(doc, service, compose_dir, conf) != 0;
    read = read || mounted_script_may_copy(doc, service, compose, dst);
    char *why = read ? NULL
                     : xasprintf("the compose service %s of %s mounts it at %s (line %zu), and "
                                 "%s",
                                 name, compose, dst, item->start_mark.line + 1,
                                 conf ? "neither its command nor the configuration it runs as "
                                        "config_file sets hba_file"
                                      : "its command sets no hba_file and names no config_file "
                                        "that could");
    free(conf);
    free(dst);
    return why;
}

/* A PostgreSQL image's service that mounts a directory holding the file and names no
 * config_file leaves the file where its server does not read it (held-out set 41, 05 and 08:
 * ./docker/postgres/conf at /etc/postgresql/conf.d and /etc/postgresql); that server is not the
 * file's, so its limits are not its host's. The reason, as unread_mount gives it, or NULL. */
static char *unread_dir_mount(yaml_document_t *doc, yaml_node_t *service, const char *compose,
                              const char *compose_dir, const char *target, const char *name,
                              char **target_out)
{
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    /* a pg_hba.conf in the directory is read through hba_file, which this does not judge (a
     * code review of this session: -c hba_file= naming it was called unread) */
    size_t n = strlen(target);
    if (!volumes || volumes->type != YAML_SEQUENCE_NODE || !postgres_image(doc, service) ||
        (n > 8 && !strcmp(target + n - 8, "hba.conf")))
        return NULL;
    char *why = NULL;
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         !why && it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        char *source = item ? volume_source(doc, item) : NULL;
        char *sub = source && source_names(compose_dir, source, target) == 2
                        ? path_below(compose_dir, source, target)
                        : NULL;
        if (sub)
            why = unread_mount(doc, service, item, compose, name, sub, target_out);
        free(sub);
        free(source);
    }
    return why;
}

static bool service_mounts(yaml_document_t *doc, yaml_node_t *service, const char *compose_dir,
                           const char *target)
{
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    if (!volumes || volumes->type != YAML_SEQUENCE_NODE)
        return false;
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        char *source = item ? volume_source(doc, item) : NULL;
        int named = source ? source_names(compose_dir, source, target) : 0;
        free(source);
        /* a directory holding the file configures the server only through config_file */
        if (named == 1 || (named == 2 && names_config_file(doc, service)))
            return true;
    }
    return false;
}

/* The first of `paths` (keys under the service, a dotted path) that holds a scalar. */
static yaml_node_t *first_set(yaml_document_t *doc, yaml_node_t *service, const char *const *paths,
                              const char **which)
{
    for (; *paths; paths++) {
        yaml_node_t *node = service;
        char path[64];
        snprintf(path, sizeof path, "%s", *paths);
        for (char *save = NULL, *key = strtok_r(path, ".", &save); key && node;
             key = strtok_r(NULL, ".", &save))
            node = input_yaml_member(doc, node, key);
        if (node && node->type == YAML_SCALAR_NODE && node->data.scalar.length) {
            *which = *paths;
            return node;
        }
    }
    return NULL;
}

static void service_limits(yaml_document_t *doc, const char *name, yaml_node_t *service,
                           const char *compose, ComposeLimits *out)
{
    static const char *const mem_keys[] = {"deploy.resources.limits.memory", "mem_limit", NULL};
    static const char *const cpu_keys[] = {"deploy.resources.limits.cpus", "cpus", NULL};
    const char *mem_key = NULL, *cpu_key = NULL;
    yaml_node_t *mem = first_set(doc, service, mem_keys, &mem_key);
    yaml_node_t *cpu = first_set(doc, service, cpu_keys, &cpu_key);
    char *mem_text = scalar_text(mem), *cpu_text = scalar_text(cpu);
    /* as compose fills them: `${POSTGRES_MEMORY_LIMIT:-2g}` from the project's .env, else its
     * default (review 2026-12zo, h54a 03: a 2GB limit unread, 8GB taken from a comment) */
    if ((mem_text && strchr(mem_text, '$')) || (cpu_text && strchr(cpu_text, '$'))) {
        Arena *arena = arena_new();
        const ComposeEnv *env = compose_env_load(arena, compose);
        char *filled = mem_text ? compose_interpolate(env, mem_text) : NULL;
        if (filled) {
            free(mem_text);
            mem_text = filled;
        }
        filled = cpu_text ? compose_interpolate(env, cpu_text) : NULL;
        if (filled) {
            free(cpu_text);
            cpu_text = filled;
        }
        arena_free(arena);
    }
    double ram = mem_text ? compose_bytes(mem_text) : -1;
    char *end = NULL;
    double cpus = cpu_text ? strtod(cpu_text, &end) : -1;
    if (cpu_text && (end == cpu_text || *end || !isfinite(cpus)))
        cpus = -1;
    StrBuf where = STRBUF_INIT;
    if (ram > 0)
        sb_printf(&where, "%s %s at %s:%zu:%zu", mem_key, mem_text, compose,
                  mem->start_mark.line + 1, mem->start_mark.column + 1);
    if (cpus > 0)
        sb_printf(&where, "%s%s %s at %s:%zu:%zu", where.len ? ", " : "", cpu_key, cpu_text,
                  compose, cpu->start_mark.line + 1, cpu->start_mark.column + 1);
    if (where.len) {
        out->ram = ram > 0 ? ram : -1;
        /* a fraction of a CPU still runs on one */
        out->cores = cpus > 0 ? (int)ceil(cpus - 1e-9) : -1;
        out->source = xasprintf("the compose service %s's %s", name, sb_str(&where));
    }
    sb_free(&where);
    free(mem_text);
    free(cpu_text);
}

/* The settings the service's entrypoint and command give the postmaster (args.c reads them as
 * the postmaster does), config_file left out since it names the file itself: "name=value"
 * lines with lower-case names, and where they are. */
static void command_overrides(const char *data, size_t len, yaml_document_t *doc,
                              yaml_node_t *service, const char *compose, const char *name,
                              ComposeLimits *out)
{
    int line = 0;
    char *settings = args_service_settings(compose, data, len, doc, service, &line);
    StrBuf sb = STRBUF_INIT;
    for (char *at = settings, *nl; at && *at; at = nl ? nl + 1 : at + strlen(at)) {
        nl = strchr(at, '\n');
        size_t n = nl ? (size_t)(nl - at) : strlen(at);
        size_t name_len = strcspn(at, "=");
        if (name_len == 11 && !strncasecmp(at, "config_file", 11))
            continue;
        for (size_t idx = 0; idx < name_len; idx++)
            at[idx] = (char)tolower((unsigned char)at[idx]);
        sb_printf(&sb, "%.*s\n", (int)n, at);
    }
    free(settings);
    if (sb.len) {
        out->overrides = sb_detach(&sb);
        out->command_at =
            xasprintf("the compose service %s's %s at %s:%d", name, "command", compose, line);
        out->command_line = line;
    }
    sb_free(&sb);
}

/* A pg_hba.conf the service bind-mounts beside the configuration, outside its data directory
 * (where the server reads it anyway): a source whose file name ends in hba.conf (pg_hba.conf,
 * custom-hba.conf). The data directory is the service's PGDATA, else the official image's; one
 * pgknob cannot read is not judged. */
static void hba_mount(yaml_document_t *doc, yaml_node_t *service, const char *compose,
                      const char *name, ComposeLimits *out)
{
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    if (!volumes || volumes->type != YAML_SEQUENCE_NODE)
        return;
    bool pgdata_set = false;
    char *pgdata = service_pgdata(doc, service, &pgdata_set);
    if (pgdata_set && !pgdata)
        return;
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         !out->hba_target && it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        char *source = item ? volume_source(doc, item) : NULL;
        size_t n = source ? strlen(source) : 0;
        if (n > 8 && !strcmp(source + n - 8, "hba.conf")) {
            char *dst = volume_target(doc, item);
            /* the image's data directory: /var/lib/postgresql/data, and from 18
             * /var/lib/postgresql/MAJOR/docker (docker-library/postgres's Dockerfile) */
            if (dst &&
                (pgdata ? under_dir(dst, pgdata) : !strncmp(dst, "/var/lib/postgresql/", 20))) {
                free(dst);
                dst = NULL;
            }
            if (dst) {
                out->hba_target = dst;
                out->hba_mount =
                    xasprintf("the compose service %s of %s mounts %s at %s (line %zu)", name,
                              compose, source, dst, item->start_mark.line + 1);
            }
        }
        free(source);
    }
    free(pgdata);
}

/* A bind mount of the file inside the service's data directory (its literal PGDATA,
 * else /var/lib/postgresql/data, where the image is a PostgreSQL one or a volume is kept there):
 * the directory is not empty when the entrypoint runs initdb on a new volume, and initdb refuses
 * it ("exists but is not empty", shown on 13-18 by t-compose-limits; review 2026-12zg, h37c 38).
 * "the compose service db of FILE mounts it at DIR/NAME (line N)"; NULL otherwise. */
static char *data_dir_mount(yaml_document_t *doc, yaml_node_t *service, yaml_node_t *item,
                            const char *compose, const char *name)
{
    /* a command or entrypoint that runs another program runs no initdb of the image's
     * entrypoint (held-out set 42, h42b 28: `su postgres -c ".../postgres -c fsync=off"` on a
     * cluster the image holds) */
    if (runs_other_program(doc, service))
        return NULL;
    char *dst = volume_target(doc, item);
    if (!dst)
        return NULL;
    bool pgdata_set = false;
    char *pgdata = service_pgdata(doc, service, &pgdata_set);
    if (pgdata_set && !pgdata) {
        free(dst);
        return NULL;
    }
    char *image = scalar_text(input_yaml_member(doc, service, "image"));
    bool postgres = image && (strstr(image, "postgres") || strstr(image, "postgis") ||
                              strstr(image, "pgvector") || strstr(image, "timescale"));
    free(image);
    /* a tag that names no major (latest, alpine) is not judged without a PGDATA */
    char data_buf[64];
    const char *data = pgdata;
    if (!data && postgres)
        data = image_data_dir(service_tag_major(doc, service), data_buf, sizeof data_buf);
    else if (!data)
        data = "/var/lib/postgresql/data";
    if (!data) {
        free(dst);
        return NULL;
    }
    bool kept = false;
    yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
    for (yaml_node_item_t *it = volumes->data.sequence.items.start;
         !kept && it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *vol = yaml_document_get_node(doc, *it);
        char *to = vol && vol != item ? volume_target(doc, vol) : NULL;
        size_t n = to ? strlen(to) : 0;
        while (n > 1 && to[n - 1] == '/')
            to[--n] = '\0';
        kept = to && !strcmp(to, data);
        free(to);
    }
    /* anywhere below it: a subdirectory the mount creates makes it as non-empty */
    size_t data_len = strlen(data);
    char *why = NULL;
    if ((postgres || kept) && !strncmp(dst, data, data_len) && dst[data_len] == '/' &&
        dst[data_len + 1])
        why = xasprintf("the compose service %s of %s mounts it at %s (line %zu), inside the "
                        "data directory %s",
                        name, compose, dst, item->start_mark.line + 1, data);
    free(pgdata);
    free(dst);
    return why;
}

/* One `ports` item's container port range and whether it is bound to the host's loopback only:
 * "5432", "5433:5432", "127.0.0.1:5432:5432", "[::1]:5432:5432", "5432-5434:5432-5434/tcp", or
 * the long syntax's target and host_ip (the Compose Specification's "ports"). False when the
 * container port is not a number pgknob can read (a ${VAR}). */
static bool port_item(yaml_document_t *doc, yaml_node_t *item, struct ComposePort *out)
{
    char *container = NULL, *host_ip = NULL;
    if (item->type == YAML_MAPPING_NODE) {
        container = scalar_text(input_yaml_member(doc, item, "target"));
        host_ip = scalar_text(input_yaml_member(doc, item, "host_ip"));
    } else {
        char *text = scalar_text(item);
        if (!text)
            return false;
        char *proto = strrchr(text, '/');
        if (proto)
            *proto = '\0';
        char *rest = text;
        if (*rest == '[') { /* an IPv6 host address */
            char *close = strchr(rest, ']');
            if (close) {
                host_ip = xstrndup(rest + 1, (size_t)(close - rest - 1));
                rest = close + 1 + (close[1] == ':');
            }
        }
        char *last = strrchr(rest, ':');
        container = xstrdup(last ? last + 1 : rest);
        char *first = strchr(rest, ':');
        if (!host_ip && first && first != last)
            host_ip = xstrndup(rest, (size_t)(first - rest));
        free(text);
    }
    char *end = NULL;
    long lo = container && isdigit((unsigned char)*container) ? strtol(container, &end, 10) : -1;
    long hi = lo;
    if (end && *end == '-' && isdigit((unsigned char)end[1]))
        hi = strtol(end + 1, &end, 10);
    bool ok = lo > 0 && hi >= lo && hi < 65536 && end && !*end;
    out->lo = (int)lo;
    out->hi = (int)hi;
    out->line = (int)item->start_mark.line + 1;
    out->loopback = host_ip && (!strncmp(host_ip, "127.", 4) || !strcmp(host_ip, "::1") ||
                                !strcmp(host_ip, "localhost"));
    free(container);
    free(host_ip);
    return ok;
}

/* What one service that mounts the file publishes, added to `out` (compose merges an override's
 * ports with its base's). */
/* The service's `ports` items into ports[*n..cap): *every (with the item's line) for one pgknob
 * cannot read, or a `ports` that is no list. */
static void read_ports(yaml_document_t *doc, yaml_node_t *service, struct ComposePort *ports,
                       size_t cap, size_t *n, bool *every, int *every_line)
{
    yaml_node_t *list = input_yaml_member(doc, service, "ports");
    if (!list)
        return;
    if (list->type != YAML_SEQUENCE_NODE) {
        *every = true;
        *every_line = (int)list->start_mark.line + 1;
        return;
    }
    for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top;
         it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        struct ComposePort port = {0};
        if (!item || !port_item(doc, item, &port) || *n == cap) {
            if (!*every)
                *every_line = item ? (int)item->start_mark.line + 1 : 0;
            *every = true;
            continue;
        }
        ports[(*n)++] = port;
    }
}

static void service_ports(yaml_document_t *doc, yaml_node_t *service, const char *compose,
                          const char *name, ComposeLimits *out)
{
    /* "the compose service a of F", then "the compose services a and b of F" */
    if (!out->ports_of) {
        out->ports_of = xasprintf("the compose service %s of %s", name, compose);
        out->n_ports_of = 1;
    } else {
        char *of = strstr(out->ports_of, " of ");
        const char *names = out->ports_of + strlen(out->n_ports_of > 1 ? "the compose services "
                                                                       : "the compose service ");
        size_t n_names = of ? (size_t)(of - names) : strlen(names);
        char *mentioned = xasprintf(" %s ", name);
        char *list = xasprintf(" %.*s ", (int)n_names, names);
        bool seen = strstr(list, mentioned) != NULL;
        if (!seen) {
            char *more = xasprintf("the compose services %.*s and %s%s", (int)n_names, names, name,
                                   of ? of : "");
            free(out->ports_of);
            out->ports_of = more;
            out->n_ports_of++;
        }
        free(mentioned);
        free(list);
    }
    /* the server reads PGPORT from its environment */
    char *pgport = NULL;
    service_env(doc, service, "PGPORT", &pgport, NULL);
    if (pgport) {
        char *end = NULL;
        long port = strtol(pgport, &end, 10);
        /* one pgknob cannot read (${PORT}) is every port */
        if (port > 0 && port < 65536 && end && !*end)
            out->env_port = (int)port;
        else
            out->every_port = true;
        free(pgport);
    }
    /* host shares the host's network; service:x and container:x share another's, whose
     * ports this service does not list; none has no network at all */
    yaml_node_t *mode = input_yaml_member(doc, service, "network_mode");
    char *mode_text = scalar_text(mode);
    if (mode_text && !strcmp(mode_text, "host"))
        out->host_network_line = (int)mode->start_mark.line + 1;
    if (mode_text && strcmp(mode_text, "bridge") && strcmp(mode_text, "none") && !out->every_port) {
        out->every_port = true;
        out->every_port_line = (int)mode->start_mark.line + 1;
    }
    free(mode_text);
    size_t first = out->n_ports;
    bool every = false;
    int every_line = 0;
    read_ports(doc, service, out->ports, sizeof out->ports / sizeof out->ports[0], &out->n_ports,
               &every, &every_line);
    if (every && !out->every_port)
        out->every_port_line = every_line;
    out->every_port = out->every_port || every;
    /* the official image's entrypoint writes `host all all all <method>` with it: trust, on a
     * service that itself publishes beyond the host's loopback (not another mounting
     * service's ports: a code review of this session) */
    char *method = NULL;
    int method_line = 0;
    if (!out->trust.line &&
        service_env(doc, service, "POSTGRES_HOST_AUTH_METHOD", &method, &method_line) && method &&
        !strcmp(method, "trust")) {
        out->trust.line = method_line;
        out->trust.name = xstrdup(name);
        for (size_t idx = first; idx < out->n_ports; idx++)
            if (!out->ports[idx].loopback && out->trust.n_ports < 8)
                out->trust.ports[out->trust.n_ports++] = out->ports[idx];
        out->trust.every_line = out->host_network_line ? out->host_network_line
                                : every                ? every_line
                                                       : 0;
    }
    free(method);
}

void input_compose_service_limits(yaml_document_t *doc, yaml_node_t *service, const char *compose,
                                  const char *name, ComposeLimits *out)
{
    service_limits(doc, name, service, compose, out);
}

void input_compose_service_reach(yaml_document_t *doc, yaml_node_t *service, const char *compose,
                                 const char *name, ComposeLimits *out)
{
    service_ports(doc, service, compose, name, out);
}

int input_compose_trust_published(const ComposeLimits *limits, int port)
{
    if (limits->trust.every_line)
        return limits->trust.every_line;
    for (size_t idx = 0; idx < limits->trust.n_ports; idx++) {
        const struct ComposePort *p = &limits->trust.ports[idx];
        if (!port || (port >= p->lo && port <= p->hi))
            return p->line;
    }
    return 0;
}

ComposeReach compose_port_reach(const ComposeLimits *mount, int port, char *why, size_t cap)
{
    const char *verb = mount->n_ports_of > 1 ? "publish" : "publishes";
    if (!mount->ports_of)
        return REACH_UNKNOWN;
    if (mount->every_port) {
        snprintf(why, cap, "%s %s every port of the host (or one pgknob cannot read)",
                 mount->ports_of, verb);
        return REACH_PUBLISHED;
    }
    int loopback_line = 0;
    for (size_t idx = 0; idx < mount->n_ports; idx++) {
        const struct ComposePort *p = &mount->ports[idx];
        if (port && (port < p->lo || port > p->hi))
            continue;
        if (!p->loopback) {
            snprintf(why, cap, "%s %s %s on the host's addresses (line %d)", mount->ports_of, verb,
                     port ? "the port" : "ports", p->line);
            return REACH_PUBLISHED;
        }
        loopback_line = p->line;
    }
    if (loopback_line) {
        snprintf(why, cap, "%s %s %s only on the host's loopback (line %d)", mount->ports_of, verb,
                 port ? "the port" : "ports", loopback_line);
        return REACH_HOST_ONLY;
    }
    if (mount->n_ports)
        snprintf(why, cap, "%s %s other ports, not %d", mount->ports_of, verb, port);
    else
        snprintf(why, cap, "%s %s no port (no ports:, no network_mode: host)", mount->ports_of,
                 verb);
    return REACH_NETWORK_ONLY;
}

/* The names of the networks a service's `networks:` lists (a sequence of names or a mapping
 * keyed by them), "default" when it has none: at most `cap`, each to free. */
static size_t network_names(yaml_document_t *doc, yaml_node_t *nets, char **names, size_t cap)
{
    size_t n = 0;
    if (!nets) {
        names[n++] = xstrdup("default");
        return n;
    }
    if (nets->type == YAML_SEQUENCE_NODE)
        for (yaml_node_item_t *it = nets->data.sequence.items.start;
             n < cap && it < nets->data.sequence.items.top; it++) {
            char *name = scalar_text(yaml_document_get_node(doc, *it));
            if (name)
                names[n++] = name;
        }
    else if (nets->type == YAML_MAPPING_NODE)
        for (yaml_node_pair_t *pair = nets->data.mapping.pairs.start;
             n < cap && pair < nets->data.mapping.pairs.top; pair++) {
            char *name = scalar_text(yaml_document_get_node(doc, pair->key));
            if (name)
                names[n++] = name;
        }
    return n;
}

/* Is one of the networks `a` joins (`networks:` as a list or a mapping; "default" without one)
 * one `b` joins too? A service on the host's network shares the host's. */
static bool share_network(yaml_document_t *doc, yaml_node_t *a, yaml_node_t *b)
{
    if (input_yaml_member(doc, a, "network_mode") || input_yaml_member(doc, b, "network_mode"))
        return true; /* host or another service's: not judged */
    yaml_node_t *nets_a = input_yaml_member(doc, a, "networks");
    yaml_node_t *nets_b = input_yaml_member(doc, b, "networks");
    char *names_a[64], *names_b[64];
    size_t n_a = network_names(doc, nets_a, names_a, 64);
    size_t n_b = network_names(doc, nets_b, names_b, 64);
    bool shared = false;
    for (size_t i = 0; i < n_a && !shared; i++)
        for (size_t j = 0; j < n_b && !shared; j++)
            shared = !strcmp(names_a[i], names_b[j]);
    for (size_t i = 0; i < n_a; i++)
        free(names_a[i]);
    for (size_t j = 0; j < n_b; j++)
        free(names_b[j]);
    return shared;
}

/* The mounting service's compose file, name and image, as the result keeps them. */
static void note_service(yaml_document_t *doc, yaml_node_t *service, const char *compose,
                         const char *name, ComposeLimits *out)
{
    free(out->compose);
    out->compose = xstrdup(compose);
    free(out->service);
    out->service = name ? xstrdup(name) : NULL;
    yaml_node_t *image = input_yaml_member(doc, service, "image");
    free(out->image);
    out->image = scalar_text(image);
    out->image_line = image ? (int)image->start_mark.line + 1 : 0;
}

bool compose_text_limits(const char *data, size_t len, const char *compose, const char *compose_dir,
                         const char *target, ComposeLimits *out)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    bool found = false;
    if (!yaml_parser_initialize(&parser))
        return false;
    yaml_parser_set_input_string(&parser, (const unsigned char *)data, len);
    if (yaml_parser_load(&parser, &doc)) {
        yaml_node_t *root = yaml_document_get_root_node(&doc);
        yaml_node_t *services = root ? input_yaml_member(&doc, root, "services") : NULL;
        /* of the services that mount it, one whose command names config_file reads it: the
         * file takes effect there, whatever another mounting service does (review 2026-12zh,
         * h40a 03: five of six servers ran it, and the sixth was said to leave it unread) */
        yaml_node_pair_t *reader = NULL;
        yaml_node_t *server = NULL; /* the service whose server runs the file */
        if (services && services->type == YAML_MAPPING_NODE)
            for (yaml_node_pair_t *pair = services->data.mapping.pairs.start;
                 !reader && pair < services->data.mapping.pairs.top; pair++) {
                yaml_node_t *service = yaml_document_get_node(&doc, pair->value);
                if (service && service->type == YAML_MAPPING_NODE &&
                    service_mounts(&doc, service, compose_dir, target) &&
                    names_config_file(&doc, service))
                    reader = pair;
            }
        if (services && services->type == YAML_MAPPING_NODE)
            for (yaml_node_pair_t *pair = services->data.mapping.pairs.start;
                 pair < services->data.mapping.pairs.top; pair++) {
                yaml_node_t *service = yaml_document_get_node(&doc, pair->value);
                if (!service || service->type != YAML_MAPPING_NODE ||
                    !service_mounts(&doc, service, compose_dir, target))
                    continue;
                char *name = scalar_text(yaml_document_get_node(&doc, pair->key));
                /* every service that mounts it runs a server with it: any may publish */
                service_ports(&doc, service, compose, name ? name : "?", out);
                if (found || (reader && pair != reader)) {
                    free(name);
                    continue;
                }
                found = true;
                server = service;
                service_limits(&doc, name ? name : "?", service, compose, out);
                out->tmpfs_line = tmpfs_data_line(&doc, service);
                command_overrides(data, len, &doc, service, compose, name ? name : "?", out);
                out->config_file = names_config_file(&doc, service);
                out->other_program = runs_other_program(&doc, service);
                note_service(&doc, service, compose, name, out);
                service_binds(&doc, service, compose_dir, out);
                char *db = NULL;
                int db_line = 0;
                if (service_env(&doc, service, "POSTGRES_DB", &db, &db_line) && db &&
                    !out->database) {
                    out->database = db;
                    out->database_line = db_line;
                } else
                    free(db);
                /* the item that mounts the file itself */
                yaml_node_t *volumes = input_yaml_member(&doc, service, "volumes");
                for (yaml_node_item_t *it = volumes->data.sequence.items.start;
                     !out->unread && it < volumes->data.sequence.items.top; it++) {
                    yaml_node_t *item = yaml_document_get_node(&doc, *it);
                    char *source = item ? volume_source(&doc, item) : NULL;
                    if (source && source_names(compose_dir, source, target) == 1) {
                        size_t n = strlen(target);
                        out->unread =
                            n > 8 && !strcmp(target + n - 8, "hba.conf")
                                ? unread_hba_mount(data, len, &doc, service, item, compose,
                                                   compose_dir, name ? name : "?")
                                : unread_mount(&doc, service, item, compose, name ? name : "?",
                                               NULL, &out->unread_target);
                        free(out->in_data_dir);
                        out->in_data_dir =
                            data_dir_mount(&doc, service, item, compose, name ? name : "?");
                    }
                    free(source);
                }
                hba_mount(&doc, service, compose, name ? name : "?", out);
                pre18_data_volume(&doc, service, compose, compose_dir, name ? name : "?", out);
                out->kept_volume_line = kept_data_volume(&doc, root, service);
                free(name);
            }
        if (!found && services && services->type == YAML_MAPPING_NODE)
            for (yaml_node_pair_t *pair = services->data.mapping.pairs.start;
                 !found && pair < services->data.mapping.pairs.top; pair++) {
                yaml_node_t *service = yaml_document_get_node(&doc, pair->value);
                if (!service || service->type != YAML_MAPPING_NODE)
                    continue;
                char *name = scalar_text(yaml_document_get_node(&doc, pair->key));
                out->unread = unread_dir_mount(&doc, service, compose, compose_dir, target,
                                               name ? name : "?", &out->unread_target);
                if (out->unread) {
                    found = true;
                    server = service;
                    /* its name and image, for an override's merge with its base */
                    note_service(&doc, service, compose, name, out);
                    /* a volume its 18 image refuses stops it whatever the file holds (held-out
                     * set 61, h61a 04: the untagged image over ./data, unsaid while the file
                     * mounted with its directory is unread) */
                    pre18_data_volume(&doc, service, compose, compose_dir, name ? name : "?", out);
                }
                free(name);
            }
        /* a connection pooler or proxy of the same file that publishes a port forwards clients
         * beyond the host to the server: its reach is the server's too */
        if (found && services && services->type == YAML_MAPPING_NODE)
            for (yaml_node_pair_t *pair = services->data.mapping.pairs.start;
                 pair < services->data.mapping.pairs.top; pair++) {
                yaml_node_t *other = yaml_document_get_node(&doc, pair->value);
                char *image = other && other->type == YAML_MAPPING_NODE
                                  ? scalar_text(input_yaml_member(&doc, other, "image"))
                                  : NULL;
                static const char *const proxies[] = {
                    "pgbouncer", "pgpool", "haproxy", "odyssey", "pgcat", "supavisor", NULL};
                bool proxy = false;
                for (size_t idx = 0; image && proxies[idx] && !proxy; idx++)
                    proxy = strcasestr(image, proxies[idx]) != NULL;
                /* one on none of the server's networks cannot reach it (held-out set 41, 35:
                 * an HTTP load balancer on the default network, the primary on an internal
                 * one) */
                if (proxy && input_yaml_member(&doc, other, "ports") &&
                    (!server || share_network(&doc, server, other)))
                    out->every_port = true;
                free(image);
            }
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    return found;
}

/* The compose file's text as docker compose reads its values: `${NAME}` filled from the
 * project's .env, else the default the file gives (compose_interpolate); what neither sets is
 * the deploying shell's and stays as written. NULL when it cannot be read. (Review 2026-12zo,
 * h57a 01: `image: ${IMAGE}` with IMAGE=postgres:12-alpine in .env, and a mount of
 * ${PATH_CONFIG_FILE}, unread; `postgres:${PG_VERSION:-14}` read as 14 beside PG_VERSION=13.) */
static char *read_compose_text(const char *path, size_t *len)
{
    char *data = NULL;
    int err = 0;
    if (pk_read_file(path, 1 << 20, &data, len, &err) != PK_READ_OK)
        return NULL;
    return compose_fill_file_text(path, data, len);
}

/* The limits of the service in `compose` that mounts `target`; true when one mounts it (with
 * or without limits: the first mounting service decides). */
static bool compose_file_limits(const char *compose, const char *compose_dir, const char *target,
                                ComposeLimits *out)
{
    size_t len = 0;
    char *data = read_compose_text(compose, &len);
    if (!data)
        return false;
    bool found = compose_text_limits(data, len, compose, compose_dir, target, out);
    free(data);
    return found;
}

/* Runs `fn` on the service named out->service in the compose file at `path` (its text, the
 * document and the service): one reader for the files merged into the mounting service's. */
typedef void (*ServiceFn)(const char *data, size_t len, yaml_document_t *doc, yaml_node_t *service,
                          const char *path, ComposeLimits *out);

/* Calls `fn` with the text and the document of the compose file at `path`, and the mapping
 * of its services (NULL when it has none); nothing when the file cannot be read or parsed. */
typedef void (*ComposeDocFn)(const char *data, size_t len, yaml_document_t *doc,
                             yaml_node_t *services, const char *path, void *ctx);

static void on_compose_doc(const char *path, ComposeDocFn fn, void *ctx)
{
    size_t len = 0;
    char *data = read_compose_text(path, &len);
    if (!data)
        return;
    yaml_parser_t parser;
    yaml_document_t doc;
    if (yaml_parser_initialize(&parser)) {
        yaml_parser_set_input_string(&parser, (const unsigned char *)data, len);
        if (yaml_parser_load(&parser, &doc)) {
            yaml_node_t *root = yaml_document_get_root_node(&doc);
            yaml_node_t *services = root && root->type == YAML_MAPPING_NODE
                                        ? input_yaml_member(&doc, root, "services")
                                        : NULL;
            fn(data, len, &doc, services && services->type == YAML_MAPPING_NODE ? services : NULL,
               path, ctx);
            yaml_document_delete(&doc);
        }
        yaml_parser_delete(&parser);
    }
    free(data);
}

struct NamedService {
    ServiceFn fn;
    ComposeLimits *out;
};

static void named_service_of(const char *data, size_t len, yaml_document_t *doc,
                             yaml_node_t *services, const char *path, void *ctx)
{
    struct NamedService *named = ctx;
    yaml_node_t *service = services ? input_yaml_member(doc, services, named->out->service) : NULL;
    if (service && service->type == YAML_MAPPING_NODE)
        named->fn(data, len, doc, service, path, named->out);
}

static void on_named_service(const char *path, ServiceFn fn, ComposeLimits *out)
{
    if (out->service)
        on_compose_doc(path, named_service_of, &(struct NamedService){fn, out});
}

/* An override file (docker-compose.override.yml) is merged into the base file of its directory,
 * as `docker compose` merges them by default: a service's command there, when the override
 * gives none, is the one that runs (review 2026-12zf, 19: the base's `-c config_file=` beside
 * the override's mount, called unread), and its ports are published too. */
static void merge_base(const char *data, size_t len, yaml_document_t *doc, yaml_node_t *service,
                       const char *base, ComposeLimits *out)
{
    bool named = names_config_file(doc, service);
    out->config_file = out->config_file || named;
    if (out->unread && (named || input_yaml_member(doc, service, "build"))) {
        free(out->unread);
        out->unread = NULL;
    }
    if (!out->overrides)
        command_overrides(data, len, doc, service, base, out->service, out);
    service_ports(doc, service, base, out->service, out);
}

static void merge_ports(const char *data, size_t len, yaml_document_t *doc, yaml_node_t *service,
                        const char *path, ComposeLimits *out)
{
    (void)data;
    (void)len;
    service_ports(doc, service, path, out->service, out);
}

/* The ports of the mounting service in the override file `docker compose` merges into the base
 * by default (docker-compose.override.yml): a development override that publishes 5432 beside a
 * base that publishes nothing publishes it. */
static void override_ports(const char *dir, ComposeLimits *out)
{
    static const char *const names[] = {"compose.override.yaml", "compose.override.yml",
                                        "docker-compose.override.yaml",
                                        "docker-compose.override.yml"};
    for (size_t idx = 0; idx < sizeof(names) / sizeof(names[0]); idx++) {
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", dir, names[idx]) < (int)sizeof path)
            on_named_service(path, merge_ports, out);
    }
}

static const char *const COMPOSE_NAMES[] = {"compose.yaml", "compose.yml", "docker-compose.yaml",
                                            "docker-compose.yml"};
/* the environments' names, and the topologies' a stack is split by (docker-compose.ha.yml:
 * held-out set 41, 35, whose replication lines were judged as published while its primary
 * published no port) */
static const char *const COMPOSE_VARIANTS[] = {
    "prod",  "production", "dev",      "development", "local",   "test",        "testing", "ci",
    "e2e",   "staging",    "ha",       "cluster",     "replica", "replication", "scale",   "swarm",
    "stack", "db",         "postgres", "monitoring",  "demo",    "example",     "override"};
#define N_COMPOSE_NAMES (sizeof(COMPOSE_NAMES) / sizeof(COMPOSE_NAMES[0]))
#define N_COMPOSE_VARIANTS (sizeof(COMPOSE_VARIANTS) / sizeof(COMPOSE_VARIANTS[0]))
/* default names, then per stem (docker-compose., compose., docker-compose-, compose-), per
 * variant, per extension */
#define N_COMPOSE_PATHS (N_COMPOSE_NAMES + 4 * N_COMPOSE_VARIANTS * 2)

/* The path of compose candidate `idx` of `dir` (COMPOSE_NAMES, then the variants). */
static bool compose_candidate(const char *dir, size_t idx, char path[PATH_MAX])
{
    static const char *const stems[] = {"docker-compose", "compose"};
    static const char *const exts[] = {"yml", "yaml"};
    if (idx < N_COMPOSE_NAMES)
        return snprintf(path, PATH_MAX, "%s/%s", dir, COMPOSE_NAMES[idx]) < PATH_MAX;
    idx -= N_COMPOSE_NAMES;
    size_t stem = idx / (N_COMPOSE_VARIANTS * 2), var = idx / 2 % N_COMPOSE_VARIANTS, ext = idx % 2;
    return snprintf(path, PATH_MAX, "%s/%s%c%s.%s", dir, stems[stem % 2], stem < 2 ? '.' : '-',
                    COMPOSE_VARIANTS[var], exts[ext]) < PATH_MAX;
}

/* Does compose candidate `idx` of `dir` exist, as a file? Found by stat, not by listing the
 * directory (a lint opens no directory but the rule pack's, tests/rules/t-rules-pack.sh). */
static bool compose_present(const char *dir, size_t idx, char path[PATH_MAX])
{
    struct stat st;
    return compose_candidate(dir, idx, path) && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The files `docker compose` reads by default, in its order of preference (the Compose
 * Specification's "Compose file"), then the variants an environment names with -f
 * (docker-compose.prod.yml: held-out set 31, h31b 20; docker-compose-ci.yml as many projects
 * write it: held-out set 42, h42b 28). */
static bool dir_limits(const char *dir, const char *target, ComposeLimits *out)
{
    char path[PATH_MAX];
    for (size_t idx = 0; idx < N_COMPOSE_NAMES; idx++)
        if (compose_present(dir, idx, path) && compose_file_limits(path, dir, target, out)) {
            override_ports(dir, out);
            return true;
        }
    for (size_t idx = N_COMPOSE_NAMES; idx < N_COMPOSE_PATHS; idx++) {
        if (!compose_present(dir, idx, path) || !compose_file_limits(path, dir, target, out))
            continue;
        size_t var = (idx - N_COMPOSE_NAMES) / 2 % N_COMPOSE_VARIANTS;
        if (strcmp(COMPOSE_VARIANTS[var], "override"))
            return true;
        bool based = false;
        for (size_t base = 0; base < N_COMPOSE_NAMES && !based; base++)
            if (compose_present(dir, base, path)) {
                on_named_service(path, merge_base, out);
                based = true;
            }
        /* an override without its base: the service's command is not in sight */
        if (!based) {
            free(out->unread);
            out->unread = NULL;
        }
        return true;
    }
    return false;
}

/* `*text` with each `from` replaced by `to`. */
static void replace_all(char **text, const char *from, const char *to)
{
    if (!*text || !*from || !strstr(*text, from))
        return;
    StrBuf sb = STRBUF_INIT;
    size_t from_len = strlen(from);
    const char *p = *text;
    for (const char *at; (at = strstr(p, from)); p = at + from_len)
        sb_printf(&sb, "%.*s%s", (int)(at - p), p, to);
    sb_printf(&sb, "%s", p);
    free(*text);
    *text = sb_detach(&sb);
}

/* The compose file named in the messages as a reader of the file finds it from the file's own
 * directory ("../docker-compose.yml"), not by this machine's path (held-out set 46: PK0097,
 * PK0100 and PK0101 named /work/…/docker-compose.yml). */
static void name_compose_from(const char *target, ComposeLimits *out)
{
    if (!out->compose)
        return;
    const char *slash = strrchr(out->compose, '/');
    size_t dir_len = slash ? (size_t)(slash - out->compose) : 0;
    /* the compose file is in the file's directory or one above it: one "../" a level */
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", target);
    char *up = strrchr(dir, '/');
    if (up)
        *up = '\0';
    StrBuf rel = STRBUF_INIT;
    while (up && !(strlen(dir) == dir_len && !strncmp(dir, out->compose, dir_len))) {
        up = strrchr(dir, '/');
        if (up && up != dir) {
            *up = '\0';
            sb_put(&rel, "../");
        } else
            up = NULL;
    }
    if (!up) { /* not above the file: keep its path */
        sb_free(&rel);
        return;
    }
    /* every compose file of that directory (a base file an override merges, too) */
    char *from = xasprintf("%.*s/", (int)dir_len, out->compose);
    char **texts[] = {&out->source,   &out->unread,      &out->command_at, &out->hba_mount,
                      &out->ports_of, &out->in_data_dir, &out->old_volume};
    for (size_t idx = 0; idx < sizeof texts / sizeof texts[0]; idx++)
        replace_all(texts[idx], from, sb_str(&rel));
    free(from);
    sb_free(&rel);
}

/* The compose files that may run `target`: in its directory or one above it, up to three
 * levels and no further than the repository's root. `visit` is called with each directory
 * until it returns true; returns whether one did. */
static bool up_to_repository(const char *target, bool (*visit)(const char *dir, void *ctx),
                             void *ctx)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", target);
    for (int level = 0; level <= 3; level++) {
        char *up = strrchr(dir, '/');
        if (!up || up == dir)
            return false;
        *up = '\0';
        if (visit(dir, ctx))
            return true;
        char git[PATH_MAX];
        struct stat st;
        if (snprintf(git, sizeof git, "%s/.git", dir) < (int)sizeof git && stat(git, &st) == 0)
            return false;
    }
    return false;
}

struct MountSearch {
    const char *target;
    ComposeLimits *out;
    char *devcontainer;
};

static bool visit_mount(const char *dir, void *ctx)
{
    struct MountSearch *search = ctx;
    if (!dir_limits(dir, search->target, search->out))
        return false;
    name_compose_from(search->target, search->out);
    return true;
}

bool input_compose_mount(const char *file, ComposeLimits *out)
{
    *out = (ComposeLimits){.ram = -1, .cores = -1};
    char target[PATH_MAX];
    if (!realpath(file, target))
        return false;
    return up_to_repository(target, visit_mount, &(struct MountSearch){target, out, NULL});
}

static bool visit_devcontainer(const char *dir, void *ctx)
{
    struct MountSearch *search = ctx;
    char path[PATH_MAX];
    struct stat st;
    if (snprintf(path, sizeof path, "%s/.devcontainer", dir) >= (int)sizeof path ||
        stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return false;
    ComposeLimits found = {.ram = -1, .cores = -1};
    /* one that mounts it where the server never reads it runs it for nothing */
    if (dir_limits(path, search->target, &found) && found.compose && !found.unread) {
        /* named from the file's directory, as the compose files of PK0097 are */
        StrBuf rel = STRBUF_INIT;
        for (const char *p = search->target + strlen(dir) + 1; (p = strchr(p, '/')); p++)
            sb_put(&rel, "../");
        search->devcontainer =
            xasprintf("%s.devcontainer/%s", sb_str(&rel), strrchr(found.compose, '/') + 1);
        sb_free(&rel);
    }
    compose_limits_clear(&found);
    return search->devcontainer != NULL;
}

char *input_devcontainer_mount(const char *file)
{
    char target[PATH_MAX];
    if (!realpath(file, target))
        return NULL;
    struct MountSearch search = {target, NULL, NULL};
    up_to_repository(target, visit_devcontainer, &search);
    return search.devcontainer;
}

/* The image's repository matches one of `names` (a name alone matches its last part; one
 * with a namespace, its end with that namespace). */
static bool image_named(const char *image, const char *const *names)
{
    /* the repository without its tag or digest: a registry's port ("localhost:5000/…") is
     * before the last '/' */
    char *repo = xstrdup(image);
    char *last = strrchr(repo, '/');
    last = last ? last + 1 : repo;
    last[strcspn(last, ":@")] = '\0';
    size_t len = strlen(repo);
    bool named = false;
    for (const char *const *name = names; *name && !named; name++) {
        size_t n = strlen(*name);
        named = strchr(*name, '/') ? len >= n && !strcasecmp(repo + len - n, *name) &&
                                         (len == n || repo[len - n - 1] == '/')
                                   : !strcasecmp(last, *name);
    }
    free(repo);
    return named;
}

/* Images of tools that exist only to develop and test against: mail catchers (MailHog,
 * Mailpit, MailDev, smtp4dev, MailCatcher, Inbucket, GreenMail: every message kept, none
 * delivered), cloud emulators (LocalStack, Azurite, DynamoDB local, fake-gcs-server, moto) and
 * API mocks (WireMock, MockServer). Each project describes itself so; a stack that runs one is
 * a development or test stack. A name alone matches the repository's last part; a name with a
 * namespace, generic words such as "moto", matches only with it. */
static const char *const DEV_TOOL_IMAGES[] = {"mailhog",
                                              "mailpit",
                                              "maildev",
                                              "smtp4dev",
                                              "mailcatcher",
                                              "inbucket",
                                              "localstack",
                                              "azurite",
                                              "dynamodb-local",
                                              "fake-gcs-server",
                                              "wiremock",
                                              "greenmail/standalone",
                                              "motoserver/moto",
                                              "mockserver/mockserver",
                                              NULL};

static bool dev_tool_image(const char *image)
{
    return image_named(image, DEV_TOOL_IMAGES);
}

/* Programs that ship a server's log files elsewhere (Elastic's Filebeat and Logstash, Fluentd,
 * Fluent Bit, Grafana's Promtail, Alloy and Agent, Vector, the OpenTelemetry Collector): a
 * generic name matches only with its namespace. */
static const char *const LOG_SHIPPER_IMAGES[] = {"filebeat",
                                                 "logstash",
                                                 "fluentd",
                                                 "fluent-bit",
                                                 "promtail",
                                                 "grafana/alloy",
                                                 "grafana/agent",
                                                 "timberio/vector",
                                                 "opentelemetry-collector",
                                                 "opentelemetry-collector-contrib",
                                                 NULL};

/* A bind source as written, without "./" and a trailing '/'. */
static char *source_key(const char *source)
{
    while (source[0] == '.' && source[1] == '/')
        source += 2;
    char *key = xstrdup(source);
    size_t n = strlen(key);
    while (n > 1 && key[n - 1] == '/')
        key[--n] = '\0';
    return key;
}

/* A container path where the server keeps its data or writes its log files: the service's
 * PGDATA (or a directory holding it), the images' /var/lib/postgresql and /var/lib/pgsql, or a
 * directory named for logs (`/var/log/postgresql`, `$PGDATA/log`). */
static bool server_data_or_log(const char *target, const char *pgdata)
{
    if (!target || target[0] != '/')
        return false;
    size_t n = strlen(target);
    while (n > 1 && target[n - 1] == '/')
        n--;
    if (pgdata && !strncmp(pgdata, target, n) && (pgdata[n] == '\0' || pgdata[n] == '/'))
        return true;
    if (!strncmp(target, "/var/lib/postgresql", 19) || !strncmp(target, "/var/lib/pgsql", 14))
        return true;
    static const char *const logs[] = {"log", "logs", "pg_log", NULL};
    for (const char *part = target; part && *part; part = strchr(part + 1, '/')) {
        const char *word = part + (*part == '/');
        size_t len = strcspn(word, "/");
        for (const char *const *name = logs; *name; name++)
            if (len == strlen(*name) && !strncmp(word, *name, len))
                return true;
    }
    return false;
}

/* Does a service running PostgreSQL mount, at its data or log directory, the source `key` (a
 * source_key) or one inside it, so that a program mounting `key` reads what the server writes
 * there? Into *name the service's name. A system path (/etc/localtime) or the project's whole
 * directory is no such source. */
static bool postgres_mounts(yaml_document_t *doc, yaml_node_t *services, const char *key,
                            char **name)
{
    static const char *const system[] = {"/etc", "/usr", "/run", "/var/run", "/proc",
                                         "/sys", "/dev", "/tmp", NULL};
    if (!*key || !strcmp(key, "/") || !strcmp(key, "."))
        return false;
    for (const char *const *dir = system; *dir; dir++)
        if (!strncmp(key, *dir, strlen(*dir)) &&
            (key[strlen(*dir)] == '\0' || key[strlen(*dir)] == '/'))
            return false;
    for (yaml_node_pair_t *pair = services->data.mapping.pairs.start;
         pair < services->data.mapping.pairs.top; pair++) {
        yaml_node_t *service = yaml_document_get_node(doc, pair->value);
        if (!service || service->type != YAML_MAPPING_NODE || !postgres_image(doc, service))
            continue;
        bool set = false;
        char *pgdata = service_pgdata(doc, service, &set);
        yaml_node_t *volumes = input_yaml_member(doc, service, "volumes");
        bool shared = false;
        for (yaml_node_item_t *it = volumes && volumes->type == YAML_SEQUENCE_NODE
                                        ? volumes->data.sequence.items.start
                                        : NULL;
             it && !shared && it < volumes->data.sequence.items.top; it++) {
            yaml_node_t *item = yaml_document_get_node(doc, *it);
            char *source = item ? volume_source(doc, item) : NULL;
            char *target = item ? volume_target(doc, item) : NULL;
            char *own = source ? source_key(source) : NULL;
            size_t a = own ? strlen(own) : 0, b = strlen(key);
            /* the shipper's source is the server's, or a directory holding it */
            shared = own && *own && server_data_or_log(target, pgdata) &&
                     (!strcmp(own, key) || (b < a && !strncmp(own, key, b) && own[b] == '/'));
            free(source);
            free(target);
            free(own);
        }
        free(pgdata);
        if (shared) {
            *name = scalar_text(yaml_document_get_node(doc, pair->key));
            return true;
        }
    }
    return false;
}

/* What a walk of the stack finds first: a development tool's service, and a log shipper's
 * that mounts the server's data or log directory (malloc'd phrases); NULL for one not asked. */
typedef struct StackSearch {
    bool want_tool, want_shipper;
    const char *file; /* the compose file's name, for the phrase */
    char *tool, *shipper;
} StackSearch;

/* One running service's image (a service under a profile runs only when asked for): a phrase
 * into the search when it is what the search looks for. */
static void search_service(yaml_document_t *doc, yaml_node_t *services, yaml_node_pair_t *pair,
                           StackSearch *search)
{
    yaml_node_t *service = yaml_document_get_node(doc, pair->value);
    if (!service || service->type != YAML_MAPPING_NODE ||
        input_yaml_member(doc, service, "profiles"))
        return;
    yaml_node_t *image = input_yaml_member(doc, service, "image");
    char *text = scalar_text(image);
    char *name = scalar_text(yaml_document_get_node(doc, pair->key));
    if (text && search->want_tool && !search->tool && dev_tool_image(text))
        search->tool = xasprintf("service %s runs %s (line %d)", name ? name : "?", text,
                                 (int)image->start_mark.line + 1);
    yaml_node_t *volumes =
        text && search->want_shipper && !search->shipper && image_named(text, LOG_SHIPPER_IMAGES)
            ? input_yaml_member(doc, service, "volumes")
            : NULL;
    for (yaml_node_item_t *it = volumes && volumes->type == YAML_SEQUENCE_NODE
                                    ? volumes->data.sequence.items.start
                                    : NULL;
         it && !search->shipper && it < volumes->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(doc, *it);
        char *source = item ? volume_source(doc, item) : NULL;
        char *key = source ? source_key(source) : NULL;
        char *server = NULL;
        if (key && postgres_mounts(doc, services, key, &server))
            search->shipper =
                xasprintf("service %s of %s runs %s (line %d) and mounts %s, where"
                          " service %s keeps its data or log",
                          name ? name : "?", search->file, text, (int)image->start_mark.line + 1,
                          source, server ? server : "?");
        free(server);
        free(key);
        free(source);
    }
    free(text);
    free(name);
}

static void search_stack(const char *data, size_t len, yaml_document_t *doc, yaml_node_t *services,
                         const char *path, void *ctx)
{
    (void)data, (void)len;
    StackSearch *search = ctx;
    const char *slash = strrchr(path, '/');
    search->file = slash ? slash + 1 : path;
    for (yaml_node_pair_t *pair = services ? services->data.mapping.pairs.start : NULL;
         pair && pair < services->data.mapping.pairs.top &&
         ((search->want_tool && !search->tool) || (search->want_shipper && !search->shipper));
         pair++)
        search_service(doc, services, pair, search);
}

void input_compose_stack_tools(const char *compose, char **tool, char **shipper)
{
    StackSearch search = {tool != NULL, shipper != NULL, NULL, NULL, NULL};
    if (tool || shipper)
        on_compose_doc(compose, search_stack, &search);
    if (tool)
        *tool = search.tool;
    if (shipper)
        *shipper = search.shipper;
}

/* Does the service build its image from a Dockerfile whose FROM names a PostgreSQL image (or
 * one pgknob cannot read: unknown, so possibly)? False for no build. */
static bool built_from_postgres(yaml_document_t *doc, yaml_node_t *service, const char *dir)
{
    yaml_node_t *build = input_yaml_member(doc, service, "build");
    if (!build)
        return false;
    char *context = build->type == YAML_MAPPING_NODE
                        ? scalar_text(input_yaml_member(doc, build, "context"))
                        : scalar_text(build);
    char *file = build->type == YAML_MAPPING_NODE
                     ? scalar_text(input_yaml_member(doc, build, "dockerfile"))
                     : NULL;
    char *path = xasprintf("%s/%s/%s", dir, context ? context : ".", file ? file : "Dockerfile");
    free(context);
    free(file);
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    bool postgres = true; /* unread: it may be */
    if (pk_read_file(path, 1 << 20, &data, &len, &err) == PK_READ_OK) {
        static const char *const lineages[] = {"postgres", "postgis", "timescale", "pgvector",
                                               "citus",    "spilo",   "pgsql",     NULL};
        for (char *line = strtok(data, "\n"); line; line = strtok(NULL, "\n")) {
            line += strspn(line, " \t");
            if (strncasecmp(line, "FROM", 4) || !isspace((unsigned char)line[4]))
                continue;
            postgres = false;
            for (const char *const *name = lineages; *name && !postgres; name++)
                postgres = strcasestr(line, *name) != NULL;
            if (postgres)
                break;
        }
    }
    free(data);
    free(path);
    return postgres;
}

/* Does a service of the compose file bind-mount `target` or a directory holding it? Into
 * *postgres whether one that does runs PostgreSQL (an image of the official lineage, or one it
 * builds, whose Dockerfile is read elsewhere). */
struct ShipSearch {
    const char *target;
    bool mounted, postgres;
};

static void ships_to(const char *data, size_t len, yaml_document_t *doc, yaml_node_t *services,
                     const char *path, void *ctx)
{
    (void)data, (void)len;
    struct ShipSearch *search = ctx;
    char *dir = xstrdup(path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    for (yaml_node_pair_t *pair = services ? services->data.mapping.pairs.start : NULL;
         pair && pair < services->data.mapping.pairs.top; pair++) {
        yaml_node_t *service = yaml_document_get_node(doc, pair->value);
        yaml_node_t *volumes = service && service->type == YAML_MAPPING_NODE
                                   ? input_yaml_member(doc, service, "volumes")
                                   : NULL;
        bool mounts = false, server_path = false;
        for (yaml_node_item_t *it = volumes && volumes->type == YAML_SEQUENCE_NODE
                                        ? volumes->data.sequence.items.start
                                        : NULL;
             it && !mounts && it < volumes->data.sequence.items.top; it++) {
            yaml_node_t *item = yaml_document_get_node(doc, *it);
            char *source = item ? volume_source(doc, item) : NULL;
            mounts = source && source_names(slash ? dir : ".", source, search->target) != 0;
            /* mounted where a server reads it (/etc/postgresql/13/main/pg_hba.conf of an
             * all-in-one image): that container runs one */
            char *dst = mounts ? volume_target(doc, item) : NULL;
            server_path = dst && (strcasestr(dst, "postgres") || strcasestr(dst, "pgsql") ||
                                  strstr(dst, "pg_hba.conf") || strstr(dst, "pg_ident.conf"));
            free(dst);
            free(source);
        }
        if (!mounts)
            continue;
        search->mounted = true;
        search->postgres = search->postgres || server_path || postgres_image(doc, service) ||
                           built_from_postgres(doc, service, slash ? dir : ".");
    }
    free(dir);
}

bool input_compose_ships_to_postgres(const char *compose, const char *file)
{
    char target[PATH_MAX];
    if (!realpath(file, target))
        return true;
    struct ShipSearch search = {target, false, false};
    on_compose_doc(compose, ships_to, &search);
    return !search.mounted || search.postgres;
}

void compose_limits_clear(ComposeLimits *limits)
{
    free(limits->source);
    free(limits->unread);
    free(limits->compose);
    free(limits->overrides);
    free(limits->command_at);
    free(limits->service);
    free(limits->hba_target);
    free(limits->hba_mount);
    free(limits->image);
    free(limits->ports_of);
    free(limits->in_data_dir);
    free(limits->old_volume);
    limits->old_volume = NULL;
    free(limits->unread_target);
    limits->unread_target = NULL;
    free(limits->database);
    limits->database = NULL;
    free(limits->trust.name);
    limits->trust = (struct ComposeTrust){0};
    for (size_t idx = 0; idx < limits->n_binds; idx++) {
        free(limits->binds[idx].target);
        free(limits->binds[idx].source);
    }
    free(limits->binds);
    limits->binds = NULL;
    limits->n_binds = 0;
    limits->image = limits->ports_of = limits->in_data_dir = NULL;
    limits->source = limits->unread = limits->compose = NULL;
    limits->overrides = limits->command_at = limits->service = NULL;
    limits->command_line = 0;
    limits->hba_target = limits->hba_mount = NULL;
}

bool input_compose_limits(const char *file, ComposeLimits *out)
{
    bool mounted = input_compose_mount(file, out);
    /* only the limits and their source are this function's answer */
    char *source = out->source;
    out->source = NULL;
    compose_limits_clear(out);
    out->source = source;
    return mounted && source != NULL;
}
