#include "common/diag.h"

#include <stdio.h>

void pk_print_error(const char *file, int line, const char *message, const char *hint)
{
    if (file && line > 0)
        fprintf(stderr, "pgknob: error: %s:%d: %s\n", file, line, message);
    else if (file)
        fprintf(stderr, "pgknob: error: %s: %s\n", file, message);
    else
        fprintf(stderr, "pgknob: error: %s\n", message);
    if (hint)
        fprintf(stderr, "hint: %s\n", hint);
}
