/* pgknob's own durations and sizes (command options, lab and project files), read with the
 * units module's spellings for pgknob's inputs (the server's, plus KiB … TiB and "m" for
 * minutes). Settings' values are parsed by catalog/value.c, with the server's rules. */
#ifndef PK_QUANTITY_H
#define PK_QUANTITY_H

#include <stdbool.h>
#include <stdint.h>

/* "90", "90s", "1.5min", "5m", "250ms", "2h", "1d" (a bare number is seconds; spaces before the
 * unit allowed). True when it parses and lies within [min_s, max_s]. */
bool pk_parse_duration(const char *text, double min_s, double max_s, double *seconds);

/* "512", "64kB", "1.5GB", "2TB", "4GiB" (a bare number is bytes; kB, MB, GB, TB as in
 * PostgreSQL, powers of 1024, case as the server spells them). True when it parses and is >= 0. */
bool pk_parse_size(const char *text, uint64_t *bytes);

#endif
