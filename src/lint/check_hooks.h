/* The server's check hooks for string parameters whose values it parses at startup (lists of
 * keywords, DateStyle, time zones, slot names): a value these refuse stops the server just like
 * a bad number. Only hooks whose verdict does not depend on a running database are modelled. */
#ifndef PK_LINT_CHECK_HOOKS_H
#define PK_LINT_CHECK_HOOKS_H

#include <stdbool.h>

#include "catalog/catalog.h"
#include "catalog/value.h"

/* Runs the check hook of `param` (if pgknob models one) on `value`. `shown` is the name the
 * server's message uses (check hooks always use the catalog name). Returns false with the
 * server's message and its DETAIL in `diag` (may be NULL). */
bool check_hook_string(const CatalogParam *param, int major, const char *shown, const char *value,
                       PkDiag *diag);

#endif
