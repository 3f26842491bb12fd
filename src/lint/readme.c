#include "lint/readme.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

#define README_LIMIT ((size_t)256 << 10)
#define LEVELS_WITHOUT_CHECKOUT 4

/* The names a README goes by, in the casings checkouts use: stat'ed, not listed (a lint opens
 * no directory it does not read). */
static const char *const README_NAMES[] = {
    "README.md",  "README",    "README.rst", "README.txt", "README.markdown",
    "Readme.md",  "readme.md", "README.MD",  "Readme.rst", "readme.rst",
    "readme.txt", "readme",    NULL};

/* The README file in `dir`, or NULL. */
static char *readme_in(const char *dir)
{
    for (const char *const *name = README_NAMES; *name; name++) {
        char *path = xasprintf("%s/%s", dir, *name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
            return path;
        free(path);
    }
    return NULL;
}

static bool is_checkout_top(const char *dir)
{
    char *git = xasprintf("%s/.git", dir);
    bool top = access(git, F_OK) == 0;
    free(git);
    return top;
}

static bool blank(const char *line, size_t len)
{
    for (size_t idx = 0; idx < len; idx++)
        if (!isspace((unsigned char)line[idx]))
            return false;
    return true;
}

/* Badges, images, HTML, code fences, tables, rules and reStructuredText directives: no prose. */
/* A table of contents' entry: a list item that is only a link within the page ("- [Benchmarks]
 * (#benchmarks)"), which names a section, not what the repository is (held-out set 61, h61c
 * 31: Supavisor's README read as a benchmark's). `line` starts at its text. */
static bool contents_entry(const char *line, size_t len)
{
    size_t at = 0;
    if (len > 2 && strchr("-*+", line[0]) && line[1] == ' ')
        at = 2;
    else {
        at = strspn(line, "0123456789");
        if (!at || at + 1 >= len || line[at] != '.' || line[at + 1] != ' ')
            return false;
        at += 2;
    }
    while (at < len && line[at] == ' ')
        at++;
    if (at >= len || line[at] != '[')
        return false;
    const char *close = memchr(line + at, ']', len - at);
    if (!close || (size_t)(close - line) + 3 > len || close[1] != '(' || close[2] != '#')
        return false;
    const char *paren = memchr(close, ')', len - (size_t)(close - line));
    if (!paren)
        return false;
    for (const char *p = paren + 1; p < line + len; p++)
        if (!isspace((unsigned char)*p))
            return false;
    return true;
}

static bool markup(const char *line, size_t len)
{
    while (len && isspace((unsigned char)*line)) {
        line++;
        len--;
    }
    static const char *const starts[] = {"[![", "![",  "<",   "```", "~~~", "|",
                                         "---", "===", "***", "..",  "[!",  NULL};
    for (const char *const *s = starts; *s; s++)
        if (len >= strlen(*s) && !strncmp(line, *s, strlen(*s)))
            return true;
    /* a line of one repeated mark: an underline */
    return (len > 2 && strspn(line, "=-~^*#") == len) || contents_entry(line, len);
}

/* A Markdown heading's text ("# Title" -> "Title"), else NULL. */
static const char *heading(const char *line, size_t len, size_t *text_len)
{
    size_t marks = strspn(line, "#");
    if (!marks || marks >= len || line[marks] != ' ')
        return NULL;
    *text_len = len - marks - 1;
    return line + marks + 1;
}

/* A heading that only announces the description ("## Description", "## About"): the paragraph
 * under it is the repository's description, as one right under the title is. */
static bool description_heading(const char *text, size_t len)
{
    static const char *const names[] = {"description",        "about",   "overview",
                                        "introduction",       "summary", "about the project",
                                        "about this project", NULL};
    while (len && (isspace((unsigned char)text[len - 1]) || text[len - 1] == ':'))
        len--;
    for (const char *const *name = names; *name; name++)
        if (strlen(*name) == len && !strncasecmp(text, *name, len))
            return true;
    return false;
}

/* A heading that warns the reader ("# Warning", "## ⚠️ Disclaimer:", "### Important"): what a
 * repository says it must not be used for stands there as often as in its description (review
 * 2026-12ze, h32f c12: "intended for local development environments only"). */
static bool warning_heading(const char *text, size_t len)
{
    static const char *const names[] = {"warning",   "disclaimer", "caution",
                                        "important", "attention",  NULL};
    while (len && !isalpha((unsigned char)*text)) { /* marks and emoji before the word */
        text++;
        len--;
    }
    while (len && !isalpha((unsigned char)text[len - 1]))
        len--;
    for (const char *const *name = names; *name; name++)
        if (strlen(*name) == len && !strncasecmp(text, *name, len))
            return true;
    return false;
}

/* The length of the line at `line` (to its newline or `stop`), with its newline in `*end`
 * (NULL for the last). */
static size_t line_span(const char *line, const char *stop, const char **end)
{
    *end = memchr(line, '\n', (size_t)(stop - line));
    return (size_t)((*end ? *end : stop) - line);
}

static void put_text(StrBuf *sb, const char *text, size_t len)
{
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    while (len && isspace((unsigned char)*text)) {
        text++;
        len--;
    }
    if (!len)
        return;
    sb_printf(sb, "%s%.*s", sb->len ? " " : "", (int)len, text);
}

static void map_line(ReadmeDescription *out, size_t start, int lineno)
{
    if (out->n_lines >= README_LINES_MAX)
        return;
    out->line_start[out->n_lines] = start;
    out->line_no[out->n_lines++] = lineno;
}

int readme_line_at(const ReadmeDescription *desc, size_t offset)
{
    int line = desc->line;
    for (int idx = 0; idx < desc->n_lines && desc->line_start[idx] <= offset; idx++)
        line = desc->line_no[idx];
    return line;
}

bool readme_describe_text(const char *bytes, size_t size, ReadmeDescription *out)
{
    /* a terminated copy: the scans below stop at a line's newline or at the end */
    char *data = xmalloc(size + 1);
    memcpy(data, bytes, size);
    data[size] = '\0';
    out->line = 0; /* a README above may be read after one without prose */
    out->title_len = 0;
    out->n_lines = 0;
    StrBuf sb = STRBUF_INIT;
    bool titled = false, in_paragraph = false;
    int lineno = 0;
    for (const char *line = data; line < data + size && sb.len < README_DESCRIPTION_MAX;) {
        const char *end;
        size_t len = line_span(line, data + size, &end);
        lineno++;
        size_t text_len = 0;
        const char *title = heading(line, len, &text_len);
        if (blank(line, len) || markup(line, len)) {
            if (in_paragraph && blank(line, len))
                break; /* the first paragraph ended */
        } else if (title && titled && !in_paragraph && description_heading(title, text_len)) {
            /* "# Name" then "## Description": read on into its paragraph */
        } else if (title) {
            if (titled || in_paragraph)
                break; /* the next section: its prose is no description */
            map_line(out, sb.len, lineno);
            put_text(&sb, title, text_len);
            out->title_len = sb.len;
            titled = true;
            out->line = lineno;
        } else {
            if (!out->line)
                out->line = lineno;
            map_line(out, sb.len, lineno);
            put_text(&sb, line, len);
            in_paragraph = true;
        }
        line = end ? end + 1 : data + size;
    }
    /* and the first paragraph under a warning's heading, wherever it stands */
    bool warning = false, warned = false;
    lineno = 0;
    const char *end = NULL;
    for (const char *line = data; line < data + size && sb.len < README_DESCRIPTION_MAX;
         line = end ? end + 1 : data + size, lineno++) {
        size_t len = line_span(line, data + size, &end), title_len = 0;
        const char *title = heading(line, len, &title_len);
        if (warned && (title || blank(line, len)))
            break; /* its paragraph ended */
        if (title)
            warning = warning_heading(title, title_len);
        else if (warning && !blank(line, len) && !markup(line, len)) {
            map_line(out, sb.len, lineno + 1);
            put_text(&sb, line, len);
            warned = true;
        }
    }
    free(data);
    if (!sb.len) {
        sb_free(&sb);
        return false;
    }
    snprintf(out->text, sizeof(out->text), "%s", sb_str(&sb));
    sb_free(&sb);
    return true;
}

/* The README `readme_description` reads, or with `top` the one at the checkout's top (only
 * where there is a .git above the file). */
static bool describe_from(const char *config_path, bool top, ReadmeDescription *out)
{
    memset(out, 0, sizeof(*out));
    char *real = realpath(config_path, NULL);
    if (!real)
        return false;
    char *slash = strrchr(real, '/');
    if (slash)
        *slash = '\0';
    bool found = false;
    for (int level = 0; !found && real[0]; level++) {
        bool at_top = is_checkout_top(real);
        char *path = !top || at_top ? readme_in(real) : NULL;
        if (path) {
            char *data = NULL;
            size_t len = 0;
            int err = 0;
            if (pk_read_file(path, README_LIMIT, &data, &len, &err) == PK_READ_OK &&
                readme_describe_text(data, len, out)) {
                snprintf(out->path, sizeof(out->path), "%s", path);
                found = true;
            }
            free(path);
            free(data);
            break; /* the nearest README speaks for the files below it, prose or not */
        }
        if (at_top || (!top && level >= LEVELS_WITHOUT_CHECKOUT) || !(slash = strrchr(real, '/')) ||
            slash == real)
            break;
        *slash = '\0';
    }
    free(real);
    return found;
}

bool readme_description(const char *config_path, ReadmeDescription *out)
{
    return describe_from(config_path, false, out);
}

bool readme_description_top(const char *config_path, ReadmeDescription *out)
{
    return describe_from(config_path, true, out);
}
