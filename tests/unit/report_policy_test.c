/* Unit tests for the project module and report helpers: .pgknob.ini lines and errors, the
 * baseline reader, suggested values, redaction of free text. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "project/config.h"
#include "project/policy.h"
#include "report/report.h"

static bool load_text(const char *file, const char *text, ProjectConfig *cfg, PkDiag *err)
{
    return project_config_load_buffer(file, text, strlen(text), cfg, err);
}

static void test_config(void)
{
    ProjectConfig cfg = {0};
    PkDiag err = PK_DIAG_INIT;
    CHECK(load_text("/p/.pgknob.ini",
                    "[pgknob]\nfail_on = error\ndisable = PK1, PK2\n"
                    "rules = extra\n[host]\nram = 16GB\ncores = 4\n"
                    "[severity]\nPK3 = off\n",
                    &cfg, &err));
    CHECK(cfg.has_fail_on && cfg.fail_on == SEV_ERROR);
    CHECK(cfg.n_disable == 2);
    CHECK_STR(cfg.rule_dirs[0], "/p/extra");
    CHECK_STR(cfg.host_spec, "ram=16GB,cores=4");
    CHECK(cfg.n_overrides == 1 && cfg.overrides[0].severity == SEV_NONE);
    arena_free(cfg.arena);
    CHECK(!load_text("x.ini", "[pgknob]\n\n\nnope = 1\n", &cfg, &err));
    CHECK(err.line == 4);
    CHECK_STR(err.message, "unknown key \"nope\" in [pgknob]");
    pk_diag_free(&err);
}

static void test_baseline(void)
{
    Baseline b;
    PkDiag msg = PK_DIAG_INIT;
    const char *doc = "{\"tool\": \"pgknob\", \"findings\": [{\"rule\": \"PK1\", \"file\": "
                      "\"a/b/pg.conf\", \"settings\": [{\"name\": \"x\\u00e9\"}]}]}";
    CHECK(baseline_load_buffer(doc, strlen(doc), &b, &msg));
    CHECK(b.n == 1);
    CHECK_STR(b.keys[0], "PK1\x1fx\xc3\xa9\x1fpg.conf");
    arena_free(b.arena);
    CHECK(!baseline_load_buffer("[1, 2", 5, &b, &msg));
    CHECK(msg.message && strstr(msg.message, "line 1: invalid JSON") && msg.file == NULL);
    pk_diag_free(&msg);
    CHECK(b.arena == NULL); /* a refused file leaves nothing allocated */
}

/* The file's overrides and disabled rules, then --disable ids, apply to any finding. */
static void test_policy_disable(void)
{
    ProjectConfig cfg = {0};
    PkDiag err = PK_DIAG_INIT;
    CHECK(load_text("p.ini", "[pgknob]\ndisable = PK1\n[severity]\nPK2 = error\n", &cfg, &err));
    FindingList list = {0};
    findings_add(&list, "PK1", "a.one", SEV_WARNING, "x");
    findings_add(&list, "PK2", "a.two", SEV_NOTICE, "x");
    findings_add(&list, "PK0902", "audit.pending-restart", SEV_WARNING, "audit");
    findings_add(&list, "PK4", "a.four", SEV_NOTICE, "x");
    const char *const more[] = {"audit.pending-restart"};
    PolicyRun run = {.cfg = &cfg, .disable = more, .n_disable = 1};
    size_t n_known = 9;
    CHECK(policy_apply(&list, &run, &n_known, NULL) && n_known == 0);
    CHECK(list.n == 2);
    CHECK_STR(list.items[0].rule_id, "PK2");
    CHECK(list.items[0].severity == SEV_ERROR);
    CHECK_STR(list.items[1].rule_id, "PK4");
    arena_free(list.arena);
    arena_free(cfg.arena);
}

static void test_suggestion_and_redaction(void)
{
    char suggestion[] = "raise it: shared_buffers = 4GB (a quarter), or leave";
    Finding f = {.suggestion = suggestion};
    char *value = report_suggested_value(&f, "shared_buffers");
    CHECK_STR(value, "4GB");
    free(value);
    CHECK(report_suggested_value(&f, "work_mem") == NULL);
    char per_table_text[] =
        "keep the default globally, lower it per table "
        "(ALTER TABLE t SET (autovacuum_vacuum_scale_factor = 0.01)); or (x = 2)";
    Finding per_table = {.suggestion = per_table_text};
    CHECK(report_suggested_value(&per_table, "autovacuum_vacuum_scale_factor") == NULL);
    value = report_suggested_value(&per_table, "x");
    CHECK_STR(value, "2");
    free(value);
    /* a command-line option is the command's, never a line to write */
    char option_text[] =
        "add `-c config_file=` to the command (postgres -c config_file=/etc/pg.conf "
        "--port=5433 -cshared_buffers=1GB), or set work_mem = 8MB";
    Finding option = {.suggestion = option_text};
    CHECK(report_suggested_value(&option, "config_file") == NULL);
    CHECK(report_suggested_value(&option, "port") == NULL);
    CHECK(report_suggested_value(&option, "shared_buffers") == NULL);
    CHECK(report_suggested_value(&option, "cshared_buffers") == NULL);
    value = report_suggested_value(&option, "work_mem");
    CHECK_STR(value, "8MB");
    free(value);
    char *text = report_redact_text(NULL, "host=a password=abc user=b");
    CHECK_STR(text, "host=a password=<redacted> user=b");
    free(text);
    CHECK(!report_is_secret(NULL, "password_encryption", "md5"));
    /* a conninfo is secret by what it holds, not by its name */
    CHECK(!report_is_secret(NULL, "primary_conninfo", "host=a"));
    CHECK(report_is_secret(NULL, "primary_conninfo", "host=a password = x"));
    CHECK(report_is_secret(NULL, "primary_conn_infoo", "host=a password=x")); /* misspelled */
    CHECK(report_is_secret(NULL, "ssl_passphrase_commnd", "echo x"));         /* misspelled */
    CHECK(report_is_secret(NULL, "restore_command", "cp postgres://u:pw@h/%f %p"));
    CHECK(!report_is_secret(NULL, "restore_command", "cp /a/%f %p"));
    /* the redaction list travels in the run's options: two runs do not share it */
    Redaction mine = {0};
    redaction_add_name(&mine, "my.*");
    ReportInput with = {.redact = &mine}, without = {0};
    CHECK(report_is_secret(&with, "MY.key", "v"));
    CHECK(!report_is_secret(&without, "my.key", "v"));
    arena_free(mine.arena);
}

static void test_github_escaping(void)
{
    FindingList list = {0};
    Finding *f = findings_add(&list, "PK9", "x.y", SEV_WARNING, "memory");
    f->title = finding_strdup(f, "a, b: c");
    f->message = finding_strdup(f, "100% used:\nsee, here\r");
    f->file = finding_strdup(f, "/w/dir,1/a:b.conf");
    f->line = 7;
    ReportInput in = {.findings = &list, .fail_on = SEV_WARNING};
    ReportOpts opts = {.cwd = "/w"};
    StrBuf out = STRBUF_INIT;
    report_github_render(&in, &opts, &out);
    CHECK_STR(sb_str(&out), "::warning file=dir%2C1/a%3Ab.conf,line=7,title=PK9 a%2C b%3A c::"
                            "100%25 used:%0Asee, here%0D\n");
    f->suppressed = true;
    sb_reset(&out);
    report_github_render(&in, &opts, &out);
    CHECK_STR(sb_str(&out), "");
    sb_free(&out);
    arena_free(list.arena);
}

int main(void)
{
    test_github_escaping();
    test_config();
    test_baseline();
    test_policy_disable();
    test_suggestion_and_redaction();
    PK_TEST_DONE();
}
