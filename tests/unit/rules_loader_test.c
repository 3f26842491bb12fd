/* The rule loader: every error path reports the true file:line (libinih's truncation of long
 * lines and " ;" comments included), nothing half-loaded survives an error, and the shipped packs
 * load with their explanations. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "cli/cli_diag.h"
#include "harness.h"
#include "rules/rules.h"

static const char good_head[] = "[rule]\n"
                                "id = T1\n"
                                "title = test rule\n"
                                "severity = warning\n"
                                "category = test\n"
                                "versions = 16-\n";

/* Loads `text`; returns NULL when it loaded, else "LINE: message" (caller frees). */
static char *load_error(const char *text)
{
    RuleSet set = {0};
    PkDiag err = PK_DIAG_INIT;
    bool ok = rule_set_load_buffer(&set, "t.ini", text, strlen(text), &err);
    char *out = NULL;
    if (!ok) {
        StrBuf sb = STRBUF_INIT;
        sb_printf(&sb, "%d: %s", err.line, err.message);
        out = sb_detach(&sb);
        CHECK(set.n == 0); /* nothing half-loaded */
    }
    pk_diag_free(&err);
    arena_free(set.arena);
    set = (RuleSet){0};
    return out;
}

static bool error_is(const char *text, int line, const char *needle)
{
    char *got = load_error(text);
    char prefix[16];
    snprintf(prefix, sizeof(prefix), "%d: ", line);
    bool ok = got && !strncmp(got, prefix, strlen(prefix)) && strstr(got, needle);
    if (!ok)
        fprintf(stderr, "  wanted \"%d: …%s…\", got \"%s\"\n", line, needle,
                got ? got : "(loaded)");
    free(got);
    return ok;
}

static char *with_head(const char *rest)
{
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, good_head);
    sb_put(&sb, rest);
    return sb_detach(&sb);
}

static void test_good(void)
{
    char *text = with_head("parameters = work_mem, max_connections\n"
                           "condition = $demand > host.ram and\n"
                           "    max_connections > 10\n"
                           "message = need {$demand} of {host.ram}, {{literal}}\n"
                           "suggestion = work_mem = {floor(host.ram / 4 / max_connections, 1MB)}\n"
                           "docs = https://www.postgresql.org/docs/{pg.version}/a.html\n"
                           "docs = https://www.postgresql.org/docs/{pg.version}/b.html\n"
                           "[let]\n"
                           "demand = work_mem * max_connections\n"
                           "[example.fail.1]\n"
                           "host = ram=1GB\n"
                           "conf = max_connections = 800\n"
                           "    work_mem = 32MB\n"
                           "[example.pass.1]\n"
                           "versions = 17-18\n"
                           "conf = # nothing\n");
    RuleSet set = {0};
    PkDiag err = PK_DIAG_INIT;
    CHECK(rule_set_load_buffer(&set, "t.ini", text, strlen(text), &err));
    CHECK(set.n == 1);
    if (set.n == 1) {
        const Rule *rule = &set.rules[0];
        CHECK_STR(rule->id, "T1");
        CHECK(rule->severity == SEV_WARNING);
        CHECK(rule_claims(rule, 16) && rule_claims(rule, 18) && rule_claims(rule, 30) &&
              !rule_claims(rule, 15));
        CHECK(rule->n_params == 2 && rule->n_lets == 1 && rule->detail->n_docs == 2);
        CHECK_STR(rule->condition_text, "$demand > host.ram and max_connections > 10");
        CHECK(rule->detail->n_examples == 2);
        CHECK(rule->detail->n_examples == 2 && rule->detail->examples[0].expect_fire &&
              !rule->detail->examples[1].expect_fire);
        CHECK_STR(rule->detail->n_examples ? rule->detail->examples[0].conf : NULL,
                  "max_connections = 800\nwork_mem = 32MB");
        CHECK(rule->detail->n_examples == 2 &&
              rule->detail->examples[1].versions == ((1u << 17) | (1u << 18)));
        CHECK(rule->line == 1);
        CHECK(rule->detail->n_examples == 2 && rule->detail->examples[0].line == 16);
    }
    pk_diag_free(&err);
    arena_free(set.arena);
    set = (RuleSet){0};
    free(text);
}

static void test_ini_errors(void)
{
    /* libinih would truncate this line and report the line after it */
    StrBuf long_line = STRBUF_INIT;
    sb_put(&long_line, good_head);
    sb_put(&long_line, "condition = fsync\nmessage = ");
    for (int idx = 0; idx < 250; idx++)
        sb_putc(&long_line, 'x');
    sb_put(&long_line, "\nsuggestion = x\n");
    CHECK(error_is(sb_str(&long_line), 8, "at most 198 are read"));
    sb_free(&long_line);
    char *text = with_head("condition = matches(shared_preload_libraries, /a ;b/)\nmessage = m\n");
    CHECK(error_is(text, 7, "\" ;\" in a value starts an INI inline comment"));
    free(text);
    text = with_head("condition = fsync\nthis line has no equals sign\nmessage = m\n");
    CHECK(error_is(text, 8, "syntax error in rule file"));
    free(text);
    CHECK(error_is("[rule\nid = x\n", 1, "syntax error"));
    CHECK(error_is("id = x\n", 1, "outside any section"));
    CHECK(error_is("[other]\nid = x\n", 1, "unknown section"));
    CHECK(error_is("[let]\nx = 1\n", 0, "no [rule] section"));
    const char nul[] = "[rule]\nid = a\0b\n";
    RuleSet set = {0};
    PkDiag err = PK_DIAG_INIT;
    CHECK(!rule_set_load_buffer(&set, "t.ini", nul, sizeof(nul) - 1, &err));
    CHECK(err.line == 2 && err.message && strstr(err.message, "NUL byte"));
    pk_diag_free(&err);
    arena_free(set.arena);
    set = (RuleSet){0};
}

static void test_structure_errors(void)
{
    char *text = with_head("condition = fsync\n");
    CHECK(error_is(text, 1, "missing key \"message\""));
    free(text);
    text = with_head("condition = fsync\nmessage = m\ncolour = red\n");
    CHECK(error_is(text, 9, "unknown key \"colour\""));
    free(text);
    text = with_head("condition = fsync\nmessage = m\nmessage = again\n");
    CHECK(error_is(text, 9, "duplicate key \"message\""));
    free(text);
    text = with_head("condition = fsync\nmessage = m\n[examples.fail.1]\nconf = x\n");
    CHECK(error_is(text, 9, "unknown section"));
    free(text);
    CHECK(error_is("[rule]\nid = T\ntitle = t\nseverity = fatal\ncategory = c\n", 4,
                   "invalid severity"));
    CHECK(error_is("[rule]\nid = T\ntitle = t\nseverity = error\ncategory = c\nversions = 18-13\n",
                   6, "invalid versions"));
    CHECK(error_is("[rule]\nid = T\ntitle = t\nseverity = error\ncategory = c\nversions = 9-12\n",
                   6, "claims no version pgknob knows"));
    CHECK(error_is("[rule]\nid = 9x\ntitle = t\nseverity = error\ncategory = c\n", 2,
                   "invalid rule id"));
    text = with_head("condition = fsync\nmessage = m\n[example.fail.1]\nversions = 13\nconf =\n");
    CHECK(error_is(text, 10, "example claims a version the rule does not"));
    free(text);
    text = with_head("condition = fsync\nmessage = m\n[example.fail.1]\nhost = ram=lots\n");
    CHECK(error_is(text, 10, "invalid value for host fact \"ram\""));
    free(text);
    text = with_head("condition = fsync\nmessage = m\n[example.fail.1]\nevidence = a.b\n");
    CHECK(error_is(text, 10, "invalid evidence"));
    free(text);
    text = with_head("condition = fsync\nmessage = m\n[example.fail.1]\nconfig = x\n");
    CHECK(error_is(text, 10, "unknown key \"config\" in [example.fail.1]"));
    free(text);
}

static void test_expression_errors(void)
{
    char *text = with_head("condition = work_mem > 8MB and\n    work_mem < 5min\nmessage = m\n");
    CHECK(error_is(text, 8, "condition: type mismatch: cannot compare bytes with duration"));
    free(text);
    text = with_head("condition = shared_buffer > 1GB\nmessage = m\n");
    CHECK(error_is(text, 7, "unknown parameter \"shared_buffer\" for PostgreSQL 16"));
    free(text);
    /* io_method exists from 18: a rule claiming 17 fails at load time */
    CHECK(error_is("[rule]\nid = T\ntitle = t\nseverity = error\ncategory = c\nversions = 17-\n"
                   "condition = io_method == 'sync'\nmessage = m\n",
                   7, "unknown parameter \"io_method\" for PostgreSQL 17"));
    text = with_head("condition = matches(shared_preload_libraries, /(x/)\nmessage = m\n");
    CHECK(error_is(text, 7, "invalid regex at offset 2: missing closing parenthesis"));
    free(text);
    text = with_head("condition = work_mem\nmessage = m\n");
    CHECK(error_is(text, 7, "condition: must be a boolean, got bytes"));
    free(text);
    text = with_head("condition = fsync\nnotice_when = work_mem\nmessage = m\n");
    CHECK(error_is(text, 8, "notice_when: must be a boolean, got bytes"));
    free(text);
    text = with_head("condition = fsync\nnotice_when = work_mem >\nmessage = m\n");
    CHECK(error_is(text, 8, "notice_when"));
    free(text);
    text = with_head("condition = fsync\nmessage = value {work_mem\n");
    CHECK(error_is(text, 8, "message: unclosed \"{\""));
    free(text);
    text = with_head("condition = fsync\nmessage = value } here\n");
    CHECK(error_is(text, 8, "unmatched \"}\""));
    free(text);
    text = with_head("condition = fsync\nmessage = value {work_mem + 1}\n");
    CHECK(error_is(text, 8, "message: type mismatch: bytes + number"));
    free(text);
    text = with_head("condition = $x\nmessage = m\n[let]\nx = nosuch > 1\n");
    CHECK(error_is(text, 10, "$x: unknown parameter \"nosuch\""));
    free(text);
    text = with_head("condition = fsync\nmessage = m\nparameters = work_mem, nosuch\n");
    CHECK(error_is(text, 9, "parameters: unknown parameter \"nosuch\""));
    free(text);
    text = with_head("condition = fsync\nmessage = m\nmilder_below_default = work_mem, fsync\n");
    CHECK(error_is(text, 9, "milder_below_default: \"fsync\" is not a numeric parameter"));
    free(text);
    text = with_head("condition = fsync\nmessage = m\nmilder_below_default = nosuch\n");
    CHECK(error_is(text, 9, "milder_below_default: \"nosuch\" is an unknown parameter"));
    free(text);
}

static void test_set(void)
{
    RuleSet set = {0};
    PkDiag err = PK_DIAG_INIT;
    char *one = with_head("condition = fsync\nmessage = m\n");
    CHECK(rule_set_load_buffer(&set, "a.ini", one, strlen(one), &err));
    CHECK(rule_set_load_buffer(&set, "b.ini", one, strlen(one), &err));
    CHECK(!rule_set_finish(&set, &err));
    CHECK(err.message && strstr(err.message, "duplicate rule id \"T1\""));
    CHECK(err.hint && strstr(err.hint, "a.ini:1"));
    pk_diag_free(&err);
    arena_free(set.arena);
    set = (RuleSet){0};
    free(one);
    uint64_t mask;
    CHECK(rule_versions_parse("13,15-16", &mask) && mask == ((1u << 13) | (1u << 15) | (1u << 16)));
    CHECK(rule_versions_parse("-14", &mask) && (mask >> 14) & 1 && (mask >> 1) & 1);
    CHECK(!rule_versions_parse("x", &mask) && !rule_versions_parse("", &mask) &&
          !rule_versions_parse("-", &mask) && !rule_versions_parse("99", &mask));
}

static void test_shipped_packs(void)
{
    RuleSet set = {0};
    PkDiag err = PK_DIAG_INIT;
    const char *dirs[] = {"rules"};
    PkDiagList notes = {0};
    bool ok = rules_load_packs(&set, false, dirs, 1, &notes, &err);
    CHECK(notes.n == 0);
    if (!ok)
        cli_print_diag(&err);
    CHECK(ok);
    CHECK(set.n >= 40);
    size_t with_explanation = 0, with_docs = 0;
    for (size_t rule_idx = 0; rule_idx < set.n; rule_idx++) {
        with_explanation += set.rules[rule_idx].explanation != NULL;
        with_docs += rule_detail(&set.rules[rule_idx])->n_docs > 0;
    }
    CHECK(with_explanation == set.n);
    CHECK(with_docs == set.n);
    CHECK(rule_set_find(&set, "PK2001") && rule_set_find(&set, "pk2001") &&
          rule_set_find(&set, "memory.demand-exceeds-ram"));
    pk_diag_free(&err);
    arena_free(set.arena);
    set = (RuleSet){0};
    /* a directory that does not exist */
    const char *missing[] = {"rules/nope"};
    CHECK(!rules_load_packs(&set, false, missing, 1, NULL, &err));
    CHECK(err.message && strstr(err.message, "could not open rule directory"));
    pk_diag_free(&err);
    arena_free(set.arena);
    set = (RuleSet){0};
    /* a directory with no rule file loads, with a note for cli/ to print */
    char empty[] = "/tmp/pgknob-rules-empty-XXXXXX";
    CHECK(mkdtemp(empty) != NULL);
    const char *empties[] = {empty};
    CHECK(rules_load_packs(&set, false, empties, 1, &notes, &err));
    CHECK(notes.n == 1 && notes.items[0].level == PK_DIAG_NOTE);
    CHECK(notes.n == 1 && strstr(notes.items[0].message, "holds no rule file (*.ini)") &&
          strstr(notes.items[0].message, empty));
    arena_free(notes.arena);
    pk_diag_free(&err);
    arena_free(set.arena);
    set = (RuleSet){0};
    rmdir(empty);
}

int main(void)
{
    test_good();
    test_ini_errors();
    test_structure_errors();
    test_expression_errors();
    test_set();
    test_shipped_packs();
    PK_TEST_DONE();
}
