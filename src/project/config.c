/* Reading .pgknob.ini with libinih 55 through our own line reader, so that every mistake is
 * reported at its true line: the reader counts lines and catches what inih would silently
 * mangle (lines over its 200-byte buffer are truncated, NUL bytes end a line early). */
#include "project/config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/diag.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "host/host.h"
#include "lint/lint.h"

#define CONFIG_MAX_LINE 198 /* inih's buffer is 200 bytes: the line, its newline and a NUL */
#define CONFIG_MAX_SIZE (1024 * 1024)

typedef struct LineReader {
    const char *p, *end;
    int line;        /* lines handed to inih so far */
    int long_line;   /* first line longer than CONFIG_MAX_LINE, 0 if none */
    int section_line; /* line of the last [section] header */
    size_t long_len;
} LineReader;

typedef struct Loader {
    ProjectConfig *cfg;
    LineReader *rd;
    ProjectError *err;
    char *dir;       /* the file's directory, for relative paths */
    const char *file;
    char **seen;     /* "section\x1fkey" of every single-valued key so far, and its line */
    int *seen_line;
    size_t n_seen, cap_seen;
} Loader;

/* fgets for a buffer: whole lines only, truncated to fit but always ending in a newline, so
 * inih's line count stays ours. */
static char *reader_next(char *str, int num, void *stream)
{
    LineReader *rd = stream;
    if (rd->p >= rd->end)
        return NULL;
    const char *nl = memchr(rd->p, '\n', (size_t)(rd->end - rd->p));
    const char *stop = nl ? nl : rd->end;
    size_t len = (size_t)(stop - rd->p);
    rd->line++;
    const char *first = rd->p;
    while (first < stop && (*first == ' ' || *first == '\t'))
        first++;
    if (first < stop && *first == '[')
        rd->section_line = rd->line;
    if (len > CONFIG_MAX_LINE && !rd->long_line) {
        rd->long_line = rd->line;
        rd->long_len = len;
    }
    size_t room = (size_t)num - 2;
    size_t copy = len < room ? len : room;
    memcpy(str, rd->p, copy);
    str[copy] = '\n';
    str[copy + 1] = '\0';
    rd->p = nl ? nl + 1 : rd->end;
    return str;
}

static int fail(Loader *ld, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Records the first mistake (at the reader's current line) and stops the handler. */
static int fail(Loader *ld, const char *hint, const char *fmt, ...)
{
    if (ld->err->message)
        return 0;
    StrBuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    ld->err->file = xstrdup(ld->file);
    ld->err->line = ld->rd->line;
    ld->err->message = sb_detach(&sb);
    ld->err->hint = hint ? xstrdup(hint) : NULL;
    return 0;
}

/* Lists (disable, rules, redact) add up; any other key given twice is a mistake: which one
 * wins would be a guess. Aliases (memory = ram, cpus = cores) count as the same key. */
static int seen_key(Loader *ld, const char *section, const char *name)
{
    const char *key = !strcmp(name, "memory") ? "ram" : !strcmp(name, "cpus") ? "cores" : name;
    char *id = xasprintf("%s\x1f%s", section, key);
    for (size_t idx = 0; idx < ld->n_seen; idx++)
        if (!strcasecmp(ld->seen[idx], id)) {
            free(id);
            char *hint = xasprintf("Line %d sets it already; keep one.", ld->seen_line[idx]);
            fail(ld, hint, "\"%s\" is given twice in [%s]", name, section);
            free(hint);
            return 0;
        }
    size_t cap = ld->cap_seen;
    PK_GROW(ld->seen, ld->n_seen, ld->cap_seen);
    if (ld->cap_seen != cap)
        ld->seen_line = xrealloc(ld->seen_line, ld->cap_seen * sizeof(int));
    ld->seen_line[ld->n_seen] = ld->rd->line;
    ld->seen[ld->n_seen++] = id;
    return 1;
}

static void list_add(char ***list, size_t *n, const char *item)
{
    *list = xrealloc(*list, (*n + 1) * sizeof(char *));
    (*list)[(*n)++] = xstrdup(item);
}

static char *resolve_path(const Loader *ld, const char *path)
{
    return path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", ld->dir, path);
}

/* Appends each comma- or space-separated item of `value`; paths are made absolute. */
static void add_items(Loader *ld, char ***list, size_t *n, const char *value, bool paths)
{
    char *copy = xstrdup(value), *save = NULL;
    for (char *item = strtok_r(copy, ", \t", &save); item; item = strtok_r(NULL, ", \t", &save)) {
        char *resolved = paths ? resolve_path(ld, item) : xstrdup(item);
        list_add(list, n, resolved);
        free(resolved);
    }
    free(copy);
}

static bool is_number(const char *text, bool allow_fraction)
{
    char *end;
    errno = 0;
    double val = strtod(text, &end);
    if (end == text || errno || val < 0)
        return false;
    return allow_fraction || !strchr(text, '.');
}

static bool one_of(const char *value, const char *const *words)
{
    for (; *words; words++)
        if (!strcasecmp(value, *words))
            return true;
    return false;
}

/* A [host] fact: validated here so a mistake points at its line; joined into a --host spec. */
static int host_key(Loader *ld, const char *name, const char *value)
{
    static const char *const storage[] = {"nvme", "ssd", "hdd", "network", NULL};
    static const char *const yes_no[] = {"yes", "no", "true", "false", "on", "off", NULL};
    char *end;
    bool ok;
    if (!strcmp(name, "ram") || !strcmp(name, "memory")) {
        strtod(value, &end);
        ok = end != value && (!*end || one_of(end, (const char *const[]){"kB", "MB", "GB", "TB",
                                                                        NULL}));
    } else if (!strcmp(name, "cores") || !strcmp(name, "cpus"))
        ok = is_number(value, false) && atoi(value) > 0;
    else if (!strcmp(name, "storage"))
        ok = one_of(value, storage);
    else if (!strcmp(name, "kernel"))
        ok = isdigit((unsigned char)value[0]) && is_number(value, true);
    else if (!strcmp(name, "container") || !strcmp(name, "io_uring") || !strcmp(name, "local"))
        ok = one_of(value, yes_no);
    else
        return fail(ld, "Keys of [host] are ram, cores, storage, kernel, container, io_uring and "
                        "local.", "unknown host fact \"%s\"", name);
    if (ok && strcmp(name, "local")) {
        /* the --host reader has the last word (absurd sizes, 0 cores): one rule for both */
        char *item = xasprintf("%s=%s", name, value), *why = NULL;
        HostFacts facts;
        if (!host_parse_spec(item, &facts, &why)) {
            free(item);
            int rc = fail(ld, NULL, "%s", why);
            free(why);
            return rc;
        }
        host_facts_clear(&facts);
        free(item);
    }
    if (!ok)
        return fail(ld, "Write ram = 16GB, cores = 8, storage = nvme|ssd|hdd|network, "
                        "kernel = 6.8, container = yes|no, io_uring = yes|no or local = yes.",
                    "invalid value for host fact \"%s\": \"%s\"", name, value);
    ProjectConfig *cfg = ld->cfg;
    char *spec;
    if (!strcmp(name, "local"))
        spec = one_of(value, (const char *const[]){"yes", "true", "on", NULL})
                   ? xstrdup("local") : NULL;
    else
        spec = xasprintf("%s%s%s=%s", cfg->host_spec ? cfg->host_spec : "",
                         cfg->host_spec ? "," : "", name, value);
    if (spec) {
        free(cfg->host_spec);
        cfg->host_spec = spec;
    }
    return 1;
}

static int severity_key(Loader *ld, const char *rule, const char *value)
{
    Severity sev;
    if (!strcasecmp(value, "off") || !strcasecmp(value, "disable"))
        sev = SEV_NONE;
    else if (!severity_parse_level(value, &sev))
        return fail(ld, "Write error, warning, notice, recommendation or off.",
                    "invalid severity \"%s\" for rule \"%s\"", value, rule);
    ProjectConfig *cfg = ld->cfg;
    cfg->overrides = xrealloc(cfg->overrides, (cfg->n_overrides + 1) * sizeof(SeverityOverride));
    cfg->overrides[cfg->n_overrides++] = (SeverityOverride){.rule = xstrdup(rule), .severity = sev};
    return 1;
}

static int scalar_key(Loader *ld, char **slot, const char *name, const char *value)
{
    if (*slot)
        return fail(ld, NULL, "\"%s\" is given twice", name);
    *slot = xstrdup(value);
    return 1;
}

static int pgknob_key(Loader *ld, const char *name, const char *value)
{
    ProjectConfig *cfg = ld->cfg;
    int major, minor;
    if (!strcmp(name, "pg_version")) {
        if (!lint_parse_version(value, &major, &minor))
            return fail(ld, "pgknob knows PostgreSQL 13 to 18; write N or N.M.",
                        "unsupported PostgreSQL version \"%s\"", value);
        return scalar_key(ld, &cfg->pg_version, name, value);
    }
    if (!strcmp(name, "fail_on")) {
        if (!fail_on_parse(value, &cfg->fail_on, &cfg->fail_on_refusal))
            return fail(ld, "Use refusal, error, warning, notice or never.", "invalid fail_on level \"%s\"",
                        value);
        cfg->has_fail_on = true;
        return 1;
    }
    if (!strcmp(name, "baseline")) {
        char *path = resolve_path(ld, value);
        int rc = scalar_key(ld, &cfg->baseline, name, path);
        free(path);
        return rc;
    }
    if (!strcmp(name, "disable"))
        add_items(ld, &cfg->disable, &cfg->n_disable, value, false);
    else if (!strcmp(name, "rules"))
        add_items(ld, &cfg->rule_dirs, &cfg->n_rule_dirs, value, true);
    else if (!strcmp(name, "redact"))
        add_items(ld, &cfg->redact, &cfg->n_redact, value, false);
    else
        return fail(ld, "Keys of [pgknob] are pg_version, fail_on, disable, rules, redact and "
                        "baseline.", "unknown key \"%s\" in [pgknob]", name);
    return 1;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
    Loader *ld = user;
    if (ld->err->message)
        return 0;
    if (!*section)
        return fail(ld, "Put keys under [pgknob], [host] or [severity].",
                    "key \"%s\" outside a section", name);
    bool list = !strcmp(section, "pgknob") &&
                (!strcmp(name, "disable") || !strcmp(name, "rules") || !strcmp(name, "redact"));
    if (!list && !seen_key(ld, section, name))
        return 0;
    if (!strcmp(section, "pgknob"))
        return pgknob_key(ld, name, value);
    if (!strcmp(section, "host"))
        return host_key(ld, name, value);
    if (!strcmp(section, "severity"))
        return severity_key(ld, name, value);
    fail(ld, "Sections are [pgknob], [host] and [severity].", "unknown section \"[%s]\"", section);
    ld->err->line = ld->rd->section_line;
    return 0;
}

/* inih reports a line it cannot parse (no '=', an unclosed '[') only by number. */
static void syntax_error(Loader *ld, int line)
{
    ld->err->file = xstrdup(ld->file);
    ld->err->line = line;
    ld->err->message = xstrdup("syntax error: expected \"[section]\" or \"key = value\"");
}

bool project_config_load_buffer(const char *filename, const char *text, ProjectConfig *cfg,
                                ProjectError *err)
{
    memset(err, 0, sizeof(*err));
    LineReader rd = {.p = text, .end = text + strlen(text)};
    char *slash = strrchr(filename, '/');
    Loader ld = {.cfg = cfg, .rd = &rd, .err = err, .file = filename,
                 .dir = slash ? xstrndup(filename, (size_t)(slash - filename)) : xstrdup(".")};
    if (slash == filename) {
        free(ld.dir);
        ld.dir = xstrdup("/");
    }
    int rc = ini_parse_stream(reader_next, &rd, on_key, &ld);
    free(ld.dir);
    for (size_t idx = 0; idx < ld.n_seen; idx++)
        free(ld.seen[idx]);
    free(ld.seen);
    free(ld.seen_line);
    if (!err->message && rd.long_line) {
        err->file = xstrdup(filename);
        err->line = rd.long_line;
        err->message = xasprintf("line too long (%zu bytes, at most %d)", rd.long_len,
                                 CONFIG_MAX_LINE);
        err->hint = xstrdup("Split a long list over several lines: continuation lines start "
                            "with a space.");
    } else if (!err->message && rc > 0)
        syntax_error(&ld, rc);
    else if (!err->message && rc < 0)
        err->message = xstrdup("could not parse the file");
    if (!err->message) {
        cfg->path = xstrdup(filename);
        return true;
    }
    project_config_free(cfg);
    return false;
}

static bool read_file(const char *path, char **data, size_t *len, ProjectError *err)
{
    int errnum = 0;
    PkReadStatus status = pk_read_file(path, CONFIG_MAX_SIZE, data, len, &errnum);
    if (status == PK_READ_OK)
        return true;
    err->file = xstrdup(path);
    err->message = status == PK_READ_TOO_LARGE
                       ? xstrdup("the project configuration is larger than 1 MB")
                       : xasprintf("could not open the project configuration: %s",
                                   pk_read_strerror(status, errnum));
    return false;
}

/* The line of the first NUL byte, or 0. */
static int nul_line(const char *data, size_t len)
{
    int line = 1;
    for (size_t idx = 0; idx < len; idx++) {
        if (data[idx] == '\0')
            return line;
        line += data[idx] == '\n';
    }
    return 0;
}

bool project_config_load(const char *path, ProjectConfig *cfg, ProjectError *err)
{
    memset(err, 0, sizeof(*err));
    char *data = NULL;
    size_t len = 0;
    if (!read_file(path, &data, &len, err))
        return false;
    int bad = nul_line(data, len);
    bool ok = !bad && project_config_load_buffer(path, data, cfg, err);
    if (bad) {
        err->file = xstrdup(path);
        err->line = bad;
        err->message = xstrdup("NUL byte in the project configuration");
    }
    free(data);
    return ok;
}

const char *project_config_default_path(void)
{
    return access(".pgknob.ini", F_OK) == 0 ? ".pgknob.ini" : NULL;
}

static void list_free(char **list, size_t n)
{
    for (size_t idx = 0; idx < n; idx++)
        free(list[idx]);
    free(list);
}

void project_config_free(ProjectConfig *cfg)
{
    free(cfg->path);
    free(cfg->pg_version);
    free(cfg->host_spec);
    free(cfg->baseline);
    list_free(cfg->disable, cfg->n_disable);
    list_free(cfg->rule_dirs, cfg->n_rule_dirs);
    list_free(cfg->redact, cfg->n_redact);
    for (size_t idx = 0; idx < cfg->n_overrides; idx++)
        free(cfg->overrides[idx].rule);
    free(cfg->overrides);
    memset(cfg, 0, sizeof(*cfg));
}

void project_error_clear(ProjectError *err)
{
    free(err->file);
    free(err->message);
    free(err->hint);
    memset(err, 0, sizeof(*err));
}

void project_error_print(const ProjectError *err)
{
    pk_print_error(err->file, err->line, err->message, err->hint);
}
