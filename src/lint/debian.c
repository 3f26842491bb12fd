#include "lint/debian.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/readfile.h"
#include "input/compose_limits.h"
#include "input/major_evidence.h"
#include "lint/container.h"
#include "lint/validate.intern.h"

#define DEBIAN_MAX_FILES 64 /* deployment files read in the file's module */
#define DEBIAN_WINDOW 6     /* lines apart a destination and its source may be written */
#define DEBIAN_MAX_DIRS 32  /* directories of the module listed */

/* Is `token` (up to a blank or a quote) Debian's cluster configuration path with any version and
 * cluster, written plainly or with a template's variables: /etc/postgresql/15/main/postgresql.conf,
 * /etc/postgresql/{{ v }}/main/postgresql.conf, /etc/postgresql/#{node[...]}/main/... */
static bool debian_conf_path(const char *token, size_t len)
{
    static const char root[] = "/etc/postgresql/", name[] = "/postgresql.conf";
    if (len < sizeof root - 1 + sizeof name - 1 + 3 || strncmp(token, root, sizeof root - 1) ||
        strncmp(token + len - (sizeof name - 1), name, sizeof name - 1))
        return false;
    /* two parts between them: the version and the cluster (a variable may hold a slash) */
    int slashes = 0;
    for (const char *p = token + sizeof root - 1; p < token + len - (sizeof name - 1); p++)
        slashes += *p == '/';
    return slashes >= 1;
}

/* The Debian destination a line names, its length in *len; NULL when none. */
static const char *line_destination(const char *line, size_t n, size_t *len)
{
    for (const char *at = line; (at = memmem(at, (size_t)(line + n - at), "/etc/postgresql/", 16));
         at++) {
        size_t k = 0;
        /* a template's variable may hold blanks: {{ pg_version }}, #{node['v']} */
        int depth = 0;
        while (at + k < line + n) {
            char c = at[k];
            if (c == '{' || c == '[' || c == '(')
                depth++;
            else if ((c == '}' || c == ']' || c == ')') && depth)
                depth--;
            else if (!depth && strchr(" \t\"',;:", c))
                break;
            k++;
        }
        if (debian_conf_path(at, k)) {
            *len = k;
            return at;
        }
    }
    return NULL;
}

/* Does the line name the template as a source: a word ending in its name `base` that is not the
 * destination itself (Salt's salt://postgres/postgresql.conf beside the same file name)? Where
 * the word names the directory holding it (conf/replica/postgresql.conf, Puppet's
 * template('pg/postgresql.conf.erb')), that directory must be one of the file's own (`real`):
 * another file of the same name is another template. */
static bool names_source(const char *line, size_t n, const char *base, const char *real,
                         const char *dest, size_t dest_len)
{
    size_t blen = strlen(base);
    for (const char *at = line; (at = memmem(at, (size_t)(line + n - at), base, blen)); at++) {
        const char *end = at + blen;
        if (dest && at >= dest && at < dest + dest_len)
            continue;
        if (!(end == line + n || strchr(" \t\"',;)\r", *end)) ||
            !(at == line || strchr(" \t\"'/:=(", at[-1])))
            continue;
        if (at == line || at[-1] != '/')
            return true;
        /* the directory word before the name */
        const char *stop = at - 1, *word = stop;
        while (word > line && !strchr(" \t\"'/:=(", word[-1]))
            word--;
        size_t wlen = (size_t)(stop - word);
        if (!wlen || memchr(word, '{', wlen) || memchr(word, '$', wlen) ||
            memchr(word, '#', wlen) || (wlen == 9 && !strncmp(word, "templates", 9)) ||
            (wlen == 5 && !strncmp(word, "files", 5)))
            return true;
        char part[PATH_MAX];
        snprintf(part, sizeof part, "/%.*s/", (int)wlen, word);
        if (strstr(real, part))
            return true;
    }
    return false;
}

/* A Debian cluster's configuration directory with a literal version, or a file in it, as a
 * line names it (/etc/postgresql/9.3/main/, /etc/postgresql/9.3/main/pg_hba.conf): its length in
 * *len and the major in `label`, `major`; NULL when none. */
static const char *line_cluster_dir(const char *line, size_t n, size_t *len, char label[16],
                                    int *major)
{
    for (const char *at = line; (at = memmem(at, (size_t)(line + n - at), "/etc/postgresql/", 16));
         at++) {
        size_t k = strcspn(at, " \t\"',;:\r\n");
        if (at + k > line + n)
            k = (size_t)(line + n - at);
        char token[PATH_MAX];
        snprintf(token, sizeof token, "%.*s", (int)k, at);
        /* a version and a cluster after the root: /etc/postgresql/9.3/main */
        const char *cluster = strchr(token + 16, '/');
        if (!cluster || cluster[1] == '\0' || cluster[1] == '/' ||
            !major_in_text(token, false, label, major))
            continue;
        *len = k;
        return at;
    }
    return NULL;
}

typedef struct Scan {
    const char *base; /* the template's file name */
    const char *real; /* its real path */
    bool shell;       /* the file being scanned is a shell script */
    char *where;
    size_t cap;
    bool found;
    int dirs; /* directories listed so far */
    /* any file into a cluster's directory of a literal version, not only its postgresql.conf:
     * the major it names (lint_debian_install_major) */
    bool any_file;
    char label[16];
    int major;
} Scan;

/* A line's indentation (blanks before its first character). */
static size_t indent_of(const char *line)
{
    return strspn(line, " \t");
}

/* Are lines `a` and `b` of one task or resource: no line between them leaves the block they
 * share (a YAML line indented less than both, a new list item as far in as either; Ruby's `end`,
 * Puppet's closing brace)? */
static bool same_block(const char *const *starts, size_t n_lines, size_t a, size_t b)
{
    size_t lo = a < b ? a : b, hi = a < b ? b : a;
    size_t in_a = indent_of(starts[a]), in_b = indent_of(starts[b]);
    size_t least = in_a < in_b ? in_a : in_b;
    for (size_t idx = lo + 1; idx < hi && idx < n_lines; idx++) {
        const char *line = starts[idx];
        size_t in = indent_of(line), n = strcspn(line + in, "\r\n");
        if (!n || line[in] == '#')
            continue;
        if (in < least || (line[in] == '-' && in <= least) ||
            (n == 3 && !strncmp(line + in, "end", 3)) || (n == 1 && line[in] == '}'))
            return false;
    }
    return true;
}

/* Does the task or command around lines `a` and `b` edit the file in place (append a line,
 * change one), which keeps the rest of it, data_directory too? */
static bool edits_in_place(const char *const *starts, size_t n_lines, size_t a, size_t b)
{
    static const char *const edits[] = {">>",         "--append",          "tee -a",
                                        "lineinfile", "blockinfile",       "ini_file",
                                        "replace:",   "file.append",       "file.replace",
                                        "file.line",  "file.blockreplace", "augeas",
                                        "sed -i",     "file_line",         NULL};
    size_t lo = a < b ? a : b, hi = a < b ? b : a;
    lo = lo > 3 ? lo - 3 : 0;
    for (size_t idx = lo; idx <= hi && idx < n_lines; idx++) {
        size_t n = strcspn(starts[idx], "\n");
        for (const char *const *e = edits; *e; e++)
            if (memmem(starts[idx], n, *e, strlen(*e)))
                return true;
    }
    return false;
}

static void scan_file(Scan *scan, const char *path)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(path, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return;
    /* the line starts, for a window of lines around a destination */
    size_t n_lines = 0, cap = 256;
    const char **starts = malloc(cap * sizeof *starts);
    for (const char *p = data; starts && p < data + len;
         p = strchr(p, '\n') ? strchr(p, '\n') + 1 : data + len) {
        if (n_lines == cap) {
            const char **more = realloc(starts, (cap *= 2) * sizeof *starts);
            if (!more)
                break;
            starts = more;
        }
        starts[n_lines++] = p;
    }
    for (size_t idx = 0; starts && idx < n_lines && !scan->found; idx++) {
        const char *line = starts[idx];
        size_t n = strcspn(line, "\n");
        const char *first = line + strspn(line, " \t");
        if (*first == '#')
            continue;
        size_t dlen = 0;
        const char *dest = scan->any_file
                               ? line_cluster_dir(line, n, &dlen, scan->label, &scan->major)
                               : line_destination(line, n, &dlen);
        if (!dest)
            continue;
        /* a shell command names its source on the destination's line (cp SRC DEST); a
         * deployment file's task or resource, within its block */
        size_t lo = scan->shell ? idx : idx > DEBIAN_WINDOW ? idx - DEBIAN_WINDOW : 0;
        size_t hi = scan->shell                     ? idx
                    : idx + DEBIAN_WINDOW < n_lines ? idx + DEBIAN_WINDOW
                                                    : n_lines - 1;
        for (size_t other = lo; other <= hi && !scan->found; other++) {
            const char *o = starts[other];
            size_t on = strcspn(o, "\n");
            if (!names_source(o, on, scan->base, scan->real, other == idx ? dest : NULL, dlen) ||
                !same_block(starts, n_lines, other, idx) ||
                edits_in_place(starts, n_lines, other, idx))
                continue;
            char *shown = lint_path_from(scan->real, path);
            snprintf(scan->where, scan->cap, "%s (line %zu) %s %.*s", shown, idx + 1,
                     scan->any_file ? "installs it into" : "writes it to", (int)dlen, dest);
            free(shown);
            scan->found = true;
        }
    }
    free(starts);
    free(data);
}

/* A deployment file: Ansible's YAML, Chef's and Puppet's Ruby and manifests, Salt's states, a
 * shell script. */
static bool deployment_file(const char *name)
{
    static const char *const exts[] = {".yml", ".yaml", ".rb", ".pp", ".sls", ".sh", NULL};
    size_t n = strlen(name);
    for (const char *const *e = exts; *e; e++)
        if (n > strlen(*e) && !strcmp(name + n - strlen(*e), *e))
            return true;
    return false;
}

/* The deployment files of `dir` and its subdirectories, two levels down, at most
 * DEBIAN_MAX_FILES read in all. */
static void scan_dir(Scan *scan, const char *dir, int depth, int *budget)
{
    if (scan->dirs++ >= DEBIAN_MAX_DIRS)
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *de; !scan->found && *budget > 0 && (de = readdir(d));) {
        if (de->d_name[0] == '.')
            continue;
        char path[PATH_MAX];
        struct stat st;
        if (snprintf(path, sizeof path, "%s/%s", dir, de->d_name) >= (int)sizeof path ||
            stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (depth < 2)
                scan_dir(scan, path, depth + 1, budget);
        } else if (S_ISREG(st.st_mode) && deployment_file(de->d_name) && st.st_size < (1 << 20)) {
            (*budget)--;
            size_t n = strlen(de->d_name);
            scan->shell = n > 3 && !strcmp(de->d_name + n - 3, ".sh");
            scan_file(scan, path);
        }
    }
    closedir(d);
}

static bool scan_module(const char *real, Scan *scan);

bool lint_debian_destination(const char *file, char *where, size_t cap)
{
    char real[PATH_MAX];
    if (!realpath(file, real))
        return false;
    size_t n = strlen(real);
    const char *etc = strstr(real, "/etc/postgresql/");
    if (etc && debian_conf_path(etc, (size_t)(real + n - etc))) {
        snprintf(where, cap, "the file is %s of its checkout", etc + 1);
        return true;
    }
    Scan scan = {.where = where, .cap = cap};
    return scan_module(real, &scan);
}

bool lint_debian_install_major(const char *file, char label[16], int *major, char *where,
                               size_t cap)
{
    char real[PATH_MAX];
    if (!realpath(file, real))
        return false;
    Scan scan = {.where = where, .cap = cap, .any_file = true};
    if (!scan_module(real, &scan))
        return false;
    snprintf(label, 16, "%s", scan.label);
    *major = scan.major;
    return true;
}

/* The deployment files of the module holding `real` (a template's: above templates/ or files/,
 * else its own directory), read for `scan`'s destination. */
static bool scan_module(const char *real, Scan *scan)
{
    /* a template's module (an Ansible role, a Chef cookbook, a Puppet module): the directory
     * above templates/ or files/ (templates/default/ too), else the file's own (a Salt state's,
     * a script's); only in a checkout, whose files these are (not a corpus directory's
     * neighbours: tests/rules/t-rules-pack.sh counts what lint opens) */
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", real);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return false;
    *slash = '\0';
    const char *base = slash + 1 - dir + real;
    if (!input_in_checkout_within(dir, 8))
        return false;
    for (int level = 0; level < 2; level++) {
        char *up = strrchr(dir, '/');
        if (!up || up == dir)
            break;
        if (!strcmp(up + 1, "templates") || !strcmp(up + 1, "files")) {
            *up = '\0';
            break;
        }
        if (level == 0 && !strcmp(up + 1, "default")) { /* Chef's templates/default/ */
            char above[PATH_MAX];
            snprintf(above, sizeof above, "%.*s", (int)(up - dir), dir);
            const char *parent = strrchr(above, '/');
            if (parent && !strcmp(parent + 1, "templates")) {
                *up = '\0';
                continue;
            }
        }
        break;
    }
    scan->base = base;
    scan->real = real;
    int budget = DEBIAN_MAX_FILES;
    scan_dir(scan, dir, 0, &budget);
    return scan->found;
}

/* Does a line of the file set `name` (not commented out), or write a name a template fills in
 * (`{{ item.key }} = …`, `<%= k %> = …`), which may be it? */
static bool may_set(const char *text, const char *name)
{
    size_t nlen = strlen(name);
    for (const char *line = text; *line;) {
        const char *eol = line + strcspn(line, "\n");
        const char *p = line + strspn(line, " \t");
        bool templated = !strncmp(p, "{{", 2) || !strncmp(p, "<%=", 3) || !strncmp(p, "${", 2);
        if ((!strncmp(p, name, nlen) && strchr(" \t=", p[nlen])) ||
            (templated && memchr(p, '=', (size_t)(eol - p))))
            return true;
        line = *eol ? eol + 1 : eol;
    }
    return false;
}

void lint_check_debian_paths(const ConfSet *set, const char *file, int major, FindingList *out)
{
    if (!set || set->data_dir || !file || set->n_files != 1)
        return; /* an include may set it */
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    char where[PATH_MAX + 256];
    if (pk_read_file(file, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return;
    bool set_here = may_set(data, "data_directory") || may_set(data, "include") ||
                    may_set(data, "include_dir") || may_set(data, "include_if_exists");
    free(data);
    if (set_here || !lint_debian_destination(file, where, sizeof where))
        return;
    Finding *f = lint_rule_finding(out, "PK0105", file, 0);
    f->message = finding_printf(
        f,
        "%s, Debian's cluster configuration, and sets no data_directory: pg_ctlcluster (which "
        "systemd's postgresql@ units run) finds a cluster's data directory there, so the cluster "
        "does not start (\"Error: Invalid data directory for cluster\")",
        where);
    f->suggestion = finding_strdup(
        f, "data_directory = '/var/lib/postgresql/VERSION/CLUSTER' (the path pg_createcluster "
           "made; with the template's own version and cluster variables)");
    f->hint = finding_strdup(
        f,
        "pg_createcluster writes data_directory, hba_file, ident_file and external_pid_file into "
        "the file it creates; a file that replaces it keeps only what it writes. pg_ctlcluster "
        "supplies hba_file, ident_file and external_pid_file itself when the file has none, "
        "but not the data directory (a pgdata link in the cluster's configuration directory, "
        "from old postgresql-common, would stand in).");
    f->explanation = finding_printf(
        f,
        "postgresql-common's cluster_data_directory (PgCommon.pm) reads data_directory from "
        "/etc/postgresql/VERSION/CLUSTER/postgresql.conf, else a pgdata link beside it, and "
        "pg_ctlcluster stops with \"Invalid data directory\" when neither is there (shown with "
        "Debian's PostgreSQL 15 by tests/lint/t-debian-paths.sh). The server itself is started "
        "with -D and -c config_file "
        "(https://www.postgresql.org/docs/%d/runtime-config-file-locations.html).",
        major);
}
