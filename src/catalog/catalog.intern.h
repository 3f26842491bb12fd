/* The generated catalog data (catalog_data.auto.c, written by gen_catalog.sh): one Catalog per
 * major 13–18, in increasing order. Private to the catalog module. */
#ifndef PK_CATALOG_INTERN_H
#define PK_CATALOG_INTERN_H

#include <stddef.h>

#include "catalog/catalog.h"

extern const Catalog pk_catalog_majors[];
extern const size_t pk_catalog_n_majors;

#endif
