/* `postgres -c name=value` argument lists: a docker-compose service's `command` (a string split
 * as a shell would, or a list), a Kubernetes container's `command` and `args`, and a plain
 * command line. The options are read as the postmaster reads them (src/backend/postmaster/
 * postmaster.c, PostmasterMain's getopt string "B:bC:c:D:d:EeFf:h:ijk:lN:OPp:r:S:sTt:W:-:", and
 * ParseLongOption in guc.c): `-c name=value`, `-cname=value` and `--name=value`, with dashes
 * in the name read as underscores, and the short switches that set a parameter (-B
 * shared_buffers, -N max_connections, -p port, …). The official image's entrypoint puts
 * `postgres` before arguments that start with a dash. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "input/compose_env.h"
#include "input/compose_limits.h"
#include "input/input_intern.h"

/* One argument and where its text lies in the input (the scalar holding it). */
typedef struct Arg {
    char *text;
    size_t from, to; /* byte range of the scalar in the input */
} Arg;

typedef struct ArgList {
    Arg *items;
    size_t n, cap;
} ArgList;

static void args_add(ArgList *list, char *text, size_t from, size_t to)
{
    PK_GROW(list->items, list->n, list->cap);
    list->items[list->n++] = (Arg){text, from, to};
}

static void args_free(ArgList *list)
{
    for (size_t idx = 0; idx < list->n; idx++)
        free(list->items[idx].text);
    free(list->items);
    memset(list, 0, sizeof(*list));
}

/* In a script, `$NAME`, `${NAME}` and compose's escaped `$$NAME` are the shell's to fill in
 * before the server sees them: written `${NAME}` into `word`, the stand-in a script fills in
 * (held-out set 49, h49c 33: "$$REPLICA_APPLY_DELAY" called a placeholder that stops the
 * server). Returns how much of `p` it took, 0 when `p` starts no variable. */
static size_t script_variable(const char *p, char *word, size_t *len)
{
    const char *at = p + 1;
    if (*at == '$')
        at++;
    bool braced = *at == '{';
    const char *name = at + braced;
    size_t n = 0;
    while (name[n] == '_' || (name[n] >= 'A' && name[n] <= 'Z') ||
           (name[n] >= 'a' && name[n] <= 'z') || (n && name[n] >= '0' && name[n] <= '9'))
        n++;
    if (!n)
        return 0;
    const char *end = name + n;
    if (braced) { /* ${NAME:-default} and the like: to its brace */
        const char *close = strchr(end, '}');
        if (!close)
            return 0;
        end = close + 1;
        n = (size_t)(close - name);
    }
    word[(*len)++] = '$';
    word[(*len)++] = '{';
    memcpy(word + *len, name, n);
    *len += n;
    word[(*len)++] = '}';
    return (size_t)(end - p);
}

/* Splits a command string as a POSIX shell splits words: blanks separate, single quotes keep
 * everything, double quotes and backslashes escape. Shell operators (; && | …) stay words of
 * their own. In a `script` a newline ends a command, as a `;` (compose splits a `command:`
 * string with newlines as blanks; a shell runs a script line by line), a backslash before
 * it continues the line, and a word that starts with # is a comment to the line's end. */
static void shell_split(const char *text, size_t from, size_t to, ArgList *out, bool script)
{
    const char *p = text;
    while (*p) {
        bool line_ended = false;
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
               (*p == '\\' && p[1] == '\n')) {
            if (*p == '\\')
                p++;
            else if (*p == '\n')
                line_ended = true;
            p++;
        }
        if (script && line_ended && out->n && strcmp(out->items[out->n - 1].text, ";"))
            args_add(out, xstrdup(";"), from, to);
        if (script && *p == '#') { /* a comment, to the end of its line: quotes in it are text */
            p += strcspn(p, "\n");
            continue;
        }
        if (!*p)
            break;
        /* a script's $A becomes ${A}: at most twice the text */
        size_t cap = 2 * strlen(p) + 1, len = 0, took = 0;
        char *word = xcalloc(1, cap);
        while (*p && !strchr(" \t\n\r", *p)) {
            if (*p == '\'') {
                const char *close = strchr(p + 1, '\'');
                const char *stop = close ? close : p + strlen(p);
                memcpy(word + len, p + 1, (size_t)(stop - p - 1));
                len += (size_t)(stop - p - 1);
                p = close ? close + 1 : stop;
            } else if (*p == '"') {
                p++;
                while (*p && *p != '"') {
                    took = script && *p == '$' ? script_variable(p, word, &len) : 0;
                    if (took) {
                        p += took;
                        continue;
                    }
                    if (*p == '\\' && p[1] && strchr("\"\\$`", p[1]))
                        p++;
                    word[len++] = *p++;
                }
                if (*p)
                    p++;
            } else if (script && *p == '$' && (took = script_variable(p, word, &len)) > 0) {
                p += took;
            } else if (*p == '\\' && p[1] == '\n') {
                p += 2; /* a continued line */
            } else if (*p == '\\' && p[1]) {
                word[len++] = p[1];
                p += 2;
            } else {
                word[len++] = *p++;
            }
        }
        args_add(out, word, from, to);
    }
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static bool is_postgres(const char *word)
{
    return !strcmp(base_name(word), "postgres") || !strcmp(base_name(word), "postmaster");
}

static bool is_shell(const char *word)
{
    const char *base = base_name(word);
    return !strcmp(base, "sh") || !strcmp(base, "bash") || !strcmp(base, "dash");
}

/* The postmaster's switches that set a parameter: letter, parameter, value (NULL: the
 * switch's argument). */
static const struct {
    char letter;
    const char *name, *value;
} switches[] = {
    {'B', "shared_buffers", NULL},
    {'e', "datestyle", "euro"},
    {'F', "fsync", "false"},
    {'h', "listen_addresses", NULL},
    {'i', "listen_addresses", "*"},
    {'k', "unix_socket_directories", NULL},
    {'l', "ssl", "true"},
    {'N', "max_connections", NULL},
    {'O', "allow_system_table_mods", "true"},
    {'P', "ignore_system_indexes", "true"},
    {'p', "port", NULL},
    {'S', "work_mem", NULL},
    {'s', "log_statement_stats", "true"},
    {'W', "post_auth_delay", NULL},
};
/* Switches that take an argument but set no parameter pgknob checks. */
static const char takes_arg[] = "CDdfrt";

typedef struct Place {
    const char *buf;
    size_t len;
    size_t cursor; /* the next search starts here: arguments come in order */
    size_t seen;   /* position's place: offsets come mostly in order, so each is counted on */
    size_t seen_line_start;
    int seen_line;
} Place;

static void position(Place *pl, size_t off, int *line, int *column)
{
    if (off < pl->seen || !pl->seen_line) {
        pl->seen = 0;
        pl->seen_line_start = 0;
        pl->seen_line = 1;
    }
    for (size_t idx = pl->seen; idx < off && idx < pl->len; idx++)
        if (pl->buf[idx] == '\n') {
            pl->seen_line++;
            pl->seen_line_start = idx + 1;
        }
    pl->seen = off;
    *line = pl->seen_line;
    /* in characters, as libyaml counts the manifests' other columns */
    int chars = 1;
    for (size_t idx = pl->seen_line_start; idx < off && idx < pl->len; idx++)
        chars += ((unsigned char)pl->buf[idx] & 0xC0) != 0x80;
    *column = chars;
}

/* Where `text` is written in the argument's scalar, from the cursor on; the scalar's start when
 * it is not there as written (escapes). */
static size_t locate(Place *pl, const Arg *arg, const char *text)
{
    size_t from = pl->cursor > arg->from && pl->cursor < arg->to ? pl->cursor : arg->from;
    size_t n = strlen(text);
    if (n && arg->to <= pl->len && from < arg->to) {
        const char *hit = memmem(pl->buf + from, arg->to - from, text, n);
        if (hit) {
            pl->cursor = (size_t)(hit - pl->buf) + n;
            return (size_t)(hit - pl->buf);
        }
    }
    return arg->from;
}

static void add_setting(DocBuilder *b, Place *pl, const Arg *arg, const char *written_name,
                        const char *name, const char *value)
{
    int line, column, vline, vcolumn;
    size_t at = locate(pl, arg, written_name);
    position(pl, at, &line, &column);
    size_t vat = value && *value ? locate(pl, arg, value) : at;
    position(pl, vat, &vline, &vcolumn);
    builder_add_entry(b, name, value, line, column, true);
    input_doc_value_at(b->doc, b->doc->set.n_entries - 1, b->file, vline, vcolumn);
}

/* name=value as ParseLongOption splits it: dashes in the name become underscores. */
static void long_option(DocBuilder *b, Place *pl, const Arg *arg, const char *optarg,
                        const char *switch_text)
{
    const char *eq = strchr(optarg, '=');
    char *written = eq ? xstrndup(optarg, (size_t)(eq - optarg)) : xstrdup(optarg);
    char *name = xstrdup(written);
    for (char *c = name; *c; c++)
        if (*c == '-')
            *c = '_';
    if (!eq) { /* the postmaster stops: "-c %s requires a value" */
        int line, column;
        position(pl, locate(pl, arg, written), &line, &column);
        builder_add_entry(b, name, "", line, column, true);
        ConfEntry *entry = &b->doc->set.entries[b->doc->set.n_entries - 1];
        Arena *arena = arena_get(&b->doc->set.arena); /* the set's strings live in its arena */
        entry->name = entry->value = NULL;
        entry->error = arena_printf(arena, "%s%s requires a value", switch_text, written);
        entry->token = arena_strdup(arena, "");
        entry->error_hint = arena_printf(arena, "write %s%s=VALUE", switch_text, written);
    } else {
        add_setting(b, pl, arg, written, name, eq + 1);
    }
    free(written);
    free(name);
}

static bool is_operator(const char *w)
{
    return !strcmp(w, ";") || !strcmp(w, "&&") || !strcmp(w, "||") || !strcmp(w, "|") ||
           !strcmp(w, "&");
}

/* The postmaster's options from args[first]. Stops at a shell operator. */
static void read_options(DocBuilder *b, Place *pl, const ArgList *args, size_t first)
{
    for (size_t idx = first; idx < args->n; idx++) {
        const Arg *arg = &args->items[idx];
        const char *w = arg->text;
        if (is_operator(w))
            return;
        if (w[0] != '-' || !w[1])
            continue;
        if (w[1] == '-') { /* --name=value */
            long_option(b, pl, arg, w + 2, "--");
            continue;
        }
        char letter = w[1];
        const Arg *optarg_at = arg;
        const char *optarg = NULL;
        bool wants = letter == 'c' || strchr(takes_arg, letter);
        for (size_t s = 0; s < sizeof(switches) / sizeof(switches[0]); s++)
            if (switches[s].letter == letter && !switches[s].value)
                wants = true;
        if (wants) {
            if (w[2]) {
                optarg = w + 2;
            } else if (idx + 1 < args->n) {
                optarg_at = &args->items[++idx];
                optarg = optarg_at->text;
            } else {
                continue;
            }
        }
        if (letter == 'c') {
            long_option(b, pl, optarg_at, optarg, "-c ");
            continue;
        }
        for (size_t s = 0; s < sizeof(switches) / sizeof(switches[0]); s++) {
            if (switches[s].letter != letter)
                continue;
            const char *value = switches[s].value ? switches[s].value : optarg;
            char flag[3] = {'-', letter, 0};
            int line, column;
            position(pl, locate(pl, arg, flag), &line, &column);
            builder_add_entry(b, switches[s].name, value, line, column, true);
        }
    }
}

/* Where the postmaster's arguments start: after a word `postgres` that a command runs (first
 * in a command, or after `exec`, `env`, the image's entrypoint, or `gosu USER` and `su-exec
 * USER`), or at once when the first word is an option (the official image's entrypoint adds
 * `postgres`). A user's name (`gosu postgres pg_basebackup`, `-U postgres`) runs nothing:
 * another program's options are not the server's (held-out set 49, h49c 33: pg_basebackup's
 * -Fp read as fsync off). A shell's `-c SCRIPT` is split and searched too. -1 when the list
 * runs no postgres. */
static long first_option(ArgList *args)
{
    if (args->n && args->items[0].text[0] == '-')
        return 0;
    static const char *const wrappers[] = {
        "exec", "env", "docker-entrypoint.sh", "tini", "dumb-init", "nice", "--", NULL};
    bool at_command = true;
    for (size_t idx = 0; idx < args->n; idx++) {
        const char *w = args->items[idx].text;
        if (is_operator(w)) {
            at_command = true;
            continue;
        }
        if (!at_command)
            continue;
        if (is_postgres(w))
            return (long)idx + 1;
        /* a shell's keywords and a command's variable assignments keep the command's place
         * (`if …; then exec postgres`, `PGOPTIONS=x exec postgres`) */
        static const char *const keywords[] = {"then", "do", "else",  "elif",  "{",    "(",
                                               "!",    "if", "while", "until", "time", NULL};
        bool keyword = false;
        for (const char *const *k = keywords; *k && !keyword; k++)
            keyword = !strcmp(w, *k);
        const char *eq = strchr(w, '=');
        bool assignment =
            eq && eq > w &&
            strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") ==
                (size_t)(eq - w);
        if (keyword || assignment)
            continue;
        /* an image's entrypoint script runs its arguments, as the official one does
         * (docker-entrypoint.sh; Sentry's /opt/sentry/postgres-entrypoint.sh: held-out set
         * 50, 29) */
        bool wrapper = strstr(base_name(w), "entrypoint") != NULL;
        for (const char *const *x = wrappers; *x && !wrapper; x++)
            wrapper = !strcmp(base_name(w), *x);
        if (!strcmp(base_name(w), "gosu") || !strcmp(base_name(w), "su-exec")) {
            idx++; /* the user it runs the command as */
            wrapper = true;
        }
        /* a wrapper's own options (`nice -n 5`, `sudo -u postgres`, `env -i`), with the value
         * of those that take one */
        bool takes_options = !strcmp(base_name(w), "sudo") || !strcmp(base_name(w), "env") ||
                             !strcmp(base_name(w), "nice");
        if (takes_options)
            wrapper = true;
        while (takes_options && idx + 1 < args->n && args->items[idx + 1].text[0] == '-' &&
               strcmp(args->items[idx + 1].text, "--")) {
            const char *opt = args->items[++idx].text;
            if ((!strcmp(opt, "-n") || !strcmp(opt, "-u") || !strcmp(opt, "-g")) &&
                idx + 1 < args->n)
                idx++;
        }
        at_command = wrapper;
    }
    return -1;
}

/* Expands `sh -c "SCRIPT"`: the script's words replace it. */
static void expand_shell(ArgList *args)
{
    if (!args->n || !is_shell(args->items[0].text))
        return;
    for (size_t idx = 1; idx + 1 < args->n; idx++) {
        if (strcmp(args->items[idx].text, "-c"))
            continue;
        ArgList script = {0};
        const Arg *s = &args->items[idx + 1];
        shell_split(s->text, s->from, s->to, &script, true);
        args_free(args);
        *args = script;
        return;
    }
}

static bool read_list(DocBuilder *b, const char *data, size_t len, ArgList *args)
{
    expand_shell(args);
    long first = first_option(args);
    if (first < 0)
        return false;
    Place pl = {.buf = data, .len = len};
    read_options(b, &pl, args, (size_t)first);
    return true;
}

/* ---- YAML: compose services and Kubernetes containers ---------------------------------------- */

/* A libyaml mark's byte offset: its index counts characters, so it is found from its line and
 * column. Scalars come in order, so the search goes on from the last line found. */
typedef struct MarkIndex {
    const char *data;
    size_t len;
    size_t line_off;
    size_t line;
} MarkIndex;

static size_t mark_offset(MarkIndex *mi, const yaml_mark_t *mark)
{
    if (mark->line < mi->line) {
        mi->line = 0;
        mi->line_off = 0;
    }
    while (mi->line < mark->line) {
        const char *nl = memchr(mi->data + mi->line_off, '\n', mi->len - mi->line_off);
        if (!nl)
            return mi->len;
        mi->line_off = (size_t)(nl - mi->data) + 1;
        mi->line++;
    }
    size_t off = mi->line_off;
    for (size_t chars = 0; chars < mark->column && off < mi->len;) {
        off++;
        if (off >= mi->len || ((unsigned char)mi->data[off] & 0xC0) != 0x80)
            chars++;
    }
    return off;
}

static yaml_node_t *node_at(yaml_document_t *doc, int id)
{
    return id ? yaml_document_get_node(doc, id) : NULL;
}

static yaml_node_t *member(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
    return input_yaml_member(doc, map, key);
}

static char *scalar(const yaml_node_t *node)
{
    return node && node->type == YAML_SCALAR_NODE
               ? xstrndup((const char *)node->data.scalar.value, node->data.scalar.length)
               : NULL;
}

/* A scalar's text, as compose writes it when `env` is a compose project's (NULL: as written). */
static char *filled_scalar(const ComposeEnv *env, const yaml_node_t *node)
{
    char *text = scalar(node);
    if (!text || !env)
        return text;
    char *filled = compose_interpolate(env, text);
    free(text);
    return filled;
}

/* A command: a string (split as a shell) or a list of strings. */
static void collect(MarkIndex *mi, yaml_document_t *doc, yaml_node_t *node, const ComposeEnv *env,
                    ArgList *out)
{
    if (!node)
        return;
    if (node->type == YAML_SCALAR_NODE) {
        char *text = filled_scalar(env, node);
        size_t from = mark_offset(mi, &node->start_mark);
        shell_split(text, from, mark_offset(mi, &node->end_mark), out, false);
        free(text);
        return;
    }
    if (node->type != YAML_SEQUENCE_NODE)
        return;
    for (yaml_node_item_t *item = node->data.sequence.items.start;
         item < node->data.sequence.items.top; item++) {
        yaml_node_t *n = node_at(doc, *item);
        if (n && n->type == YAML_SCALAR_NODE) {
            size_t from = mark_offset(mi, &n->start_mark);
            args_add(out, filled_scalar(env, n), from, mark_offset(mi, &n->end_mark));
        }
    }
}

bool input_postgres_image(const char *image)
{
    static const char *const images[] = {"postgres",       "postgis",  "timescaledb",
                                         "timescaledb-ha", "pgvector", NULL};
    /* `${VAR:-postgres:16}`: compose runs the default where the variable is unset (held-out
     * set 50, 32: ${TEST_POSTGRES_IMAGE:-postgres}) */
    const char *dflt = !strncmp(image, "${", 2) ? strstr(image, ":-") : NULL;
    const char *close = dflt ? strchr(dflt, '}') : NULL;
    /* ... and keeps what follows the variable (${REGISTRY:-docker.io}/postgres:16) */
    char *repo =
        close ? xasprintf("%.*s%s", (int)(close - dflt - 2), dflt + 2, close + 1) : xstrdup(image);
    /* the tag and digest follow the last path part: a registry's port (localhost:5000/…) is
     * before it */
    char *last = strrchr(repo, '/');
    last = last ? last + 1 : repo;
    last[strcspn(last, ":@")] = '\0';
    bool yes = false;
    for (size_t idx = 0; images[idx] && !yes; idx++)
        yes = !strcmp(last, images[idx]);
    free(repo);
    return yes;
}

/* The image a compose service's `build:` makes from: the last FROM of its Dockerfile (a
 * context, or a mapping's `context:` and `dockerfile:`, from the compose file's directory);
 * NULL when it has none pgknob can read. A service built `FROM postgres:14` runs postgres with
 * its command as the image's does (held-out set 49, h49c 33). */
/* The value the service's build.args give the argument `name` (`n` bytes): a mapping's, or a
 * list's NAME=value; NULL when none. */
static char *build_arg(yaml_document_t *doc, yaml_node_t *build, const char *name, size_t n)
{
    yaml_node_t *args =
        build && build->type == YAML_MAPPING_NODE ? member(doc, build, "args") : NULL;
    if (args && args->type == YAML_MAPPING_NODE) {
        for (yaml_node_pair_t *pair = args->data.mapping.pairs.start;
             pair < args->data.mapping.pairs.top; pair++) {
            char *key = scalar(yaml_document_get_node(doc, pair->key));
            bool same = key && strlen(key) == n && !strncmp(key, name, n);
            free(key);
            if (same)
                return scalar(yaml_document_get_node(doc, pair->value));
        }
    } else if (args && args->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *it = args->data.sequence.items.start;
             it < args->data.sequence.items.top; it++) {
            char *text = scalar(yaml_document_get_node(doc, *it));
            if (text && !strncmp(text, name, n) && text[n] == '=') {
                char *value = xstrdup(text + n + 1);
                free(text);
                return value;
            }
            free(text);
        }
    }
    return NULL;
}

/* A FROM reference (`len` bytes) with the build's arguments filled in (`postgres:${VERSION}-
 * alpine` with VERSION 16: review 2026-12zo, h59c 33, eight services of 13 to 16 checked as 17
 * from a comment); one with no value stays as written. */
static char *with_args(const char *ref, size_t len, char **names, char **values, size_t n_args)
{
    StrBuf out = STRBUF_INIT;
    for (const char *p = ref; p < ref + len;) {
        bool braced = p[0] == '$' && p + 1 < ref + len && p[1] == '{';
        const char *start = p + (braced ? 2 : 1);
        size_t n =
            p[0] == '$'
                ? strspn(start, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
                : 0;
        const char *value = NULL;
        for (size_t idx = 0; n && idx < n_args && !value; idx++)
            if (strlen(names[idx]) == n && !strncmp(names[idx], start, n))
                value = values[idx];
        if (value && (!braced || (start + n < ref + len && start[n] == '}'))) {
            sb_put(&out, value);
            p = start + n + braced;
            continue;
        }
        sb_putc(&out, *p++);
    }
    char *text = xstrdup(sb_str(&out));
    sb_free(&out);
    return text;
}

static char *build_from(const char *file, yaml_document_t *doc, yaml_node_t *service)
{
    yaml_node_t *build = member(doc, service, "build");
    if (!build || !file || !*file)
        return NULL;
    char *context =
        build->type == YAML_SCALAR_NODE ? scalar(build) : scalar(member(doc, build, "context"));
    char *dockerfile =
        build->type == YAML_MAPPING_NODE ? scalar(member(doc, build, "dockerfile")) : NULL;
    const char *slash = strrchr(file, '/');
    char *path = NULL;
    if ((!context || (*context != '/' && !strstr(context, "://") && !strchr(context, '$'))) &&
        (!dockerfile || (*dockerfile != '/' && !strchr(dockerfile, '$'))))
        path = xasprintf("%.*s%s/%s", slash ? (int)(slash - file + 1) : 0, file,
                         context ? context : ".", dockerfile ? dockerfile : "Dockerfile");
    free(context);
    free(dockerfile);
    char *data = NULL, *from = NULL;
    size_t len = 0;
    int err = 0;
    /* the build's arguments: the Dockerfile's ARG defaults, then the service's build.args */
    char *arg_names[16], *arg_values[16];
    size_t n_args = 0;
    if (path && pk_read_file(path, 1 << 20, &data, &len, &err) == PK_READ_OK) {
        for (char *line = data, *eol; line && *line; line = eol ? eol + 1 : NULL) {
            eol = strchr(line, '\n');
            if (eol)
                *eol = '\0';
            while (isspace((unsigned char)*line))
                line++;
            if (!strncasecmp(line, "ARG", 3) && isspace((unsigned char)line[3]) && n_args < 16) {
                char *name = line + 3 + strspn(line + 3, " \t");
                char *eq = strchr(name, '=');
                size_t n = eq ? (size_t)(eq - name) : strcspn(name, " \t\r");
                char *value = eq ? xstrndup(eq + 1, strcspn(eq + 1, " \t\r")) : NULL;
                char *given = build_arg(doc, build, name, n);
                arg_names[n_args] = xstrndup(name, n);
                arg_values[n_args++] = given ? (free(value), given) : value;
                continue;
            }
            if (strncasecmp(line, "FROM", 4) || !isspace((unsigned char)line[4]))
                continue;
            char *ref = line + 4;
            while (isspace((unsigned char)*ref))
                ref++;
            if (!strncmp(ref, "--platform=", 11))
                ref += strcspn(ref, " \t");
            while (isspace((unsigned char)*ref))
                ref++;
            free(from);
            from = with_args(ref, strcspn(ref, " \t\r"), arg_names, arg_values, n_args);
        }
    }
    for (size_t idx = 0; idx < n_args; idx++) {
        free(arg_names[idx]);
        free(arg_values[idx]);
    }
    free(data);
    free(path);
    return from;
}

/* The container's image, or the one its compose build makes from. */
static char *container_image(const char *file, yaml_document_t *doc, yaml_node_t *container,
                             const ComposeEnv *env)
{
    char *image = filled_scalar(env, member(doc, container, "image"));
    return image ? image : build_from(file, doc, container);
}

/* Does the repository's last part name PostgreSQL as a word of its own (`docker-postgres`,
 * `postgres_custom`), and no other program beside it? An image built to run the server, most
 * often FROM the official one. */
static bool image_named_postgres(const char *image)
{
    char *repo = xstrdup(image);
    char *last = strrchr(repo, '/');
    last = last ? last + 1 : repo;
    last[strcspn(last, ":@")] = '\0';
    /* another program for PostgreSQL (postgres-exporter, postgres-backup) runs no server */
    static const char *const others[] = {
        "exporter",  "backup",     "backups", "operator", "bouncer", "pgbouncer", "admin",
        "pgadmin",   "agent",      "proxy",   "client",   "cli",     "tools",     "migrate",
        "migration", "migrations", "dump",    "restore",  "sidecar", "monitor",   "monitoring",
        "metrics",   "barman",     "walg",    "s3",       NULL};
    bool named = false, other = false;
    char *save = NULL;
    for (char *part = strtok_r(last, "-_.", &save); part; part = strtok_r(NULL, "-_.", &save)) {
        named = named || !strcasecmp(part, "postgres") || !strcasecmp(part, "postgresql");
        for (const char *const *word = others; *word && !other; word++)
            other = !strcasecmp(part, *word);
    }
    free(repo);
    return named && !other;
}

/* `options_only`: the arguments open with an option, which the image's entrypoint passes to
 * the server it runs; an image named for PostgreSQL runs one (review 2026-12zo, h54c 34:
 * lovelysystems/docker-postgres with `command: ['-c', 'max_wal_senders=2', …]`, "no PostgreSQL
 * configuration") */
static bool image_is_postgres(const char *file, yaml_document_t *doc, yaml_node_t *container,
                              const ComposeEnv *env, bool options_only)
{
    char *image = container_image(file, doc, container, env);
    /* a name is the image's own only where no local build makes it: a build's tag says
     * nothing of its entrypoint, which its Dockerfile's FROM decides (build_from) */
    bool yes = image &&
               (input_postgres_image(image) ||
                (options_only && !member(doc, container, "build") && image_named_postgres(image)));
    free(image);
    return yes;
}

/* The ConfigMap whose key the container's config_file is, through a volume it mounts: the key
 * as `subPath` at that path, or under a directory it mounts (with `items` mapping a key to its
 * path there); NULL when none. */
static char *config_file_configmap(yaml_document_t *doc, yaml_node_t *container,
                                   yaml_node_t *volumes, const char *config_file)
{
    yaml_node_t *mounts = member(doc, container, "volumeMounts");
    if (!mounts || mounts->type != YAML_SEQUENCE_NODE || !volumes ||
        volumes->type != YAML_SEQUENCE_NODE)
        return NULL;
    char *found = NULL;
    for (yaml_node_item_t *m = mounts->data.sequence.items.start;
         m < mounts->data.sequence.items.top && !found; m++) {
        yaml_node_t *mount = node_at(doc, *m);
        char *path = scalar(member(doc, mount, "mountPath"));
        char *vol = scalar(member(doc, mount, "name"));
        char *sub = scalar(member(doc, mount, "subPath"));
        size_t plen = path ? strlen(path) : 0;
        bool here = path && vol &&
                    (sub ? !strcmp(path, config_file)
                         : !strncmp(config_file, path, plen) && config_file[plen] == '/');
        for (yaml_node_item_t *v = volumes->data.sequence.items.start;
             here && v < volumes->data.sequence.items.top && !found; v++) {
            yaml_node_t *volume = node_at(doc, *v);
            char *name = scalar(member(doc, volume, "name"));
            if (name && !strcmp(name, vol))
                found = scalar(member(doc, member(doc, volume, "configMap"), "name"));
            free(name);
        }
        free(path);
        free(vol);
        free(sub);
    }
    return found;
}

/* The container's PostgreSQL image names the document's major (`image: postgres:13`); a tag
 * with no number (`latest`) names none. */
static void container_image_version(const char *file, InputDoc *d, yaml_document_t *doc,
                                    yaml_node_t *container, const ComposeEnv *env)
{
    yaml_node_t *node = member(doc, container, "image");
    const char *key = "image";
    if (!node) {
        node = member(doc, container, "build");
        key = "build";
    }
    char *image = node ? container_image(file, doc, container, env) : NULL;
    /* the image of a service that runs postgres names the server in its tag when it is no
     * image pgknob knows by name: tensorchord/pgvecto-rs:pg14-v0.2.0 (held-out set 52, h52c
     * 33), whose tag part pg14 input_doc_image_version reads */
    char *named = image ? xstrndup(image, strcspn(image, "@")) : NULL; /* less its digest */
    const char *tag = named ? strrchr(named, ':') : NULL;
    bool pg_tag = tag && !strchr(tag, '/') && strstr(tag, "pg");
    free(named);
    /* a build names its Dockerfile's FROM, its arguments filled in */
    if (image && !strcmp(key, "build"))
        key = arena_printf(arena_get(&d->set.arena), "build, FROM %s", image);
    if (image && (input_postgres_image(image) || pg_tag)) {
        input_doc_image_version(d, image, key, (int)node->start_mark.line + 1,
                                (int)node->start_mark.column + 1);
        if (!d->version_label[0]) {
            free(d->version_text);
            d->version_text = NULL;
            d->version_key = NULL;
        }
    }
    free(image);
}

/* What a compose service shows of the server it runs with these options: its memory and CPU
 * limits, host facts as a pod's are (review 2026-12zo, h57c 33: 400 connections in a 1GB
 * service, its limit read only for a file it mounts), and, where its environment sets
 * POSTGRES_HOST_AUTH_METHOD: trust, its name, that line and the line that publishes the server's
 * port (its -c port, else 5432) beyond the host's loopback, for lint's PK0103 (review 2026-12zo,
 * h56b 30: a test stack's trust on 5555:5432, unsaid because only a mounted postgresql.conf was
 * asked). */
static void service_facts(const char *file, yaml_document_t *doc, yaml_node_t *service,
                          const char *label, InputDoc *d)
{
    const char *name = !strncmp(label, "service ", 8) ? label + 8 : label;
    if (!*name || !*file)
        return;
    const char *base = strrchr(file, '/');
    ComposeLimits limits = {0};
    input_compose_service_limits(doc, service, file, name, &limits);
    if (limits.source && !d->pod_source) {
        d->pod_ram = limits.ram;
        d->pod_cores = limits.cores;
        d->pod_source = limits.source;
        limits.source = NULL;
    }
    compose_limits_clear(&limits);
    ComposeLimits reach = {0};
    input_compose_service_reach(doc, service, base ? base + 1 : file, name, &reach);
    if (reach.trust.line) {
        int port = 5432;
        for (size_t idx = 0; idx < d->set.n_entries; idx++) {
            const ConfEntry *e = &d->set.entries[idx];
            if (e->name && e->value && e->applied && !strcasecmp(e->name, "port"))
                port = atoi(e->value);
        }
        d->trust_service = xstrdup(name);
        d->trust_line = reach.trust.line;
        d->trust_published_line = input_compose_trust_published(&reach, port);
    }
    compose_limits_clear(&reach);
    ComposeLimits volume = {0};
    input_compose_service_data_volume(doc, service, file, name, &volume);
    d->old_volume = volume.old_volume;
    volume.old_volume = NULL;
    d->old_volume_line = volume.old_volume_line;
    d->old_volume_unpinned = volume.old_volume_unpinned;
    compose_limits_clear(&volume);
}

/* One container or service: `command` then `args` (Kubernetes: `env` is NULL), or
 * `entrypoint` then `command` (compose: `env` is its project's). A document for it when it
 * runs postgres with options. */
static void read_container(const char *file, const char *data, size_t len, yaml_document_t *doc,
                           yaml_node_t *container, yaml_node_t *volumes, const char *label,
                           const ComposeEnv *env, InputResult *out)
{
    const char *first_key = env ? "entrypoint" : "command";
    const char *second_key = env ? "command" : "args";
    ArgList args = {0};
    MarkIndex mi = {data, len, 0, 0};
    collect(&mi, doc, member(doc, container, first_key), env, &args);
    collect(&mi, doc, member(doc, container, second_key), env, &args);
    /* no command of its own: the image's (postgres) runs with these arguments */
    if (!member(doc, container, first_key) && args.n && args.items[0].text[0] == '-' &&
        !image_is_postgres(file, doc, container, env, true)) {
        args_free(&args);
        return;
    }
    if (!args.n) {
        args_free(&args);
        return;
    }
    InputDoc *d = input_result_add(out);
    DocBuilder b;
    builder_init(&b, d, INPUT_ARGS, file, data, len);
    d->label = xstrdup(label);
    input_read_resources(d, file, doc, member(doc, container, "resources"));
    if (!read_list(&b, data, len, &args)) {
        builder_finish(&b);
        input_result_drop_last(out);
        args_free(&args);
        return;
    }
    builder_finish(&b);
    args_free(&args);
    container_image_version(file, d, doc, container, env);
    bool own_file = false;
    for (size_t idx = 0; idx < d->set.n_entries; idx++) {
        const ConfEntry *e = &d->set.entries[idx];
        if (e->name && e->value && e->applied && !strcasecmp(e->name, "config_file")) {
            own_file = true;
            d->config_file_configmap = config_file_configmap(doc, container, volumes, e->value);
        }
    }
    if (env) { /* a compose service: what shows its purpose (lint/intent.c) */
        char *database = NULL;
        input_compose_service_purpose(doc, container, &database, &d->set.service_database_line,
                                      &d->set.service_tmpfs_line);
        d->set.service_database = arena_strdup(arena_get(&d->set.arena), database);
        free(database);
        service_facts(file, doc, container, label, d);
    }
    /* the official image's entrypoint runs initdb, whose file the server reads under these
     * options (held-out set 50, h50c 33: "shared_buffers is 8MB" for postgres:14 with only -c
     * log_statement); TimescaleDB's image rewrites that file by the machine's memory
     * (timescaledb-tune in its docker-entrypoint-initdb.d), so it has no such values */
    char *image = container_image(file, doc, container, env);
    const char *preload_name = NULL;
    const char *const *preload = image ? input_image_preload_defaults(image, &preload_name) : NULL;
    if (!own_file && preload) {
        d->operator_defaults = preload;
        d->operator_name = preload_name;
        for (size_t idx = 0; preload[idx] && preload[idx + 1]; idx += 2)
            if (!strcmp(preload[idx], "shared_preload_libraries") && !d->image_libraries)
                d->image_libraries = xstrdup(preload[idx + 1]);
    } else if (!own_file && image && input_official_postgres_image(image) &&
               !strstr(image, "timescale")) {
        d->operator_defaults = input_initdb_defaults;
        d->operator_name = "initdb";
    } else if (!own_file && image && input_timescaledb_image(image)) {
        d->operator_defaults = input_timescaledb_image_defaults;
        d->operator_name = "the timescale/timescaledb image";
    }
    free(image);
}

char *args_service_settings(const char *file, const char *data, size_t len, yaml_document_t *doc,
                            yaml_node_t *service, int *line)
{
    InputResult res = {0};
    *line = 0;
    Arena *arena = arena_new();
    read_container("", data, len, doc, service, NULL, "", compose_env_load(arena, file), &res);
    arena_free(arena);
    StrBuf sb = STRBUF_INIT;
    for (size_t d = 0; d < res.n_docs; d++)
        for (size_t idx = 0; idx < res.docs[d].set.n_entries; idx++) {
            const ConfEntry *e = &res.docs[d].set.entries[idx];
            if (!e->name || !e->value || !e->applied)
                continue;
            sb_printf(&sb, "%s=%s\n", e->name, e->value);
            if (!*line)
                *line = e->line;
        }
    input_result_free(&res);
    return sb.len ? sb_detach(&sb) : (sb_free(&sb), NULL);
}

static void read_containers(const char *file, const char *data, size_t len, yaml_document_t *doc,
                            yaml_node_t *list, yaml_node_t *volumes, const char *owner,
                            InputResult *out)
{
    if (!list || list->type != YAML_SEQUENCE_NODE)
        return;
    for (yaml_node_item_t *item = list->data.sequence.items.start;
         item < list->data.sequence.items.top; item++) {
        yaml_node_t *c = node_at(doc, *item);
        char *name = scalar(member(doc, c, "name"));
        char *label = xasprintf("%s container %s", owner, name ? name : "?");
        read_container(file, data, len, doc, c, volumes, label, NULL, out);
        free(label);
        free(name);
    }
}

/* A compose file's services written without their `services:` key: a block that a tool puts
 * together with others into one compose file (Grafana's devenv/docker/blocks/NAME/
 * docker-compose.yaml). Every top-level value a mapping, and one of them a service that names
 * its image with a command or an environment. */
static bool services_fragment(yaml_document_t *doc, yaml_node_t *root)
{
    if (member(doc, root, "services") || member(doc, root, "kind") ||
        member(doc, root, "apiVersion"))
        return false;
    bool service = false;
    for (yaml_node_pair_t *pair = root->data.mapping.pairs.start;
         pair < root->data.mapping.pairs.top; pair++) {
        yaml_node_t *value = node_at(doc, pair->value);
        if (!value || value->type != YAML_MAPPING_NODE)
            return false;
        yaml_node_t *image = member(doc, value, "image");
        service |= image && image->type == YAML_SCALAR_NODE &&
                   (member(doc, value, "command") || member(doc, value, "environment"));
    }
    return service;
}

size_t args_load_yaml_doc(const char *file, const char *data, size_t len, yaml_document_t *doc,
                          InputResult *out)
{
    size_t before = out->n_docs;
    yaml_node_t *root = yaml_document_get_root_node(doc);
    if (!root || root->type != YAML_MAPPING_NODE)
        return 0;
    yaml_node_t *services = member(doc, root, "services");
    if (!services && services_fragment(doc, root))
        services = root;
    if (services && services->type == YAML_MAPPING_NODE && !member(doc, root, "kind")) {
        Arena *arena = arena_new();
        const ComposeEnv *env = compose_env_load(arena, file);
        for (yaml_node_pair_t *pair = services->data.mapping.pairs.start;
             pair < services->data.mapping.pairs.top; pair++) {
            char *name = scalar(node_at(doc, pair->key));
            char *label = xasprintf("service %s", name ? name : "?");
            read_container(file, data, len, doc, node_at(doc, pair->value), NULL, label, env, out);
            free(label);
            free(name);
        }
        arena_free(arena);
        return out->n_docs - before;
    }
    char *kind = scalar(member(doc, root, "kind"));
    if (!kind)
        return 0;
    /* a Pod's spec, a workload's pod template, a CronJob's job template */
    static const char *const pod_specs[] = {"spec", "spec.template.spec",
                                            "spec.jobTemplate.spec.template.spec"};
    for (size_t idx = 0; idx < sizeof(pod_specs) / sizeof(pod_specs[0]); idx++) {
        char *copy = xstrdup(pod_specs[idx]), *save = NULL;
        yaml_node_t *node = root;
        for (char *part = strtok_r(copy, ".", &save); part && node;
             part = strtok_r(NULL, ".", &save))
            node = member(doc, node, part);
        free(copy);
        yaml_node_t *containers = member(doc, node, "containers");
        if (containers) {
            char *name = scalar(member(doc, member(doc, root, "metadata"), "name"));
            char *owner = xasprintf("%s %s", kind, name ? name : "?");
            yaml_node_t *volumes = member(doc, node, "volumes");
            read_containers(file, data, len, doc, containers, volumes, owner, out);
            read_containers(file, data, len, doc, member(doc, node, "initContainers"), volumes,
                            owner, out);
            free(owner);
            free(name);
            break;
        }
    }
    free(kind);
    return out->n_docs - before;
}

bool args_load_text(const char *file, const char *data, size_t len, InputResult *out, PkDiag *diag)
{
    char *text = xstrndup(data, len);
    ArgList args = {0};
    /* a line continued with a backslash is one command */
    for (char *p = text; (p = strstr(p, "\\\n"));)
        p[0] = p[1] = ' ';
    shell_split(text, 0, len, &args, false);
    free(text);
    InputDoc *d = input_result_add(out);
    DocBuilder b;
    builder_init(&b, d, INPUT_ARGS, file, data, len);
    d->label = xstrdup("postgres command line");
    bool ok = read_list(&b, data, len, &args);
    builder_finish(&b);
    args_free(&args);
    out->format = INPUT_ARGS;
    if (ok)
        return true;
    input_result_drop_last(out);
    return pk_diag_set(diag, file, 0, "Write the command as postgres -c name=value …",
                       "no postgres command in this argument list");
}

bool input_looks_like_args(const char *data, size_t len)
{
    size_t idx = 0;
    while (idx < len && strchr(" \t\r\n", data[idx]))
        idx++;
    if (idx < len && data[idx] == '#') /* a comment line first: not a bare command */
        return false;
    size_t start = idx;
    while (idx < len && !strchr(" \t\r\n", data[idx]))
        idx++;
    char *word = xstrndup(data + start, idx - start);
    bool yes = (is_postgres(word) || !strcmp(word, "exec")) && memmem(data, len, " -", 2);
    if (!strcmp(word, "exec")) {
        size_t s = idx;
        while (s < len && (data[s] == ' ' || data[s] == '\t'))
            s++;
        size_t e = s;
        while (e < len && !strchr(" \t\r\n", data[e]))
            e++;
        char *next = xstrndup(data + s, e - s);
        yes = yes && is_postgres(next);
        free(next);
    }
    free(word);
    return yes;
}
