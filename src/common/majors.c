#include "common/majors.h"

#include <stdio.h>
#include <string.h>

#include "common/xalloc.h"

/* the release after `label` when both are plain numbers of consecutive majors (13, 14) */
static bool next_major(const char *first, const char *last)
{
    int a, b, na = 0, nb = 0;
    if (sscanf(first, "%d%n", &a, &na) != 1 || sscanf(last, "%d%n", &b, &nb) != 1)
        return false;
    return !first[na] && !last[nb] && b == a + 1;
}

char *pk_majors_words(const char *first, const char *last, bool either)
{
    const char *join = either ? "or" : "and";
    if (!first && !last)
        return xstrdup(either ? "any major" : "every major");
    if (!first)
        return xasprintf("%s %s older", last, join);
    if (!last)
        return xasprintf("%s %s later", first, join);
    if (!strcmp(first, last))
        return xstrdup(first);
    if (next_major(first, last))
        return xasprintf("%s %s %s", first, join, last);
    return xasprintf("%s to %s", first, last);
}

char *pk_majors_words_n(int first, int last, bool either)
{
    char a[16], b[16];
    snprintf(a, sizeof(a), "%d", first);
    snprintf(b, sizeof(b), "%d", last);
    return pk_majors_words(first ? a : NULL, last ? b : NULL, either);
}
