/* Unit tests for src/common/arena: allocations are zeroed and aligned, strings and printf copy,
 * arena_realloc keeps the contents (in place and moved), large blocks do not waste the chunk being
 * filled, many allocations stay in few chunks, and one arena_free releases all (ASan and the
 * asan-units build check that nothing leaks or overruns). */
#include <stdalign.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "common/arena.h"
#include "harness.h"

static void test_alloc(void)
{
    Arena *a = arena_new();
    unsigned char *p = arena_alloc(a, 24);
    bool zero = true;
    for (int i = 0; i < 24; i++)
        zero = zero && p[i] == 0;
    CHECK(zero);
    double *d = arena_alloc(a, sizeof(double));
    CHECK((uintptr_t)d % alignof(double) == 0);
    *d = 1.5;
    CHECK(arena_alloc(a, 0) != NULL);
    int *arr = arena_array(a, 100, sizeof(int));
    arr[99] = 7;
    CHECK(arr[99] == 7 && arr[0] == 0);
    arena_free(a);
    arena_free(NULL);
}

static void test_strings(void)
{
    Arena *a = arena_new();
    CHECK_STR(arena_strdup(a, "shared_buffers"), "shared_buffers");
    CHECK(arena_strdup(a, NULL) == NULL);
    CHECK_STR(arena_strndup(a, "work_mem = 4MB", 8), "work_mem");
    CHECK_STR(arena_printf(a, "%s=%d", "max_connections", 100), "max_connections=100");
    CHECK_STR(arena_printf(a, "%s", ""), "");
    char big[5000];
    memset(big, 'x', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    CHECK(strlen(arena_printf(a, "%s!", big)) == sizeof(big));
    const int src[3] = {1, 2, 3};
    int *copy = arena_memdup(a, src, sizeof(src));
    CHECK(copy[0] == 1 && copy[2] == 3);
    arena_free(a);
}

static void test_grow(void)
{
    Arena *a = arena_new();
    int *arr = NULL;
    size_t n = 0, cap = 0;
    for (int i = 0; i < 10000; i++) {
        ARENA_GROW(a, arr, n, cap);
        arr[n++] = i;
    }
    bool kept = true;
    for (int i = 0; i < 10000; i++)
        kept = kept && arr[i] == i;
    CHECK(kept);
    CHECK(cap >= n);
    /* a realloc of a block that is not the last one moves it and keeps its contents */
    char *s = arena_strdup(a, "abc");
    (void)arena_alloc(a, 8);
    char *t = arena_realloc(a, s, 4, 64);
    CHECK_STR(t, "abc");
    CHECK(t[63] == 0);
    CHECK(arena_realloc(a, t, 64, 10) == t);
    arena_free(a);
}

static void test_footprint(void)
{
    Arena *a = arena_new();
    for (int i = 0; i < 1000; i++)
        (void)arena_strdup(a, "log_min_duration_statement");
    size_t small = arena_footprint(a);
    CHECK(small > 0);
    (void)arena_alloc(a, 1 << 20);
    CHECK(arena_footprint(a) >= small + (1 << 20));
    /* the chunk being filled still takes small blocks after a large one */
    size_t before = arena_footprint(a);
    (void)arena_strdup(a, "x");
    CHECK(arena_footprint(a) - before < 1024);
    arena_free(a);
    Arena *lazy = NULL;
    CHECK(arena_get(&lazy) == arena_get(&lazy));
    arena_free(lazy);
}

static int cleaned[3], n_cleaned;

static void note_cleanup(void *arg)
{
    cleaned[n_cleaned++] = *(int *)arg;
}

static void test_cleanup_and_reserve(void)
{
    Arena *a = arena_new();
    int *first = arena_alloc(a, sizeof(int)), *second = arena_alloc(a, sizeof(int));
    *first = 1;
    *second = 2;
    arena_on_free(a, note_cleanup, first);
    arena_on_free(a, note_cleanup, second);
    arena_reserve(a, 1 << 20);
    unsigned char *big = arena_alloc(a, 1 << 19);
    CHECK(big[0] == 0 && big[(1 << 19) - 1] == 0);
    unsigned char *next = arena_alloc(a, 100);
    CHECK(next[99] == 0);
    arena_free(a);
    /* latest first, and while the arena's memory (what they point to) is still there */
    CHECK(n_cleaned == 2 && cleaned[0] == 2 && cleaned[1] == 1);
}

int main(void)
{
    test_cleanup_and_reserve();
    test_alloc();
    test_strings();
    test_grow();
    test_footprint();
    PK_TEST_DONE();
}
