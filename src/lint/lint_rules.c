/* Glue between the lint pipeline and the rule engine. */
#include "lint/lint_rules.h"
#include "lint/reach.h"

#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"
#include "host/host.h"
#include "input/compose_limits.h"
#include "lint/hugepages.h"
#include "lint/intent.h"
#include "lint/container.h"
#include "lint/debian.h"
#include "lint/network.h"
#include "lint/shmem.h"
#include "lint/target.h"
#include "lint/validate.h"

static void copy_host(HostFacts *to, const HostFacts *from)
{
    free(to->storage);
    free(to->kernel);
    free(to->source);
    *to = *from;
    to->storage = xstrdup(from->storage);
    to->kernel = xstrdup(from->kernel);
    to->source = xstrdup(from->source);
}

/* The manifest's pod limits fill the facts --host did not give (a pod's memory limit is its
 * RAM, its CPU limit its cores), and cap those it gave: the kernel holds the server to the
 * container's limit whatever the machine has (held-out set 49, h49c 35: --host ram=8GB, a node's,
 * hid a 960Mi pod's out-of-memory error). The source says where each came from. */
static bool pod_host_facts(HostFacts *host, const HostFacts *pod)
{
    if (!pod->source)
        return false;
    bool ram = pod->ram_bytes > 0 && (host->ram_bytes <= 0 || pod->ram_bytes < host->ram_bytes);
    bool cores = pod->cores > 0 && (host->cores <= 0 || pod->cores < host->cores);
    bool disk = host->disk_bytes <= 0 && pod->disk_bytes > 0;
    bool wal_disk = host->wal_disk_bytes <= 0 && pod->wal_disk_bytes > 0;
    if (!ram && !cores && !disk && !wal_disk)
        return false;
    if (ram) {
        host->ram_bytes = pod->ram_bytes;
        host->ram_is_limit = true;
        host->ram_is_container = pod->ram_is_container;
    }
    if (cores)
        host->cores = pod->cores;
    if (disk)
        host->disk_bytes = pod->disk_bytes;
    if (wal_disk)
        host->wal_disk_bytes = pod->wal_disk_bytes;
    /* the volumes alone: their own words, not the limits that were not used */
    const char *volumes = strstr(pod->source, "the volumes' ");
    const char *what = !ram && !cores && volumes ? volumes : pod->source;
    char *source = host->source ? xasprintf("%s; %s from %s", host->source,
                                            ram && cores ? "ram and cores"
                                            : ram        ? "ram"
                                            : cores      ? "cores"
                                                         : "disk",
                                            what)
                                : xstrdup(pod->source);
    free(host->source);
    host->source = source;
    return true;
}

/* A postgresql.conf a compose service mounts runs in that service's container: its memory and
 * CPU limits are the host's facts --host does not give (a file on its own, not a data
 * directory, whose host is the machine it is on). */
static void compose_host_facts(LintInput *input)
{
    if (!input->set.n_files || input->set.data_dir)
        return;
    ComposeLimits limits;
    if (!input_compose_limits(input->set.files[0], &limits)) {
        free(limits.source);
        return;
    }
    input->pod_host.ram_bytes = limits.ram;
    input->pod_host.ram_is_container = true;
    input->pod_host.cores = limits.cores;
    free(input->pod_host.source);
    input->pod_host.source = limits.source;
}

static bool load_host(const LintResult *res, const LintRulesOpts *opts, LintRulesState *state,
                      PkDiag *diag)
{
    if (!opts->host)
        return true;
    /* with a data directory, its device is the storage that matters */
    const char *data_path = res->n_inputs ? res->inputs[0].set.data_dir : NULL;
    PkDiag why = PK_DIAG_INIT;
    if (!host_from_option(opts->host, data_path, &state->host, &why)) {
        pk_diag_set(diag, NULL, 0, HOST_SPEC_HINT, "--host: %s", why.message);
        pk_diag_free(&why);
        return false;
    }
    state->have_host = true;
    return true;
}

static void state_init(LintRulesState *state)
{
    memset(state, 0, sizeof(*state));
    host_facts_init_unknown(&state->host);
}

bool lint_rules_load(const LintRulesOpts *opts, LintRulesState *state, PkDiag *diag)
{
    state_init(state);
    if (!rules_load_packs(&state->rules, true, opts->dirs, opts->n_dirs, &state->notes, diag)) {
        /* what loaded before the failure: the caller may not free a state that failed */
        arena_free(state->rules.arena);
        state->rules = (RuleSet){0};
        return false;
    }
    state->pack_dirs = xcalloc(opts->n_dirs + 1, sizeof(char *));
    state->pack_dirs[state->n_pack_dirs++] = xstrdup(state->rules.shipped_dir);
    for (size_t dir_idx = 0; dir_idx < opts->n_dirs; dir_idx++)
        state->pack_dirs[state->n_pack_dirs++] = xstrdup(opts->dirs[dir_idx]);
    return true;
}

/* What the input's files show of their author's intent: a purpose (stated unless --purpose
 * decides), host facts (serving when --host is absent, contradicting it otherwise). */
static void read_intent(LintInput *input, const LintRulesOpts *opts, bool have_host, bool pod,
                        FindingList *out)
{
    if (input->intent) { /* a long-lived result linted again (the language server) */
        arena_free(input->intent->arena);
        free(input->intent);
    }
    input->intent = NULL;
    input->snap.intent = NULL;
    if (!input->set.n_files)
        return;
    input->intent = xcalloc(1, sizeof(Intent));
    if (input->format != INPUT_CONF) {
        /* a manifest: only where it lives and what its settings do state a purpose, and,
         * where neither --host nor the manifest's resources size the host, its settings' own
         * pgtune split the RAM, as in a file (review 2026-12t, h21b 21: a Patroni file's
         * 512MB/1536MB stated nothing, the same pair in a postgresql.conf 2GB) */
        intent_read_place(&input->set, input->intent);
        if (!have_host && input->snap.host.ram_bytes <= 0)
            intent_check_host(input->intent, &input->snap, NULL, input->set.files[0], out);
        if (!opts->purpose_given)
            intent_note_purpose(input->intent, out);
        else
            input->intent->purpose = INTENT_NONE;
        return;
    }
    intent_read(&input->set, input->intent);
    input->snap.intent = input->intent;
    /* a container's limits are the host, as --host is: what the file states is checked
     * against them, not taken over them */
    intent_check_host(input->intent, &input->snap,
                      have_host && pod ? "--host and the container's limits"
                      : have_host      ? "--host"
                      : pod            ? "the container's limits"
                                       : NULL,
                      input->set.files[0], out);
    lint_check_listen(&input->set, &input->snap, out);
    lint_check_replaced_defaults(&input->set, &input->snap, input->evident_major, out);
    free(input->command_overrides);
    free(input->command_at);
    free(input->command_file);
    lint_check_unread_mount(&input->set, &input->snap, &input->command_overrides,
                            &input->command_at, &input->command_file, out);
    intent_check_container_syslog(input->intent, &input->snap, out);
    if (!opts->purpose_given)
        intent_note_purpose(input->intent, out);
    else /* --purpose or .pgknob.ini decides, whatever the file says */
        input->intent->purpose = INTENT_NONE;
}

/* Several inputs skip the same rules for the same facts: keep each (rule, facts) once. */
static void skipped_dedup(SkippedList *list)
{
    size_t kept = 0;
    for (size_t idx = 0; idx < list->n; idx++) {
        SkippedRule *cur = &list->items[idx];
        bool seen = false;
        for (size_t prev = 0; prev < kept && !seen; prev++)
            seen = !strcmp(list->items[prev].rule_id, cur->rule_id) &&
                   !strcmp(list->items[prev].needs, cur->needs);
        if (!seen) /* a duplicate's strings stay in the list's arena */
            list->items[kept++] = *cur;
    }
    list->n = kept;
}

/* A parameter group no instance of its file uses, while one uses another: what it holds runs
 * nowhere there, so its findings are notices that say so (held-out set 51, h51b 23). */
static void soften_unused_group(const LintInput *input, FindingList *out, size_t begin)
{
    for (size_t idx = begin; input->unused_group && idx < out->n; idx++) {
        Finding *f = &out->items[idx];
        /* what AWS's API refuses of the group itself (PK0070) fails the apply either way */
        if (f->severity < SEV_WARNING || !strncmp(f->rule_id, "PK007", 5))
            continue;
        Severity was = f->severity;
        finding_set_severity(f, SEV_NOTICE);
        f->refuses_start = false;
        f->hint = finding_printf(f,
                                 "A notice here: no database instance of this file uses the group"
                                 " (%s), so its settings run nowhere here; it is %s %s for an"
                                 " instance that uses it.%s%s",
                                 input->unused_group, was == SEV_ERROR ? "an" : "a",
                                 severity_name(was), f->hint ? " " : "", f->hint ? f->hint : "");
    }
}

/* Replication slots Patroni makes for its members go with the members (InputDoc's
 * member_slots_managed): PK3027's unbounded slot is then only a logical one's. Returns the new
 * end of the input's findings. */
static size_t drop_member_slot_findings(FindingList *findings, size_t begin)
{
    size_t kept = begin;
    for (size_t idx = begin; idx < findings->n; idx++) {
        const Finding *f = &findings->items[idx];
        if (!strcmp(f->rule_id, "PK3027") && f->message &&
            strncmp(f->message, "wal_level is logical", 20))
            continue;
        findings->items[kept++] = *f;
    }
    findings->n = kept;
    return kept;
}

/* CloudNativePG refuses shared_preload_libraries in spec.postgresql.parameters (a fixed
 * parameter) and preloads pg_stat_statements itself once one of its parameters is set
 * (ManagedExtensions, docs/manifests.md): PK7004's line cannot be written there (review
 * 2026-12zd, h31d 45, 47, 48, 50). */
static void cnpg_preload_advice(FindingList *findings, const LintInput *input)
{
    if (input->format != INPUT_CNPG && input->format != INPUT_CNPG_CHART)
        return;
    for (size_t idx = input->rules_begin; idx < input->rules_end && idx < findings->n; idx++) {
        Finding *f = &findings->items[idx];
        if (strcmp(f->rule_id, "PK7004"))
            continue;
        while (f->n_fixes)
            finding_drop_fix(f, f->n_fixes - 1);
        /* a chart's values sit under cluster. (review 2026-12zo, h56c 37) */
        const char *top = input->format == INPUT_CNPG_CHART ? "cluster" : "spec";
        f->suggestion = finding_printf(
            f,
            "set a pg_stat_statements parameter in %s.postgresql.parameters (for example "
            "pg_stat_statements.track: top), and CloudNativePG adds the library to "
            "shared_preload_libraries itself, or list it in "
            "%s.postgresql.shared_preload_libraries (the operator refuses the parameter "
            "itself); then CREATE EXTENSION pg_stat_statements",
            top, top);
    }
}

/* A fix to a value the compose service's command gives (`-c log_statement=all` over the file)
 * is an edit of that command, the args it runs: pgknob fix leaves it (fix_apply.c), and the
 * finding says so. */
static void mark_command_fixes(FindingList *findings, const LintInput *input)
{
    for (size_t idx = input->validation_begin; input->command_file && idx < findings->n; idx++) {
        Finding *f = &findings->items[idx];
        for (size_t fix = 0; fix < f->n_fixes && !f->fix_by_hand; fix++) {
            const SnapSetting *cur = snapshot_get(&input->snap, f->fixes[fix].name);
            if (!f->fixes[fix].file && cur && cur->source == SRC_FILE && cur->file &&
                !strcmp(cur->file, input->command_file))
                f->fix_by_hand = input_format_name(INPUT_ARGS);
        }
    }
}

static void mark_fix_by_hand(FindingList *findings, const LintInput *input)
{
    const char *kind = input_format_name(input->format);
    for (size_t idx = input->validation_begin; idx < input->validation_end && idx < findings->n;
         idx++)
        findings->items[idx].fix_by_hand = kind;
    for (size_t idx = input->rules_begin; idx < input->rules_end && idx < findings->n; idx++)
        findings->items[idx].fix_by_hand = kind;
}

bool lint_rules_run(LintResult *res, const LintRulesOpts *opts, LintRulesState *state, PkDiag *diag)
{
    /* --no-rules keeps the host facts: the validation checks that need them still run */
    if (opts->disabled_all)
        state_init(state);
    else if (!lint_rules_load(opts, state, diag))
        return false;
    return lint_rules_apply(res, opts, state, diag);
}

bool lint_rules_apply(LintResult *res, const LintRulesOpts *opts, LintRulesState *state,
                      PkDiag *diag)
{
    arena_free(state->skipped.arena);
    state->skipped =
        (SkippedList){0}; /* this run's, not the sum of every run of a long-lived state */
    if (!load_host(res, opts, state, diag))
        return false;
    EngineOpts eopts = {opts->disable, opts->n_disable};
    for (size_t input_idx = 0; input_idx < res->n_inputs; input_idx++) {
        LintInput *input = &res->inputs[input_idx];
        if (!input->snap.catalog)
            continue;
        input->rules_begin = res->findings.n;
        if (state->have_host)
            copy_host(&input->snap.host, &state->host);
        /* the container's limits fill what --host does not give: --host storage=ssd keeps the
         * compose service's memory limit (review 2026-12zh, h40a 01) */
        if (input->format == INPUT_CONF && !input->pod_host.source)
            compose_host_facts(input);
        bool pod = pod_host_facts(&input->snap.host, &input->pod_host);
        read_intent(input, opts, state->have_host, pod, &res->findings);
        lint_validate_stack(&input->snap, &res->findings);
        shmem_note(&input->snap);
        if (state->have_host || pod || input->snap.host.ram_bytes > 0) {
            lint_validate_host(&input->snap, &res->findings);
            lint_huge_pages_beyond_ram(&input->snap, &res->findings, input->validation_begin,
                                       input->validation_end);
        }
        /* a lone pg_hba.conf sets no parameter: the packs' rules have nothing to read, and
         * listing each as skipped is noise (review 2026-12zg, h34b: 162 entries) */
        if (!opts->disabled_all && !input->auth_only)
            engine_run(&state->rules, &input->snap, &eopts, &res->findings, &state->skipped);
        if (input->service)
            lint_target_fixes(input->service, input->pg_major, &res->findings, input->rules_begin,
                              res->findings.n);
        lint_template_alternatives(&input->set, &res->findings, input->rules_begin,
                                   res->findings.n);
        lint_template_expansion(&input->set, &res->findings, input->rules_begin, res->findings.n);
        if (input->intent) {
            intent_soften(input->intent, input->pg_major, &res->findings, input->rules_begin,
                          res->findings.n);
            intent_deliberate(input->intent, &input->snap, &res->findings, input->rules_begin,
                              res->findings.n);
            intent_overridden(input->intent, &res->findings);
        }
        if (input->format == INPUT_CONF) {
            lint_command_overrides(input->command_overrides, input->command_at, &res->findings,
                                   input->command_file, input->validation_begin, res->findings.n);
            mark_command_fixes(&res->findings, input);
        }
        if (input->member_slots_managed)
            drop_member_slot_findings(&res->findings, input->rules_begin);
        if (!input->set.data_dir) /* a data directory's files are the cluster's own */
            lint_check_data_dir_mount(input->path, input->pg_major, &res->findings);
        if (input->format == INPUT_CONF && !input->set.data_dir && !input->auth_only)
            lint_check_debian_paths(&input->set, input->path, input->pg_major, &res->findings);
        if (input->format == INPUT_ARGS && input->old_volume)
            lint_pre18_volume(input->path, input->old_volume, input->old_volume_line,
                              input->old_volume_unpinned, &res->findings);
        lint_reach(input, &res->findings, input->validation_begin, input->validation_end);
        lint_reach(input, &res->findings, input->rules_begin, res->findings.n);
        lint_trust_published(input, &res->findings);
        lint_soften_unread(&res->findings, input->validation_begin, res->findings.n);
        soften_unused_group(input, &res->findings, input->validation_begin);
        input->rules_end = res->findings.n;
        cnpg_preload_advice(&res->findings, input);
        if (input->format != INPUT_CONF) /* pgknob fix rewrites postgresql.conf files only */
            mark_fix_by_hand(&res->findings, input);
    }
    if (opts->disabled_all)
        return true;
    skipped_dedup(&state->skipped);
    return true;
}

void lint_rules_state_free(LintRulesState *state)
{
    arena_free(state->rules.arena);
    host_facts_clear(&state->host);
    arena_free(state->skipped.arena);
    state->skipped = (SkippedList){0};
    for (size_t idx = 0; idx < state->n_pack_dirs; idx++)
        free(state->pack_dirs[idx]);
    free(state->pack_dirs);
    arena_free(state->notes.arena);
    memset(state, 0, sizeof(*state));
}
