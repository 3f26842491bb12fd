/* What rules.c and rules_pack.c share: the compiled pack of a rule directory. */
#ifndef PK_RULES_INTERN_H
#define PK_RULES_INTERN_H

#include "rules/rules.h"

/* The compiled pack of a rule directory (rules_pack.c). */
#define RULES_PACK_NAME ".pgknob-pack"
/* Appends the pack's rules when DIR/.pgknob-pack exists and still matches the directory's files,
 * this pgknob and its catalogs; false (set untouched) otherwise. */
bool rules_pack_load(RuleSet *set, const char *dir);
/* Decodes a packed rule's pending detail into its set's arena (once; rule_detail calls it). */
void rules_pack_detail(const Rule *rule);
/* rule_set_load_file for a file of the pack whose directory is `root` (its explanation must lie
 * inside `root`). */
bool rule_set_load_file_in(RuleSet *set, const char *path, const char *root, PkDiag *err);
/* Does the name end in ".ini" (a rule file)? */
bool rules_name_is_ini(const char *name);
/* rule_set_load_dir without looking for a pack. */
bool rule_set_load_dir_sources(RuleSet *set, const char *dir, PkDiag *err);

#endif
