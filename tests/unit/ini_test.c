/* Unit tests for the one INI reader (src/common/ini.c): sections, keys and the line of every
 * piece; continuation lines; what libinih would hide, reported at the true line (NUL bytes,
 * long lines, " ;" and, when asked, " #" in values); the first problem by line wins over a
 * syntax error libinih finds later; both duplicate-key policies (merge, error with lists and
 * aliases); keys outside any section; a BOM; CRLF. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/ini.h"
#include "harness.h"

static PkIniDoc doc;
static PkDiag diag;

static bool parse(const char *text, const PkIniOptions *opts)
{
    arena_free(doc.arena);
    pk_diag_free(&diag);
    return pk_ini_parse(&doc, "t.ini", text, strlen(text), opts, &diag);
}

/* The parse fails at `line` with a message containing `part`. */
static bool fails_at(const char *text, const PkIniOptions *opts, int line, const char *part)
{
    if (parse(text, opts) || !diag.message) {
        fprintf(stderr, "parsed: %s\n", text);
        return false;
    }
    if (diag.line != line || !strstr(diag.message, part) || strcmp(diag.file, "t.ini")) {
        fprintf(stderr, "got %s:%d: %s\n", diag.file, diag.line, diag.message);
        return false;
    }
    return doc.n_sections == 0;
}

static void test_document(void)
{
    CHECK(parse("; comment\n[a]\nx = 1\n# another\ny = two words\n  and more\n\n[b]\nz=3\n", NULL));
    CHECK(doc.n_sections == 2);
    CHECK_STR(doc.sections[0].name, "a");
    CHECK(doc.sections[0].line == 2 && doc.sections[1].line == 8);
    PkIniEntry *y = pk_ini_find(&doc.sections[0], "y");
    CHECK(y && y->line == 5 && y->n_pieces == 2 && y->pieces[1].line == 6 && !y->repeated);
    char *joined = pk_ini_entry_join(y, " ");
    CHECK_STR(joined, "two words and more");
    CHECK(pk_ini_entry_line_at(y, 0) == 5 && pk_ini_entry_line_at(y, 10) == 6);
    free(joined);
    CHECK(pk_ini_find(NULL, "x") == NULL && pk_ini_find(&doc.sections[1], "x") == NULL);
    CHECK_STR(pk_ini_find(&doc.sections[1], "z")->pieces[0].text, "3");
    /* an empty file is an empty document */
    CHECK(parse("", NULL) && doc.n_sections == 0);
    /* CRLF, a BOM before the first header, and an indented "[x]" that libinih takes for a
     * continuation of the key before it */
    CHECK(parse("\xEF\xBB\xBF[a]\r\nx = 1\r\n  [not a header]\r\n", NULL));
    CHECK(doc.n_sections == 1 && doc.sections[0].line == 1);
    CHECK(doc.sections[0].entries[0].n_pieces == 2);
    CHECK_STR(doc.sections[0].entries[0].pieces[1].text, "[not a header]");
    /* a header given twice is two sections, each at its line */
    CHECK(parse("[a]\nx = 1\n[a]\ny = 2\n", NULL));
    CHECK(doc.n_sections == 2 && doc.sections[1].line == 3);
    /* keys before any header: section "" unless the caller refuses them */
    CHECK(parse("x = 1\n[a]\ny = 2\n", NULL) && doc.n_sections == 2);
    CHECK_STR(doc.sections[0].name, "");
    PkIniOptions strict = {.section_hint = "Put it under [a]."};
    CHECK(fails_at("\n\nx = 1\n", &strict, 3, "key \"x\" outside any section"));
    CHECK_STR(diag.hint, "Put it under [a].");
}

static void test_raw_lines(void)
{
    PkIniOptions opts = {.what = "the project configuration"};
    /* libinih would take "never" and drop the rest silently */
    CHECK(fails_at("[pgknob]\nfail_on = never ;typo\n", &opts, 2, "\" ;\" in a value"));
    CHECK(fails_at("[a]\nx = 1\n  continued ;here\n", &opts, 3, "inline comment"));
    CHECK(fails_at("[a]\nx = a\t;b\n", &opts, 2, "inline comment"));
    /* no blank before ";": libinih keeps it, so do we; comment lines are comments */
    CHECK(parse("[a]\nx = a;b\n  ; indented comment\n# x = 1 ;2\n", &opts));
    CHECK_STR(doc.sections[0].entries[0].pieces[0].text, "a;b");
    CHECK(doc.sections[0].entries[0].n_pieces == 1);
    /* " #" is text to libinih: kept unless the caller refuses it */
    CHECK(parse("[a]\nx = a #b\n", &opts));
    CHECK_STR(doc.sections[0].entries[0].pieces[0].text, "a #b");
    opts.reject_hash_comments = true;
    CHECK(fails_at("[a]\nx = a #b\n", &opts, 2, "\" #\" in a value"));
    const char nul[] = "[a]\nx = 1\ny = a\0b\n";
    CHECK(!pk_ini_parse(&doc, "t.ini", nul, sizeof(nul) - 1, &opts, &diag));
    CHECK(diag.line == 3);
    CHECK_STR(diag.message, "NUL byte in the project configuration");
    char long_text[400];
    memset(long_text, 'x', sizeof(long_text));
    memcpy(long_text, "[a]\nk = ", 8);
    strcpy(long_text + 4 + 198, "\nbroken line\n"); /* the value line is 198 bytes: read whole */
    CHECK(fails_at(long_text, NULL, 3, "syntax error in INI file"));
    long_text[4 + 198] = 'x';
    strcpy(long_text + 4 + 199, "\nbroken line\n"); /* 199 bytes: libinih would truncate it */
    CHECK(fails_at(long_text, NULL, 2, "line is 199 bytes long; at most 198 are read"));
    /* a syntax error on an earlier line wins over a later problem of the raw text */
    CHECK(fails_at("[a]\nno equals sign\nx = 1 ;c\n", NULL, 2, "syntax error"));
    CHECK(diag.hint != NULL);
    CHECK(fails_at("[a\nx = 1\n", NULL, 1, "syntax error"));
}

static bool is_list(const char *section, const char *key)
{
    return !strcmp(section, "l") && !strcmp(key, "items");
}

static const char *alias(const char *section, const char *key)
{
    (void)section;
    return !strcasecmp(key, "memory") ? "ram" : key;
}

static void test_duplicates(void)
{
    /* merge: the caller sees the repeat and its first line */
    CHECK(parse("[a]\nx = 1\ny = 2\nx = 3\nx = 4\n", NULL));
    PkIniEntry *x = pk_ini_find(&doc.sections[0], "x");
    CHECK(x && x->repeated && x->repeat_line == 4 && x->n_pieces == 3);
    PkIniOptions opts = {.duplicates = PK_INI_DUP_ERROR, .may_repeat = is_list, .canonical = alias};
    CHECK(fails_at("[a]\nx = 1\ny = 2\nx = 3\n", &opts, 4, "\"x\" is given twice in [a]"));
    CHECK_STR(diag.hint, "Line 2 sets it already; keep one.");
    /* aliases and case count as the same key; the same header twice is one namespace */
    CHECK(fails_at("[h]\nram = 1\nmemory = 2\n", &opts, 3, "\"memory\" is given twice in [h]"));
    CHECK(fails_at("[h]\nKey = 1\n[h]\nkey = 2\n", &opts, 4, "is given twice"));
    /* lists add up; continuations are not repeats; other sections are other keys */
    CHECK(parse("[l]\nitems = a\nitems = b\n  c\n[m]\nitems = d\n[n]\nitems = e\n", &opts));
    PkIniEntry *items = pk_ini_find(&doc.sections[0], "items");
    CHECK(items && items->n_pieces == 3 && items->repeated && items->repeat_line == 3);
    CHECK(parse("[a]\nx = 1\n  2\n", &opts) && doc.sections[0].entries[0].n_pieces == 2);
}

int main(void)
{
    test_document();
    test_raw_lines();
    test_duplicates();
    arena_free(doc.arena);
    pk_diag_free(&diag);
    PK_TEST_DONE();
}
