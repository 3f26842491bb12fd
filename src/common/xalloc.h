/* Allocation that never returns NULL: running out of memory ends the process with a message,
 * as PostgreSQL's frontend pg_malloc does. Not an arena; callers free what they allocate
 * (common/arena.h frees a graph at once). */
#ifndef PK_XALLOC_H
#define PK_XALLOC_H

#include <stdarg.h>
#include <stddef.h>

/* Ends the process with the out-of-memory message (for allocators built on these). */
_Noreturn void *pk_out_of_memory(size_t size);
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s); /* NULL in, NULL out */
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Grow a dynamic array `arr` holding `n` items with capacity `cap` so one more fits. */
#define PK_GROW(arr, n, cap)                                                                       \
    do {                                                                                           \
        if ((n) >= (cap)) {                                                                        \
            (cap) = (cap) ? (cap)*2 : 8;                                                           \
            (arr) = xrealloc((arr), (cap) * sizeof(*(arr)));                                       \
        }                                                                                          \
    } while (0)

#endif
