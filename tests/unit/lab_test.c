/* Unit tests for the lab modules that need no server: settings fragments (the server's token
 * rules), quoting, durations, the "< 1 per D" formatting, the chart and the report renderers. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/xalloc.h"
#include "harness.h"
#include "lab/ceiling.h"
#include "lab/fragment.h"
#include "lab/manifest.h"
#include "lab/predict.h"
#include "lab/runner.h"
#include "lab/tune.h"
#include "report/lab_report.h"
#include "report/lab_svg.h"
#include "report/report.h"

/* The diagnostic as "FILE:LINE: message" (and "hint: …"), as the cli shows it. */
static bool parses(const char *text, LabSettings *out, char **err)
{
    PkDiag diag = PK_DIAG_INIT;
    memset(out, 0, sizeof(*out));
    bool ok = lab_settings_parse("t.conf", text, out, &diag);
    *err = diag.message
               ? xasprintf("%s:%d: %s%s%s", diag.file ? diag.file : "", diag.line, diag.message,
                           diag.hint ? "\nhint: " : "", diag.hint ? diag.hint : "")
               : NULL;
    pk_diag_free(&diag);
    return ok;
}

static void test_fragment_values(void)
{
    LabSettings set;
    char *err;
    CHECK(parses("# comment\n\nShared_Buffers = 8MB  # trailing\nwork_mem '4MB'\n"
                 "random_page_cost = '1e300'\nlog_destination = 'stderr,jsonlog'\n"
                 "x = 'it''s'\nseq_page_cost = 1.0e3\nport = 0x10\nio_method=worker\n"
                 "search_path = 'a, b'\ncheckpoint_timeout = -1\nplain = .5\n",
                 &set, &err));
    CHECK(set.n == 11);
    CHECK_STR(lab_settings_get(&set, "shared_buffers")->value, "8MB");
    CHECK(lab_settings_get(&set, "shared_buffers")->line == 3);
    CHECK_STR(lab_settings_get(&set, "work_mem")->value, "4MB");
    CHECK_STR(lab_settings_get(&set, "random_page_cost")->value, "1e300");
    CHECK_STR(lab_settings_get(&set, "log_destination")->value, "stderr,jsonlog");
    CHECK_STR(lab_settings_get(&set, "x")->value, "it's");
    CHECK_STR(lab_settings_get(&set, "seq_page_cost")->value, "1.0e3");
    CHECK_STR(lab_settings_get(&set, "io_method")->value, "worker");
    arena_free(set.arena);
    /* the last occurrence wins and keeps its own place */
    CHECK(parses("work_mem = 1MB\nwork_mem = 2MB\n", &set, &err));
    CHECK(set.n == 1 && set.items[0].line == 2);
    CHECK_STR(set.items[0].value, "2MB");
    arena_free(set.arena);
}

static void expect_error(const char *text, const char *fragment)
{
    LabSettings set;
    char *err;
    bool ok = parses(text, &set, &err);
    CHECK(!ok);
    CHECK(err && strstr(err, fragment));
    if (!err || !strstr(err, fragment))
        fprintf(stderr, "  for %s got: %s\n", text, err ? err : "(no error)");
    free(err);
    if (ok)
        arena_free(set.arena);
}

/* The server's token rules through conf/ (guc-file.l): its token, and conf/'s hint. */
static void test_fragment_errors(void)
{
    expect_error("a = 1\nrandom_page_cost = 1e300\n", "t.conf:2: syntax error near token \"300\"");
    expect_error("random_page_cost = 1e300\n", "write '1e300'");
    expect_error("log_destination = stderr,jsonlog\n", "t.conf:1: syntax error");
    expect_error("shared_buffers = '8MB\n", "unterminated quoted string");
    expect_error("work_mem = 4MB extra\n", "near token \"extra\"");
    expect_error("work_mem =\n", "a value is required");
    expect_error("a.b.c = 1\n", "only one dot");
    expect_error("1abc = 1\n", "near token \"1abc\"");
    expect_error("work_mem = 1.5MB\n", "write '1.5MB'");
    expect_error("default_text_search_config = pg_catalog.english\n", "pg_catalog.english");
    expect_error("data_directory = /abs/path\n", "/abs/path");
}

static void test_quote(void)
{
    const char *cases[][2] = {
        {"8MB", "8MB"},
        {"1e300", "'1e300'"},
        {"stderr,jsonlog", "'stderr,jsonlog'"},
        {"worker", "worker"},
        {"0.9", "0.9"},
        {"it's", "'it''s'"},
        {"", "''"},
        {"pg_catalog.english", "'pg_catalog.english'"},
        {"Europe/Berlin", "Europe/Berlin"},
    };
    for (size_t idx = 0; idx < sizeof(cases) / sizeof(cases[0]); idx++) {
        char *quoted = lab_settings_quote(cases[idx][0]);
        CHECK_STR(quoted, cases[idx][1]);
        /* what we write, we read back as the same value */
        char *line = NULL;
        LabSettings set;
        char *err;
        line = malloc(strlen(quoted) + 8);
        sprintf(line, "x = %s\n", quoted);
        CHECK(parses(line, &set, &err));
        if (set.n == 1)
            CHECK_STR(set.items[0].value, cases[idx][0]);
        arena_free(set.arena);
        free(line);
        free(quoted);
    }
}

static void test_format_tps(void)
{
    char *text = lab_format_tps(0, 0, 12);
    CHECK_STR(text, "< 1 per 12 s");
    free(text);
    text = lab_format_tps(11, 11.0 / 120, 120);
    CHECK_STR(text, "0.0917");
    free(text);
    text = lab_format_tps(7082 * 120, 7082, 120);
    CHECK_STR(text, "7082");
    free(text);
    text = lab_format_tps(46, 3.83, 12);
    CHECK_STR(text, "3.83");
    free(text);
}

static void test_svg(void)
{
    uint32_t a[] = {10, 12, 0, 9}, b[] = {0, 0, 0, 0};
    /* orders of magnitude apart, one with nothing completed: dots on a log axis */
    SvgSeries series[] = {
        {"base<&>", 10.25, 9, 11, 0.25, a, 4, "10.2"},
        {"zero", 0, -1, -1, 0.25, b, 4, "< 1 per 4 s"},
    };
    StrBuf out = STRBUF_INIT;
    svg_chart(series, 2, "t & \"q\"", 3, &out);
    const char *svg = sb_str(&out);
    CHECK(strstr(svg, "<svg ") && strstr(svg, "</svg>"));
    CHECK(strstr(svg, "base&lt;&amp;&gt;") != NULL);
    CHECK(strstr(svg, "&lt; 1 per 4 s") != NULL);
    CHECK(strstr(svg, "data-axis=\"log\"") != NULL);
    CHECK(strstr(svg, "class=\"dot\"") != NULL && strstr(svg, "class=\"bar\"") == NULL);
    CHECK(strstr(svg, "class=\"bound\"") != NULL);   /* the zero stage, at its bound */
    CHECK(strstr(svg, "class=\"whisker\"") != NULL); /* 9..11 */
    CHECK(strstr(svg, "median TPS of 3 trials") != NULL);
    CHECK(strstr(svg, "<polyline") != NULL);
    CHECK(strstr(svg, "nan") == NULL && strstr(svg, "inf") == NULL);
    sb_free(&out);
    /* within a factor of 20, one measurement each: linear bars from 0, a legend without
     * whiskers or bounds (nothing of the kind is drawn) */
    SvgSeries near[] = {{"a", 100, -1, -1, 0.1, a, 4, "100"}, {"b", 50, -1, -1, 0.1, a, 4, "50"}};
    svg_chart(near, 2, "near", 1, &out);
    svg = sb_str(&out);
    CHECK(strstr(svg, "data-axis=\"linear\"") != NULL && strstr(svg, "class=\"bar\"") != NULL);
    CHECK(strstr(svg, "whisker") == NULL && strstr(svg, "nothing completed") == NULL);
    CHECK(strstr(svg, "log axis") == NULL);
    sb_free(&out);
    /* nothing at all: still a valid document */
    svg_chart(NULL, 0, "empty", 1, &out);
    CHECK(strstr(sb_str(&out), "</svg>") != NULL);
    sb_free(&out);
}

static void test_html_safe(void)
{
    StrBuf page = STRBUF_INIT;
    report_html_page("t<", "| a | b |\n|---|---|\n| <script>x</script> | [l](javascript:x) |\n",
                     &page);
    char *html = sb_detach(&page);
    CHECK(strstr(html, "<table>") != NULL);
    CHECK(strstr(html, "<script>") == NULL);
    CHECK(strstr(html, "javascript:") == NULL);
    CHECK(strstr(html, "<title>t&lt;</title>") != NULL);
    free(html);
}

static bool has_finding(const FindingList *list, const char *rule_id, const char *file)
{
    for (size_t idx = 0; idx < list->n; idx++)
        if (!strcmp(list->items[idx].rule_id, rule_id) &&
            (!file || (list->items[idx].file && !strcmp(list->items[idx].file, file))))
            return true;
    return false;
}

/* The shipped series, cumulated as the runner applies it, predicts each stage's damage with the
 * finding pointed at the lab fragment that caused it (run from the project root). */
static void test_series_predictions(void)
{
    static const struct {
        const char *stage, *rule, *file;
    } expected[] = {
        {"01-tiny-cache", "PK2003", "labs/01-tiny-cache/settings.conf"},
        {"02-vacuum-storm", "PK4003", "labs/02-vacuum-storm/settings.conf"},
        {"03-wal-torture", "PK3002", "labs/03-wal-torture/settings.conf"},
        {"04-no-indexes", "PK5001", "labs/04-no-indexes/settings.conf"},
        {"05-one-io-worker", "PK1006", "labs/05-one-io-worker/settings.conf"},
    };
    setenv("PGKNOB_RULES_DIR", "rules", 0);
    LabSet set;
    PkDiag err = PK_DIAG_INIT;
    CHECK(lab_set_load("labs", &set, &err));
    if (err.message) {
        fprintf(stderr, "  %s\n", err.message);
        pk_diag_free(&err);
        return;
    }
    LabSettings cumulative = {0};
    for (size_t idx = 0; idx < set.n; idx++) {
        const Lab *lab = &set.labs[idx];
        if (lab->kind != LAB_STAGE)
            continue;
        lab_settings_merge(&cumulative, &lab->settings);
        FindingList findings = {0};
        PkDiag perr = PK_DIAG_INIT;
        CHECK(predict_stage(&cumulative, 18, &findings, &perr));
        pk_diag_free(&perr);
        CHECK(!has_finding(&findings, "PK0010", NULL)); /* every setting known to 18 */
        if (lab->order == 0)
            CHECK(findings_max_severity(&findings) <= SEV_NOTICE);
        for (size_t exp = 0; exp < sizeof(expected) / sizeof(expected[0]); exp++) {
            if (strcmp(expected[exp].stage, lab->id) != 0)
                continue;
            CHECK(has_finding(&findings, expected[exp].rule, expected[exp].file));
        }
        arena_free(findings.arena);
    }
    arena_free(cumulative.arena);
    arena_free(set.arena);
}

/* The ceiling of lab/ceiling.c with the counters of a measured storage lab run (PostgreSQL
 * 18.4, 1 warehouse, 4 clients): the baseline is its own prediction; the 2 ms run is predicted
 * from the baseline's latency less its lock queueing and reads, plus its own storage time. */
static void test_ceiling(void)
{
    CeilingInput base = {.clients = 4,
                         .cores = 2,
                         .tps = 596.3,
                         .mean_latency_ms = 6.708,
                         .reads_per_txn = 7.65,
                         .ms_per_read = 0.158,
                         .wal_syncs_per_txn = 0.83,
                         .cpu_ms_per_txn = 1.02,
                         .io_wait_share = 0.48,
                         .lock_wait_share = 0.27};
    CeilingBase b = ceiling_base(&base);
    CHECK(fabs(b.latency_ms - (6.708 * 0.73 - 7.65 * 0.158)) < 1e-9);
    Ceiling c;
    ceiling_compute(&base, b, true, &c);
    CHECK(c.have && fabs(c.predicted_latency_ms - 6.708) < 1e-9);
    CHECK(fabs(c.little - 4000 / 6.708) < 1e-6 && c.binding == CEILING_CONCURRENCY);
    CHECK(!strcmp(c.limit, "clients / latency"));
    CeilingInput slow = base;
    slow.tps = 128.4;
    slow.reads_per_txn = 5.6;
    slow.ms_per_read = 2.62;
    slow.wal_syncs_per_txn = 0.86;
    slow.added_wal_fsync_ms = 2;
    slow.cpu_ms_per_txn = 1.45;
    slow.io_wait_share = 0.7;
    ceiling_compute(&slow, b, true, &c);
    double lat = (b.latency_ms + 5.6 * 2.62 + 0.86 * 2) / 0.73;
    CHECK(fabs(c.predicted_latency_ms - lat) < 1e-9 && fabs(c.little - 4000 / lat) < 1e-6);
    CHECK(fabs(c.iops - 4 * 1000 / 2.62 / 5.6) < 1e-6 && fabs(c.cpu - 2000 / 1.45) < 1e-6);
    CHECK(c.binding == CEILING_STORAGE && !strcmp(ceiling_binding_name(c.binding), "storage"));
    CHECK(fabs(c.error - (4000 / lat / 128.4 - 1)) < 1e-9);
    /* many clients: the 10 requests slowfs serves at once bind (IOPS) */
    slow.clients = 64;
    ceiling_compute(&slow, b, true, &c);
    CHECK(c.binding == CEILING_STORAGE && !strcmp(c.limit, "IOPS / reads per transaction"));
    CHECK(fabs(c.iops - 10 * 1000 / 2.62 / 5.6) < 1e-6);
    /* a CPU-heavy transaction: the cores bind */
    slow.clients = 4;
    slow.cpu_ms_per_txn = 50;
    ceiling_compute(&slow, b, true, &c);
    CHECK(c.binding == CEILING_CPU && !strcmp(ceiling_binding_name(c.binding), "CPU"));
    /* nothing known: no ceiling */
    CeilingInput none = {0};
    none.reads_per_txn = none.ms_per_read = -1;
    ceiling_compute(&none, ceiling_base(&none), false, &c);
    CHECK(!c.have && c.binding == CEILING_NONE);
}

/* A stage and its reference with the given trials' TPS, paired by index. */
static LabRatio ratio_of(double *base_tps, double *stage_tps, int n)
{
    StageResult stages[2];
    char group[] = "g";
    memset(stages, 0, sizeof(stages));
    stages[0].role = ROLE_REFERENCE;
    stages[1].role = ROLE_COMPARED;
    for (int idx = 0; idx < 2; idx++) {
        stages[idx].group = group;
        stages[idx].ran = true;
        stages[idx].n_trials = n;
        stages[idx].trial_tps = idx ? stage_tps : base_tps;
    }
    LabRunReport rep = {.stages = stages, .n = 2};
    LabRatio ratio;
    CHECK(lab_stage_ratio(&rep, &stages[1], &ratio));
    return ratio;
}

/* The 5% floor: a narrow interval just off 1 is significant but not called; a real effect is. */
static void test_ratio_floor(void)
{
    /* the ASan A/A run: B 1.8% ahead in every round, trials within 0.5% */
    double a[] = {1341, 1339, 1331}, b[] = {1366, 1361, 1356};
    LabRatio r = ratio_of(b, a, 3);
    CHECK(r.slower > 1.01 && r.slower < 1.02 && r.low > 1 && r.high < LAB_RATIO_FLOOR);
    CHECK(r.significant && !r.beyond_floor);
    /* synchronous_commit = off against on: 2.7x, called */
    double on[] = {523.3, 682.7, 614.9}, off[] = {1406, 1902, 1679};
    r = ratio_of(off, on, 3);
    CHECK(r.significant && r.beyond_floor && r.low > LAB_RATIO_FLOOR);
    /* and faster: the floor works both ways */
    r = ratio_of(on, off, 3);
    CHECK(r.beyond_floor && r.high < 1 / LAB_RATIO_FLOOR);
    /* an interval containing 1 is neither */
    double x[] = {2000, 2100, 1900}, y[] = {2050, 1990, 1960};
    r = ratio_of(x, y, 3);
    CHECK(!r.significant && !r.beyond_floor && r.low <= 1 && r.high >= 1);
}

/* lab tune's candidates: × 4 in the value's own unit, and halfway to lint's fix on a log scale */
static void test_tune_steps(void)
{
    char *s = lab_tune_scale("2MB", 4);
    CHECK_STR(s, "8MB");
    free(s);
    s = lab_tune_midpoint("2MB", "5882MB"); /* sqrt(2 * 5882) = 108.5 MB */
    CHECK_STR(s, "108MB");
    free(s);
    s = lab_tune_midpoint("2MB", "5.88GB"); /* lint's fix for shared_buffers on this host */
    CHECK_STR(s, "110MB");
    free(s);
    s = lab_tune_midpoint("5882MB", "2MB"); /* downwards too */
    CHECK_STR(s, "108MB");
    free(s);
    s = lab_tune_midpoint("64kB", "4MB"); /* 512kB */
    CHECK_STR(s, "512kB");
    free(s);
    CHECK(lab_tune_midpoint("2MB", "3MB") == NULL); /* nothing strictly between, in MB */
    CHECK(lab_tune_midpoint("256", "2MB") == NULL); /* a bare number is the parameter's unit */
    CHECK(lab_tune_midpoint("on", "off") == NULL);
    CHECK(lab_volume_find("gp3") && (int)lab_volume_find("gp3")->iops == 3000 &&
          (int)lab_volume_find("gp3")->bandwidth_mib == 125);
    CHECK(lab_volume_find("gp9") == NULL);
}

int main(void)
{
    test_fragment_values();
    test_fragment_errors();
    test_quote();
    test_format_tps();
    test_svg();
    test_html_safe();
    test_series_predictions();
    test_ceiling();
    test_ratio_floor();
    test_tune_steps();
    PK_TEST_DONE();
}
