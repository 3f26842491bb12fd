#include "lint/container.h"

#include <ctype.h>
#include <fnmatch.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "catalog/value.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "input/compose_env.h"
#include "input/compose_limits.h"
#include "input/major_evidence.h"
#include "lint/major.h"
#include "lint/validate.intern.h"

/* A Dockerfile by its conventional names: Dockerfile, Dockerfile.pg, db.dockerfile,
 * postgres.Dockerfile (held-out set 32, h32a 05: Aiden-db.dockerfile), in any case: a repository
 * builds its DockerFile with -f (review 2026-12zf, b04) */
bool lint_dockerfile_name(const char *name)
{
    size_t len = strlen(name);
    return !strncasecmp(name, "Dockerfile", 10) ||
           (len > 11 && !strcasecmp(name + len - 11, ".dockerfile"));
}

/* A YAML file by any other name may be a compose file run with -f (`docker compose -f
 * pgbouncer-alt.yml up`; review 2026-12zg, h35a 04): one only when it has a top-level
 * `services:` (compose_yaml_services), and looked at only within a checkout (a file in /tmp
 * would read every YAML file there on every lint). */
static bool yaml_name(const char *name)
{
    size_t len = strlen(name);
    return (len > 4 && !strcmp(name + len - 4, ".yml")) ||
           (len > 5 && !strcmp(name + len - 5, ".yaml"));
}

static bool docker_file_name(const char *name, bool any_yaml)
{
    return lint_dockerfile_name(name) || !strncmp(name, "docker-compose", 14) ||
           ((!strncmp(name, "compose", 7)) && (strstr(name, ".yml") || strstr(name, ".yaml"))) ||
           (any_yaml && yaml_name(name));
}

/* Does the text hold a top-level `services:` key, as a compose file does? */
static bool compose_yaml_services(const char *data)
{
    for (const char *line = data; line; line = strchr(line, '\n')) {
        if (*line == '\n')
            line++;
        if (!strncmp(line, "services:", 9))
            return true;
    }
    return false;
}

/* `$PWD/` or `${PWD}/` right before `at`, opening a word: the shell's working directory, where
 * compose runs, the project's (held-out set 55, h55c 44: `$PWD/pg_conf_master.conf` mounted as
 * the config_file, called run by none). */
static bool pwd_before(const char *line, const char *at)
{
    static const char *const forms[] = {"$PWD/", "${PWD}/"};
    for (size_t idx = 0; idx < 2; idx++) {
        size_t n = strlen(forms[idx]);
        if (at - line >= (ptrdiff_t)n && !strncmp(at - n, forms[idx], n) &&
            (at - n == line || strchr(" \t\"'=[,", at[-(ptrdiff_t)n - 1])))
            return true;
    }
    return false;
}

/* Does `line` name the path `rel` whole (`COPY conf/pg.conf /etc/…`, `- ./conf/pg.conf:/etc/…`),
 * followed by `after` when given (a mount's `:`), not as part of a longer name? */
static bool names_path(const char *line, const char *eol, const char *rel, char after)
{
    size_t len = strlen(rel);
    for (const char *at = line; len && at + len <= eol; at++) {
        if (strncmp(at, rel, len))
            continue;
        bool start = at == line || strchr(" \t\"'=[,", at[-1]) ||
                     (at - line >= 2 && at[-1] == '/' && at[-2] == '.' &&
                      (at - line == 2 || strchr(" \t\"'=[,", at[-3]))) ||
                     pwd_before(line, at);
        char next = at + len < eol ? at[len] : '\0';
        bool end = after ? next == after : !next || strchr(" \t\"',]:\r", next);
        if (start && end)
            return true;
    }
    return false;
}

/* Does a word of [line, eol) name `rel` behind a build argument that stands for its first
 * directories (`COPY ${DOCKERDIR}/postgresql/postgresql.conf …` for
 * docker/postgresql/postgresql.conf: held-out set 51, 07)? The argument is one `${NAME}` or
 * `$NAME` opening the word, for one directory or more. */
static bool names_path_behind_arg(const char *line, const char *eol, const char *rel)
{
    /* the sources only: the last word is where the copy lands (COPY x $PGDATA/postgresql.conf) */
    const char *last = eol;
    while (last > line && isspace((unsigned char)last[-1]))
        last--;
    while (last > line && !isspace((unsigned char)last[-1]))
        last--;
    eol = last;
    for (const char *at = line; at < eol; at++) {
        if (*at != '$' || (at > line && !strchr(" \t\"'[,", at[-1])))
            continue;
        const char *p = at + 1;
        bool braced = *p == '{';
        p += braced;
        size_t n = 0;
        while (p + n < eol && (isalnum((unsigned char)p[n]) || p[n] == '_'))
            n++;
        if (!n || (braced && (p + n >= eol || p[n] != '}')))
            continue;
        const char *tail = p + n + braced; /* "/postgresql/postgresql.conf" */
        size_t tail_len = strcspn(tail, " \t\"',]\r\n");
        if (tail + tail_len > eol)
            tail_len = (size_t)(eol - tail);
        size_t rel_len = strlen(rel);
        if (tail_len > 1 && *tail == '/' && rel_len > tail_len &&
            !strncmp(rel + rel_len - tail_len, tail, tail_len))
            return true;
    }
    return false;
}

/* Does the COPY or ADD at [line, eol) copy a directory holding `rel` (`COPY filer/postgres/
 * /postgres/` for filer/postgres/postgresql.conf; review 2026-12zg, h34a 01)? The
 * context's root (`COPY . /app`) copies everything and says nothing of the file. */
static bool copies_ancestor(const char *line, const char *eol, const char *rel)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", rel);
    for (char *slash = strrchr(dir, '/'); slash; slash = strrchr(dir, '/')) {
        *slash = '\0';
        char with_slash[PATH_MAX + 1];
        snprintf(with_slash, sizeof with_slash, "%s/", dir);
        if (*dir && (names_path(line, eol, dir, '\0') || names_path(line, eol, with_slash, '\0')))
            return true;
    }
    return false;
}

/* Does a source of the COPY or ADD at [line, eol) match `rel` as a pattern (`COPY
 * docker/prd/postgresql11/ and a star .conf: held-out set 44, 08)? */
static bool glob_names_path(const char *line, const char *eol, const char *rel)
{
    for (const char *at = line; at < eol;) {
        at += strspn(at, " \t\"'[],\\\r\n");
        size_t n = strcspn(at, " \t\"'[],\\\r\n");
        if (at + n > eol)
            n = (size_t)(eol - at);
        char word[PATH_MAX];
        if (n && n < sizeof word && memchr(at, '*', n)) {
            snprintf(word, sizeof word, "%.*s", (int)n, at);
            const char *pattern = !strncmp(word, "./", 2) ? word + 2 : word;
            if (!fnmatch(pattern, rel, FNM_PATHNAME))
                return true;
        }
        at += n ? n : 1;
    }
    return false;
}

/* Does the Dockerfile or compose file `data` put the file at `rel` into a container: a Dockerfile
 * line that COPYs or ADDs it, a compose volume that mounts it or its directory (`- ./conf:`)?
 * What it runs then names the file's major, config_file or not (held-out set 32: 12 of 74
 * files were copied into an image whose tag named their major). */
static bool ships_path(const char *data, const char *rel, bool dockerfile)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(rel, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - rel) : 0, rel);
    for (const char *line = data, *eol; *line; line = *eol ? eol + 1 : eol) {
        eol = strchr(line, '\n');
        if (!eol)
            eol = line + strlen(line);
        const char *p = line;
        while (p < eol && isspace((unsigned char)*p))
            p++;
        if (dockerfile) {
            if (strncasecmp(p, "COPY", 4) && strncasecmp(p, "ADD", 3))
                continue;
            /* one instruction over continued lines (`COPY [ \` then `"pg/postgresql.conf", \`:
             * review 2026-12zf, 21) */
            const char *stop = eol;
            while (*stop) {
                const char *last = stop;
                while (last > p && (last[-1] == ' ' || last[-1] == '\t' || last[-1] == '\r'))
                    last--;
                if (last == p || last[-1] != '\\')
                    break;
                const char *next = strchr(stop + 1, '\n');
                stop = next ? next : stop + 1 + strlen(stop + 1);
            }
            if (names_path(p, stop, rel, '\0') || copies_ancestor(p, stop, rel) ||
                glob_names_path(p, stop, rel) || names_path_behind_arg(p, stop, rel))
                return true;
            eol = stop;
        } else if (*p == '-' &&
                   (names_path(p, eol, rel, ':') || (*dir && names_path(p, eol, dir, ':')))) {
            return true; /* a volume's short form, `- ./conf:/etc/…`; not a service `db:` */
        } else if (!strncmp(p, "source:", 7) &&
                   (names_path(p, eol, rel, '\0') || (*dir && names_path(p, eol, dir, '\0')))) {
            return true; /* its long form */
        }
    }
    return false;
}

/* A compose file that mounts the directory of `rel` (a volume's short form `- ./conf:…`) and
 * whose config_file names a file of `rel`'s name (`config_file=/etc/pg/postgresql.conf`). */
static bool config_file_in_mounted_dir(const char *data, const char *rel)
{
    const char *slash = strrchr(rel, '/');
    if (!slash || !slash[1])
        return false;
    const char *base = slash + 1;
    bool mounted = ships_path(data, rel, false); /* a volume of the file or its directory */
    for (const char *at = strstr(data, "config_file="); mounted && at;
         at = strstr(at + 1, "config_file=")) {
        const char *value = at + strlen("config_file=");
        size_t n = strcspn(value, " \t\r\n\"',]");
        size_t base_len = strlen(base);
        if (n > base_len && value[n - base_len - 1] == '/' &&
            !strncmp(value + n - base_len, base, base_len))
            return true;
    }
    return false;
}

/* Blanks the comments of a compose file or Dockerfile, keeping its lines: a whole line from `#`,
 * and in YAML a `#` after a space too (review 2026-12zh, h39a 04: `# command: postgres -c
 * config_file=…` read as the command that runs the file). */
static void blank_comments(char *data, bool yaml)
{
    bool line_start = true, quoted = false;
    char quote = 0;
    for (char *p = data; *p; p++) {
        if (*p == '\n') {
            line_start = true;
            quoted = false;
            continue;
        }
        if (line_start && (*p == ' ' || *p == '\t'))
            continue;
        bool comment =
            *p == '#' && (line_start || (yaml && !quoted && isspace((unsigned char)p[-1])));
        line_start = false;
        if (yaml && (*p == '"' || *p == '\'') && (!quoted || quote == *p)) {
            quoted = !quoted;
            quote = *p;
        }
        if (comment)
            while (*p && *p != '\n')
                *p++ = ' ';
        if (!*p)
            break;
        if (*p == '\n')
            line_start = true;
    }
}

/* Does the compose file or Dockerfile at `path` name config_file and the file, or with `ships`
 * copy or mount it? A Dockerfile names the file from its build context (`rel_context`), a
 * compose file from its own directory (`rel_compose`). */
/* Does an absolute path of `data` end with `/rel` (`/vagrant/docker/postgres/postgresql.conf`
 * for docker/postgres/postgresql.conf)? */
static bool ends_a_path(const char *data, const char *rel)
{
    size_t len = strlen(rel);
    for (const char *at = strstr(data, rel); at; at = strstr(at + 1, rel)) {
        char after = at[len];
        if (at > data && at[-1] == '/' && (!after || strchr(":\"' \t\r\n,]", after)))
            return true;
    }
    return false;
}

static bool docker_file_ships(const char *path, const char *name, const char *rel_context,
                              const char *rel_compose, bool ships)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return false;
    bool dockerfile = lint_dockerfile_name(name);
    const char *rel = dockerfile ? rel_context : rel_compose;
    bool conventional =
        dockerfile || !strncmp(name, "docker-compose", 14) || !strncmp(name, "compose", 7);
    if (!conventional && !compose_yaml_services(data)) {
        free(data);
        return false;
    }
    blank_comments(data, !dockerfile);
    /* the file's name beside config_file: `-c config_file=/etc/postgresql/postgresql.conf`
     * with a volume `./postgres/postgresql.conf:/etc/postgresql/postgresql.conf`, or its
     * directory mounted (`./postgres/conf:/etc/postgres-config`) and config_file naming the
     * file's name in it (review 2026-12zg, h36a 02: 13's built-in 8MB shared_buffers unsaid) */
    bool hit = ships
                   ? ships_path(data, rel, dockerfile)
                   : strstr(data, "config_file") &&
                         /* as a path of its own, not the end of another: every compose file of
                          * a directory may name the container's /etc/postgresql/postgresql.conf
                          * (review 2026-12zo, h53a 06: the minimal stack's compose file taken for
                          * the one that runs postgresql.conf); a path with directories may close
                          * an absolute one, the checkout mounted elsewhere (Vagrant's /vagrant/) */
                         (names_path(data, data + strlen(data), rel, '\0') ||
                          (strchr(rel, '/') && ends_a_path(data, rel)) ||
                          (!dockerfile && config_file_in_mounted_dir(data, rel)));
    free(data);
    return hit;
}

/* A compose file or Dockerfile in `dir` that names the file, `rel` from `dir` (the build
 * context, or with `child`, the directory above `dir`: `docker build -f docker/Dockerfile .`
 * names the file from there, and a compose file there as `../conf/pg.conf`); its path into
 * `found` (PATH_MAX). Within a `checkout`, a YAML file of any name with `services:` too. */
static bool dir_mounts(const char *dir, const char *rel, bool child, char *found, bool ships,
                       bool checkout)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    char up_rel[PATH_MAX];
    snprintf(up_rel, sizeof up_rel, "%s%s", child ? "../" : "", rel);
    bool hit = false;
    for (struct dirent *de; !hit && (de = readdir(d));) {
        if (!docker_file_name(de->d_name, checkout))
            continue;
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", dir, de->d_name) >= (int)sizeof path)
            continue;
        hit = docker_file_ships(path, de->d_name, rel, up_rel, ships);
        /* a Dockerfile built with an ancestor as its context (`docker build -f
         * docker/prd/postgresql11/Dockerfile .`) names the file from there (held-out set 44,
         * 08), up to three levels */
        char context[PATH_MAX], from[PATH_MAX];
        snprintf(context, sizeof context, "%s", dir);
        snprintf(from, sizeof from, "%s", rel);
        if (child) {
            char *cut = strrchr(context, '/');
            if (cut)
                *cut = '\0';
        }
        for (int level = 0; !hit && lint_dockerfile_name(de->d_name) && level < 3; level++) {
            char *cut = strrchr(context, '/');
            char longer[PATH_MAX];
            if (!cut || cut == context ||
                snprintf(longer, sizeof longer, "%s/%s", cut + 1, from) >= (int)sizeof longer)
                break;
            snprintf(from, sizeof from, "%s", longer);
            *cut = '\0';
            hit = docker_file_ships(path, de->d_name, from, up_rel, ships);
        }
        if (hit)
            snprintf(found, PATH_MAX, "%s", path);
    }
    closedir(d);
    return hit;
}

/* Where repositories keep their container files beside the configuration's directory. */
static bool container_dir_name(const char *name)
{
    static const char *const names[] = {"docker",     "dockerfiles",    "build",      "deploy",
                                        "deployment", "container",      "containers", "compose",
                                        "infra",      "infrastructure", "ops",        "db",
                                        "database",   "postgres",       "postgresql", NULL};
    const char *bare = name[0] == '.' ? name + 1 : name;
    for (const char *const *n = names; *n; n++)
        if (!strcasecmp(bare, *n))
            return true;
    return false;
}

/* The same in each directory just below `dir` (docker/Dockerfile, deploy/compose.yml beside the
 * configuration's own directory; review 2026-12ze, h32a 11), at most 256 of them; outside a
 * checkout (no .git in sight), only those named as container files' homes are (a file in /tmp
 * would list every directory there on every lint). */
static bool child_dirs_mount(const char *dir, const char *rel, bool any_name, char *found,
                             bool ships)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    bool hit = false;
    int seen = 0;
    for (struct dirent *de; !hit && seen < 256 && (de = readdir(d));) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") || !strcmp(de->d_name, ".git") ||
            !strcmp(de->d_name, "node_modules") || (!any_name && !container_dir_name(de->d_name)))
            continue;
        char sub[PATH_MAX];
        struct stat st;
        if (snprintf(sub, sizeof sub, "%s/%s", dir, de->d_name) >= (int)sizeof sub ||
            stat(sub, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        seen++;
        hit = dir_mounts(sub, rel, true, found, ships, any_name);
    }
    closedir(d);
    return hit;
}

/* Up from the file's directory to the repository's root (a .git beside it), at most 3 levels;
 * at each, the directories just below it too. */
static bool repository_runner(const char *file, char *found, bool ships)
{
    /* a bare name is in the working directory: its checkout is found the same way */
    char absolute[PATH_MAX];
    if (!realpath(file, absolute))
        return false;
    file = absolute;
    const char *slash = strrchr(file, '/');
    if (!slash || slash == file)
        return false;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", (int)(slash - file), file);
    /* a checkout within the levels read: every directory of it may hold the build */
    bool checkout = input_in_checkout(dir);
    for (int level = 0; level <= 3 && *dir; level++) {
        const char *rel = file + strlen(dir) + 1;
        if (dir_mounts(dir, rel, false, found, ships, checkout))
            return true;
        char git[PATH_MAX];
        struct stat st;
        bool root =
            snprintf(git, sizeof git, "%s/.git", dir) < (int)sizeof git && stat(git, &st) == 0;
        /* below the file's own directory only from one above it: a sibling's, not the file's
         * own subdirectories */
        if (level > 0 && child_dirs_mount(dir, rel, checkout, found, ships))
            return true;
        if (root)
            return false;
        char *up = strrchr(dir, '/');
        if (!up)
            return false;
        *up = '\0';
    }
    return false;
}

char *lint_path_from(const char *file, const char *target)
{
    char dir[PATH_MAX];
    if (!target || !realpath(file, dir))
        return xstrdup(target ? target : "");
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    StrBuf up = STRBUF_INIT;
    while (strncmp(target, dir, strlen(dir)) || target[strlen(dir)] != '/') {
        sb_printf(&up, "../");
        slash = strrchr(dir, '/');
        if (!slash || slash == dir)
            break;
        *slash = '\0';
    }
    if (strncmp(target, dir, strlen(dir)) || target[strlen(dir)] != '/') {
        sb_free(&up);
        return xstrdup(target);
    }
    sb_printf(&up, "%s", target + strlen(dir) + 1);
    return sb_detach(&up);
}

bool lint_repository_mounts(const char *file, char *found)
{
    return repository_runner(file, found, false);
}

bool lint_repository_ships(const char *file, char *found)
{
    return repository_runner(file, found, true);
}

/* A PostgreSQL major at `at`: 10 and later, or 8.x and 9.x with their minor. */
static bool major_at(const char *at, char label[16], int *major)
{
    int n = atoi(at);
    const char *end = at + strspn(at, "0123456789");
    if (n >= 10 && n < 100) {
        snprintf(label, 16, "%d", n);
        *major = n;
        return true;
    }
    if ((n == 8 || n == 9) && *end == '.' && isdigit((unsigned char)end[1])) {
        snprintf(label, 16, "%d.%d", n, atoi(end + 1));
        *major = 0;
        return true;
    }
    return false;
}

/* The tag's major: its leading number (postgres:16.2-alpine, postgis:17-3.4, bitnami 15.6.0),
 * the number after "pg" (pgvector:pg16, timescaledb:latest-pg16), or, for PGroonga's images,
 * whose tags lead with PGroonga's own version or a word, a part of its own between dashes
 * (pgroonga:3.1.6-alpine-12, pgroonga:latest-debian-16: held-out set 43, h43c 40); another
 * image's such part is its distribution's release (postgres-exporter:0.15.0-debian-12-r14).
 * 9.x keeps its minor. */
static bool tag_major(const char *repo, size_t repo_len, const char *tag, char label[16],
                      int *major)
{
    if (isdigit((unsigned char)*tag) && major_at(tag, label, major))
        return true;
    for (const char *at = strstr(tag, "pg"); at; at = strstr(at + 2, "pg"))
        if (isdigit((unsigned char)at[2]))
            return major_at(at + 2, label, major);
    bool major_part = memmem(repo, repo_len, "pgroonga", 8) != NULL;
    for (const char *part = major_part ? strchr(tag, '-') : NULL; part;
         part = strchr(part + 1, '-')) {
        size_t digits = strspn(part + 1, "0123456789.");
        char next = part[1 + digits];
        if (digits && (next == '-' || next == '\0') && major_at(part + 1, label, major))
            return true;
    }
    return false;
}

/* Is the image's repository (its last path part) a PostgreSQL server's? */
static bool postgres_repository(const char *ref, size_t len)
{
    const char *slash = ref;
    for (const char *p = ref; p < ref + len; p++)
        if (*p == '/')
            slash = p + 1;
    size_t n = (size_t)(ref + len - slash);
    /* pgautoupgrade and pgroonga are drop-in builds whose tags name the PostgreSQL major
     * (held-out set 42, h42c 41: pgautoupgrade/pgautoupgrade:18-alpine) */
    static const char *const words[] = {"postgres",      "postgis",  "pgvector", "timescaledb",
                                        "pgautoupgrade", "pgroonga", NULL};
    for (const char *const *w = words; *w; w++)
        for (const char *p = slash; p + strlen(*w) <= slash + n; p++)
            if (!strncmp(p, *w, strlen(*w)))
                return true;
    return false;
}

/* The images of `path`'s `image:` and `FROM` lines; false when two name different majors. */
/* The Dockerfiles a compose file builds, by its `build:` (a context, or a mapping with
 * `context:` and `dockerfile:`), each a path from the compose file's directory. */
typedef struct {
    char context[4][PATH_MAX / 4];
    char dockerfile[4][PATH_MAX / 4];
    int n;
    bool value_next; /* `build:` alone on its line: a plain scalar on the next may be its value */
} BuildList;

/* The scalar after `key:` on this line, unquoted, into `out`; false when none (a mapping). */
static bool key_scalar(const char *p, const char *eol, const char *key, char *out, size_t cap)
{
    size_t klen = strlen(key);
    if (strncmp(p, key, klen) || p[klen] != ':')
        return false;
    p += klen + 1;
    while (p < eol && (*p == ' ' || *p == '\t' || *p == '"' || *p == '\''))
        p++;
    size_t n = strcspn(p, " \t\r\n\"'#");
    if (p + n > eol)
        n = (size_t)(eol - p);
    if (!n || n >= cap)
        return false;
    snprintf(out, cap, "%.*s", (int)n, p);
    return true;
}

static void note_build(BuildList *builds, const char *p, const char *eol)
{
    char value[PATH_MAX / 4];
    if (p == eol || *p == '#')
        return;
    bool value_next = builds->value_next;
    builds->value_next = false;
    if (!strncmp(p, "build:", 6) && builds->n < 4) {
        int at = builds->n++;
        bool given = key_scalar(p, eol, "build", value, sizeof value);
        snprintf(builds->context[at], sizeof builds->context[at], "%s", given ? value : ".");
        snprintf(builds->dockerfile[at], sizeof builds->dockerfile[at], "Dockerfile");
        builds->value_next = !given;
        return;
    }
    if (!builds->n)
        return;
    int at = builds->n - 1;
    /* `build:` then its context on the next line, a plain scalar (`./etc/postgresql`; held-out
     * set 42, 02: the FROM postgres:12.2 it builds went unread) */
    size_t n = strcspn(p, " \t\r\n#");
    if (value_next && p + n <= eol && n && n < sizeof value && !memchr(p, ':', n) && *p != '-') {
        snprintf(builds->context[at], sizeof builds->context[at], "%.*s", (int)n, p);
        return;
    }
    if (key_scalar(p, eol, "context", value, sizeof value))
        snprintf(builds->context[at], sizeof builds->context[at], "%s", value);
    else if (key_scalar(p, eol, "dockerfile", value, sizeof value))
        snprintf(builds->dockerfile[at], sizeof builds->dockerfile[at], "%s", value);
}

/* A Dockerfile's `ARG NAME=value` and `ENV NAME=value` (or `ENV NAME value`) lines, for the
 * lines after them (review 2026-12zg, h34a 04: `ENV MAJORVER=12`, then
 * `dnf install -y postgresql${MAJORVER}-server`) */
typedef struct {
    char name[8][64];
    char value[8][64];
    int n;
} ArgList;

static void note_arg(ArgList *args, const char *p, const char *eol)
{
    bool env = !strncasecmp(p, "ENV", 3);
    if ((strncasecmp(p, "ARG", 3) && !env) || !isspace((unsigned char)p[3]) || args->n >= 8)
        return;
    p += 3;
    while (p < eol && isspace((unsigned char)*p))
        p++;
    size_t name_len = strcspn(p, "= \t\r\n");
    const char *eq = p + name_len < eol && p[name_len] == '=' ? p + name_len
                     /* ENV's older form, a name and a value after a blank */
                     : env && p + name_len < eol ? p + name_len
                                                 : NULL;
    if (!eq || eq == p || eq - p >= 64)
        return;
    const char *value = eq + 1;
    while (*eq != '=' && value < eol && isspace((unsigned char)*value))
        value++;
    size_t n = strcspn(value, " \t\r\n\"'");
    if (value + n > eol)
        n = (size_t)(eol - value);
    snprintf(args->name[args->n], 64, "%.*s", (int)(eq - p), p);
    snprintf(args->value[args->n], 64, "%.*s", (int)n, value);
    args->n++;
}

/* `tag` with `${NAME}`, `$NAME` and `${NAME:-default}` replaced by the ARG's value, else the
 * default (`postgres:${PG_VERSION}` after `ARG PG_VERSION=17.7`, held-out set 32, h32a 13;
 * compose's `postgres:${PG_MAJOR:-16}`); a variable with neither is left as written. */
static void expand_args(const ArgList *args, const char *tag, char *out, size_t cap)
{
    size_t used = 0;
    for (const char *p = tag; *p && used + 1 < cap;) {
        if (*p != '$') {
            out[used++] = *p++;
            continue;
        }
        bool braced = p[1] == '{';
        const char *name = p + 1 + braced;
        size_t n = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
        const char *def = NULL, *end = name + n;
        size_t def_len = 0;
        if (braced) {
            const char *close = strchr(name, '}');
            if (!close) {
                out[used++] = *p++;
                continue;
            }
            if (!strncmp(end, ":-", 2) || *end == '-') {
                def = end + (*end == ':' ? 2 : 1);
                def_len = (size_t)(close - def);
            }
            end = close + 1;
        }
        const char *value = NULL;
        for (int idx = 0; idx < args->n && !value; idx++)
            if (strlen(args->name[idx]) == n && !strncmp(args->name[idx], name, n))
                value = args->value[idx];
        size_t vlen = value ? strlen(value) : def ? def_len : (size_t)(end - p);
        const char *from = value ? value : def ? def : p;
        for (size_t idx = 0; idx < vlen && used + 1 < cap; idx++)
            out[used++] = from[idx];
        p = end;
    }
    out[used] = '\0';
}

/* Does a package name start at `at` in the command `cmd`: after a blank or a backslash, or a
 * quote after one, or as the value of Ansible's pkg= or name= (not another option's value:
 * --disablerepo=postgresql13, login_host=postgresql12)? */
static bool package_start(const char *cmd, const char *at)
{
    if (at > cmd && (at[-1] == '"' || at[-1] == '\''))
        at--;
    if (at == cmd || strchr(" \t\\", at[-1]))
        return true;
    return (at - cmd >= 4 && !strncmp(at - 4, "pkg=", 4) &&
            (at - cmd == 4 || !isalnum((unsigned char)at[-5]))) ||
           (at - cmd >= 5 && !strncmp(at - 5, "name=", 5) &&
            (at - cmd == 5 || !isalnum((unsigned char)at[-6])));
}

/* The PostgreSQL server package one command installs: its major into label and *major, what it
 * does into phrase (256). */
static bool package_in(const char *cmd, char *phrase, char label[16], int *major)
{
    bool ansible = (strstr(cmd, "pkg=") || strstr(cmd, "name=")) && !strstr(cmd, "state=absent");
    if (!strstr(cmd, "install") && !(strstr(cmd, "apk ") && strstr(cmd, " add ")) && !ansible)
        return false;
    for (const char *at = strstr(cmd, "postgresql"); at; at = strstr(at + 10, "postgresql")) {
        const char *num = at + 10 + (at[10] == '-');
        if (!package_start(cmd, at) || !isdigit((unsigned char)*num))
            continue;
        size_t digits = strspn(num, "0123456789.");
        char version[16];
        snprintf(version, sizeof version, "%.*s", (int)digits, num);
        int n = atoi(version);
        if (!(n >= 10 && n < 100) && !((n == 8 || n == 9) && strchr(version, '.')))
            continue;
        snprintf(label, 16, "%s", version);
        if (n >= 10)
            snprintf(label, 16, "%d", n);
        *major = n >= 10 ? n : 0;
        size_t word = strcspn(at, " \t\r\\&;\"',");
        snprintf(phrase, 256, "installs %.*s", (int)word, at);
        return true;
    }
    return false;
}

/* A line of a Dockerfile or compose file that names the major by Debian's or PGDG's layout or
 * package: a destination or command under /etc/postgresql/15/main or /usr/lib/postgresql/15
 * (held-out set 32, h32b 20: `COPY postgresql.conf /etc/postgresql/15/main/conf.d/local.conf`),
 * or a package installed (`apt-get install -y postgresql-15`, `postgresql15-server`). A comment
 * names nothing. `phrase` (256) says what the line does. */
static bool layout_clue(const char *p, const char *eol, char *phrase, char label[16], int *major)
{
    if (p >= eol || *p == '#')
        return false;
    char text[512];
    snprintf(text, sizeof text, "%.*s", (int)(eol - p), p);
    char *hash = strstr(text, " #");
    if (hash)
        *hash = '\0';
    static const char *const layouts[] = {"/etc/postgresql/", "/usr/lib/postgresql/",
                                          "/var/lib/postgresql/", "/usr/pgsql-", NULL};
    for (const char *const *layout = layouts; *layout; layout++) {
        char *at = strstr(text, *layout);
        if (!at || !isdigit((unsigned char)at[strlen(*layout)]))
            continue;
        size_t n = strcspn(at, " \t\r\"',:]");
        char path[256];
        snprintf(path, sizeof path, "%.*s", (int)n, at);
        if (!major_in_text(path, false, label, major))
            continue;
        snprintf(phrase, 256, "names %.200s", path);
        return true;
    }
    /* a package manager's install, one command of the line at a time: apt-get/yum/dnf install,
     * Alpine's apk add, or Ansible's package modules run in the build (`ansible local -m apt -a
     * "pkg=postgresql-9.3 state=present"`, present by default: held-out set 46, h46c 38), never
     * a command that removes (state=absent) */
    for (char *cmd = text, *next; cmd && *cmd; cmd = next) {
        next = NULL;
        for (char *sep = cmd; *sep && !next; sep++)
            if (*sep == ';' || *sep == '|' || (*sep == '&' && sep[1] == '&')) {
                bool pair = sep[1] == '&' || sep[1] == '|';
                *sep = '\0';
                next = sep + 1 + pair;
            }
        if (package_in(cmd, phrase, label, major))
            return true;
    }
    return false;
}

static bool images_of(const char *path, char *image, char *where, int *line, char label[16],
                      int *major, bool *found, BuildList *builds)
{
    ArgList args = {0};
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return true;
    /* a compose file's values as compose fills them from its project's .env (an image of
     * ${IMAGE}, postgres:${PG_VERSION:-14} beside PG_VERSION=13: review 2026-12zo, h57a 01) */
    const char *base = strrchr(path, '/');
    if (!lint_dockerfile_name(base ? base + 1 : path))
        data = compose_fill_file_text(path, data, &len);
    bool agree = true;
    int at = 0, part_at[64];
    size_t part_off[64], n_parts = 0;
    /* a RUN continued over lines (`apk add --virtual base \` then `postgresql15 \`) is one
     * command: the package clue reads the lines joined (review 2026-12zg, h37b 20) */
    StrBuf logical = STRBUF_INIT;
    for (char *cursor = data, *eol; agree && *cursor; cursor = *eol ? eol + 1 : eol) {
        eol = strchr(cursor, '\n');
        if (!eol)
            eol = cursor + strlen(cursor);
        at++;
        const char *p = cursor;
        while (p < eol && isspace((unsigned char)*p))
            p++;
        if (builds)
            note_build(builds, p, eol);
        note_arg(&args, p, eol);
        char this_label[16], phrase[256], rendered[512], line_text[512];
        int this_major = 0;
        snprintf(line_text, sizeof line_text, "%.*s", (int)(eol - p), p);
        expand_args(&args, line_text, rendered, sizeof rendered);
        size_t n_rendered = strlen(rendered);
        while (n_rendered && isspace((unsigned char)rendered[n_rendered - 1]))
            rendered[--n_rendered] = '\0';
        bool continued = n_rendered && rendered[n_rendered - 1] == '\\';
        if (!logical.len)
            n_parts = 0;
        if (n_parts < sizeof(part_at) / sizeof(part_at[0])) {
            part_off[n_parts] = logical.len;
            part_at[n_parts++] = at;
        }
        sb_printf(&logical, "%.*s ", (int)(n_rendered - continued), rendered);
        if (continued)
            continue;
        char joined[512];
        snprintf(joined, sizeof joined, "%s", sb_str(&logical));
        sb_reset(&logical);
        if (layout_clue(joined, joined + strlen(joined), phrase, this_label, &this_major)) {
            /* the physical line that holds what the phrase names ("installs postgresql15") */
            const char *named = strchr(phrase, ' ');
            const char *hit = named ? strstr(joined, named + 1) : NULL;
            size_t off = hit ? (size_t)(hit - joined) : 0;
            int clue_at = part_at[0];
            for (size_t idx = 0; idx < n_parts && part_off[idx] <= off; idx++)
                clue_at = part_at[idx];
            if (*found && strcmp(label, this_label)) {
                agree = false;
                break;
            }
            if (!*found) {
                snprintf(image, 256, "%s", phrase);
                snprintf(where, PATH_MAX, "%s", path);
                *line = clue_at;
                snprintf(label, 16, "%s", this_label);
                *major = this_major;
                *found = true;
            }
            continue;
        }
        if (!strncmp(p, "image:", 6))
            p += 6;
        else if (!strncasecmp(p, "FROM", 4) && p + 4 < eol && isspace((unsigned char)p[4]))
            p += 4;
        else
            continue;
        while (p < eol && (isspace((unsigned char)*p) || *p == '"' || *p == '\''))
            p++;
        if (!strncmp(p, "--platform=", 11))
            for (p += 11; p < eol && !isspace((unsigned char)*p);)
                p++;
        while (p < eol && isspace((unsigned char)*p))
            p++;
        size_t ref_len = strcspn(p, " \t\r\n\"'#");
        if (p + ref_len > eol)
            ref_len = (size_t)(eol - p);
        const char *colon = memchr(p, ':', ref_len);
        if (!colon || !postgres_repository(p, (size_t)(colon - p)))
            continue;
        char written[64], tag[64];
        snprintf(written, sizeof written, "%.*s", (int)(p + ref_len - colon - 1), colon + 1);
        expand_args(&args, written, tag, sizeof tag);
        if (!tag_major(p, (size_t)(colon - p), tag, this_label, &this_major))
            continue;
        if (*found && strcmp(label, this_label)) {
            agree = false;
            break;
        }
        if (!*found) {
            if (strcmp(written, tag)) /* as its ARG or default renders it */
                snprintf(image, 256, "the image %.*s:%s", (int)(colon - p), p, tag);
            else
                snprintf(image, 256, "the image %.*s", (int)ref_len, p);
            snprintf(where, PATH_MAX, "%s", path);
            *line = at;
            snprintf(label, 16, "%s", this_label);
            *major = this_major;
            *found = true;
        }
    }
    sb_free(&logical);
    free(data);
    return agree;
}

bool lint_compose_service_image(const char *file, char *image, char *where, int *line,
                                char label[16], int *major, bool *runs)
{
    ComposeLimits mount;
    bool found = false;
    if (input_compose_mount(file, &mount) && mount.image && mount.compose) {
        const char *ref = mount.image;
        const char *colon = strchr(ref, ':');
        char tag[64];
        ArgList none = {0};
        if (colon && postgres_repository(ref, (size_t)(colon - ref))) {
            expand_args(&none, colon + 1, tag, sizeof tag);
            found = tag_major(ref, (size_t)(colon - ref), tag, label, major);
        }
        if (found) {
            if (strcmp(colon + 1, tag)) /* as its default renders it */
                snprintf(image, 256, "the image %.*s:%s", (int)(colon - ref), ref, tag);
            else
                snprintf(image, 256, "the image %.200s", ref);
            snprintf(where, PATH_MAX, "%s", mount.compose);
            *line = mount.image_line;
            *runs = mount.config_file && !mount.unread;
        }
    }
    compose_limits_clear(&mount);
    return found;
}

bool lint_compose_service_unversioned(const char *file)
{
    ComposeLimits mount;
    bool unversioned = false;
    if (input_compose_mount(file, &mount) && mount.image && mount.compose &&
        input_official_postgres_image(mount.image)) {
        char image[256], where[PATH_MAX], label[16];
        int line = 0, major = 0;
        bool runs = false;
        unversioned = !lint_compose_service_image(file, image, where, &line, label, &major, &runs);
    }
    compose_limits_clear(&mount);
    return unversioned;
}

bool lint_container_image(const char *runner, char *image, char *where, int *line, char label[16],
                          int *major)
{
    bool found = false;
    BuildList builds = {0};
    if (!images_of(runner, image, where, line, label, major, &found, &builds))
        return false;
    /* what a service builds runs its Dockerfile's FROM: `build: .` beside a Dockerfile, or the
     * `dockerfile:` a build names in its context (review 2026-12zd, h31a 01:
     * `Dockerfile-pg` holds `FROM postgres:11-alpine`) */
    const char *slash = strrchr(runner, '/');
    for (int idx = 0; !found && slash && idx < builds.n; idx++) {
        char dockerfile[PATH_MAX];
        const char *context = builds.context[idx];
        while (context[0] == '.' && context[1] == '/')
            context += 2;
        if (!strcmp(context, "."))
            context = "";
        int made =
            *builds.dockerfile[idx] == '/' || *context == '/'
                ? -1
                : snprintf(dockerfile, sizeof dockerfile, "%.*s/%s%s%s", (int)(slash - runner),
                           runner, context, *context ? "/" : "", builds.dockerfile[idx]);
        if (made < 0 || made >= (int)sizeof dockerfile)
            continue;
        if (!images_of(dockerfile, image, where, line, label, major, &found, NULL))
            return false;
    }
    return found;
}

/* The images of the container files in `dir` (compose files and Dockerfiles; with `manifests`,
 * every YAML file, a Kubernetes manifest's `image:`): false when two name different majors, or
 * name one other than `label` once *found. */
static bool dir_images(const char *dir, bool manifests, char *image, char *where, int *line,
                       char label[16], int *major, bool *found)
{
    DIR *d = opendir(dir);
    if (!d)
        return true;
    bool agree = true;
    int seen = 0;
    for (struct dirent *de; agree && seen < 256 && (de = readdir(d)); seen++) {
        if (!docker_file_name(de->d_name, manifests))
            continue;
        char path[PATH_MAX], this_image[256], this_where[PATH_MAX], this_label[16];
        int this_line = 0, this_major = 0;
        bool this_found = false;
        if (snprintf(path, sizeof path, "%s/%s", dir, de->d_name) >= (int)sizeof path)
            continue;
        agree = images_of(path, this_image, this_where, &this_line, this_label, &this_major,
                          &this_found, NULL);
        if (!agree || !this_found)
            continue;
        if (*found) {
            agree = !strcmp(label, this_label);
            continue;
        }
        snprintf(image, 256, "%s", this_image);
        snprintf(where, PATH_MAX, "%s", this_where);
        snprintf(label, 16, "%s", this_label);
        *line = this_line;
        *major = this_major;
        *found = true;
    }
    closedir(d);
    return agree;
}

bool lint_repository_image(const char *file, char *image, char *where, int *line, char label[16],
                           int *major)
{
    char dir[PATH_MAX];
    if (!realpath(file, dir))
        return false;
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return false;
    *slash = '\0';
    /* outside a checkout the repository's extent is unknown: the file's own directory only,
     * and only its compose files and Dockerfiles (a YAML file in /tmp is anyone's) */
    bool checkout = input_in_checkout(dir);
    char git[PATH_MAX];
    struct stat st;
    bool found = false;
    for (int level = 0; level <= (checkout ? 3 : 0) && *dir; level++) {
        if (!dir_images(dir, checkout && level == 0, image, where, line, label, major, &found))
            return false;
        if (snprintf(git, sizeof git, "%s/.git", dir) < (int)sizeof git && stat(git, &st) == 0)
            break;
        char *cut = strrchr(dir, '/');
        if (!cut || cut == dir)
            break;
        *cut = '\0';
    }
    return found;
}

/* Does `path` have a FROM line of an Alpine image (`FROM alpine:3.20`, `FROM postgres:16-alpine`)?
 */
static bool from_alpine(const char *path)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return false;
    bool alpine = false;
    for (char *cursor = data, *eol; !alpine && *cursor; cursor = *eol ? eol + 1 : eol) {
        eol = strchr(cursor, '\n');
        if (!eol)
            eol = cursor + strlen(cursor);
        const char *p = cursor + strspn(cursor, " \t");
        if (strncasecmp(p, "FROM", 4) || !isspace((unsigned char)p[4]))
            continue;
        char from[256];
        snprintf(from, sizeof from, "%.*s", (int)(eol - p), p);
        alpine = strcasestr(from, "alpine") != NULL;
    }
    free(data);
    return alpine;
}

bool lint_container_alpine(const char *file)
{
    char runner[PATH_MAX], where[PATH_MAX], image[256], label[16];
    int line = 0, major = 0;
    bool runs = false;
    bool found = lint_compose_service_image(file, image, where, &line, label, &major, &runs) ||
                 ((lint_repository_mounts(file, runner) || lint_repository_ships(file, runner)) &&
                  lint_container_image(runner, image, where, &line, label, &major));
    return found && (strcasestr(image, "alpine") || from_alpine(where));
}

/* PostgreSQL 13 and 14 build in 1024 buffers (8MB) and 15 raised that to initdb's 128MB
 * (`postgres -C shared_buffers` on a data directory whose file sets none: 1024 on 13.23 and
 * 14.23, 16384 on 15 and later). A file a container runs as config_file replaces the
 * postgresql.conf initdb wrote, its `shared_buffers = 128MB` with it (review 2026-12t, h21d 46
 * and 50). */
void lint_check_replaced_defaults(const ConfSet *set, const Snapshot *snap, const char *evident,
                                  FindingList *out)
{
    /* a file written for a major before 15 that pgknob does not check (9.5) has its 8MB too,
     * whatever major it is checked as (review 2026-12zf, 22: postgres:9.5.23, checked as 18) */
    bool old = evident && evident[0] && atoi(evident) < 15;
    char major[32];
    snprintf(major, sizeof major, "%s", old ? evident : "");
    if (!old)
        snprintf(major, sizeof major, "%d", snap->pg_major);
    if (snap->fragment || !set->n_files || set->data_dir || (snap->pg_major > 14 && !old))
        return;
    const SnapSetting *sb = lint_usable(snap, "shared_buffers");
    if (!sb || sb->source != SRC_DEFAULT)
        return;
    /* an include that was not read may set it */
    for (size_t idx = 0; idx < set->n_entries; idx++)
        if (set->entries[idx].error)
            return;
    /* or the file is a copy of the stock sample, where every setting is commented out, so a
     * whole configuration in its own right: initdb's file sets shared_buffers = 128MB
     * (held-out set 28, h28c 31, 34 and 38) */
    char runner[PATH_MAX];
    int kept = 0;
    if (!lint_repository_mounts(set->files[0], runner) &&
        !(kept = lint_major_sample_kept(set->files[0])))
        return;
    Finding *f = lint_rule_finding(out, "PK0094", set->files[0], 0);
    finding_add_setting(f, sb->name, sb->value, NULL, 0);
    if (kept)
        f->message = finding_printf(
            f,
            "shared_buffers is not set, and this file keeps the stock sample (%d commented-out"
            " settings), a whole postgresql.conf in place of the one initdb writes with"
            " shared_buffers = 128MB: run as the configuration, PostgreSQL %s uses its built-in"
            " 1024 buffers (8MB)",
            kept, major);
    else {
        char *shown = lint_path_from(set->files[0], runner);
        f->message = finding_printf(
            f,
            "shared_buffers is not set, and %s runs the server with this file as its"
            " config_file, in place of the postgresql.conf initdb wrote with shared_buffers ="
            " 128MB: PostgreSQL %s then runs with its built-in 1024 buffers (8MB)",
            shown, major);
        free(shown);
    }
    f->hint = finding_strdup(f, "PostgreSQL 15 and later build in 128MB; 14 and older build in"
                                " 8MB, which only the file initdb writes raises.");
    f->explanation = finding_printf(
        f,
        "initdb writes shared_buffers = 128MB into the postgresql.conf of a new data directory"
        " (https://www.postgresql.org/docs/%d/app-initdb.html); the server's own default, used"
        " when no file sets it, is 1024 buffers of 8kB on PostgreSQL 13 and 14 and 128MB from"
        " 15. A file mounted as config_file is the whole configuration, so on 13 and 14 every"
        " page the server caches competes for 8MB.",
        snap->pg_major);
    finding_add_fix(f, "shared_buffers", "128MB", "restart");
}

/* Is `name` among the "name=value" lines of `overrides`? Its line into *line (borrowed). */
static bool overridden(const char *overrides, const char *name, const char **line, size_t *len)
{
    size_t name_len = strlen(name);
    for (const char *at = overrides; at && *at;) {
        const char *nl = strchr(at, '\n');
        size_t line_len = nl ? (size_t)(nl - at) : strlen(at);
        if (line_len > name_len && at[name_len] == '=' && !strncasecmp(at, name, name_len)) {
            *line = at;
            *len = line_len;
            return true;
        }
        at = nl ? nl + 1 : at + line_len;
    }
    return false;
}

/* A finding of a file the server never reads (`why`, PK0097 or PK0100): a notice that says so
 * and what it is once `setting` names the file; a file never read stops nothing. */
static void soften_unread_one(Finding *f, const char *why, const char *setting)
{
    Severity was = f->severity;
    finding_set_severity(f, SEV_NOTICE);
    f->refuses_start = false;
    /* the level it comes back at is the rule's under the file's purpose, which is applied
     * after this (review 2026-12zo, h59a 03: "an error once config_file names the file" in a
     * development file, where it stays a notice) */
    f->hint = finding_printf(f,
                             "A notice here: the server does not read this file (%s), so the "
                             "line takes no effect until %s names the file; it then counts at "
                             "the level the file's purpose gives it (%s for production).%s%s",
                             why, setting, severity_name(was), f->hint ? " " : "",
                             f->hint ? f->hint : "");
}

/* Why a mounted pg_hba.conf is not read, for PK0100's two sides. */
static void unread_hba_explanation(Finding *f, int major)
{
    f->explanation = finding_printf(
        f,
        "hba_file defaults to pg_hba.conf in the data directory "
        "(https://www.postgresql.org/docs/%d/runtime-config-file-locations.html); the official "
        "image's entrypoint appends `host all all all` with POSTGRES_HOST_AUTH_METHOD (a password "
        "method unless it is set to trust) there when it creates the cluster (pg_setup_hba_conf in "
        "https://github.com/docker-library/postgres/blob/master/docker-entrypoint.sh). A "
        "pg_hba.conf mounted elsewhere is read only through hba_file.",
        major);
}

/* A pg_hba.conf the service mounts beside the configuration it runs as config_file, where the
 * server does not read it: no hba_file in the file or the command names it, and it is not the
 * data directory's. The server reads $PGDATA/pg_hba.conf, to which the official image's
 * entrypoint adds `host all all all <method>` (review 2026-12zf, 08: the owner's 127.0.0.1 and
 * bridge-only rules ignored). */
static void check_unread_hba(const ConfSet *set, const Snapshot *snap, const ComposeLimits *mount,
                             FindingList *out)
{
    if (!mount->config_file || mount->unread || !mount->hba_target)
        return;
    const SnapSetting *hba = snapshot_get(snap, "hba_file");
    if (hba && hba->source != SRC_DEFAULT)
        return; /* the file names one: PK0061 and the hba checks read it */
    const char *line;
    size_t len;
    if (overridden(mount->overrides, "hba_file", &line, &len))
        return;
    Finding *f = lint_rule_finding(out, "PK0100", set->files[0], 0);
    f->message = finding_printf(
        f,
        "%s, but this file, which the service runs as its config_file, sets no hba_file: the "
        "server reads the pg_hba.conf in its data directory, where the official image's "
        "entrypoint adds `host all all all` with POSTGRES_HOST_AUTH_METHOD, so the mounted rules "
        "do nothing",
        mount->hba_mount);
    f->suggestion = finding_printf(f, "hba_file = '%s'", mount->hba_target);
    finding_add_fix(f, "hba_file", mount->hba_target, "restart");
    finding_fix_unsafe(f, f->n_fixes - 1,
                       "it changes who may connect: the mounted rules replace the image's `host "
                       "all all all`, so a client they do not name is refused after the restart");
    unread_hba_explanation(f, snap->pg_major);
}

static bool dockerfile_unread(const char *file, const char *setting, char **unread, char **target);

void lint_check_unread_hba_file(const char *file, int major, FindingList *out, size_t begin)
{
    ComposeLimits mount;
    bool mounted = input_compose_mount(file, &mount);
    /* or a Dockerfile of the official image that copies it where the server does not read it
     * (held-out set 51, h51a 15: COPY pg_hba.conf /usr/share/postgresql/pg_hba.conf) */
    char *copied = NULL, *copied_to = NULL;
    if (!mounted && !mount.unread && dockerfile_unread(file, "hba_file", &copied, &copied_to)) {
        mount.unread = copied;
        mount.hba_target = copied_to;
    }
    if (!mount.unread) {
        compose_limits_clear(&mount);
        return;
    }
    /* its lines take no effect: what they would do is a notice until hba_file names the file */
    for (size_t idx = begin; idx < out->n; idx++) {
        Finding *other = &out->items[idx];
        if (other->severity < SEV_WARNING || strncmp(other->rule_id, "PK02", 4))
            continue;
        soften_unread_one(other, "PK0100", "hba_file");
    }
    Finding *f = lint_rule_finding(out, "PK0100", file, 0);
    f->message = finding_printf(
        f,
        "%s: the server reads the pg_hba.conf in its data directory, where the official image's "
        "entrypoint adds `host all all all` with POSTGRES_HOST_AUTH_METHOD, so these rules do "
        "nothing",
        mount.unread);
    f->suggestion =
        mount.hba_target
            ? finding_printf(f,
                             "add -c hba_file=%s to the command that runs the server (command: "
                             "postgres -c hba_file=%s), or set hba_file in the configuration it "
                             "runs",
                             mount.hba_target, mount.hba_target)
            : finding_strdup(f, "name the file with hba_file, in the service's command or in "
                                "the configuration it runs");
    unread_hba_explanation(f, major);
    compose_limits_clear(&mount);
}

/* PK0097: a compose service of a PostgreSQL image that bind-mounts the file where the server
 * never reads it: the official image's postgres reads $PGDATA/postgresql.conf, which initdb
 * wrote, unless the command names config_file (held-out set 31, h31b 14, h31c 28 and 29: three
 * files mounted at /etc/postgresql/postgresql.conf with no config_file). None of the file's
 * settings takes effect, and the file's other findings are about a configuration that does not
 * run. Else PK0100, and the command's overrides handed back. */
/* Does the file set only what the official image's server runs with anyway: built-in defaults,
 * and listen_addresses = '*' (the image's sample)? */
/* A fragment's settings as the command's arguments (`postgres -c a=b -c c=d`, or a CMD's
 * list), or NULL when it sets more than a command line holds readably or a value the shell or
 * YAML would need quoted. */
static char *command_args(const Snapshot *snap, bool compose)
{
    StrBuf sb = STRBUF_INIT;
    size_t n = 0;
    sb_printf(&sb, compose ? "command: postgres" : "CMD [\"postgres\"");
    for (size_t idx = 0; idx < snap->n_settings; idx++) {
        const SnapSetting *setting = &snap->settings[idx];
        if (setting->source != SRC_FILE)
            continue;
        const char *value = setting->value ? setting->value : "";
        if (++n > 6 || !*value || strpbrk(value, " \t'\"$#:{}[],&*!|>%@`\\")) {
            sb_free(&sb);
            return NULL;
        }
        sb_printf(&sb, compose ? " -c %s=%s" : ", \"-c\", \"%s=%s\"", setting->name, value);
    }
    if (!n) {
        sb_free(&sb);
        return NULL;
    }
    if (!compose)
        sb_printf(&sb, "]");
    return sb_detach(&sb);
}

static bool image_values_only(const Snapshot *snap)
{
    bool any = false;
    for (size_t idx = 0; idx < snap->n_settings; idx++) {
        const SnapSetting *setting = &snap->settings[idx];
        if (setting->source != SRC_FILE)
            continue;
        any = true;
        if (!strcmp(setting->name, "listen_addresses") && setting->value &&
            !strcmp(setting->value, "*"))
            continue;
        if (!setting->param || !setting->parsed_ok || !setting->param->boot_val)
            return false;
        char *text = guc_value_to_setting(setting->param, &setting->parsed);
        bool same = !strcmp(text, setting->param->boot_val);
        free(text);
        if (!same)
            return false;
    }
    return any;
}

/* Does a file of `dir` (a build context, or a directory of the checkout: its compose files,
 * manifests, scripts), `except` aside, say `word`? A command may name config_file there, or a
 * script copy the file into the data directory. */
static bool dir_says(const char *dir, const char *word, const char *except)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    bool said = false;
    int seen = 0;
    for (struct dirent *de; !said && seen < 256 && (de = readdir(d)); seen++) {
        size_t n = strlen(de->d_name);
        bool script = n > 3 && !strcmp(de->d_name + n - 3, ".sh");
        if (!script && !docker_file_name(de->d_name, true))
            continue;
        char path[PATH_MAX], *data = NULL;
        size_t len = 0;
        int err = 0;
        if (snprintf(path, sizeof path, "%s/%s", dir, de->d_name) >= (int)sizeof path ||
            (except && !strcmp(path, except)) ||
            pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
            continue;
        said = strstr(data, word) != NULL;
        free(data);
    }
    closedir(d);
    return said;
}

/* The words of a COPY or ADD line `p` (split in place): its keyword, sources and destination,
 * options (--chown=…) left out; at most 16. */
static int copy_words(char *p, char **words)
{
    int n = 0;
    for (char *save = NULL, *w = strtok_r(p, " \t\r", &save); w && n < 16;
         w = strtok_r(NULL, " \t\r", &save))
        if (*w != '-')
            words[n++] = w;
    return n;
}

/* Does a script the Dockerfile `runner` (its text `data`) copies into
 * /docker-entrypoint-initdb.d name `dest`? The entrypoint runs it after initdb, so a `cp
 * /postgresql.conf /var/lib/postgresql/data/` there puts the copy where the server reads it
 * (review 2026-12zo, h54a 07: such a file called never read). Sources are read from the
 * Dockerfile's directory, the usual build context. */
static bool init_script_names(const char *runner, const char *data, const char *dest)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", runner);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    bool named = false;
    for (const char *cursor = data, *eol; *cursor && !named; cursor = *eol ? eol + 1 : eol) {
        eol = cursor + strcspn(cursor, "\n");
        char text[1024];
        snprintf(text, sizeof text, "%.*s", (int)(eol - cursor), cursor);
        char *p = text + strspn(text, " \t");
        if (((strncasecmp(p, "COPY", 4) || !isspace((unsigned char)p[4])) &&
             (strncasecmp(p, "ADD", 3) || !isspace((unsigned char)p[3]))) ||
            !strstr(p, "docker-entrypoint-initdb.d"))
            continue;
        /* the exec form's brackets, quotes and commas are no part of a path */
        for (char *c = p; *c; c++)
            if (strchr("[]\",", *c))
                *c = ' ';
        char *words[16];
        int n = copy_words(p, words);
        for (int idx = 1; idx + 1 < n && !named; idx++) {
            char path[PATH_MAX], *script = NULL;
            size_t len = 0;
            int err = 0;
            if (words[idx][0] == '/' ||
                snprintf(path, sizeof path, "%s/%s", slash ? dir : ".", words[idx]) >=
                    (int)sizeof path ||
                pk_read_file(path, 1 << 20, &script, &len, &err) != PK_READ_OK)
                continue;
            /* the path itself, not the end of a longer one (/var/lib/…/postgresql.conf) */
            for (const char *hit = strstr(script, dest); hit && !named; hit = strstr(hit + 1, dest))
                named = hit == script ||
                        !(isalnum((unsigned char)hit[-1]) || strchr("/_-.$}", hit[-1]));
            free(script);
        }
    }
    return named;
}

/* Is the Dockerfile line holding `at` (in `data`) a RUN of chmod or chown alone, which changes
 * a file's mode or owner and does not move it? */
static bool mode_change_only(const char *data, const char *at)
{
    const char *line = at;
    while (line > data && line[-1] != '\n')
        line--;
    size_t n = strcspn(line, "\n");
    char text[1024];
    snprintf(text, sizeof text, "%.*s", (int)n, line);
    const char *p = text + strspn(text, " \t");
    if (strncasecmp(p, "RUN", 3) || !isspace((unsigned char)p[3]))
        return false;
    p += 3 + strspn(p + 3, " \t");
    return (!strncmp(p, "chmod ", 6) || !strncmp(p, "chown ", 6)) && !strpbrk(p, ";&|");
}

/* A Dockerfile of a PostgreSQL image that COPYs or ADDs the file where the server never reads
 * it (held-out set 49, h49a 08: COPY postgresql.conf /etc/postgresql/postgresql.conf under the
 * image's CMD ["postgres"]): not the data directory's postgresql.conf, not initdb's sample, and
 * nothing in the build context or the checkout's container files up to its top names
 * config_file or the path it lands at (an init script's copy). "../Dockerfile (line 14) copies
 * it to /etc/postgresql/postgresql.conf" into *unread and that path into *target (malloc'd). */
static bool dockerfile_unread(const char *file, const char *setting, char **unread, char **target)
{
    char runner[PATH_MAX], image[256], where[PATH_MAX], label[16];
    int line = 0, major = 0;
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    /* a file PK0097 asks this of on every lint: only where a Dockerfile is in sight (the file's
     * directory and up to 3 above, by name, no directory listed: docs/lint.md, "Speed") does
     * the repository's container files' search run */
    char dir[PATH_MAX], probe[PATH_MAX];
    struct stat st;
    bool dockerfile = false;
    if (!realpath(file, dir))
        return false;
    for (int level = 0; level <= 3 && !dockerfile; level++) {
        char *cut = strrchr(dir, '/');
        if (!cut || cut == dir)
            break;
        *cut = '\0';
        dockerfile = snprintf(probe, sizeof probe, "%s/Dockerfile", dir) < (int)sizeof probe &&
                     stat(probe, &st) == 0;
        if (snprintf(probe, sizeof probe, "%s/.git", dir) < (int)sizeof probe &&
            stat(probe, &st) == 0)
            break;
    }
    if (!dockerfile || !lint_repository_ships(file, runner) ||
        !lint_dockerfile_name(strrchr(runner, '/') + 1) ||
        !lint_container_image(runner, image, where, &line, label, &major))
        return false;
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(runner, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return false;
    char dest[PATH_MAX] = "", from[256] = "";
    int at = 0, copy_line = 0;
    size_t after_copy = 0; /* where the text after the COPY line starts */
    int context_up = 0;    /* how far above the file's directory the build context is */
    bool own_entrypoint = false;
    for (char *cursor = data, *eol; *cursor; cursor = *eol ? eol + 1 : eol) {
        eol = cursor + strcspn(cursor, "\n");
        at++;
        char text[1024];
        snprintf(text, sizeof text, "%.*s", (int)(eol - cursor), cursor);
        char *p = text;
        while (isspace((unsigned char)*p))
            p++;
        /* the last FROM is the image that runs; an ENTRYPOINT of its own may do anything */
        if (!strncasecmp(p, "FROM", 4) && isspace((unsigned char)p[4])) {
            char *ref = p + 4 + strspn(p + 4, " \t");
            if (!strncmp(ref, "--platform=", 11))
                ref += strcspn(ref, " \t"), ref += strspn(ref, " \t");
            snprintf(from, sizeof from, "%.*s", (int)strcspn(ref, " \t\r"), ref);
            continue;
        }
        if (!strncasecmp(p, "ENTRYPOINT", 10) && !strstr(p, "docker-entrypoint.sh"))
            own_entrypoint = true;
        if (*dest)
            continue;
        if ((strncasecmp(p, "COPY", 4) && strncasecmp(p, "ADD", 3)) ||
            !isspace((unsigned char)p[toupper((unsigned char)*p) == 'C' ? 4 : 3]))
            continue;
        /* its words: options (--chown=…), sources, then the destination */
        char *words[16];
        int n = copy_words(p, words);
        bool names_it = false;
        for (int idx = 1; idx + 1 < n; idx++) {
            const char *src = words[idx];
            const char *src_base = strrchr(src, '/');
            if (names_it || strcmp(src_base ? src_base + 1 : src, base))
                continue;
            names_it = true;
            /* the build context is as many levels above the file as the source names
             * directories (./docker/pg16/postgresql.conf: two) */
            while (src[0] == '.' && src[1] == '/')
                src += 2;
            context_up = 0;
            for (const char *slash = strchr(src, '/'); slash; slash = strchr(slash + 1, '/'))
                context_up++;
        }
        if (!names_it || n < 3)
            continue;
        const char *to = words[n - 1];
        size_t to_len = strlen(to);
        snprintf(dest, sizeof dest, "%s%s", to, to_len && to[to_len - 1] == '/' ? base : "");
        copy_line = at;
        after_copy = (size_t)(eol - data);
    }
    /* the Dockerfile's own later use of the copy (RUN cp /srv/postgresql.conf $PGDATA); a
     * chmod or chown of it alone leaves it where it is (held-out set 51, 07) */
    bool used_again = false;
    for (const char *hit = *dest && after_copy < len ? strstr(data + after_copy, dest) : NULL;
         hit && !used_again; hit = strstr(hit + 1, dest))
        used_again = !mode_change_only(data, hit);
    used_again = used_again || (*dest && init_script_names(runner, data, dest));
    free(data);
    size_t dest_len = strlen(dest);
    if (!*dest || dest[0] != '/' || own_entrypoint || used_again ||
        !input_official_postgres_image(from) || strstr(dest, "/var/lib/postgresql/data") ||
        strstr(dest, "PGDATA") || (dest_len > 7 && !strcmp(dest + dest_len - 7, ".sample")) ||
        strstr(dest, "docker-entrypoint-initdb.d"))
        return false;
    /* a command or script that names config_file or the copy's own path reads it: in the
     * build context, and within a checkout up to its top (outside one, a directory above the
     * context is anyone's) */
    snprintf(dir, sizeof dir, "%s", runner);
    *strrchr(dir, '/') = '\0';
    bool checkout = input_in_checkout(dir);
    /* outside one: the Dockerfile's directory, then up to the context (the file's directory
     * less the source's directories), at most 3 levels */
    int context_levels = 0;
    char ctx[PATH_MAX], walk[PATH_MAX];
    if (!checkout && realpath(file, ctx)) {
        for (int up = 0; up <= context_up && strrchr(ctx, '/') && strrchr(ctx, '/') != ctx; up++)
            *strrchr(ctx, '/') = '\0';
        snprintf(walk, sizeof walk, "%s", dir);
        size_t n;
        while (context_levels < 3 &&
               !(!strncmp(ctx, walk, n = strlen(walk)) && (!ctx[n] || ctx[n] == '/')) &&
               strrchr(walk, '/') && strrchr(walk, '/') != walk) {
            *strrchr(walk, '/') = '\0';
            context_levels++;
        }
    }
    for (int level = 0; level <= (checkout ? 3 : context_levels) && *dir; level++) {
        /* for a pg_hba.conf, a config_file the build runs may set hba_file (the session's code
         * review: both files copied, CMD naming the one that names the other) */
        if (dir_says(dir, setting, NULL) || dir_says(dir, dest, runner) ||
            (strcmp(setting, "config_file") && dir_says(dir, "config_file", NULL)))
            return false;
        if (snprintf(probe, sizeof probe, "%s/.git", dir) < (int)sizeof probe &&
            stat(probe, &st) == 0)
            break;
        char *cut = strrchr(dir, '/');
        if (!cut || cut == dir)
            break;
        *cut = '\0';
    }
    char *shown = lint_path_from(file, runner);
    *unread = xasprintf("%s (line %d) copies it to %s", shown, copy_line, dest);
    *target = xstrdup(dest);
    free(shown);
    return true;
}

void lint_check_unread_mount(const ConfSet *set, Snapshot *snap, char **overrides,
                             char **command_at, char **command_file, FindingList *out)
{
    *overrides = *command_at = *command_file = NULL;
    if (snap->fragment || !set->n_files || set->data_dir)
        return;
    ComposeLimits mount;
    bool mounted = input_compose_mount(set->files[0], &mount);
    if (!mounted && !mount.unread && !set->data_dir) {
        char *copied = NULL, *copied_to = NULL;
        if (dockerfile_unread(set->files[0], "config_file", &copied, &copied_to)) {
            mount.unread = copied;
            mount.unread_target = copied_to;
        }
    }
    if (!mount.unread) {
        check_unread_hba(set, snap, &mount, out);
        if (mount.overrides) { /* the command that runs the file overrides it */
            /* what runs is the command's value: the rules judge it, at the command's line
             * (review 2026-12zo, h57a 04: a production stack's `-c log_statement=all` over a
             * file that sets none, unsaid) */
            *command_file = lint_path_from(set->files[0], mount.compose);
            snapshot_apply_command(snap, mount.overrides, *command_file, mount.command_line);
            *overrides = mount.overrides;
            *command_at = mount.command_at;
            mount.overrides = mount.command_at = NULL;
        }
        compose_limits_clear(&mount);
        return;
    }
    Finding *f = lint_rule_finding(out, "PK0097", set->files[0], 0);
    f->message = finding_printf(
        f,
        "%s: the server reads the postgresql.conf initdb wrote in its data directory, not this "
        "file, so none of its settings takes effect",
        mount.unread);
    /* the path the service mounts it at, not an example's (held-out set 47, h47a 07: the
     * suggestion named /etc/postgresql, where nothing was mounted) */
    const char *at = mount.unread_target ? mount.unread_target : "/etc/postgresql/postgresql.conf";
    char *args = snapshot_get(snap, "listen_addresses") &&
                         snapshot_get(snap, "listen_addresses")->source == SRC_FILE
                     ? NULL
                     : command_args(snap, mounted);
    if (args)
        f->suggestion = finding_printf(
            f,
            "pass its settings on the %s (%s): it sets no listen_addresses, so as config_file it "
            "would replace the whole file initdb wrote, and the server would listen on the "
            "container's localhost only and lose what the image's own postgresql.conf sets (its "
            "listen_addresses = '*', a derived image's shared_preload_libraries)",
            mounted ? "service's command" : "image's command", args);
    else if (!snapshot_get(snap, "listen_addresses") ||
             snapshot_get(snap, "listen_addresses")->source != SRC_FILE)
        f->suggestion = finding_printf(
            f,
            "include it from the data directory's postgresql.conf with an init script (echo "
            "\"include '%s'\" >> \"$PGDATA/postgresql.conf\" in /docker-entrypoint-initdb.d/, "
            "which runs when the "
            "cluster is created): "
            "it sets no listen_addresses, so as config_file it would replace the whole file "
            "initdb wrote, and the server would listen on the container's localhost only and "
            "lose what the image's own postgresql.conf sets",
            at);
    else
        f->suggestion =
            mounted ? finding_printf(f,
                                     "add `-c config_file=%s` to the service's command (command: "
                                     "postgres -c config_file=%s), then lint the file as the "
                                     "configuration it becomes: it replaces the whole file initdb "
                                     "wrote",
                                     at, at)
                    : finding_printf(
                          f,
                          "add `-c config_file=%s` to the image's command (CMD "
                          "[\"postgres\", \"-c\", \"config_file=%s\"]), then lint the file as "
                          "the configuration it becomes: it replaces the whole file "
                          "initdb wrote",
                          at, at);
    /* nothing lost: every value it sets is one the image's server runs with anyway, the
     * built-in default or the image's own listen_addresses = '*' */
    if (image_values_only(snap)) {
        finding_set_severity(f, SEV_NOTICE);
        f->hint = finding_strdup(
            f, "A notice: every value it sets is one the image's server already runs with (the "
               "built-in default, or listen_addresses = '*', which the image's sample sets), so "
               "nothing is lost while it is unread.");
    }
    f->explanation = finding_printf(
        f,
        "The official image starts postgres with the data directory's postgresql.conf, the one"
        " initdb writes (docker_init_database_dir in"
        " https://github.com/docker-library/postgres/blob/master/docker-entrypoint.sh); a file"
        " mounted anywhere else is read only through config_file"
        " (https://www.postgresql.org/docs/%d/runtime-config-file-locations.html).",
        snap->pg_major);
    free(args);
    compose_limits_clear(&mount);
}

void lint_soften_unread(FindingList *out, size_t begin, size_t end)
{
    const Finding *unread = NULL;
    for (size_t idx = begin; idx < end && idx < out->n && !unread; idx++)
        if (!strcmp(out->items[idx].rule_id, "PK0097"))
            unread = &out->items[idx];
    if (!unread)
        return;
    /* what the file's lines would do is a notice until config_file names it (held-out set 46,
     * h46a 06: a worst case of memory and a walsender timeout, warnings, in a file never read);
     * its end of life is the image's, which runs whatever it reads, and a mount into the data
     * directory, or a volume an 18 image refuses, stops the container whatever the file holds */
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        Finding *other = &out->items[idx];
        if (other == unread || other->severity < SEV_WARNING || !strcmp(other->rule_id, "PK0005") ||
            !strcmp(other->rule_id, "PK0101") || !strcmp(other->rule_id, "PK0104"))
            continue;
        soften_unread_one(other, "PK0097", "config_file");
    }
}

void lint_pre18_volume(const char *file, const char *what, int line, bool unpinned,
                       FindingList *out)
{
    Finding *f = lint_rule_finding(out, "PK0104", file, line);
    if (unpinned) { /* a machine that holds an older pull starts */
        finding_set_severity(f, SEV_WARNING);
        f->refuses_start = false;
    }
    f->message = finding_printf(
        f,
        "%s: from 18 the official image keeps its data directory in /var/lib/postgresql/18/docker "
        "(the major's number), and its entrypoint refuses to create a cluster while "
        "/var/lib/postgresql/data is a mount point (\"there appears to be PostgreSQL data in: "
        "/var/lib/postgresql/data (unused mount/volume)\"), so the container stops and the "
        "database never starts",
        what);
    f->suggestion = finding_strdup(
        f, unpinned ? "pin the image to a major (postgres:17 keeps /var/lib/postgresql/data; "
                      "on 18 or later mount the volume at /var/lib/postgresql, whose 18/docker "
                      "then holds the data directory)"
                    : "mount the volume at /var/lib/postgresql (its 18/docker then holds the data "
                      "directory), or set PGDATA: /var/lib/postgresql/data to keep the old path");
    f->hint = finding_strdup(
        f, unpinned ? "A machine that pulled the latest tag before 18's release (September 2025) "
                      "runs 17 or older until it pulls again, and starts; a fresh pull or CI run "
                      "gets 18 and stops. A volume that holds an older major's cluster needs "
                      "pg_upgrade first, whatever its path."
                    : "A volume that holds an older major's cluster stops the container as well: "
                      "it needs pg_upgrade (or a dump and restore) before an 18 image uses it.");
    f->explanation = finding_strdup(
        f, "docker-library/postgres's Dockerfiles for 18 and later set PGDATA to "
           "/var/lib/postgresql/$PG_MAJOR/docker and declare the volume at /var/lib/postgresql "
           "(\"to match the pg_ctlcluster standard directory structure\", "
           "https://github.com/docker-library/postgres/pull/1259). When that data directory "
           "holds no cluster, docker_setup_env in docker-entrypoint.sh looks for an older one and "
           "counts a mount point at /var/lib/postgresql/data as one, and "
           "docker_error_old_databases stops the entrypoint with exit 1 "
           "(https://github.com/docker-library/postgres/blob/master/docker-entrypoint.sh, since "
           "commit 5ec8931249 of October 2025). With PGDATA set to another path that check is not "
           "made.");
    finding_add_link(f, "https://github.com/docker-library/postgres/pull/1259");
}

void lint_check_data_dir_mount(const char *file, int major, FindingList *out)
{
    ComposeLimits mount = {0};
    if (file && input_compose_mount(file, &mount) && mount.old_volume)
        lint_pre18_volume(file, mount.old_volume, 0, mount.old_volume_unpinned, out);
    if (!file || !mount.in_data_dir) {
        compose_limits_clear(&mount);
        return;
    }
    Finding *f = lint_rule_finding(out, "PK0101", file, 0);
    f->message = finding_printf(
        f,
        "%s: on a new volume that directory is not empty when the entrypoint runs initdb, which "
        "refuses it (\"directory … exists but is not empty\"), so the container stops and the "
        "database never starts",
        mount.in_data_dir);
    f->suggestion = finding_strdup(
        f, "mount the file outside the data directory (/etc/postgresql/) and name it with -c "
           "config_file= or -c hba_file= in the service's command, or copy it in from an init "
           "script in /docker-entrypoint-initdb.d");
    f->hint = finding_strdup(f, "A volume that already holds a cluster starts: the failure comes "
                                "on the first start of a new one (a fresh deploy, a CI run, a "
                                "`docker compose down -v`).");
    f->explanation = finding_printf(
        f,
        "initdb creates the data directory or takes an empty one; a directory holding anything "
        "else is refused (https://www.postgresql.org/docs/%d/app-initdb.html; shown on 13-18 by "
        "tests/lint/t-compose-limits.sh). The official image runs initdb when the data directory "
        "holds no PG_VERSION (docker_init_database_dir in "
        "https://github.com/docker-library/postgres/blob/master/docker-entrypoint.sh), and a bind "
        "mount inside it puts the file there first.",
        major);
    compose_limits_clear(&mount);
}

void lint_command_overrides(const char *overrides, const char *command_at, FindingList *out,
                            const char *command_file, size_t begin, size_t end)
{
    if (!overrides)
        return;
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        Finding *f = &out->items[idx];
        if (f->suppressed)
            continue;
        for (size_t s = 0; s < f->n_settings; s++) {
            const char *line;
            size_t len;
            if (!f->settings[s].name || !overridden(overrides, f->settings[s].name, &line, &len) ||
                (command_file && f->settings[s].file && !strcmp(f->settings[s].file, command_file)))
                continue;
            f->suppressed = true;
            f->suppress_reason = finding_printf(
                f,
                "%s gives `-c %.*s`, which overrides this file's %s: the server runs with the "
                "command's value, so what the finding reads here is not what runs",
                command_at, (int)len, line, f->settings[s].name);
            break;
        }
    }
}
