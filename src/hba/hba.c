/* load_hba() and load_ident(): both files tokenized, every line parsed, and the verdict the
 * server reaches at startup (hba.loads, ident.loads). Established on real 13–18 servers
 * (tests/hba/t-hba-diff.sh): a pg_hba.conf that does not load stops the server ("could not
 * load pg_hba.conf"); a pg_ident.conf that does not load is only logged, and no map is usable
 * until it loads. */
#include "hba/hba.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/arena.h"
#include "hba/hba.intern.h"

bool hba_features_parse(const char *text, unsigned *out)
{
    static const struct {
        const char *name;
        unsigned bit;
    } names[] = {{"ssl", HBA_FEAT_SSL},
                 {"gss", HBA_FEAT_GSS},
                 {"ldap", HBA_FEAT_LDAP},
                 {"pam", HBA_FEAT_PAM},
                 {"bsd", HBA_FEAT_BSD}};
    unsigned bits = 0;
    if (!strcmp(text, "none")) {
        *out = 0;
        return true;
    }
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, ",");
        bool found = false;
        for (size_t idx = 0; idx < sizeof(names) / sizeof(names[0]); idx++) {
            if (strlen(names[idx].name) == len && !strncasecmp(p, names[idx].name, len)) {
                bits |= names[idx].bit;
                found = true;
            }
        }
        if (!found)
            return false;
        p += len;
        if (*p == ',')
            p++;
    }
    *out = bits;
    return true;
}

static void load_rules(HbaSet *set, const TokLines *lines)
{
    set->rules = arena_array(set->arena, lines->n ? lines->n : 1, sizeof(HbaRule));
    int rule_number = 0;
    bool ok = true;
    size_t n_good = 0;
    for (size_t idx = 0; idx < lines->n; idx++) {
        HbaRule *r = &set->rules[set->n_rules++];
        hba_parse_line(set->arena, &lines->items[idx], &set->opts, r);
        /* the view numbers every row without an error text (hbafuncs.c) */
        if (!r->error)
            r->rule_number = ++rule_number;
        if (r->rejects)
            ok = false;
        else
            n_good++;
    }
    /* "contains no entries": only when no line failed */
    set->hba_no_entries = ok && n_good == 0;
    set->hba.loads = ok && n_good > 0;
}

static void load_maps(HbaSet *set, const TokLines *lines)
{
    set->maps = arena_array(set->arena, lines->n ? lines->n : 1, sizeof(IdentMap));
    int map_number = 0;
    bool ok = true;
    for (size_t idx = 0; idx < lines->n; idx++) {
        IdentMap *m = &set->maps[set->n_maps++];
        hba_parse_ident_line(set->arena, &lines->items[idx], &set->opts, m);
        if (!m->error)
            m->map_number = ++map_number;
        if (m->rejects)
            ok = false;
    }
    set->ident.loads = ok;
}

void hba_load(const char *hba_path, const char *ident_path, const HbaOpts *opts, HbaSet *out)
{
    Arena *a = arena_get(&out->arena);
    out->opts = *opts;
    if (hba_path) {
        TokLines lines = {0};
        out->hba.path = arena_strdup(a, hba_path);
        if (hba_tokenize(a, hba_path, opts->major, opts->max_files_read, &out->hba, &lines))
            load_rules(out, &lines);
    }
    if (ident_path) {
        TokLines lines = {0};
        out->ident.path = arena_strdup(a, ident_path);
        if (hba_tokenize(a, ident_path, opts->major, opts->max_files_read, &out->ident, &lines))
            load_maps(out, &lines);
    }
}

void hba_load_lines(const char *file, const HbaSourceLine *lines, size_t n, const HbaOpts *opts,
                    HbaSet *out)
{
    out->opts = *opts;
    out->hba.path = arena_strdup(arena_get(&out->arena), file);
    TokLines toks = {0};
    hba_tokenize_lines(file, lines, n, opts->major, &out->hba, out, &toks);
    load_rules(out, &toks);
    out->hba_no_entries = false; /* the operator writes lines of its own around these */
}

void hba_load_ident_lines(const char *file, const char *label, const HbaSourceLine *lines, size_t n,
                          HbaSet *out)
{
    out->ident.path = arena_strdup(arena_get(&out->arena), label);
    TokLines toks = {0};
    hba_tokenize_lines(file, lines, n, out->opts.major, &out->ident, out, &toks);
    load_maps(out, &toks);
}

bool hba_set_starts(const HbaSet *set)
{
    return set->hba.loads;
}

/* The first word of each record: a pg_hba.conf's start with a connection type. Include lines
 * count for neither side (postgresql.conf has them too); a "name = value" line means a
 * postgresql.conf. */
bool hba_text_looks_like_hba(const char *text, size_t len)
{
    static const char *const types[] = {"local",     "host",       "hostssl",
                                        "hostnossl", "hostgssenc", "hostnogssenc"};
    static const char *const includes[] = {"include", "include_if_exists", "include_dir"};
    size_t records = 0, hba_records = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        while (p < eol && (*p == ' ' || *p == '\t'))
            p++;
        if (p < eol && *p != '#' && *p != '\r') {
            size_t wlen = strcspn(p, " \t\r\n");
            if (p + wlen > eol)
                wlen = (size_t)(eol - p);
            bool include = false;
            for (size_t idx = 0; idx < sizeof(includes) / sizeof(includes[0]); idx++)
                include =
                    include || (strlen(includes[idx]) == wlen && !strncmp(p, includes[idx], wlen));
            const char *eq = memchr(p, '=', (size_t)(eol - p));
            const char *hash = memchr(p, '#', (size_t)(eol - p));
            if (eq && (!hash || eq < hash) && !include && p[wlen] != '\0' &&
                (eq < p + wlen || strspn(p + wlen, " \t") == (size_t)(eq - p - wlen)))
                return false; /* name = value */
            if (!include) {
                records++;
                for (size_t idx = 0; idx < sizeof(types) / sizeof(types[0]); idx++)
                    if (strlen(types[idx]) == wlen && !strncmp(p, types[idx], wlen))
                        hba_records++;
            }
        }
        p = eol + 1;
    }
    return hba_records > 0 && hba_records * 2 > records;
}
