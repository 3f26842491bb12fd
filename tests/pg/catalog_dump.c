/* Test helper for t-servers.sh: prints what the compiled catalog says, in the shape the tier's
 * pg_settings query prints, so the two can be diffed row by row.
 *   catalog_dump params MAJOR        name, vartype, unit, boot, min, max, {enums}, context,
 *                                    category, short_desc (tab-separated, \N for NULL), the
 *                                    parameters pg_settings lists
 *   catalog_dump hidden MAJOR        name, vartype, min, max, context of the hidden ones
 *   catalog_dump version MAJOR       server_version the data came from
 *   catalog_dump alias MAJOR NAME    the alias target or \N
 *   catalog_dump note MAJOR NAME     the version note or \N
 *   catalog_dump contrib MAJOR       the module parameters, as `params` prints them
 *   catalog_dump contrib-info MAJOR  name, module, preload_only (t/f) of each
 *   catalog_dump contrib-modules MAJOR  name, loaded_by (\N: anywhere)
 *   catalog_dump contrib-behaviour MAJOR  bad_value_refuses_start, misspelled_refuses_start,
 *                                    misspelled_removed (t/f, tab-separated) */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/contrib.h"

static const char *or_null(const char *s)
{
    return s ? s : "\\N";
}

static void print_enums(const char *const *vals)
{
    if (!vals) {
        fputs("\\N", stdout);
        return;
    }
    putchar('{');
    for (size_t idx = 0; vals[idx]; idx++) {
        /* array_out quotes empty elements and those with spaces or punctuation, as
         * pg_settings.enumvals prints them */
        bool quote = !*vals[idx] || strpbrk(vals[idx], " ,{}\"\\") != NULL;
        printf("%s%s%s%s", idx ? "," : "", quote ? "\"" : "", vals[idx], quote ? "\"" : "");
    }
    putchar('}');
}

static void print_hidden(const Catalog *cat)
{
    for (size_t idx = 0; idx < cat->n_params; idx++) {
        const CatalogParam *p = &cat->params[idx];
        if (p->hidden)
            printf("%s\t%s\t%s\t%s\t%s\n", p->name, catalog_type_name(p->type), or_null(p->min_val),
                   or_null(p->max_val), catalog_context_name(p->context));
    }
}

static void print_params(const Catalog *cat)
{
    for (size_t idx = 0; idx < cat->n_params; idx++) {
        const CatalogParam *p = &cat->params[idx];
        if (p->hidden)
            continue;
        printf("%s\t%s\t%s\t%s\t%s\t%s\t", p->name, catalog_type_name(p->type), or_null(p->unit),
               or_null(p->boot_val), or_null(p->min_val), or_null(p->max_val));
        print_enums(p->enum_vals);
        printf("\t%s\t%s\t%s\n", catalog_context_name(p->context), p->category, p->short_desc);
    }
}

static const char *tf(bool b)
{
    return b ? "t" : "f";
}

static void print_contrib(const char *what, const ContribCatalog *cc)
{
    if (!strcmp(what, "contrib")) {
        print_params(&cc->cat);
    } else if (!strcmp(what, "contrib-info")) {
        for (size_t idx = 0; idx < cc->cat.n_params; idx++)
            printf("%s\t%s\t%s\n", cc->cat.params[idx].name, cc->info[idx].module,
                   tf(cc->info[idx].preload_only));
    } else if (!strcmp(what, "contrib-modules")) {
        for (size_t idx = 0; idx < cc->n_modules; idx++)
            printf("%s\t%s\n", cc->modules[idx].name, or_null(cc->modules[idx].loaded_by));
    } else {
        printf("%s\t%s\t%s\n", tf(cc->bad_value_refuses_start), tf(cc->misspelled_refuses_start),
               tf(cc->misspelled_removed));
    }
}

int main(int argc, char **argv)
{
    const Catalog *cat = argc >= 3 ? catalog_for_major(atoi(argv[2])) : NULL;
    if (!cat) {
        fprintf(stderr, "usage: catalog_dump params|hidden|version|alias|note MAJOR [NAME]\n");
        return 2;
    }
    if (strncmp(argv[1], "contrib", 7) == 0) {
        print_contrib(argv[1], catalog_contrib_for_major(cat->major));
    } else if (strcmp(argv[1], "params") == 0) {
        print_params(cat);
    } else if (strcmp(argv[1], "hidden") == 0) {
        print_hidden(cat);
    } else if (strcmp(argv[1], "version") == 0) {
        puts(cat->server_version);
    } else if (strcmp(argv[1], "alias") == 0 && argc == 4) {
        puts(or_null(catalog_alias_target(cat->major, argv[3])));
    } else if (strcmp(argv[1], "note") == 0 && argc == 4) {
        char *note = catalog_version_note(cat->major, argv[3]);
        puts(or_null(note));
        free(note);
    } else {
        return 2;
    }
    return 0;
}
