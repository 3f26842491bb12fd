#include "lint/target.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog.h"
#include "catalog/value.h"
#include "common/datadir.h"
#include "common/ini.h"
#include "common/readfile.h"
#include "input/input.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "lint/validate.h"
#include "model/finding_ids.h"

#define TARGET_FILE_LIMIT (1024 * 1024)

static const struct {
    const char *section;
    TargetFactKind kind;
} fact_sections[] = {
    {"settable", TARGET_SETTABLE}, {"read-only", TARGET_READ_ONLY},
    {"managed", TARGET_MANAGED},   {"range", TARGET_RANGE},
    {"values", TARGET_VALUES},     {"values-partial", TARGET_VALUES_PARTIAL},
    {"hints", TARGET_HINT},        {"not-settable", TARGET_NOT_SETTABLE},
    {"defaults", TARGET_DEFAULT},
};
#define N_FACT_SECTIONS (sizeof(fact_sections) / sizeof(fact_sections[0]))

/* "25-5000", "-1-262143": two numbers around a '-'. */
static bool parse_range(const char *text, double *min, double *max)
{
    char *end;
    *min = strtod(text, &end);
    if (end == text || *end != '-')
        return false;
    const char *second = end + 1;
    *max = strtod(second, &end);
    while (isspace((unsigned char)*end))
        end++;
    return end != second && !*end && *min <= *max;
}

static bool parse_majors(TargetSpec *spec, PkIniEntry *entry, const char *file, PkDiag *diag)
{
    char *text = pk_ini_entry_join(entry, " ");
    char *save = NULL;
    bool ok = true;
    for (char *tok = strtok_r(text, ", ", &save); tok && ok; tok = strtok_r(NULL, ", ", &save)) {
        char *end;
        long major = strtol(tok, &end, 10);
        if (*end || major < 9 || major > 99 ||
            spec->n_majors >= sizeof(spec->majors) / sizeof(spec->majors[0]))
            ok = pk_diag_set(diag, file, entry->line, "Write majors as 14 or 13, 14.",
                             "bad major \"%s\" in majors", tok);
        else
            spec->majors[spec->n_majors++] = (int)major;
    }
    free(text);
    return ok;
}

/* The entry's pieces joined, in the spec's arena. */
static char *join(TargetSpec *spec, PkIniEntry *entry)
{
    char *text = pk_ini_entry_join(entry, " ");
    char *kept = arena_strdup(arena_get(&spec->arena), text);
    free(text);
    return kept;
}

static bool load_service(TargetSpec *spec, PkIniSection *sec, const char *file, PkDiag *diag)
{
    for (size_t idx = 0; idx < sec->n_entries; idx++) {
        PkIniEntry *entry = &sec->entries[idx];
        char **slot = !strcasecmp(entry->key, "name")        ? &spec->name
                      : !strcasecmp(entry->key, "source")    ? &spec->source
                      : !strcasecmp(entry->key, "retrieved") ? &spec->retrieved
                      : !strcasecmp(entry->key, "action")    ? &spec->action
                      : !strcasecmp(entry->key, "coverage")  ? &spec->coverage
                                                             : NULL;
        if (slot) {
            *slot = join(spec, entry);
        } else if (!strcasecmp(entry->key, "majors")) {
            if (!parse_majors(spec, entry, file, diag))
                return false;
        } else if (!strcasecmp(entry->key, "complete")) {
            char *text = pk_ini_entry_join(entry, " ");
            spec->complete = !strcasecmp(text, "yes");
            bool known = spec->complete || !strcasecmp(text, "no");
            free(text);
            if (!known)
                return pk_diag_set(diag, file, entry->line, NULL, "complete is yes or no");
        } else {
            return pk_diag_set(diag, file, entry->line,
                               "Keys of [service] are name, source, retrieved, action, coverage, "
                               "majors and complete.",
                               "unknown key \"%s\" in [service]", entry->key);
        }
    }
    return true;
}

static bool load_facts(TargetSpec *spec, PkIniSection *sec, TargetFactKind kind, int major,
                       const char *file, PkDiag *diag)
{
    for (size_t idx = 0; idx < sec->n_entries; idx++) {
        PkIniEntry *entry = &sec->entries[idx];
        Arena *arena = arena_get(&spec->arena);
        spec->facts = arena_realloc(arena, spec->facts, spec->n_facts * sizeof(*spec->facts),
                                    (spec->n_facts + 1) * sizeof(*spec->facts));
        TargetFact *fact = &spec->facts[spec->n_facts++];
        fact->kind = kind;
        fact->major = major;
        /* a hint for one value: "wal_level logical = ..." */
        const char *space = kind == TARGET_HINT ? strchr(entry->key, ' ') : NULL;
        fact->name = space ? arena_strndup(arena, entry->key, (size_t)(space - entry->key))
                           : arena_strdup(arena, entry->key);
        if (space) {
            while (isspace((unsigned char)*space))
                space++;
            fact->when = arena_strdup(arena, space);
        }
        fact->value = join(spec, entry);
        fact->line = entry->line;
        if (kind == TARGET_RANGE && !parse_range(fact->value, &fact->min, &fact->max))
            return pk_diag_set(diag, file, entry->line, "Write a range as MIN-MAX (25-5000).",
                               "bad range \"%s\" for %s", fact->value, fact->name);
    }
    return true;
}

bool target_spec_load_file(InputTarget target, const char *path, TargetSpec *spec, PkDiag *diag)
{
    memset(spec, 0, sizeof(*spec));
    spec->target = target;
    spec->file = arena_strdup(arena_get(&spec->arena), path);
    char *text = NULL;
    size_t len = 0;
    if (!pk_read_file_or_diag(path, TARGET_FILE_LIMIT, &text, &len, diag,
                              "could not read the data of --target %s", input_target_name(target)))
        return false;
    PkIniDoc doc = {0};
    PkIniOptions opts = {.what = "target file",
                         .duplicates = PK_INI_DUP_ERROR,
                         .section_hint = "Start with [service]."};
    bool ok = pk_ini_parse(&doc, path, text, len, &opts, diag);
    for (size_t idx = 0; ok && idx < doc.n_sections; idx++) {
        PkIniSection *sec = &doc.sections[idx];
        if (!strcmp(sec->name, "service")) {
            ok = load_service(spec, sec, path, diag);
            continue;
        }
        /* "read-only" or "read-only 17": the facts of one major */
        const char *space = strchr(sec->name, ' ');
        size_t base_len = space ? (size_t)(space - sec->name) : strlen(sec->name);
        size_t kind = 0;
        while (kind < N_FACT_SECTIONS &&
               (strlen(fact_sections[kind].section) != base_len ||
                strncmp(sec->name, fact_sections[kind].section, base_len)))
            kind++;
        char *end = NULL;
        long major = space ? strtol(space + 1, &end, 10) : 0;
        if (kind == N_FACT_SECTIONS)
            ok = pk_diag_set(diag, path, sec->line,
                             "Sections are [service], [settable], [read-only], [managed], "
                             "[not-settable], [range], [values], [values-partial] and [hints], "
                             "each optionally for one major ([read-only 17]).",
                             "unknown section [%s]", sec->name);
        else if (space && (end == space + 1 || *end || major < 9 || major > 99))
            ok = pk_diag_set(diag, path, sec->line, "Write the major after the name: [range 17].",
                             "bad major in section [%s]", sec->name);
        else
            ok = load_facts(spec, sec, fact_sections[kind].kind, (int)major, path, diag);
    }
    if (ok && (!spec->name || !spec->source || !spec->retrieved || !spec->action))
        ok = pk_diag_set(diag, path, 0, NULL, "[service] needs name, source, retrieved and action");
    arena_free(doc.arena);
    free(text);
    return ok;
}

bool target_spec_load(InputTarget target, TargetSpec *spec, PkDiag *diag)
{
    char *searched = NULL;
    char *dir = pk_data_dir("targets", &searched);
    if (!dir) {
        memset(spec, 0, sizeof(*spec));
        bool ok = pk_diag_set(diag, NULL, 0, "Install pgknob's data or set PGKNOB_DATA_DIR.",
                              "no targets directory for the %s service's data (looked in %s)",
                              input_target_name(target), searched ? searched : "");
        free(searched);
        return ok;
    }
    char *path = xasprintf("%s/%s.ini", dir, input_target_name(target));
    bool ok = target_spec_load_file(target, path, spec, diag);
    free(path);
    free(dir);
    return ok;
}

/* ---- checking a configuration ------------------------------------------------------------- */

/* Whether a fact of another major is a better fit for `major` than `best` (0: none yet): the
 * nearest major, the newer on a tie. */
static bool nearer_major(int have, int best, int major)
{
    int dist = abs(have - major), best_dist = abs(best - major);
    return !best || dist < best_dist || (dist == best_dist && have > best);
}

/* The major whose tables speak for `name` on PostgreSQL `major`: the nearest one whose sections
 * name the parameter (hints aside), the newer on a tie; 0 when none does. A table of that major
 * that names it without a restriction ([settable 18]) so keeps an older major's from applying. */
static int speaking_major(const TargetSpec *spec, const char *name, int major)
{
    int best = 0;
    for (size_t idx = 0; idx < spec->n_facts; idx++) {
        const TargetFact *fact = &spec->facts[idx];
        if (fact->kind != TARGET_HINT && fact->kind != TARGET_DEFAULT && fact->major &&
            !strcasecmp(fact->name, name) && nearer_major(fact->major, best, major))
            best = fact->major;
    }
    return best;
}

/* The fact of `kind` for `name` that speaks for PostgreSQL `major`: one for every major, else
 * the one of speaking_major, so that a service's tables for 16 still speak for 15 and those for
 * 17 for 17. A hint comes from the nearest major that has one. */
static const TargetFact *find_fact(const TargetSpec *spec, TargetFactKind kind, const char *name,
                                   int major)
{
    int from = kind == TARGET_HINT ? -1 : speaking_major(spec, name, major);
    const TargetFact *best = NULL;
    for (size_t idx = 0; idx < spec->n_facts; idx++) {
        const TargetFact *fact = &spec->facts[idx];
        if (fact->kind != kind || fact->when || strcasecmp(fact->name, name))
            continue;
        if (!fact->major)
            return fact;
        if (from >= 0 ? fact->major == from
                      : !best || nearer_major(fact->major, best->major, major))
            best = fact;
    }
    return best;
}

static bool has_any_fact(const TargetSpec *spec, const char *name)
{
    for (size_t idx = 0; idx < spec->n_facts; idx++)
        if (spec->facts[idx].kind != TARGET_HINT && spec->facts[idx].kind != TARGET_DEFAULT &&
            !strcasecmp(spec->facts[idx].name, name))
            return true;
    return false;
}

const char *const *target_defaults(const TargetSpec *spec, int major, double memory, Arena **arena)
{
    const char **pairs = NULL;
    size_t n = 0;
    for (size_t idx = 0; idx < spec->n_facts; idx++) {
        const TargetFact *fact = &spec->facts[idx];
        if (fact->kind != TARGET_DEFAULT || (fact->major && fact->major != major))
            continue;
        /* a major's own default wins over every major's */
        bool own = false;
        for (size_t other = 0; !fact->major && other < spec->n_facts; other++)
            own = own ||
                  (spec->facts[other].kind == TARGET_DEFAULT && spec->facts[other].major == major &&
                   !strcasecmp(spec->facts[other].name, fact->name));
        if (own)
            continue;
        pairs =
            arena_realloc(arena_get(arena), pairs, n * sizeof(*pairs), (n + 3) * sizeof(*pairs));
        pairs[n++] = arena_strdup(arena_get(arena), fact->name);
        char *computed = input_rds_is_formula(fact->value) && memory > 0
                             ? input_rds_formula(fact->value, memory)
                             : NULL;
        pairs[n++] = arena_strdup(arena_get(arena), computed ? computed : fact->value);
        free(computed);
        pairs[n] = NULL;
    }
    return pairs;
}

const char *target_shipped_libraries(const TargetSpec *spec, int major, Arena **arena)
{
    const TargetFact *fact = find_fact(spec, TARGET_VALUES, "shared_preload_libraries", major);
    if (!fact)
        fact = find_fact(spec, TARGET_VALUES_PARTIAL, "shared_preload_libraries", major);
    if (!fact || !*fact->value)
        return NULL;
    /* "a, b, c" as the server lists it: "a,b,c" */
    char *text = arena_strdup(arena_get(arena), fact->value);
    char *to = text;
    for (const char *from = fact->value; *from; from++)
        if (!isspace((unsigned char)*from))
            *to++ = *from;
    *to = '\0';
    return text;
}

static bool published_for(const TargetSpec *spec, int major)
{
    if (!spec->n_majors)
        return true;
    for (size_t idx = 0; idx < spec->n_majors; idx++)
        if (spec->majors[idx] == major)
            return true;
    return false;
}

/* " (published for PostgreSQL 16)" when the fact or the file names majors, else "". Caller
 * frees. */
static char *published_note(const TargetSpec *spec, const TargetFact *fact)
{
    if (fact && fact->major)
        return xasprintf(" (published for PostgreSQL %d)", fact->major);
    if (!spec->n_majors)
        return xstrdup("");
    StrBuf sb = STRBUF_INIT;
    sb_printf(&sb, " (published for PostgreSQL ");
    for (size_t idx = 0; idx < spec->n_majors; idx++)
        sb_printf(&sb, "%s%d", idx ? ", " : "", spec->majors[idx]);
    sb_printf(&sb, ")");
    return sb_detach(&sb);
}

/* Two values the same setting: compared as the server would store them when both parse. */
static bool same_value(const CatalogParam *param, int major, const char *a, const char *b)
{
    if (param) {
        GucValue va, vb;
        if (guc_parse_value_for(param, major, a, &va, NULL) &&
            guc_parse_value_for(param, major, b, &vb, NULL)) {
            char *sa = guc_value_to_setting(param, &va), *sb = guc_value_to_setting(param, &vb);
            bool same = !strcmp(sa, sb);
            free(sa);
            free(sb);
            return same;
        }
    }
    return !strcmp(a, b);
}

/* The number the server would store, in the base unit; false when it is not a number the
 * server accepts (validation reports that) or not numeric at all. */
static bool numeric_value(const CatalogParam *param, int major, const char *text, double *out)
{
    if (param) {
        GucValue val;
        if ((param->type != GUC_INTEGER && param->type != GUC_REAL) ||
            !guc_parse_value_for(param, major, text, &val, NULL))
            return false;
        *out = val.num;
        return true;
    }
    char *end;
    *out = strtod(text, &end);
    return end != text && !*end;
}

static char *trim_element(const char *start, size_t len)
{
    while (len && isspace((unsigned char)*start)) {
        start++;
        len--;
    }
    while (len && isspace((unsigned char)start[len - 1]))
        len--;
    if (len >= 2 && start[0] == '"' && start[len - 1] == '"') {
        start++;
        len -= 2;
    }
    return xstrndup(start, len);
}

/* Is `elem` one of the comma-separated `allowed` (the data file's list)? */
static bool in_list(const CatalogParam *param, int major, const char *allowed, const char *elem)
{
    bool found = false;
    for (const char *pos = allowed; !found;) {
        const char *comma = strchr(pos, ',');
        char *item = trim_element(pos, comma ? (size_t)(comma - pos) : strlen(pos));
        found = param && param->type != GUC_STRING ? same_value(param, major, item, elem)
                                                   : !strcasecmp(item, elem);
        free(item);
        if (!comma)
            break;
        pos = comma + 1;
    }
    return found;
}

/* The elements of `value` the list does not have (`in`: those it has), ", "-joined; NULL when
 * none. An enum or boolean is one element; a string parameter is a comma-separated list (preload
 * libraries, log_destination). */
static char *values_split(const CatalogParam *param, int major, const char *allowed,
                          const char *value, bool in)
{
    StrBuf sb = STRBUF_INIT;
    bool whole = param && param->type != GUC_STRING;
    for (const char *pos = value;;) {
        const char *comma = whole ? NULL : strchr(pos, ',');
        char *elem = trim_element(pos, comma ? (size_t)(comma - pos) : strlen(pos));
        if (*elem && in_list(param, major, allowed, elem) == in)
            sb_printf(&sb, "%s%s", sb.len ? ", " : "", elem);
        free(elem);
        if (!comma)
            break;
        pos = comma + 1;
    }
    if (!sb.len) {
        sb_free(&sb);
        return NULL;
    }
    return sb_detach(&sb);
}

/* Is `want` the value, or one element of its list? */
static bool value_has(const CatalogParam *param, int major, const char *value, const char *want)
{
    char *found = values_split(param, major, want, value, true);
    bool has = found != NULL;
    free(found);
    return has;
}

/* The hints for this setting, " "-joined: the parameter's own and those for a value it has
 * ("[hints] shared_preload_libraries pgaudit = ..."); NULL when none. */
static char *hints_for(const TargetSpec *spec, const CatalogParam *param, int major,
                       const char *name, const char *value)
{
    StrBuf sb = STRBUF_INIT;
    const TargetFact *own = find_fact(spec, TARGET_HINT, name, major);
    if (own)
        sb_printf(&sb, "%s", own->value);
    for (size_t idx = 0; idx < spec->n_facts; idx++) {
        const TargetFact *fact = &spec->facts[idx];
        if (fact->kind == TARGET_HINT && fact->when && !strcasecmp(fact->name, name) &&
            (!fact->major || fact->major == major) && value_has(param, major, value, fact->when))
            sb_printf(&sb, "%s%s", sb.len ? " " : "", fact->value);
    }
    if (!sb.len) {
        sb_free(&sb);
        return NULL;
    }
    return sb_detach(&sb);
}

static void add_finding(const TargetSpec *spec, const char *rule_id, const ConfEntry *e,
                        const char *name, char *message, char *hint, FindingList *out)
{
    Finding *f = finding_raise(out, rule_id, NULL);
    f->message = finding_take(f, message);
    f->hint = finding_take(f, hint);
    f->file = finding_strdup(f, e->file);
    f->line = e->line;
    f->column = e->column;
    /* the service refuses or overrides it; the server is never asked */
    f->refuses_start = false;
    finding_add_setting(f, name, e->value, e->file, e->line);
    finding_add_link(f, spec->source);
}

/* published_note for `fact`, kept in *slot (the previous one freed). */
static const char *note_for(char **slot, const TargetSpec *spec, const TargetFact *fact)
{
    free(*slot);
    *slot = published_note(spec, fact);
    return *slot;
}

static void check_entry(const TargetSpec *spec, const ConfEntry *e, const CatalogParam *param,
                        int major, FindingList *out)
{
    const char *name = param ? param->name : e->name;
    const char *svc = spec->name;
    char *note = NULL;
    const TargetFact *fact;
    char *extra = hints_for(spec, param, major, name, e->value);
    if ((fact = find_fact(spec, TARGET_READ_ONLY, name, major)) &&
        !same_value(param, major, e->value, fact->value)) {
        add_finding(spec, "PK0076", e, name,
                    xasprintf("%s is read-only on %s, which keeps it at \"%s\"%s: %s", name, svc,
                              fact->value, note_for(&note, spec, fact), spec->action),
                    xasprintf("Remove this setting: the service's value applies.%s%s",
                              extra ? " " : "", extra ? extra : ""),
                    out);
    } else if ((fact = find_fact(spec, TARGET_MANAGED, name, major)) &&
               !same_value(param, major, e->value, fact->value)) {
        add_finding(spec, "PK0077", e, name,
                    xasprintf("%s sets %s itself (\"%s\" in its published default group)%s: this "
                              "value does not reach the server",
                              svc, name, fact->value, note_for(&note, spec, fact)),
                    xasprintf("Remove this setting.%s%s", extra ? " " : "", extra ? extra : ""),
                    out);
    } else if ((fact = find_fact(spec, TARGET_NOT_SETTABLE, name, major))) {
        add_finding(spec, "PK0076", e, name,
                    xasprintf("%s does not let you set %s%s: %s", svc, name,
                              note_for(&note, spec, fact), spec->action),
                    xasprintf("Remove this setting.%s%s", extra ? " " : "", extra ? extra : ""),
                    out);
    }
    double num;
    if ((fact = find_fact(spec, TARGET_RANGE, name, major)) &&
        numeric_value(param, major, e->value, &num) && (num < fact->min || num > fact->max)) {
        add_finding(spec, "PK0076", e, name,
                    xasprintf("%s allows %s = %s%s; \"%s\" is outside it: %s", svc, name,
                              fact->value, note_for(&note, spec, fact), e->value, spec->action),
                    param && param->unit
                        ? xasprintf("Use a value from %g to %g (in %s, the parameter's base unit).",
                                    fact->min, fact->max, param->unit)
                        : xasprintf("Use a value from %g to %g.", fact->min, fact->max),
                    out);
    }
    for (int partial = 0; partial < 2; partial++) {
        fact = find_fact(spec, partial ? TARGET_VALUES_PARTIAL : TARGET_VALUES, name, major);
        char *outside = fact ? values_split(param, major, fact->value, e->value, false) : NULL;
        if (!outside)
            continue;
        if (partial)
            add_finding(spec, "PK0078", e, name,
                        xasprintf("%s for %s: %s is not among the values %s lists as supported "
                                  "(a list it does not call complete)%s",
                                  name, svc, outside, svc, note_for(&note, spec, fact)),
                        xasprintf("Check that the service supports it; it lists: %s.", fact->value),
                        out);
        else
            add_finding(spec, "PK0076", e, name,
                        xasprintf("%s does not allow %s for %s%s: %s", svc, outside, name,
                                  note_for(&note, spec, fact), spec->action),
                        xasprintf("%s allows: %s.", svc, fact->value), out);
        free(outside);
    }
    if (spec->complete && published_for(spec, major) && !has_any_fact(spec, name)) {
        add_finding(spec, "PK0076", e, name,
                    xasprintf("%s is not a parameter of %s's parameter groups%s: %s", name, svc,
                              note_for(&note, spec, NULL), spec->action),
                    xasprintf("Remove it: the service does not let you set it.%s%s",
                              extra ? " " : "", extra ? extra : ""),
                    out);
    }
    free(note);
    free(extra);
}

void lint_target(const TargetSpec *spec, const ConfSet *set, int major, FindingList *out)
{
    const Catalog *cat = catalog_for_major(major);
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (!e->name || !e->value || !e->applied)
            continue;
        const char *alias = catalog_alias_target(major, e->name);
        const CatalogParam *param = cat ? catalog_find(cat, alias ? alias : e->name) : NULL;
        check_entry(spec, e, param, major, out);
    }
}

/* Can one set `name` on the service at all, for PostgreSQL `major`? */
static bool service_lets_set(const TargetSpec *spec, const char *name, int major)
{
    if (find_fact(spec, TARGET_NOT_SETTABLE, name, major) ||
        find_fact(spec, TARGET_READ_ONLY, name, major) ||
        find_fact(spec, TARGET_MANAGED, name, major))
        return false;
    return !spec->complete || find_fact(spec, TARGET_SETTABLE, name, major) ||
           has_any_fact(spec, name);
}

void lint_target_fixes(const TargetSpec *spec, int major, FindingList *out, size_t begin,
                       size_t end)
{
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        Finding *f = &out->items[idx];
        const char *blocked = NULL;
        bool every = f->n_fixes > 0;
        for (size_t fix = 0; every && fix < f->n_fixes; fix++) {
            if (f->fixes[fix].companion || f->fixes[fix].remove)
                continue;
            if (service_lets_set(spec, f->fixes[fix].name, major))
                every = false;
            else if (!blocked)
                blocked = f->fixes[fix].name;
        }
        /* a finding with no fix whose remedy opens by setting a parameter the service keeps
         * (PK3027's "max_slot_wal_keep_size set below …" on Azure, where it is read-only at -1:
         * review 2026-12zo, h59b 26) */
        if (!f->n_fixes && f->suggestion) {
            size_t n = strcspn(f->suggestion, " =");
            char *name = xstrndup(f->suggestion, n);
            bool parameter = n && catalog_find(catalog_for_major(major), name);
            if (parameter && !service_lets_set(spec, name, major)) {
                blocked = finding_strdup(f, name);
                every = true;
            }
            free(name);
        }
        if (f->suppressed || !every || !blocked)
            continue;
        f->suppressed = true;
        f->suppress_reason = finding_printf(f,
                                            "%s does not let you set %s: the change cannot be made"
                                            " there",
                                            spec->name ? spec->name : "the service", blocked);
    }
}
