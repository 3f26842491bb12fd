#include "common/git_origin.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

char *git_origin_repository(const char *root, char **owner)
{
    if (owner)
        *owner = NULL;
    char *path = xasprintf("%s/.git/config", root);
    FILE *fp = fopen(path, "r");
    free(path);
    if (!fp)
        return NULL;
    char line[4096], *name = NULL;
    bool origin = false;
    while (!name && fgets(line, sizeof(line), fp)) {
        char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '[') {
            origin = !strncmp(p, "[remote \"origin\"]", 17);
            continue;
        }
        if (!origin || strncmp(p, "url", 3))
            continue;
        p += 3;
        while (isspace((unsigned char)*p))
            p++;
        if (*p++ != '=')
            continue;
        while (isspace((unsigned char)*p))
            p++;
        p[strcspn(p, "\r\n")] = '\0';
        size_t len = strlen(p);
        while (len && (p[len - 1] == '/' || isspace((unsigned char)p[len - 1])))
            p[--len] = '\0';
        if (len > 4 && !strcmp(p + len - 4, ".git"))
            p[len -= 4] = '\0';
        char *last = p + len;
        while (last > p && last[-1] != '/' && last[-1] != ':')
            last--;
        if (!*last)
            continue;
        name = xstrdup(last);
        if (owner && last > p + 1) {
            char *end = last - 1, *start = end;
            while (start > p && start[-1] != '/' && start[-1] != ':')
                start--;
            if (end > start)
                *owner = xstrndup(start, (size_t)(end - start));
        }
    }
    fclose(fp);
    return name;
}
