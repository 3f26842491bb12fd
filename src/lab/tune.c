#include "lab/tune.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/clock.h"
#include "common/signals.h"
#include "common/strbuf.h"
#include "common/units.h"
#include "common/xalloc.h"
#include "lab/predict.h"
#include "lab/userconf.h"

#define TUNE_TRIALS 5
#define TUNE_CONFIRM_TRIALS 5
#define TUNE_MAX_PASSES 3
/* candidates per knob beside lint's own values: a step up and a step down */
#define TUNE_STEP 4.0

char *lab_tune_scale(const char *value, double factor)
{
    char *end;
    double num = strtod(value, &end);
    if (end == value || num <= 0 || !isfinite(num))
        return NULL;
    for (const char *p = end; *p; p++)
        if (!isalpha((unsigned char)*p))
            return NULL;
    double scaled = floor(num * factor + 0.5);
    if (scaled < 1)
        return NULL;
    return xasprintf("%.0f%s", scaled, end);
}

/* A size written with its unit ("2MB", "5882MB"), in bytes; false for a bare number (its unit
 * is the parameter's own) or anything else. */
static bool size_with_unit(const char *value, double *bytes)
{
    char *end;
    if (strtod(value, &end) <= 0 || end == value || !isalpha((unsigned char)*end))
        return false;
    return pk_units_parse(value, PK_UNIT_SIZE, true, 1, bytes, NULL) && *bytes > 0;
}

char *lab_tune_midpoint(const char *from, const char *to)
{
    double a, b;
    if (!size_with_unit(from, &a) || !size_with_unit(to, &b))
        return NULL;
    double mid = sqrt(a * b), grain = mid >= 1048576 ? 1048576 : 1024;
    mid = floor(mid / grain + 0.5) * grain;
    if (mid <= (a < b ? a : b) || mid >= (a < b ? b : a))
        return NULL;
    return pk_units_format(mid, PK_UNIT_SIZE, PK_UNITS_EXACT, "kB");
}

/* Writes `set` as a configuration file at `path`, with a comment line on top. */
static bool write_conf(const char *path, const LabSettings *set, const char *comment, PkDiag *diag)
{
    FILE *fp = fopen(path, "w");
    if (!fp)
        return pk_diag_set(diag, path, 0, "Give --out a directory you can write.",
                           "could not write the configuration"),
               false;
    fprintf(fp, "# %s\n", comment);
    for (size_t idx = 0; idx < set->n; idx++) {
        char *quoted = lab_settings_quote(set->items[idx].value);
        fprintf(fp, "%s = %s\n", set->items[idx].name, quoted);
        free(quoted);
    }
    bool ok = fclose(fp) == 0;
    if (!ok)
        pk_diag_set(diag, path, 0, NULL, "could not write the configuration");
    return ok;
}

static void add_knob(TuneReport *rep, const char *name, size_t len)
{
    for (size_t idx = 0; idx < rep->n_knobs; idx++)
        if (strlen(rep->knobs[idx]) == len && !strncmp(rep->knobs[idx], name, len))
            return;
    rep->knobs = xrealloc(rep->knobs, (rep->n_knobs + 1) * sizeof(char *));
    char *knob = xstrndup(name, len);
    for (char *p = knob; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    rep->knobs[rep->n_knobs++] = knob;
}

/* The knobs: given, or those lint's fixes change on the starting configuration. */
static bool choose_knobs(const TuneOpts *opts, TuneReport *rep, PkDiag *diag)
{
    if (opts->knobs) {
        for (const char *p = opts->knobs; *p;) {
            size_t len = strcspn(p, ",");
            char *name = xstrndup(p, len);
            bool env = len && lab_userconf_is_environment(name);
            if (env) {
                pk_diag_set(diag, NULL, 0, "Search settings that change how fast the server runs.",
                            "--knobs: %s belongs to the server's environment: a lab leaves it "
                            "out",
                            name);
                free(name);
                return false;
            }
            free(name);
            if (len)
                add_knob(rep, p, len);
            p += len;
            if (*p == ',')
                p++;
        }
        return rep->n_knobs > 0 ||
               (pk_diag_set(diag, NULL, 0, "Write --knobs shared_buffers,work_mem.",
                            "--knobs names no setting"),
                false);
    }
    rep->knobs_from_lint = true;
    FindingList findings = {0};
    PkDiag err = PK_DIAG_INIT;
    bool ok = predict_stage(&rep->start, PK_LAB_DEFAULT_MAJOR, &findings, &err);
    for (size_t idx = 0; ok && idx < findings.n; idx++) {
        const Finding *f = &findings.items[idx];
        for (size_t fix = 0; !f->suppressed && fix < f->n_fixes; fix++)
            if (!f->fixes[fix].remove && !f->fixes[fix].companion &&
                !lab_userconf_is_environment(f->fixes[fix].name))
                add_knob(rep, f->fixes[fix].name, strlen(f->fixes[fix].name));
    }
    arena_free(findings.arena);
    if (!ok) {
        lab_diag_pass(diag, &err);
        return false;
    }
    if (rep->n_knobs == 0)
        return pk_diag_set(diag, opts->config, 0,
                           "Name the knobs to search with --knobs shared_buffers,work_mem.",
                           "lint proposes no change to this configuration to start from"),
               false;
    return true;
}

typedef struct Values {
    char *value[8];
    char *source[8];
    int n;
} Values;

static void values_add(Values *vals, const char *current, char *value, char *source)
{
    bool dup = !value || (current && !strcmp(current, value));
    for (int idx = 0; !dup && idx < vals->n; idx++)
        dup = !strcmp(vals->value[idx], value);
    if (dup || vals->n == 8) {
        free(value);
        free(source);
        return;
    }
    vals->value[vals->n] = value;
    vals->source[vals->n++] = source;
}

static void values_free(Values *vals)
{
    for (int idx = 0; idx < vals->n; idx++) {
        free(vals->value[idx]);
        free(vals->source[idx]);
    }
    vals->n = 0;
}

/* A knob's candidate values on the best so far: lint's fixes for it first (for shared_buffers a
 * quarter of the host's RAM: a step whose effect stands far beyond noise, which a confirmation
 * can hold), then halfway to each on a log scale (2MB -> 5.88GB: 110MB; an accepted halfway step
 * is bisected again in the next pass), and only then a step up and a step down of a numeric
 * value (its own unit). A search that crept up by × 4 from 2MB accepted 8MB at 1.26x, which its
 * confirmation did not hold (docs/labs.md). */
static void candidate_values(const LabSettings *best, const char *knob, Values *vals)
{
    const LabSetting *cur = lab_settings_get(best, knob);
    const char *current = cur ? cur->value : NULL;
    FindingList findings = {0};
    PkDiag err = PK_DIAG_INIT;
    predict_stage(best, PK_LAB_DEFAULT_MAJOR, &findings, &err);
    pk_diag_free(&err);
    for (size_t idx = 0; idx < findings.n; idx++) {
        const Finding *f = &findings.items[idx];
        for (size_t fix = 0; !f->suppressed && fix < f->n_fixes; fix++)
            if (!f->fixes[fix].remove && !strcmp(f->fixes[fix].name, knob))
                values_add(vals, current, xstrdup(f->fixes[fix].value),
                           xasprintf("%s's fix", f->rule_id));
    }
    arena_free(findings.arena);
    for (int idx = 0, n = vals->n; current && idx < n; idx++)
        values_add(vals, current, lab_tune_midpoint(current, vals->value[idx]),
                   xasprintf("halfway to %s", vals->value[idx]));
    if (current) {
        values_add(vals, current, lab_tune_scale(current, TUNE_STEP), xstrdup("× 4"));
        values_add(vals, current, lab_tune_scale(current, 1 / TUNE_STEP), xstrdup("÷ 4"));
    }
}

/* One A/B comparison of `a` against `b` (files); fills the candidate's measurements. */
static int compare(const LabSet *labs, const TuneOpts *opts, TuneReport *rep, const char *a,
                   const char *b, int trials, TuneCandidate *cand, PkDiag *diag)
{
    LabRunOpts run = opts->run;
    run.config_a = a;
    run.config_b = b;
    run.trials = trials;
    run.out_dir = cand->dir;
    LabRunReport ab;
    double t0 = pk_clock_now();
    int code = lab_ab(labs, &run, &ab, diag);
    cand->seconds = pk_clock_now() - t0;
    cand->ran = ab.n == 2 && ab.stages[0].ran && ab.stages[1].ran;
    LabRatio ratio;
    if (cand->ran && lab_stage_ratio(&ab, &ab.stages[0], &ratio)) {
        cand->have_ratio = true;
        cand->slower = ratio.slower;
        cand->low = ratio.low;
        cand->high = ratio.high;
        cand->beyond_floor = ratio.beyond_floor;
        cand->tps = lab_stage_tps(&ab.stages[0]);
        cand->tps_base = lab_stage_tps(&ab.stages[1]);
    }
    if (!rep->server_version && ab.server_version)
        rep->server_version = xstrdup(ab.server_version);
    if (opts->compared && ab.n > 0)
        opts->compared(opts->compared_arg, cand->dir, &ab);
    lab_run_report_free(&ab);
    return code;
}

static bool faster(const TuneCandidate *cand)
{
    return cand->have_ratio && cand->beyond_floor && cand->high < 1;
}

static TuneCandidate *new_candidate(TuneReport *rep)
{
    rep->cands = xrealloc(rep->cands, (rep->n + 1) * sizeof(TuneCandidate));
    TuneCandidate *cand = &rep->cands[rep->n++];
    memset(cand, 0, sizeof(*cand));
    return cand;
}

/* Whether one more comparison (and the confirmation after it) fits in the budget. */
static bool fits(const TuneReport *rep, double t_start, double longest, int trials)
{
    double spent = pk_clock_now() - t_start;
    double confirm = longest * TUNE_CONFIRM_TRIALS / (trials > 0 ? trials : 1);
    return spent + longest + confirm <= rep->budget_s;
}

/* The search itself: passes of coordinate descent until one accepts nothing. */
static int search(const LabSet *labs, const TuneOpts *opts, TuneReport *rep, double t_start,
                  char **best_file, PkDiag *diag)
{
    double longest = 0;
    int trials = rep->trials;
    for (int pass = 0; pass < TUNE_MAX_PASSES; pass++) {
        bool accepted_any = false;
        for (size_t k = 0; k < rep->n_knobs; k++) {
            Values vals = {0};
            candidate_values(&rep->best, rep->knobs[k], &vals);
            for (int v = 0; v < vals.n; v++) {
                if (!fits(rep, t_start, longest, trials)) {
                    values_free(&vals);
                    rep->stopped = xstrdup("the budget was spent");
                    return 0;
                }
                TuneCandidate *cand = new_candidate(rep);
                const LabSetting *cur = lab_settings_get(&rep->best, rep->knobs[k]);
                cand->knob = xstrdup(rep->knobs[k]);
                cand->from = xstrdup(cur ? cur->value : "(default)");
                cand->value = xstrdup(vals.value[v]);
                cand->source = xstrdup(vals.source[v]);
                cand->dir = xasprintf("%s/%02zu-%s", opts->out_dir, rep->n, cand->knob);
                char *file = xasprintf("%s.conf", cand->dir);
                LabSettings trial = {0};
                lab_settings_merge(&trial, &rep->best);
                lab_settings_put(&trial, cand->knob, cand->value, file, 0);
                char *comment = xasprintf("lab tune candidate %zu: %s = %s (was %s; %s)", rep->n,
                                          cand->knob, cand->value, cand->from, cand->source);
                int code = write_conf(file, &trial, comment, diag) ? 0 : 2;
                free(comment);
                if (code == 0)
                    code = compare(labs, opts, rep, file, *best_file, trials, cand, diag);
                if (cand->seconds > longest)
                    longest = cand->seconds;
                if (code == 2 && !cand->accepted) {
                    /* a candidate the server refuses (shared_buffers × 4 beyond this host's
                     * memory: "could not map anonymous shared memory") is a rejected
                     * candidate, not the end of the search; an interrupt still stops it */
                    cand->error = xstrdup(diag->message ? diag->message : "the comparison failed");
                    pk_diag_free(diag);
                    code = 0;
                }
                if (code == 0 && faster(cand)) {
                    cand->accepted = accepted_any = true;
                    arena_free(rep->best.arena);
                    rep->best = trial;
                    free(*best_file);
                    *best_file = file;
                } else {
                    arena_free(trial.arena);
                    free(file);
                }
                if (code != 0) {
                    values_free(&vals);
                    return code;
                }
                if (cand->accepted)
                    break; /* the next knob, from the new best */
            }
            values_free(&vals);
        }
        if (!accepted_any) {
            rep->stopped = xstrdup("no candidate was faster beyond the floor in a whole pass");
            return 0;
        }
    }
    rep->stopped = xasprintf("%d passes over the knobs", TUNE_MAX_PASSES);
    return 0;
}

int lab_tune(const LabSet *labs, const TuneOpts *opts, TuneReport *rep, PkDiag *diag)
{
    memset(rep, 0, sizeof(*rep));
    double t_start = pk_clock_now();
    rep->config = xstrdup(opts->config);
    rep->budget_s = opts->budget_s;
    rep->trials = opts->run.trials > 1 ? opts->run.trials : TUNE_TRIALS;
    rep->workload =
        xstrdup(opts->run.pgbench_scripts ? opts->run.pgbench_scripts : "TPC-C-derived");
    char *skipped = NULL;
    if (!lab_userconf_read(opts->config, &rep->start, &skipped, diag))
        return 2;
    free(skipped);
    if (!choose_knobs(opts, rep, diag))
        return 2;
    if (mkdir(opts->out_dir, 0777) != 0 && errno != EEXIST)
        return pk_diag_set(diag, opts->out_dir, 0, NULL, "could not create the directory: %s",
                           strerror(errno)),
               2;
    lab_settings_merge(&rep->best, &rep->start);
    char *best_file = xasprintf("%s/00-start.conf", opts->out_dir);
    char *comment =
        xasprintf("lab tune: the starting configuration, as read from %s", opts->config);
    bool ok = write_conf(best_file, &rep->start, comment, diag);
    free(comment);
    int code = ok ? search(labs, opts, rep, t_start, &best_file, diag) : 2;
    if (code == 0 && rep->n > 0 && strstr(best_file, "00-start.conf") == NULL) {
        /* the guard: every accepted step was judged against its predecessor; the sum of them
         * must hold against the start itself, measured again, before it is reported */
        TuneCandidate *cand = &rep->confirm;
        cand->knob = xstrdup("(every accepted change)");
        cand->from = xstrdup("the start");
        cand->value = xstrdup("the best");
        cand->source = xstrdup("confirmation");
        cand->dir = xasprintf("%s/confirm", opts->out_dir);
        char *start_file = xasprintf("%s/00-start.conf", opts->out_dir);
        code = compare(labs, opts, rep, best_file, start_file, TUNE_CONFIRM_TRIALS, cand, diag);
        free(start_file);
        rep->confirmed = code == 0 && faster(cand);
    }
    free(best_file);
    rep->spent_s = pk_clock_now() - t_start;
    if (code == 0) {
        /* the output: the confirmed best, or the start unchanged */
        char *tuned = xasprintf("%s/tuned.conf", opts->out_dir);
        char *head = rep->confirmed
                         ? xasprintf("pgknob lab tune: confirmed faster than %s beyond the 5%% "
                                     "floor (%s)",
                                     opts->config, rep->workload)
                         : xasprintf("pgknob lab tune: no measurable improvement found over %s "
                                     "(%s): the starting settings, unchanged",
                                     opts->config, rep->workload);
        if (!write_conf(tuned, rep->confirmed ? &rep->best : &rep->start, head, diag))
            code = 2;
        free(head);
        free(tuned);
    }
    return code;
}

static void candidate_free(TuneCandidate *cand)
{
    free(cand->knob);
    free(cand->from);
    free(cand->value);
    free(cand->source);
    free(cand->dir);
    free(cand->error);
}

void lab_tune_report_free(TuneReport *rep)
{
    free(rep->config);
    arena_free(rep->start.arena);
    arena_free(rep->best.arena);
    for (size_t idx = 0; idx < rep->n_knobs; idx++)
        free(rep->knobs[idx]);
    free(rep->knobs);
    for (size_t idx = 0; idx < rep->n; idx++)
        candidate_free(&rep->cands[idx]);
    free(rep->cands);
    candidate_free(&rep->confirm);
    free(rep->stopped);
    free(rep->workload);
    free(rep->server_version);
    memset(rep, 0, sizeof(*rep));
}
