/* The plan's edits applied to a file's text: renamed lines rewritten (value converted), removed
 * ones commented out, each after a "# pgknob upgrade:" comment saying why. postgresql.conf lines
 * go through conf_edit (indentation and trailing comments kept); a manifest's `key: value` lines
 * keep their indentation, with the value double-quoted (every operator takes a string). Pure. */
#ifndef PK_UPGRADE_PATCH_H
#define PK_UPGRADE_PATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "upgrade/upgrade.h"

/* `text` (the contents of `file`) with every edit of `plan` on that file; *n_edits counts them.
 * Caller frees. */
char *upgrade_patch_text(const UpgradePlan *plan, const char *file, const char *text, bool yaml,
                         size_t *n_edits);

/* Does the item change a line of the configuration (rename, comment out, new value)? */
bool upgrade_item_edits(const UpgradeItem *item);

#endif
