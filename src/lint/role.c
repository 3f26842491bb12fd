#include "lint/role.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <yaml.h>

#include "common/readfile.h"
#include "input/major_evidence.h"

/* The PostgreSQL server a variable's name is about: postgresql, postgres, pgsql or pg. */
static bool server_word(const char *word, size_t len)
{
    static const char *const words[] = {"postgresql", "postgres", "pgsql", "pg"};
    for (size_t idx = 0; idx < sizeof words / sizeof words[0]; idx++)
        if (len == strlen(words[idx]) && !strncasecmp(word, words[idx], len))
            return true;
    return false;
}

/* "postgresql_version", "pg_major_version", "pg_major": the server's word, then a version. */
static bool version_suffix(const char *rest)
{
    if (!strncasecmp(rest, "major_", 6))
        rest += 6;
    return !strcasecmp(rest, "version") || !strcasecmp(rest, "major");
}

static bool version_key(const char *key, const char *parent)
{
    const char *under = strchr(key, '_');
    if (under && server_word(key, (size_t)(under - key)) && version_suffix(under + 1))
        return true;
    /* postgres: {version: 13} */
    return parent && server_word(parent, strlen(parent)) && version_suffix(key);
}

/* A plain version ("13", "9.6", "15.4"): its label and major; false for anything else (an
 * expression, a word). */
static bool plain_version(const char *text, char label[16], int *major)
{
    size_t digits = strspn(text, "0123456789");
    if (!digits || digits > 2)
        return false;
    const char *rest = text + digits;
    if (*rest == '.' && isdigit((unsigned char)rest[1]))
        rest += 1 + strspn(rest + 1, "0123456789");
    if (*rest)
        return false;
    int num = atoi(text);
    if (num >= 10 && num < 100) {
        snprintf(label, 16, "%d", num);
        *major = num;
        return true;
    }
    if (num >= 7 && num <= 9 && text[1] == '.') {
        snprintf(label, 16, "%d.%c", num, text[2]);
        *major = 0;
        return true;
    }
    return false;
}

typedef struct Found {
    RoleMajor first;
    int n;
    bool disagree;
} Found;

/* One more statement of the major: the first is kept, with where it was said (`key` a
 * variable's name, `phrase` a task's words); another label makes them disagree. */
static void found_add(Found *found, const char *label, int major, const char *file, int line,
                      const char *key, const char *phrase)
{
    if (found->n && strcmp(found->first.label, label))
        found->disagree = true;
    if (found->n++)
        return;
    snprintf(found->first.label, sizeof found->first.label, "%s", label);
    found->first.major = major;
    snprintf(found->first.file, sizeof found->first.file, "%s", file);
    found->first.line = line;
    snprintf(found->first.key, sizeof found->first.key, "%s", key);
    snprintf(found->first.phrase, sizeof found->first.phrase, "%s", phrase);
}

static void walk(yaml_document_t *doc, yaml_node_t *node, const char *parent, const char *path,
                 const char *file, int depth, Found *found)
{
    if (!node || depth > 8)
        return;
    if (node->type == YAML_SEQUENCE_NODE) { /* a playbook's plays, each with its vars */
        for (yaml_node_item_t *item = node->data.sequence.items.start;
             item < node->data.sequence.items.top; item++)
            walk(doc, yaml_document_get_node(doc, *item), parent, path, file, depth + 1, found);
        return;
    }
    if (node->type != YAML_MAPPING_NODE)
        return;
    for (yaml_node_pair_t *pair = node->data.mapping.pairs.start;
         pair < node->data.mapping.pairs.top; pair++) {
        yaml_node_t *key = yaml_document_get_node(doc, pair->key);
        yaml_node_t *value = yaml_document_get_node(doc, pair->value);
        if (!key || key->type != YAML_SCALAR_NODE || !value)
            continue;
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)key->data.scalar.length,
                 (const char *)key->data.scalar.value);
        char full[128];
        int wrote = snprintf(full, sizeof full, "%s%s%s", path, *path ? "." : "", name);
        if (wrote < 0 || wrote >= (int)sizeof full)
            continue; /* a path that long names no version variable */
        if (value->type == YAML_MAPPING_NODE || value->type == YAML_SEQUENCE_NODE) {
            /* a play's `vars:` holds the variables by their own names */
            walk(doc, value, name, strcmp(name, "vars") ? full : "", file, depth + 1, found);
            continue;
        }
        char label[16], text[64];
        int major = 0;
        if (value->type != YAML_SCALAR_NODE || !version_key(name, parent) ||
            value->data.scalar.length >= sizeof text)
            continue;
        snprintf(text, sizeof text, "%.*s", (int)value->data.scalar.length,
                 (const char *)value->data.scalar.value);
        if (!plain_version(text, label, &major))
            continue;
        found_add(found, label, major, file, (int)key->start_mark.line + 1, full, "");
    }
}

static void read_vars(const char *path, Found *found)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return;
    yaml_parser_t parser;
    yaml_document_t doc;
    if (yaml_parser_initialize(&parser)) {
        yaml_parser_set_input_string(&parser, (const unsigned char *)data, len);
        if (yaml_parser_load(&parser, &doc)) {
            walk(&doc, yaml_document_get_root_node(&doc), NULL, "", path, 0, found);
            yaml_document_delete(&doc);
        }
        yaml_parser_delete(&parser);
    }
    free(data);
}

static void read_either(const char *dir, const char *stem, Found *found)
{
    static const char *const exts[] = {".yml", ".yaml"};
    for (size_t idx = 0; idx < 2; idx++) {
        char path[PATH_MAX];
        struct stat st;
        if (snprintf(path, sizeof path, "%s/%s%s", dir, stem, exts[idx]) < (int)sizeof path &&
            stat(path, &st) == 0 && S_ISREG(st.st_mode))
            read_vars(path, found);
    }
}

/* Calls `visit` with each YAML file of `dir` and its text, at most 32 files read. */
static void each_yaml(const char *dir, void (*visit)(const char *path, char *data, void *ctx),
                      void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    int read = 0;
    for (struct dirent *de; read < 32 && (de = readdir(d));) {
        size_t n = strlen(de->d_name);
        if (!(n > 4 && !strcmp(de->d_name + n - 4, ".yml")) &&
            !(n > 5 && !strcmp(de->d_name + n - 5, ".yaml")))
            continue;
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", dir, de->d_name) >= (int)sizeof path)
            continue;
        char *data = NULL;
        size_t len = 0;
        int err = 0;
        read++;
        if (pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
            continue;
        visit(path, data, ctx);
        free(data);
    }
    closedir(d);
}

typedef struct PlaybookScan {
    const char *template;
    Found *found;
} PlaybookScan;

static void visit_playbook(const char *path, char *data, void *ctx)
{
    const PlaybookScan *scan = ctx;
    if (strstr(data, scan->template))
        read_vars(path, scan->found);
}

/* A playbook beside the templates/ directory that renders `template` (it names the file):
 * its plays' vars (held-out set 51, h51a 09: install-postgresql.yml's `postgresql_version: "15"`
 * and its task `template: src: postgresql.conf.j2`). One directory listed, at most 32 of its
 * YAML files read. */
static void read_playbooks(const char *dir, const char *template, Found *found)
{
    each_yaml(dir, visit_playbook, &(PlaybookScan){template, found});
}

/* The line at *cursor, copied into `text` (cut at `size`) without its leading blanks, *cursor
 * moved past it; NULL at the end. */
static char *next_line(char **cursor, char *text, size_t size)
{
    char *line = *cursor;
    if (!*line)
        return NULL;
    char *eol = line + strcspn(line, "\n");
    *cursor = *eol ? eol + 1 : eol;
    snprintf(text, size, "%.*s", (int)(eol - line), line);
    return text + strspn(text, " \t");
}

/* A package a task line names: postgresql-9.4, postgresql-client-12, postgresql-12-repmgr,
 * postgresql12-server (PGDG's RPMs); a template's `postgresql-{{ v }}` or a JDBC driver's
 * postgresql-42.2.5.jar names no server major. */
static bool package_major(const char *line, char word[96], char label[16], int *major)
{
    for (const char *at = strstr(line, "postgresql"); at; at = strstr(at + 10, "postgresql")) {
        if (at > line && (isalnum((unsigned char)at[-1]) || at[-1] == '/' || at[-1] == '_'))
            continue;
        const char *num = at + 10;
        if (*num == '-')
            num++;
        static const char *const parts[] = {"client-", "contrib-", "server-dev-", NULL};
        for (const char *const *part = parts; *part; part++)
            if (!strncmp(num, *part, strlen(*part)))
                num += strlen(*part);
        if (!isdigit((unsigned char)*num))
            continue;
        int n = atoi(num);
        const char *after = num + strspn(num, "0123456789");
        bool dotted = *after == '.' && isdigit((unsigned char)after[1]);
        if ((n == 8 || n == 9) && dotted) {
            snprintf(label, 16, "%d.%c", n, after[1]);
            *major = 0;
        } else if (n >= 10 && n < 30) { /* a major from 10 on (12.4 a minor of 12) */
            snprintf(label, 16, "%d", n);
            *major = n;
        } else {
            continue;
        }
        size_t len = strcspn(at, " \t\r\n\"',]}");
        snprintf(word, 96, "%.*s", (int)(len < 95 ? len : 95), at);
        return true;
    }
    return false;
}

/* The YAML files of the role's tasks directory (at most 32): the major a task line names by
 * Debian's or PGDG's layout (/etc/postgresql/9.4/main, /usr/lib/postgresql/12/bin, /usr/pgsql-12)
 * or by the package it installs (held-out set 54, h54b 17: a role whose tasks install
 * postgresql-9.4 and edit /etc/postgresql/9.4/main/postgresql.conf, its template checked as 18). A
 * comment names nothing. */
static void visit_tasks(const char *path, char *data, void *ctx)
{
    Found *found = ctx;
    int at = 0;
    char text[512];
    for (char *cursor = data, *start; (start = next_line(&cursor, text, sizeof text));) {
        at++;
        if (*start == '#')
            continue;
        char *hash = strstr(start, " #");
        if (hash)
            *hash = '\0';
        char label[16], word[96] = "", phrase[256];
        int major = 0;
        const char *layout = strstr(start, "/etc/postgresql/");
        if (!layout)
            layout = strstr(start, "/usr/lib/postgresql/");
        if (!layout)
            layout = strstr(start, "/var/lib/postgresql/");
        if (!layout)
            layout = strstr(start, "/usr/pgsql-");
        if (layout) {
            size_t plen = strcspn(layout, " \t\r\"',:]}");
            snprintf(word, sizeof word, "%.*s", (int)(plen < 95 ? plen : 95), layout);
            if (!major_in_text(word, false, label, &major))
                word[0] = '\0';
            else
                snprintf(phrase, sizeof phrase, "names %s", word);
        }
        if (!word[0]) {
            if (!package_major(start, word, label, &major))
                continue;
            snprintf(phrase, sizeof phrase, "names the package %s", word);
        }
        found_add(found, label, major, path, at, "", phrase);
    }
}

static void read_tasks(const char *role_dir, Found *found)
{
    char dir[PATH_MAX];
    if (snprintf(dir, sizeof dir, "%s/tasks", role_dir) < (int)sizeof dir)
        each_yaml(dir, visit_tasks, found);
}

/* A Chef cookbook's attributes (attributes/default.rb): `default[:postgresql][:version] =
 * "9.1"`, `default['postgresql']['version'] = '15'`, `default.postgresql.version = "12"` (held-out
 * set 56, h56a 13: a 9.1 cookbook's template dated 8.3 from its stock sample). A line whose
 * attribute path names postgresql (or postgres) and then version, and whose value is a plain
 * quoted version. */
static void visit_chef_attributes(const char *path, char *data, void *ctx)
{
    Found *found = ctx;
    int at = 0;
    char text[512];
    for (char *cursor = data, *start; (start = next_line(&cursor, text, sizeof text));) {
        at++;
        if (strncmp(start, "default", 7) && strncmp(start, "override", 8) &&
            strncmp(start, "normal", 6) && strncmp(start, "set", 3))
            continue;
        char *eq = strchr(start, '=');
        if (!eq || eq[1] == '=' || eq[1] == '~')
            continue;
        *eq = '\0';
        char *server = strcasestr(start, "postgres");
        if (!server || !strcasestr(server, "version"))
            continue;
        char *value = eq + 1 + strspn(eq + 1, " \t");
        char quote = *value;
        if (quote != '"' && quote != '\'')
            continue;
        char *close = strchr(value + 1, quote);
        if (!close)
            continue;
        *close = '\0';
        char label[16];
        int major = 0;
        if (!plain_version(value + 1, label, &major))
            continue;
        /* the attribute's path from its server word, dotted as a template reads it
         * (node.postgresql.version): "postgresql.version" */
        char dotted[128];
        size_t k = 0;
        for (const char *c = server; *c && k + 1 < sizeof dotted; c++) {
            if (isalnum((unsigned char)*c) || *c == '_')
                dotted[k++] = *c;
            else if ((*c == '.' || *c == '[') && k && dotted[k - 1] != '.')
                dotted[k++] = '.';
        }
        while (k && dotted[k - 1] == '.')
            k--;
        dotted[k] = '\0';
        found_add(found, label, major, path, at, dotted, "");
    }
}

static void read_chef_attributes(const char *cookbook, Found *found)
{
    char path[PATH_MAX];
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (snprintf(path, sizeof path, "%s/attributes/default.rb", cookbook) < (int)sizeof path &&
        pk_read_file(path, 1 << 20, &data, &len, &err) == PK_READ_OK)
        visit_chef_attributes(path, data, found);
    free(data);
}

bool lint_role_major(const char *file, RoleMajor *out)
{
    char dir[PATH_MAX];
    if (!file || !realpath(file, dir))
        return false;
    Found found = {0};
    bool role = false;
    for (int level = 0; level <= 3; level++) {
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir)
            break;
        *slash = '\0';
        const char *base = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
        /* a role's templates/ or files/: its defaults and vars are the role's own */
        if (!role && (!strcmp(base, "templates") || !strcmp(base, "files"))) {
            char role_dir[PATH_MAX];
            snprintf(role_dir, sizeof role_dir, "%.*s", (int)(base - dir - 1), dir);
            char sub[PATH_MAX];
            if (snprintf(sub, sizeof sub, "%s/defaults", role_dir) < (int)sizeof sub)
                read_either(sub, "main", &found);
            if (snprintf(sub, sizeof sub, "%s/vars", role_dir) < (int)sizeof sub)
                read_either(sub, "main", &found);
            if (!found.n && !strcmp(base, "templates")) {
                const char *name = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
                read_playbooks(role_dir, name, &found);
            }
            if (!found.n)
                read_tasks(role_dir, &found);
            if (!found.n) /* a Chef cookbook: templates/default/ below it */
                read_chef_attributes(role_dir, &found);
            role = true;
        }
        char sub[PATH_MAX];
        if (snprintf(sub, sizeof sub, "%s/group_vars", dir) < (int)sizeof sub)
            read_either(sub, "all", &found);
        char git[PATH_MAX];
        struct stat st;
        if (snprintf(git, sizeof git, "%s/.git", dir) < (int)sizeof git && stat(git, &st) == 0)
            break;
    }
    if (!found.n || found.disagree)
        return false;
    *out = found.first;
    return true;
}
