/* Unit tests for common/json: any bytes become a valid JSON string, numbers print as the reports
 * print them, the dump escapes what a terminal would act on, and strict UTF-8 recognition. */
#include <stdlib.h>

#include "common/json.h"
#include "harness.h"

/* The one-line dump of a value, without its newline. Caller frees. */
static char *dump(json_t *value)
{
    StrBuf sb = STRBUF_INIT;
    pk_json_dump(&sb, value, PK_JSON_LINE);
    sb.data[--sb.len] = '\0';
    return sb_detach(&sb);
}

#define CHECK_DUMP(value, expected)                                                                \
    do {                                                                                           \
        char *pk_text = dump(value);                                                               \
        CHECK_STR(pk_text, expected);                                                              \
        free(pk_text);                                                                             \
    } while (0)

static void test_strings(void)
{
    CHECK_DUMP(pk_json_str(NULL), "null");
    CHECK_DUMP(pk_json_str("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
    CHECK_DUMP(pk_json_str("caf\xc3\xa9"), "\"caf\xc3\xa9\"");
    /* ill-formed bytes (a Latin-1 byte, a lone continuation byte, a surrogate, an overlong
     * form) are each written as \u00XX, so they differ from the real character: 0xE9 is not "é" */
    CHECK_DUMP(pk_json_str("caf\xe9"), "\"caf\\u00e9\"");
    CHECK_DUMP(pk_json_str("caf\xe9 \xc3\xa9"), "\"caf\\u00e9 \xc3\xa9\"");
    CHECK_DUMP(pk_json_str("\x80"), "\"\\u0080\"");
    CHECK_DUMP(pk_json_str("\xed\xa0\x80"), "\"\\u00ed\\u00a0\\u0080\"");
    CHECK_DUMP(pk_json_str("\xe0\x80\xaf"), "\"\\u00e0\\u0080\\u00af\"");
    CHECK_DUMP(pk_json_str("\xff"), "\"\\u00ff\"");
    /* what a terminal acts on: C0 by jansson, DEL and C1 by the dump */
    CHECK_DUMP(pk_json_str("\x1b[2J\x7f\xc2\x9b"), "\"\\u001B[2J\\u007f\\u009b\"");
}

static void test_numbers(void)
{
    CHECK_DUMP(pk_json_number(5.0), "5");
    CHECK_DUMP(pk_json_number(-12.0), "-12");
    CHECK_DUMP(pk_json_number(0.25), "0.25");
    CHECK_DUMP(pk_json_number(1.0 / 3.0), "0.3333333333");
    CHECK_DUMP(pk_json_number(1e300), "1e300");
    CHECK_DUMP(pk_json_number(NAN), "null");
    CHECK_DUMP(pk_json_number(INFINITY), "null");
}

static void test_layout(void)
{
    json_t *doc = json_pack("{s:o, s:[i, i], s:{}}", "z", pk_json_bool(true), "a", 1, 2, "m");
    StrBuf sb = STRBUF_INIT;
    pk_json_dump(&sb, doc, PK_JSON_PRETTY);
    CHECK_STR(sb_str(&sb), "{\n  \"z\": true,\n  \"a\": [\n    1,\n    2\n  ],\n  \"m\": {}\n}\n");
    sb_free(&sb);
    json_t *obj = json_pack("{s:s, s:i}", "k", "v", "n", 3);
    CHECK_STR(pk_json_get_str(obj, "k"), "v");
    CHECK(pk_json_get_str(obj, "n") == NULL);
    CHECK(pk_json_get_str(obj, "missing") == NULL);
    CHECK(pk_json_get_str(NULL, "k") == NULL);
    json_decref(obj);
}

static void test_utf8(void)
{
    const unsigned char *u = (const unsigned char *)"\xf0\x9f\x98\x80";
    CHECK(pk_utf8_seq_len(u, 4) == 4);
    CHECK(pk_utf8_seq_len(u, 3) == 0);
    CHECK(pk_utf8_seq_len((const unsigned char *)"\xf4\x90\x80\x80", 4) == 0);
    CHECK(pk_utf8_seq_len((const unsigned char *)"\xc1\xbf", 2) == 0);
    CHECK(pk_utf8_seq_len((const unsigned char *)"\xed\x9f\xbf", 3) == 3);
    CHECK(pk_utf8_seq_len((const unsigned char *)"a", 0) == 0);
}

int main(void)
{
    test_strings();
    test_numbers();
    test_layout();
    test_utf8();
    PK_TEST_DONE();
}
