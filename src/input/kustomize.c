/* A manifest in a kustomize tree. A directory is listed only when a value's type depends on it
 * (an unquoted on or off in a string map), which few manifests have. */
#include "input/kustomize.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/readfile.h"

/* A YAML file of `dir` that declares a Flux Kustomization: its name into `found`. */
static bool flux_kustomization(const char *dir, char *found, size_t cap)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    bool hit = false;
    for (struct dirent *e = readdir(d); e && !hit; e = readdir(d)) {
        size_t n = strlen(e->d_name);
        if (!(n > 5 && !strcmp(e->d_name + n - 5, ".yaml")) &&
            !(n > 4 && !strcmp(e->d_name + n - 4, ".yml")))
            continue;
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path)
            continue;
        char *data = NULL;
        size_t len = 0;
        int err = 0;
        if (pk_read_file(path, 256 * 1024, &data, &len, &err) != PK_READ_OK)
            continue;
        hit = strstr(data, "kustomize.toolkit.fluxcd.io/") && strstr(data, "kind: Kustomization");
        free(data);
        if (hit)
            snprintf(found, cap, "%s", path);
    }
    closedir(d);
    return hit;
}

bool input_kustomize_renders(const char *file, char *why, size_t cap)
{
    char dir[PATH_MAX];
    if (!realpath(file, dir))
        return false;
    static const char *const names[] = {"kustomization.yaml", "kustomization.yml", "Kustomization"};
    for (int level = 0; level <= 3; level++) {
        char *up = strrchr(dir, '/');
        if (!up || up == dir)
            return false;
        *up = '\0';
        char path[PATH_MAX];
        struct stat st;
        for (size_t idx = 0; idx < sizeof(names) / sizeof(names[0]); idx++)
            if (snprintf(path, sizeof path, "%s/%s", dir, names[idx]) < (int)sizeof path &&
                stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                snprintf(why, cap, "the kustomization %s", path);
                return true;
            }
        char found[PATH_MAX];
        if (flux_kustomization(dir, found, sizeof found)) {
            snprintf(why, cap, "the Flux Kustomization in %s", found);
            return true;
        }
        if (snprintf(path, sizeof path, "%s/.git", dir) < (int)sizeof path && stat(path, &st) == 0)
            return false;
    }
    return false;
}

/* Does the kustomization text list `rel` under a top-level patches key (patches,
 * patchesStrategicMerge, patchesJson6902), as an item or an item's `path:`? */
static bool lists_patch(char *text, const char *rel)
{
    bool in_patches = false;
    for (char *line = text, *eol; line && *line; line = eol ? eol + 1 : NULL) {
        eol = strchr(line, '\n');
        if (eol)
            *eol = '\0';
        if (*line && *line != ' ' && *line != '\t' && *line != '-' && *line != '#')
            in_patches = !strncmp(line, "patches", 7);
        if (!in_patches)
            continue;
        char *p = line;
        while (*p == ' ' || *p == '\t' || *p == '-')
            p++;
        if (!strncmp(p, "path:", 5))
            for (p += 5; *p == ' ' || *p == '\t';)
                p++;
        if (*p == '"' || *p == '\'')
            p++;
        while (p[0] == '.' && p[1] == '/')
            p += 2;
        size_t n = strlen(rel);
        if (!strncmp(p, rel, n) && (!p[n] || strchr("\"' \t\r#", p[n])))
            return true;
    }
    return false;
}

bool input_kustomize_patch(const char *file, char *why, size_t cap)
{
    char real[PATH_MAX], dir[PATH_MAX];
    if (!realpath(file, real))
        return false;
    snprintf(dir, sizeof dir, "%s", real);
    static const char *const names[] = {"kustomization.yaml", "kustomization.yml", "Kustomization"};
    for (int level = 0; level <= 3; level++) {
        char *up = strrchr(dir, '/');
        if (!up || up == dir)
            return false;
        *up = '\0';
        const char *rel = real + strlen(dir) + 1;
        char path[PATH_MAX];
        struct stat st;
        for (size_t idx = 0; idx < sizeof(names) / sizeof(names[0]); idx++) {
            char *data = NULL;
            size_t len = 0;
            int err = 0;
            if (snprintf(path, sizeof path, "%s/%s", dir, names[idx]) >= (int)sizeof path ||
                pk_read_file(path, 256 * 1024, &data, &len, &err) != PK_READ_OK)
                continue;
            bool listed = lists_patch(data, rel);
            free(data);
            if (listed) {
                snprintf(why, cap, "the kustomization %s", path);
                return true;
            }
        }
        if (snprintf(path, sizeof path, "%s/.git", dir) < (int)sizeof path && stat(path, &st) == 0)
            return false;
    }
    return false;
}
