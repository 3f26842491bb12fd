#include "input/major_evidence.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/readfile.h"
#include "common/xalloc.h"

#define COMMENT_READ_MAX ((size_t)4 << 20) /* a file larger than this is not read for comments */

/* A version at `p`: "17", "9.6" (a 9.x or older major needs its second number; a lone "9" names
 * nothing). Followed by what ends a path component or a Debian cluster ("/", "-", "_", the end). */
static bool parse_version(const char *p, char label[16], int *major)
{
    size_t digits = strspn(p, "0123456789");
    if (!digits || digits > 2)
        return false;
    int num = (int)strtol(p, NULL, 10); /* two digits at most */
    const char *end = p + digits;
    if (num >= 10) {
        if (*end == '.' && isdigit((unsigned char)end[1])) /* "10.5": a minor, or 9.x style */
            end += 1 + strspn(end + 1, "0123456789");
        if (*end && !strchr("/-_'\" ", *end))
            return false;
        snprintf(label, 16, "%d", num);
        *major = num;
        return true;
    }
    if (num < 7 || *end != '.' || !isdigit((unsigned char)end[1]) || isdigit((unsigned char)end[2]))
        return false;
    if (end[2] && !strchr("/-_'\" ", end[2]))
        return false;
    snprintf(label, 16, "%d.%c", num, end[1]);
    *major = 0;
    return true;
}

bool major_in_text(const char *text, bool cluster_name, char label[16], int *major)
{
    if (!text)
        return false;
    /* Debian's "16/main" (pg_createcluster names clusters VERSION/NAME) */
    if (cluster_name && parse_version(text, label, major) &&
        text[strspn(text, "0123456789.")] == '/')
        return true;
    /* packaging layouts: Debian/Ubuntu postgresql/N, RHEL/PGDG pgsql-N and pgsql/N, Homebrew
     * postgresql@N, Gentoo/SUSE postgresql-N; each right after a "/" */
    static const char *const layouts[] = {"postgresql/", "pgsql-",      "pgsql/",
                                          "postgresql@", "postgresql-", "postgresql"};
    for (const char *slash = strchr(text, '/'); slash; slash = strchr(slash + 1, '/')) {
        for (size_t idx = 0; idx < sizeof(layouts) / sizeof(layouts[0]); idx++) {
            size_t len = strlen(layouts[idx]);
            if (strncasecmp(slash + 1, layouts[idx], len))
                continue;
            /* "postgresql" alone only as /usr/lib/postgresql17 style: digits right after */
            if (parse_version(slash + 1 + len, label, major))
                return true;
        }
    }
    return false;
}

static void add_clue(MajorEvidence *ev, const char *label, int major, const char *file, int line,
                     char *what)
{
    PK_GROW(ev->clues, ev->n, ev->cap);
    MajorClue *clue = &ev->clues[ev->n++];
    memset(clue, 0, sizeof(*clue));
    snprintf(clue->label, sizeof(clue->label), "%s", label);
    clue->major = major;
    clue->file = xstrdup(file);
    clue->line = line;
    clue->what = what;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* "line 3", or "other.conf:3" for a line of another file than the first one read */
static char *where(const ConfSet *set, const char *file, int line)
{
    if (set->n_files && strcmp(set->files[0], file))
        return xasprintf("%s:%d", base_name(file), line);
    return xasprintf("line %d", line);
}

/* pgtune's header: "# DB Version: 13" */
static bool comment_version(const char *line, const char *stop, char label[16], int *major)
{
    static const char key[] = "db version:";
    const char *p = line;
    while (p < stop && (*p == ' ' || *p == '\t'))
        p++;
    if (p >= stop || *p != '#')
        return false;
    for (; p + sizeof(key) - 1 <= stop; p++)
        if (!strncasecmp(p, key, sizeof(key) - 1)) {
            p += sizeof(key) - 1;
            while (p < stop && (*p == ' ' || *p == '\t'))
                p++;
            char num[16] = {0};
            size_t len =
                (size_t)(stop - p) < sizeof(num) - 1 ? (size_t)(stop - p) : sizeof(num) - 1;
            memcpy(num, p, len);
            num[strcspn(num, "\r\n \t")] = '\0';
            return parse_version(num, label, major);
        }
    return false;
}

static void collect_comments(const ConfSet *set, const char *file, MajorEvidence *ev)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (pk_read_file(file, COMMENT_READ_MAX, &data, &len, &err) != PK_READ_OK)
        return; /* standard input, or gone: its entries still count */
    const char *p = data, *end = data + len;
    for (int line = 1; p < end; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl : end;
        char label[16];
        int major;
        if (memchr(p, '#', (size_t)(stop - p)) && comment_version(p, stop, label, &major)) {
            char *at = where(set, file, line);
            add_clue(ev, label, major, file, line,
                     xasprintf("the comment at %s says DB Version: %s", at, label));
            free(at);
        }
        p = nl ? nl + 1 : end;
    }
    free(data);
}

void major_evidence_collect(const ConfSet *set, MajorEvidence *out)
{
    char label[16];
    int major;
    for (size_t idx = 0; idx < set->n_files; idx++)
        if (major_in_text(set->files[idx], false, label, &major))
            add_clue(out, label, major, set->files[idx], 0,
                     xasprintf("the file's path %s names it", set->files[idx]));
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *entry = &set->entries[idx];
        if (entry->error || !entry->name || !entry->value)
            continue;
        bool cluster = !strcasecmp(entry->name, "cluster_name");
        if (!major_in_text(entry->value, cluster, label, &major))
            continue;
        char *at = where(set, entry->file, entry->line);
        add_clue(
            out, label, major, entry->file, entry->line,
            xasprintf("%s at %s %s %s", entry->name, at, cluster ? "is" : "names", entry->value));
        free(at);
    }
    for (size_t idx = 0; idx < set->n_files; idx++)
        collect_comments(set, set->files[idx], out);
}

const char *major_evidence_agreed(const MajorEvidence *ev)
{
    if (!ev->n)
        return NULL;
    for (size_t idx = 1; idx < ev->n; idx++)
        if (strcmp(ev->clues[idx].label, ev->clues[0].label))
            return NULL;
    return ev->clues[0].label;
}

void major_evidence_free(MajorEvidence *ev)
{
    for (size_t idx = 0; idx < ev->n; idx++) {
        free(ev->clues[idx].file);
        free(ev->clues[idx].what);
    }
    free(ev->clues);
    memset(ev, 0, sizeof(*ev));
}
