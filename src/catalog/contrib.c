/* Lookups over the generated module-parameter catalog (contrib_data.auto.c). */
#include "catalog/contrib.h"

#include <string.h>
#include <strings.h>

#include "catalog/contrib.intern.h"

const ContribCatalog *catalog_contrib_for_major(int major)
{
    for (size_t idx = 0; idx < pk_contrib_n_majors; idx++)
        if (pk_contrib_majors[idx].cat.major == major)
            return &pk_contrib_majors[idx];
    return NULL;
}

const CatalogParam *catalog_contrib_find(const ContribCatalog *cc, const char *name,
                                         const ContribParamInfo **info)
{
    const CatalogParam *param = cc ? catalog_find(&cc->cat, name) : NULL;
    if (param && info)
        *info = &cc->info[param - cc->cat.params];
    return param;
}

static const ContribModule *module_named(const ContribCatalog *cc, const char *name, size_t len)
{
    for (size_t idx = 0; idx < cc->n_modules; idx++) {
        const ContribModule *mod = &cc->modules[idx];
        if (strlen(mod->name) == len && !strncasecmp(mod->name, name, len))
            return mod;
    }
    return NULL;
}

const ContribModule *catalog_contrib_module_of(const ContribCatalog *cc, const char *name)
{
    const char *dot = name ? strchr(name, '.') : NULL;
    if (!cc || !dot)
        return NULL;
    size_t len = (size_t)(dot - name);
    const ContribModule *mod = module_named(cc, name, len);
    /* a module's second prefix (pltclu.start_proc is pltcl's) */
    for (size_t idx = 0; !mod && idx < cc->cat.n_params; idx++)
        if (!strncasecmp(cc->cat.params[idx].name, name, len + 1))
            mod = module_named(cc, cc->info[idx].module, strlen(cc->info[idx].module));
    return mod;
}

int catalog_contrib_first_major(const char *module)
{
    for (size_t idx = 0; idx < pk_contrib_n_majors; idx++)
        for (size_t mod = 0; mod < pk_contrib_majors[idx].n_modules; mod++)
            if (!strcasecmp(pk_contrib_majors[idx].modules[mod].name, module))
                return pk_contrib_majors[idx].cat.major;
    return 0;
}

bool catalog_contrib_unread(const ContribCatalog *cc, const char *name)
{
    const char *dot = name ? strchr(name, '.') : NULL;
    size_t len = dot ? (size_t)(dot - name) : 0;
    for (size_t idx = 0; cc && len && cc->unread && cc->unread[idx]; idx++)
        if (strlen(cc->unread[idx]) == len && !strncasecmp(cc->unread[idx], name, len))
            return true;
    return false;
}
