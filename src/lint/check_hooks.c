#include "lint/check_hooks.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

/* Where the server's time zone files are (a missing directory disables the time zone check). */
static const char *const zoneinfo_dir = "/usr/share/zoneinfo";

typedef struct TokenList {
    char **items;
    size_t n;
    size_t cap;
} TokenList;

static void tokens_free(TokenList *list)
{
    for (size_t idx = 0; idx < list->n; idx++)
        free(list->items[idx]);
    free(list->items);
    memset(list, 0, sizeof(*list));
}

static bool scanner_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* One name of a comma list: "double quoted" (with "" for a quote) or bare up to a comma or space;
 * bare names are lower-cased when `downcase`. Returns the position after it, or NULL. */
static const char *split_one(const char *p, bool downcase, TokenList *out)
{
    StrBuf sb = STRBUF_INIT;
    if (*p == '"') {
        for (p++;; p++) {
            if (!*p) {
                sb_free(&sb);
                return NULL;
            }
            if (*p == '"' && p[1] != '"')
                break;
            if (*p == '"')
                p++;
            sb_putc(&sb, *p);
        }
        p++;
    } else {
        const char *start = p;
        while (*p && *p != ',' && !scanner_space(*p))
            sb_putc(&sb, downcase ? (char)tolower((unsigned char)*p++) : *p++);
        if (p == start)
            return NULL;
    }
    PK_GROW(out->items, out->n, out->cap);
    out->items[out->n++] = sb.data ? sb_detach(&sb) : xstrdup("");
    return p;
}

/* SplitIdentifierString / SplitGUCList with a comma: false on invalid list syntax. */
static bool split_list(const char *raw, bool downcase, TokenList *out)
{
    const char *p = raw;
    while (scanner_space(*p))
        p++;
    if (!*p)
        return true;
    for (;;) {
        p = split_one(p, downcase, out);
        if (!p)
            return false;
        while (scanner_space(*p))
            p++;
        if (!*p)
            return true;
        if (*p != ',')
            return false;
        p++;
        while (scanner_space(*p))
            p++;
    }
}

static bool one_of(const char *word, const char *const *choices)
{
    for (; *choices; choices++)
        if (!strcasecmp(word, *choices))
            return true;
    return false;
}

/* The server's refusal, with the hook's DETAIL (taken; may be NULL). */
static bool refuse(PkDiag *diag, const char *shown, const char *value, char *detail)
{
    bool fresh = diag && !pk_diag_is_set(diag);
    pk_diag_set(diag, NULL, 0, NULL, "invalid value for parameter \"%s\": \"%s\"", shown, value);
    if (fresh && detail)
        pk_diag_set_detail(diag, "%s", detail);
    free(detail);
    return false;
}

/* A comma list whose every word must be one of `choices` (log_destination and the like). */
/* The DETAIL for a word that is not an option: "Invalid option" became a sentence in 18
 * (16: `invalid option "x"`, 17: `Invalid option "x"`). */
static char *invalid_option(int major, const char *word)
{
    if (major <= 16)
        return xasprintf("invalid option \"%s\"", word);
    return xasprintf(major == 17 ? "Invalid option \"%s\"" : "Invalid option \"%s\".", word);
}

/* `keyword_detail`: the server says "Unrecognized key word", else "Invalid option". */
static bool check_keyword_list(int major, const char *shown, const char *value,
                               const char *const *choices, bool keyword_detail, PkDiag *diag)
{
    TokenList toks = {0};
    bool ok = split_list(value, true, &toks);
    if (!ok) {
        tokens_free(&toks);
        return refuse(diag, shown, value, xstrdup("List syntax is invalid."));
    }
    for (size_t idx = 0; idx < toks.n; idx++)
        if (!one_of(toks.items[idx], choices)) {
            char *detail = keyword_detail
                               ? xasprintf("Unrecognized key word: \"%s\".", toks.items[idx])
                               : invalid_option(major, toks.items[idx]);
            tokens_free(&toks);
            return refuse(diag, shown, value, detail);
        }
    tokens_free(&toks);
    return true;
}

static bool check_log_destination(int major, const char *shown, const char *value, PkDiag *diag)
{
    static const char *const since15[] = {"stderr", "csvlog", "jsonlog", "syslog", NULL};
    static const char *const before15[] = {"stderr", "csvlog", "syslog", NULL};
    return check_keyword_list(major, shown, value, major >= 15 ? since15 : before15, true, diag);
}

/* 18's log_connections: one Boolean word, or a list of aspects. */
static bool check_log_connections(const char *shown, const char *value, PkDiag *diag)
{
    static const char *const bools[] = {"on", "off", "true", "false", "yes", "no", "1", "0", NULL};
    static const char *const aspects[] = {
        "receipt", "authentication", "authorization", "setup_durations", "all", NULL};
    TokenList toks = {0};
    if (!split_list(value, false, &toks)) {
        tokens_free(&toks);
        return refuse(diag, shown, value, xstrdup("Invalid list syntax in parameter."));
    }
    for (size_t idx = 0; idx < toks.n; idx++) {
        const char *tok = toks.items[idx];
        char *detail = NULL;
        if (one_of(tok, bools) && toks.n > 1)
            detail = xasprintf("Cannot specify log_connections option \"%s\" in a list with other"
                               " options.",
                               tok);
        else if (!one_of(tok, bools) && !one_of(tok, aspects))
            detail = xasprintf("Invalid option \"%s\".", tok);
        if (detail) {
            tokens_free(&toks);
            return refuse(diag, shown, value, detail);
        }
    }
    tokens_free(&toks);
    return true;
}

/* check_datestyle: output styles and field orders, each given at most once. */
static bool check_datestyle(int major, const char *shown, const char *value, PkDiag *diag)
{
    static const struct {
        const char *word;
        int style;
        int order;
    } words[] = {{"iso", 1, 0},    {"sql", 2, 0}, {"postgres", 3, 0}, {"german", 4, 0},
                 {"ymd", 0, 1},    {"dmy", 0, 2}, {"euro", 0, 2},     {"european", 0, 2},
                 {"mdy", 0, 3},    {"us", 0, 3},  {"noneuro", 0, 3},  {"noneuropean", 0, 3},
                 {"default", 0, 0}};
    TokenList toks = {0};
    if (!split_list(value, true, &toks)) {
        tokens_free(&toks);
        return refuse(diag, shown, value, xstrdup("List syntax is invalid."));
    }
    int style = 0, order = 0;
    char *detail = NULL;
    for (size_t idx = 0; idx < toks.n && !detail; idx++) {
        size_t word_idx = 0, n_words = sizeof(words) / sizeof(words[0]);
        while (word_idx < n_words && strcasecmp(words[word_idx].word, toks.items[idx]))
            word_idx++;
        if (word_idx == n_words) {
            detail = xasprintf("Unrecognized key word: \"%s\".", toks.items[idx]);
            break;
        }
        int new_style = words[word_idx].style, new_order = words[word_idx].order;
        if ((new_style && style && new_style != style) ||
            (new_order && order && new_order != order))
            detail = xasprintf("Conflicting \"%s\" specifications.",
                               major >= 18 ? "DateStyle" : "datestyle");
        style = new_style ? new_style : style;
        order = new_order ? new_order : order;
    }
    tokens_free(&toks);
    return detail ? refuse(diag, shown, value, detail) : true;
}

/* The file under the zoneinfo directory for a zone name, each path component matched
 * case-insensitively as the server's own time zone lookup does; NULL when there is none. */
static char *zone_file_path(const char *name)
{
    char *path = xstrdup(zoneinfo_dir);
    char *rest = xstrdup(name), *save = NULL;
    bool found = true;
    for (char *part = strtok_r(rest, "/", &save); part && found;
         part = strtok_r(NULL, "/", &save)) {
        DIR *dir = opendir(path);
        struct dirent *ent;
        found = false;
        while (dir && (ent = readdir(dir)))
            if (ent->d_name[0] != '.' && !strcasecmp(ent->d_name, part)) {
                char *next = xasprintf("%s/%s", path, ent->d_name);
                free(path);
                path = next;
                found = true;
                break;
            }
        if (dir)
            closedir(dir);
    }
    struct stat st;
    free(rest);
    if (found && stat(path, &st) == 0 && S_ISREG(st.st_mode))
        return path;
    free(path);
    return NULL;
}

static bool zone_file_exists(const char *name)
{
    char *path = zone_file_path(name);
    free(path);
    return path != NULL;
}

/* A POSIX TZ specification the server's tzparse accepts: a zone abbreviation (three letters or
 * more, or <...>) followed by an offset. */
static bool posix_tz_spec(const char *value)
{
    const char *p = value;
    if (*p == '<') {
        p = strchr(p, '>');
        if (!p)
            return false;
        p++;
    } else {
        while (isalpha((unsigned char)*p))
            p++;
        if (p - value < 3)
            return false;
    }
    if (*p == '+' || *p == '-')
        p++;
    return isdigit((unsigned char)*p);
}

static bool check_timezone(const char *shown, const char *value, PkDiag *diag)
{
    struct stat st;
    if (stat(zoneinfo_dir, &st) != 0)
        return true;
    char *end;
    (void)strtod(value, &end);
    if (!strncasecmp(value, "interval", 8) || (end != value && *end == '\0') || value[0] == ':')
        return true;
    bool leap = !strncasecmp(value, "right/", 6);
    if (!leap && (zone_file_exists(value) || posix_tz_spec(value) || !strcasecmp(value, "GMT")))
        return true;
    refuse(diag, shown, value,
           leap ? xasprintf("Time zone \"%s\" appears to use leap seconds.", value) : NULL);
    return false;
}

/* A zone file or zone directory at the top of zoneinfo, any case ("Australia", "EST", "utc"). */
static bool zone_top_entry_exists(const char *name)
{
    DIR *dir = opendir(zoneinfo_dir);
    struct dirent *ent;
    bool found = false;
    while (dir && !found && (ent = readdir(dir)))
        found = ent->d_name[0] != '.' && !strcasecmp(ent->d_name, name);
    if (dir)
        closedir(dir);
    return found;
}

/* A POSIX TZ specification without a daylight-saving part: the length of its name and its
 * offset in seconds east of Greenwich (the opposite of the POSIX sign). */
static bool fixed_posix_offset(const char *value, size_t *name_len, long *utc_offset)
{
    if (!posix_tz_spec(value))
        return false;
    const char *p = value;
    if (*p == '<')
        p = strchr(p, '>') + 1; /* posix_tz_spec found it */
    else
        while (isalpha((unsigned char)*p))
            p++;
    *name_len = (size_t)(p - value);
    int sign = 1;
    if (*p == '+' || *p == '-')
        sign = *p++ == '-' ? -1 : 1;
    long secs = 0, unit = 3600;
    for (int part = 0; part < 3 && isdigit((unsigned char)*p); part++, unit /= 60) {
        long num = 0;
        while (isdigit((unsigned char)*p))
            num = num * 10 + (*p++ - '0');
        secs += num * unit;
        if (*p != ':')
            break;
        p++;
    }
    if (*p) /* a daylight-saving name or rule follows: not a fixed offset */
        return false;
    *utc_offset = -sign * secs;
    return true;
}

bool check_hook_tz_fixed_offset(const char *value, char **name, long *utc_offset, bool *names_zone)
{
    struct stat st;
    size_t name_len;
    if (stat(zoneinfo_dir, &st) != 0 || zone_file_exists(value) ||
        !fixed_posix_offset(value, &name_len, utc_offset))
        return false;
    *name = xstrndup(value, name_len);
    *names_zone = **name != '<' && zone_top_entry_exists(*name);
    return true;
}

bool check_hook_tz_zone_offset(const char *zone, long *utc_offset)
{
    char *path = zone_file_path(zone);
    FILE *fp = path ? fopen(path, "rb") : NULL;
    free(path);
    if (!fp)
        return false;
    /* zone files are a few kilobytes; the rule for times after the last transition is the POSIX
     * string between the last two newlines of a version 2+ file (RFC 8536, section 3.3) */
    char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    bool whole = feof(fp);
    fclose(fp);
    if (!whole || n < 6 || memcmp(buf, "TZif", 4) != 0 || buf[4] < '2' || buf[n - 1] != '\n')
        return false;
    buf[n - 1] = '\0';
    char *footer = memrchr(buf, '\n', n - 1);
    size_t name_len;
    return footer && fixed_posix_offset(footer + 1, &name_len, utc_offset);
}

static bool check_slot_name(const char *shown, const char *value, PkDiag *diag)
{
    if (!*value)
        return true;
    if (strlen(value) >= 64)
        return refuse(diag, shown, value,
                      xasprintf("replication slot name \"%s\" is too long", value));
    for (const char *p = value; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return refuse(
                diag, shown, value,
                xasprintf("replication slot name \"%s\" contains invalid character", value));
    return true;
}

/* --- synchronous_standby_names: the server's small grammar (syncrep_gram.y) --- */

typedef enum SyncTok {
    ST_END,
    ST_NAME,
    ST_NUM,
    ST_ANY,
    ST_FIRST,
    ST_LPAREN,
    ST_RPAREN,
    ST_COMMA,
    ST_JUNK,
    ST_UNTERMINATED
} SyncTok;

typedef struct SyncLexer {
    const char *p;
    char text[128]; /* the token as the server's error shows it (truncated) */
} SyncLexer;

static bool sync_ident_char(unsigned char c, bool start)
{
    return isalpha(c) || c == '_' || c >= 0x80 || (!start && (isdigit(c) || c == '$'));
}

static SyncTok sync_set(SyncLexer *lx, const char *start, SyncTok tok)
{
    size_t len = (size_t)(lx->p - start);
    if (len >= sizeof(lx->text))
        len = sizeof(lx->text) - 1;
    memcpy(lx->text, start, len);
    lx->text[len] = '\0';
    return tok;
}

static SyncTok sync_next(SyncLexer *lx)
{
    while (*lx->p && strchr(" \t\n\r\f\v", *lx->p))
        lx->p++;
    const char *start = lx->p;
    unsigned char c = (unsigned char)*lx->p;
    if (!c)
        return sync_set(lx, start, ST_END);
    if (c == '"') {
        for (lx->p++; *lx->p; lx->p++)
            if (*lx->p == '"' && *++lx->p != '"')
                return sync_set(lx, start, ST_NAME);
        return sync_set(lx, start, ST_UNTERMINATED);
    }
    if (sync_ident_char(c, true)) {
        while (sync_ident_char((unsigned char)*lx->p, lx->p == start))
            lx->p++;
        SyncTok tok = ST_NAME;
        if (lx->p - start == 3 && !strncasecmp(start, "any", 3))
            tok = ST_ANY;
        else if (lx->p - start == 5 && !strncasecmp(start, "first", 5))
            tok = ST_FIRST;
        return sync_set(lx, start, tok);
    }
    if (isdigit(c)) {
        while (isdigit((unsigned char)*lx->p))
            lx->p++;
        return sync_set(lx, start, ST_NUM);
    }
    lx->p++;
    return sync_set(lx, start,
                    c == '*'   ? ST_NAME
                    : c == '(' ? ST_LPAREN
                    : c == ')' ? ST_RPAREN
                    : c == ',' ? ST_COMMA
                               : ST_JUNK);
}

/* standby_list: a name or number, then (',' name-or-number)*; returns the token after it. */
static SyncTok sync_list(SyncLexer *lx, SyncTok tok, bool *ok)
{
    for (;;) {
        if (tok != ST_NAME && tok != ST_NUM) {
            *ok = false;
            return tok;
        }
        tok = sync_next(lx);
        if (tok != ST_COMMA)
            return tok;
        tok = sync_next(lx);
    }
}

/* Parses; on a syntax error returns false with the server's DETAIL in *detail. */
static bool sync_parse(const char *value, int *num_sync, char **detail)
{
    SyncLexer lx = {.p = value};
    bool ok = true;
    SyncTok tok = sync_next(&lx);
    *num_sync = 1;
    bool counted = tok == ST_ANY || tok == ST_FIRST;
    if (counted)
        tok = sync_next(&lx);
    if (tok == ST_NUM && (counted || (*lx.p && strspn(lx.p, " \t\n\r\f\v") < strlen(lx.p) &&
                                      lx.p[strspn(lx.p, " \t\n\r\f\v")] == '('))) {
        *num_sync = atoi(lx.text);
        tok = sync_next(&lx);
        if (tok == ST_LPAREN) {
            tok = sync_list(&lx, sync_next(&lx), &ok);
            ok = ok && tok == ST_RPAREN;
            if (ok)
                tok = sync_next(&lx);
        } else {
            ok = false;
        }
    } else if (counted) {
        ok = false;
    } else {
        tok = sync_list(&lx, tok, &ok);
    }
    ok = ok && tok == ST_END;
    if (ok)
        return true;
    if (tok == ST_UNTERMINATED)
        *detail = xstrdup("unterminated quoted identifier");
    else if (tok == ST_END)
        *detail = xstrdup("syntax error at end of input");
    else
        *detail = xasprintf("syntax error at or near \"%s\"", lx.text);
    return false;
}

static bool check_sync_standby_names(const char *shown, const char *value, PkDiag *diag)
{
    if (!*value || !strcmp(value, "*"))
        return true;
    int num_sync;
    char *detail = NULL;
    if (!sync_parse(value, &num_sync, &detail))
        return refuse(diag, shown, value, detail);
    if (num_sync > 0)
        return true;
    pk_diag_set(diag, NULL, 0, NULL,
                "number of synchronous standbys (%d) must be greater than zero", num_sync);
    return false;
}

bool check_hook_string(const CatalogParam *param, int major, const char *shown, const char *value,
                       PkDiag *diag)
{
    static const char *const io_direct[] = {"data", "wal", "wal_init", NULL};
    static const char *const relkinds[] = {"view", "foreign-table", NULL};
    const char *name = param->name;
    if (!strcmp(name, "log_destination"))
        return check_log_destination(major, shown, value, diag);
    if (!strcmp(name, "log_connections") && param->type == GUC_STRING)
        return check_log_connections(shown, value, diag);
    if (!strcasecmp(name, "DateStyle"))
        return check_datestyle(major, shown, value, diag);
    if (!strcasecmp(name, "TimeZone") || !strcmp(name, "log_timezone"))
        return check_timezone(shown, value, diag);
    if (!strcmp(name, "primary_slot_name"))
        return check_slot_name(shown, value, diag);
    if (!strcmp(name, "synchronous_standby_names"))
        return check_sync_standby_names(shown, value, diag);
    if (!strcmp(name, "debug_io_direct"))
        return check_keyword_list(major, shown, value, io_direct, false, diag);
    if (!strcmp(name, "restrict_nonsystem_relation_kind"))
        return check_keyword_list(major, shown, value, relkinds, true, diag);
    if (!strcmp(name, "recovery_target") && *value && strcmp(value, "immediate"))
        return refuse(diag, shown, value, xstrdup("The only allowed value is \"immediate\"."));
    if (!strcmp(name, "search_path")) {
        TokenList toks = {0};
        bool ok = split_list(value, true, &toks);
        tokens_free(&toks);
        return ok ? true : refuse(diag, shown, value, xstrdup("List syntax is invalid."));
    }
    return true;
}
