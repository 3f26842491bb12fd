/* The offline pg_file_settings view: for each entry of a ConfSet read in view mode
 * (ConfLoadOpts.view_mode), whether the server would apply it, the view's error column, the
 * value in the parameter's base unit and pgknob's hint. The verdicts need the catalog of the
 * target major (types, units, contexts, old names). */
#ifndef PK_CONF_VIEW_H
#define PK_CONF_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "conf/conf.h"

/* The view's verdict for one entry. */
typedef struct ConfViewRow {
    bool applied;
    const char *error;      /* the view's error column, or NULL */
    const char *normalized; /* the value in the parameter's base unit, NULL when unknown */
    const char *hint;       /* pgknob's advice, or NULL */
    bool ignored;           /* superseded by a later entry spelled exactly alike */
} ConfViewRow;

/* Its rows live in its arena and may point into the set, which must outlive the view. */
typedef struct ConfView {
    Arena *arena;
    ConfViewRow *rows; /* one per entry of the set, in its order */
    size_t n;
    int major; /* the major the verdicts are for */
} ConfView;

/* The view of `set` for PostgreSQL `major`; 0 takes the data directory's PG_VERSION, and a
 * major without a catalog the default (PK_DEFAULT_MAJOR). Free with arena_free(view->arena). */
void conf_view_compute(const ConfSet *set, int major, ConfView *view);

#endif
