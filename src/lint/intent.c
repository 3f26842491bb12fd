#include "lint/intent.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/value.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "lint/validate.h"
#include "model/finding_ids.h"

/* ---- the stock comments ---- */

/* The text after '#', lower-cased, blanks collapsed (as gen_sample_comments.sh writes them). */
static char *normalise(const char *comment)
{
    while (*comment == '#' || isspace((unsigned char)*comment))
        comment++;
    StrBuf sb = STRBUF_INIT;
    bool blank = false;
    for (const char *p = comment; *p; p++) {
        if (isspace((unsigned char)*p)) {
            blank = sb.len > 0;
            continue;
        }
        if (*p == '#' && !p[1])
            break;
        if (blank)
            sb_putc(&sb, ' ');
        blank = false;
        sb_putc(&sb, (char)tolower((unsigned char)*p));
    }
    return sb_detach(&sb);
}

static int cmp_str(const void *key, const void *item)
{
    return strcmp((const char *)key, *(const char *const *)item);
}

/* `part` within `whole`, at word boundaries. */
static bool contains_words(const char *whole, const char *part, size_t len)
{
    for (const char *p = strstr(whole, part); p; p = strstr(p + 1, part))
        if ((p == whole || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[len]))
            return true;
    return false;
}

/* One comment's text is the sample's when it is one of its comments or a run of words of one:
 * an older major's sample wraps the same sentences at other places ("actively intend to use
 * prepared transactions."). */
static bool stock_text(const char *norm)
{
    if (!*norm ||
        bsearch(norm, INTENT_SAMPLE_COMMENTS, INTENT_N_SAMPLE_COMMENTS, sizeof(char *), cmp_str))
        return true;
    size_t len = strlen(norm);
    for (unsigned long idx = 0; idx < INTENT_N_SAMPLE_COMMENTS; idx++)
        if (contains_words(INTENT_SAMPLE_COMMENTS[idx], norm, len))
            return true;
    return false;
}

static bool has_alnum(const char *text)
{
    for (; *text; text++)
        if (isalnum((unsigned char)*text))
            return true;
    return false;
}

bool intent_stock_comment(const char *comment)
{
    /* "# min 128kB # was 4GB": each '#'-part judged, and one of the author's is enough */
    char *copy = xstrdup(comment), *save = NULL;
    bool stock = true;
    for (char *part = strtok_r(copy, "#", &save); part && stock;
         part = strtok_r(NULL, "#", &save)) {
        char *norm = normalise(part);
        stock = !has_alnum(norm) || stock_text(norm);
        free(norm);
    }
    free(copy);
    return stock;
}

/* ---- lines ---- */

/* Where the comment of a postgresql.conf line starts (outside a quoted value), or NULL. */
static const char *comment_of(const char *line)
{
    bool quoted = false;
    for (const char *p = line; *p; p++) {
        if (*p == '\'')
            quoted = !quoted;
        else if (*p == '\\' && quoted && p[1])
            p++;
        else if (*p == '#' && !quoted)
            return p;
    }
    return NULL;
}

static bool comment_only(const char *line)
{
    while (isspace((unsigned char)*line))
        line++;
    return *line == '#';
}

/* "#shared_buffers = 128MB": a setting commented out, not words about one. */
static bool commented_setting(const char *comment)
{
    const char *p = comment;
    while (*p == '#' || *p == ' ' || *p == '\t')
        p++;
    if (!isalpha((unsigned char)*p) && *p != '_')
        return false;
    while (isalnum((unsigned char)*p) || *p == '_' || *p == '.')
        p++;
    while (*p == ' ' || *p == '\t')
        p++;
    return *p == '=';
}

static char *trimmed(const char *text)
{
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    return xstrndup(text, len);
}

/* A comment an author wrote: not blank, not the sample's, not a setting commented out. */
static bool authored(const char *comment)
{
    return comment && !commented_setting(comment) && !intent_stock_comment(comment);
}

typedef struct Lines {
    char **items;
    size_t n, cap;
} Lines;

static void lines_read(const char *path, Lines *out)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return;
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&buf, &cap, fp)) >= 0 && out->n < CONF_MAX_ENTRIES * 4) {
        while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
            buf[--len] = '\0';
        PK_GROW(out->items, out->n, out->cap);
        out->items[out->n++] = xstrdup(buf);
    }
    free(buf);
    fclose(fp);
}

static void lines_free(Lines *lines)
{
    for (size_t idx = 0; idx < lines->n; idx++)
        free(lines->items[idx]);
    free(lines->items);
}

/* ---- what the words say ---- */

static bool word_at(const char *text, const char *at, size_t len)
{
    return (at == text || !isalnum((unsigned char)at[-1])) && !isalnum((unsigned char)at[len]);
}

/* The first phrase of `phrases` in `text` as a whole word (case-insensitive), or NULL. */
static const char *phrase_in(const char *text, const char *const *phrases)
{
    for (const char *const *phrase = phrases; *phrase; phrase++) {
        size_t len = strlen(*phrase);
        for (const char *p = text; *p; p++)
            if (!strncasecmp(p, *phrase, len) && word_at(text, p, len))
                return *phrase;
    }
    return NULL;
}

static const char *const TEST_WORDS[] = {"for testing",
                                         "testing purposes",
                                         "testing only",
                                         "test only",
                                         "tests only",
                                         "for tests",
                                         "test environment",
                                         "test server",
                                         "test instance",
                                         "test database",
                                         "test cluster",
                                         "test setup",
                                         "test suite",
                                         "unit tests",
                                         "integration tests",
                                         "continuous integration",
                                         "development only",
                                         "dev only",
                                         "for development",
                                         "development environment",
                                         "development server",
                                         "local development",
                                         "not for production",
                                         "never in production",
                                         "not use in production",
                                         "not use this in production",
                                         "not safe for production",
                                         "non-production",
                                         NULL};
/* a tool's or a workload's name (pgbench, TPC-C) says how it was measured, not what for */
static const char *const BENCHMARK_WORDS[] = {
    "benchmark",           "benchmarking", "load speed",     "loading speed",
    "bulk load",           "bulk loading", "faster loading", "performance test",
    "performance testing", "load test",    "load testing",   NULL};

/* The purpose `comment` states, with the words in *words. "CI" counts only in capitals. */
static IntentPurpose purpose_in(const char *comment, const char **words)
{
    if ((*words = phrase_in(comment, BENCHMARK_WORDS)))
        return INTENT_BENCHMARK;
    if ((*words = phrase_in(comment, TEST_WORDS)))
        return INTENT_TEST;
    for (const char *p = strstr(comment, "CI"); p; p = strstr(p + 1, "CI"))
        if (word_at(comment, p, 2)) {
            *words = "CI";
            return INTENT_TEST;
        }
    return INTENT_NONE;
}

static pcre2_code *compile(const char *pattern)
{
    int code;
    PCRE2_SIZE offset;
    return pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_CASELESS, &code, &offset,
                         NULL);
}

/* Group `group` of the first match of `re` in `text` (caller frees), or NULL. */
static char *match_group(pcre2_code *re, const char *text, int group, char **unit)
{
    if (!re)
        return NULL;
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    char *out = NULL;
    if (pcre2_match(re, (PCRE2_SPTR)text, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL) > group) {
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        out = xstrndup(text + ov[2 * group], ov[2 * group + 1] - ov[2 * group]);
        if (unit)
            *unit = xstrndup(text + ov[2 * group + 2], ov[2 * group + 3] - ov[2 * group + 2]);
    }
    pcre2_match_data_free(md);
    return out;
}

static double unit_bytes(const char *unit)
{
    switch (tolower((unsigned char)unit[0])) {
    case 't': return 1024.0 * 1024 * 1024 * 1024;
    case 'g': return 1024.0 * 1024 * 1024;
    case 'm': return 1024.0 * 1024;
    default: return 0;
    }
}

static void place_set(IntentPlace *place, const char *file, int line, const char *text)
{
    place->file = xstrdup(file);
    place->line = line;
    place->text = trimmed(text);
}

/* RAM and cores stated in words facts_in's English forms miss, in any language: "4/8 GB RAM"
 * (the lower bound: the smaller machine is the safe reading), "for 1024M RAM", "512GB기준" and
 * "32C기준" (Korean: "on the basis of"), a memory word before its size ("Память 32 ГБ", "메모리
 * 64GB", "内存 64G", "Arbeitsspeicher: 32 GB") or a Cyrillic unit before one ("32 ГБ ОЗУ").
 * Sets *bytes or *cores (left alone when not stated); true when either was. */
static bool stated_in_words(const char *comment, double *bytes, int *cores)
{
    pcre2_code *re[6] = {0};
    static const char *const patterns[] = {
        "(\\d+(?:\\.\\d+)?)\\s*(?:[a-z]{1,3})?\\s*/"
        "\\s*\\d+(?:\\.\\d+)?\\s*(tb|gb|g|mb|m|тб|гб|мб)\\s*"
        "(?:of\\s+)?(?:ram|memory|озу|памят)",
        "(\\d+(?:\\.\\d+)?)\\s*(mb|mib|m)\\s*(?:of\\s+)?ram\\b",
        "(\\d+(?:\\.\\d+)?)\\s*(tb|gb|g|mb|m)\\s*기준",
        "(?:память|памяти|озу|메모리|内存|arbeitsspeicher|mémoire|memoria|memória|pamięć)\\s*"
        "[:=]?\\s*(\\d+(?:\\.\\d+)?)\\s*(tb|gb|g|mb|m|тб|гб|мб|т|г|м)(?![a-zа-я])"
        /* "128GB이상": a threshold ("or more"), not the machine */
        "(?!\\s*(?:이상|이하|以上|以下|\\+|or\\s+more))",
        "(\\d+(?:\\.\\d+)?)\\s*(тб|гб|мб)\\s*(?:ram|озу|памят)",
        "(\\d+)\\s*(?:c|cores?|코어)\\s*기준",
    };
    /* compiled per comment: only for one with a digit and a mark of these forms (a byte of
     * another script, a slash, " RAM"), which few comments have */
    bool other_script = false;
    for (const char *at = comment; *at && !other_script; at++)
        other_script = (unsigned char)*at >= 0x80;
    if (!strpbrk(comment, "0123456789") ||
        !(other_script || strchr(comment, '/') || strcasestr(comment, " ram") ||
          strcasestr(comment, "speicher") || strcasestr(comment, "memori")))
        return false;
    for (size_t idx = 0; idx < 6; idx++) {
        int code;
        PCRE2_SIZE offset;
        re[idx] = pcre2_compile((PCRE2_SPTR)patterns[idx], PCRE2_ZERO_TERMINATED,
                                PCRE2_CASELESS | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code,
                                &offset, NULL);
    }
    bool found = false;
    for (size_t idx = 0; idx < 5 && !found; idx++) {
        char *unit = NULL;
        char *num = match_group(re[idx], comment, 1, &unit);
        if (num) {
            /* the unit's first letter, Latin or Cyrillic (т г м, either case) */
            const char *u = unit;
            double scale = strchr("tT", *u) || !strncmp(u, "т", 2) || !strncmp(u, "Т", 2)
                               ? 1024.0 * 1024 * 1024 * 1024
                           : strchr("gG", *u) || !strncmp(u, "г", 2) || !strncmp(u, "Г", 2)
                               ? 1024.0 * 1024 * 1024
                               : 1024.0 * 1024;
            double stated = strtod(num, NULL) * scale;
            /* beyond 64TB is no machine's memory (and would overflow its printing) */
            if (stated <= 64.0 * 1024 * 1024 * 1024 * 1024) {
                *bytes = stated;
                found = true;
            }
        }
        free(num);
        free(unit);
    }
    char *num = match_group(re[5], comment, 1, NULL);
    long stated_cores = num ? strtol(num, NULL, 10) : 0;
    if (stated_cores > 0 && stated_cores <= 4096) {
        *cores = (int)stated_cores;
        found = true;
    }
    free(num);
    for (size_t idx = 0; idx < 6; idx++)
        pcre2_code_free(re[idx]);
    return found;
}

/* Host facts one comment states. `header`: the comment is in the header block, where bare
 * words ("4 cores", "SSD") describe the machine; elsewhere only "key: value" forms and "N GB
 * RAM" count. */
static void facts_in(Intent *out, const char *comment, bool header, const char *file, int line)
{
    static pcre2_code *ram_key, *ram_words, *ram_range, *ram_header, *cores_key, *cores_words,
        *storage_key, *storage_words;
    if (!ram_key) {
        ram_key = compile("\\b(?:total\\s+memory(?:\\s*\\(ram\\))?|system\\s+memory|physical"
                          "\\s+memory|ram)\\s*[:=]?\\s*(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|mb|"
                          "mib)\\b");
        ram_words = compile("\\b(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g)\\s*(?:of\\s+)?ram\\b");
        /* "64 - 96 GB of RAM": a range is no one machine */
        ram_range = compile("\\d\\s*(?:-|to)\\s*\\d+(?:\\.\\d+)?\\s*(?:tb|tib|gb|gib|g)\\b");
        cores_key = compile("\\b(?:cpus?\\s+num|cpus?|cores|vcpus?|cpu\\s+cores)\\s*[:=]\\s*(\\d+)"
                            "\\b");
        cores_words = compile("\\b(\\d+)[\\s-]*(?:cpus?|cores?|vcpus?|cpu\\s+cores?)\\b");
        /* "a dedicated 16 GB, 4-core server": a size that names the machine, not its disks */
        ram_header =
            compile("\\b(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g)\\b(?:(?!disk|ssd|hdd|storage|"
                    "volume|drive|nvme|wal|log)[^.;]){0,30}?\\b(?:memory|server|machine|"
                    "host|vm|instance)\\b");
        storage_key = compile("\\b(?:data\\s+)?storage\\s*[:=]\\s*(ssd|hdd|san|nvme)\\b");
        storage_words = compile("\\b(ssds?|hdds?|nvme|spinning\\s+disks?|san)\\b");
    }
    double words_bytes = -1;
    int words_cores = -1;
    if (stated_in_words(comment, &words_bytes, &words_cores)) {
        if (out->ram_bytes < 0 && words_bytes >= 256.0 * 1024 * 1024) {
            out->ram_bytes = words_bytes;
            place_set(&out->ram_at, file, line, comment);
        }
        if (out->cores < 0 && words_cores > 0 && words_cores <= 4096) {
            out->cores = words_cores;
            place_set(&out->cores_at, file, line, comment);
        }
    }
    char *unit = NULL;
    char *num = NULL;
    char *range = match_group(ram_range, comment, 0, NULL);
    bool one_size = !range;
    free(range);
    if (out->ram_bytes < 0 && one_size &&
        ((num = match_group(ram_key, comment, 1, &unit)) ||
         (num = match_group(ram_words, comment, 1, &unit)) ||
         (header && (num = match_group(ram_header, comment, 1, &unit))))) {
        double bytes = strtod(num, NULL) * unit_bytes(unit);
        if (bytes >= 256.0 * 1024 * 1024) { /* smaller is a setting's size, not a machine */
            out->ram_bytes = bytes;
            place_set(&out->ram_at, file, line, comment);
        }
    }
    free(num);
    num = NULL;
    free(unit);
    if (out->cores < 0 && ((num = match_group(cores_key, comment, 1, NULL)) ||
                           (header && (num = match_group(cores_words, comment, 1, NULL))))) {
        long cores = strtol(num, NULL, 10);
        if (cores > 0 && cores <= 4096) {
            out->cores = (int)cores;
            place_set(&out->cores_at, file, line, comment);
        }
    }
    free(num);
    num = NULL;
    if (!out->storage && ((num = match_group(storage_key, comment, 1, NULL)) ||
                          (header && (num = match_group(storage_words, comment, 1, NULL))))) {
        const char *kind = !strncasecmp(num, "ssd", 3)    ? "ssd"
                           : !strncasecmp(num, "nvme", 4) ? "nvme"
                           : !strncasecmp(num, "san", 3)  ? "network"
                                                          : "hdd";
        out->storage = xstrdup(kind);
        place_set(&out->storage_at, file, line, comment);
    }
    free(num);
}

/* ---- reading ---- */

/* The line that sets `name` in the file and wins, when it sets it off; NULL otherwise. */
static const ConfEntry *off_explicitly(const ConfSet *set, const char *name)
{
    int at = conf_set_find_applied(set, name);
    bool on;
    return at >= 0 && guc_parse_bool(set->entries[at].value, &on) && !on ? &set->entries[at] : NULL;
}

/* The settings whose line, set off, says what the file is for ("fsync = off # benchmark"). */
static bool opt_out_line(const ConfSet *set, const ConfEntry *e)
{
    static const char *const opt_outs[] = {"fsync",      "full_page_writes", "synchronous_commit",
                                           "autovacuum", "track_counts",     NULL};
    for (const char *const *name = opt_outs; *name; name++)
        if (!strcasecmp(e->name, *name))
            return off_explicitly(set, *name) ||
                   (!strcasecmp(*name, "synchronous_commit") && !strcasecmp(e->value, "off"));
    return false;
}

static void take_purpose(Intent *out, const char *comment, const char *file, int line)
{
    const char *words;
    IntentPurpose purpose;
    if (out->purpose != INTENT_NONE || (purpose = purpose_in(comment, &words)) == INTENT_NONE)
        return;
    out->purpose = purpose;
    place_set(&out->purpose_at, file, line, comment);
}

static void add_comment(Intent *out, const char *file, int line, const char *comment)
{
    out->comments = xrealloc(out->comments, (out->n_comments + 1) * sizeof(*out->comments));
    out->comments[out->n_comments++] =
        (IntentComment){.file = xstrdup(file), .line = line, .text = trimmed(comment)};
}

/* The comment block right above the setting at `line` (after the header, which ends before
 * `first`): the line of its last words when every line of it is the author's, else 0. A
 * block with a line of the sample is documentation, wrapped as some major's sample wraps it. */
static int block_above(const Lines *lines, int line, int first)
{
    int last = 0;
    for (int at = line - 1; at > first && comment_only(lines->items[at - 1]); at--) {
        const char *comment = comment_of(lines->items[at - 1]);
        char *norm = normalise(comment);
        bool words = has_alnum(norm);
        free(norm);
        if (!words)
            continue; /* a rule of dashes */
        if (!authored(comment))
            return 0;
        if (!last)
            last = at;
    }
    return last;
}

/* One file: its header block (top file only), the comments of its settings. */
static void read_file(Intent *out, const ConfSet *set, const char *file, bool top)
{
    Lines lines = {0};
    lines_read(file, &lines);
    int first = (int)lines.n + 1;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (!e->name || strcmp(e->file, file))
            continue;
        /* the text read is not what was linted (standard input, an editor's unsaved buffer, a
         * file changed since): it shows nothing */
        if (e->line < 1 || e->line > (int)lines.n || !e->line_text ||
            strcmp(e->line_text, lines.items[e->line - 1])) {
            lines_free(&lines);
            return;
        }
        if (e->line < first)
            first = e->line;
    }
    if (!lines.n)
        return;
    for (int line = 1; top && line < first && line <= (int)lines.n; line++) {
        const char *text = lines.items[line - 1];
        const char *comment = comment_only(text) ? comment_of(text) : NULL;
        if (!authored(comment))
            continue;
        take_purpose(out, comment, file, line);
        facts_in(out, comment, true, file, line);
    }
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (!e->name || strcmp(e->file, file) || e->line < 1 || e->line > (int)lines.n)
            continue;
        const char *own = comment_of(lines.items[e->line - 1]);
        int at = e->line;
        const char *comment = authored(own) ? own : NULL;
        if (!comment) {
            at = block_above(&lines, e->line, first);
            comment = at ? comment_of(lines.items[at - 1]) : NULL;
        }
        if (!comment)
            continue;
        if (e->applied)
            add_comment(out, file, e->line, comment);
        if (opt_out_line(set, e))
            take_purpose(out, comment, file, at);
        facts_in(out, comment, false, file, at);
        /* a section's comment above a line with its own may state the machine too ("# Memory
         * settings (512GB기준)") */
        int above = at == e->line ? block_above(&lines, e->line, first) : 0;
        if (above)
            facts_in(out, comment_of(lines.items[above - 1]), false, file, above);
    }
    /* a file-system named anywhere the author wrote */
    for (size_t line = 1; !out->cow && line <= lines.n; line++) {
        const char *comment = comment_of(lines.items[line - 1]);
        if (authored(comment) && phrase_in(comment, (const char *const[]){"zfs", "btrfs", NULL})) {
            char *text = trimmed(comment);
            out->cow = xasprintf("'%s' (line %zu)", text, line);
            free(text);
        }
    }
    lines_free(&lines);
}

void intent_read(const ConfSet *set, Intent *out)
{
    memset(out, 0, sizeof(*out));
    out->ram_bytes = -1;
    out->cores = -1;
    for (size_t idx = 0; idx < set->n_files; idx++)
        read_file(out, set, set->files[idx], idx == 0);
    static const char *const cow_settings[] = {"wal_recycle", "wal_init_zero", NULL};
    for (const char *const *name = cow_settings; !out->cow && *name; name++) {
        const ConfEntry *e = off_explicitly(set, *name);
        if (e)
            out->cow = xasprintf("%s = off (line %d)", *name, e->line);
    }
}

static void place_free(IntentPlace *place)
{
    free(place->file);
    free(place->text);
}

void intent_free(Intent *intent)
{
    place_free(&intent->purpose_at);
    place_free(&intent->ram_at);
    place_free(&intent->cores_at);
    place_free(&intent->storage_at);
    free(intent->storage);
    free(intent->cow);
    for (size_t idx = 0; idx < intent->n_comments; idx++) {
        free(intent->comments[idx].file);
        free(intent->comments[idx].text);
    }
    free(intent->comments);
    memset(intent, 0, sizeof(*intent));
}

const char *intent_comment_at(const Intent *intent, const char *file, int line)
{
    for (size_t idx = 0; intent && file && idx < intent->n_comments; idx++)
        if (intent->comments[idx].line == line && !strcmp(intent->comments[idx].file, file))
            return intent->comments[idx].text;
    return NULL;
}

const char *intent_purpose_name(IntentPurpose purpose)
{
    return purpose == INTENT_BENCHMARK ? "benchmark" : purpose == INTENT_TEST ? "test" : NULL;
}

/* ---- findings ---- */

static Finding *notice(FindingList *out, const char *id, const char *file, int line)
{
    Finding *f = finding_raise(out, id, NULL);
    f->file = file ? xstrdup(file) : NULL;
    f->line = line;
    /* not the server's verdict on a line: what pgknob read in the file's own words */
    f->explanation = xstrdup(
        "A configuration often says what it is for and the machine it was written for, in its "
        "header or beside its settings. pgknob reads these words (never the stock "
        "postgresql.conf.sample comments) and says what it took from them, so that a fix does "
        "not reverse a choice the file shows is deliberate (docs/fix.md, \"Evident intent\").");
    f->risk = xstrdup("None: the server never reads comments. Check what pgknob took from them.");
    return f;
}

void intent_note_purpose(const Intent *intent, FindingList *out)
{
    if (intent->purpose == INTENT_NONE)
        return;
    const char *name = intent_purpose_name(intent->purpose);
    Finding *f = notice(out, "PK0090", intent->purpose_at.file, intent->purpose_at.line);
    f->message = xasprintf("purpose taken as %s from line %d: '%s'; give --purpose production to "
                           "check it as production",
                           name, intent->purpose_at.line, intent->purpose_at.text);
    f->hint = xasprintf(
        "Judged as a %s configuration: what such clusters switch off on purpose "
        "(fsync, full_page_writes, autovacuum, track_counts) is a notice, and a fix that turns "
        "it back on is unsafe.",
        name);
}

static char *bytes_text(double bytes)
{
    double gb = bytes / (1024.0 * 1024 * 1024);
    return gb >= 1 ? xasprintf("%gGB", (double)(long)(gb * 10 + 0.5) / 10)
                   : xasprintf("%.0fMB", bytes / (1024.0 * 1024));
}

/* The largest of shared_buffers and effective_cache_size set in the file, in bytes, with its
 * setting; 0 when neither is set. Both are memory of the machine the file was written for. */
static double sized_for(const Snapshot *snap, const SnapSetting **which)
{
    static const char *const names[] = {"effective_cache_size", "shared_buffers", NULL};
    double best = 0;
    for (const char *const *name = names; *name; name++) {
        const SnapSetting *s = snapshot_get(snap, *name);
        if (!s || s->source == SRC_DEFAULT || !s->parsed_ok || !s->param)
            continue;
        double bytes = s->parsed.num * 8192.0; /* both count 8kB blocks */
        if (bytes > best) {
            best = bytes;
            *which = s;
        }
    }
    return best;
}

/* "ram=8GB from line 4 ('…'); cores=4, storage=nvme from line 5 ('…')": facts of one line
 * share its quote, written when the next fact comes from another line (and at the end). */
static void fact_from(StrBuf *sb, const char *fact, const IntentPlace *at, const IntentPlace **prev)
{
    if (*prev && (*prev)->line == at->line)
        sb_printf(sb, ", %s", fact);
    else if (*prev)
        sb_printf(sb, " from line %d ('%s'); %s", (*prev)->line, (*prev)->text, fact);
    else
        sb_put(sb, fact);
    *prev = at;
}

void intent_check_host(Intent *intent, Snapshot *snap, bool have_host, const char *file,
                       FindingList *out)
{
    HostFacts *host = &snap->host;
    StrBuf said = STRBUF_INIT, from = STRBUF_INIT;
    int line = 0;
    const SnapSetting *big = NULL;
    double sized = sized_for(snap, &big);
    if (!have_host) {
        /* no --host: what the file states serves, and the report says where it came from;
         * a RAM its own settings outgrow (pgtune's header kept over edited values) does not */
        const IntentPlace *prev = NULL;
        StrBuf unused = STRBUF_INIT;
        if (intent->ram_bytes > 0 && sized > intent->ram_bytes) {
            char *stated = bytes_text(intent->ram_bytes);
            sb_printf(&unused,
                      " (not ram=%s from line %d: %s = %s on line %d is sized for a "
                      "bigger machine)",
                      stated, intent->ram_at.line, big->name, big->value, big->line);
            free(stated);
        } else if (intent->ram_bytes > 0) {
            host->ram_bytes = intent->ram_bytes;
            char *text = bytes_text(intent->ram_bytes);
            char *fact = xasprintf("ram=%s", text);
            fact_from(&from, fact, &intent->ram_at, &prev);
            free(fact);
            free(text);
        }
        if (intent->cores > 0) {
            host->cores = intent->cores;
            char *fact = xasprintf("cores=%d", intent->cores);
            fact_from(&from, fact, &intent->cores_at, &prev);
            free(fact);
        }
        if (intent->storage) {
            free(host->storage);
            host->storage = xstrdup(intent->storage);
            char *fact = xasprintf("storage=%s", intent->storage);
            fact_from(&from, fact, &intent->storage_at, &prev);
            free(fact);
        }
        if (from.len)
            sb_printf(&from, " from line %d ('%s')%s", prev->line, prev->text, sb_str(&unused));
        sb_free(&unused);
        line = intent->ram_bytes > 0 && !(sized > intent->ram_bytes) ? intent->ram_at.line
               : intent->cores > 0                                   ? intent->cores_at.line
               : intent->storage                                     ? intent->storage_at.line
                                                                     : 0;
        if (from.len) {
            free(host->source);
            host->source = xstrdup("the file's comments");
            Finding *f = notice(out, "PK0092", file, line);
            f->message = xasprintf("host facts taken from the file: %s", sb_str(&from));
            f->hint = xstrdup("The rules that need host facts use them. Give --host "
                              "(or host in .pgknob.ini) when the server has other facts.");
        }
        sb_free(&from);
        return;
    }
    /* "the file says 8GB of RAM from line 4 ('…'); 4 cores from line 5 ('…'); --host says
     * ram=4GB, cores=8", each line quoted once */
    StrBuf given = STRBUF_INIT;
    const IntentPlace *prev = NULL;
    if (host->ram_bytes > 0 && intent->ram_bytes > 0 &&
        (intent->ram_bytes > host->ram_bytes * 1.25 ||
         intent->ram_bytes * 1.25 < host->ram_bytes)) {
        char *stated = bytes_text(intent->ram_bytes), *ram = bytes_text(host->ram_bytes);
        char *fact = xasprintf("%s of RAM", stated);
        fact_from(&said, fact, &intent->ram_at, &prev);
        sb_printf(&given, "ram=%s", ram);
        free(fact);
        free(stated);
        free(ram);
        intent->ram_contradicted = true;
        line = intent->ram_at.line;
    }
    if (host->cores > 0 && intent->cores > 0 && host->cores != intent->cores) {
        char *fact = xasprintf("%d cores", intent->cores);
        fact_from(&said, fact, &intent->cores_at, &prev);
        sb_printf(&given, "%scores=%d", given.len ? ", " : "", host->cores);
        free(fact);
        intent->cores_contradicted = true;
        line = line ? line : intent->cores_at.line;
    }
    bool fast = host->storage && strcasecmp(host->storage, "hdd");
    bool stated_fast = intent->storage && strcasecmp(intent->storage, "hdd");
    if (host->storage && intent->storage && fast != stated_fast) {
        char *fact = xasprintf("%s storage", intent->storage);
        fact_from(&said, fact, &intent->storage_at, &prev);
        sb_printf(&given, "%sstorage=%s", given.len ? ", " : "", host->storage);
        free(fact);
        intent->storage_contradicted = true;
        line = line ? line : intent->storage_at.line;
    }
    StrBuf msg = STRBUF_INIT;
    if (said.len)
        sb_printf(&msg, "the file says %s from line %d ('%s'); --host says %s", sb_str(&said),
                  prev->line, prev->text, sb_str(&given));
    if (!intent->ram_contradicted && host->ram_bytes > 0 && sized > host->ram_bytes) {
        char *ram = bytes_text(host->ram_bytes);
        sb_printf(&msg,
                  "%s%s = %s (line %d) only makes sense on a machine with more than "
                  "--host's ram=%s",
                  msg.len ? "; " : "", big->name, big->value, big->line, ram);
        free(ram);
        intent->ram_contradicted = true;
        line = line ? line : big->line;
    }
    if (msg.len) {
        Finding *f = notice(out, "PK0091", file, line);
        f->message = xasprintf("the file contradicts the host facts: %s", sb_str(&msg));
        f->hint = xstrdup("Every fix derived from a contradicted fact is unsafe (pgknob fix "
                          "applies it only with --unsafe-fixes). Check which is right: the "
                          "host facts (--host, host in .pgknob.ini), or the file.");
    }
    sb_free(&msg);
    sb_free(&given);
    sb_free(&said);
}

void intent_soften(const Intent *intent, int pg_major, FindingList *out, size_t begin, size_t end)
{
    if (!intent->cow)
        return;
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        Finding *f = &out->items[idx];
        if (strcmp(f->rule_id, "PK6002") || f->severity <= SEV_NOTICE)
            continue;
        if (f->rule_severity == SEV_NONE)
            f->rule_severity = f->severity;
        f->severity = SEV_NOTICE;
        bool by_setting = !strncmp(intent->cow, "wal_", 4);
        char *hint = xasprintf(
            "A notice: the configuration shows a copy-on-write file system (%s), where "
            "full_page_writes = off is a known deliberate choice. PostgreSQL's documentation "
            "allows it only where the file system prevents partial page writes, naming ZFS "
            "(Reliability, wal-reliability.html)%s. Keep it off only if the data directory is on "
            "such a file system.%s%s",
            intent->cow,
            by_setting ? "; wal_recycle and wal_init_zero = off say only that the file system is "
                         "copy-on-write"
                       : "",
            f->hint ? " " : "", f->hint ? f->hint : "");
        free(f->hint);
        f->hint = hint;
        char *link = xasprintf("https://www.postgresql.org/docs/%d/wal-reliability.html", pg_major);
        finding_add_link(f, link);
        free(link);
    }
}
