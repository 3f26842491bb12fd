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

/* How the server reads a time zone value that names no zone file but parses as a POSIX TZ
 * specification without a daylight-saving part ("Australia0", "EST5", "UTC+3"): a fixed offset.
 * Returns true and fills `name` (the abbreviation, caller frees), `utc_offset` (seconds east of
 * Greenwich, the opposite of the POSIX sign) and `names_zone` (the abbreviation is itself a zone
 * or a zone directory, so the value looks like a mistyped zone name). False for zone names,
 * numbers, specifications with a daylight-saving part, and when this machine has no zoneinfo. */
bool check_hook_tz_fixed_offset(const char *value, char **name, long *utc_offset, bool *names_zone);

/* The offset in seconds east of Greenwich that a zone name ("W-SU", "Europe/Moscow") keeps all
 * year under its current rule, read from this machine's zone file; false for zones with
 * daylight-saving time, unknown zones, and files too old to carry the rule. */
bool check_hook_tz_zone_offset(const char *zone, long *utc_offset);

#endif
