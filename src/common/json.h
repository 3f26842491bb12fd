/* The one way pgknob reads and writes JSON text: jansson trees, dumped whole. Helpers here only
 * bridge pgknob's data to jansson (any bytes as a string, numbers as the reports print them) and
 * fix the house layout, so every JSON document pgknob writes looks alike. */
#ifndef PK_JSON_H
#define PK_JSON_H

#include <jansson.h>
#include <stdbool.h>

#include "common/strbuf.h"

/* The house layout: two-space indent, keys in insertion order, reals to 10 significant digits. */
#define PK_JSON_PRETTY (JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))
/* One line, ", " and ": " separators (an embedded fragment, a JSON Lines record). */
#define PK_JSON_LINE (JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))

/* A string; NULL becomes null. A byte that is not part of well-formed UTF-8 is written as the
 * escape \u00XX (XX >= 80, its value), pgknob's invalid-byte convention, so a configuration in
 * a legacy encoding still gives valid JSON and its exact bytes can be recovered. */
json_t *pk_json_str(const char *s);
/* true / false. */
json_t *pk_json_bool(bool value);
/* A number as the reports print it: an integral value within ±2^53 as an integer ("5", not
 * "5.0"), others as a real, NaN and infinities as null. */
json_t *pk_json_number(double value);
/* obj[key] = value, stealing value (jansson's json_object_set_new, which never fails here). */
void pk_json_set(json_t *obj, const char *key, json_t *value);
/* Appends `doc` as text with `flags` and a final newline, then releases `doc`. */
void pk_json_dump(StrBuf *out, json_t *doc, size_t flags);
/* A string member of an object, or NULL when absent or not a string. */
const char *pk_json_get_str(const json_t *obj, const char *key);

#endif
