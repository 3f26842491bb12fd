#include "conf/conf_template.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "common/xalloc.h"

/* A template engine's own tag: an opening marker with its closing one after it. An opening
 * alone is text ('<%t-%i> ' is a log_line_prefix of escapes, not ERB). */
bool conf_engine_tag(const char *text)
{
    /* Jinja's three, ERB's, and Terraform's templatefile directive (`%{ if x ~}`) */
    static const char *const tags[][2] = {
        {"{{", "}}"}, {"{%", "%}"}, {"{#", "#}"}, {"<%", "%>"}, {"%{", "}"}};
    for (size_t idx = 0; idx < sizeof(tags) / sizeof(tags[0]); idx++) {
        const char *open = strstr(text, tags[idx][0]);
        if (open && strstr(open + 2, tags[idx][1]))
            return true;
    }
    return false;
}

/* Python's printf-style `%(name)s` (a Fabric or Python script's template): the length, or 0 */
static size_t python_format_token(const char *text)
{
    if (text[0] != '%' || text[1] != '(')
        return 0;
    size_t len =
        strspn(text + 2, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789");
    if (!len || text[2 + len] != ')')
        return 0;
    const char *conv = text + 3 + len;
    conv += strspn(conv, "-+ #0123456789.");
    return *conv && strchr("sdifeEgGrxXc", *conv) ? (size_t)(conv + 1 - text) : 0;
}

/* Mako's control line: `% if version >= 17:`, `% endif` (a BundleWrap or Mako template) */
static bool mako_control_line(const char *text)
{
    text += strspn(text, " \t");
    if (text[0] != '%' || (text[1] != ' ' && text[1] != '\t'))
        return false;
    text += 1 + strspn(text + 1, " \t");
    static const char *const words[] = {"if",     "elif",  "else",     "endif", "for",
                                        "endfor", "while", "endwhile", NULL};
    for (const char *const *word = words; *word; word++) {
        size_t len = strlen(*word);
        if (!strncmp(text, *word, len) && !isalnum((unsigned char)text[len]) && text[len] != '_')
            return true;
    }
    return false;
}

bool conf_template_syntax(const char *text)
{
    if (!text)
        return false;
    if (conf_engine_tag(text) || mako_control_line(text))
        return true;
    for (const char *at = strstr(text, "%("); at; at = strstr(at + 1, "%("))
        if (python_format_token(at))
            return true;
    return false;
}

bool conf_renders_comment(const char *line)
{
    if (!line)
        return false;
    const char *p = line + strspn(line, " \t");
    if (strncmp(p, "{{", 2))
        return false;
    const char *close = strstr(p + 2, "}}");
    if (!close || close[2 + strspn(close + 2, " \t\r")] ||
        memmem(p + 2, (size_t)(close - p - 2), "{{", 2))
        return false;
    /* the last filter of the expression, outside its strings ("a|b" is no filter) */
    const char *bar = NULL;
    char quote = 0;
    for (const char *at = p + 2; at < close; at++) {
        if (quote) {
            if (*at == '\\' && at + 1 < close)
                at++;
            else if (*at == quote)
                quote = 0;
        } else if (*at == '\'' || *at == '"')
            quote = *at;
        else if (*at == '|')
            bar = at;
    }
    if (!bar)
        return false;
    bar += 1 + strspn(bar + 1, " \t");
    if (strncmp(bar, "comment", 7))
        return false;
    const char *rest = bar + 7;
    rest += strspn(rest, " \t");
    if (rest == close)
        return true;
    /* only the plain style writes `# ` lines: 'c' writes `//`, 'xml' `<!--`, 'erlang' `%` */
    static const char *const plain[] = {"('plain')", "(\"plain\")", "()", NULL};
    for (const char *const *form = plain; *form; form++) {
        size_t len = strlen(*form);
        const char *after = rest + len;
        if (!strncmp(rest, *form, len) && after + strspn(after, " \t") == close)
            return true;
    }
    return false;
}

bool conf_has_placeholder(const char *text, bool in_string)
{
    if (!text)
        return false;
    if (conf_template_syntax(text))
        return true;
    if (!in_string && strstr(text, "${"))
        return true;
    /* a marker starts a word: `app__X__` is a name, not a stand-in */
    for (const char *at = text; *at; at++)
        if ((at == text || !(isalnum((unsigned char)at[-1]) || at[-1] == '_')) &&
            conf_marker_token(at))
            return true;
    return false;
}

size_t conf_marker_token_n(const char *text, size_t avail)
{
    static const char *const marks[] = {"__", "%%", "@"};
    for (size_t idx = 0; text && idx < sizeof(marks) / sizeof(marks[0]); idx++) {
        size_t mark_len = strlen(marks[idx]), at = 0;
        while (at < mark_len && at < avail && text[at] == marks[idx][at])
            at++;
        /* a capital first; after @ an underscore too (`@_PREFIX@`, as configure writes), or a
         * name in any case, closed by its @ (`@Mem_1_5@kB`, which a repository's own script
         * fills in with sed: held-out set 45, 36) */
        bool any_case = mark_len == 1;
        if (at < mark_len || at >= avail ||
            !(isupper((unsigned char)text[at]) || (any_case && text[at] == '_') ||
              (any_case && islower((unsigned char)text[at]))))
            continue;
        /* the name runs to the closing mark: `__A_B__` holds single underscores */
        size_t run = 0;
        while (at + run < avail && text[at + run] &&
               strchr(any_case ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789"
                               : "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789",
                      text[at + run]))
            run++;
        for (size_t len = 1; len <= run; len++) {
            size_t close = at + len, end = close;
            while (end - close < mark_len && end < avail && text[end] == marks[idx][end - close])
                end++;
            if (end - close == mark_len && (mark_len == 1 || end >= avail || text[end] != '_'))
                return end;
        }
    }
    return 0;
}

size_t conf_marker_token(const char *text)
{
    return conf_marker_token_n(text, SIZE_MAX);
}

bool conf_comment_marker(const char *line_text, char *marker, size_t cap)
{
    bool quoted = false;
    const char *comment = NULL;
    for (const char *p = line_text ? line_text : ""; *p && !comment; p++) {
        if (*p == '\'')
            quoted = !quoted;
        else if (*p == '\\' && quoted && p[1])
            p++;
        else if (*p == '#' && !quoted)
            comment = p;
    }
    for (const char *p = comment; p && *p; p++) {
        size_t len = conf_marker_token(p);
        if (len) {
            snprintf(marker, cap, "%.*s", (int)len, p);
            return true;
        }
    }
    return false;
}

/* The length of an identifier at `text` (letter or underscore first); `caps`: capitals only. */
static size_t identifier(const char *text, bool caps)
{
    if (!(caps ? isupper((unsigned char)*text) : isalpha((unsigned char)*text) || *text == '_'))
        return 0;
    return strspn(text, caps ? "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"
                             : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789");
}

size_t conf_placeholder_token(const char *text)
{
    if (!text)
        return 0;
    size_t len;
    /* %NAME%: a Windows or deployment-tool variable; two capitals at least, so that strftime's
     * `%H%M%S` in a log_filename is never one */
    if (text[0] == '%' && (len = identifier(text + 1, true)) >= 2 && text[1 + len] == '%')
        return len + 2;
    /* {name}: Python's str.format; `{{` is a template engine's and counted as such */
    if (text[0] == '{' && (len = identifier(text + 1, false)) && text[1 + len] == '}')
        return len + 2;
    /* ${name} or $name: envsubst or a shell script's heredoc */
    if (text[0] == '$' && text[1] == '{' && (len = identifier(text + 2, false)) &&
        text[2 + len] == '}')
        return len + 3;
    if (text[0] == '$' && (len = identifier(text + 1, false)))
        return len + 1;
    return 0;
}

bool conf_whole_placeholder(const char *value)
{
    if (!value)
        return false;
    value += strspn(value, " \t");
    size_t len = conf_placeholder_token(value);
    return len && !value[len + strspn(value + len, " \t")];
}

const char *conf_error_line_value(const char *line_text)
{
    const char *p = line_text ? line_text + strspn(line_text, " \t") : NULL;
    if (!p || !(isalpha((unsigned char)*p) || *p == '_'))
        return NULL;
    p += strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789.-");
    p += strspn(p, " \t");
    if (*p == '=')
        p++;
    return p + strspn(p, " \t");
}

/* A Jinja or Ruby literal at *at: a quoted string or a number; its text (caller frees) with *at
 * past it and any blanks, else NULL. Bare words are variables, never literals. */
static char *template_literal(const char **at)
{
    const char *p = *at;
    size_t len;
    char *text;
    if (*p == '"' || *p == '\'') {
        const char *close = strchr(p + 1, *p);
        if (!close || memchr(p + 1, '\\', (size_t)(close - p - 1)))
            return NULL;
        text = xstrndup(p + 1, (size_t)(close - p - 1));
        p = close + 1;
    } else if ((len = strspn(p, "0123456789.")) && !isalpha((unsigned char)p[len]) &&
               p[len] != '_') {
        text = xstrndup(p, len);
        p += len;
    } else {
        return NULL;
    }
    *at = p + strspn(p, " \t");
    return text;
}

/* `word` at p as a whole word; p past it and blanks, or NULL */
static const char *skip_word(const char *p, const char *word)
{
    size_t len = strlen(word);
    if (strncmp(p, word, len) || isalnum((unsigned char)p[len]) || p[len] == '_')
        return NULL;
    return p + len + strspn(p + len, " \t");
}

/* Past the condition of `lit if COND else`: up to the next ` else ` outside quotes. */
static const char *past_condition(const char *p, const char *stop)
{
    for (char quote = 0; p < stop; p++) {
        if (quote)
            quote = *p == quote ? 0 : quote;
        else if (*p == '"' || *p == '\'')
            quote = *p;
        else if ((p[-1] == ' ' || p[-1] == '\t') && skip_word(p, "else"))
            return skip_word(p, "else");
    }
    return NULL;
}

/* The branches `out[0..n)` with the text after the tag (`<%= … ? 16 : 4 %>MB`: review 2026-12zo,
 * h60a 10, 16 and 4 read as kB) appended, up to the value's closing quote, a comment or a blank;
 * 0 (all freed) when that text holds another tag, so that no rendering is guessed. */
static size_t with_suffix(char **out, size_t n, const char *after)
{
    /* the value's own text runs on to its closing quote, a comment or a blank */
    size_t len = strcspn(after, " \t'\"#\r\n");
    if (memmem(after, len, "{{", 2) || memmem(after, len, "<%", 2) || memmem(after, len, "{%", 2)) {
        for (size_t idx = 0; idx < n; idx++)
            free(out[idx]);
        return 0;
    }
    for (size_t idx = 0; len && idx < n; idx++) {
        char *joined = xasprintf("%s%.*s", out[idx], (int)len, after);
        free(out[idx]);
        out[idx] = joined;
    }
    return n;
}

size_t conf_template_literal_branches(const char *value, char **out, size_t max)
{
    size_t n = 0;
    const char *p = value ? value + strspn(value, " \t'\"") : NULL;
    bool jinja = p && !strncmp(p, "{{", 2), erb = p && !strncmp(p, "<%=", 3);
    if (!jinja && !erb)
        return 0;
    const char *stop = strstr(p, jinja ? "}}" : "%>");
    if (!stop)
        return 0;
    p += jinja ? 2 : 3;
    p += strspn(p, "-~ \t");
    if (erb) { /* COND ? 'a' : 'b' */
        const char *ask = memchr(p, '?', (size_t)(stop - p));
        if (!ask)
            return 0;
        p = ask + 1 + strspn(ask + 1, " \t");
        char *first = template_literal(&p);
        if (!first)
            return 0;
        char *second = NULL;
        if (*p == ':') {
            p += 1 + strspn(p + 1, " \t");
            second = template_literal(&p);
        }
        if (!second || p + strspn(p, "-") != stop || max < 2) {
            free(first);
            free(second);
            return 0;
        }
        out[0] = first;
        out[1] = second;
        return with_suffix(out, 2, stop + 2);
    }
    for (;;) { /* 'a' if COND else 'b' if COND else 'c' */
        char *lit = template_literal(&p);
        if (!lit)
            break;
        if (n == max) {
            free(lit);
            break;
        }
        out[n++] = lit;
        if (p + strspn(p, "-~") == stop && n >= 2)
            return with_suffix(out, n, stop + 2);
        const char *cond = skip_word(p, "if");
        p = cond ? past_condition(cond, stop) : NULL;
        if (!p)
            break;
    }
    for (size_t idx = 0; idx < n; idx++)
        free(out[idx]);
    return 0;
}

static bool ends_with(const char *text, const char *tail)
{
    size_t len = strlen(text), tail_len = strlen(tail);
    return len >= tail_len && !strcmp(text + len - tail_len, tail);
}

bool conf_shell_variable(const char *text)
{
    for (const char *at = text ? strchr(text, '$') : NULL; at; at = strchr(at + 1, '$'))
        if ((at[1] == '{' || isalpha((unsigned char)at[1]) || at[1] == '_') &&
            strncmp(at, "$libdir", 7))
            return true;
    return false;
}

/* A %NAME% stand-in anywhere in `text` (conf_placeholder_token's form). */
static bool percent_name_in(const char *text)
{
    for (const char *at = text ? strchr(text, '%') : NULL; at; at = strchr(at + 1, '%'))
        if (conf_placeholder_token(at))
            return true;
    return false;
}

/* Settings whose value is a path the server opens or creates as written. */
bool conf_path_setting(const char *name)
{
    static const char *const paths[] = {"data_directory",
                                        "config_file",
                                        "hba_file",
                                        "ident_file",
                                        "external_pid_file",
                                        "log_directory",
                                        "unix_socket_directories",
                                        "stats_temp_directory",
                                        "ssl_cert_file",
                                        "ssl_key_file",
                                        "ssl_ca_file",
                                        "ssl_crl_file",
                                        "ssl_crl_dir",
                                        "ssl_dh_params_file",
                                        "krb_server_keyfile",
                                        NULL};
    for (size_t idx = 0; name && paths[idx]; idx++)
        if (!strcasecmp(name, paths[idx]))
            return true;
    return false;
}

bool conf_redacted_value(const char *value)
{
    if (!value)
        return false;
    value += strspn(value, " \t");
    size_t len = strlen(value);
    while (len && isspace((unsigned char)value[len - 1]))
        len--;
    /* runs of x, X or *, maybe dotted like an address: "xxxx", "****", "xxx.xxx.xxx.xxx" */
    size_t marks = 0, other = 0;
    for (size_t idx = 0; idx < len; idx++)
        if (strchr("xX*", value[idx]))
            marks++;
        else if (!strchr(".:-/", value[idx]))
            other++;
    if (marks >= 3 && !other)
        return true;
    static const char *const words[] = {"CHANGEME",   "CHANGE_ME", "CHANGE-ME", "REPLACEME",
                                        "REPLACE_ME", "TODO",      "FIXME",     "TBD"};
    for (size_t idx = 0; idx < sizeof(words) / sizeof(words[0]); idx++)
        if (strlen(words[idx]) == len && !strncasecmp(value, words[idx], len))
            return true;
    /* "<host>", "<primary ip>": the whole value a name in angle brackets */
    if (len >= 3 && value[0] == '<' && value[len - 1] == '>' && strncmp(value, "<redacted>", len)) {
        for (size_t idx = 1; idx + 1 < len; idx++)
            if (!isalnum((unsigned char)value[idx]) && !strchr(" _-.", value[idx]))
                return false;
        return isalpha((unsigned char)value[1]) != 0;
    }
    return len > 5 && !strncmp(value, "YOUR_", 5);
}

bool conf_placeholder_value(const char *name, const char *value)
{
    if (!name)
        return false;
    /* a command or connection string: only a template engine's own syntax, which a renderer
     * fills in; a ${VAR} there is the shell's, and CHANGEME or <host> are the rules' own subject
     * (PK3021-PK3023) */
    if (ends_with(name, "_command") || ends_with(name, "_conninfo"))
        return value && conf_engine_tag(value);
    /* the server expands no variable in a path: '$PGDATA/pg_hba.conf' is opened as written,
     * and '%CONF_DIR%/pg_hba.conf' is a script's stand-in for a directory */
    if (conf_path_setting(name) && (conf_shell_variable(value) || percent_name_in(value)))
        return true;
    /* the whole value one stand-in ('%LISTEN%', '{listen}', '$CLUSTER'), or envsubst's ${NAME}
     * anywhere; search_path's own "$user" (a lone '$user', even as '$USER') is the server's */
    if (conf_has_placeholder(value, true) || conf_redacted_value(value) ||
        conf_envsubst_variable(value))
        return true;
    return conf_whole_placeholder(value) && strcasecmp(name, "search_path") &&
           !conf_server_variable(value);
}

bool conf_server_variable(const char *value)
{
    const char *at = value ? value + strspn(value, " \t") : NULL;
    return at && (!strncmp(at, "$libdir", 7) || !strncasecmp(at, "$user", 5));
}

bool conf_envsubst_variable(const char *value)
{
    for (const char *at = value ? strstr(value, "${") : NULL; at; at = strstr(at + 1, "${"))
        if (conf_placeholder_token(at))
            return true;
    return false;
}

char *conf_error_line_name(const ConfEntry *entry)
{
    const char *p = entry->line_text;
    if (!p || !entry->error || strcmp(entry->error, "syntax error"))
        return NULL;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t len = 0;
    while (isalnum((unsigned char)p[len]) || p[len] == '_' || p[len] == '.' || p[len] == '$' ||
           p[len] == '-')
        len++;
    if (!len || !(isalpha((unsigned char)*p) || *p == '_'))
        return NULL;
    return xstrndup(p, len);
}

typedef enum { CTL_NONE, CTL_OPEN, CTL_ALT, CTL_CLOSE } Control;

/* The first word of a statement at `text` (after its opening marker), as a control step.
 * After `{{`, Handlebars' and Mustache's `#helper` and `^name` open a block and `/helper`
 * closes it (held-out set 44, 37: Habitat's `{{#if svc.me.follower}}` … `{{else}}` read as one
 * line overriding another); a Go comment, `{{/` and a star, is not. */
static Control control_word(const char *text, bool erb, bool braces)
{
    text += strspn(text, "-+~ \t");
    /* `{{#> layout}}` and `{{#*inline "x"}}` open blocks too; a bare `{{^}}` is an else */
    if (braces && (*text == '#' || *text == '^') &&
        (isalpha((unsigned char)text[1]) || (*text == '#' && (text[1] == '>' || text[1] == '*'))))
        return CTL_OPEN;
    if (braces && *text == '^' && (text[1] == '}' || text[1] == '~'))
        return CTL_ALT;
    if (braces && *text == '/' && isalpha((unsigned char)text[1]))
        return CTL_CLOSE;
    size_t len = strspn(text, "abcdefghijklmnopqrstuvwxyz_");
    static const struct {
        const char *word;
        Control ctl;
    } words[] = {{"if", CTL_OPEN},      {"for", CTL_OPEN},      {"unless", CTL_OPEN},
                 {"case", CTL_OPEN},    {"range", CTL_OPEN},    {"with", CTL_OPEN},
                 {"while", CTL_OPEN},   {"elif", CTL_ALT},      {"elsif", CTL_ALT},
                 {"else", CTL_ALT},     {"when", CTL_ALT},      {"endif", CTL_CLOSE},
                 {"endfor", CTL_CLOSE}, {"endwith", CTL_CLOSE}, {"end", CTL_CLOSE}};
    for (size_t idx = 0; idx < sizeof(words) / sizeof(words[0]); idx++)
        if (strlen(words[idx].word) == len && !strncmp(text, words[idx].word, len))
            return words[idx].ctl;
    /* Ruby's `<% @list.each do |x| %>` opens a block that `<% end %>` closes */
    if (erb) {
        const char *close = strstr(text, "%>");
        size_t body = close ? (size_t)(close - text) : strlen(text);
        while (body && strchr(" \t-", text[body - 1]))
            body--;
        const char *bar = memchr(text, '|', body);
        size_t before = bar ? (size_t)(bar - text) : body;
        while (before && strchr(" \t", text[before - 1]))
            before--;
        if (before >= 3 && !strncmp(text + before - 3, " do", 3))
            return CTL_OPEN;
    }
    return CTL_NONE;
}

/* The markers a template's statement opens with: Jinja's, Go's, ERB's (where `do |x|` opens a
 * block too) and Terraform's templatefile directives (`%{ if x ~}`). */
static const struct {
    const char *open;
    bool erb, braces;
} STATEMENT_MARKS[] = {
    {"{%", false, false}, {"{{", false, true}, {"<%", true, false}, {"%{", false, false}};
#define N_STATEMENT_MARKS (sizeof(STATEMENT_MARKS) / sizeof(STATEMENT_MARKS[0]))

/* The next statement mark at or after `at` and before `stop` (the end of the string when NULL),
 * with its control word in *ctl; NULL when there is none. The one scanner of the functions
 * below. */
static const char *next_statement(const char *at, const char *stop, Control *ctl)
{
    for (; at && *at && (!stop || at + 1 < stop); at++)
        for (size_t idx = 0; idx < N_STATEMENT_MARKS; idx++)
            if (!strncmp(at, STATEMENT_MARKS[idx].open, 2)) {
                *ctl = control_word(at + 2, STATEMENT_MARKS[idx].erb, STATEMENT_MARKS[idx].braces);
                return at;
            }
    return NULL;
}

int conf_template_depth_step(const char *line)
{
    if (line && mako_control_line(line)) {
        const char *word = line + strspn(line, " \t") + 1;
        Control ctl = control_word(word, false, false);
        return ctl == CTL_OPEN ? 1 : ctl == CTL_CLOSE ? -1 : 0;
    }
    int step = 0;
    Control ctl;
    for (const char *at = next_statement(line, NULL, &ctl); at;
         at = next_statement(at + 2, NULL, &ctl))
        step += ctl == CTL_OPEN ? 1 : ctl == CTL_CLOSE ? -1 : 0;
    return step;
}

#define BRANCH_DEPTH 32

void conf_template_line_branches(const char *data, size_t len, int *open_line, int n_lines)
{
    int stack_line[BRANCH_DEPTH], stack_branch[BRANCH_DEPTH], depth = 0;
    /* each line NUL-terminated: control_word reads a tag's words as a string */
    char *copy = xmalloc(len + 1);
    memcpy(copy, data, len);
    copy[len] = '\0';
    char *p = copy, *end = copy + len;
    for (int line = 1; p < end && line <= n_lines; line++) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        if (nl)
            *nl = '\0';
        char *stop = nl ? nl : end;
        /* the line's own tags first: an `{% else %}` line belongs to the branch it opens */
        Control ctl;
        for (const char *at = next_statement(p, stop, &ctl); at;
             at = next_statement(at + 2, stop, &ctl)) {
            if (ctl == CTL_OPEN && depth < BRANCH_DEPTH) {
                stack_line[depth] = line;
                stack_branch[depth++] = 0;
            } else if (ctl == CTL_OPEN) {
                depth++;
            } else if (ctl == CTL_ALT && depth > 0 && depth <= BRANCH_DEPTH) {
                stack_branch[depth - 1]++;
            } else if (ctl == CTL_CLOSE && depth > 0) {
                depth--;
            }
        }
        /* the innermost block whose later branch holds the line, or 0 */
        open_line[line - 1] = 0;
        for (int level = depth < BRANCH_DEPTH ? depth : BRANCH_DEPTH; level-- > 0;)
            if (stack_branch[level] > 0) {
                open_line[line - 1] = stack_line[level];
                break;
            }
        p = nl ? nl + 1 : end;
    }
    free(copy);
}

/* The storage class a branch's condition names ("ssd", "hdd", "network"), or NULL. */
static const char *condition_storage(const char *cond, size_t len)
{
    static const struct {
        const char *word;
        const char *storage;
    } words[] = {{"ssd", "ssd"},     {"nvme", "ssd"},       {"flash", "ssd"},
                 {"hdd", "hdd"},     {"spinning", "hdd"},   {"rotational", "hdd"},
                 {"san", "network"}, {"network", "network"}};
    for (size_t idx = 0; idx < sizeof(words) / sizeof(words[0]); idx++) {
        size_t wlen = strlen(words[idx].word);
        for (size_t at = 0; at + wlen <= len; at++)
            if (!strncasecmp(cond + at, words[idx].word, wlen) &&
                (at == 0 || !isalpha((unsigned char)cond[at - 1])) &&
                (at + wlen == len || !isalpha((unsigned char)cond[at + wlen])))
                return words[idx].storage;
    }
    return NULL;
}

/* Does `word` start a part of `name` (after its start, `_` or `.`): "mem" in
 * ansible_memtotal_mb, "ram" in total_ram_gb, never in "params"? */
static bool part_of(const char *name, const char *word)
{
    for (const char *at = strstr(name, word); at; at = strstr(at + 1, word))
        if (at == name || at[-1] == '_' || at[-1] == '.')
            return true;
    return false;
}

/* A branch condition on the host's memory: -1 when it names none, 1 when every comparison of a
 * memory variable with a number holds for `ram_bytes` (joined by `and`), 0 when one fails, 2
 * when it cannot be told (memory unknown, `or`, a form not read). The variable's name gives the
 * unit (`_mb`, `_gb`, `_kb`; MB otherwise, as Ansible's ansible_memtotal_mb). */
static int condition_memory(const char *cond, size_t len, double ram_bytes)
{
    char *text = xstrndup(cond, len);
    for (char *c = text; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    int verdict = -1;
    for (char *at = text; *at;) {
        if (!(isalpha((unsigned char)*at) || *at == '_') ||
            (at > text && (isalnum((unsigned char)at[-1]) || at[-1] == '_' || at[-1] == '.'))) {
            at++;
            continue;
        }
        size_t word = strspn(at, "abcdefghijklmnopqrstuvwxyz0123456789_.");
        char *name = xstrndup(at, word);
        bool memory = part_of(name, "mem") || part_of(name, "ram");
        double unit = strstr(name, "gb") ? 1073741824.0 : strstr(name, "kb") ? 1024.0 : 1048576.0;
        free(name);
        at += word;
        if (!memory)
            continue;
        const char *op = at + strspn(at, " \t");
        size_t op_len = strspn(op, "<>=");
        const char *num = op + op_len;
        num += strspn(num, " \t");
        if (!op_len || !isdigit((unsigned char)*num))
            continue; /* not compared with a number: a truth test, a loop variable */
        double bound = strtod(num, NULL) * unit;
        bool holds = !strncmp(op, "<=", 2)   ? ram_bytes <= bound
                     : !strncmp(op, ">=", 2) ? ram_bytes >= bound
                     : *op == '<'            ? ram_bytes < bound
                     : *op == '>'            ? ram_bytes > bound
                                             : fabs(ram_bytes - bound) < 1;
        if (ram_bytes < 0 || strstr(text, " or ") || strstr(text, "||"))
            verdict = 2;
        else if (verdict != 2 && verdict != 0)
            verdict = holds ? 1 : 0;
    }
    free(text);
    return verdict;
}

typedef struct {
    int branch;        /* 0: the first; each elif/else adds one */
    int chosen;        /* the branch that is rendered: the first unless the storage decides */
    bool has_else;     /* an `else` with no condition */
    int storage_named; /* the first branch whose condition names the host's storage, or -1 */
    bool names_other;  /* some condition names another storage */
    bool memory;       /* some condition compares the host's memory */
    int memory_holds;  /* the first branch whose memory comparison holds, or -1 */
    bool memory_open;  /* some memory condition could not be told */
} Block;

/* One file's statements, in line order. The first pass decides each block's branch (`blocks`,
 * in the order they open); the second marks the settings outside a chosen branch. */
static void file_branches(ConfSet *set, const char *file, const char *storage, double ram_bytes,
                          Block *blocks, size_t n_blocks, size_t *opened, bool mark)
{
    size_t stack[BRANCH_DEPTH];
    int open_line[BRANCH_DEPTH];
    int depth = 0;
    *opened = 0;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        ConfEntry *entry = &set->entries[idx];
        if (strcmp(entry->file, file))
            continue;
        if (entry->name) {
            bool alt = false, by_memory = false;
            for (int d = 0; mark && d < depth && d < BRANCH_DEPTH; d++) {
                /* a block the memory leaves open reads its first branch, by_host_memory */
                alt |= stack[d] < n_blocks &&
                       blocks[stack[d]].branch !=
                           (blocks[stack[d]].chosen < 0 ? 0 : blocks[stack[d]].chosen);
                by_memory |=
                    stack[d] < n_blocks && blocks[stack[d]].memory && blocks[stack[d]].chosen < 0;
            }
            if (mark) {
                entry->alternative = alt;
                entry->by_host_memory = by_memory;
                entry->block_line =
                    depth ? open_line[(depth < BRANCH_DEPTH ? depth : BRANCH_DEPTH) - 1] : 0;
            }
            continue;
        }
        /* a setting whose value is a placeholder (`name = {{ x }}`) is a line of its block too */
        if (mark)
            entry->block_line =
                depth ? open_line[(depth < BRANCH_DEPTH ? depth : BRANCH_DEPTH) - 1] : 0;
        const char *text = entry->error ? entry->line_text : NULL;
        const char *lead = text ? text + strspn(text, " \t") : NULL;
        /* Mako's `% if …:` … `% endif` (a line of its own) opens and closes blocks too, and the
         * rest of its line is the condition */
        bool mako = lead && mako_control_line(lead);
        Control ctl = mako ? control_word(lead + 1, false, false) : CTL_NONE;
        for (const char *at = mako ? lead : next_statement(text, NULL, &ctl); at;
             at = mako ? NULL : next_statement(at + 2, NULL, &ctl)) {
            const char *body = at + (mako ? 1 : 2);
            const char *close = mako ? NULL : strpbrk(at + 2, "%}");
            size_t cond_len = close ? (size_t)(close - at) : strlen(at);
            Block *top = depth > 0 && depth <= BRANCH_DEPTH && stack[depth - 1] < n_blocks
                             ? &blocks[stack[depth - 1]]
                             : NULL;
            if (ctl == CTL_OPEN) {
                size_t id = (*opened)++;
                if (depth < BRANCH_DEPTH) {
                    stack[depth] = id;
                    open_line[depth] = entry->line;
                }
                depth++;
                top = id < n_blocks && depth <= BRANCH_DEPTH ? &blocks[id] : NULL;
                if (top && !mark)
                    *top = (Block){.storage_named = -1, .memory_holds = -1};
                if (top)
                    top->branch = 0;
            } else if (ctl == CTL_ALT && top) {
                top->branch++;
                const char *word = body + strspn(body, "-+~ \t");
                if (!mark && !strncmp(word, "else", 4) && !isalpha((unsigned char)word[4]) &&
                    !condition_storage(word + 4, cond_len - (size_t)(word + 4 - at)))
                    top->has_else = true;
            } else if (ctl == CTL_CLOSE && depth > 0) {
                depth--;
                continue;
            } else {
                continue;
            }
            /* the condition of the branch that starts here */
            int memory = top && !mark
                             ? condition_memory(body, cond_len - (size_t)(body - at), ram_bytes)
                             : -1;
            if (memory >= 0) {
                top->memory = true;
                top->memory_open |= memory == 2;
                if (memory == 1 && top->memory_holds < 0)
                    top->memory_holds = top->branch;
            }
            const char *named = top && !mark ? condition_storage(at, cond_len) : NULL;
            if (named && storage && !strcmp(named, storage) && top->storage_named < 0)
                top->storage_named = top->branch;
            else if (named)
                top->names_other = true;
        }
    }
    for (size_t id = 0; !mark && id < *opened && id < n_blocks; id++) {
        Block *blk = &blocks[id];
        blk->chosen = blk->storage_named >= 0                        ? blk->storage_named
                      : blk->names_other && blk->has_else && storage ? blk->branch
                                                                     : 0;
        /* by memory: the branch whose comparison holds, the else when none does, and -1 (the
         * settings depend on the machine) when the memory or a condition is not known */
        if (blk->memory)
            blk->chosen = blk->memory_holds >= 0 ? blk->memory_holds
                          : blk->memory_open     ? -1
                          : blk->has_else        ? blk->branch
                                                 : -1;
    }
}

void conf_template_mark_branches(ConfSet *set, const char *storage, double ram_bytes)
{
    /* "nvme" is fast storage as "ssd" is, for a template's condition */
    if (storage && !strcmp(storage, "nvme"))
        storage = "ssd";
    for (size_t idx = 0; idx < set->n_files; idx++) {
        size_t n_blocks = 0;
        file_branches(set, set->files[idx], storage, ram_bytes, NULL, 0, &n_blocks, false);
        /* nothing to choose; and a YAML template's reader marked its alternatives already
         * (mark_template_alternatives), which a pass without blocks would clear */
        if (!n_blocks)
            continue;
        Block *blocks = xcalloc(n_blocks, sizeof(Block));
        size_t opened;
        file_branches(set, set->files[idx], storage, ram_bytes, blocks, n_blocks, &opened, false);
        file_branches(set, set->files[idx], storage, ram_bytes, blocks, n_blocks, &opened, true);
        free(blocks);
    }
}
