/* What validate.c shares with its sub-checks (extension.c): finding construction, the server's
 * "a later line sets the same name" rule and the rename fix. Private to lint/. */
#ifndef PK_LINT_VALIDATE_INTERN_H
#define PK_LINT_VALIDATE_INTERN_H

#include <stdbool.h>
#include <stddef.h>

#include "common/strbuf.h"
#include "catalog/catalog.h"
#include "conf/conf.h"
#include "model/finding.h"
#include "model/snapshot.h"

/* A finding of validation check `id` at `file`:`line` (0: the file as a whole). */
Finding *lint_rule_finding(FindingList *out, const char *id, const char *file, int line);
/* A finding of validation check `id` at the entry's line, with its setting attached. */
Finding *lint_entry_finding(FindingList *out, const char *id, const ConfEntry *entry);
/* The server ignores an entry when a later entry has exactly the same name. */
bool lint_entry_ignored(const ConfSet *set, size_t entry_idx);
/* Renames the line to `param` when its value suits it (checked as the server would). */
void lint_add_rename_fix(Finding *f, const CatalogParam *param, int major, const ConfEntry *entry);
/* A setting the startup checks can rely on; in a fragment linted alone, only those it sets. */
const SnapSetting *lint_usable(const Snapshot *snap, const char *name);
/* Whether a library list (shared_preload_libraries' syntax) names `module`, written as the server
 * accepts it: bare, quoted, with $libdir/ or with .so. */
bool lint_library_listed(const char *list, const char *module);

/* Preload library names (libraries.c): a library of the PostgreSQL distribution (bare, with
 * $libdir/ or .so); the known library a name misspells, or NULL; and the check of the three
 * preload settings for misspelt names (PK0065). */
bool lint_library_bundled(const char *lib);
/* The next name of a library list (commas, optional double quotes and blanks), trimmed in
 * place in the writable list `*cursor` points into; NULL after the last. */
char *lint_library_next(char **cursor);
/* The known library `lib` of `list` misspells, or NULL: also NULL where the list names that
 * library too or the author names `lib` itself (the line's comment, the README's description) */
const char *lint_library_misspelt(const SnapSetting *list, const char *lib);
/* Does the author name `word` (a library's, an extension's) as a word: a comment of `file`
 * (`line_text`'s first), or the title and first paragraph of the README above it? */
bool lint_author_names(const char *file, const char *line_text, const char *word);
void lint_check_preload_libraries(const Snapshot *snap, FindingList *out);

/* An unrendered template (template.c): marks the entries that are its placeholders in
 * `templated` (one bool per entry of `set`), and in `in_tag` too those inside a template tag
 * that spans lines (ERB's `<%= ... %>` over a Ruby case: code, not settings), and adds the one
 * PK0003 finding naming them all: an error where the server reads the file as it is
 * (`target_here`: a data directory or --host local), else a notice naming the evidence that it
 * is a template; returns how many (0: not a template, nothing added). A line that renders
 * only comments (conf_renders_comment) is in `in_tag` alone: no setting, and no placeholder;
 * where the server reads the file as it is (`target_here`, or `as_is`: why, a compose mount's
 * sentence, else NULL), it is a placeholder as any other. */
/* "11, 12, other.conf:3 and 5 more": the lines `marked` (one per entry) holds, the first 20
 * named, one in another file than the first's with that file's name. Returns the first marked
 * entry, NULL when none. */
const ConfEntry *lint_marked_lines(const ConfSet *set, const bool *marked, StrBuf *lines);
size_t lint_check_template(const ConfSet *set, const Catalog *cat, bool target_here,
                           const char *as_is, bool *templated, bool *in_tag, FindingList *out);

/* The parameters of modules (ext.name): checked against the module catalog (extension.c). */
/* `image_libraries`: the libraries an operator's image preloads itself (ValidateOpts), or NULL. */
void lint_check_extensions(const ConfSet *set, const Snapshot *snap, const char *image_libraries,
                           FindingList *out);
/* One module parameter's value (a template branch's literal): PK0025 when the module refuses it. */
void lint_check_extension_value(const ConfEntry *entry, const Snapshot *snap, FindingList *out);
/* One module parameter's name alone (lint_validate_name): unknown under a module's prefix. */
void lint_check_extension_name(const ConfEntry *entry, const Snapshot *snap, FindingList *out);

/* An old name of a value the server still maps (wal_level = hot_standby): the name it maps to
 * and the release that renamed it, into *now and *since; false for any other value. */
bool lint_value_alias(const char *param, const char *value, const char **now, const char **since);

#endif
