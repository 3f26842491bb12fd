#include "common/arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

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

/* A block is zeroed when handed out, except from a mapped chunk (arena_reserve), whose pages come
 * zeroed from the kernel: no byte is handed out twice. Chunks are not calloc'd, so the pages of
 * a chunk's unused tail are never touched. */
typedef struct Chunk {
    struct Chunk *next;
    size_t size; /* usable bytes in data */
    size_t used;
    size_t mapped; /* bytes to munmap; 0 when from calloc */
    alignas(max_align_t) unsigned char data[];
} Chunk;

typedef struct Cleanup {
    struct Cleanup *next;
    void (*fn)(void *);
    void *arg;
} Cleanup;

struct Arena {
    Chunk *head; /* the chunk being filled; full ones follow */
    void *last;  /* the latest allocation, which arena_realloc may extend in place */
    size_t footprint;
    size_t used;       /* bytes handed out */
    Cleanup *cleanups; /* latest first */
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
    for (Cleanup *c = arena->cleanups; c; c = c->next)
        c->fn(c->arg);
    for (Chunk *c = arena->head, *next; c; c = next) {
        next = c->next;
#ifdef ARENA_ASAN
        ASAN_UNPOISON_MEMORY_REGION(c->data, c->size);
#endif
        if (c->mapped)
            munmap(c, c->mapped);
        else
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
    c->next = NULL;
    c->size = size;
    c->used = 0;
    c->mapped = 0;
    arena->footprint += sizeof(Chunk) + size;
    return c;
}

void *arena_alloc(Arena *arena, size_t size)
{
    size_t need = align_up(size ? size : 1);
    arena->used += need;
    Chunk *c = arena->head;
    if (!c || c->size - c->used < need) {
        /* A large block gets a chunk of its own behind the head, so the space left in the head
         * is not thrown away for it. */
        if (need > ARENA_CHUNK / 4 && c) {
            Chunk *own_chunk = chunk_new(arena, need);
            own_chunk->next = c->next;
            c->next = own_chunk;
            own_chunk->used = need;
            arena->last = NULL;
            memset(own_chunk->data, 0, need);
            return own_chunk->data;
        }
        c = chunk_new(arena, need > ARENA_CHUNK ? need : ARENA_CHUNK);
        c->next = arena->head;
        arena->head = c;
    }
    void *p = c->data + c->used;
    c->used += need;
    arena->last = p;
    if (!c->mapped)
        memset(p, 0, need);
    return p;
}

void arena_reserve(Arena *arena, size_t size)
{
#ifdef ARENA_ASAN
    (void)arena;
    (void)size;
#else
    Chunk *head = arena->head;
    if (size <= ARENA_CHUNK || (head && head->size - head->used >= size) ||
        size > SIZE_MAX - sizeof(Chunk))
        return;
    /* MAP_POPULATE: one fault-in of the whole block instead of one fault per page touched */
    size_t len = sizeof(Chunk) + size;
    Chunk *c =
        mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (c == MAP_FAILED)
        return; /* the chunks come from malloc then */
    c->size = size;
    c->mapped = len;
    c->next = head;
    arena->head = c;
    arena->last = NULL;
    arena->footprint += len;
#endif
}

void arena_on_free(Arena *arena, void (*fn)(void *), void *arg)
{
    Cleanup *c = arena_alloc(arena, sizeof(*c));
    *c = (Cleanup){arena->cleanups, fn, arg};
    arena->cleanups = c;
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
            arena->used += start + need - c->used;
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

static void free_child(void *child)
{
    arena_free(child);
}

void arena_adopt(Arena *parent, Arena *child)
{
    if (child)
        arena_on_free(parent, free_child, child);
}

size_t arena_used(const Arena *arena)
{
    return arena ? arena->used : 0;
}

size_t arena_footprint(const Arena *arena)
{
    return arena ? arena->footprint : 0;
}
