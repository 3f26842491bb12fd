#include "conf/conf_template.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "common/xalloc.h"

/* MARK NAME MARK with NAME in capitals, digits and underscores: `@PGDATA@`, `%%MAX_CONN%%`. */
static bool capital_marker(const char *text, const char *mark)
{
    size_t mark_len = strlen(mark);
    for (const char *at = strstr(text, mark); at; at = strstr(at + 1, mark)) {
        const char *name = at + mark_len;
        size_t len = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
        if (len && (isupper((unsigned char)*name) || *name == '_') &&
            !strncmp(name + len, mark, mark_len))
            return true;
    }
    return false;
}

bool conf_has_placeholder(const char *text, bool in_string)
{
    static const char *const markers[] = {"{{", "{%", "{#", "<%"};
    if (!text)
        return false;
    for (size_t idx = 0; idx < sizeof(markers) / sizeof(markers[0]); idx++)
        if (strstr(text, markers[idx]))
            return true;
    if (!in_string && strstr(text, "${"))
        return true;
    return capital_marker(text, "@") || capital_marker(text, "%%");
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

/* Settings whose value is a path the server opens or creates as written. */
static bool path_setting(const char *name)
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
    for (size_t idx = 0; paths[idx]; idx++)
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
        return value && (strstr(value, "{{") || strstr(value, "{%") || strstr(value, "<%"));
    /* the server expands no variable in a path: '$PGDATA/pg_hba.conf' is opened as written */
    return conf_has_placeholder(value, true) || conf_redacted_value(value) ||
           (path_setting(name) && conf_shell_variable(value));
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

/* The first word of a statement at `text` (after its opening marker), as a control step. */
static Control control_word(const char *text, bool erb)
{
    text += strspn(text, "-+ \t");
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

#define BRANCH_DEPTH 32

/* One file's statements, in line order: a stack of open blocks, each in its first branch or in
 * an alternative. */
static void mark_file_branches(ConfSet *set, const char *file)
{
    bool in_alt[BRANCH_DEPTH];
    int depth = 0, alt_depth = 0; /* alt_depth: how many open blocks are in an alternative */
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        ConfEntry *entry = &set->entries[idx];
        if (strcmp(entry->file, file))
            continue;
        if (entry->name) {
            entry->alternative = alt_depth > 0;
            continue;
        }
        const char *text = entry->error ? entry->line_text : NULL;
        static const struct {
            const char *open;
            bool erb;
        } marks[] = {{"{%", false}, {"{{", false}, {"<%", true}};
        for (const char *at = text; at && *at; at++) {
            size_t mark = 0;
            while (mark < 3 && strncmp(at, marks[mark].open, 2))
                mark++;
            if (mark == 3)
                continue;
            Control ctl = control_word(at + 2, marks[mark].erb);
            if (ctl == CTL_OPEN) {
                if (depth < BRANCH_DEPTH)
                    in_alt[depth] = false;
                depth++;
            } else if (ctl == CTL_ALT && depth > 0 && depth <= BRANCH_DEPTH && !in_alt[depth - 1]) {
                in_alt[depth - 1] = true;
                alt_depth++;
            } else if (ctl == CTL_CLOSE && depth > 0) {
                depth--;
                if (depth < BRANCH_DEPTH && in_alt[depth])
                    alt_depth--;
            }
            at++;
        }
    }
}

void conf_template_mark_branches(ConfSet *set)
{
    for (size_t idx = 0; idx < set->n_files; idx++)
        mark_file_branches(set, set->files[idx]);
}
