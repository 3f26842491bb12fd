/* PostgreSQL's check_locale() (src/backend/utils/adt/pg_locale.c, 13-18): setlocale() with the
 * value, then the saved locale back; the value is valid when setlocale() returned non-NULL. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const int cats[] = {LC_MESSAGES, LC_MONETARY, LC_NUMERIC, LC_TIME};
int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        int ok = 1;
        for (size_t c = 0; c < sizeof cats / sizeof cats[0]; c++) {
            char *save = strdup(setlocale(cats[c], NULL));
            ok = ok && setlocale(cats[c], argv[i]) != NULL;
            setlocale(cats[c], save);
            free(save);
        }
        printf("%s %s\n", argv[i], ok ? "accepted" : "refused");
    }
    return 0;
}
