/* Memory by lifetime: an arena owns every allocation of one object graph (a configuration set,
 * a snapshot, a rule set, ...) and frees them all at once, as PostgreSQL's memory contexts do.
 * Code that builds the graph allocates from its arena and frees nothing; the graph's owner calls
 * arena_free once. Running out of memory ends the process, as xalloc.h does. */
#ifndef PK_ARENA_H
#define PK_ARENA_H

#include <stdarg.h>
#include <stddef.h>

typedef struct Arena Arena;

Arena *arena_new(void);
/* Frees every allocation of the arena and the arena itself; NULL is accepted. */
void arena_free(Arena *arena);
/* *slot, created on first use: for graphs whose owner zero-initialises them. */
Arena *arena_get(Arena **slot);

/* Zeroed memory, aligned for any type. */
void *arena_alloc(Arena *arena, size_t size);
/* Zeroed array of `count` items (the product is checked for overflow). */
void *arena_array(Arena *arena, size_t count, size_t size);
/* `ptr` (an allocation of `arena` of `old_size` bytes, or NULL) resized to `new_size`: in place
 * when it is the arena's last allocation, else copied. The bytes past old_size are zeroed. */
void *arena_realloc(Arena *arena, void *ptr, size_t old_size, size_t new_size);
char *arena_strdup(Arena *arena, const char *s); /* NULL in, NULL out */
char *arena_strndup(Arena *arena, const char *s, size_t n);
void *arena_memdup(Arena *arena, const void *p, size_t size);
char *arena_printf(Arena *arena, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *arena_vprintf(Arena *arena, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* Makes room for `size` bytes of later allocations in one block, faulted in at once: for a graph
 * whose size is known beforehand (a compiled rule pack). */
void arena_reserve(Arena *arena, size_t size);
/* Calls fn(arg) when the arena is freed, before its memory goes (latest registered first): for
 * what the graph holds outside the arena (a compiled regex, a mapped file). */
void arena_on_free(Arena *arena, void (*fn)(void *), void *arg);

/* `child` (NULL accepted) is freed with `parent`: for a graph that takes in another's parts. */
void arena_adopt(Arena *parent, Arena *child);

/* Bytes handed out (each block rounded up to the alignment): what a graph takes, measured. */
size_t arena_used(const Arena *arena);
/* Bytes the arena holds from malloc (chunks, not what was asked for): for tests. */
size_t arena_footprint(const Arena *arena);

/* Grow an arena array `arr` holding `n` items with capacity `cap` so one more fits. */
#define ARENA_GROW(arena, arr, n, cap)                                                             \
    do {                                                                                           \
        if ((n) >= (cap)) {                                                                        \
            size_t pk_old = (cap);                                                                 \
            (cap) = (cap) ? (cap)*2 : 8;                                                           \
            (arr) =                                                                                \
                arena_realloc((arena), (arr), pk_old * sizeof(*(arr)), (cap) * sizeof(*(arr)));    \
        }                                                                                          \
    } while (0)

#endif
