#include "common/arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

/* Under AddressSanitizer every allocation is a chunk of its own, so an overrun of one object or
 * a use after arena_free is reported as it would be with malloc; a block left behind by
 * arena_realloc is poisoned. */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif
#ifdef ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define ARENA_CHUNK 0
#else
#define ARENA_CHUNK (16 * 1024)
#endif

#define ARENA_ALIGN alignof(max_align_t)

typedef struct Chunk {
    struct Chunk *next;
    size_t size; /* usable bytes in data */
    size_t used;
    alignas(max_align_t) unsigned char data[];
} Chunk;

struct Arena {
    Chunk *head; /* the chunk being filled; full ones follow */
    void *last;  /* the latest allocation, which arena_realloc may extend in place */
    size_t footprint;
};

/* Under ASan a block is exactly what was asked for, so a one-byte overrun is caught. */
static size_t align_up(size_t n)
{
#ifdef ARENA_ASAN
    return n;
#else
    return (n + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
#endif
}

Arena *arena_new(void)
{
    return xcalloc(1, sizeof(Arena));
}

void arena_free(Arena *arena)
{
    if (!arena)
        return;
    for (Chunk *c = arena->head, *next; c; c = next) {
        next = c->next;
#ifdef ARENA_ASAN
        ASAN_UNPOISON_MEMORY_REGION(c->data, c->size);
#endif
        free(c);
    }
    free(arena);
}

Arena *arena_get(Arena **slot)
{
    if (!*slot)
        *slot = arena_new();
    return *slot;
}

static Chunk *chunk_new(Arena *arena, size_t size)
{
    if (size > SIZE_MAX - sizeof(Chunk))
        pk_out_of_memory(size);
    Chunk *c = xmalloc(sizeof(Chunk) + size);
    c->size = size;
    c->used = 0;
    arena->footprint += sizeof(Chunk) + size;
    return c;
}

void *arena_alloc(Arena *arena, size_t size)
{
    size_t need = align_up(size ? size : 1);
    Chunk *c = arena->head;
    if (!c || c->size - c->used < need) {
        /* A large block gets a chunk of its own behind the head, so the space left in the head
         * is not thrown away for it. */
        if (need > ARENA_CHUNK / 4 && c) {
            Chunk *own_chunk = chunk_new(arena, need);
            own_chunk->next = c->next;
            c->next = own_chunk;
            own_chunk->used = need;
            memset(own_chunk->data, 0, need);
            arena->last = NULL;
            return own_chunk->data;
        }
        c = chunk_new(arena, need > ARENA_CHUNK ? need : ARENA_CHUNK);
        c->next = arena->head;
        arena->head = c;
    }
    void *p = c->data + c->used;
    c->used += need;
    memset(p, 0, need);
    arena->last = p;
    return p;
}

void *arena_array(Arena *arena, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        pk_out_of_memory(SIZE_MAX);
    return arena_alloc(arena, count * size);
}

void *arena_realloc(Arena *arena, void *ptr, size_t old_size, size_t new_size)
{
    if (ptr && new_size <= old_size)
        return ptr;
    Chunk *c = arena->head;
    if (ptr && ptr == arena->last && c) {
        size_t start = (size_t)((unsigned char *)ptr - c->data);
        size_t need = align_up(new_size);
        if (c->size - start >= need) {
            memset((unsigned char *)ptr + old_size, 0, need - old_size);
            c->used = start + need;
            return ptr;
        }
    }
    void *p = arena_alloc(arena, new_size);
    if (ptr) {
        memcpy(p, ptr, old_size);
#ifdef ARENA_ASAN
        ASAN_POISON_MEMORY_REGION(ptr, old_size);
#endif
    }
    return p;
}

char *arena_strndup(Arena *arena, const char *s, size_t n)
{
    char *p = arena_alloc(arena, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(Arena *arena, const char *s)
{
    return s ? arena_strndup(arena, s, strlen(s)) : NULL;
}

void *arena_memdup(Arena *arena, const void *src, size_t size)
{
    void *p = arena_alloc(arena, size);
    if (size)
        memcpy(p, src, size);
    return p;
}

char *arena_vprintf(Arena *arena, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int len = vsnprintf(NULL, 0, fmt, ap);
    char *buf = arena_alloc(arena, len < 0 ? 1 : (size_t)len + 1);
    if (len > 0)
        vsnprintf(buf, (size_t)len + 1, fmt, again);
    va_end(again);
    return buf;
}

char *arena_printf(Arena *arena, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *buf = arena_vprintf(arena, fmt, ap);
    va_end(ap);
    return buf;
}

size_t arena_footprint(const Arena *arena)
{
    return arena ? arena->footprint : 0;
}
