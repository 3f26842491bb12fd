/* Compose's interpolation of a compose file's values, and the .env file it takes them from
 * (https://docs.docker.com/reference/compose-file/interpolation/ and the .env syntax of
 * https://docs.docker.com/compose/how-tos/environment-variables/variable-interpolation/). A
 * value such as `max_connections=${POSTGRES_MAX_CONNECTIONS:-100}` is the number compose
 * writes, not a placeholder the server sees (held-out set 50, 29). */
#include "input/compose_env.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

/* A value that grows beyond this (a .env line that doubles another, again and again) is kept as
 * written: no setting is this long. Defaults nested deeper than NEST_MAX are kept as written, and
 * the .env's values together hold at most ENV_MAX bytes (a value that would pass it is not
 * kept): what one file costs stays bounded. */
#define FILLED_MAX (64 * 1024)
#define NEST_MAX 16
#define ENV_MAX (1024 * 1024)

struct ComposeEnv {
    Arena *arena; /* the caller's: it owns the set */
    char **names, **values;
    size_t n, names_cap, values_cap;
    size_t bytes; /* the values' total */
};

static char *interpolate(const ComposeEnv *env, const char *text, int depth);

static const char *env_get(const ComposeEnv *env, const char *name, size_t len)
{
    /* the last line that sets a name wins, as it does for compose */
    for (size_t idx = env->n; idx-- > 0;)
        if (strlen(env->names[idx]) == len && !memcmp(env->names[idx], name, len))
            return env->values[idx];
    return NULL;
}

static void env_set(ComposeEnv *env, const char *name, size_t len, char *value)
{
    size_t value_len = strlen(value);
    if (env->bytes + value_len > ENV_MAX) {
        free(value);
        return;
    }
    env->bytes += value_len;
    ARENA_GROW(env->arena, env->names, env->n, env->names_cap);
    ARENA_GROW(env->arena, env->values, env->n, env->values_cap);
    env->names[env->n] = arena_strndup(env->arena, name, len);
    env->values[env->n++] = arena_strdup(env->arena, value);
    free(value);
}

static size_t name_length(const char *p)
{
    size_t n = 0;
    while (p[n] == '_' || (p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= 'a' && p[n] <= 'z') ||
           (n && p[n] >= '0' && p[n] <= '9'))
        n++;
    return n;
}

/* The brace that closes the one before `p`, past nested ${…}; NULL when none does. */
static const char *closing_brace(const char *p)
{
    int depth = 1;
    for (; *p; p++) {
        if (*p == '$' && p[1] == '{') {
            depth++;
            p++;
        } else if (*p == '}' && --depth == 0) {
            return p;
        }
    }
    return NULL;
}

/* `${…}` from just after its `${` to `close`: appended as compose fills it in. */
static void braced(const ComposeEnv *env, const char *p, const char *close, StrBuf *out, int depth)
{
    size_t n = name_length(p);
    const char *value = n ? env_get(env, p, n) : NULL;
    const char *op = p + n;
    bool colon = *op == ':';
    char kind = op[colon];
    if (!n || (op != close && kind != '-' && kind != '+' && kind != '?')) {
        sb_printf(out, "${%.*s}", (int)(close - p), p); /* not a form pgknob knows: as written */
        return;
    }
    bool set = value && (!colon || *value);
    const char *word = op + colon + 1;
    char *rest = xstrndup(word, word < close ? (size_t)(close - word) : 0);
    if (op == close || kind == '?') {
        if (value)
            sb_put(out, value);
        else
            sb_printf(out, "${%.*s}", (int)n, p); /* set where it is deployed */
    } else if (kind == '-') {
        char *filled = set ? NULL : interpolate(env, rest, depth + 1);
        sb_put(out, set ? value : filled);
        free(filled);
    } else if (set) { /* '+': the alternative when set */
        char *filled = interpolate(env, rest, depth + 1);
        sb_put(out, filled);
        free(filled);
    } else if (!value) {
        sb_printf(out, "${%.*s}", (int)(close - p), p); /* unknown either way */
    }
    free(rest);
}

char *compose_interpolate(const ComposeEnv *env, const char *text)
{
    return interpolate(env, text, 0);
}

static char *interpolate(const ComposeEnv *env, const char *text, int depth)
{
    StrBuf out = STRBUF_INIT;
    if (depth > NEST_MAX) {
        sb_put(&out, text);
        return sb_detach(&out);
    }
    for (const char *p = text; *p;) {
        if (*p != '$') {
            sb_putc(&out, *p++);
            continue;
        }
        if (p[1] == '$') { /* compose's escape, kept: the args reader knows it (a script's
                            * variable, or a dollar the server reads as text) */
            sb_put(&out, "$$");
            p += 2;
            continue;
        }
        if (p[1] == '{') {
            const char *close = closing_brace(p + 2);
            if (!close) {
                sb_put(&out, p);
                break;
            }
            size_t before = out.len;
            braced(env, p + 2, close, &out, depth);
            if (out.len > FILLED_MAX) { /* as written */
                out.len = before;
                out.data[before] = '\0';
                sb_printf(&out, "%.*s", (int)(close + 1 - p), p);
            }
            p = close + 1;
            continue;
        }
        size_t n = name_length(p + 1);
        const char *value = n ? env_get(env, p + 1, n) : NULL;
        if (value && out.len + strlen(value) > FILLED_MAX)
            value = NULL;
        if (value)
            sb_put(&out, value);
        else
            sb_printf(&out, "$%.*s", (int)n, p + 1);
        p += 1 + n;
    }
    return sb_detach(&out);
}

/* One line's value: single quotes keep it as written; double quotes read \n, \r, \t, \" and \\,
 * keep \$ a dollar of its own (compose's $$) and any other backslash as written, and are
 * interpolated, as are unquoted values, whose comment starts at a blank before #. */
static char *dotenv_value(const ComposeEnv *env, const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p < end && *p == '\'') {
        const char *close = memchr(p + 1, '\'', (size_t)(end - p - 1));
        return xstrndup(p + 1, (size_t)((close ? close : end) - p - 1));
    }
    StrBuf raw = STRBUF_INIT;
    if (p < end && *p == '"') {
        for (p++; p < end && *p != '"'; p++) {
            if (*p == '\\' && p + 1 < end && strchr("ntr\"\\$", p[1])) {
                p++;
                if (*p == '$')
                    sb_put(&raw, "$$");
                else
                    sb_putc(&raw, *p == 'n' ? '\n' : *p == 't' ? '\t' : *p == 'r' ? '\r' : *p);
            } else {
                sb_putc(&raw, *p);
            }
        }
    } else {
        const char *stop = p;
        while (stop < end && !(*stop == '#' && (stop == p || stop[-1] == ' ' || stop[-1] == '\t')))
            stop++;
        while (stop > p && (stop[-1] == ' ' || stop[-1] == '\t' || stop[-1] == '\r'))
            stop--;
        sb_printf(&raw, "%.*s", (int)(stop - p), p);
    }
    char *text = sb_detach(&raw);
    char *value = compose_interpolate(env, text);
    free(text);
    return value;
}

ComposeEnv *compose_env_parse(Arena *arena, const char *text, size_t len)
{
    ComposeEnv *env = arena_alloc(arena, sizeof(*env));
    env->arena = arena;
    const char *end = text + len;
    for (const char *line = text; line < end;) {
        const char *eol = memchr(line, '\n', (size_t)(end - line));
        if (!eol)
            eol = end;
        const char *p = line;
        line = eol + (eol < end);
        while (p < eol && (*p == ' ' || *p == '\t'))
            p++;
        if (eol - p > 7 && !strncmp(p, "export ", 7))
            p += 7;
        size_t n = name_length(p);
        const char *eq = p + n;
        while (eq < eol && (*eq == ' ' || *eq == '\t'))
            eq++;
        if (!n || eq >= eol || *eq != '=')
            continue; /* a comment, a blank line, or what compose would refuse */
        env_set(env, p, n, dotenv_value(env, eq + 1, eol));
    }
    return env;
}

ComposeEnv *compose_env_load(Arena *arena, const char *compose_file)
{
    const char *slash = compose_file ? strrchr(compose_file, '/') : NULL;
    char *path =
        slash ? xasprintf("%.*s/.env", (int)(slash - compose_file), compose_file) : xstrdup(".env");
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    bool read = compose_file && *compose_file &&
                pk_read_file(path, 1 << 20, &data, &len, &err) == PK_READ_OK;
    ComposeEnv *env = compose_env_parse(arena, read ? data : "", read ? len : 0);
    free(data);
    free(path);
    return env;
}

char *compose_fill_file_text(const char *compose_file, char *data, size_t *len)
{
    if (!memchr(data, '$', *len))
        return data;
    Arena *arena = arena_new();
    char *filled = compose_interpolate(compose_env_load(arena, compose_file), data);
    arena_free(arena);
    free(data);
    *len = strlen(filled);
    return filled;
}
