/* The tokenizer against the token sequences the server's flex scanner produces. */
#include <stdlib.h>
#include <string.h>

#include "conf/conf_lex.h"
#include "conf/conf_path.h"
#include "harness.h"

/* "KIND:text KIND:text ..." for the whole input, EOL as "EOL". */
static char *tokens_of(const char *input, size_t len)
{
    static const char *const kinds[] = {"EOF", "ID",  "STR",  "INT", "REAL",
                                        "EQ",  "UNQ", "QUAL", "EOL", "ERR"};
    static char out[4096];
    size_t used = 0;
    ConfLexer lx;
    conf_lex_init(&lx, input, len);
    ConfTok tok;
    out[0] = '\0';
    while ((tok = conf_lex_next(&lx)) != CONF_TOK_EOF && used < sizeof(out) - 200) {
        if (tok == CONF_TOK_EOL)
            used += (size_t)snprintf(out + used, sizeof(out) - used, "%sEOL", used ? " " : "");
        else
            used += (size_t)snprintf(out + used, sizeof(out) - used, "%s%s:%.*s", used ? " " : "",
                                     kinds[tok], (int)lx.tok_len, input + lx.tok_start);
    }
    return out;
}

#define TOKENS(input, expected) CHECK_STR(tokens_of(input, strlen(input)), expected)

static void test_words(void)
{
    TOKENS("work_mem", "ID:work_mem");
    TOKENS("ext.name", "QUAL:ext.name");
    TOKENS("a.b.c", "UNQ:a.b.c");
    TOKENS("a.1", "UNQ:a.1");
    TOKENS("a.", "UNQ:a.");
    TOKENS("Europe/Berlin", "UNQ:Europe/Berlin");
    TOKENS("a-b:c", "UNQ:a-b:c");
    TOKENS("_x9", "ID:_x9");
    TOKENS("\xc3\xa9t\xc3\xa9", "ID:\xc3\xa9t\xc3\xa9");
    TOKENS("work-mem = 1", "UNQ:work-mem EQ:= INT:1");
}

static void test_numbers(void)
{
    TOKENS("8MB", "INT:8MB");
    TOKENS("1e300", "INT:1e INT:300");
    TOKENS("9e-1", "INT:9e INT:-1");
    TOKENS("0x1F", "INT:0x1F");
    TOKENS("0xffMB", "INT:0xffMB");
    TOKENS("0X10", "INT:0X INT:10");
    TOKENS("-5", "INT:-5");
    TOKENS("+5kB", "INT:+5kB");
    TOKENS("1.5", "REAL:1.5");
    TOKENS(".5", "REAL:.5");
    TOKENS("5.", "REAL:5.");
    TOKENS(".", "REAL:.");
    TOKENS("-.e5", "REAL:-.e5");
    TOKENS("1.0e+5", "REAL:1.0e+5");
    TOKENS("1.5e", "REAL:1.5 ID:e");
    TOKENS("1.5GB", "REAL:1.5 ID:GB");
    TOKENS("-", "ERR:-");
    TOKENS("12/34", "INT:12 ERR:/ INT:34");
}

static void test_strings(void)
{
    TOKENS("'abc'", "STR:'abc'");
    TOKENS("'ab''c'", "STR:'ab''c'");
    TOKENS("''", "STR:''");
    TOKENS("'abc", "ERR:' ID:abc");
    TOKENS("'abc''", "STR:'abc' ERR:'");
    TOKENS("'a\\'b'", "STR:'a\\'b'");
    TOKENS("'a # b' # c", "STR:'a # b'");
    TOKENS("'a\nb'", "ERR:' ID:a EOL ID:b ERR:'");
    TOKENS("\"x\"", "ERR:\" ID:x ERR:\"");
}

static void test_layout(void)
{
    TOKENS("a = 1 # c\n\n", "ID:a EQ:= INT:1 EOL EOL");
    TOKENS("a\t=\t1\r\n", "ID:a EQ:= INT:1 EOL");
    TOKENS("a 1;", "ID:a INT:1 ERR:;");
    TOKENS("a=1\rb=2", "ID:a EQ:= INT:1 ID:b EQ:= INT:2");
    const char nul[] = "a = 1\0\n";
    CHECK_STR(tokens_of(nul, sizeof(nul) - 1), "ID:a EQ:= INT:1 ERR: EOL");
    ConfLexer lx;
    conf_lex_init(&lx, "a\nb\n\nc", 7);
    while (conf_lex_next(&lx) != CONF_TOK_EOF)
        ;
    CHECK(lx.lineno == 4);
}

static void check_dequote(const char *tok, const char *expected)
{
    char *got = conf_lex_dequote(tok, strlen(tok));
    CHECK_STR(got, expected);
    free(got);
}

static void test_dequote(void)
{
    check_dequote("'abc'", "abc");
    check_dequote("''", "");
    check_dequote("'it''s'", "it's");
    check_dequote("'it\\'s'", "it's");
    check_dequote("'a\\bb\\fc\\nd\\re\\tf'", "a\bb\fc\nd\re\tf");
    check_dequote("'\\101\\102\\103'", "ABC");
    check_dequote("'\\0123'", "\n3");
    check_dequote("'\\q\\\\\\z'", "q\\z");
    check_dequote("'ab\\0cd'", "ab");
    /* A NUL byte inside the quotes: the server's de-escaping stops early and drops the byte
     * before the NUL (it expected the closing quote there). pg_file_settings shows "a". */
    char *got = conf_lex_dequote("'ab\0cd'", 7);
    CHECK_STR(got, "a");
    free(got);
}

static void check_canon(const char *in, int major, const char *expected)
{
    char *path = strdup(in);
    conf_path_canonicalize(path, major);
    CHECK_STR(path, expected);
    free(path);
}

static void test_paths(void)
{
    check_canon("/d/sub/../x.conf", 15, "/d/x.conf");
    check_canon("/d/sub/../x.conf", 13, "/d/sub/../x.conf");
    check_canon("/d/./sub//x.conf", 18, "/d/sub/x.conf");
    check_canon("/d/./sub//x.conf", 14, "/d/./sub/x.conf");
    check_canon("/d/conf.d/.", 13, "/d/conf.d");
    check_canon("/d/conf.d/", 16, "/d/conf.d");
    check_canon("/d/a/..", 13, "/d");
    check_canon("/..", 17, "/");
    char *abs = conf_path_absolute("./x.conf", "/d/postgresql.conf", 13);
    CHECK_STR(abs, "/d/x.conf");
    free(abs);
    abs = conf_path_absolute("/abs//x.conf", "/d/postgresql.conf", 18);
    CHECK_STR(abs, "/abs//x.conf"); /* absolute locations are used as written */
    free(abs);
    abs = conf_path_absolute("inner.conf", "/d/sub/outer.conf", 18);
    CHECK_STR(abs, "/d/sub/inner.conf");
    free(abs);
}

int main(void)
{
    test_words();
    test_numbers();
    test_strings();
    test_layout();
    test_dequote();
    test_paths();
    PK_TEST_DONE();
}
