#include "lint/fix_apply.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/readfile.h"
#include "common/xalloc.h"
#include "conf/conf_edit.h"

#define FIX_FILE_MAX (64 * 1024 * 1024)

static bool is_auto_conf(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return path && !strcmp(slash ? slash + 1 : path, "postgresql.auto.conf");
}

static bool has_file(const ConfSet *set, const char *path)
{
    for (size_t idx = 0; idx < set->n_files; idx++)
        if (!strcmp(set->files[idx], path))
            return true;
    return false;
}

/* The change already planned for this parameter at this place (appends: anywhere). */
static FixChange *find_change(FixPlan *plan, const char *name, const char *file, int line)
{
    for (size_t idx = 0; idx < plan->n_changes; idx++) {
        FixChange *c = &plan->changes[idx];
        if (!strcasecmp(c->name, name) && (!line || (c->line == line && !strcmp(c->file, file))))
            return c;
    }
    return NULL;
}

static void add_change(FixPlan *plan, const LintInput *input, const Finding *f,
                       const FindingFix *fix)
{
    const SnapSetting *cur = snapshot_get(&input->snap, fix->name);
    const char *file = fix->file;
    int line = fix->line;
    if (!file && cur && cur->source == SRC_FILE && cur->file) {
        file = cur->file;
        line = cur->line;
    }
    if (!file) /* set nowhere: appended to the top-level file, unless a renamed line sets it */
        file = input->set.files[0];
    /* agreement made the values of one parameter equal: one change per place, every rule named */
    FixChange *same = find_change(plan, fix->name, file, line);
    if (same) {
        if (!strstr(same->rules, f->rule_id))
            same->rules = arena_printf(plan->arena, "%s, %s", same->rules, f->rule_id);
        return;
    }
    Arena *a = plan->arena;
    ARENA_GROW(a, plan->changes, plan->n_changes, plan->cap_changes);
    plan->changes[plan->n_changes++] = (FixChange){
        .name = arena_strdup(a, fix->name),
        .value = arena_strdup(a, fix->value),
        .applies = fix->applies,
        .rules = arena_strdup(a, f->rule_id),
        .file = arena_strdup(a, file),
        .line = line,
        .old_value = cur && cur->source != SRC_DEFAULT ? arena_strdup(a, cur->value) : NULL,
        .old_in_auto = cur && cur->source == SRC_FILE && is_auto_conf(cur->file),
        .renames = fix->file != NULL,
        .remove = fix->remove};
}

/* ---- editing the text of one file ---- */

typedef struct Lines {
    char **items; /* without the newline; a '\r' before it is kept */
    size_t n, cap;
    bool final_newline;
} Lines;

static void lines_split(const char *text, Lines *lines)
{
    memset(lines, 0, sizeof(*lines));
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        PK_GROW(lines->items, lines->n, lines->cap);
        lines->items[lines->n++] = xstrndup(p, len);
        p += len + (nl != NULL);
    }
    lines->final_newline = !*text || text[strlen(text) - 1] == '\n';
}

static void lines_free(Lines *lines)
{
    for (size_t idx = 0; idx < lines->n; idx++)
        free(lines->items[idx]);
    free(lines->items);
}

/* The buffer's text copied into the plan's arena; the buffer is freed. */
static char *keep(FixPlan *plan, StrBuf *sb)
{
    char *text = arena_strdup(plan->arena, sb->data ? sb->data : "");
    sb_free(sb);
    return text;
}

static char *lines_join(FixPlan *plan, const Lines *lines)
{
    StrBuf sb = STRBUF_INIT;
    for (size_t idx = 0; idx < lines->n; idx++)
        sb_printf(&sb, "%s%s", lines->items[idx],
                  idx + 1 < lines->n || lines->final_newline ? "\n" : "");
    return keep(plan, &sb);
}

/* The lines are C strings: a NUL byte (a UTF-16 file's every other byte) would cut the rewritten
 * file short there (review 2026-12w, h24c 31: 58,788 bytes written as 46). */
static bool text_only(const char *path, const char *data, size_t len, PkDiag *diag)
{
    const char *nul = memchr(data, '\0', len);
    if (!nul)
        return true;
    return pk_diag_set(diag, path, 0, NULL,
                       "holds a NUL byte (at byte %zu: a UTF-16 or binary file), and pgknob fix "
                       "rewrites text only; save the file as UTF-8 first",
                       (size_t)(nul - data));
}

static bool edit_file(FixPlan *plan, const char *path, PkDiag *diag)
{
    char *data = NULL;
    size_t len = 0;
    if (!pk_read_file_or_diag(path, FIX_FILE_MAX, &data, &len, diag, "could not read it again"))
        return false;
    if (!text_only(path, data, len, diag)) {
        free(data);
        return false;
    }
    Lines lines;
    lines_split(data, &lines);
    bool appended = false;
    for (size_t idx = 0; idx < plan->n_changes; idx++) {
        FixChange *c = &plan->changes[idx];
        if (strcmp(c->file, path))
            continue;
        if (!c->line) {
            if (!appended)
                lines.final_newline = true;
            char *line = conf_format_assignment(c->name, c->value);
            PK_GROW(lines.items, lines.n, lines.cap);
            lines.items[lines.n++] = xasprintf("%s\t# pgknob fix: %s", line, c->rules);
            free(line);
            appended = true;
            continue;
        }
        if (c->line < 1 || (size_t)c->line > lines.n) {
            pk_diag_set(diag, path, c->line, NULL, "the line to fix is gone (the file changed?)");
            lines_free(&lines);
            free(data);
            return false;
        }
        char *old = lines.items[c->line - 1];
        size_t old_len = strlen(old);
        bool cr = old_len && old[old_len - 1] == '\r';
        if (cr)
            old[old_len - 1] = '\0';
        char *rewritten = c->remove ? xasprintf("#%s\t# pgknob fix: %s", old, c->rules)
                                    : conf_rewrite_assignment(old, c->name, c->value);
        if (!rewritten) {
            pk_diag_set(diag, path, c->line, NULL, "no assignment to rewrite on this line");
            lines_free(&lines);
            free(data);
            return false;
        }
        lines.items[c->line - 1] = cr ? xasprintf("%s\r", rewritten) : xstrdup(rewritten);
        free(rewritten);
        free(old);
    }
    ARENA_GROW(plan->arena, plan->files, plan->n_files, plan->cap_files);
    plan->files[plan->n_files++] = (FixFile){.path = arena_strdup(plan->arena, path),
                                             .old_text = arena_strdup(plan->arena, data),
                                             .new_text = lines_join(plan, &lines)};
    free(data);
    lines_free(&lines);
    return true;
}

static bool takes(const Finding *f, const FixSelect *sel)
{
    return !sel || ((f->severity >= sel->min_severity || f->refuses_start) &&
                    (sel->unsafe || finding_fixes_safe(f)));
}

/* Records why `sel` leaves the finding's fixes out, and what would apply them. */
static void leave_out(FixPlan *plan, const Finding *f, const FixSelect *sel)
{
    bool tier = f->severity >= sel->min_severity || f->refuses_start;
    bool safe = finding_fixes_safe(f);
    StrBuf names = STRBUF_INIT, reason = STRBUF_INIT, flags = STRBUF_INIT;
    for (size_t idx = 0; idx < f->n_fixes; idx++)
        sb_printf(&names, "%s%s", idx ? ", " : "", f->fixes[idx].name);
    if (!tier)
        sb_printf(&reason, "a %s", severity_name(f->severity));
    const char *why = NULL;
    for (size_t idx = 0; !safe && idx < f->n_fixes && !why; idx++)
        if (f->fixes[idx].unsafe) /* the first reason: the one the report shows first */
            why = f->fixes[idx].why;
    char *below = reason.len ? arena_strdup(plan->arena, reason.data) : NULL;
    if (why)
        sb_printf(&reason, "%sunsafe: %s", reason.len ? ", and " : "", why);
    /* the reason is a sentence before "Apply with": it ends with its full stop */
    if (reason.len && !strchr(".!?", reason.data[reason.len - 1]))
        sb_putc(&reason, '.');
    if (!safe && !sel->unsafe)
        sb_put(&flags, "--unsafe-fixes");
    if (!tier)
        sb_printf(&flags, "%s--min-severity %s", flags.len ? " " : "", severity_name(f->severity));
    ARENA_GROW(plan->arena, plan->left_out, plan->n_left_out, plan->cap_left_out);
    plan->left_out[plan->n_left_out++] =
        (FixLeftOut){.rule_id = arena_strdup(plan->arena, f->rule_id),
                     .names = keep(plan, &names),
                     .reason = keep(plan, &reason),
                     .tier = below,
                     .why = why ? arena_strdup(plan->arena, why) : NULL,
                     .severity = f->severity,
                     .flags = keep(plan, &flags)};
}

/* A refusal no fix clears (a value whose meaning pgknob cannot tell): the fixed file still does
 * not start, which the summary says rather than keeping silent. */
static void leave_by_hand(FixPlan *plan, const Finding *f)
{
    StrBuf names = STRBUF_INIT, reason = STRBUF_INIT;
    for (size_t idx = 0; idx < f->n_settings; idx++)
        sb_printf(&names, "%s%s", idx ? ", " : "", f->settings[idx].name);
    if (f->line > 0)
        sb_printf(&names, "%sline %d%s", f->n_settings ? " (" : "", f->line,
                  f->n_settings ? ")" : "");
    sb_put(&reason, "the server refuses to start with this line, and pgknob cannot tell the value "
                    "meant: correct it by hand, or the fixed file does not start either.");
    ARENA_GROW(plan->arena, plan->left_out, plan->n_left_out, plan->cap_left_out);
    plan->left_out[plan->n_left_out++] =
        (FixLeftOut){.rule_id = arena_strdup(plan->arena, f->rule_id),
                     .names = keep(plan, &names),
                     .reason = keep(plan, &reason),
                     .severity = SEV_ERROR};
}

/* A change to a value set outside the files fix rewrites (a compose service's `-c` over the
 * file): writing it into the file changes nothing, since the command line wins, so it is left
 * to be made where the value is (review 2026-12zo, h57a 04). True when `fix` is such. */
static bool leave_elsewhere(FixPlan *plan, const LintInput *input, const Finding *f,
                            const FindingFix *fix)
{
    const SnapSetting *cur = snapshot_get(&input->snap, fix->name);
    if (fix->file || !cur || cur->source != SRC_FILE || !cur->file ||
        has_file(&input->set, cur->file))
        return false;
    StrBuf names = STRBUF_INIT, reason = STRBUF_INIT;
    sb_put(&names, fix->name);
    sb_printf(&reason,
              "the server takes %s from %s:%d (`%s`), which overrides this file: set %s = %s "
              "there by hand; pgknob fix rewrites postgresql.conf files only.",
              fix->name, cur->file, cur->line, cur->line_text ? cur->line_text : cur->value,
              fix->name, fix->value);
    ARENA_GROW(plan->arena, plan->left_out, plan->n_left_out, plan->cap_left_out);
    plan->left_out[plan->n_left_out++] =
        (FixLeftOut){.rule_id = arena_strdup(plan->arena, f->rule_id),
                     .names = keep(plan, &names),
                     .reason = keep(plan, &reason),
                     .severity = f->severity};
    return true;
}

void fix_plan_left_out(const FixPlan *plan, const char *prefix, StrBuf *out)
{
    const FixLeftOut **said = xcalloc(plan->n_left_out + 1, sizeof(*said));
    size_t n_said = 0;
    /* what keeps the server from starting first, then by severity, each in finding order */
    for (int rank = 0; rank <= SEV_ERROR + 1; rank++)
        for (size_t idx = 0; idx < plan->n_left_out; idx++) {
            const FixLeftOut *l = &plan->left_out[idx];
            if ((l->flags ? SEV_ERROR + 1 - (int)l->severity : 0) != rank)
                continue;
            /* a reason several findings share (the file's major) is given once: the later
             * lines point at the first */
            const FixLeftOut *first = NULL;
            for (size_t before = 0; l->why && before < n_said && !first; before++)
                if (!strcmp(said[before]->why, l->why))
                    first = said[before];
            if (!l->flags)
                sb_printf(out, "%snot fixed: %s %s: %s\n", prefix, l->rule_id, l->names, l->reason);
            else if (first)
                sb_printf(out,
                          "%snot applied: %s %s: %s%sunsafe for the reason given for %s above. "
                          "Apply with %s.\n",
                          prefix, l->rule_id, l->names, l->tier ? l->tier : "",
                          l->tier ? ", and " : "", first->rule_id, l->flags);
            else
                sb_printf(out, "%snot applied: %s %s: %s Apply with %s.\n", prefix, l->rule_id,
                          l->names, l->reason, l->flags);
            if (l->why && !first)
                said[n_said++] = l;
        }
    free(said);
}

bool fix_plan_build(const LintResult *res, size_t input_idx, const FixSelect *sel, FixPlan *plan,
                    PkDiag *diag)
{
    memset(plan, 0, sizeof(*plan));
    plan->arena = arena_new();
    const LintInput *input = &res->inputs[input_idx];
    if (!input->set.n_files)
        return true;
    plan->top_file = arena_strdup(plan->arena, input->set.files[0]);
    /* a file fix cannot rewrite is refused whole, changes or not, so the run says why */
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(input->set.files[0], FIX_FILE_MAX, &data, &len, &err) == PK_READ_OK) {
        bool text = text_only(input->set.files[0], data, len, diag);
        free(data);
        if (!text)
            return false;
    }
    /* findings that rename a refused line first, so a parameter's change lands there */
    for (int pass = 0; pass < 2; pass++)
        for (size_t idx = 0; idx < res->findings.n; idx++) {
            const Finding *f = &res->findings.items[idx];
            if (f->suppressed)
                continue;
            if (pass == 0 && f->refuses_start && !f->n_fixes)
                leave_by_hand(plan, f);
            if (!takes(f, sel)) {
                if (pass == 0 && f->n_fixes)
                    leave_out(plan, f, sel);
                continue;
            }
            for (size_t fix_idx = 0; fix_idx < f->n_fixes; fix_idx++)
                if ((f->fixes[fix_idx].file != NULL) == (pass == 0) &&
                    (!f->fixes[fix_idx].file || has_file(&input->set, f->fixes[fix_idx].file)) &&
                    !leave_elsewhere(plan, input, f, &f->fixes[fix_idx]))
                    add_change(plan, input, f, &f->fixes[fix_idx]);
        }
    for (size_t file_idx = 0; file_idx < input->set.n_files; file_idx++) {
        const char *path = input->set.files[file_idx];
        bool touched = false;
        for (size_t idx = 0; idx < plan->n_changes && !touched; idx++)
            touched = !strcmp(plan->changes[idx].file, path);
        if (touched && !edit_file(plan, path, diag))
            return false;
    }
    return true;
}

/* ---- unified diff: lines are rewritten one for one, appends come last ---- */

typedef struct DiffOp {
    char kind; /* ' ', '-', '+' */
    const char *text;
    bool no_newline; /* the last line of its file, without a newline */
} DiffOp;

static bool line_same(const Lines *old, const Lines *new, size_t idx)
{
    bool old_last = idx + 1 == old->n && !old->final_newline;
    bool new_last = idx + 1 == new->n && !new->final_newline;
    return idx < old->n && !strcmp(old->items[idx], new->items[idx]) && old_last == new_last;
}

/* Each run of changed lines as its old lines, then its new ones (as diff -u prints them). */
static size_t diff_ops(const Lines *old, const Lines *new, DiffOp **ops)
{
    size_t n = 0;
    *ops = xcalloc(old->n + new->n + 1, 2 * sizeof(DiffOp));
    for (size_t idx = 0; idx < new->n;) {
        if (line_same(old, new, idx)) {
            (*ops)[n++] = (DiffOp){' ', old->items[idx], idx + 1 == old->n && !old->final_newline};
            idx++;
            continue;
        }
        size_t end = idx;
        while (end < new->n && !line_same(old, new, end))
            end++;
        for (size_t del = idx; del < end && del < old->n; del++)
            (*ops)[n++] = (DiffOp){'-', old->items[del], del + 1 == old->n && !old->final_newline};
        for (size_t add = idx; add < end; add++)
            (*ops)[n++] = (DiffOp){'+', new->items[add], add + 1 == new->n && !new->final_newline};
        idx = end;
    }
    return n;
}

static void put_hunk(const DiffOp *ops, size_t from, size_t to, size_t old_start, size_t new_start,
                     StrBuf *out)
{
    size_t old_n = 0, new_n = 0;
    for (size_t idx = from; idx < to; idx++) {
        old_n += ops[idx].kind != '+';
        new_n += ops[idx].kind != '-';
    }
    sb_printf(out, "@@ -%zu,%zu +%zu,%zu @@\n", old_n ? old_start : old_start - 1, old_n,
              new_n ? new_start : new_start - 1, new_n);
    for (size_t idx = from; idx < to; idx++) {
        sb_printf(out, "%c%s\n", ops[idx].kind, ops[idx].text);
        if (ops[idx].no_newline)
            sb_put(out, "\\ No newline at end of file\n");
    }
}

static void diff_file(const FixFile *file, const char *cwd, StrBuf *out)
{
    Lines old, new;
    lines_split(file->old_text, &old);
    lines_split(file->new_text, &new);
    DiffOp *ops;
    size_t n = diff_ops(&old, &new, &ops);
    const char *path = file->path;
    size_t cwd_len = cwd ? strlen(cwd) : 0;
    if (cwd_len > 1 && !strncmp(path, cwd, cwd_len) && path[cwd_len] == '/')
        path += cwd_len + 1;
    sb_printf(out, "--- %s\n+++ %s\n", path, path);
    size_t idx = 0;
    while (idx < n) {
        while (idx < n && ops[idx].kind == ' ')
            idx++;
        if (idx == n)
            break;
        size_t from = idx > 3 ? idx - 3 : 0, last = idx;
        /* changes at most 6 unchanged lines apart share a hunk */
        for (size_t next = idx + 1; next < n && next - last <= 7; next++)
            if (ops[next].kind != ' ')
                last = next;
        size_t to = last + 4 < n ? last + 4 : n;
        size_t old_start = 1, new_start = 1;
        for (size_t op = 0; op < from; op++) {
            old_start += ops[op].kind != '+';
            new_start += ops[op].kind != '-';
        }
        put_hunk(ops, from, to, old_start, new_start, out);
        idx = to;
    }
    free(ops);
    lines_free(&old);
    lines_free(&new);
}

void fix_plan_diff(const FixPlan *plan, const char *cwd, StrBuf *out)
{
    for (size_t idx = 0; idx < plan->n_files; idx++)
        diff_file(&plan->files[idx], cwd, out);
}

/* ---- ALTER SYSTEM ---- */

/* Parameters the server splits into a list (GUC_LIST_INPUT): each element is quoted apart. */
static bool list_param(const char *name)
{
    static const char *const lists[] = {"shared_preload_libraries",
                                        "local_preload_libraries",
                                        "session_preload_libraries",
                                        "search_path",
                                        "temp_tablespaces",
                                        "debug_io_direct",
                                        "log_destination",
                                        "unix_socket_directories",
                                        "datestyle",
                                        NULL};
    for (const char *const *p = lists; *p; p++)
        if (!strcasecmp(*p, name))
            return true;
    return false;
}

static void put_literal(StrBuf *out, const char *text, size_t len)
{
    sb_putc(out, '\'');
    for (size_t idx = 0; idx < len; idx++)
        sb_put(out, text[idx] == '\'' ? "''" : (char[]){text[idx], '\0'});
    sb_putc(out, '\'');
}

static void put_sql_value(StrBuf *out, const char *name, const char *value)
{
    if (!list_param(name) || !*value) {
        put_literal(out, value, strlen(value));
        return;
    }
    const char *p = value;
    while (*p) {
        while (*p == ' ' || *p == '"')
            p++;
        size_t len = strcspn(p, ",");
        size_t trim = len;
        while (trim && (p[trim - 1] == ' ' || p[trim - 1] == '"'))
            trim--;
        put_literal(out, p, trim);
        p += len;
        if (*p == ',') {
            sb_put(out, ", ");
            p++;
        }
    }
}

static void put_group(const FixPlan *plan, const char *applies, StrBuf *out)
{
    for (size_t idx = 0; idx < plan->n_changes; idx++) {
        const FixChange *c = &plan->changes[idx];
        if (strcmp(c->applies, applies) || c->remove)
            continue;
        sb_printf(out, "ALTER SYSTEM SET %s = ", c->name);
        put_sql_value(out, c->name, c->value);
        sb_printf(out, ";  -- %s\n", c->rules);
    }
}

static size_t count_applies(const FixPlan *plan, const char *applies)
{
    size_t count = 0;
    for (size_t idx = 0; idx < plan->n_changes; idx++)
        count += !strcmp(plan->changes[idx].applies, applies) && !plan->changes[idx].remove;
    return count;
}

void fix_plan_alter_system(const FixPlan *plan, int pg_major, StrBuf *out)
{
    size_t n_reload = count_applies(plan, "reload"), n_restart = count_applies(plan, "restart");
    sb_printf(out, "-- pgknob fix: %zu change%s for PostgreSQL %d (%s)\n", plan->n_changes,
              plan->n_changes == 1 ? "" : "s", pg_major, plan->top_file ? plan->top_file : "");
    for (size_t idx = 0; idx < plan->n_changes; idx++)
        if (plan->changes[idx].renames)
            sb_printf(out,
                      "-- %s:%d names a parameter the server refuses: ALTER SYSTEM cannot"
                      " remove it; correct that line (pgknob fix --in-place) as well\n",
                      plan->changes[idx].file, plan->changes[idx].line);
    if (n_reload) {
        sb_put(out, "\n-- applied by a reload\n");
        put_group(plan, "reload", out);
        sb_put(out, "SELECT pg_reload_conf();\n");
    }
    if (n_restart) {
        sb_put(out, "\n-- applied only by a restart (pg_ctl restart -D $PGDATA)\n");
        put_group(plan, "restart", out);
    }
    if (!n_reload && !n_restart) /* nothing ALTER SYSTEM sets: nothing to roll back */
        return;
    sb_put(out, "\n-- rollback: undoes the statements above\n");
    for (size_t idx = 0; idx < plan->n_changes; idx++) {
        const FixChange *c = &plan->changes[idx];
        if (c->remove)
            continue;
        if (c->old_in_auto && c->old_value) {
            sb_printf(out, "ALTER SYSTEM SET %s = ", c->name);
            put_sql_value(out, c->name, c->old_value);
            sb_put(out, ";\n");
        } else {
            sb_printf(out, "ALTER SYSTEM RESET %s;\n", c->name);
        }
    }
    sb_printf(out, "%s", n_reload ? "SELECT pg_reload_conf();\n" : "");
    if (n_restart)
        sb_put(out, "-- then restart the server for the restart-only settings\n");
}
