#include "lab/predict.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "common/tempdir.h"
#include "common/xalloc.h"
#include "lint/lint.h"
#include "lint/lint_rules.h"

/* The stage's settings as a configuration file, in a private temporary directory. */
static char *write_stage_conf(const LabSettings *settings, char **dir_out, PkDiag *diag)
{
    char *dir = pk_make_temp_dir("pgknob-predict", diag);
    if (!dir)
        return NULL;
    StrBuf text = STRBUF_INIT;
    for (size_t idx = 0; idx < settings->n; idx++) {
        char *quoted = lab_settings_quote(settings->items[idx].value);
        sb_printf(&text, "%s = %s\n", settings->items[idx].name, quoted);
        free(quoted);
    }
    char *path = xasprintf("%s/postgresql.conf", dir);
    FILE *fp = fopen(path, "w");
    bool ok = fp && fputs(sb_str(&text), fp) >= 0;
    if (fp && fclose(fp) != 0)
        ok = false;
    sb_free(&text);
    if (!ok) {
        pk_diag_set(diag, NULL, 0, NULL, "could not write \"%s\": %s", path, strerror(errno));
        unlink(path);
        rmdir(dir);
        free(path);
        free(dir);
        return NULL;
    }
    *dir_out = dir;
    return path;
}

static void set_place(const Finding *f, char **file, int *line, const LabSettings *settings,
                      const char *name)
{
    const LabSetting *origin = name ? lab_settings_get(settings, name) : NULL;
    *file = origin ? finding_strdup(f, origin->file) : NULL;
    *line = origin ? origin->line : 0;
}

/* Findings point at the temporary file: point them at the lab fragment that set each value. */
static void relocate(FindingList *list, size_t from, const LabSettings *settings)
{
    for (size_t idx = from; idx < list->n; idx++) {
        Finding *f = &list->items[idx];
        for (size_t set_idx = 0; set_idx < f->n_settings; set_idx++) {
            FindingSetting *fs = &f->settings[set_idx];
            if (fs->file)
                set_place(f, &fs->file, &fs->line, settings, fs->name);
        }
        if (f->file)
            set_place(f, &f->file, &f->line, settings, f->n_settings ? f->settings[0].name : NULL);
    }
}

/* Moves the findings of `from` to the end of `to`. */
static void take_findings(FindingList *to, FindingList *from)
{
    for (size_t idx = 0; idx < from->n; idx++)
        findings_push(to, &from->items[idx]);
    findings_take(to, from);
}

bool predict_stage(const LabSettings *settings, int major, FindingList *out, PkDiag *diag)
{
    char *dir = NULL;
    char *path = write_stage_conf(settings, &dir, diag);
    if (!path)
        return false;
    char version[8];
    snprintf(version, sizeof(version), "%d", major);
    const char *paths[] = {path};
    LintOpts opts = {.paths = paths, .n_paths = 1, .pg_version = version};
    LintResult res;
    memset(&res, 0, sizeof(res));
    bool ok = lint_run(&opts, &res, diag) && res.n_inputs == 1;
    if (!ok)
        pk_diag_set(diag, NULL, 0, NULL, "lint found no input"); /* unless lint said why */
    /* The shipped rule packs, with this machine's host facts: the lab's server runs here. */
    LintRulesOpts rules_opts = {.host = "local"};
    LintRulesState rules;
    memset(&rules, 0, sizeof(rules));
    if (ok && !lint_rules_run(&res, &rules_opts, &rules, diag)) {
        pk_diag_prefix(diag, "the rule packs could not be loaded");
        ok = false;
    }
    lint_rules_state_free(&rules);
    size_t first = out->n;
    if (ok)
        take_findings(out, &res.findings);
    relocate(out, first, settings);
    findings_sort(out);
    lint_result_free(&res);
    unlink(path);
    rmdir(dir);
    free(path);
    free(dir);
    return ok;
}
