/* `pgknob lab ab`: plans the two stages of an A/B comparison (A: the configuration given; B:
 * the second one, or the labs' baseline stage) and runs them with lab_run_planned. */
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"
#include "lab/runner.h"
#include "lab/userconf.h"

#define AB_TRIALS 5
#define AB_TRIALS_QUICK 3

/* A lab made for a configuration file: the series' workload, no article, no story of its own. */
static Lab *own_lab(LabRunReport *rep, const Lab *base, const char *id, const char *path)
{
    rep->own_labs = xrealloc(rep->own_labs, (rep->n_own_labs + 1) * sizeof(Lab));
    Lab *lab = &rep->own_labs[rep->n_own_labs++];
    memset(lab, 0, sizeof(*lab));
    Arena *arena = lab->arena = arena_new();
    lab->id = arena_strdup(arena, id);
    lab->dir = arena_strdup(arena, path);
    lab->title = arena_printf(arena, "the configuration %s", path);
    lab->story = arena_printf(arena,
                              "The settings of %s, applied to a fresh cluster with ALTER SYSTEM "
                              "(settings of the original server's environment left out).",
                              path);
    lab->kind = LAB_STANDALONE;
    lab->min_major = 13;
    lab->reference.tps = -1;
    lab->workload = base->workload;
    lab->workload.sql = arena_strdup(arena, base->workload.sql);
    return lab;
}

static StageResult *add_stage(LabRunReport *rep, const char *id, const char *title, StageRole role)
{
    rep->stages = xrealloc(rep->stages, (rep->n + 1) * sizeof(StageResult));
    StageResult *stage = &rep->stages[rep->n++];
    memset(stage, 0, sizeof(*stage));
    stage->id = xstrdup(id);
    stage->title = xstrdup(title);
    stage->group = xstrdup("ab");
    stage->role = role;
    stage->min_major = 13;
    return stage;
}

static bool plan_config(LabRunReport *rep, const Lab *base, const char *id, const char *path,
                        StageRole role, const LabEvents *events, PkDiag *diag)
{
    LabSettings settings = {0};
    char *skipped = NULL;
    if (!lab_userconf_read(path, &settings, &skipped, diag))
        return false;
    if (skipped)
        lab_say(events, LAB_EV_NOTE,
                "%s: left out (the original server's environment, or "
                "unknown to PostgreSQL %d): %s",
                path, PK_LAB_DEFAULT_MAJOR, skipped);
    free(skipped);
    Lab *lab = own_lab(rep, base, id, path);
    StageResult *stage = add_stage(rep, id, path, role);
    stage->lab = lab;
    lab_settings_merge(&stage->settings, &settings);
    lab_settings_merge(&stage->changes, &settings);
    arena_free(settings.arena);
    return true;
}

int lab_ab(const LabSet *labs, const LabRunOpts *opts, LabRunReport *report, PkDiag *diag)
{
    memset(report, 0, sizeof(*report));
    report->ab = true;
    report->quick = opts->quick;
    report->selection =
        xasprintf("ab %s %s", opts->config_a, opts->config_b ? opts->config_b : "baseline");
    const Lab *base = lab_set_baseline(labs);
    if (!base)
        return pk_diag_set(diag, NULL, 0, "`pgknob lab list` shows the labs.",
                           "the labs have no baseline stage (order 0) to compare with"),
               2;
    LabRunOpts run = *opts;
    if (run.trials <= 0)
        run.trials = opts->quick ? AB_TRIALS_QUICK : AB_TRIALS;
    if (!plan_config(report, base, "A", opts->config_a, ROLE_COMPARED, opts->events, diag))
        return 2;
    if (opts->config_b) {
        if (!plan_config(report, base, "B", opts->config_b, ROLE_REFERENCE, opts->events, diag))
            return 2;
    } else {
        char *title = xasprintf("the baseline stage %s (%s)", base->id, base->title);
        StageResult *stage = add_stage(report, "B", title, ROLE_REFERENCE);
        free(title);
        stage->lab = base;
        stage->min_major = base->min_major;
        lab_settings_merge(&stage->settings, &base->settings);
        lab_settings_merge(&stage->changes, &base->settings);
    }
    /* realloc of own_labs may have moved A's lab: point the stages at the final places */
    for (size_t idx = 0, own = 0; idx < report->n; idx++)
        if (report->stages[idx].lab != base)
            report->stages[idx].lab = &report->own_labs[own++];
    lab_choose_series_storage(&run, report);
    if (report->series_storage[0] && !report->series_slowfs)
        lab_say(opts->events, LAB_EV_NOTE, "the comparison runs on %s", report->series_storage);
    return lab_run_planned(labs, &run, report, "lab ab", diag);
}
