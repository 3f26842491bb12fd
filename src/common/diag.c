#include "common/diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

/* Messages quote file names, tokens and values: control bytes are shown, not sent. */
static char *visible(const char *text)
{
    if (!text)
        return NULL;
    StrBuf sb = STRBUF_INIT;
    sb_put_escaped_controls(&sb, text, strlen(text), false);
    return sb.data ? sb_detach(&sb) : calloc(1, 1);
}

static void print_error(const char *file, int line, const char *message, const char *hint);

void pk_print_error(const char *file, int line, const char *message, const char *hint)
{
    char *f = visible(file), *m = visible(message), *h = visible(hint);
    print_error(f, line, m ? m : "", h);
    free(f);
    free(m);
    free(h);
}

static void print_error(const char *file, int line, const char *message, const char *hint)
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
