/* The generated module-parameter data (contrib_data.auto.c, written by gen_contrib.sh): one
 * ContribCatalog per major 13–18, in increasing order. Private to the catalog module. */
#ifndef PK_CATALOG_CONTRIB_INTERN_H
#define PK_CATALOG_CONTRIB_INTERN_H

#include <stddef.h>

#include "catalog/contrib.h"

extern const ContribCatalog pk_contrib_majors[];
extern const size_t pk_contrib_n_majors;

#endif
