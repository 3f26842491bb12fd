/* Version ranges in words (common/majors.c): the formatter's forms, and for every parameter the
 * catalogs 13-18 list as added or removed, that the words name exactly the majors that have it
 * (or lack it), and that the texts stating its range (catalog notes, fix safety) use those words,
 * so that two texts about one parameter cannot disagree ("13-16 have" beside "14 to 16 still"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/catalog.intern.h"
#include "common/majors.h"
#include "common/version.h"
#include "common/xalloc.h"
#include "conf/conf.h"
#include "harness.h"
#include "lint/fix_safety.h"
#include "model/snapshot.h"

static void check_words(int first, int last, bool either, const char *want)
{
    char *got = pk_majors_words_n(first, last, either);
    CHECK_STR(got, want);
    free(got);
}

static void test_forms(void)
{
    check_words(0, 16, false, "16 and older");
    check_words(0, 16, true, "16 or older");
    check_words(17, 0, false, "17 and later");
    check_words(13, 14, false, "13 and 14");
    check_words(13, 14, true, "13 or 14");
    check_words(13, 16, false, "13 to 16");
    check_words(16, 16, false, "16");
    char *label = pk_majors_words(NULL, "9.4", true);
    CHECK_STR(label, "9.4 or older");
    free(label);
    label = pk_majors_words("9.6", "10", false);
    CHECK_STR(label, "9.6 to 10");
    free(label);
}

/* The catalogued majors a run in words names, as bits (bit 0 is PK_MIN_MAJOR); 0 when the words
 * are none of the forms. */
static unsigned words_bits(const char *words)
{
    int a, b, n = 0;
    unsigned bits = 0;
    const int lo = PK_MIN_MAJOR, hi = PK_MAX_MAJOR;
    if (sscanf(words, "%d and older%n", &a, &n) == 1 && !words[n])
        b = a, a = lo;
    else if (sscanf(words, "%d and later%n", &a, &n) == 1 && !words[n])
        b = hi;
    else if ((sscanf(words, "%d and %d%n", &a, &b, &n) == 2 ||
              sscanf(words, "%d to %d%n", &a, &b, &n) == 2) &&
             !words[n])
        ;
    else if (sscanf(words, "%d%n", &a, &n) == 1 && !words[n])
        b = a;
    else
        return 0;
    for (int major = a; major <= b; major++)
        if (major >= lo && major <= hi)
            bits |= 1u << (major - lo);
    return bits;
}

static unsigned having_bits(const char *name)
{
    unsigned bits = 0;
    for (size_t idx = 0; idx < pk_catalog_n_majors; idx++)
        if (catalog_find(&pk_catalog_majors[idx], name))
            bits |= 1u << (pk_catalog_majors[idx].major - PK_MIN_MAJOR);
    return bits;
}

/* fix_safety's words for a change of `name` on a file that names no major (18 assumed) */
static char *fix_words(const char *name, bool remove)
{
    Snapshot snap;
    ConfSet set = {0};
    conf_load_buffer("/t/postgresql.conf", "", 0, &set);
    snapshot_from_conf(&snap, &set, catalog_for_major(PK_MAX_MAJOR));
    arena_free(set.arena);
    char *copy = xstrdup(name), empty[1] = "";
    FindingFix fix = {.name = copy, .value = empty, .remove = remove};
    char *why = fix_safety_major_why(&snap, &fix);
    free(copy);
    snapshot_free(&snap);
    return why;
}

static void test_every_changed_parameter(void)
{
    unsigned all = (1u << (PK_MAX_MAJOR - PK_MIN_MAJOR + 1)) - 1;
    size_t n_params = 0;
    for (size_t cat = 0; cat < pk_catalog_n_majors; cat++) {
        for (size_t idx = 0; idx < pk_catalog_majors[cat].n_params; idx++) {
            const char *name = pk_catalog_majors[cat].params[idx].name;
            unsigned have = having_bits(name);
            /* once per parameter: at the first catalog that has it */
            if (have == all || (have & ((1u << (pk_catalog_majors[cat].major - PK_MIN_MAJOR)) - 1)))
                continue;
            n_params++;
            char *with = catalog_param_majors(name, false, false);
            char *without = catalog_param_majors(name, true, false);
            bool contiguous = with && words_bits(with) == have;
            if (!contiguous)
                fprintf(stderr, "  %s: \"%s\" for majors %#x\n", name, with ? with : "(none)",
                        have);
            CHECK(contiguous);
            if (!with)
                continue;
            if (without) {
                bool complement = words_bits(without) == (all & ~have);
                if (!complement)
                    fprintf(stderr, "  %s: absent \"%s\"\n", name, without);
                CHECK(complement);
            }
            /* the notes of the majors without it say the same run */
            for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
                char *note = catalog_version_note(major, name);
                const char *in = note ? strstr(note, "it is in PostgreSQL ") : NULL;
                if (in) {
                    bool same = !strncmp(in + strlen("it is in PostgreSQL "), with, strlen(with));
                    if (!same)
                        fprintf(stderr, "  %s on %d: %s\n", name, major, note);
                    CHECK(same);
                }
                free(note);
            }
            /* fix safety on a file that names no major: a removal names the majors that still
             * have it, a new parameter the majors that have none, each in the catalog's words */
            bool removed = !(have & (1u << (PK_MAX_MAJOR - PK_MIN_MAJOR)));
            char *why = fix_words(name, removed);
            /* a parameter no file could set on the majors that had it (lc_collate, internal in
             * 13-15): its line is refused there too, so its removal differs on none */
            bool settable = false;
            for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
                const CatalogParam *then = catalog_find(catalog_for_major(major), name);
                settable = settable || (then && then->context != GUC_CTX_INTERNAL);
            }
            if (removed && !settable) {
                if (why)
                    fprintf(stderr, "  %s: fix safety \"%s\", wanted none\n", name, why);
                CHECK(!why);
            } else if (removed || why) {
                const char *span = removed ? with : without;
                bool one = span && !strchr(span, ' '); /* "15": one major, "has" */
                char *want =
                    removed
                        ? xasprintf("PostgreSQL %s still %s %s", span, one ? "has" : "have", name)
                        : xasprintf("PostgreSQL %s %s no %s", span, one ? "has" : "have", name);
                bool says = why && strstr(why, want);
                if (!says)
                    fprintf(stderr, "  %s: fix safety \"%s\", wanted \"%s\"\n", name,
                            why ? why : "(null)", want);
                CHECK(says);
                free(want);
            }
            free(why);
            free(with);
            free(without);
        }
    }
    CHECK(n_params >= 20); /* the catalogs 13-18 add and remove dozens */
}

int main(void)
{
    test_forms();
    test_every_changed_parameter();
    PK_TEST_DONE();
}
