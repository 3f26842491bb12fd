/* PostgreSQL majors in words: the one formatter of every range a text states ("16 and older",
 * "13 to 16", "17 and later"), so that two texts about the same parameter cannot disagree. */
#ifndef PK_COMMON_MAJORS_H
#define PK_COMMON_MAJORS_H

#include <stdbool.h>

/* The run from `first` to `last` (release labels: "9.6", "13"), NULL for an open end: NULL, "16"
 * is "16 and older", "17", NULL is "17 and later", "13", "14" is "13 and 14", "13", "16" is
 * "13 to 16", equal ends one major. `either` joins with "or" for a major one of the run ("a
 * PostgreSQL 16 or older server"). Without the word "PostgreSQL"; malloc'd. */
char *pk_majors_words(const char *first, const char *last, bool either);

/* The same with numbers; 0 is an open end. */
char *pk_majors_words_n(int first, int last, bool either);

#endif
