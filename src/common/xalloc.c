#include "common/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *pk_out_of_memory(size_t size)
{
    fprintf(stderr, "pgknob: fatal: out of memory (requesting %zu bytes)\n", size);
    exit(3);
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    return p ? p : pk_out_of_memory(size);
}

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    return p ? p : pk_out_of_memory(count * size);
}

void *xrealloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    return p ? p : pk_out_of_memory(size);
}

char *xstrdup(const char *s)
{
    return s ? xstrndup(s, strlen(s)) : NULL;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int len = vsnprintf(NULL, 0, fmt, ap);
    char *buf = len < 0 ? NULL : xmalloc((size_t)len + 1);
    if (buf)
        vsnprintf(buf, (size_t)len + 1, fmt, again);
    va_end(again);
    return buf ? buf : xstrdup("");
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *buf = xvasprintf(fmt, ap);
    va_end(ap);
    return buf;
}
