/* The HTML report: the Markdown report rendered by cmark-gfm (with GFM tables) into one
 * self-contained page. Safe mode: raw HTML in values from configuration files is dropped, so a
 * hostile file cannot inject markup. The stylesheet (reports/style.css) is compiled in. */
#include "report/report.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/version.h"
#include "common/xalloc.h"
#include "report/style_css.auto.h"

/* Markdown → HTML body with the table extension; safe mode (raw HTML omitted). */
static char *markdown_to_html(const char *md, size_t len)
{
    cmark_gfm_core_extensions_ensure_registered();
    cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    cmark_syntax_extension *table = cmark_find_syntax_extension("table");
    if (table)
        cmark_parser_attach_syntax_extension(parser, table);
    cmark_parser_feed(parser, md, len);
    cmark_node *doc = cmark_parser_finish(parser);
    char *html =
        cmark_render_html(doc, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser));
    cmark_node_free(doc);
    cmark_parser_free(parser);
    return html;
}

/* The plain text of an element's inner HTML: tags dropped, the entities cmark writes decoded. */
static char *inner_text(const char *html, size_t len)
{
    static const struct {
        const char *entity, *text;
    } entities[] = {{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}};
    StrBuf sb = STRBUF_INIT;
    for (size_t pos = 0; pos < len;) {
        if (html[pos] == '<') {
            while (pos < len && html[pos] != '>')
                pos++;
            pos++;
            continue;
        }
        bool done = false;
        for (size_t idx = 0; idx < sizeof(entities) / sizeof(entities[0]) && !done; idx++)
            if (!strncmp(html + pos, entities[idx].entity, strlen(entities[idx].entity))) {
                sb_put(&sb, entities[idx].text);
                pos += strlen(entities[idx].entity);
                done = true;
            }
        if (!done)
            sb_putc(&sb, html[pos++]);
    }
    return sb.data ? sb_detach(&sb) : xstrdup("");
}

/* <h2>/<h3> get the id GitHub would give them, so the summary's links work in both. */
static const char *put_heading(StrBuf *out, const char *p)
{
    const char *end = strstr(p, "</h");
    if (!end)
        return NULL;
    char *text = inner_text(p + 4, (size_t)(end - p - 4));
    char *slug = report_heading_slug(text);
    sb_printf(out, "<h%c id=\"%s\">", p[2], slug);
    free(slug);
    free(text);
    return p + 4;
}

/* Colours severity cells: cmark's own output, so an exact cell match is safe to decorate
 * (configuration text inside cells is already escaped and cannot look like this). */
static void put_body(StrBuf *out, const char *body)
{
    static const char *const sevs[] = {"error", "warning", "notice", "recommendation"};
    static const char *const tags[] = {"", ", refuses start"};
    bool in_row = false;
    for (const char *p = body; *p;) {
        bool done = false;
        /* a table row on one line: cmark writes a line per cell */
        if (!strncmp(p, "<tr>", 4))
            in_row = true;
        else if (!strncmp(p, "</tr>", 5))
            in_row = false;
        if (in_row && *p == '\n') {
            p++;
            continue;
        }
        if ((!strncmp(p, "<h2>", 4) || !strncmp(p, "<h3>", 4)) && put_heading(out, p)) {
            p += 4;
            continue;
        }
        for (size_t cell_idx = 0; cell_idx < 8 && !done; cell_idx++) {
            size_t sev_idx = cell_idx % 4;
            const char *tag = tags[cell_idx / 4];
            char cell[64];
            snprintf(cell, sizeof(cell), "<td>%s%s</td>", sevs[sev_idx], tag);
            if (!strncmp(p, cell, strlen(cell))) {
                sb_printf(out, "<td class=\"sev-%s\">%s%s</td>", sevs[sev_idx], sevs[sev_idx], tag);
                p += strlen(cell);
                done = true;
            }
        }
        if (!done)
            sb_putc(out, *p++);
    }
}

/* The page title: the first checked path (report_html_page escapes it). */
static void put_title(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    sb_put(out, "pgknob report");
    if (in->n_sources) {
        sb_put(out, ": ");
        sb_put(out, report_display_path(opts, in->sources[0].path));
    }
}

void report_html_page(const char *title, const char *markdown, StrBuf *out)
{
    char *body = markdown_to_html(markdown, strlen(markdown));
    sb_put(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                "<meta name=\"generator\" content=\"pgknob " PK_VERSION "\">\n<title>");
    sb_put_xml(out, title);
    sb_put(out, "</title>\n<style>\n");
    /* the stylesheet is for the browser, not the reader of the source: one line */
    for (const char *css = report_style_css; *css; css++)
        sb_putc(out, *css == '\n' ? ' ' : *css);
    sb_putc(out, '\n');
    sb_put(out, "</style>\n</head>\n<body>\n<main>\n");
    put_body(out, body ? body : "");
    sb_put(out, "</main>\n</body>\n</html>\n");
    free(body);
}

void report_html_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    StrBuf md = STRBUF_INIT, title = STRBUF_INIT;
    report_md_render(in, opts, &md);
    report_redact_rendered(in, &md, true);
    put_title(in, opts, &title);
    report_html_page(sb_str(&title), sb_str(&md), out);
    sb_free(&title);
    sb_free(&md);
}
