#include "lint/intent.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <limits.h>
#include <sys/stat.h>
#include <pcre2.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <strings.h>

#include "catalog/value.h"
#include "common/git_origin.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_template.h"
#include "lint/container.h"
#include "lint/network.h"
#include "input/compose_limits.h"
#include "lint/readme.h"
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
static int cmp_word(const void *key, const void *item)
{
    return strcmp((const char *)key, ((const IntentSampleWord *)item)->word);
}

static bool stock_text(const char *norm)
{
    if (!*norm ||
        bsearch(norm, INTENT_SAMPLE_COMMENTS, INTENT_N_SAMPLE_COMMENTS, sizeof(char *), cmp_str))
        return true;
    size_t len = strlen(norm);
    /* a run of words matched at word boundaries holds its first whole word (letters and
     * digits) whole: only the comments with that word can hold it (a 60 MB file of comments
     * compared with every comment took 3-3.7 s) */
    const char *word = norm;
    while (*word && !isalnum((unsigned char)*word))
        word++;
    size_t word_len = 0;
    while (isalnum((unsigned char)word[word_len]))
        word_len++;
    if (!word_len) { /* no ASCII word (a comment in Chinese): every comment */
        for (unsigned long idx = 0; idx < INTENT_N_SAMPLE_COMMENTS; idx++)
            if (contains_words(INTENT_SAMPLE_COMMENTS[idx], norm, len))
                return true;
        return false;
    }
    char key[64];
    if (word_len >= sizeof key)
        return false; /* no sample word is that long */
    memcpy(key, word, word_len);
    key[word_len] = '\0';
    const IntentSampleWord *holders =
        bsearch(key, INTENT_SAMPLE_WORDS, INTENT_N_SAMPLE_WORDS, sizeof *holders, cmp_word);
    for (unsigned idx = 0; holders && idx < holders->count; idx++)
        if (contains_words(
                INTENT_SAMPLE_COMMENTS[INTENT_SAMPLE_WORD_COMMENTS[holders->first + idx]], norm,
                len))
            return true;
    return false;
}

/* Words, not a rule of dashes: a letter or digit, or any character beyond ASCII (a comment in
 * Chinese or Russian has words too). */
static bool has_alnum(const char *text)
{
    for (; *text; text++)
        if (isalnum((unsigned char)*text) || (unsigned char)*text >= 0x80)
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

typedef bool (*WordBound)(const char *text, const char *at, size_t len);

/* The first phrase of `phrases` in `text` within `bound` (case-insensitive), or NULL. */
static const char *first_in(const char *text, const char *const *phrases, WordBound bound)
{
    for (const char *const *phrase = phrases; *phrase; phrase++) {
        size_t len = strlen(*phrase);
        for (const char *p = text; *p; p++)
            if (!strncasecmp(p, *phrase, len) && bound(text, p, len))
                return *phrase;
    }
    return NULL;
}

/* The first phrase of `phrases` in `text` as a whole word (case-insensitive), or NULL. */
static const char *phrase_in(const char *text, const char *const *phrases)
{
    return first_in(text, phrases, word_at);
}

/* the phrases of TEST_WORDS that name an environment, not an activity ("for testing joins"
 * beside work_mem says why a value was tried, "Disabled for local development" where the server
 * runs) */
#define ENVIRONMENT_PHRASES                                                                                       \
    "test only", "testing only", "tests only", "test environment", "test server", "test instance",                \
        "test database", "test cluster", "development only", "dev only", "for development",                       \
        "dev-only", "development-only", "test-only", "testing-only", "tests-only",                                \
        "development environment", "development server", "local development",                                     \
        "not for production", "never in production", "not use in production",                                     \
        "not use this in production", "not safe for production", "non-production", "not for prod",                \
        "never in prod", "not in prod", "non-prod", "not production", "not prod",                                 \
        "not in production", "not a production", "not meant for production",                                      \
        "not intended for production", "not suitable for production",                                             \
        "not ready for production", /* the same environments in the languages of the                              \
                                     * configurations seen: development and test environment in                   \
                                     * Chinese (simplified, traditional) and Japanese, then                       \
                                     * Russian, Spanish, Portuguese, German and French */                         \
        "\u5f00\u53d1\u73af\u5883" /* 开发环境 */, "\u958b\u767c\u74b0\u5883" /* 開發環境 */,                     \
        "\u958b\u767a\u74b0\u5883" /* 開発環境 */, "\u6d4b\u8bd5\u73af\u5883" /* 测试环境 */,                     \
        "\u6e2c\u8a66\u74b0\u5883" /* 測試環境 */,                                                                \
        "\u30c6\u30b9\u30c8\u74b0\u5883" /* テスト環境 */,                                                        \
        "\u0434\u043b\u044f \u0440\u0430\u0437\u0440\u0430\u0431\u043e\u0442\u043a\u0438" /* для               \
                                                                                             разработки \
                                                                                           */                     \
        ,                                                                                                         \
        "\u0442\u0435\u0441\u0442\u043e\u0432\u043e\u0439 \u0441\u0440\u0435\u0434" /* тестовой           \
                                                                                       сред */                \
        ,                                                                                                         \
        "entorno de desarrollo", "entorno de pruebas", "ambiente de desenvolvimento",                             \
        "ambiente de teste", "entwicklungsumgebung", "testumgebung",                                              \
        "environnement de d\u00e9veloppement", "environnement de test",                                           \
        "\uac1c\ubc1c \ud658\uacbd" /* 개발 환경 */, "\uac1c\ubc1c\ud658\uacbd" /* 개발환경 */,                   \
        "\ud14c\uc2a4\ud2b8 \ud658\uacbd" /* 테스트 환경 */,                                                      \
        "m\u00f4i tr\u01b0\u1eddng ph\u00e1t tri\u1ec3n" /* môi trường phát triển */,                             \
        "m\u00f4i tr\u01b0\u1eddng dev" /* môi trường dev */,                                                     \
        "m\u00f4i tr\u01b0\u1eddng test" /* môi trường test */,                                                   \
        "geli\u015ftirme ortam\u0131" /* geliştirme ortamı */, "lingkungan pengembangan",                         \
        "lingkungan pengujian"
/* what production should use, said beside another value: this one is for elsewhere
 * ("cambiar a 'none' en producción", "set to 0 in production") */
#define ELSEWHERE_PRODUCTION_PHRASES                                                               \
    "in production", "in prod", "en producci\u00f3n", "en produccion", "em produ\u00e7\u00e3o",    \
        "em producao", "en production", "in produktion"
static const char *const ELSEWHERE_PRODUCTION[] = {ELSEWHERE_PRODUCTION_PHRASES, NULL};
/* a production word that opens an instruction, its comma after it */
static const char *const PRODUCTION_ADVICE[] = {"for production,", "for prod,",
                                                "for production use,", NULL};
static const char *const TEST_WORDS[] = {"for testing",       "testing purposes",
                                         "for tests",         "test setup",
                                         "test suite",        "unit tests",
                                         "integration tests", "continuous integration",
                                         ENVIRONMENT_PHRASES, NULL};
/* a tool's or a workload's name (pgbench, TPC-C) says how it was measured, not what for */
static const char *const BENCHMARK_WORDS[] = {"benchmark",
                                              "benchmarking",
                                              "load speed",
                                              "loading speed",
                                              "bulk load",
                                              "bulk loading",
                                              "faster loading",
                                              "performance test",
                                              "performance testing",
                                              "load test",
                                              "load testing",
                                              "performance comparison",
                                              NULL};

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
    int rc = pcre2_match(re, (PCRE2_SPTR)text, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL);
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    /* a group of an alternative that did not match is unset */
    if (rc > group && ov[2 * group] != PCRE2_UNSET) {
        out = xstrndup(text + ov[2 * group], ov[2 * group + 1] - ov[2 * group]);
        /* the next group, empty when it did not take part (an optional one) */
        if (unit)
            *unit = rc > group + 1 && ov[2 * group + 2] != PCRE2_UNSET
                        ? xstrndup(text + ov[2 * group + 2], ov[2 * group + 3] - ov[2 * group + 2])
                        : xstrdup("");
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

/* `text` (malloc'd) copied into the intent's arena, and freed. */
static char *keep(Intent *out, char *text)
{
    char *kept = arena_strdup(out->arena, text);
    free(text);
    return kept;
}

static void place_set(Intent *out, IntentPlace *place, const char *file, int line, const char *text)
{
    place->file = arena_strdup(out->arena, file);
    place->line = line;
    place->text = keep(out, trimmed(text));
    place->said = false;
}

/* A size unit's bytes, Latin or Cyrillic ("GB", "гб", "Т"); 0 for another. */
static double size_unit_bytes(const char *unit)
{
    if (!unit || !*unit)
        return 0;
    if (strchr("tT", *unit) || !strncmp(unit, "т", 2) || !strncmp(unit, "Т", 2))
        return 1024.0 * 1024 * 1024 * 1024;
    if (strchr("gG", *unit) || !strncmp(unit, "г", 2) || !strncmp(unit, "Г", 2))
        return 1024.0 * 1024 * 1024;
    if (strchr("mM", *unit) || !strncmp(unit, "м", 2) || !strncmp(unit, "М", 2))
        return 1024.0 * 1024;
    return 0;
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
        /* not a model number's digits ("i7-9700 / 128GB RAM": 9700 is no size, review
         * 2026-12r, h19d 42) */
        "(?<![\\w.\\-])(\\d+(?:\\.\\d+)?)\\s*(?:[a-z]{1,3})?\\s*/"
        "\\s*\\d+(?:\\.\\d+)?\\s*(tb|gb|g|mb|m|тб|гб|мб)\\s*"
        "(?:of\\s+)?(?:ram|memory|озу|памят)",
        "(\\d+(?:\\.\\d+)?)\\s*(mb|mib|m)\\s*(?:of\\s+)?ram\\b",
        "(\\d+(?:\\.\\d+)?)\\s*(tb|gb|g|mb|m)\\s*기준",
        "(?:память|памяти|озу|메모리|内存|arbeitsspeicher|mémoire|memoria|memória|pamięć)\\s*"
        "[:=]?\\s*(\\d+(?:\\.\\d+)?)\\s*(tb|gb|g|mb|m|тб|гб|мб|т|г|м)(?![a-zа-я])"
        /* "128GB이상": a threshold ("or more"), not the machine */
        "(?!\\s*(?:이상|이하|以上|以下|\\+|or\\s+more))",
        /* also the size before the word: "4-8GB 内存" (Chinese), "16GB 메모리" (held-out set
         * 28, h28a 01); not a row of a sizing table ("4GB 内存 → 1GB") */
        "(?|(\\d+(?:\\.\\d+)?)\\s*(тб|гб|мб)\\s*(?:ram|озу|памят)|"
        "(\\d+(?:\\.\\d+)?)\\s*(tb|gb|g)\\s*(?:内存|메모리)(?!\\s*(?:→|->|=>|:)))",
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
            double stated = strtod(num, NULL) * size_unit_bytes(unit);
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

/* How firmly a comment states the memory PostgreSQL has: a range's lower bound ("2-4 GB RAM")
 * yields to one size ("tune for 2 GB container"), and the machine's RAM to what PostgreSQL is
 * given of it ("8GB RAM total, 1GB allocated to Postgres"). */
enum { RAM_RANGE = 1, RAM_MACHINE, RAM_ALLOCATED };

static void ram_set(Intent *out, double bytes, int rank, const char *file, int line,
                    const char *comment)
{
    if (bytes < 256.0 * 1024 * 1024) /* smaller is a setting's size */
        return;
    /* the machine is kept apart from what PostgreSQL is given of it */
    if (rank == RAM_MACHINE && out->machine_bytes < 0) {
        out->machine_bytes = bytes;
        place_set(out, &out->machine_at, file, line, comment);
    }
    if (rank <= out->ram_rank)
        return;
    out->ram_bytes = bytes;
    out->ram_rank = rank;
    out->ram_range = NULL;
    out->ram_budget = false;
    place_set(out, &out->ram_at, file, line, comment);
}

/* The memory a comment states, read as `bytes` (a single size, or a range's upper bound): when
 * `bytes` is the upper bound of a range the comment gives ("8-16GB RAM", "between 4 and 8 GB",
 * "4-8 ГБ", "8 to 16 GB"), sets it at the RAM_RANGE rank to the range's lower bound and keeps
 * the range's words: a memory check must hold on every machine the file says it is for, and
 * the smallest is the one that fails first. Otherwise sets `bytes` at `rank`. */
static void ram_read(Intent *out, const char *comment, double bytes, int rank, const char *file,
                     int line)
{
    /* compiled per call (no mutable static): only a comment that states a size gets here */
    int code;
    PCRE2_SIZE offset;
    /* (?| … ): both forms number their groups alike: 1 the lower bound, 2 its unit (if
     * written), 3 the upper bound, 4 its unit */
    pcre2_code *range = pcre2_compile(
        (PCRE2_SPTR) "(?|\\b(?:between|from)\\s+(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|тб|гб)?"
                     "\\s*and|(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|тб|гб)?\\s*(?:-|\xe2\x80\x93|"
                     "\xe2\x80\x94|~|to|до))\\s*(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|тб|гб)"
                     "(?![a-zа-я])",
        PCRE2_ZERO_TERMINATED, PCRE2_CASELESS | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code, &offset,
        NULL);
    pcre2_match_data *md = range ? pcre2_match_data_create_from_pattern(range, NULL) : NULL;
    double lower = -1;
    PCRE2_SIZE from = 0, to = 0;
    if (md && pcre2_match(range, (PCRE2_SPTR)comment, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL) > 4) {
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        char *text[5] = {0};
        for (int group = 1; group <= 4; group++)
            if (ov[2 * group] != PCRE2_UNSET)
                text[group] = xstrndup(comment + ov[2 * group], ov[2 * group + 1] - ov[2 * group]);
        double upper_unit = size_unit_bytes(text[4]);
        double lower_unit = text[2] ? size_unit_bytes(text[2]) : upper_unit;
        double upper = strtod(text[3], NULL) * upper_unit;
        double low = strtod(text[1], NULL) * lower_unit;
        if (fabs(upper - bytes) < 1 && low > 0 && low < upper) {
            lower = low;
            from = ov[0];
            to = ov[1];
        }
        for (int group = 1; group <= 4; group++)
            free(text[group]);
    }
    if (md)
        pcre2_match_data_free(md);
    pcre2_code_free(range);
    if (lower < 0) {
        ram_set(out, bytes, rank, file, line, comment);
        return;
    }
    /* a range of what PostgreSQL is given ("2–4 GB RAM dedicated to Postgres") keeps that rank,
     * at its lower bound (review 2026-12y, h27c 28) */
    int range_rank = rank == RAM_ALLOCATED ? RAM_ALLOCATED : RAM_RANGE;
    ram_set(out, lower, range_rank, file, line, comment);
    if (out->ram_rank == range_rank && out->ram_at.line == line) {
        out->ram_range = arena_printf(out->arena, "%.*s", (int)(to - from), comment + from);
        out->ram_upper = bytes;
    }
}

/* Host facts one comment states. `header`: the comment is in the header block, where bare
 * words ("4 cores", "SSD") describe the machine; elsewhere only "key: value" forms and "N GB
 * RAM" count. */
static void facts_in(Intent *out, const char *comment, bool header, bool joined, const char *file,
                     int line)
{
    static pcre2_code *ram_key, *ram_words, *size_row, *ram_cores, *cgroup_limit, *ram_giving,
        *ram_header, *ram_for, *ram_given, *ram_limit, *cores_key, *cores_words, *storage_key,
        *storage_words, *hypothetical, *ram_platform, *cjk_cores_ram, *ram_share, *ram_paren,
        *ram_titled;
    if (!ram_key) {
        /* "Example for 8 GB RAM: shared_buffers = 2GB", "e.g. 16GB", "if you have 32GB": a
         * scaling rule's example, not the machine the file is for (review 2026-12h, h9d 45) */
        /* a threshold is no machine either: "Raise to 256MB if container has ≥2GB RAM", "at
         * least 4GB", "8GB or more" (held-out set 29, h29a 05) */
        hypothetical =
            compile("\\b(?:examples?|e\\.g\\.?|eg|for\\s+instance|if\\s+(?:you|your)|"
                    "assuming|suppose|say|at\\s+least|or\\s+more|if\\s+(?:the\\s+|a\\s+)?"
                    "(?:container|server|machine|host|vm|box|instance|node)\\s+has)\\b|"
                    "\xe2\x89\xa5|>=");
        /* "RAM: 16GB", "total_ram=32GB" (PGConfig's URL), "25% da RAM (4GB)" (review
         * 2026-12x, h25b 22 and 26) */
        ram_key = compile("\\b(?:total\\s+memory(?:\\s*\\(ram\\))?|system\\s+memory|physical"
                          "\\s+memory|total_ram|ram)\\s*[:=(]?\\s*(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|"
                          "gib|g|mb|mib)\\b");
        /* "4核8GB" (4 cores, 8 GB: a Chinese cloud server's size; review 2026-12x, h25c 30) */
        cjk_cores_ram = compile("(\\d+)\\s*(?:\u6838\u5fc3|\u6838|\u30b3\u30a2)\\s*[/,+]?\\s*"
                                "(\\d+(?:\\.\\d+)?)\\s*(tb|gb|g)(?![a-z])");
        /* "16GB RAM", "32 GB of RAM", "96GB unified RAM" (a qualifier of the machine's memory:
         * review 2026-12v, h23c 30) */
        ram_words =
            compile("\\b(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g)\\s*(?:of\\s+)?(?:(?:unified|"
                    "total|physical|system|installed|available|usable|ecc|ddr\\d)\\s+)?"
                    "ram\\b");
        /* the memory's size in parentheses ("~15% of container memory (1.5GB)": held-out set
         * 30, h30a 13) */
        ram_paren = compile("\\b(?:ram|memory)\\s*\\(\\s*~?\\s*(\\d+(?:\\.\\d+)?)\\s*"
                            "(tb|tib|gb|gib|g|mb)\\s*\\)");
        /* "4 vCPU / 8 GB", "8GB / 4 cores": a size beside a core count is the machine's RAM */
        ram_cores = compile(
            "\\b(?:\\d+\\s*(?:v?cpus?|cores?)\\s*[/,+]\\s*(\\d+(?:\\.\\d+)?)\\s*"
            "(tb|tib|gb|gib|g)\\b|(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g)\\s*[/,+]\\s*\\d+\\s*"
            "(?:v?cpus?|cores?)\\b)");
        /* "8GB RAM → 2GB, 4GB RAM → 1GB" too (held-out set 28, h28b 23) */
        size_row = compile("\\b\\d+(?:\\.\\d+)?\\s*(?:tb|tib|gb|gib|g)\\+?\\s*(?:of\\s+)?ram\\s*(?:"
                           "\\([^)]*\\)\\s*)?"
                           "(?:[:=]|\xe2\x86\x92|->|=>)\\s*\\d+(?:\\.\\d+)?\\s*(?:tb|tib|gb|gib|g|"
                           "mb|mib)\\b");
        /* "(for 2GB container)", "for a 4 GB VM", "25% of a 4 GB container", "for a 1GB-capped
         * Postgres container": the machine the values were sized for, on any line (review
         * 2026-12s, h20a 12) */
        ram_for = compile("\\b(?:for|of|on)\\s+(?:an?\\s+)?(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g)"
                          "(?:[\\s-]+(?:capped|limited))?\\s+(?:ram\\s+)?(?:(?:postgres(?:ql)?|"
                          "pg|database|db)\\s+)?(?:container|vm|machine|server|host|instance|box|"
                          "node|droplet|pod)\\b");
        /* the machine named before its size: "Docker 2GB", "Container Docker avec 2GB RAM",
         * "VPS 4 GB", "tuned for Pi 5 8GB" (review 2026-12u, h22b 25, 26); not a disk's */
        ram_platform = compile(
            "\\b(?:docker|container|vm|vps|droplet|(?:raspberry\\s+)?pi\\s*\\d)\\s+(?:(?:with|avec|"
            "mit|con|de|com)\\s+)?(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g)\\b(?!\\s*(?:of\\s+)?(?:"
            "disk|"
            "ssd|hdd|storage|volume|drive|nvme|sd|microsd|swap|wal))");
        /* what PostgreSQL gets of the machine: "1GB allocated to Postgres", "Postgres limited
         * to 4GB" */
        ram_given = compile("\\b(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|mb|mib)\\s+(?:of\\s+)?(?:ram"
                            "\\s+|memory\\s+)?(?:is\\s+)?(?:allocated|dedicated|reserved|assigned|"
                            /* "for" as a mixed-language comment writes it: "512MB allocated dla
                             * PostgreSQL" (Polish), für, pour, para, per, voor, для; "1 GB budget
                             * for Postgres" (review 2026-12y, h26d 48) */
                            "given|budget|budgeted)\\s+(?:to|for|dla|f\u00fcr|pour|para|per|voor|"
                            "\u0434\u043b\u044f)"
                            "\\s+(?:the\\s+)?(?:postgres(?:ql)?|pg|database|db)"
                            /* "4GB allocated to Postgres shared buffers": a setting's size */
                            "\\b(?!'?s?\\s*(?:shared|buffers?|cache|work|maintenance))");
        /* the same said actively: "Allocating ~6GB to Postgres, rest for Node.js and OS"
         * (review 2026-12r, h19c 31) */
        ram_giving = compile(
            "\\b(?:allocat(?:e|es|ing)|dedicat(?:e|es|ing)|reserv(?:e|es|ing)|"
            "assign(?:s|ing)?|giv(?:e|es|ing))\\s+(?:about\\s+|~\\s*)?(\\d+(?:\\.\\d+)?)"
            "\\s*(tb|tib|gb|gib|g|mb|mib)\\s+(?:of\\s+(?:ram|memory)\\s+)?(?:to|for)\\s+"
            "(?:the\\s+)?(?:postgres(?:ql)?|pg|database|db)\\b(?!'?s?\\s*(?:shared|buffers?|"
            "cache|work|maintenance))");
        /* a container's or pod's memory limit is what the server has of the host: "~8GB
         * container memory limit", "memory limit: 4GB", "mem_limit 2g" (review 2026-12r, h19d
         * 42) */
        cgroup_limit =
            compile("\\b(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|mb|mib)\\s+(?:container|"
                    "pod|cgroup|memory|ram)\\s+(?:memory\\s+)?limit\\b|\\b(?:memory|mem)[\\s_-]*"
                    "limit\\s*[:=]?\\s*(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|mb|mib)\\b");
        /* PostgreSQL's share of the machine, in the comment's own language: "PG gets ~1 GB of
         * the 128 GB", "~1 GB der 128 GB", "2 Go des 16 Go" (review 2026-12z, h27b 25): group 1
         * the share, group 3 the machine; not a setting's share ("shared_buffers: 4GB of the
         * 16GB") nor a disk's */
        ram_share = compile(
            "^(?!.*\\b(?:shared_buffers|effective_cache|work_mem|cache|buffers?)\\b).*\\b(?:"
            "postgres"
            "(?:ql)?|pg|database|db)\\b.*?\\b(\\d+(?:\\.\\d+)?)\\s*(tb|gb|g|go|mb)\\s+(?:out\\s+)?"
            "(?:of|der|des|von|de|du|di|del|dos|das|\u0438\u0437)\\s+(?:the\\s+|a\\s+|la\\s+|"
            "los\\s+|"
            "les\\s+|i\\s+|den\\s+)?(?:~\\s*)?(\\d+(?:\\.\\d+)?)\\s*(tb|gb|g|go)\\b(?!\\s*(?:of\\s+"
            ")?(?:"
            "disk|ssd|hdd|storage|volume|drive|nvme|swap|wal))");
        ram_limit = compile("\\b(?:postgres(?:ql)?|pg|database|db)\\s+(?:is\\s+)?(?:limited|capped|"
                            "restricted|allocated|allowed)\\s+(?:to\\s+)?(?:up\\s+to\\s+)?"
                            "(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|mb|mib)\\b");
        cores_key = compile("\\b(?:cpus?\\s+num|cpus?|cores|vcpus?|cpu\\s+cores)\\s*[:=]\\s*(\\d+)"
                            "\\b");
        /* "4-8 vCPU", "2 to 4 cores": a range, read as its lower bound (group 2 its upper) */
        cores_words = compile("\\b(\\d+)(?:\\s*(?:-|\u2013|to)\\s*(\\d+))?[\\s-]*(?:cpus?|cores?|"
                              "vcpus?|cpu\\s+cores?)\\b");
        /* "a dedicated 16 GB, 4-core server": a size that names the machine, not its disks */
        /* "(~512MB container)" too (held-out set 29, h29a 08) */
        ram_header =
            compile("\\b(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|mb|mib)\\b(?:(?!disk|ssd|hdd|"
                    "storage|volume|drive|nvme|wal|log)[^.;]){0,30}?\\b(?:memory|server|machine|"
                    "host|vm|instance|container|vps|droplet|pod)\\b");
        /* a comment that is only a size's title over the settings ("# 256MB CONFIG FILE":
         * held-out set 52, h52a 02, a file generated for 256MB); not "# 512MB config" over one
         * setting, its own size (the session's code review) */
        ram_titled = compile("^[#\\s]*(\\d+(?:\\.\\d+)?)\\s*(tb|tib|gb|gib|g|mb|mib)\\s+"
                             "config(?:uration)?\\s+file[\\s.:]*$");
        storage_key = compile("\\b(?:data\\s+)?storage\\s*[:=]\\s*(ssd|hdd|san|nvme)\\b");
        storage_words = compile("\\b(ssds?|hdds?|nvme|spinning\\s+disks?|san)\\b");
    }
    /* a row of a table of sizes ("For TrueNAS with 32GB+ RAM: 8GB"): the machine is one of
     * several, and the size after the colon is the setting's, not the RAM (review 2026-12p,
     * h17c 30 read "RAM: 8GB" there) */
    char *example = match_group(size_row, comment, 0, NULL);
    if (!example)
        example = match_group(hypothetical, comment, 0, NULL);
    bool is_example = example != NULL;
    free(example);
    if (is_example)
        return;
    /* what PostgreSQL is given of the machine */
    char *unit = NULL;
    char *num = NULL;
    bool budget = false;
    char *machine_unit = NULL;
    char *machine = match_group(ram_share, comment, 3, &machine_unit);
    if ((budget = (num = match_group(ram_given, comment, 1, &unit)) != NULL) ||
        (num = match_group(ram_limit, comment, 1, &unit)) ||
        (budget = (num = match_group(ram_giving, comment, 1, &unit)) != NULL) ||
        (budget = machine && (num = match_group(ram_share, comment, 1, &unit)) != NULL) ||
        (num = match_group(cgroup_limit, comment, 1, &unit)) ||
        (num = match_group(cgroup_limit, comment, 3, &unit))) {
        ram_read(out, comment, strtod(num, NULL) * unit_bytes(unit), RAM_ALLOCATED, file, line);
        if (out->ram_rank == RAM_ALLOCATED && out->ram_at.line == line)
            out->ram_budget = budget;
    }
    if (machine)
        ram_set(out, strtod(machine, NULL) * unit_bytes(machine_unit), RAM_MACHINE, file, line,
                comment);
    free(machine);
    free(machine_unit);
    free(num);
    free(unit);
    /* two header lines read as one: only what PostgreSQL is given spans them */
    if (joined)
        return;
    double words_bytes = -1;
    int words_cores = -1;
    if (stated_in_words(comment, &words_bytes, &words_cores)) {
        if (words_bytes > 0)
            ram_read(out, comment, words_bytes, RAM_MACHINE, file, line);
        if (out->cores < 0 && words_cores > 0 && words_cores <= 4096) {
            out->cores = words_cores;
            place_set(out, &out->cores_at, file, line, comment);
        }
    }
    char *cjk_cores = match_group(cjk_cores_ram, comment, 1, NULL);
    if (cjk_cores) {
        char *size_unit = NULL, *size = match_group(cjk_cores_ram, comment, 2, &size_unit);
        if (size)
            ram_read(out, comment, strtod(size, NULL) * unit_bytes(size_unit), RAM_MACHINE, file,
                     line);
        long cores = strtol(cjk_cores, NULL, 10);
        if (out->cores < 0 && cores > 0 && cores <= 4096) {
            out->cores = (int)cores;
            place_set(out, &out->cores_at, file, line, comment);
        }
        free(size);
        free(size_unit);
        free(cjk_cores);
    }
    unit = NULL;
    num = NULL;
    if ((num = match_group(ram_key, comment, 1, &unit)) ||
        (num = match_group(ram_words, comment, 1, &unit)) ||
        (num = match_group(ram_paren, comment, 1, &unit)) ||
        (num = match_group(ram_for, comment, 1, &unit)) ||
        (num = match_group(ram_platform, comment, 1, &unit)) ||
        (num = match_group(ram_titled, comment, 1, &unit)) ||
        (header && ((num = match_group(ram_header, comment, 1, &unit)) ||
                    (num = match_group(ram_cores, comment, 1, &unit)) ||
                    (num = match_group(ram_cores, comment, 3, &unit))))) {
        ram_read(out, comment, strtod(num, NULL) * unit_bytes(unit), RAM_MACHINE, file, line);
    }
    free(num);
    num = NULL;
    free(unit);
    char *range = NULL;
    if (out->cores < 0 && ((num = match_group(cores_key, comment, 1, NULL)) ||
                           (header && (num = match_group(cores_words, comment, 1, &range))))) {
        long cores = strtol(num, NULL, 10);
        long upper = range && *range ? strtol(range, NULL, 10) : 0;
        if (cores > 0 && cores <= 4096) {
            out->cores = (int)cores;
            place_set(out, &out->cores_at, file, line, comment);
            /* settings must make sense on the smallest machine the file is for, as RAM's */
            out->cores_range =
                upper > cores ? arena_printf(out->arena, "%ld-%ld", cores, upper) : NULL;
        }
    }
    free(range);
    free(num);
    num = NULL;
    /* a line that states the machine's RAM describes the machine: its storage words too ("with
     * 8GB RAM, 700MB database, SSD storage", held-out set 29, h29a 13) */
    bool describes_machine = out->ram_at.file && out->ram_at.line == line && !out->ram_at.said;
    if (!out->storage &&
        ((num = match_group(storage_key, comment, 1, NULL)) ||
         ((header || describes_machine) && (num = match_group(storage_words, comment, 1, NULL))))) {
        const char *kind = !strncasecmp(num, "ssd", 3)    ? "ssd"
                           : !strncasecmp(num, "nvme", 4) ? "nvme"
                           : !strncasecmp(num, "san", 3)  ? "network"
                                                          : "hdd";
        out->storage = arena_strdup(out->arena, kind);
        place_set(out, &out->storage_at, file, line, comment);
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

static bool says_production(const char *comment);
static IntentPurpose purpose_words(const char *comment, const char **words);
static void fold_cyrillic(char *text);

/* The documentation's chapter on settings that trade durability for speed ("Non-Durable
 * Settings", non-durability.html): an opt-out's own comment that cites it gives durability up on
 * purpose, as a throwaway cluster does (held-out set 51, h51c 31: a CI service's fsync=off
 * under a link to it, called production). Not a comment that wants it gone ("FIXME: this is
 * non-durable, turn it back on", "never run non-durable settings"). */
static const char *const NON_DURABLE_WORDS[] = {"non-durability", "non-durable", NULL};
static const char *const UNWANTED_WORDS[] = {"not",     "never",        "don't",    "dont",
                                             "fixme",   "todo",         "remove",   "revert",
                                             "back on", "unacceptable", "must not", NULL};

static bool cites_non_durability(const char *comment)
{
    return phrase_in(comment, NON_DURABLE_WORDS) && !phrase_in(comment, UNWANTED_WORDS);
}

/* `opt_out`: the comment explains an opt-out (its own line, or right above it) */
static void take_purpose(Intent *out, const char *comment, const char *file, int line, bool opt_out)
{
    const char *words;
    IntentPurpose purpose;
    if (says_production(comment)) {
        out->production_said = true;
        if (!out->production_at.file)
            place_set(out, &out->production_at, file, line, comment);
    }
    if (out->purpose != INTENT_NONE)
        return;
    purpose = purpose_words(comment, &words);
    if (purpose == INTENT_NONE && opt_out && cites_non_durability(comment))
        purpose = INTENT_TEST;
    if (purpose == INTENT_NONE)
        return;
    out->purpose = purpose;
    place_set(out, &out->purpose_at, file, line, comment);
    out->purpose_evidence = arena_printf(out->arena, "line %d: '%s'", line, out->purpose_at.text);
}

static const char *const ENVIRONMENT_WORDS[] = {ENVIRONMENT_PHRASES, NULL};

/* A setting's own comment that explains its value by the environment ("ssl = off # Disabled
 * for local development") states the file's purpose as a header does. Only environments
 * count there: a bare "dev" or "test" beside a value names anything, and a benchmark's words
 * ("for bulk load") describe a production server's tuning as often (review 2026-12p, h17a 03). */
/* Is the environment phrase at `at` what a value is good for ("reason: useful for
 * development"): a use the value serves, as debug logging serves development on any server,
 * not where this one runs (review 2026-12ze, h32a 09, a deployment file's logging)? */
static bool phrase_is_a_use(const char *comment, const char *at)
{
    static const char *const uses[] = {"useful", "helpful", "handy",     "convenient", "good",
                                       "nice",   "great",   "practical", NULL};
    const char *end = at;
    while (end > comment && end[-1] == ' ')
        end--;
    const char *start = end;
    while (start > comment && isalpha((unsigned char)start[-1]))
        start--;
    for (const char *const *use = uses; *use; use++)
        if ((size_t)(end - start) == strlen(*use) && !strncasecmp(start, *use, strlen(*use)))
            return true;
    return false;
}

static void take_line_purpose(Intent *out, const char *comment, const char *file, int line)
{
    const char *phrase;
    if (out->purpose != INTENT_NONE || says_production(comment) ||
        !(phrase = phrase_in(comment, ENVIRONMENT_WORDS)))
        return;
    const char *at = strcasestr(comment, phrase);
    if (at && phrase_is_a_use(comment, at))
        return;
    out->purpose = INTENT_TEST;
    place_set(out, &out->purpose_at, file, line, comment);
    out->purpose_evidence = arena_printf(out->arena, "line %d: '%s'", line, out->purpose_at.text);
}

static void add_comment(Intent *out, const char *file, int line, const char *comment)
{
    out->comments =
        arena_realloc(out->arena, out->comments, out->n_comments * sizeof(*out->comments),
                      (out->n_comments + 1) * sizeof(*out->comments));
    out->comments[out->n_comments++] = (IntentComment){
        .file = arena_strdup(out->arena, file), .line = line, .text = keep(out, trimmed(comment))};
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

static bool setting_line(const char *text)
{
    while (isspace((unsigned char)*text))
        text++;
    return *text && *text != '#';
}

/* The comment heading the run of settings `line` is in, with no blank line between ("# Purely
 * testing related:" over hba_file, DateStyle and fsync=off: held-out set 44, 38): the line of
 * its last words, 0 when the run has none. */
static int run_heading(const Lines *lines, int line, int first)
{
    int start = line;
    while (start - 1 > first && setting_line(lines->items[start - 2]))
        start--;
    return start < line ? block_above(lines, start, first) : 0;
}

/* Is the line after `line` another setting (not blank, not a comment), so that a comment block
 * above `line` heads a run of settings? */
static bool heads_a_run(const Lines *lines, int line)
{
    if (line < 1 || (size_t)line >= lines->n)
        return false;
    const char *next = lines->items[line];
    while (isspace((unsigned char)*next))
        next++;
    return *next && *next != '#';
}

/* The last line of the comment paragraph (up to a blank line or a setting) starting at `line`
 * (`line` itself when it is neither), and in *licence whether it is a licence's terms
 * ("Copyright", "Licensed under", "You may: ✔ Use for internal security testing"): what anyone
 * may do with the file, not what its server is for (review 2026-12q, h18c 27). */
static int paragraph_end(const Lines *lines, int line, int first, bool *licence)
{
    static const char *const marks[] = {"copyright",
                                        "license",
                                        "licence",
                                        "licensed",
                                        "spdx-license-identifier",
                                        "all rights reserved",
                                        "you may",
                                        "permission is hereby granted",
                                        NULL};
    int end = line;
    *licence = false;
    for (; end < first && end <= (int)lines->n; end++) {
        const char *text = lines->items[end - 1];
        if (!comment_only(text))
            break;
        *licence = *licence || phrase_in(comment_of(text), marks);
    }
    return end > line ? end - 1 : line;
}

/* The connections the comment of max_connections says are in use: "app uses ~10", "the
 * application opens about 20", "10 in use", "peak 12 connections" (review 2026-12x, h25a 06:
 * "max_connections = 40  # app uses ~10"). A hypothetical ("if the app uses 50") states none. */
static void in_use_in(Intent *out, const char *comment, const char *file, int line)
{
    if (out->in_use >= 0 || strcasestr(comment, "if ") || strcasestr(comment, "when "))
        return;
    /* a count, not a size or a rate: "uses 2GB", "uses 50%" are no connections */
    pcre2_code *re =
        compile("(?:\\b(?:apps?|applications?|clients?|services?|we|it|workers?)\\s+"
                "(?:uses?|opens?|needs?|holds?)\\s+(?:about\\s+|around\\s+|roughly\\s+|"
                "up\\s+to\\s+|at\\s+most\\s+|~\\s*)?(\\d+)\\b(?!\\s*(?:[kmgtp]i?b\\b|%|cores?\\b|"
                "cpus?\\b|threads?\\b|m?s\\b|min\\b))|\\b(\\d+)\\s+(?:connections?\\s+)?in\\s+"
                "use\\b|\\bpeak(?:\\s+of)?\\s+~?(\\d+)\\s+(?:connections?|clients?|sessions?|"
                "backends?)\\b)");
    for (int group = 1; re && group <= 3; group++) {
        char *num = match_group(re, comment, group, NULL);
        if (!num)
            continue;
        long n = strtol(num, NULL, 10);
        free(num);
        if (n > 0 && n < 100000) {
            out->in_use = n;
            place_set(out, &out->in_use_at, file, line, comment);
        }
        break;
    }
    pcre2_code_free(re);
}

static void read_marks(Intent *out, const ConfSet *set, const char *file, const Lines *lines);
static const char *chosen_in(const char *comment);
static int image_sample_line(const Lines *lines);

/* One file: its header block (top file only), the comments of its settings. */
/* Names anywhere the author wrote, in one pass (each line's authorship is looked up once):
 * - a program that reads the log: its reports need what the log holds (pgBadger's
 *   documentation asks for log_autovacuum_min_duration = 0, log_temp_files = 0,
 *   log_checkpoints and more);
 * - what reads logical decoding (review 2026-12t, h21d 49: "Debezium needs wal_level =
 *   logical" above the line PK3008 asked to lower);
 * - a copy-on-write file system.
 * `whole_lines`: only lines that are all comment (a manifest's). */
static void names_in_comments(Intent *out, const char *file, const Lines *lines, bool whole_lines)
{
    static const char *const log_readers[] = {"pgbadger",     "pganalyze",    "pgfouine",
                                              "log analyzer", "log analyser", NULL};
    static const char *const decoders[] = {"debezium",
                                           "pglogical",
                                           "pgactive",
                                           "wal2json",
                                           "decoderbufs",
                                           "pgoutput",
                                           "logical replication",
                                           "logical decoding",
                                           "cdc",
                                           "change data capture",
                                           "kafka connect",
                                           "airbyte",
                                           "fivetran",
                                           "bdr",
                                           NULL};
    static const char *const cow_systems[] = {"zfs", "btrfs", NULL};
    /* - a container the server runs in ("# For docker networking", "Montar este arquivo no
     *   container"): its interfaces are the container's (review 2026-12v, h23a 01, 06, 12) */
    static const char *const containers[] = {"docker", "container", "containers", "kubernetes",
                                             "k8s",    "podman",    NULL};
    for (size_t line = 1; line <= lines->n; line++) {
        if (out->log_reader_at.file && out->decoder_at.file && out->cow && out->container_at.text)
            break;
        /* a manifest's comments are its comment lines: YAML quotes '#' as the server's files
         * do not */
        const char *raw = lines->items[line - 1];
        const char *comment = !whole_lines || comment_only(raw) ? comment_of(raw) : NULL;
        if (!comment || !authored(comment))
            continue;
        if (!out->log_reader_at.file && phrase_in(comment, log_readers))
            place_set(out, &out->log_reader_at, file, (int)line, comment);
        if (!out->decoder_at.file && phrase_in(comment, decoders))
            place_set(out, &out->decoder_at, file, (int)line, comment);
        if (!out->container_at.text && phrase_in(comment, containers)) {
            char *text = trimmed(comment);
            out->container_at.text = arena_printf(out->arena, "line %zu: '%s'", line, text);
            out->container_at.line = (int)line;
            free(text);
        }
        if (!out->cow && phrase_in(comment, cow_systems)) {
            char *text = trimmed(comment);
            out->cow = arena_printf(out->arena, "'%s' (line %zu)", text, line);
            free(text);
        }
    }
}

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
    int sample = top ? image_sample_line(&lines) : 0;
    if (sample) {
        out->container_at.text = arena_printf(
            out->arena,
            /* Bitnami's generated file keeps the same line (held-out set 28, h28c 34): a
             * container image's, not necessarily the official one's */
            "the file keeps a container image's sample, whose stock listen_addresses line is "
            "replaced by listen_addresses = '*' (line %d), as the official image's build and "
            "Bitnami's do",
            sample);
        out->container_at.line = sample;
    }
    int depth = 0;    /* of a template's blocks: a comment inside one describes one rendering */
    int para_end = 0; /* the header's comment paragraph the line is in, and whether a licence */
    bool licence = false;
    for (int line = 1; top && line < first && line <= (int)lines.n; line++) {
        const char *text = lines.items[line - 1];
        const char *comment = comment_only(text) ? comment_of(text) : NULL;
        if (!comment)
            depth += conf_template_depth_step(text);
        if (line > para_end)
            para_end = paragraph_end(&lines, line, first, &licence);
        if (!authored(comment) || licence)
            continue;
        take_purpose(out, comment, file, line, false);
        if (depth <= 0)
            facts_in(out, comment, true, false, file, line);
        if (!out->chosen_at.file && chosen_in(comment))
            place_set(out, &out->chosen_at, file, line, comment);
    }
    /* a sentence that runs on to the next header line ("a Docker container with a 2 GB /
     * memory limit": review 2026-12y, h26b 19), read only when no line alone said what
     * PostgreSQL is given */
    for (int line = 1;
         top && out->ram_rank < RAM_ALLOCATED && line + 1 < first && line + 1 <= (int)lines.n;
         line++) {
        const char *text = lines.items[line - 1], *after = lines.items[line];
        const char *comment = comment_only(text) ? comment_of(text) : NULL;
        const char *next = comment_only(after) ? comment_of(after) : NULL;
        if (!comment || !next || !authored(comment) || !authored(next))
            continue;
        char *both = xasprintf("%s %s", comment, next + strspn(next, "# \t"));
        facts_in(out, both, true, true, file, line);
        free(both);
    }
    /* a paragraph of the author's own between sections states the machine as a setting's
     * comment does ("# Nomad by default supplies 300MB RAM." over a memory section, apart from
     * its settings: held-out set 30, h30a 01; pgtune's block of inputs pasted at the end of a
     * stock sample, "# CPUs num: 2": h30c 30); not inside a template's block, which describes
     * one rendering */
    int body_depth = 0;
    for (int line = first; top && line <= (int)lines.n; line++) {
        const char *text = lines.items[line - 1];
        if (!comment_only(text)) {
            body_depth += conf_template_depth_step(text);
            continue;
        }
        const char *comment = comment_of(text);
        if (body_depth <= 0 && authored(comment))
            facts_in(out, comment, false, false, file, line);
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
        /* an opt-out with no comment of its own: its section's heading says what it is for */
        int heading = !comment && opt_out_line(set, e) && !e->block_line
                          ? run_heading(&lines, e->line, first)
                          : 0;
        if (heading)
            take_purpose(out, comment_of(lines.items[heading - 1]), file, heading, true);
        if (!comment)
            continue;
        /* a comment above a run of settings ("# Memory Settings" over shared_buffers, work_mem,
         * …) heads the section: it gives no reason for the first of them (review 2026-12t,
         * h21d 40) */
        if (e->applied && (at == e->line || !heads_a_run(&lines, e->line)))
            add_comment(out, file, e->line, comment);
        if (opt_out_line(set, e))
            take_purpose(out, comment, file, at, true);
        else if (at == e->line && e->applied && !e->block_line) {
            take_line_purpose(out, comment, file, at);
            /* the setting's comment may sit above it while its own line says something else
             * ("# 100 connections, suitable for the development environment" over
             * "max_connections = 100 # the default is 100": review 2026-12x, h25a 03) */
            int above = block_above(&lines, e->line, first);
            if (above && !heads_a_run(&lines, e->line))
                take_line_purpose(out, comment_of(lines.items[above - 1]), file, above);
        } else if (at != e->line && e->applied && !e->block_line && !heads_a_run(&lines, e->line))
            take_line_purpose(out, comment, file, at);
        /* inside a template block the comment describes one rendering ("### 512MB RAM" in the
         * branch for small hosts), not the machine (review 2026-12i, h10c 37) */
        if (e->block_line)
            continue;
        facts_in(out, comment, false, false, file, at);
        if (!strcasecmp(e->name, "max_connections") && e->applied)
            in_use_in(out, comment, file, at);
        /* a section's comment above a line with its own may state the machine too ("# Memory
         * settings (512GB기준)") */
        int above = at == e->line ? block_above(&lines, e->line, first) : 0;
        if (above)
            facts_in(out, comment_of(lines.items[above - 1]), false, false, file, above);
    }
    names_in_comments(out, file, &lines, false);
    read_marks(out, set, file, &lines);
    lines_free(&lines);
}

static void purpose_from_place(Intent *out, const ConfSet *set, bool prod_said);
static void application_from(Intent *out, const ConfSet *set);
static void log_feed_from(Intent *out, const ConfSet *set);
static void container_from(Intent *out, const ConfSet *set);

/* An empty intent: nothing known (-1 for the numbers a comment may state). */
static void intent_init(Intent *out)
{
    memset(out, 0, sizeof(*out));
    out->arena = arena_new();
    out->ram_bytes = -1;
    out->machine_bytes = -1;
    out->cores = -1;
    out->pool_size = -1;
    out->in_use = -1;
}

/* The earlier values each applied setting replaced: a line written over another of the same
 * configuration, with a different value, is its author's second choice (review 2026-12zh, h39b
 * 24: checkpoint_completion_target = 0.05 written below pgtune's 0.9). */
static void replaced_from(Intent *out, const ConfSet *set)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *earlier = &set->entries[idx];
        if (earlier->error || !earlier->name || !earlier->value || earlier->alternative ||
            earlier->overridden_by < 0 || (size_t)earlier->overridden_by >= set->n_entries)
            continue;
        /* overridden_by is the line that wins over it: the applied one, found in one step */
        const ConfEntry *applied = &set->entries[earlier->overridden_by];
        if (applied == earlier || !applied->applied || !applied->value ||
            !strcmp(applied->value, earlier->value))
            continue;
        /* grown by doubling: one step per entry would copy the list each time (10,000 lines
         * overriding one another: 2GB) */
        ARENA_GROW(out->arena, out->replaced, out->n_replaced, out->cap_replaced);
        out->replaced[out->n_replaced++] = (struct IntentReplaced){
            .file = arena_strdup(out->arena, applied->file),
            .line = applied->line,
            .name = arena_strdup(out->arena, applied->name),
            .text = arena_strdup(out->arena, earlier->value),
            .earlier_line = earlier->line,
        };
    }
}

long intent_replaced_next(const Intent *intent, const char *file, int line, long from)
{
    for (size_t idx = (size_t)(from + 1); intent && file && idx < intent->n_replaced; idx++)
        if (intent->replaced[idx].line == line && intent->replaced[idx].file &&
            !strcmp(intent->replaced[idx].file, file))
            return (long)idx;
    return -1;
}

void intent_read(const ConfSet *set, Intent *out)
{
    intent_init(out);
    for (size_t idx = 0; idx < set->n_files; idx++)
        read_file(out, set, set->files[idx], idx == 0);
    replaced_from(out, set);
    purpose_from_place(out, set, out->production_said);
    application_from(out, set);
    log_feed_from(out, set);
    container_from(out, set);
    static const char *const cow_settings[] = {"wal_recycle", "wal_init_zero", NULL};
    for (const char *const *name = cow_settings; !out->cow && *name; name++) {
        const ConfEntry *e = off_explicitly(set, *name);
        if (e)
            out->cow = arena_printf(out->arena, "%s = off (line %d)", *name, e->line);
    }
    /* pgBadger's documented log_line_prefix ('%t [%p]: [%l-1] user=%u,db=%d,…', its README's
     * "log_line_prefix" for stderr output) is the log reader's own (review 2026-12t, h22a 01) */
    int prefix_at = conf_set_find_applied(set, "log_line_prefix");
    const ConfEntry *prefix = prefix_at >= 0 ? &set->entries[prefix_at] : NULL;
    if (!out->log_reader_at.file && prefix && prefix->value &&
        (!strncmp(prefix->value, "%t [%p]: [%l-1] ", 16) ||
         !strncmp(prefix->value, "%m [%p]: [%l-1] ", 16)))
        place_set(
            out, &out->log_reader_at, prefix->file, prefix->line,
            arena_printf(out->arena, "pgBadger's documented log_line_prefix, '%s'", prefix->value));
    /* a preloaded library that replicates by logical decoding needs wal_level = logical on
     * every node (pglogical, pgactive, BDR; pg_failover_slots keeps logical slots); an output
     * plugin preloaded (pgoutput, wal2json, decoderbufs: a CDC reader's, Debezium's) says the
     * same of the file's author, although the server loads it on demand (review 2026-12zf, 06) */
    int spl_at = conf_set_find_applied(set, "shared_preload_libraries");
    const ConfEntry *spl = spl_at >= 0 ? &set->entries[spl_at] : NULL;
    static const char *const decoding_libs[] = {"pglogical",         "pgactive", "bdr",
                                                "pg_failover_slots", "pgoutput", "wal2json",
                                                "decoderbufs",       NULL};
    if (!out->decoder_at.file && spl && spl->value && phrase_in(spl->value, decoding_libs))
        place_set(out, &out->decoder_at, spl->file, spl->line,
                  arena_printf(out->arena, "shared_preload_libraries = '%s'", spl->value));
    /* a standby that synchronises logical slots (17+): the slot sync worker refuses to run
     * unless wal_level is logical (ValidateSlotSyncParams, slotsync.c; review 2026-12zl, h47b
     * 26: wal_level = replica suggested beside it) */
    int sync_at = conf_set_find_applied(set, "sync_replication_slots");
    const ConfEntry *sync = sync_at >= 0 ? &set->entries[sync_at] : NULL;
    static const char *const truths[] = {"on", "true", "yes", "1", NULL};
    bool sync_on = false;
    for (const char *const *word = truths; sync && sync->value && *word && !sync_on; word++)
        sync_on = !strcasecmp(sync->value, *word);
    if (!out->decoder_at.file && sync_on)
        place_set(out, &out->decoder_at, sync->file, sync->line,
                  arena_printf(out->arena, "sync_replication_slots = %s", sync->value));
}

/* A YAML or HCL line's comment: a '#' opening the line or after a blank, outside quotes. A
 * quote opens a quoted scalar only where a scalar starts (`o'brien` is plain text), and `\"`
 * inside double quotes is no end. */
static const char *structured_comment_of(const char *line)
{
    char quote = 0;
    for (const char *p = line; *p; p++) {
        if (quote) {
            if (quote == '"' && *p == '\\' && p[1])
                p++;
            else if (*p == quote)
                quote = 0;
        } else if ((*p == '\'' || *p == '"') && (p == line || strchr(" \t[{,:-", p[-1])))
            quote = *p;
        else if (*p == '#' && (p == line || p[-1] == ' ' || p[-1] == '\t'))
            return p;
    }
    return NULL;
}

static int indent_of(const char *line)
{
    return (int)strspn(line, " \t");
}

/* Is the line a YAML mapping key (`command:`, `fsync: "off"`, `command: >-`)? */
static bool yaml_key_line(const char *text)
{
    const char *p = text + indent_of(text);
    size_t len = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-\"'");
    return len && p[len] == ':' && (!p[len + 1] || isspace((unsigned char)p[len + 1]));
}

/* The line of the key that holds the setting at `line`: the line itself when it is a key's
 * (`command: -c fsync=off`, `fsync: "off"`), else the key above it that holds a YAML sequence
 * item (`command:` over `- fsync=off`) or a block scalar's line (`command: >-` over `-c
 * fsync=off`). */
static int owning_key(const Lines *lines, int line)
{
    const char *text = lines->items[line - 1];
    int indent = indent_of(text);
    bool item =
        text[indent] == '-' && (!text[indent + 1] || isspace((unsigned char)text[indent + 1]));
    if (!item && yaml_key_line(text))
        return line;
    for (int at = line - 1; at >= 1; at--) {
        const char *above = lines->items[at - 1];
        int ind = indent_of(above);
        if (comment_only(above) || !above[ind] || above[ind] == '\r' || ind > indent ||
            (ind == indent && (item ? above[ind] == '-' : !yaml_key_line(above))))
            continue;
        return at;
    }
    return line;
}

/* An opt-out in a manifest, compose file or Terraform file is explained as in a postgresql.conf:
 * by its own line's comment or the comment lines right above it, or above the key holding it
 * when it is an item of a YAML sequence (held-out set 51, h51c 31: `# see
 * …/non-durability.html` over a compose service's `command:` with fsync=off, unread). */
static void opt_out_comments(Intent *out, const ConfSet *set, const char *file, const Lines *lines)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (!e->name || !e->file || strcmp(e->file, file) || e->line < 1 ||
            e->line > (int)lines->n || !opt_out_line(set, e))
            continue;
        const char *own = structured_comment_of(lines->items[e->line - 1]);
        if (own && authored(own))
            take_purpose(out, own, file, e->line, true);
        int above = block_above(lines, e->line, 0);
        int key = owning_key(lines, e->line);
        if (!above && key != e->line)
            above = block_above(lines, key, 0);
        if (above)
            take_purpose(out, comment_of(lines->items[above - 1]), file, above, true);
    }
}

/* The comments a manifest, compose file or Terraform file opens with (before its first key or
 * block; a YAML document's `---` aside) state its purpose as a postgresql.conf's header does
 * (held-out set 50, h50c 31 and 39: "# development setup" over a compose file's fsync=off,
 * "test cluster" on a Cluster's first line, called production). A licence's paragraph says
 * nothing. */
static void read_manifest_header(Intent *out, const ConfSet *set, const char *file)
{
    Lines lines = {0};
    lines_read(file, &lines);
    int first = 1;
    while (first <= (int)lines.n) {
        const char *text = lines.items[first - 1];
        const char *p = text + strspn(text, " \t");
        if (*p && !comment_only(text) && strcmp(p, "---"))
            break;
        first++;
    }
    int para_end = 0;
    bool licence = false;
    for (int line = 1; line < first; line++) {
        const char *text = lines.items[line - 1];
        const char *comment = comment_only(text) ? comment_of(text) : NULL;
        if (line > para_end)
            para_end = paragraph_end(&lines, line, first, &licence);
        if (authored(comment) && !licence)
            take_purpose(out, comment, file, line, false);
    }
    /* and its comments anywhere ("# ZFS settings because recordsize is 128k" above a
     * Zalando manifest's full_page_writes: "off": held-out set 51, 36) */
    names_in_comments(out, file, &lines, true);
    opt_out_comments(out, set, file, &lines);
    lines_free(&lines);
}

void intent_read_place(const ConfSet *set, Intent *out)
{
    intent_init(out);
    if (set->n_files && !set->data_dir)
        read_manifest_header(out, set, set->files[0]);
    purpose_from_place(out, set, out->production_said);
}

const char *intent_comment_at(const Intent *intent, const char *file, int line)
{
    for (size_t idx = 0; intent && file && idx < intent->n_comments; idx++)
        if (intent->comments[idx].line == line && !strcmp(intent->comments[idx].file, file))
            return intent->comments[idx].text;
    return NULL;
}

const char *intent_deliberate_at(const Intent *intent, const char *file, int line)
{
    for (size_t idx = 0; intent && file && idx < intent->n_deliberate; idx++)
        if (intent->deliberate[idx].line == line && !strcmp(intent->deliberate[idx].file, file))
            return intent->deliberate[idx].text;
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
    f->file = finding_strdup(f, file);
    f->line = line;
    /* not the server's verdict on a line: what pgknob read in the file's own words; it asks
     * for no change, so it has no risk to state, and the report's reader has no checkout to
     * follow a reference into pgknob's own docs */
    f->explanation = finding_strdup(
        f, "A configuration often says what it is for and the machine it was written for, in its "
           "header or beside its settings. pgknob reads these words (never the stock "
           "postgresql.conf.sample comments) and says what it took from them, so that a fix does "
           "not reverse a choice the file shows is deliberate. Check what it took.");
    return f;
}

const char *intent_weak_evidence(const Intent *intent)
{
    return intent->purpose_from_setting ? "a muted log, itself as likely a mistake,"
           : intent->purpose_from_opt_outs
               ? "the opt-outs' own signature, which a misconfiguration copied into production "
                 "shows as well,"
           : !strncmp(intent->purpose_evidence, "its repository's README", 23)
               ? "the repository's description of itself"
           : !strncmp(intent->purpose_evidence, "its development container", 25)
               ? "where it is mounted"
           : !strncmp(intent->purpose_evidence, "its compose file's development tool", 35)
               ? "a tool beside it"
               : "a name";
}

void intent_note_purpose(const Intent *intent, FindingList *out)
{
    if (intent->purpose == INTENT_NONE)
        return;
    const char *name = intent_purpose_name(intent->purpose);
    Finding *f = notice(out, "PK0090", intent->purpose_at.file, intent->purpose_at.line);
    f->message = finding_printf(f,
                                "purpose taken as %s from %s; give --purpose production to "
                                "check it as production",
                                name, intent->purpose_evidence);
    if (intent->purpose_named) {
        /* a name is weak evidence: a repository called "Forum-test-next-nest", a directory
         * called "contest" (review-h8a, correction 1) */
        f->hint = finding_printf(
            f,
            "Only %s says so, which is weak evidence: as a %s configuration, what costs only "
            "performance, resources or log volume (verbose logging, eager autovacuum, small "
            "shared memory, a low prefetch depth) or only support status (an end-of-life major) "
            "is a notice that says why; what can lose data "
            "or stop the service (fsync, full_page_writes or synchronous_commit off, autovacuum "
            "off, a worst case beyond RAM) falls at most to a warning. State the "
            "purpose outright (--purpose %s, purpose = %s in .pgknob.ini, or a comment in the "
            "file such as '# for testing only') to lower those too, or give --purpose production.",
            intent_weak_evidence(intent), name, name, name);
        return;
    }
    f->hint = finding_printf(
        f,
        "Judged as a %s configuration: what such clusters do on purpose (fsync, "
        "full_page_writes, synchronous_commit or autovacuum off, eager autovacuum, verbose or "
        "muted logging, "
        "small shared memory, a low prefetch depth%s) is a notice that says why, and a fix that "
        "%s is unsafe; a worst case beyond 1.5 x RAM is a warning (memory runs "
        "out and fails the run). Give --purpose production (or purpose = production in "
        ".pgknob.ini) when it "
        "is not.",
        name,
        intent->purpose == INTENT_TEST
            ? ", worst-case memory sums of many concurrent sessions up to 1.5 x RAM"
            : "",
        intent->purpose == INTENT_BENCHMARK ? "changes any value the file sets (the run's own)"
                                            : "turns it back");
}

static char *bytes_text(double bytes)
{
    double gb = bytes / (1024.0 * 1024 * 1024);
    /* floor, not a cast to long: a stated RAM can be any size, and the cast overflows */
    return gb >= 1 ? xasprintf("%gGB", floor(gb * 10 + 0.5) / 10)
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
/* " from line 4 ('# 8GB RAM')", the comment quoted; pgknob's own words about the sizing not */
static void from_line(StrBuf *sb, const IntentPlace *at)
{
    if (at->said)
        sb_printf(sb, " from its sizing: %s", at->text);
    else
        sb_printf(sb, " from line %d ('%s')", at->line, at->text);
}

static void fact_from(StrBuf *sb, const char *fact, const IntentPlace *at, const IntentPlace **prev)
{
    if (*prev && (*prev)->line == at->line)
        sb_printf(sb, ", %s", fact);
    else if (*prev) {
        from_line(sb, *prev);
        sb_printf(sb, "; %s", fact);
    } else
        sb_put(sb, fact);
    *prev = at;
}

/* Where the host facts came from, for host.source and the reports' header: "ram (the lower
 * bound of 4-8 GB) and cores from line 2; storage from line 3", facts of one line together. */
static char *facts_where(const Intent *intent)
{
    struct Fact {
        const char *name;
        const IntentPlace *at;
    } facts[3];
    size_t n = 0;
    /* "the budget for PostgreSQL" and "the limit for PostgreSQL" are what the memory rules'
     * texts test for (PK2001, PK2003, PK2009) */
    char *ram = intent->ram_range    ? xasprintf("ram (the lower bound of %s)", intent->ram_range)
                : intent->ram_budget ? xstrdup("ram (the budget for PostgreSQL)")
                : intent->ram_rank == RAM_ALLOCATED ? xstrdup("ram (the limit for PostgreSQL)")
                                                    : xstrdup("ram");
    if (intent->ram_bytes > 0)
        facts[n++] = (struct Fact){ram, &intent->ram_at};
    if (intent->cores > 0)
        facts[n++] = (struct Fact){"cores", &intent->cores_at};
    if (intent->storage)
        facts[n++] = (struct Fact){"storage", &intent->storage_at};
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, intent->ram_inferred && n == 1 ? "the file's sizing: " : "the file's comments: ");
    for (size_t idx = 0; idx < n; idx++) {
        bool same_next = idx + 1 < n && facts[idx + 1].at->line == facts[idx].at->line;
        bool same_prev = idx && facts[idx - 1].at->line == facts[idx].at->line;
        sb_put(&sb, same_prev ? (same_next ? ", " : " and ") : idx ? "; " : "");
        sb_put(&sb, facts[idx].name);
        if (!same_next)
            sb_printf(&sb, " from line %d", facts[idx].at->line);
    }
    free(ram);
    return sb_detach(&sb);
}

/* Do the comments of a sizing (each setting's line, at `first` and `last`, and the three above
 * it) say it understates the machine ("# Memory — conservative for laptop", "modest")? Then it
 * is no machine's quarter and three quarters (review 2026-12zo, h59a 04: ram = 1GB taken from
 * 256MB and 768MB under that comment, and the server said to need more than it). */
static bool sizing_understated(const char *file, int first, int last)
{
    static const char *const words[] = {"conservative", "laptop", "modest", NULL};
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (!file || pk_read_file(file, 1 << 20, &data, &len, &err) != PK_READ_OK)
        return false;
    bool said = false;
    int at = 1;
    for (const char *line = data; *line && !said && at <= last; at++) {
        const char *eol = line + strcspn(line, "\n");
        const char *hash = memchr(line, '#', (size_t)(eol - line));
        bool near = (at >= first - 3 && at <= first) || (at >= last - 3 && at <= last);
        if (near && hash) {
            char *comment = xstrndup(hash, (size_t)(eol - hash));
            for (const char *const *w = words; *w && !said; w++)
                said = strcasestr(comment, *w) != NULL;
            free(comment);
        }
        line = *eol ? eol + 1 : eol;
    }
    free(data);
    return said;
}

/* A file that gives shared_buffers a quarter and effective_cache_size three quarters of one
 * machine's memory (pgtune's and timescaledb-tune's split, written out to the kilobyte) states
 * that machine: their sum. Read only where no comment states the RAM. */
static void ram_from_sizing(Intent *intent, const Snapshot *snap)
{
    const SnapSetting *sb = snapshot_get(snap, "shared_buffers");
    const SnapSetting *ecs = snapshot_get(snap, "effective_cache_size");
    if (!sb || !ecs || sb->source != SRC_FILE || ecs->source != SRC_FILE || !sb->parsed_ok ||
        !ecs->parsed_ok || sb->parsed.num <= 0 || !ecs->file)
        return;
    double ratio = ecs->parsed.num / sb->parsed.num;
    if (ratio < 2.97 || ratio > 3.03 || sizing_understated(ecs->file, sb->line, ecs->line))
        return;
    char *text = xasprintf("shared_buffers = %s (line %d) and effective_cache_size = %s (line %d) "
                           "are a quarter and three quarters of it, as pgtune sizes them",
                           sb->value, sb->line, ecs->value, ecs->line);
    intent->ram_bytes = (sb->parsed.num + ecs->parsed.num) * 8192.0; /* both count 8kB blocks */
    intent->ram_rank = RAM_MACHINE;
    intent->ram_range = NULL;
    intent->ram_inferred = true;
    place_set(intent, &intent->ram_at, ecs->file, ecs->line, text);
    intent->ram_at.said = true;
    free(text);
}

/* A memory setting whose own comment says what share of the memory it is ("shared_buffers =
 * 256MB  # 25% от доступной памяти", "# 25% of RAM") shows that memory: the value over the
 * share (held-out set 30, h30a 07), inferred as pgtune's split is. A range of shares ("50-75%")
 * shows none. Read only where no comment states the RAM. */
static void ram_from_share(Intent *intent, const Snapshot *snap)
{
    /* compiled per call (no mutable static): once per configuration */
    pcre2_code *share =
        compile("(?<![\\d.\\-])(?<!\u2013)(\\d{1,2}(?:\\.\\d+)?)\\s*%"
                "(?!\\s*(?:-|\u2013|to)\\s*\\d)\\s*(?:of\\s+(?:the\\s+)?(?:(?:total|"
                "available|system|host|machine|server|container|physical)\\s+)?"
                "(?:ram|memory)\\b|ram\\b|\u043e\u0442\\s+(?:\\S+\\s+)?"
                "\u043f\u0430\u043c\u044f\u0442\u0438)");
    static const char *const names[] = {"shared_buffers", "effective_cache_size"};
    for (size_t idx = 0; share && idx < sizeof(names) / sizeof(names[0]); idx++) {
        const SnapSetting *set = snapshot_get(snap, names[idx]);
        if (!set || set->source != SRC_FILE || !set->parsed_ok || set->parsed.num <= 0 ||
            !set->file)
            continue;
        const char *comment = intent_comment_at(intent, set->file, set->line);
        char *folded = comment ? xstrdup(comment) : NULL;
        if (folded)
            fold_cyrillic(folded);
        char *pct = folded ? match_group(share, folded, 1, NULL) : NULL;
        free(folded);
        double p = pct ? strtod(pct, NULL) : 0;
        free(pct);
        if (p < 5 || p > 90)
            continue;
        char *text = xasprintf("%s = %s (line %d) is %g%% of it, as its comment says", set->name,
                               set->value, set->line, p);
        intent->ram_bytes = set->parsed.num * 8192.0 * 100.0 / p; /* both count 8kB blocks */
        intent->ram_rank = RAM_MACHINE;
        intent->ram_range = NULL;
        /* a rule of thumb applied ("25% of RAM recommended"), as pgtune's split is: the
         * machine inferred, not stated */
        intent->ram_inferred = true;
        place_set(intent, &intent->ram_at, set->file, set->line, text);
        intent->ram_at.said = true;
        free(text);
        break;
    }
    if (share)
        pcre2_code_free(share);
}

void intent_check_host(Intent *intent, Snapshot *snap, const char *given_by, const char *file,
                       FindingList *out)
{
    bool have_host = given_by != NULL;
    HostFacts *host = &snap->host;
    StrBuf said = STRBUF_INIT, from = STRBUF_INIT;
    int line = 0;
    const SnapSetting *big = NULL;
    double sized = sized_for(snap, &big);
    if (!have_host) {
        /* no --host: what the file states serves, and the report says where it came from. A
         * RAM its own settings outgrow (pgtune's header kept over edited values) still states
         * the host: the rules judge the settings against it, and the contradiction is said */
        const IntentPlace *prev = NULL;
        if (intent->ram_bytes <= 0)
            ram_from_share(intent, snap);
        if (intent->ram_bytes <= 0)
            ram_from_sizing(intent, snap);
        if (intent->ram_bytes > 0) {
            host->ram_bytes = intent->ram_bytes;
            char *text = bytes_text(intent->ram_bytes);
            char *machine = intent->machine_bytes > intent->ram_bytes
                                ? bytes_text(intent->machine_bytes)
                                : NULL;
            /* a range is read as its lower bound, and the finding says so */
            char *fact =
                intent->ram_range
                    ? xasprintf("ram=%s (the lower bound of '%s': memory checks must hold "
                                "on the smallest machine the file is for)",
                                text, intent->ram_range)
                : intent->ram_budget
                    ? xasprintf("ram=%s (the budget for PostgreSQL%s%s: the memory "
                                "checks hold to it)",
                                text, machine ? ", of the machine's " : "", machine ? machine : "")
                    : xasprintf("ram=%s", text);
            free(machine);
            fact_from(&from, fact, &intent->ram_at, &prev);
            if (sized > intent->ram_bytes) {
                Finding *f = notice(out, "PK0091", file, big->line);
                f->message = finding_printf(
                    f,
                    "the file contradicts itself: line %d ('%s') states ram=%s; %s = %s (line %d) "
                    "only makes sense on a machine with more",
                    intent->ram_at.line, intent->ram_at.text, text, big->name, big->value,
                    big->line);
                f->hint = finding_strdup(
                    f, "The rules that need the host's RAM judge the settings against the stated "
                       "RAM, and every fix derived from it is unsafe. Check which is right: give "
                       "--host (or host in .pgknob.ini), or correct the file.");
                intent->ram_contradicted = true;
                intent->ram_doubted = true;
            }
            free(fact);
            free(text);
        }
        if (intent->cores > 0) {
            host->cores = intent->cores;
            char *fact = intent->cores_range ? xasprintf("cores=%d (the lower bound of %s)",
                                                         intent->cores, intent->cores_range)
                                             : xasprintf("cores=%d", intent->cores);
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
            from_line(&from, prev);
        line = intent->ram_bytes > 0 ? intent->ram_at.line
               : intent->cores > 0   ? intent->cores_at.line
               : intent->storage     ? intent->storage_at.line
                                     : 0;
        if (from.len) {
            free(host->source);
            host->source = facts_where(intent);
            Finding *f = notice(out, "PK0092", file, line);
            f->message = finding_printf(f, "host facts taken from the file: %s", sb_str(&from));
            f->hint =
                finding_strdup(f, "The rules that need host facts use them. Give --host "
                                  "(or host in .pgknob.ini) when the server has other facts.");
        }
        sb_free(&from);
        return;
    }
    /* "the file says 8GB of RAM from line 4 ('…'); 4 cores from line 5 ('…'); --host gives
     * ram=4GB, cores=8", each line quoted once; a RAM a container's memory limit set is named
     * as that limit, whatever else gave the facts (review 2026-12zo, h56a 02: "--host's ram=8GB"
     * where --host said 16GB and the compose service's limit said 8G) */
    StrBuf given = STRBUF_INIT;
    char *ram_given = NULL;
    const IntentPlace *prev = NULL;
    /* a range ("~1-2 GB") contradicts only a RAM outside it (review 2026-12q, h18b 25) */
    double stated_upper = intent->ram_range ? intent->ram_upper : intent->ram_bytes;
    if (host->ram_bytes > 0 && intent->ram_bytes > 0 &&
        (intent->ram_bytes > host->ram_bytes * 1.25 || stated_upper * 1.25 < host->ram_bytes)) {
        char *stated = bytes_text(intent->ram_bytes), *ram = bytes_text(host->ram_bytes);
        char *fact = intent->ram_range ? xasprintf("%s of RAM", intent->ram_range)
                                       : xasprintf("%s of RAM", stated);
        fact_from(&said, fact, &intent->ram_at, &prev);
        if (host->ram_is_container)
            ram_given = xasprintf("the container's memory limit is %s", ram);
        else if (host->ram_is_limit)
            ram_given = xasprintf("the database instance has %s", ram);
        else
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
    if (said.len) {
        sb_printf(&msg, "the file says %s from line %d ('%s'); ", sb_str(&said), prev->line,
                  prev->text);
        if (ram_given)
            sb_printf(&msg, "%s%s", ram_given, given.len ? "; " : "");
        if (given.len)
            sb_printf(&msg, "%s %s %s", given_by, strcmp(given_by, "--host") ? "give" : "says",
                      sb_str(&given));
    }
    free(ram_given);
    if (!intent->ram_contradicted && host->ram_bytes > 0 && sized > host->ram_bytes) {
        char *ram = bytes_text(host->ram_bytes);
        char *than = host->ram_is_container ? xasprintf("the container's memory limit, %s", ram)
                     : host->ram_is_limit   ? xasprintf("the database instance's %s", ram)
                     : !strncmp(given_by, "--host", 6) ? xasprintf("--host's ram=%s", ram)
                                                       : xasprintf("ram=%s (%s)", ram, given_by);
        sb_printf(&msg, "%s%s = %s (line %d) only makes sense with more memory than %s",
                  msg.len ? "; " : "", big->name, big->value, big->line, than);
        free(than);
        free(ram);
        intent->ram_contradicted = true;
        line = line ? line : big->line;
    }
    if (msg.len) {
        Finding *f = notice(out, "PK0091", file, line);
        f->message = finding_printf(f, "the file contradicts the host facts: %s", sb_str(&msg));
        f->hint =
            finding_strdup(f, "Every fix derived from a contradicted fact is unsafe (pgknob fix "
                              "applies it only with --unsafe-fixes). Check which is right: the "
                              "host facts (--host, host in .pgknob.ini), or the file.");
    }
    sb_free(&msg);
    sb_free(&given);
    sb_free(&said);
}

size_t intent_soften(const Intent *intent, int pg_major, FindingList *out, size_t begin, size_t end)
{
    if (intent->decoder_at.file) { /* logical is what the file needs: PK3008 says nothing true */
        size_t kept = begin;
        for (size_t idx = begin; idx < end && idx < out->n; idx++)
            if (strcmp(out->items[idx].rule_id, "PK3008"))
                out->items[kept++] = out->items[idx];
        for (size_t idx = end; idx < out->n; idx++)
            out->items[kept++] = out->items[idx];
        end -= out->n - kept;
        out->n = kept;
    }
    if (!intent->cow)
        return end;
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        Finding *f = &out->items[idx];
        if (strcmp(f->rule_id, "PK6002") || f->severity <= SEV_NOTICE)
            continue;
        /* a comment naming the file system states it; wal_recycle = off is a setting copied
         * from ZFS advice as often as made for ZFS, and a torn page corrupts silently: a
         * warning (review 2026-12h, h9d 47) */
        bool by_setting = !strncmp(intent->cow, "wal_", 4);
        finding_set_severity(f, by_setting ? SEV_WARNING : SEV_NOTICE);
        f->hint = finding_printf(
            f,
            "%s: the configuration %s a copy-on-write file system (%s), where "
            "full_page_writes = off is a known deliberate choice. PostgreSQL's documentation "
            "allows it only where the file system prevents partial page writes, naming ZFS "
            "(Reliability, wal-reliability.html)%s. Keep it off only if the data directory is on "
            "such a file system.%s%s",
            by_setting ? "A warning, not an error" : "A notice", by_setting ? "suggests" : "names",
            intent->cow,
            by_setting ? "; wal_recycle and wal_init_zero = off are settings often copied from "
                         "ZFS advice, and say nothing of the volume this file ends up on"
                       : "",
            f->hint ? " " : "", f->hint ? f->hint : "");
        char *link = xasprintf("https://www.postgresql.org/docs/%d/wal-reliability.html", pg_major);
        finding_add_link(f, link);
        free(link);
    }
    return end;
}

/* ---- the purpose the file's place and settings show (docs/lint.md, "Severity policy") ---- */

/* A word with stricter bounds than word_at: "dev" in "/dev/sda" or "Dev.to", "test" in
 * "pg_test_fsync" or "e2e-run" does not count. */
static bool bare_word_at(const char *text, const char *at, size_t len)
{
    unsigned char before = at == text ? ' ' : (unsigned char)at[-1];
    unsigned char after = (unsigned char)at[len];
    bool dotted = after == '.' && isalnum((unsigned char)at[len + 1]); /* "Dev.to", "test.sql" */
    return !isalnum(before) && before != '_' && before != '/' && before != '-' && before != '.' &&
           !isalnum(after) && after != '_' && after != '/' && after != '-' && !dotted;
}

/* The same for a README's whole words, where a byte of a UTF-8 letter is a letter too: "д/з" is
 * no word within "Переход/замена" (the session's code review). The comments' phrases match as
 * stems ("тест" in "Тестовая"), so they keep bare_word_at. */
static bool readme_word_at(const char *text, const char *at, size_t len)
{
    unsigned char before = at == text ? ' ' : (unsigned char)at[-1];
    return bare_word_at(text, at, len) && before < 0x80 && (unsigned char)at[len] < 0x80;
}

/* The first of `words` in `text` as a bare word (case-insensitive), or NULL. */
static const char *bare_word_in(const char *text, const char *const *words)
{
    return first_in(text, words, bare_word_at);
}

/* The common forms of development and test in the languages of the configurations seen (no
 * spaces around CJK words; docs/lint.md, Severity policy): a table of words, no one file's
 * phrase. An author's comment is read for them; a README only for their environments
 * (ENVIRONMENT_PHRASES), as in English, since every project is developed and tested. */
#define INTL_TEST_PHRASES                                                                          \
    "\u958b\u767a" /* 開発 */, "\u5f00\u53d1" /* 开发 */, "\u30c6\u30b9\u30c8" /* テスト */,       \
        "\u6d4b\u8bd5" /* 测试 */, "\u6e2c\u8a66" /* 測試 */,                                      \
        "\u0442\u0435\u0441\u0442" /* тест */,                                                     \
        "\u0440\u0430\u0437\u0440\u0430\u0431\u043e\u0442" /* разработ */,                         \
        "test i\u00e7in",       /* Turkish: test için */                                          \
        "test ortam\u0131",     /* Turkish: test ortamı */                                        \
        "geli\u015ftirme",      /* Turkish: geliştirme */                                         \
        "pruebas",              /* Spanish */                                                      \
        "de prueba",            /* Spanish */                                                      \
        "desarrollo",           /* Spanish */                                                      \
        "\ud14c\uc2a4\ud2b8",   /* Korean: 테스트 */                                            \
        "\uac1c\ubc1c",         /* Korean: 개발 */                                               \
        "ki\u1ec3m th\u1eed",   /* Vietnamese: kiểm thử */                                     \
        "th\u1eed nghi\u1ec7m", /* Vietnamese: thử nghiệm */                                   \
        "ph\u00e1t tri\u1ec3n", /* Vietnamese: phát triển */                                    \
        "pengujian",            /* Indonesian */                                                   \
        "pengembangan",         /* Indonesian */                                                   \
        "uji coba",             /* Indonesian */                                                   \
        "de test",              /* French */                                                       \
        "pour les tests",       /* French */                                                       \
        "d\u00e9veloppement",   /* French: développement */                                       \
        "developpement"         /* French */
static const char *const COMMENT_TEST_WORDS[] = {
    "dev", "development", "test", "tests", "testing", "demo", "sandbox", "e2e",
    /* a proof of concept, a course's exercise: no one's production ("lab" and "tutorial" are
     * not: "the lab machine", "values from the OSM tutorial" describe production ones too) */
    "poc", "proof of concept", "proof-of-concept", "playground", "homework", "assignment",
    "coursework", "hackathon", INTL_TEST_PHRASES, NULL};
/* benchmark and load test in the languages of the comments' table */
#define INTL_BENCH_PHRASES                                                                         \
    "\u30d9\u30f3\u30c1\u30de\u30fc\u30af" /* ベンチマーク */,                                     \
        "\u57fa\u51c6\u6d4b\u8bd5" /* 基准测试 */,                                                 \
        "\u043d\u0430\u0433\u0440\u0443\u0437\u043e\u0447\u043d" /* нагрузочн */,                  \
        "k\u0131yaslama",                                   /* Turkish: kıyaslama */              \
        "performans testi",                                 /* Turkish */                          \
        "y\u00fck testi",                                   /* Turkish: yük testi */              \
        "\u0431\u0435\u043d\u0447\u043c\u0430\u0440\u043a", /* Russian: бенчмарк */        \
        "prueba de carga",                                  /* Spanish */                          \
        "pruebas de carga",                                 /* Spanish */                          \
        "prueba de rendimiento",                            /* Spanish */                          \
        "pruebas de rendimiento",                           /* Spanish */                          \
        "\ubca4\uce58\ub9c8\ud06c",                         /* Korean: 벤치마크 */             \
        "\ubd80\ud558 \ud14c\uc2a4\ud2b8",                  /* Korean: 부하 테스트 */         \
        "\uc131\ub2a5 \ud14c\uc2a4\ud2b8",                  /* Korean: 성능 테스트 */         \
        "\u0111o hi\u1ec7u n\u0103ng",                      /* Vietnamese: đo hiệu năng */     \
        "ki\u1ec3m th\u1eed hi\u1ec7u n\u0103ng", /* Vietnamese: kiểm thử hiệu năng */      \
        "ki\u1ec3m th\u1eed t\u1ea3i",            /* Vietnamese: kiểm thử tải */             \
        "\u538b\u6d4b",                           /* Chinese: 压测 */                            \
        "\u538b\u529b\u6d4b\u8bd5",               /* Chinese: 压力测试 */                      \
        "\u6027\u80fd\u6d4b\u8bd5",               /* Chinese: 性能测试 */                      \
        "\u58d3\u529b\u6e2c\u8a66",               /* Chinese: 壓力測試 */                      \
        "\u6548\u80fd\u6e2c\u8a66",               /* Chinese: 效能測試 */                      \
        "\u6027\u80fd\u6bd4\u8f83", /* Chinese: 性能比较 (held-out set 44, 03) */              \
        "\u6027\u80fd\u6bd4\u8f03", /* Chinese, Japanese: 性能比較 */                          \
        "\u6027\u80fd\u5bf9\u6bd4", /* Chinese: 性能对比 */                                    \
        "uji beban",                /* Indonesian */                                               \
        "uji performa",             /* Indonesian */                                               \
        "uji kinerja",              /* Indonesian */                                               \
        "test de charge",           /* French */                                                   \
        "tests de charge",          /* French */                                                   \
        "test de performance",      /* French */                                                   \
        "tests de performance",     /* French */                                                   \
        "banc d'essai"              /* French */
/* and bulk load in them (what an import server does, not what a repository is) */
#define INTL_BULK_PHRASES                                                                                    \
    "toplu y\u00fckleme", /* Turkish: toplu yükleme */                                                      \
        "\u043c\u0430\u0441\u0441\u043e\u0432\u0430\u044f "                                                  \
        "\u0437\u0430\u0433\u0440\u0443\u0437\u043a\u0430", /* Russian: массовая загрузка */ \
        "\u043c\u0430\u0441\u0441\u043e\u0432\u043e\u0439 "                                                  \
        "\u0437\u0430\u0433\u0440\u0443\u0437\u043a\u0438", /* Russian: массовой загрузки */ \
        "\u043c\u0430\u0441\u0441\u043e\u0432\u0443\u044e "                                                  \
        "\u0437\u0430\u0433\u0440\u0443\u0437\u043a\u0443", /* Russian: массовую загрузку */ \
        "carga masiva",                                     /* Spanish */                                    \
        "\ub300\ub7c9 \uc801\uc7ac",                        /* Korean: 대량 적재 */                      \
        "\ub300\ub7c9 \ub85c\ub4dc",                        /* Korean: 대량 로드 */                      \
        "n\u1ea1p d\u1eef li\u1ec7u h\u00e0ng lo\u1ea1t", /* Vietnamese: nạp dữ liệu hàng loạt */   \
        "\u6279\u91cf\u5bfc\u5165",                       /* Chinese: 批量导入 */                        \
        "\u6279\u91cf\u52a0\u8f7d",                       /* Chinese: 批量加载 */                        \
        "pemuatan massal",                                /* Indonesian */                                   \
        "impor massal",                                   /* Indonesian */                                   \
        "chargement massif",                              /* French */                                       \
        "chargement en masse"                             /* French */
static const char *const COMMENT_BENCH_WORDS[] = {
    /* a performance contest's entry: load-tested, then thrown away */
    "contest",          "isucon",          "rinha de backend",
    "import only",      "for the import",  "during the import",
    "during import",    "initial import",  "bulk import",
    INTL_BENCH_PHRASES, INTL_BULK_PHRASES, NULL};
/* a performance contest by name, and the benchmark words of other languages: what a README
 * says its repository is (not "bulk import", a feature an application's README may list) */
/* a repository of benchmarks by its description's words, title and first paragraph, as the
 * singular is (held-out set 44, 40: TechEmpower Framework Benchmarks) */
/* and a benchmark's tools by name: a repository described by one is about running it ("pgbench on
 * Linux file systems": held-out set 50, h50c 41) */
static const char *const README_BENCH_WORDS[] = {"benchmarks",
                                                 "contest",
                                                 "isucon",
                                                 "rinha de backend",
                                                 "pgbench",
                                                 "sysbench",
                                                 "hammerdb",
                                                 "benchbase",
                                                 "tpc-c",
                                                 "tpc-h",
                                                 "tpc-b",
                                                 "tpcc",
                                                 "tpch",
                                                 "ycsb",
                                                 INTL_BENCH_PHRASES,
                                                 NULL};
static const char *const PRODUCTION_WORDS[] = {"prod", "production", NULL};
/* production in other languages: 本番, 生产, 生產, продакшн, продуктив, боев */
static const char *const PRODUCTION_WORDS_INTL[] = {
    "\u672c\u756a", "\u751f\u4ea7", "\u751f\u7522",
    "\u043f\u0440\u043e\u0434\u0430\u043a\u0448\u043d",
    "\u043f\u0440\u043e\u0434\u0443\u043a\u0442\u0438\u0432", "\u0431\u043e\u0435\u0432",
    /* and in the same languages as the test and benchmark words */
    "producci\u00f3n",           /* Spanish: producción */
    "produccion",                /* Spanish */
    "produksi",                  /* Indonesian */
    "\u00fcretim",               /* Turkish: üretim */
    "canl\u0131 ortam",          /* Turkish: canlı ortam */
    "\uc6b4\uc601 \ud658\uacbd", /* Korean: 운영 환경 */
    "\uc6b4\uc601\uc6a9",        /* Korean: 운영용 */
    "\uc6b4\uc601 \uc11c\ubc84", /* Korean: 운영 서버 */
    "\ud504\ub85c\ub355\uc158",  /* Korean: 프로덕션 */
    "s\u1ea3n xu\u1ea5t",        /* Vietnamese: sản xuất */
    "\u6b63\u5f0f\u73af\u5883",  /* Chinese: 正式环境 */
    "\u6b63\u5f0f\u74b0\u5883",  /* Chinese: 正式環境 */
    NULL};

static const char *negated_production(const char *comment);

static void blank_phrases(char *text, const char *const *phrases)
{
    for (const char *const *phrase = phrases; *phrase; phrase++) {
        size_t len = strlen(*phrase);
        for (char *p = text; *p; p++)
            if (!strncasecmp(p, *phrase, len) && word_at(text, p, len))
                memset(p, ' ', len);
    }
}

/* Does `comment` say production, outside a phrase that negates it ("not for production")? In a
 * comment that names a test or benchmark too, "in production" says where another value belongs,
 * not where this file runs ("fsync = off  # Dangerous in production, but speeds up tests":
 * held-out set 30, h30a 09). */
static bool says_production(const char *comment)
{
    char *copy = xstrdup(comment);
    fold_cyrillic(copy);
    blank_phrases(copy, TEST_WORDS);
    const char *words;
    if (purpose_words(comment, &words) != INTENT_NONE)
        blank_phrases(copy, ELSEWHERE_PRODUCTION);
    /* "For production, adjust …": an instruction for another environment, whatever the other
     * lines say (held-out set 61, h61a 05: a header "optimized for development environments"
     * read as production by its next line) */
    blank_phrases(copy, PRODUCTION_ADVICE);
    bool prod =
        (bare_word_in(copy, PRODUCTION_WORDS) || bare_word_in(copy, PRODUCTION_WORDS_INTL)) &&
        !negated_production(copy);
    free(copy);
    return prod;
}

/* Cyrillic capitals (U+0410-U+042F, Ё) to small letters in place: the word tables are written
 * in small letters, and strncasecmp folds ASCII only. */
static void fold_cyrillic(char *text)
{
    for (unsigned char *p = (unsigned char *)text; p[0] && p[1]; p++) {
        if (p[0] == 0xD0 && p[1] >= 0x90 && p[1] <= 0x9F) /* А-П: D0 B0-BF */
            p[1] = (unsigned char)(p[1] + 0x20);
        else if (p[0] == 0xD0 && p[1] >= 0xA0 && p[1] <= 0xAF) { /* Р-Я: D1 80-8F */
            p[0] = 0xD1;
            p[1] = (unsigned char)(p[1] - 0x20);
        } else if (p[0] == 0xD0 && p[1] == 0x81) { /* Ё: D1 91 */
            p[0] = 0xD1;
            p[1] = 0x91;
        }
    }
}

static IntentPurpose purpose_words_folded(const char *comment, const char **words);

/* The purpose the words of a comment state, with the words; the original phrases first. */
static IntentPurpose purpose_words(const char *comment, const char **words)
{
    char *folded = xstrdup(comment);
    fold_cyrillic(folded);
    IntentPurpose purpose = purpose_words_folded(folded, words);
    free(folded);
    return purpose;
}

/* Words that negate what follows them in a clause, in the languages of the production words
 * (English's are phrases of ENVIRONMENT_PHRASES): Russian, Spanish, Portuguese, German,
 * French; Chinese negates before the word, Japanese after it. */
static const char *const NEGATIONS[] = {"\u043d\u0435",                         /* не */
                                        "\u043d\u0435\u043b\u044c\u0437\u044f", /* нельзя */
                                        "\u043d\u0438\u043a\u043e\u0433\u0434\u0430", /* никогда */
                                        "no",
                                        "nunca",
                                        "n\u00e3o",
                                        "nicht",
                                        "nie",
                                        "niemals",
                                        "ne",
                                        "jamais",
                                        NULL};
static const char *const NEGATIONS_CJK_BEFORE[] = {"\u4e0d", "\u7981\u6b62", "\u52ff", NULL};
static const char *const NEGATIONS_CJK_AFTER[] = {"\u3057\u306a\u3044", "\u7981\u6b62",
                                                  "\u306a\u3044\u3067", NULL};

/* Is [from, to) a space-separated token of `list`? Bytes of a multibyte letter are no space. */
static bool token_listed(const char *from, const char *to, const char *const *list)
{
    for (const char *at = from; at < to;) {
        while (at < to && (*at == ' ' || *at == '\t' || *at == '-' || *at == '"'))
            at++;
        const char *end = at;
        while (end < to && *end != ' ' && *end != '\t')
            end++;
        for (const char *const *word = list; *word && end > at; word++)
            if ((size_t)(end - at) == strlen(*word) && !strncasecmp(at, *word, (size_t)(end - at)))
                return true;
        at = end;
    }
    return false;
}

/* English negates a production word through its verb: "Do not use this configuration in any
 * production workloads" (review 2026-12ze, h32f c12), "never run it in prod"; a negation with no
 * such verb ("not only for development but production") denies nothing. */
static const char *const NEGATIONS_EN[] = {"not", "never", "don't", "dont", NULL};
static const char *const NEGATED_VERBS_EN[] = {"use", "run", "deploy", "put", "ship", "copy", NULL};

/* Words that call a value wrong for where they name: "unsafe for production", "not suitable in
 * production" (review 2026-12zg, h38a 01: `fsync = off  # Faster writes (unsafe for
 * production)` under a header "Optimized for local development"). */
static const char *const UNFIT_EN[] = {
    "unsafe",       "unsuitable",      "dangerous",     "not safe",
    "not suitable", "not recommended", "inappropriate", NULL};

static bool negated_in_english(const char *clause, const char *at)
{
    /* "unsafe for production", "dangerous in production" */
    for (const char *const *word = UNFIT_EN; *word; word++) {
        size_t len = strlen(*word);
        for (const char *p = clause; p + len <= at; p++) {
            if (strncasecmp(p, *word, len) || !word_at(clause, p, len))
                continue;
            const char *q = p + len;
            while (q < at && *q == ' ')
                q++;
            if ((!strncasecmp(q, "for ", 4) || !strncasecmp(q, "in ", 3)) &&
                q + (q[0] == 'f' || q[0] == 'F' ? 4 : 3) == at)
                return true;
        }
    }
    const char *neg = NULL;
    for (const char *p = clause; p < at && !neg; p++)
        for (const char *const *word = NEGATIONS_EN; *word && !neg; word++)
            if (!strncasecmp(p, *word, strlen(*word)) && word_at(clause, p, strlen(*word)))
                neg = p;
    for (const char *p = neg; p && p < at; p++)
        for (const char *const *verb = NEGATED_VERBS_EN; *verb; verb++)
            if (!strncasecmp(p, *verb, strlen(*verb)) && word_at(clause, p, strlen(*verb)))
                return true;
    return false;
}

/* A production word that a negation in its clause denies ("нельзя ставить это на боевом
 * сервере", must not be set on a production server: review 2026-12ze, h32b 17; "Do not use this
 * configuration in any production workloads"): the file is for somewhere else. The production
 * word, or NULL. */
static const char *negated_production(const char *comment)
{
    for (const char *const *word = PRODUCTION_WORDS; *word; word++)
        for (const char *at = comment; (at = strcasestr(at, *word)); at++) {
            if (!word_at(comment, at, strlen(*word)))
                continue;
            const char *clause = at;
            while (clause > comment && !strchr(".;!?,:", clause[-1]))
                clause--;
            if (negated_in_english(clause, at))
                return *word;
        }
    for (const char *const *word = PRODUCTION_WORDS_INTL; *word; word++) {
        const char *at = strcasestr(comment, *word);
        if (!at)
            continue;
        const char *clause = at;
        while (clause > comment && !strchr(".;!?,:", clause[-1]))
            clause--;
        const char *stop = at + strlen(*word);
        while (*stop && !strchr(".;!?,:", *stop))
            stop++;
        bool before = token_listed(clause, at, NEGATIONS);
        for (const char *const *neg = NEGATIONS_CJK_BEFORE; !before && *neg; neg++) {
            const char *hit = strstr(clause, *neg);
            before = hit && hit < at;
        }
        for (const char *const *neg = NEGATIONS_CJK_AFTER; !before && *neg; neg++) {
            const char *hit = strstr(at, *neg);
            before = hit && hit < stop;
        }
        if (before)
            return *word;
    }
    return NULL;
}

static IntentPurpose purpose_words_folded(const char *comment, const char **words)
{
    IntentPurpose purpose = purpose_in(comment, words);
    if (purpose != INTENT_NONE)
        return purpose;
    if ((*words = negated_production(comment)))
        return INTENT_TEST;
    if ((*words = phrase_in(comment, COMMENT_BENCH_WORDS)))
        return INTENT_BENCHMARK;
    if ((*words = bare_word_in(comment, COMMENT_TEST_WORDS)))
        return INTENT_TEST;
    return INTENT_NONE;
}

/* Path words: a directory or file name as a checkout has them ("conf/test-db/", "benchmark/",
 * "postgres-import.conf", "~/src/benchmarking_foo/"). */
static const char *const PATH_TEST_WORDS[] = {
    "test", "tests", "testing", "testdb", "ci", "e2e", "dev", "devcontainer", "development",
    "sandbox", "example", "examples", "demo", "demos", "fixture", "fixtures",
    /* a proof of concept, a lab, a course's, a tutorial's or a workshop's exercise
     * ("poc-schema-per-tenant", "RSHD_lab2", "home_assignment", "otelcol-workshop") */
    "poc", "playground", "lab", "homework", "assignment", "assignments", "coursework", "hackathon",
    "tutorial", "tutorials", "workshop", "workshops",
    /* a spike (a throwaway experiment, "pgpool_spike") and a take-home exercise */
    "spike", "spikes", "takehome",
    /* hands-on material and a brown-bag session's demo ("agy-hands-on", "yt_app_brownbag":
     * review 2026-12y, h26c 35, h26d 41) */
    "handson", "brownbag",
    /* a developer's own machine, kept in a dotfiles repository (review 2026-12q, h18d 39) */
    "dotfiles",
    /* quality assurance: a test environment's name (qa-ds-docker, review 2026-12r, h19a 03) */
    "qa",
    /* a Vagrant machine: Vagrant builds development environments, by its own description
     * ("home-todo-tasks/vagrant/", held-out set 30: six such files' end of life at warning) */
    "vagrant",
    /* a regression test suite's instance (pglogical's regress-postgresql.conf, passed to
     * pg_regress as --temp-config: held-out set 44, 38) */
    "regress",
    /* Go's directory of test inputs, which the go tool ignores by its documentation ("go help
     * packages": held-out set 60, h60b 28's loader fixtures are of the same kind) */
    "testdata", NULL};
/* with a performance contest's (ISUCON, Rinha de Backend): load-tested, then thrown away */
static const char *const PATH_BENCH_WORDS[] = {"bench",   "benchmark", "benchmarks", "benchmarking",
                                               "pgbench", "loadtest",  "import",     "contest",
                                               "isucon",  "rinha",     NULL};

/* What "dev" before it makes a development environment ("dev-infra", "dev_db"), where "dev"
 * within a longer name says nothing by itself ("foo-dev-team", an organisation's developers). */
static const char *const DEV_NOUNS[] = {
    "env", "environment", "infra",   "infrastructure", "stack", "setup",   "box",      "vm",
    "db",  "database",    "cluster", "server",         "local", "compose", "services", NULL};

/* A course's exercise when numbered ("lab2", "assignment1"): done, graded and thrown away. */
static const char *const COURSE_WORDS[] = {"lab", "homework", "assignment", "coursework", NULL};

/* Directories a repository keeps its tests, CI or benchmarks in. */
static const char *const SUITE_DIRS[] = {
    "test",  "tests",     "testing",    "ci",      "e2e",      "spec", "fixtures",
    "bench", "benchmark", "benchmarks", "pgbench", "testdata", NULL};

static bool word_listed(const char *word, const char *const *list)
{
    for (; *list; list++)
        if (!strcasecmp(word, *list))
            return true;
    return false;
}

/* Is one of `name`'s parts (split at '_', '-' and '.') a word of `words`? */
static bool name_parts_listed(const char *name, const char *const *words)
{
    char *copy = xstrdup(name), *save = NULL;
    bool listed = false;
    for (char *part = strtok_r(copy, "_-.", &save); part && !listed;
         part = strtok_r(NULL, "_-.", &save))
        listed = word_listed(part, words);
    free(copy);
    return listed;
}

/* A benchmark's name: "bench" opening a word ("benchdb", "benchmarks2") or closing it after a
 * tool's short prefix ("dbbench", "pgbench", "sysbench"); "workbench" is a tool, not a run. */
static bool bench_word(const char *word)
{
    size_t len = strlen(word);
    /* the contest's name run into the repository's: "rinhabackend", "rinhadebackend" */
    return !strncasecmp(word, "bench", 5) || !strncasecmp(word, "rinhab", 6) ||
           !strncasecmp(word, "rinhadeb", 8) ||
           (len > 5 && len <= 8 && !strcasecmp(word + len - 5, "bench"));
}

/* The part of the absolute `full` path that speaks for the file: below the repository that holds
 * it (the deepest directory above it with a .git), since the directories above, the clone's own
 * name included, say where someone checked it out (a CI runner's "ci-clone"), not what the file
 * is for; the whole path outside a repository (/srv/test/...). *repo: the repository's name
 * from its origin remote (repository_name), or NULL. */
static const char *inside_repository(const char *full, char **repo)
{
    const char *from = full;
    char *dir = xstrdup(full);
    *repo = NULL;
    for (char *slash = strrchr(dir, '/'); slash && slash > dir; slash = strrchr(dir, '/')) {
        *slash = '\0';
        char *git = xasprintf("%s/.git", dir);
        bool found = access(git, F_OK) == 0;
        free(git);
        if (found) {
            from = full + strlen(dir);
            *repo = git_origin_repository(dir, NULL);
            break;
        }
    }
    free(dir);
    return from;
}

/* The words of one path component `comp` (`shown`, as the evidence names it): updates *found,
 * *word_out, *prod and *prev_word as purpose_of_path reads them. */
static void component_words(char *comp, const char *shown, IntentPurpose *found, char **word_out,
                            bool *prod, char **prev_word, bool *whole, bool file_name)
{
    for (char *p = comp; *p;) {
        while (*p && !isalnum((unsigned char)*p))
            p++;
        char *start = p;
        while (isalnum((unsigned char)*p))
            p++;
        if (p == start)
            break;
        char *word = xstrndup(start, (size_t)(p - start));
        /* a numbered one names the same thing: "lab2", "isucon10", "assignment1" */
        size_t letters = strlen(word);
        while (letters > 2 && isdigit((unsigned char)word[letters - 1]))
            letters--;
        bool numbered = letters < strlen(word);
        word[letters] = '\0';
        IntentPurpose here = INTENT_NONE;
        const char *said = word;
        if (word_listed(word, PRODUCTION_WORDS))
            *prod = true;
        /* "import" names the configuration a bulk load runs with in the file's own name
         * ("postgres-import.conf"); a repository or directory of that name is an importer's,
         * whose database is kept (review 2026-12zh, h39a 13: "gar-import") */
        else if ((word_listed(word, PATH_BENCH_WORDS) &&
                  (file_name || strcasecmp(word, "import"))) ||
                 bench_word(word) ||
                 (*prev_word && !strcasecmp(*prev_word, "load") && !strcasecmp(word, "test")))
            here = INTENT_BENCHMARK;
        /* "dev" abbreviates developer(s) as well as development: within a longer component
         * ("foo-dev-team", an organisation of developers) it says nothing; alone it names
         * the environment; and "lab" names an organisation ("foo-lab") or a homelab that runs
         * live services (a repository called "lab": review 2026-12zo, h53a 14): only a
         * numbered one is a course's exercise ("lab2") */
        else if (word_listed(word, PATH_TEST_WORDS) &&
                 (strcasecmp(word, "dev") || !strcasecmp(comp, "dev")) &&
                 (strcasecmp(word, "lab") || numbered))
            here = INTENT_TEST;
        /* ... but "dev" beside a word for an environment names one, as "dev" alone does
         * ("packages/dev-infra/", "local-dev", "dev_db": held-out set 60, h60c 33) */
        else if (start > comp && *prev_word && !strcasecmp(*prev_word, "dev") &&
                 word_listed(word, DEV_NOUNS)) {
            here = INTENT_TEST;
            said = "dev";
        } else if (start > comp && *prev_word && !strcasecmp(*prev_word, "local") &&
                   !strcasecmp(word, "dev"))
            here = INTENT_TEST;
        else if (*prev_word && !strcasecmp(*prev_word, "take") && !strcasecmp(word, "home")) {
            here = INTENT_TEST; /* a take-home exercise */
            said = "take-home";
        } else if (*prev_word && ((!strcasecmp(*prev_word, "hands") && !strcasecmp(word, "on")) ||
                                  (!strcasecmp(*prev_word, "brown") && !strcasecmp(word, "bag")))) {
            here = INTENT_TEST; /* hands-on material, a brown-bag session's demo */
            said = !strcasecmp(word, "on") ? "hands-on" : "brown-bag";
        }
        /* a benchmark word is the more specific: "tests/bench/" is a benchmark */
        if (here != INTENT_NONE && (*found == INTENT_NONE || here == INTENT_BENCHMARK) &&
            *found != INTENT_BENCHMARK) {
            *found = here;
            free(*word_out);
            /* the repository's name says where it comes from after the quote, not inside it */
            *word_out = xasprintf("'%s' in '%s'%s", said, comp, shown == comp ? "" : shown);
            /* a directory that is a test suite's or CI's by its whole name (tests/, ci/,
             * bench/) says what the file is for; a word within a longer name
             * ("Forum-test-next-nest") only hints (review-h8a 16, review-h9c 37). So does a
             * name for a run that is thrown away after it, wherever it stands: a benchmark's or
             * a performance contest's ("rinha-de-backend", "dbbench"; a bulk import's server
             * is one in production) or a numbered course exercise ("RSHD_lab2",
             * "assignment1"); "example", "demo" or "dev" name files people copy into
             * production (review 2026-12zg, rwc2 10 and rwd2 25: pgknob took the purpose from
             * such a name and still warned as for production) */
            *whole = (shown == comp && !strcasecmp(word, comp) && word_listed(word, SUITE_DIRS)) ||
                     (here == INTENT_BENCHMARK && strcasecmp(word, "import")) ||
                     (numbered && word_listed(word, COURSE_WORDS));
        }
        free(*prev_word);
        *prev_word = word;
    }
}

/* The purpose the words of `path`'s components show; *prod when one says production. The
 * device and process trees (/dev/fd/63 of a shell's <(...)), a home directory's user name and
 * the directories above the file's repository are no statement; the repository's own name, as
 * its origin remote gives it, is. */
static IntentPurpose purpose_of_path(const char *path, char **word_out, bool *prod, bool *whole)
{
    char *real = realpath(path, NULL);
    const char *full = real ? real : path;
    IntentPurpose found = INTENT_NONE;
    *prod = false;
    if (!strncmp(full, "/dev/", 5) || !strncmp(full, "/proc/", 6)) {
        free(real);
        return INTENT_NONE;
    }
    char *repo = NULL;
    char *copy = xstrdup(real ? inside_repository(real, &repo) : path), *save = NULL,
         *prev_word = NULL;
    if (repo) {
        char *shown = xstrdup(" (the repository's name, from its origin remote)");
        component_words(repo, shown, &found, word_out, prod, &prev_word, whole, false);
        free(shown);
        free(repo);
    }
    bool skip_next = false;
    for (char *comp = strtok_r(copy, "/", &save); comp; comp = strtok_r(NULL, "/", &save)) {
        if (skip_next) {
            skip_next = false;
            continue;
        }
        skip_next = !strcmp(comp, "home") || !strcmp(comp, "Users");
        component_words(comp, comp, &found, word_out, prod, &prev_word, whole, !save || !*save);
    }
    free(prev_word);
    free(copy);
    free(real);
    return found;
}

static const ConfEntry *applied_entry(const ConfSet *set, const char *name)
{
    int at = conf_set_find_applied(set, name);
    return at >= 0 ? &set->entries[at] : NULL;
}

/* Opt-outs that give up crash safety, and opt-outs that give up what keeps a cluster for the
 * long term: a base backup or a replica (wal_level minimal with no WAL sender), the statistics
 * autovacuum and the views need (track_counts off). autovacuum off alone is a bulk load's
 * tuning, turned back after it, so it is not of the second kind. */
static const char *const CRASH_OPT_OUTS[] = {"fsync", "full_page_writes", "synchronous_commit",
                                             NULL};
static const char *const KEEP_OPT_OUTS[] = {"track_counts", NULL};

/* Several opt-outs of both kinds, one of them fsync or full_page_writes off (which no
 * production server keeps), are a throwaway cluster's signature: a test or benchmark server
 * recreated rather than recovered (docs/lint.md, "Purpose from combined opt-outs"). One opt-out
 * alone, or crash-safety opt-outs alone (a bulk import's tuning), are no statement. The lines in
 * *evidence. */
static bool throwaway_opt_outs(const ConfSet *set, char **evidence, int *line)
{
    StrBuf sb = STRBUF_INIT;
    int crash = 0, keep_kind = 0, last = 0;
    bool unsafe_writes = false;
    for (const char *const *name = CRASH_OPT_OUTS; *name; name++) {
        const ConfEntry *e = off_explicitly(set, *name);
        if (!e)
            continue;
        crash++;
        unsafe_writes |= strcasecmp(*name, "synchronous_commit") != 0;
        sb_printf(&sb, "%s%s = off (line %d)", sb.len ? ", " : "", *name, e->line);
        last = e->line > last ? e->line : last;
    }
    for (const char *const *name = KEEP_OPT_OUTS; *name; name++) {
        const ConfEntry *e = off_explicitly(set, *name);
        if (!e)
            continue;
        keep_kind++;
        sb_printf(&sb, "%s%s = off (line %d)", sb.len ? ", " : "", *name, e->line);
        last = e->line > last ? e->line : last;
    }
    const ConfEntry *level = applied_entry(set, "wal_level");
    const ConfEntry *senders = applied_entry(set, "max_wal_senders");
    if (level && level->value && !strcasecmp(level->value, "minimal") && senders &&
        senders->value && !strcmp(senders->value, "0")) {
        keep_kind++;
        sb_printf(&sb, "%swal_level = minimal (line %d) with max_wal_senders = 0 (line %d)",
                  sb.len ? ", " : "", level->line, senders->line);
        last = level->line > last ? level->line : last;
        last = senders->line > last ? senders->line : last;
    }
    bool found = unsafe_writes && keep_kind > 0 && crash + keep_kind >= 3;
    if (found) {
        *evidence = xasprintf("%s together: a throwaway test or benchmark server, recreated "
                              "rather than recovered",
                              sb_str(&sb));
        *line = last;
    }
    sb_free(&sb);
    return found;
}

/* The purpose the settings show: the data directory in memory (a cluster recreated for each
 * run), or logging thrown away as a whole (a benchmark measuring without it). */
/* `single`: one setting's value is the whole evidence (not a combination of opt-outs), so the
 * finding on that line cannot be excused by it (policy_apply_purpose). `weak`: that setting is
 * a muted log, itself a misconfiguration as likely as a choice, so like a name it lowers only
 * what costs performance or log volume, never what can lose data (the development corpus's
 * review, rwt: log_min_messages = panic turned fsync = off into a notice). */
/* `combined`: the evidence is the combination of opt-outs alone (throwaway_opt_outs). */
static IntentPurpose purpose_of_settings(const ConfSet *set, char **evidence, int *line,
                                         bool *single, bool *weak, bool *combined)
{
    *single = true;
    *weak = false;
    *combined = false;
    const ConfEntry *data = applied_entry(set, "data_directory");
    if (data && data->value &&
        (!strncmp(data->value, "/dev/shm", 8) || strstr(data->value, "/tmpfs") ||
         strstr(data->value, "/ramdisk"))) {
        *evidence = xasprintf("data_directory = '%s' (line %d): the data lives in memory",
                              data->value, data->line);
        *line = data->line;
        return INTENT_TEST;
    }
    /* compute_query_id = regress exists for regression tests: it hides the query identifier
     * from EXPLAIN "in order to facilitate automated regression testing" (the documentation,
     * 14-18; held-out set 44, 39: aqo's temp config beside autovacuum = off) */
    const ConfEntry *query_id = applied_entry(set, "compute_query_id");
    if (query_id && query_id->value && !strcasecmp(query_id->value, "regress")) {
        *evidence = xasprintf("compute_query_id = regress (line %d): a value for automated "
                              "regression tests",
                              query_id->line);
        *line = query_id->line;
        return INTENT_TEST;
    }
    const ConfEntry *fsync = off_explicitly(set, "fsync");
    const ConfEntry *restart = off_explicitly(set, "restart_after_crash");
    *single = false;
    if (fsync && restart) {
        *evidence = xasprintf("fsync = off (line %d) with restart_after_crash = off (line %d): a "
                              "test harness's cluster, which a crash ends",
                              fsync->line, restart->line);
        *line = restart->line;
        return INTENT_TEST;
    }
    /* weak, as a name is: the opt-outs are the very settings the findings judge, and the same
     * signature is a misconfiguration copied into production (review 2026-12zo, h59a 02; set
     * 61, h61a 02: a RADIUS server's full_page_writes and track_counts off lowered to notices
     * on their own evidence) */
    if (throwaway_opt_outs(set, evidence, line)) {
        *combined = true;
        *weak = true;
        return INTENT_TEST;
    }
    *single = true;
    /* log_directory is read only by the logging collector, which is off by default: without it
     * the log goes to stderr whatever the directory says (review-rwb 29) */
    const ConfEntry *logdir = applied_entry(set, "log_directory");
    int collector = conf_set_find_applied(set, "logging_collector");
    bool collecting = false;
    if (collector < 0 || !guc_parse_bool(set->entries[collector].value, &collecting))
        collecting = false;
    *weak = true;
    if (collecting && logdir && logdir->value && !strcmp(logdir->value, "/dev/null")) {
        *evidence = xasprintf("log_directory = '/dev/null' (line %d): the logs are thrown away",
                              logdir->line);
        *line = logdir->line;
        return INTENT_BENCHMARK;
    }
    /* the server's own log muted: only a PANIC would be written, no ERROR, FATAL or LOG line
     * (log_min_error_statement decides only whether a failing statement's text is added) */
    const ConfEntry *level = applied_entry(set, "log_min_messages");
    if (level && level->value && !strcasecmp(level->value, "panic")) {
        *evidence = xasprintf("log_min_messages = panic (line %d): the server logs nothing below "
                              "PANIC, no error and no checkpoint",
                              level->line);
        *line = level->line;
        return INTENT_BENCHMARK;
    }
    return INTENT_NONE;
}

/* a repository made for teaching, in the languages of the comments' table */
#define TEACHING_PHRASES                                                                              \
    "educational purposes", "learning purposes", "teaching purposes", "fines educativos",             \
        "fines did\u00e1cticos", "fins educacionais", "fins educativos", "fins did\u00e1ticos",       \
        "fins p\u00e9dagogiques", "fins \u00e9ducatives", "lernzwecke", "lernzwecken",                \
        "\u0443\u0447\u0435\u0431\u043d\u044b\u0445 \u0446\u0435\u043b\u044f\u0445" /* учебных \
                                                                                       целях */

/* homework in Russian, as a course's repository titles it ("Д/З по курсу Postgres": held-out
 * set 55, h55c 43, a course's lab VM given an end-of-life warning); the description is read in
 * lower case */
#define RU_HOMEWORK                                                                                \
    "\u0434/\u0437" /* д/з */,                                                                     \
        "\u0434\u043e\u043c\u0430\u0448\u043d\u0435\u0435 "                                        \
        "\u0437\u0430\u0434\u0430\u043d\u0438\u0435" /* домашнее задание */,                       \
        "\u0434\u043e\u043c\u0430\u0448\u043d\u0438\u0435 "                                        \
        "\u0437\u0430\u0434\u0430\u043d\u0438\u044f" /* домашние задания */

/* Words a repository's own description uses for teaching and trial material, beyond
 * TEST_WORDS and BENCHMARK_WORDS ("workshop materials", "a course's assignments"): whole words of
 * its title and first paragraph, never of the rest, where "test" and "dev" name anything. */
static const char *const README_TEST_WORDS[] = {
    "workshop", "workshops", "tutorial", "tutorials", "course", "courses", "coursework", "homework",
    "assignment", "assignments", "exercise", "exercises", "demo", "demonstration", "playground",
    "sandbox", "poc", "proof of concept", "proof-of-concept", "hackathon",
    /* a university course's project, in Portuguese and Spanish: a course unit's ("Projeto da UC
     * de Administração de Bases de Dados": review 2026-12zo, h54c 41, a TPC-C tuning sweep
     * taken for production), a practical assignment's */
    "unidade curricular", "projeto da uc", "projecto da uc", "trabalho prático", "trabalho pratico",
    "trabajo práctico", "trabajo practico", RU_HOMEWORK,
    /* hands-on material and a brown-bag session's (review 2026-12y, h26c 35, h26d 41) */
    "hands-on", "handson", "brown bag", "brown-bag", "brownbag",
    /* a repository that says it is a local development environment: its database is a
     * developer's (review 2026-12y, h26c 38: "To start local development (local folder binds
     * to container)") */
    "local development", "development environment", "dev environment", "local dev environment",
    /* and in the plural, assembled for several projects (held-out set 49, h49b 22: "for
     * assembling development environments for various projects", a Vagrant VM) */
    "development environments", "dev environments",
    /* a repository that calls itself a sample or an example of an application shows how, and
     * runs nowhere (review 2026-12t, h21a 04: "a sample application that explores Spring Boot") */
    "sample application", "sample app", "sample project", "example application", "example app",
    "example project",
    /* and of an infrastructure (review 2026-12zg, h36a 11: "Example infrastructure for the
     * article") */
    "example infrastructure", "example setup", "example stack", "example environment",
    /* a repository that calls itself a test one ("This is a test build. NOT FOR RE-USE": review
     * 2026-12v, h23c 34), not a project's tests */
    "test build", "test project", "test repository", "test repo", "testing project",
    /* the material of a talk given at an event: shown once, run by no one (review 2026-12zh,
     * h36b 22: "Introduction to Asyncio, presented at PyData Amsterdam 08/04/2017") */
    "presented at",
    /* a repository made for teaching, in the languages of the comments' table (review
     * 2026-12zh, h40b 14: "ideal para fines educativos y de pruebas") */
    TEACHING_PHRASES,
    /* placeholder text where a description belongs: a dummy repository, no one's service
     * (review 2026-12x, h25a 13: a README of Lorem Ipsum over a PR-automation playground) */
    "lorem ipsum",
    /* the code of a paper's experiments: run for its measurements, kept to reproduce them
     * (held-out set 48, h48b 24: "Code and data accompanying the paper", a failover study) */
    "accompanying the paper", "accompanying our paper", "replication package",
    "reproducibility package", "artifact evaluation", NULL};

/* Is the word at `at` of the description's prose a name: capitalised inside a sentence ("three
 * services: EMR, Billing, and Demo"), where a description's own word would be small? The title
 * is in title case, and a sentence's first word is capitalised anyway. */
static bool readme_name(const ReadmeDescription *desc, const char *at, size_t len)
{
    size_t offset = (size_t)(at - desc->text);
    if (offset < desc->title_len || !isupper((unsigned char)*at))
        return false;
    /* an abbreviation keeps its capitals anywhere ("A very simple PoC setup": review 2026-12zf,
     * b04): a capital after the first letter is no name's */
    for (size_t idx = 1; idx < len; idx++)
        if (isupper((unsigned char)at[idx]))
            return false;
    const char *p = at;
    while (p > desc->text + desc->title_len && isspace((unsigned char)p[-1]))
        p--;
    return p > desc->text + desc->title_len && !strchr(".!?:", p[-1]);
}

/* The length of the text at `p` that is the phrase `word`, case aside, its blanks matching any
 * run of blanks (prose wraps a phrase over two lines: "for assembling development\nenvironments",
 * held-out set 49, h49b 22); 0 when it is not there. */
static size_t phrase_len(const char *p, const char *word)
{
    const char *start = p;
    for (; *word; word++) {
        if (*word == ' ') {
            if (!isspace((unsigned char)*p))
                return 0;
            while (isspace((unsigned char)*p))
                p++;
            continue;
        }
        if (tolower((unsigned char)*p) != tolower((unsigned char)*word))
            return 0;
        p++;
    }
    return (size_t)(p - start);
}

/* The first of `words` (in their order) in the description within `bound`, not a name; its
 * place in *at. */
static const char *readme_word(const ReadmeDescription *desc, const char *const *words,
                               WordBound bound, const char **at)
{
    for (const char *const *word = words; *word; word++) {
        for (const char *p = desc->text; *p; p++) {
            size_t len = phrase_len(p, *word);
            if (len && bound(desc->text, p, len) && !readme_name(desc, p, len)) {
                *at = p;
                return *word;
            }
        }
    }
    return NULL;
}

/* The README words that describe a repository made for one run or one reader and thrown away
 * after it, as a path's benchmark or numbered-exercise name does (component_words): beside a
 * contest's or a benchmark's words (not a bulk load's, whose server may be in production), a
 * course's graded work, a proof of concept, a talk, a paper's experiments, and a demo, a
 * playground or a sandbox, which are shown or tried and not served (held-out set 48, h48b 27:
 * a minikube demo's missing backup kept at warning, judged noise). They state the purpose as
 * the file's own words do. The rest ("tutorial", "sample app", "local development") describe
 * material people copy into production, a name's weak evidence (review 2026-12zi, h40a 09: a
 * kind proof of concept's missing backup kept at warning, judged noise). */
static const char *const README_STATED_WORDS[] = {
    "homework", "coursework", RU_HOMEWORK,
    /* a course unit's project, as coursework */
    "unidade curricular", "projeto da uc", "projecto da uc", "trabalho prático", "trabalho pratico",
    "trabajo práctico", "trabajo practico", "assignment", "assignments", "poc", "proof of concept",
    "proof-of-concept", "hackathon", "presented at", "demo", "demonstration", "playground",
    "sandbox", "accompanying the paper", "accompanying our paper", "replication package",
    "reproducibility package", "artifact evaluation", TEACHING_PHRASES, NULL};

/* A demo someone serves ("a live demo", "the online demo", "hosted demo"): the repository is
 * the service it shows, deployed, not a demo thrown away. */
static bool served_demo(const ReadmeDescription *desc, const char *at)
{
    static const char *const served[] = {"live", "online", "hosted", "public", NULL};
    const char *end = at;
    while (end > desc->text && (end[-1] == ' ' || end[-1] == '-'))
        end--;
    const char *start = end;
    while (start > desc->text && isalpha((unsigned char)start[-1]))
        start--;
    for (const char *const *word = served; *word; word++)
        if ((size_t)(end - start) == strlen(*word) && !strncasecmp(start, *word, strlen(*word)))
            return true;
    return false;
}

/* A platform for teaching is a product, whose courses, homework and exercises are its data, not
 * what the repository is (held-out set 48, h48a 07: "An Educational platform ... for management
 * courses" read as a course's material). */
static const char *const TEACHING_SUBJECTS[] = {
    "workshop", "workshops",  "tutorial",    "tutorials", "course",    "courses", "coursework",
    "homework", "assignment", "assignments", "exercise",  "exercises", NULL};
static const char *const EDUCATION_PRODUCTS[] = {"educational platform",
                                                 "education platform",
                                                 "learning platform",
                                                 "e-learning",
                                                 "elearning",
                                                 "online learning",
                                                 "learning management",
                                                 "lms",
                                                 "course management",
                                                 "school management",
                                                 "student management",
                                                 NULL};

/* BENCHMARK_WORDS that name a bulk load's speed, whose server may serve in production */
static const char *const LOADING_WORDS[] = {"load speed",   "loading speed",  "bulk load",
                                            "bulk loading", "faster loading", NULL};

/* The purpose one README's description states (purpose_of_readme). */
static IntentPurpose purpose_in_readme(const char *file, ReadmeDescription *desc, char **evidence,
                                       bool *stated, bool *production)
{
    *stated = false;
    fold_cyrillic(desc->text); /* the tables' Russian is in small letters; lengths are kept */
    const char *words = NULL, *at = NULL;
    IntentPurpose found = INTENT_NONE;
    /* a repository's description names its own tests and CI ("CI/CD and deployment", "with
     * unit tests"): only the phrases that say what the repository is for count */
    static const char *const suite_phrases[] = {"test suite", "unit tests", "integration tests",
                                                "continuous integration", NULL};
    *production = says_production(desc->text);
    if (!*production) {
        /* in English, then in the languages of the comments' table (a contest's name, "Rinha
         * de Backend", is a benchmark in any: held-out set 30, h30b 22) */
        if ((words = readme_word(desc, BENCHMARK_WORDS, word_at, &at)) ||
            (words = readme_word(desc, README_BENCH_WORDS, word_at, &at)))
            found = INTENT_BENCHMARK;
        else if ((words = readme_word(desc, TEST_WORDS, word_at, &at)) &&
                 !first_in(words, suite_phrases, word_at))
            found = INTENT_TEST;
        else if ((words = readme_word(desc, README_TEST_WORDS, readme_word_at, &at))) {
            const char *product_at = NULL;
            found = word_listed(words, TEACHING_SUBJECTS) &&
                            readme_word(desc, EDUCATION_PRODUCTS, bare_word_at, &product_at)
                        ? INTENT_NONE
                        : INTENT_TEST;
        }
    }
    if (found != INTENT_NONE)
        *stated = (word_listed(words, README_STATED_WORDS) &&
                   !(!strncasecmp(words, "demo", 4) && served_demo(desc, at))) ||
                  (found == INTENT_BENCHMARK && !word_listed(words, LOADING_WORDS));
    if (found != INTENT_NONE) {
        char *shown = lint_path_from(file, desc->path); /* ../../README.md, not this machine's */
        *evidence = xasprintf("its repository's README: '%s' in %s (line %d)", words, shown,
                              readme_line_at(desc, (size_t)(at - desc->text)));
        free(shown);
    }
    return found;
}

/* The purpose the README above the file states of its repository (docs/lint.md, "Purpose"): a
 * production word there states none. *stated when its word is one of README_STATED_WORDS; else
 * a name's weak evidence, as a path's is. The evidence cites the line the word is on. Where the
 * nearest README (a component's: a cookbook's, a chart's) states nothing, the checkout's top
 * README speaks for the whole repository when it says what the repository is, a test's or a
 * teaching's (held-out set 53, h53a 12: a Chef tutorial's "test-driven tutorial" above its
 * postgresql cookbook's README). */
static IntentPurpose purpose_of_readme(const char *file, char **evidence, bool *stated)
{
    *stated = false;
    ReadmeDescription desc;
    bool production = false;
    IntentPurpose found = INTENT_NONE;
    bool near = readme_description(file, &desc);
    if (near)
        found = purpose_in_readme(file, &desc, evidence, stated, &production);
    char nearest[sizeof desc.path];
    snprintf(nearest, sizeof nearest, "%s", near ? desc.path : "");
    /* only what the repository is (a tutorial, a course, a demo, a sandbox) speaks for its
     * components: a benchmark's words name what it does, which a component may not serve (a
     * linter's README naming its TPC-C-derived lab above a lab stage's README) */
    if (found == INTENT_NONE && !production && readme_description_top(file, &desc) &&
        strcmp(desc.path, nearest)) {
        char *top_evidence = NULL;
        bool top_stated = false;
        if (purpose_in_readme(file, &desc, &top_evidence, &top_stated, &production) ==
            INTENT_TEST) {
            found = INTENT_TEST;
            *evidence = top_evidence;
            *stated = top_stated;
        } else
            free(top_evidence);
    }
    return found;
}

/* After the comments: the path, then the settings, then the repository's README; a production
 * word in the header, on an opt-out line or in the path wins over every test word. */
static bool yaml_named(const char *path)
{
    size_t len = strlen(path);
    return (len > 4 && !strcasecmp(path + len - 4, ".yml")) ||
           (len > 5 && !strcasecmp(path + len - 5, ".yaml"));
}

static void purpose_from_place(Intent *out, const ConfSet *set, bool prod_said)
{
    if (!set->n_files)
        return;
    char *word = NULL;
    bool prod_path = false, whole_dir = false;
    IntentPurpose by_path = purpose_of_path(set->files[0], &word, &prod_path, &whole_dir);
    /* a benchmark's or a contest's "prod" configuration is the one its runs use: a name for the
     * benchmark above it wins over a name for production (rinha-backend/postgresql-prod.conf,
     * held-out set 30, h30b 18); a bulk import's server is one in production */
    bool bench_named =
        by_path == INTENT_BENCHMARK && word && strncmp(word, "'import' in ", 12) != 0;
    if (prod_said || (prod_path && !bench_named)) {
        out->purpose = INTENT_NONE;
        free(word);
        return;
    }
    if (out->purpose != INTENT_NONE) {
        free(word);
        return;
    }
    char *evidence = NULL;
    int line = 0;
    /* the settings first: they state the purpose outright, a name only weakly */
    bool single = false, weak = false, combined = false;
    out->purpose = purpose_of_settings(set, &evidence, &line, &single, &weak, &combined);
    /* the opt-outs' throwaway signature stands for no cluster its compose service keeps in a
     * volume declared external, which compose neither creates nor removes (review 2026-12zo,
     * h59a 02: a production stack's fsync = off lowered by the very settings it judges) */
    ComposeLimits kept = {0};
    if (combined && !set->data_dir && set->n_files && input_compose_mount(set->files[0], &kept) &&
        kept.kept_volume_line && !kept.unread) {
        out->purpose = INTENT_NONE;
        free(evidence);
        evidence = NULL;
        line = 0;
    }
    compose_limits_clear(&kept);
    /* ... a path's word for a throwaway run of either kind beside the opt-outs is two signs
     * found apart (isucon10-qualify/ with fsync and track_counts off) */
    out->purpose_named = out->purpose != INTENT_NONE && weak && by_path != out->purpose &&
                         !(combined && by_path != INTENT_NONE);
    /* the compose service that runs the file: a data directory on tmpfs is a cluster recreated
     * for each run, as data_directory in memory is (held-out set 31, h31c 29); a compose
     * variant named for development or tests (docker-compose.dev.yml) is a name's weak
     * evidence (h31b 14) */
    ComposeLimits compose = {0};
    bool composed = out->purpose == INTENT_NONE && !set->data_dir &&
                    input_compose_mount(set->files[0], &compose);
    /* a compose service's own -c settings: the same evidence of its own service (held-out set
     * 51, 31: knex's CI database knex_test with fsync = off on its command line) */
    if (!composed && out->purpose == INTENT_NONE && set->n_files &&
        (set->service_database || set->service_tmpfs_line)) {
        compose.compose = xstrdup(set->files[0]);
        compose.database = set->service_database ? xstrdup(set->service_database) : NULL;
        compose.database_line = set->service_database_line;
        compose.tmpfs_line = set->service_tmpfs_line;
        composed = true;
    }
    IntentPurpose by_compose_name = INTENT_NONE;
    char *compose_word = NULL;
    bool prod_compose = false; /* docker-compose.prod.yml runs it */
    if (composed && compose.tmpfs_line) {
        out->purpose = INTENT_TEST;
        evidence = xasprintf("its compose file: %s keeps the data directory on tmpfs (line %d), "
                             "a cluster recreated for each run",
                             compose.compose, compose.tmpfs_line);
    } else if (composed && compose.compose) {
        static const char *const variants[] = {"dev",   "development", "test", "testing",
                                               "local", "ci",          "e2e",  NULL};
        const char *base = strrchr(compose.compose, '/');
        base = base ? base + 1 : compose.compose;
        /* docker-compose.dev.yml, or docker-compose-dev.yml */
        const char *mid = !strncmp(base, "docker-compose-", 15) ? base + 14
                          : !strncmp(base, "compose-", 8)       ? base + 7
                                                                : strchr(base, '.');
        const char *end = mid ? strchr(mid + 1, '.') : NULL;
        if (mid && end && end > mid + 1) {
            char *variant = xstrndup(mid + 1, (size_t)(end - mid - 1));
            if (word_listed(variant, variants)) {
                by_compose_name = INTENT_TEST;
                compose_word = xasprintf("its compose file's name: '%s' in %s", variant, base);
            }
            prod_compose = word_listed(variant, PRODUCTION_WORDS);
            free(variant);
        }
        /* the database the service's image creates, named for tests (POSTGRES_DB:
         * mattermost_test: held-out set 47, h47c 42, a CI database whose fsync = off was an
         * error), not for a developer's own (dev, local: the image's end of life still
         * matters there): a name's weak evidence too */
        static const char *const test_words[] = {"test", "tests", "testing", "ci", "e2e", NULL};
        if (by_compose_name == INTENT_NONE && compose.database &&
            name_parts_listed(compose.database, test_words)) {
            by_compose_name = INTENT_TEST;
            compose_word = xasprintf("its compose service's database: POSTGRES_DB %s (%s, line "
                                     "%d)",
                                     compose.database, base, compose.database_line);
        }
    }
    /* the stack runs a tool only development runs, a mail catcher or a cloud emulator
     * (held-out set 52, h52c 34: temBoard's development stack with MailHog, its log_statement =
     * all four warnings and a 9.6 service's end of life another): the compose file that mounts
     * the file, or the one whose service's command gives its settings */
    const char *stack = composed && compose.compose              ? compose.compose
                        : !composed && yaml_named(set->files[0]) ? set->files[0]
                                                                 : NULL;
    /* one walk of the stack for both: a manifest of 500 documents is read once per input */
    char *tool = NULL, *shipper = NULL;
    if (stack)
        input_compose_stack_tools(
            stack, by_compose_name == INTENT_NONE && out->purpose == INTENT_NONE ? &tool : NULL,
            !out->log_reader_at.file ? &shipper : NULL);
    if (tool) {
        const char *base = strrchr(stack, '/');
        by_compose_name = INTENT_TEST;
        compose_word = xasprintf("its compose file's development tool: %s in %s", tool,
                                 base ? base + 1 : stack);
        free(tool);
    }
    /* a log shipper of the stack reads the server's log files (a Filebeat that mounts the
     * server's data directory): the log settings are what it is given, as a comment naming
     * pgBadger says (held-out set 55, h55c 31: log_min_duration_statement = 0 fed to Kibana,
     * a warning) */
    if (shipper) {
        out->log_reader_at.file = arena_strdup(out->arena, stack);
        out->log_reader_at.line = 0;
        out->log_reader_at.text = arena_strdup(out->arena, shipper);
        out->log_reader_at.said = true; /* pgknob's words, not a comment of the file */
        free(shipper);
    }
    compose_limits_clear(&compose);
    /* a development container runs it: the Development Containers specification's compose
     * file mounts it (held-out set 52, h52a 01: `.devcontainer/docker-compose.yml` beside the
     * root's stack, log_statement = all a warning); a name's weak evidence, as a compose
     * variant's */
    char *devcontainer = by_compose_name == INTENT_NONE && out->purpose == INTENT_NONE &&
                                 !set->data_dir && !prod_compose
                             ? input_devcontainer_mount(set->files[0])
                             : NULL;
    if (devcontainer) {
        by_compose_name = INTENT_TEST;
        free(compose_word);
        compose_word = xasprintf("its development container: %s mounts it", devcontainer);
        free(devcontainer);
    }
    /* one setting's value cannot excuse its own line, unless the path says the same purpose
     * independently (a contest's rinha-backend/ muting its log) */
    out->purpose_from_setting = out->purpose != INTENT_NONE && single && by_path != out->purpose;
    if (out->purpose == INTENT_NONE && by_path != INTENT_NONE) {
        char *real = realpath(set->files[0], NULL);
        evidence = xasprintf("its path: %s (%s)", word, real ? real : set->files[0]);
        free(real);
        out->purpose = by_path;
        out->purpose_named = !whole_dir;
    }
    free(word);
    if (out->purpose == INTENT_NONE && by_compose_name != INTENT_NONE) {
        out->purpose = by_compose_name;
        out->purpose_named = true; /* a name, as a path's */
        evidence = compose_word;
        compose_word = NULL;
    }
    free(compose_word);
    /* a README that states the purpose outright strengthens a name's weak evidence of it (a
     * repository named "…-poc" whose README says "proof of concept") */
    if (out->purpose == INTENT_NONE || out->purpose_named) {
        bool stated = false;
        char *said = NULL;
        IntentPurpose by_readme = purpose_of_readme(set->files[0], &said, &stated);
        if (out->purpose == INTENT_NONE || (stated && by_readme == out->purpose)) {
            free(evidence);
            evidence = said;
            line = 0; /* the README's line, which the evidence cites, is not the file's */
            out->purpose = by_readme;
            out->purpose_named = !stated;
        } else {
            free(said);
        }
    }
    /* a name's weak evidence of a test or benchmark beside every crash-safety opt-out of the
     * documentation's non-durable settings (fsync, full_page_writes and synchronous_commit
     * off) is two signs of one purpose, found apart: as stated as a comment's (review
     * 2026-12zo, h57c 31: a 'demo-application' compose file with all three and autovacuum off,
     * its fsync a warning that failed CI); either alone stays as it is */
    out->purpose_from_opt_outs = combined && out->purpose_named;
    if (out->purpose_named && !combined &&
        (out->purpose == INTENT_TEST || out->purpose == INTENT_BENCHMARK)) {
        StrBuf opts = STRBUF_INIT;
        bool all = true;
        for (const char *const *name = CRASH_OPT_OUTS; *name && all; name++) {
            const ConfEntry *e = off_explicitly(set, *name);
            all = e != NULL;
            if (e)
                sb_printf(&opts, "%s%s = off (line %d)", opts.len ? ", " : "", *name, e->line);
        }
        if (all) {
            char *both = xasprintf("%s, with %s: the documentation's non-durable settings "
                                   "taken together",
                                   evidence ? evidence : "", sb_str(&opts));
            free(evidence);
            evidence = both;
            out->purpose_named = false;
        }
        sb_free(&opts);
    }
    if (out->purpose == INTENT_NONE)
        return;
    out->purpose_evidence = keep(out, evidence);
    out->purpose_at.file = arena_strdup(out->arena, set->files[0]);
    out->purpose_at.line = line;
}

/* ---- deliberate choices, a pooler, an application ---- */

/* Words that say values were lowered on purpose for a small load, in the languages of the
 * configurations seen: 调低 (turned down), 降低 (lowered), 削减/削減 (cut), 低负载/低負荷 (low
 * load), уменьшен (reduced), низкая нагрузка (low load). */
#define LOWERED_WORDS                                                                              \
    "conservative", "lowered", "reduced", "turned down", "scaled down", "cut down", "low load",    \
        "low-load", "low traffic", "low-traffic", "light load", "low resource", "low resources",   \
        "low-resource", "low memory", "low-memory", "limited resources", "minimal resources",      \
        "resource-constrained", "\u8c03\u4f4e", "\u964d\u4f4e", "\u524a\u51cf", "\u524a\u6e1b",    \
        "\u4f4e\u8d1f\u8f7d", "\u4f4e\u8ca0\u8377",                                                \
        "\u0443\u043c\u0435\u043d\u044c\u0448\u0435\u043d",                                        \
        "\u043d\u0438\u0437\u043a\u0430\u044f \u043d\u0430\u0433\u0440\u0443\u0437\u043a\u0430"

/* Words by which an author's comment states intent for the values under it: on purpose, or
 * for an environment that is not production (with TEST_WORDS: "for testing", "test only"; a
 * bare "test" may name anything, "load test results"). */
static const char *const DELIBERATE_WORDS[] = {
    "deliberate", "deliberately", "on purpose", "intentional", "intentionally", "by design",
    "less aggressive", "more aggressive", "staging", "dev", "development", "for benchmarking",
    "for the benchmark", "for benchmarks", ELSEWHERE_PRODUCTION_PHRASES,
    /* the reason a value is set: an audit or a rule requires it, someone is debugging */
    "audit", "auditing", "compliance", "required by", "required for", "debug", "debugging",
    "troubleshooting",
    /* or any need the comment states ("To be able to detect idle clones, we need to log all
     * queries": held-out set 46, h46c 31) */
    "in order to", "so that", "to be able to", "so we can", "we need", "is needed", "are needed",
    "needed for", "needed by", "because",
    /* a value lowered on purpose, for a small load ("memory (lowered)", "reduced for the VPS") */
    LOWERED_WORDS, NULL};

/* What a header states for every value under it: chosen on purpose, or cut for a small load.
 * Not an environment ("dev", "staging": the purpose, docs/lint.md) nor a reason one value has
 * ("audit", "debug"). */
static const char *const CHOSEN_WORDS[] = {
    "deliberate",    "deliberately", "on purpose",  "intentional",
    "intentionally", "by design",    LOWERED_WORDS, NULL};

/* Words by which a comment cites where the values under it come from: a source, a guide or a
 * tool ("Suggested settings from", "taken from", "as recommended by", "per the"); a URL or a
 * repository path cites one too (cites_source). Such values were chosen on purpose, as a
 * header's "deliberately" says (docs/lint.md, "Severity policy"). */
static const char *const SOURCE_WORDS[] = {
    "taken from", "copied from", "borrowed from", "adapted from", "derived from", "based on",
    "as recommended by", "recommended by", "as suggested by", "suggested by", "according to",
    "as per", "per the", "settings from", "values from", "parameters from", "config from",
    "configuration from", "generated by", "output of",
    /* tuning tools and guides by name */
    "pgtune", "pgconfig", "pgconfigurator", "timescaledb-tune", "postgresqltuner", "pgtuner",
    "tuning your postgresql server", NULL};

/* A repository path: a word with a slash that ends in a file's extension ("roles/tile.rb",
 * "openstreetmap/chef/roles/tile.rb"). */
static bool repository_path_in(const char *comment)
{
    static const char *const exts[] = {".rb",   ".yml", ".yaml", ".conf", ".py",  ".j2", ".json",
                                       ".toml", ".sh",  ".md",   ".cfg",  ".ini", NULL};
    for (const char *p = comment; *p;) {
        while (*p && isspace((unsigned char)*p))
            p++;
        const char *start = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        size_t len = (size_t)(p - start);
        /* the word without trailing punctuation and a line anchor ("tile.rb#L38-L45") */
        const char *hash = memchr(start, '#', len);
        if (hash && hash > start)
            len = (size_t)(hash - start);
        while (len && strchr(".,;:)", start[len - 1]))
            len--;
        if (!memchr(start, '/', len) || *start == '/')
            continue; /* a path on this machine ("/var/lib/...") is no source */
        for (const char *const *ext = exts; *ext; ext++) {
            size_t el = strlen(*ext);
            if (len > el + 2 && !strncasecmp(start + len - el, *ext, el))
                return true;
        }
    }
    return false;
}

/* The words by which `comment` cites a source for the values under it, or NULL. */
static const char *cites_source(const char *comment)
{
    /* PostgreSQL's own sample holds the defaults: citing it says where the file's layout comes
     * from, not why a value differs from it (review 2026-12zg, h37c 40: a header pointing at
     * postgresql.conf.sample made log_statement = all "deliberate") */
    if (strcasestr(comment, "postgresql.conf.sample"))
        return NULL;
    if (strcasestr(comment, "http://") || strcasestr(comment, "https://"))
        return "a URL";
    if (repository_path_in(comment))
        return "a repository path";
    return phrase_in(comment, SOURCE_WORDS);
}

/* Is `word` (found in `comment`) negated where it first stands ("not needed for", "isn't
 * deliberate")? */
static bool negated(const char *comment, const char *word)
{
    const char *at = strcasestr(comment, word);
    if (!at)
        return false;
    static const char *const nots[] = {"not ", "n't ", "no ", "never "};
    for (size_t idx = 0; idx < sizeof nots / sizeof nots[0]; idx++) {
        size_t len = strlen(nots[idx]);
        if ((size_t)(at - comment) >= len && !strncasecmp(at - len, nots[idx], len))
            return true;
    }
    return false;
}

static const char *deliberate_in(const char *comment)
{
    /* a line that flags a problem states no intent ("FIXME too low because ...": a code review
     * of this session) */
    if (strstr(comment, "FIXME") || strstr(comment, "XXX") || strcasestr(comment, "TODO"))
        return NULL;
    const char *word = bare_word_in(comment, DELIBERATE_WORDS);
    if (word && negated(comment, word))
        word = NULL;
    if (!word)
        word = phrase_in(comment, TEST_WORDS);
    return word ? word : cites_source(comment);
}

static const char *chosen_in(const char *comment)
{
    return bare_word_in(comment, CHOSEN_WORDS);
}

/* The author's comment that states intent for the setting at `line`: on the line, or a comment
 * line above it in its block (the lines up to the blank line before it: a section header), the
 * nearest first. Returns its line, or 0. */
/* A section title: a comment-only line framed by a rule ("# --- 512 MB profile ---",
 * "#=== WAL ===") that has words. It opens a section that runs to the next one. */
static bool section_title(const char *text)
{
    if (!comment_only(text))
        return false;
    const char *p = comment_of(text);
    while (p && (*p == '#' || isspace((unsigned char)*p)))
        p++;
    if (!p || strspn(p, "-=*") < 3)
        return false;
    for (; *p; p++)
        if (isalnum((unsigned char)*p))
            return true;
    return false;
}

/* Also a paragraph's heading: the comment block right above the blank line(s) over the setting's
 * block ("# Suggested settings from\n# <a URL>\n\nmax_connections = 250") speaks for the
 * paragraph when it cites a source; the heading of an earlier paragraph does not. */
static int deliberate_comment(const Lines *lines, int line)
{
    const char *own = comment_of(lines->items[line - 1]);
    if (own && deliberate_in(own) && authored(own))
        return line;
    bool in_block = true, heading = false, heading_done = false;
    for (int at = line - 1; at >= 1; at--) {
        const char *text = lines->items[at - 1];
        const char *p = text;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p) {
            in_block = false; /* the block ends; its section's title may still state it */
            heading_done = heading_done || heading;
            heading = false;
            continue;
        }
        const char *comment = comment_only(text) ? comment_of(text) : NULL;
        if (!in_block && !heading_done)
            heading = comment != NULL; /* the block above the first blank run */
        if (!in_block && !comment)
            heading_done = true; /* an earlier paragraph's settings */
        bool title = section_title(text);
        if ((in_block || title) && comment && deliberate_in(comment) && authored(comment))
            return at;
        if (heading && comment && cites_source(comment) && authored(comment))
            return at;
        if (title)
            return 0; /* the section ends */
    }
    return 0;
}

static void take_place(Intent *out, IntentPlace *place, const char *file, int line,
                       const char *comment)
{
    if (!place->file)
        place_set(out, place, file, line, comment);
}

/* What names a connection pooler in front of the server: a pooler's name, or a setting of one
 * (PgBouncer's pool_mode, default_pool_size, max_client_conn; Pgpool-II's num_init_children).
 * Not the words "pooler" or "connection pooling": a section titled "Connection pooling
 * configuration" over max_connections names no pooler (review-h8c, correction 3). */
static const char *const POOLER_WORDS[] = {"pgbouncer",
                                           "pgpool",
                                           "pgpool-ii",
                                           "pgpool2",
                                           "odyssey",
                                           "pgcat",
                                           "supavisor",
                                           "pgagroal",
                                           "pgdog",
                                           "rds proxy",
                                           "pool_mode",
                                           "default_pool_size",
                                           "max_client_conn",
                                           "reserve_pool_size",
                                           "num_init_children",
                                           NULL};

/* Words that make a sentence a condition, a negation or advice rather than a statement that a
 * pooler is used: "revisit when ... the pooler changes", "without a pooler", "if you use one". */
static const char *const POOLER_HYPOTHETICAL[] = {
    "if",    "when",  "whenever", "unless",   "without", "whether", "no",
    "not",   "once",  "until",    "consider", "should",  "could",   "might",
    "would", "maybe", "changes",  "change",   "instead", NULL};

/* The comment text of the comment-only lines around `line` (its own comment when it sets a
 * value), joined: a sentence runs on over lines. */
static char *comment_run(const Lines *lines, size_t line)
{
    size_t first = line, last = line;
    if (comment_only(lines->items[line - 1])) {
        while (first > 1 && line - first < 3 && comment_only(lines->items[first - 2]))
            first--;
        while (last < lines->n && last - line < 2 && comment_only(lines->items[last]))
            last++;
    }
    StrBuf sb = STRBUF_INIT;
    for (size_t at = first; at <= last; at++) {
        const char *text = comment_of(lines->items[at - 1]);
        while (text && (*text == '#' || isspace((unsigned char)*text)))
            text++;
        if (text)
            sb_printf(&sb, "%s%s", sb.len ? " " : "", text);
    }
    char *out = xstrdup(sb_str(&sb));
    sb_free(&sb);
    return out;
}

/* Does the sentence that names `name` at `line` state a pooler in use? */
static bool pooler_stated(const Lines *lines, size_t line, const char *name)
{
    char *run = comment_run(lines, line);
    size_t len = strlen(name);
    const char *at = NULL;
    for (const char *p = run; *p && !at; p++)
        if (!strncasecmp(p, name, len) && word_at(run, p, len))
            at = p;
    bool stated = true;
    if (at) {
        const char *start = at, *end = at;
        while (start > run && !(strchr(".!?;", start[-1]) && isspace((unsigned char)*start)))
            start--;
        while (*end && !(strchr(".!?;", *end) && (!end[1] || isspace((unsigned char)end[1]))))
            end++;
        char *sentence = xstrndup(start, (size_t)(end - start));
        stated = !first_in(sentence, POOLER_HYPOTHETICAL, word_at);
        free(sentence);
    }
    free(run);
    return stated;
}

static void pool_size_in(Intent *out, pcre2_code *const res[2], const char *comment,
                         const char *file, int line)
{
    pcre2_code *size_re = res[0], *of_re = res[1];
    char *num = match_group(size_re, comment, 1, NULL);
    if (!num)
        num = match_group(of_re, comment, 1, NULL);
    if (num && out->pool_size < 0) {
        long size = strtol(num, NULL, 10);
        if (size > 0 && size < 100000) {
            out->pool_size = size;
            place_set(out, &out->pool_size_at, file, line, comment);
        }
    }
    free(num);
}

static void read_marks(Intent *out, const ConfSet *set, const char *file, const Lines *lines)
{
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (!e->name || !e->applied || strcmp(e->file, file) || e->line < 1 ||
            e->line > (int)lines->n)
            continue;
        int at = deliberate_comment(lines, e->line);
        if (!at)
            continue;
        out->deliberate =
            arena_realloc(out->arena, out->deliberate, out->n_deliberate * sizeof(*out->deliberate),
                          (out->n_deliberate + 1) * sizeof(*out->deliberate));
        char *text = trimmed(comment_of(lines->items[at - 1]));
        out->deliberate[out->n_deliberate++] =
            (IntentComment){.file = arena_strdup(out->arena, file),
                            .line = e->line,
                            .text = arena_printf(out->arena, "'%s' (line %d)", text, at)};
        free(text);
    }
    pcre2_code *pool_res[2] = {NULL, NULL}; /* compiled for the first comment naming a pool */
    for (size_t line = 1; line <= lines->n; line++) {
        const char *comment = comment_of(lines->items[line - 1]);
        const char *names = comment ? phrase_in(comment, POOLER_WORDS) : NULL;
        bool pool = comment && strcasestr(comment, "pool");
        if ((!names && !pool) || !authored(comment))
            continue;
        if (names && pooler_stated(lines, line, names))
            take_place(out, &out->pooler_at, file, (int)line, comment);
        if (!pool)
            continue;
        if (!pool_res[0]) {
            pool_res[0] = compile("\\b(?:default_pool_size|pool_size|pool\\s+size)\\s*(?:[:=]|"
                                  "of|is)?\\s*(\\d+)\\b");
            pool_res[1] = compile("\\bpool\\s+of\\s+(\\d+)\\b");
        }
        pool_size_in(out, pool_res, comment, file, (int)line);
    }
    pcre2_code_free(pool_res[0]);
    pcre2_code_free(pool_res[1]);
}

/* Applications whose requirements a preloaded library set shows: what they need that a rule
 * would otherwise call a problem. */
static const struct {
    const char *const libraries[4]; /* any of them preloaded */
    const char *application;
    const char *rule;
    const char *why;
} APPLICATIONS[] = {
    {{"plantuner", "online_analyze", "fasttrun", NULL},
     "1C:Enterprise",
     "PK8001",
     "1C:Enterprise's setup for PostgreSQL requires standard_conforming_strings = off, so the "
     "value is the application's requirement, not a mistake."},
};

static void application_from(Intent *out, const ConfSet *set)
{
    /* a setting of one of the libraries' own parameters (plantuner.fix_empty_table) shows the
     * library as well as preloading it does (review 2026-12i, h10d 55: postgresql.auto.conf) */
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        const char *dot = e->name && e->applied ? strchr(e->name, '.') : NULL;
        for (size_t app = 0; dot && app < sizeof(APPLICATIONS) / sizeof(APPLICATIONS[0]); app++)
            for (const char *const *lib = APPLICATIONS[app].libraries; *lib; lib++)
                if (strlen(*lib) == (size_t)(dot - e->name) &&
                    !strncasecmp(e->name, *lib, strlen(*lib))) {
                    out->application = APPLICATIONS[app].application;
                    out->application_evidence = arena_printf(
                        out->arena, "%s (line %d) is a setting of %s", e->name, e->line, *lib);
                    return;
                }
    }
    int spl_at = conf_set_find_applied(set, "shared_preload_libraries");
    const ConfEntry *spl = spl_at >= 0 ? &set->entries[spl_at] : NULL;
    if (!spl || !spl->value)
        return;
    for (size_t app = 0; app < sizeof(APPLICATIONS) / sizeof(APPLICATIONS[0]); app++)
        for (const char *const *lib = APPLICATIONS[app].libraries; *lib; lib++) {
            size_t len = strlen(*lib);
            for (const char *p = strstr(spl->value, *lib); p; p = strstr(p + 1, *lib))
                if (bare_word_at(spl->value, p, len)) {
                    out->application = APPLICATIONS[app].application;
                    out->application_evidence = arena_printf(
                        out->arena, "shared_preload_libraries = '%s' (line %d) preloads %s",
                        spl->value, spl->line, *lib);
                    return;
                }
        }
}

/* ---- a container's file ---- */

/* The official image's data directory (PGDATA of the Docker library's postgres image). */
#define IMAGE_PGDATA "/var/lib/postgresql/data"

/* The official image's postgresql.conf.sample: its build replaces the stock listen_addresses
 * line, comment and all, with `listen_addresses = '*'` (sed -ri
 * "s!^#?(listen_addresses)\s*=\s*\S+.*!\1 = '*'!"), so that line is followed by the stock
 * comment's continuation. A file that keeps it was copied out of the image. */
static int image_sample_line(const Lines *lines)
{
    /* the image's sed replaces the sample's whole line, its "# what IP address(es) to listen
     * on;" with it: a file that still has those words was edited by hand (Debian's sample with
     * a line added under the commented one: held-out set 46, h46b 22, called a container's) */
    for (size_t at = 0; at < lines->n; at++)
        if (strstr(lines->items[at], "what IP address(es) to listen on"))
            return 0;
    for (size_t at = 0; at + 1 < lines->n; at++) {
        const char *next = lines->items[at + 1];
        while (isspace((unsigned char)*next))
            next++;
        if (!strcmp(lines->items[at], "listen_addresses = '*'") &&
            !strncmp(next, "# comma-separated list of addresses;", 36))
            return (int)at + 1;
    }
    return 0;
}

/* The directory of the file's path (inside its repository: up to the directory holding .git,
 * or the whole path without one) named `docker`: a project's container build and compose
 * configuration, by convention (review 2026-12y, h26c 30, 35, 36: "docker/postgresql/
 * postgresql.conf"); its path from there, or NULL. */
static char *docker_directory(Arena *arena, const char *file)
{
    char *full = realpath(file, NULL);
    if (!full)
        return NULL;
    char *dir = xstrdup(full);
    char *found = NULL;
    for (char *slash = strrchr(dir, '/'); slash && slash > dir && !found;
         slash = strrchr(dir, '/')) {
        *slash = '\0';
        const char *name = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
        if (!strcasecmp(name, "docker") || !strcasecmp(name, ".docker")) {
            found = arena_strdup(arena, full + (name - dir));
            break;
        }
        char git[PATH_MAX];
        struct stat st;
        if (snprintf(git, sizeof git, "%s/.git", dir) < (int)sizeof git && stat(git, &st) == 0)
            break;
    }
    free(dir);
    free(full);
    return found;
}

static void container_from(Intent *out, const ConfSet *set)
{
    if (!set->n_files || set->data_dir)
        return; /* a data directory is the target itself: its host facts say */
    const ConfEntry *dd = applied_entry(set, "data_directory");
    if (dd && dd->value && !strcmp(dd->value, IMAGE_PGDATA)) {
        out->container_at.text =
            arena_printf(out->arena, "data_directory = '%s' (line %d), the official image's",
                         dd->value, dd->line);
        out->container_at.line = dd->line;
        return;
    }
    if (out->container_at.line) /* the image's sample, read with the top file's lines */
        return;
    char *docker = docker_directory(out->arena, set->files[0]);
    if (docker) {
        out->container_at.text =
            arena_printf(out->arena, "the file is in a docker/ directory: %s", docker);
        return;
    }
    /* a compose service that mounts it, found by the compose files' names (no directory
     * listed) */
    ComposeLimits compose = {0};
    bool mounted = input_compose_mount(set->files[0], &compose) && compose.compose;
    if (mounted) {
        out->host_network_line = compose.host_network_line;
        char *shown = lint_path_from(set->files[0], compose.compose); /* ../docker-compose.yml */
        out->container_at.text = arena_printf(out->arena,
                                              compose.config_file && !compose.unread
                                                  ? "%s runs the server with it as its config_file"
                                                  : "%s mounts it in the server's container",
                                              shown);
        free(shown);
    }
    compose_limits_clear(&compose);
    if (mounted)
        return;
    /* a Dockerfile, or a compose file of another name: read only when a finding asks, since it
     * lists directories (lint's start-up, docs/lint.md "Speed") */
    out->container_at.file = arena_strdup(out->arena, set->files[0]);
}

/* What shows the file is a container's, or NULL: the evidence intent_read found, else a compose
 * file or Dockerfile of its repository that mounts it (found here, once). */
static const char *container_evidence(const Intent *intent, char **found)
{
    if (intent->container_at.text)
        return intent->container_at.text;
    if (!intent->container_at.file)
        return NULL;
    if (!*found) {
        char compose[PATH_MAX] = "";
        char *shown = lint_repository_mounts(intent->container_at.file, compose)
                          ? lint_path_from(intent->container_at.file, compose)
                          : NULL;
        *found =
            shown ? xasprintf("%s runs the server with it as its config_file", shown) : xstrdup("");
        free(shown);
    }
    return **found ? *found : NULL;
}

/* log_destination = 'syslog' alone in a container: postgres hands each line to syslog(3), which
 * writes to /dev/log, and a container image runs no syslog daemon to read it (the official
 * image's docs send the log to stderr for `docker logs`), so every line after the configuration
 * is read is lost (held-out set 31, h31a 09, shown on 14). Whether the image runs one pgknob
 * cannot see: the finding says so. */
void intent_check_container_syslog(const Intent *intent, const Snapshot *snap, FindingList *out)
{
    const SnapSetting *dest = snapshot_get(snap, "log_destination");
    if (!intent || !dest || dest->source != SRC_FILE || !dest->value || snap->fragment)
        return;
    bool syslog = false, other = false;
    char *copy = xstrdup(dest->value);
    for (char *save = NULL, *item = strtok_r(copy, ", \t", &save); item;
         item = strtok_r(NULL, ", \t", &save)) {
        if (!strcasecmp(item, "syslog"))
            syslog = true;
        else
            other = true; /* stderr, csvlog, jsonlog: a file or the container's output */
    }
    free(copy);
    if (!syslog || other)
        return; /* before any directory is listed for the container's evidence */
    char *compose = NULL;
    const char *container = snap->host.container == 1   ? "--host container=yes"
                            : snap->host.container == 0 ? NULL
                                                        : container_evidence(intent, &compose);
    if (container) {
        Finding *f = finding_raise(out, "PK0098", NULL);
        f->file = finding_strdup(f, dest->file);
        f->line = dest->line;
        finding_add_setting(f, dest->name, dest->value, dest->file, dest->line);
        f->message = finding_printf(
            f,
            "log_destination is '%s' and the server runs in a container (%s): syslog writes to "
            "/dev/log, where a container image runs no syslog daemon, so every log line after "
            "start-up is lost, errors and checkpoints included",
            dest->value, container);
        f->suggestion = finding_strdup(
            f, "log_destination = 'stderr' (docker logs and the orchestrator collect it), unless "
               "the image runs a syslog daemon or /dev/log is the host's, mounted in");
        finding_add_fix(f, "log_destination", "stderr", "reload");
        f->fixes[f->n_fixes - 1].unsafe = true;
        f->fixes[f->n_fixes - 1].why =
            finding_strdup(f, "a syslog daemon in the image, or the host's /dev/log mounted in, "
                              "may read it; pgknob cannot see the image.");
    }
    free(compose);
}

/* Findings whose consequence is exposure to the host's other local users (PK8002 the log files'
 * mode, PK8007 the socket's): a container runs no other users. */
static bool local_users_rule(const Finding *f)
{
    static const char *const rules[] = {"PK8002", "PK8007", NULL};
    return word_listed(f->rule_id, rules);
}

/* ---- a file given over to its log ---- */

/* A setting of what the server logs or where the log goes. */
static bool logging_setting(const char *name)
{
    static const char *const prefixes[] = {"log_", "logging_", "syslog_", "debug_", NULL};
    static const char *const names[] = {"client_min_messages", "event_source", NULL};
    for (const char *const *p = prefixes; *p; p++)
        if (!strncasecmp(name, *p, strlen(*p)))
            return true;
    return word_listed(name, names);
}

/* The top file sets up a log feed and nothing else (listen_addresses and port aside, which any
 * server reached over the network sets): where the log goes (logging_collector, log_destination,
 * log_directory, log_filename) and what it holds. Its evident purpose is the log itself (an
 * audit feed, a logging lab, a demo that shows the SQL it runs): a verbose log there is the
 * point, not an accident. */
static void log_feed_from(Intent *out, const ConfSet *set)
{
    static const char *const destinations[] = {"logging_collector", "log_destination",
                                               "log_directory", "log_filename", NULL};
    static const char *const reach[] = {"listen_addresses", "port", NULL};
    if (!set->n_files || out->production_said)
        return;
    size_t logging = 0;
    bool destination = false;
    for (size_t idx = 0; idx < set->n_entries; idx++) {
        const ConfEntry *e = &set->entries[idx];
        if (!e->name || strcmp(e->file, set->files[0]))
            continue;
        if (!logging_setting(e->name) && !word_listed(e->name, reach))
            return;
        logging += logging_setting(e->name);
        destination = destination || word_listed(e->name, destinations);
    }
    if (!destination || logging < 3)
        return;
    /* a file a container runs as its config_file is the server's whole configuration, not a
     * feed laid over one (review 2026-12zf, 22: its statement log on the data's volume) */
    ComposeLimits compose = {0};
    bool whole =
        input_compose_mount(set->files[0], &compose) && compose.config_file && !compose.unread;
    compose_limits_clear(&compose);
    if (whole)
        return;
    out->log_feed_at.file = arena_strdup(out->arena, set->files[0]);
    out->log_feed_at.line = 0;
    out->log_feed_at.text = arena_printf(
        out->arena, "its %zu settings set up the server's log and nothing else", logging);
}

static double setting_bytes(const Snapshot *snap, const char *name)
{
    const SnapSetting *s = snapshot_get(snap, name);
    if (!s || !s->parsed_ok || !s->param)
        return 0;
    const char *unit = s->param->unit ? s->param->unit : "";
    double scale = !strcmp(unit, "kB")    ? 1024.0
                   : !strcmp(unit, "8kB") ? 8192.0
                   : !strcmp(unit, "MB")  ? 1024.0 * 1024
                   : !strcmp(unit, "B")   ? 1.0
                                          : 0;
    return s->parsed.num * scale;
}

static double setting_num(const Snapshot *snap, const char *name)
{
    const SnapSetting *s = snapshot_get(snap, name);
    return s && s->parsed_ok ? s->parsed.num : 0;
}

/* The setting's own comment (on its line or the block above) when it says an application needs
 * the value: "should be set to off for XNAT and OMERO", "required by the ERP", "needed for
 * Jira" (review 2026-12ze, h32d 39); a client-compatibility setting (standard_conforming_strings)
 * is then that application's requirement, as a preloaded library shows 1C:Enterprise's. */
static const char *application_need(const Intent *intent, const Finding *f)
{
    if (!f->file || f->line <= 0)
        return NULL;
    const char *comment = intent_comment_at(intent, f->file, f->line);
    if (!comment)
        return NULL;
    pcre2_code *re =
        compile("\\b(?:(?:required|needed|necessary)\\s+(?:by|for)|compatib(?:le|ility)"
                "\\s+with|(?:should|must|has\\s+to|have\\s+to)\\s+be(?:\\s+set)?"
                "(?:\\s+to)?\\s+\\S+\\s+for)\\s+\\S");
    if (!re)
        return NULL;
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    int rc = pcre2_match(re, (PCRE2_SPTR)comment, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL);
    pcre2_match_data_free(md);
    pcre2_code_free(re);
    return rc > 0 ? comment + strspn(comment, "# \t") : NULL;
}

static void demote(Finding *f, char *why)
{
    finding_set_severity(f, SEV_NOTICE);
    char *hint = xasprintf("%s%s%s", why, f->hint ? " " : "", f->hint ? f->hint : "");
    f->hint = finding_take(f, hint);
    free(why);
}

/* The deliberate mark of one of the finding's settings, or NULL. */
static bool fixes_setting(const Finding *f, const char *name)
{
    for (size_t idx = 0; name && idx < f->n_fixes; idx++)
        if (f->fixes[idx].name && !strcasecmp(f->fixes[idx].name, name))
            return true;
    return false;
}

static const char *marked(const Intent *intent, const Finding *f)
{
    for (size_t idx = 0; idx < intent->n_deliberate; idx++) {
        const IntentComment *c = &intent->deliberate[idx];
        if (f->file && f->line == c->line && !strcmp(f->file, c->file))
            return c->text;
        /* another line of the finding counts when the fix changes its value: the comment of a
         * setting it only mentions explains that one ("log_statement = 'none'  # or 'all' for
         * debugging" is no reason for log_min_duration_statement = 0 three lines down:
         * review 2026-12x, h25a 04) */
        for (size_t set_idx = 0; set_idx < f->n_settings; set_idx++)
            if (f->settings[set_idx].file && f->settings[set_idx].line == c->line &&
                !strcmp(f->settings[set_idx].file, c->file) &&
                fixes_setting(f, f->settings[set_idx].name))
                return c->text;
    }
    return NULL;
}

/* The consequence class an author's stated intent may settle: a finding whose consequence is
 * only performance or resource use (sizing, planner, I/O, checkpoints, vacuum's pace, log
 * volume). What endangers data or availability, or exposes it, never is (docs/lint.md,
 * "Severity policy"): validation (refusals), durability, security and sessions (errors clients
 * see) by their family, and within the tuning families the rules whose consequence is memory
 * running out, WAL piling up until the disk fills, a recovery or replica that fails, a
 * wraparound shutdown, or errors no longer logged. */
static bool performance_only(const Finding *f)
{
    static const char *const kept[] = {"validation", "durability", "security", "sessions", NULL};
    static const char *const availability[] =
        {
            "PK2001", "PK2002", "PK2020", "PK2021", /* a worst case beyond RAM: out of memory */
            "PK2050",                               /* connections running out */
            "PK3015", "PK3016", "PK3032", "PK3033", "PK3050",
            "PK3052", "PK3057", /* WAL kept until the disk fills
                                 */
            "PK3062",           /* pg_wal filling its volume: a PANIC */
            "PK3019", "PK3021", "PK3022", "PK3023", "PK3028",
            "PK3029", "PK3035", "PK3038", "PK3039", "PK3058",
            "PK3059", "PK3060", "PK3061", /* archives that lose or never get WAL */
            "PK3030", "PK3031", "PK3037", /* replication stalls */
            "PK4012", "PK4013", "PK4051", "PK4053", "PK4054",
            "PK4055", "PK4056", "PK4057", /* wraparound */
            "PK7009", "PK7015",           /* errors no longer logged */
            NULL};
    /* a server that does not start costs more than speed (review 2026-12zf, h33c 29: an
     * archive_command that drops WAL was called a cost "only of performance" under a README's
     * purpose) */
    if (f->refuses_start)
        return false;
    for (const char *const *cat = kept; *cat; cat++)
        if (f->category && !strcmp(f->category, *cat))
            return false;
    return strncmp(f->rule_id, "PK0", 3) && strncmp(f->rule_id, "PK6", 3) &&
           strncmp(f->rule_id, "PK8", 3) && strncmp(f->rule_id, "PK9", 3) &&
           !word_listed(f->rule_id, availability);
}

bool intent_performance_only(const Finding *f)
{
    return performance_only(f);
}

/* The rules whose finding is a log more verbose than a production server needs, or one that
 * never rotates (PK7013): a value nobody sets by accident, whose cost is log volume and disk (not
 * a contradiction such as PK7010's, nor a muted log such as PK7009's). */
static bool verbose_log_rule(const Finding *f)
{
    static const char *const rules[] = {"PK7002", "PK7003", "PK7007", "PK7008", "PK7011",
                                        "PK7012", "PK7013", "PK7014", NULL};
    return word_listed(f->rule_id, rules);
}

static void strip(char **text, const char *part)
{
    char *at = *text ? strstr(*text, part) : NULL;
    if (at)
        memmove(at, at + strlen(part), strlen(at + strlen(part)) + 1);
}

/* A worst case whose suggestion lowers a term the author's comment on its own line gives a
 * reason for ("work_mem = 64MB # ... important for dbt"): that term is the owner's choice, so
 * the lever is the number of sessions, not the term (review 2026-12y, h26a 04). */
/* Does the fix lower the setting's value (a fix lists every term it sizes, changed or not)? */
static bool fix_lowers(const Snapshot *snap, const FindingFix *fix, const SnapSetting **cur_out)
{
    const SnapSetting *cur = fix->remove ? NULL : snapshot_get(snap, fix->name);
    GucValue val;
    *cur_out = cur;
    return cur && cur->param && cur->parsed_ok && fix->value &&
           guc_parse_value_for(cur->param, snap->pg_major, fix->value, &val, NULL) &&
           val.num < cur->parsed.num;
}

void intent_commented_terms(const Snapshot *snap, Finding *f)
{
    const Intent *intent = snap->intent;
    if (!intent || f->severity < SEV_WARNING ||
        (strcmp(f->rule_id, "PK2001") && strcmp(f->rule_id, "PK2002")))
        return;
    const SnapSetting *cur = NULL;
    for (size_t idx = 0; idx < f->n_fixes; idx++)
        if (!strcmp(f->fixes[idx].name, "max_connections") &&
            fix_lowers(snap, &f->fixes[idx], &cur))
            return; /* the sessions are already the lever */
    StrBuf kept = STRBUF_INIT;
    size_t lowered = 0;
    for (size_t idx = 0; idx < f->n_fixes;) {
        const FindingFix *fix = &f->fixes[idx];
        if (!fix_lowers(snap, fix, &cur) || fix->companion) {
            idx++;
            continue;
        }
        const char *comment = cur->source == SRC_FILE && cur->file
                                  ? intent_comment_at(intent, cur->file, cur->line)
                                  : NULL;
        /* a reason, not a description of the parameter ("Memory for sorting/joining
         * operations" says what work_mem is; ", important for dbt" why this value) */
        static const char *const reasons[] = {
            "important", "needed",    "need ",        "needs ",     "required",      "requires",
            "must",      "because",   "due to",       "so that",    "to avoid",      "to prevent",
            "critical",  "essential", "deliberately", "on purpose", "intentionally", NULL};
        if (!comment || !phrase_in(comment, reasons)) {
            lowered++;
            idx++;
            continue;
        }
        sb_printf(&kept, "%s%s = %s, which its comment gives a reason for (\"%s\", line %d)",
                  kept.len ? "; keep " : "keep ", cur->name, cur->value,
                  comment + strspn(comment, "# \t"), cur->line);
        finding_drop_fix(f, idx);
    }
    if (kept.len) {
        char *text = xasprintf("%s: lower max_connections to the sessions that run at once, or "
                               "put a connection pooler in front",
                               sb_str(&kept));
        if (lowered) { /* the other terms' changes stand, with this beside them */
            f->suggestion_tail = finding_printf(f, "(%s)", text);
            finding_render_suggestion(f);
        } else {
            f->suggestion_tail = NULL;
            f->suggestion = finding_strdup(f, text);
        }
        free(text);
    }
    sb_free(&kept);
}

/* The advice to put a pooler in front, where the file names one: size the server to it. */
static void pooler_named(const Intent *intent, Finding *f)
{
    char **texts[] = {&f->suggestion, &f->suggestion_tail};
    for (size_t idx = 0; idx < 2; idx++) {
        strip(texts[idx], ", or put a connection pooler in front");
        strip(texts[idx], "put a connection pooler (PgBouncer, or the application's pool) in "
                          "front and ");
    }
    char *hint = xasprintf("The file names a connection pooler ('%s', line %d): lower "
                           "max_connections to the connections it opens.%s%s",
                           intent->pooler_at.text, intent->pooler_at.line, f->hint ? " " : "",
                           f->hint ? f->hint : "");
    f->hint = finding_take(f, hint);
}

/* The worst case with `busy` backends (a pool's size, the connections said to be in use) and
 * the parallel workers each sorting with the full work_mem, times `per_op` (1; the hash
 * multiplier for hash-heavy queries), beside shared_buffers and one maintenance_work_mem. */
static double busy_backends_demand(const Snapshot *snap, long busy, double per_op)
{
    double wm = setting_bytes(snap, "work_mem");
    double workers = setting_num(snap, "max_parallel_workers");
    if (setting_num(snap, "max_worker_processes") < workers)
        workers = setting_num(snap, "max_worker_processes");
    return setting_bytes(snap, "shared_buffers") + ((double)busy + workers) * wm * per_op +
           setting_bytes(snap, "maintenance_work_mem");
}

/* PK2002 where max_connections' comment states the connections in use: they, not
 * max_connections, are what an author sized the memory for (review 2026-12x, h25a 06). Within
 * 80% of RAM with them busy, the worst case is a notice; the hint keeps the arithmetic. */
static void in_use_bounds(const Intent *intent, const Snapshot *snap, Finding *f)
{
    double ram = snap->host.ram_bytes;
    if (intent->in_use <= 0 || intent->in_use >= setting_num(snap, "max_connections") || ram <= 0)
        return;
    double demand = busy_backends_demand(snap, intent->in_use, 1);
    char *total = bytes_text(demand);
    char *why = xasprintf("the comment of max_connections states %ld connections in use ('%s', "
                          "line %d): with them busy the worst case is %s, %.0f%% of the "
                          "machine's memory.",
                          intent->in_use, intent->in_use_at.text, intent->in_use_at.line, total,
                          demand / ram * 100);
    free(total);
    if (demand <= ram * 0.8)
        demote(f, xasprintf("A notice: %s Lower max_connections toward it so the server enforces "
                            "what the memory was sized for.",
                            why));
    else
        f->hint = finding_printf(f, "%s%s%s", why, f->hint ? " " : "", f->hint ? f->hint : "");
    free(why);
}

/* PK2002 with a pooler in sight: the pool, not max_connections, bounds the busy backends. */
static void pooler_bounds(const Intent *intent, const Snapshot *snap, Finding *f)
{
    strip(&f->suggestion, " (or use a pooler)");
    strip(&f->suggestion_tail, " (or use a pooler)");
    double ram = snap->host.ram_bytes;
    double conns = setting_num(snap, "max_connections");
    if (intent->pool_size > 0 && intent->pool_size < conns && ram > 0) {
        double demand = busy_backends_demand(snap, intent->pool_size, 1);
        char *total = bytes_text(demand);
        char *why = xasprintf("The file names a connection pooler ('%s', line %d) with a pool of "
                              "%ld ('%s', line %d): with the pool's backends busy the worst case "
                              "is %s, %.0f%% of the machine's memory.",
                              intent->pooler_at.text, intent->pooler_at.line, intent->pool_size,
                              intent->pool_size_at.text, intent->pool_size_at.line, total,
                              demand / ram * 100);
        free(total);
        if (demand <= ram * 0.8) {
            demote(f, xasprintf("A notice: %s Lower max_connections to the pool's size so the "
                                "server enforces it.",
                                why));
            free(why);
            return;
        }
        char *hint = xasprintf("%s%s%s", why, f->hint ? " " : "", f->hint ? f->hint : "");
        f->hint = finding_take(f, hint);
        free(why);
        return;
    }
    demote(f, xasprintf("A notice: the file names a connection pooler ('%s', line %d), which "
                        "bounds the busy backends below max_connections; the worst case counts "
                        "every connection. State the pool size beside it (pool_size = N) to have "
                        "it counted, or lower max_connections to it.",
                        intent->pooler_at.text, intent->pooler_at.line));
}

/* The warning that a debugging setup is on (PK7012: debug_print_* writes every statement's trees),
 * among findings [begin, end), or NULL: the rest of that setup's verbose log is the same cause. */
static const Finding *debugging_setup(const FindingList *out, size_t begin, size_t end)
{
    for (size_t idx = begin; idx < end && idx < out->n; idx++)
        if (!strcmp(out->items[idx].rule_id, "PK7012") && out->items[idx].severity == SEV_WARNING)
            return &out->items[idx];
    return NULL;
}

/* The worst-case memory finding (PK2001, PK2002) at warning or above that counts `f`'s line
 * among its settings, or NULL: the sum counts shared_buffers among its terms, so its share of RAM
 * on that line (PK2005, PK2006) is the same budget, reported once (the sum itself sits on its
 * largest term's line, which may be another). */
static const Finding *memory_budget_at(const FindingList *out, size_t begin, size_t end,
                                       const Finding *f)
{
    /* and the shared memory beyond the RAM (PK0062), which shared_buffers is most of (review
     * 2026-12ze, h32c 32) */
    static const char *const sums[] = {"PK2001", "PK2002", "PK0062", NULL};
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        const Finding *sum = &out->items[idx];
        if (!word_listed(sum->rule_id, sums) || sum->severity < SEV_WARNING || !f->file)
            continue;
        for (size_t set = 0; set < sum->n_settings; set++)
            if (sum->settings[set].line == f->line && sum->settings[set].file &&
                !strcmp(sum->settings[set].file, f->file))
                return sum;
    }
    return NULL;
}

/* The first finding of `rule` in [begin, end), or NULL. */
static const Finding *rule_at(const FindingList *out, size_t begin, size_t end, const char *rule)
{
    for (size_t idx = begin; idx < end && idx < out->n; idx++)
        if (!strcmp(out->items[idx].rule_id, rule))
            return &out->items[idx];
    return NULL;
}

/* A worst case beyond 1.5 x RAM endangers availability only on a machine pgknob knows: where the
 * RAM is the file's own statement, which its settings contradict (PK0091), or is read from its
 * sizing, it is a warning (`to`); one over a RAM read from the sizing, a notice. */
static void ram_doubted(const Intent *intent, Finding *f, Severity to)
{
    finding_set_severity(f, to);
    char *ram = bytes_text(intent->ram_bytes);
    const char *level = to == SEV_NOTICE ? "A notice" : "A warning, not an error";
    char *basis =
        intent->ram_inferred
            ? xasprintf(
                  "read from the file's sizing ('%s', line %d) rather than a size a comment states",
                  intent->ram_at.text, intent->ram_at.line)
            : xasprintf("the file's own statement ('%s', line %d), which its settings contradict "
                        "(PK0091)",
                        intent->ram_at.text, intent->ram_at.line);
    /* a PK2001 lowered to a notice: the purpose is the other half of why */
    const char *throwaway =
        to == SEV_NOTICE && !strcmp(f->rule_id, "PK2001")
            ? ", on a cluster the file shows to be a test's (PK0090), where every session is "
              "rarely busy at once and a run that runs out of memory is restarted"
            : "";
    f->hint =
        finding_printf(f,
                       "%s: the %s of RAM it is measured against is %s%s. Give --host with "
                       "the machine's memory to judge it.%s%s",
                       level, ram, basis, throwaway, f->hint ? " " : "", f->hint ? f->hint : "");
    free(basis);
    free(ram);
}

/* PK2001/PK2002 against the share a comment gives PostgreSQL (intent->ram_budget): a budget is
 * what the author sized for, which nothing enforces, so no error rests on it. Where the comment
 * also states the machine and the worst case passes the budget by under a tenth of the
 * machine's memory, the machine does not run out: a notice (review 2026-12z, h27b 25: "~1 GB of
 * the 128 GB"). */
static void budget_exceeded(const Intent *intent, const Snapshot *snap, Finding *f)
{
    double hash = setting_num(snap, "hash_mem_multiplier");
    /* the hash-heavy sum, the larger of the two the finding gives */
    double demand =
        busy_backends_demand(snap, (long)setting_num(snap, "max_connections"), hash > 1 ? hash : 1);
    char *budget = bytes_text(intent->ram_bytes);
    if (intent->machine_bytes > intent->ram_bytes &&
        demand - intent->ram_bytes <= intent->machine_bytes * 0.1) {
        char *machine = bytes_text(intent->machine_bytes);
        char *over = bytes_text(demand - intent->ram_bytes);
        demote(f, xasprintf("A notice: %s is the budget the file gives PostgreSQL ('%s', line %d), "
                            "which nothing enforces; the worst case passes it by at most %s, "
                            "%.1f%% of the %s the machine has (line %d), so the machine does not "
                            "run out. Lower the largest terms to keep within the budget.",
                            budget, intent->ram_at.text, intent->ram_at.line, over,
                            (demand - intent->ram_bytes) / intent->machine_bytes * 100, machine,
                            intent->machine_at.line));
        free(over);
        free(machine);
    } else if (f->severity == SEV_ERROR) {
        finding_set_severity(f, SEV_WARNING);
        f->hint = finding_printf(f,
                                 "A warning, not an error: %s is the budget the file gives "
                                 "PostgreSQL ('%s', line %d), not a limit, and %s. Give --host "
                                 "with the machine's memory to judge it.%s%s",
                                 budget, intent->ram_at.text, intent->ram_at.line,
                                 intent->machine_bytes > intent->ram_bytes
                                     ? "the machine's memory it states leaves less room than the "
                                       "worst case needs"
                                     : "the machine's memory is not stated",
                                 f->hint ? " " : "", f->hint ? f->hint : "");
    }
    free(budget);
}

/* PK0024 where an author's comment on the later line (or the earlier) takes it for a second
 * value beside the first ("# Second PostgreSQL port", "Add an additional port"): a parameter
 * holds one value, so what the author meant to keep is lost, a warning (held-out set 28, h28a
 * 07: port 5432 then 5433, and the server listens on 5433 only). */
static void second_value_meant(const Intent *intent, Finding *f)
{
    static const char *const adding[] = {"second",  "additional",  "another", "extra",
                                         "as well", "in addition", NULL};
    if (f->n_settings < 2 || f->severity != SEV_NOTICE)
        return;
    const FindingSetting *first = &f->settings[0], *last = &f->settings[f->n_settings - 1];
    const FindingSetting *lines[] = {last, first};
    for (size_t idx = 0; idx < 2; idx++) {
        const char *comment = intent_comment_at(intent, lines[idx]->file, lines[idx]->line);
        const char *word = comment ? phrase_in(comment, adding) : NULL;
        if (!word)
            continue;
        finding_set_severity(f, SEV_WARNING);
        f->message = finding_printf(
            f,
            "%s; the comment at line %d ('%s') takes it for a value beside the other, but a "
            "parameter holds one: the server uses only %s = %s, and %s not at all",
            f->message, lines[idx]->line, comment, last->name, last->value, first->value);
        return;
    }
}

void intent_overridden(const Intent *intent, FindingList *out)
{
    for (size_t idx = 0; idx < out->n; idx++)
        if (!strcmp(out->items[idx].rule_id, "PK0024"))
            second_value_meant(intent, &out->items[idx]);
}

/* A log feed that also says where the server listens (listen_addresses, port) is likely the
 * whole configuration a container runs as config_file (held-out set 29, h29b 21), not a part. */
static bool whole_config_sign(const Snapshot *snap)
{
    static const char *const names[] = {"listen_addresses", "port"};
    for (size_t idx = 0; idx < 2; idx++) {
        const SnapSetting *set = snapshot_get(snap, names[idx]);
        if (set && set->source == SRC_FILE)
            return true;
    }
    return false;
}

/* Every setting the finding names is left at its default (none is a line of a file). */
static bool only_defaults(const Finding *f)
{
    for (size_t idx = 0; idx < f->n_settings; idx++)
        if (f->settings[idx].file)
            return false;
    return true;
}

/* One line, one finding: where PK7007 warns on the debug level's volume, the environment that
 * level writes at every start (PK8021) is a sentence of it, and PK8021 is listed as suppressed
 * (review 2026-12x, rwo 03; review 2026-12w, h24c 38 asked PK7007 to say it). Where
 * PK7007 is a notice (a debugging setup's), the leak stays its own warning. */
static void logged_environment_once(FindingList *out, size_t begin, size_t end)
{
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        Finding *leak = &out->items[idx];
        if (strcmp(leak->rule_id, "PK8021") || leak->suppressed || !leak->file)
            continue;
        for (size_t other = begin; other < end && other < out->n; other++) {
            Finding *volume = &out->items[other];
            if (strcmp(volume->rule_id, "PK7007") || volume->severity < leak->severity ||
                volume->line != leak->line || !volume->file || strcmp(volume->file, leak->file))
                continue;
            volume->message = finding_printf(
                volume,
                "%s; and at this level the postmaster writes its whole environment to the "
                "log at every start, so a secret passed in it (POSTGRES_PASSWORD, "
                "PGPASSWORD) can be read there",
                volume->message);
            leak->suppressed = true;
            leak->suppress_reason = finding_strdup(
                leak, "said in PK7007's finding on the same line, whose fix ends it too");
            break;
        }
    }
}

void intent_deliberate(const Intent *intent, const Snapshot *snap, FindingList *out, size_t begin,
                       size_t end)
{
    char *compose = NULL; /* container_evidence's, looked for once */
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        /* the RAM the rules used is that budget (not --host's) */
        if (intent->ram_budget && snap->host.source &&
            strstr(snap->host.source, "budget for PostgreSQL") &&
            (!strcmp(out->items[idx].rule_id, "PK2001") ||
             !strcmp(out->items[idx].rule_id, "PK2002")) &&
            out->items[idx].severity >= SEV_WARNING)
            budget_exceeded(intent, snap, &out->items[idx]);
        /* a test cluster, which never runs every session at once (unlike a benchmark), over
         * a RAM read from its sizing: two guesses make no warning (review 2026-12zg, rwc2 08;
         * a benchmark's, rwd2 38, stays one) */
        else if ((intent->ram_doubted || intent->ram_inferred) &&
                 !strcmp(out->items[idx].rule_id, "PK2001") &&
                 out->items[idx].severity == SEV_ERROR)
            ram_doubted(intent, &out->items[idx],
                        intent->ram_inferred && intent->purpose == INTENT_TEST ? SEV_NOTICE
                                                                               : SEV_WARNING);
        /* a worst case a little over a RAM no comment states, only its sizing ratio: a
         * notice (review 2026-12v, h23a 11, h23b 26 and 27: a build failed on a guessed 1GB) */
        else if (intent->ram_inferred && !strcmp(out->items[idx].rule_id, "PK2002") &&
                 out->items[idx].severity == SEV_WARNING)
            ram_doubted(intent, &out->items[idx], SEV_NOTICE);
    }
    const Finding *debugging = debugging_setup(out, begin, end);
    int debugging_line = debugging ? debugging->line : 0;
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        Finding *f = &out->items[idx];
        /* a log feed is part of a configuration, not all of it: what it leaves unset is the
         * rest's (held-out set 28, h28a 03: shared_buffers "is 8MB" on 13) */
        if (intent->log_feed_at.file && f->n_settings && !f->suppressed && only_defaults(f) &&
            !whole_config_sign(snap)) {
            f->suppressed = true;
            f->suppress_reason = finding_printf(
                f,
                "the file is a log feed (%s), so the settings it leaves unset are the rest of "
                "the configuration's",
                intent->log_feed_at.text);
            continue;
        }
        if ((!strcmp(f->rule_id, "PK2001") || !strcmp(f->rule_id, "PK2011")) &&
            intent->pooler_at.file)
            pooler_named(intent, f);
        /* a container's own interfaces are its network namespace's: '*' is how the published
         * port and the other containers reach it, and naming an address breaks that when the
         * container's address changes (review 2026-12u, h22a: the suggestion would cut the app
         * off); what reaches it is the port published and pg_hba.conf */
        const char *container;
        /* only the evidence already read, a compose service that mounts the file included
         * (container_from: review 2026-12zd, h31b 21-24): a notice this common must not send
         * every lint listing directories (docs/lint.md, "Speed") */
        /* ... unless the service shares the host's network (network_mode: host): '*' is then
         * every interface of the host (held-out set 50, h50a 08) */
        if (!strcmp(f->rule_id, "PK8006") && snap->host.container != 0 &&
            !intent->host_network_line &&
            (container =
                 snap->host.container == 1 ? "--host container=yes" : intent->container_at.text)) {
            /* nothing to change: listed as suppressed with the reason, not a notice whose advice
             * is to keep the value (the development corpus's reviews, rwr 28) */
            f->suppressed = true;
            f->suppress_reason = finding_printf(
                f,
                "the server runs in a container (%s): its interfaces are the container's, whose "
                "address may change, and '*' is how the published port and the other containers "
                "reach it; publish the port only where clients outside need it, and let "
                "pg_hba.conf name the clients",
                container);
            continue;
        }
        if (f->severity <= SEV_NOTICE)
            continue;
        if (!strcmp(f->rule_id, "PK2002") && intent->pooler_at.file) {
            pooler_bounds(intent, snap, f);
            continue;
        }
        if (!strcmp(f->rule_id, "PK2002") && intent->in_use > 0) {
            in_use_bounds(intent, snap, f);
            if (f->severity <= SEV_NOTICE)
                continue;
        }
        const char *need;
        if (!strcmp(f->rule_id, "PK8001") && !intent->application &&
            (need = application_need(intent, f))) {
            demote(f, xasprintf("A notice: the setting's comment says an application needs the "
                                "value (\"%s\"), so it is that application's requirement, not a "
                                "mistake; the risk stands for every other client, and ends when "
                                "the application no longer needs it. Override with [severity] "
                                "%s = warning in .pgknob.ini.",
                                need, f->rule_id));
            continue;
        }
        if (intent->application)
            for (size_t app = 0; app < sizeof(APPLICATIONS) / sizeof(APPLICATIONS[0]); app++)
                if (!strcmp(f->rule_id, APPLICATIONS[app].rule) &&
                    !strcmp(intent->application, APPLICATIONS[app].application))
                    demote(f, xasprintf("A notice: %s, which shows a %s server. %s Override with "
                                        "[severity] %s = warning in .pgknob.ini.",
                                        intent->application_evidence, intent->application,
                                        APPLICATIONS[app].why, f->rule_id));
        if (f->severity == SEV_WARNING && local_users_rule(f) && snap->host.container != 0 &&
            (container = snap->host.container == 1 ? "--host container=yes"
                                                   : container_evidence(intent, &compose))) {
            demote(f, xasprintf("A notice: the server runs in a container (%s), where no other "
                                "users log in; the mode matters where the path is a volume the "
                                "host's users can read.",
                                container));
            continue;
        }
        /* shared_buffers too small for the connections, unset in a file that replaces initdb's
         * (PK0094): one cause, reported there, when initdb's 128MB, PK0094's fix, holds two
         * buffers a connection (review 2026-12zo, h59c 44: two warnings, one line to add) */
        const Finding *replaced;
        const SnapSetting *sb = snapshot_get(snap, "shared_buffers");
        const SnapSetting *conns = snapshot_get(snap, "max_connections");
        if (!strcmp(f->rule_id, "PK2015") && sb && sb->source == SRC_DEFAULT && conns &&
            conns->parsed_ok && 16384.0 >= 2 * conns->parsed.num &&
            (replaced = rule_at(out, begin, end, "PK0094"))) {
            demote(f, xstrdup("A notice: the cause is PK0094's, shared_buffers left unset in a "
                              "file that replaces initdb's; its fix, initdb's 128MB (16384 "
                              "buffers), holds two buffers for every connection."));
            continue;
        }
        /* full_page_writes or synchronous_commit off beside fsync off: one choice to give up
         * crash safety (an import-only cluster's), reported once at fsync's line: torn pages
         * matter only after the crash that fsync = off already makes unrecoverable (review
         * 2026-12p, rwk 14), and the last commits a crash loses are the least of it (review
         * 2026-12v, h23a 10). PK6001's severity is not named: a purpose the file shows may still
         * lower it (review 2026-12r, h19c 27) */
        const Finding *fsync_off;
        bool fpw = !strcmp(f->rule_id, "PK6002");
        if ((fpw || !strcmp(f->rule_id, "PK6003")) &&
            (fsync_off = rule_at(out, begin, end, "PK6001")) &&
            fsync_off->severity >= f->severity) {
            demote(f, xasprintf("A notice: fsync = off (line %d, PK6001) gives up crash safety "
                                "already, %s; one choice, reported there. Turn both back on "
                                "together.",
                                fsync_off->line,
                                fpw ? "and a torn page matters only after such a crash"
                                    : "so a crash can lose far more than the last commits"));
            /* the finding that reports the choice turns all of it back: fsync on alone leaves
             * torn pages unrepairable (review 2026-12zg, rwc2 14: fix applied fsync = on and left
             * full_page_writes = off) */
            Finding *fsync_finding = &out->items[fsync_off - out->items];
            if (fpw && fsync_finding->n_fixes) {
                for (size_t fix = 0; fix < f->n_fixes; fix++)
                    if (!f->fixes[fix].companion && !f->fixes[fix].remove)
                        finding_add_fix(fsync_finding, f->fixes[fix].name, f->fixes[fix].value,
                                        f->fixes[fix].applies);
                while (f->n_fixes)
                    finding_drop_fix(f, f->n_fixes - 1);
                f->suggestion = finding_printf(f,
                                               "PK6001's fix (line %d) turns this back on "
                                               "too, with fsync",
                                               fsync_off->line);
                finding_render_suggestion(fsync_finding);
            }
            continue;
        }
        static const char *const shares[] = {"PK2005", "PK2006", NULL};
        const Finding *sum;
        if (f->severity == SEV_WARNING && word_listed(f->rule_id, shares) &&
            (sum = memory_budget_at(out, begin, end, f))) {
            demote(f, xasprintf("A notice: shared_buffers is a term of the %s %s reports "
                                "(line %d); one cause, reported once there.",
                                strcmp(sum->rule_id, "PK0062") ? "worst case"
                                                               : "shared memory beyond the RAM",
                                sum->rule_id, sum->line));
            continue;
        }
        if (f->severity != SEV_WARNING || !performance_only(f))
            continue;
        if (intent->log_feed_at.file && verbose_log_rule(f)) {
            demote(f, xasprintf("A notice: the file is a log feed (%s), whose evident purpose is "
                                "the log: a verbose log is its point, never set by accident, and "
                                "its cost is log volume and disk, not data or availability. Check "
                                "that the log's disk holds it.",
                                intent->log_feed_at.text));
            continue;
        }
        /* pgBadger's own documentation asks for log_min_duration_statement = 0 (every statement
         * with its duration): where the author names the program that reads the log, that is
         * the point of the line (review 2026-12t, h22a 01) */
        if (intent->log_reader_at.file && !strcmp(f->rule_id, "PK7002")) {
            const IntentPlace *reader = &intent->log_reader_at;
            bool quoted = !reader->said && reader->text[0] != 'p'; /* a comment, not the prefix */
            char *where = reader->said ? xasprintf("%s", reader->text)
                                       : xasprintf("%s%s%s, line %d", quoted ? "'" : "",
                                                   reader->text, quoted ? "'" : "", reader->line);
            demote(f, xasprintf("A notice: the file is set up for a program that reads this log "
                                "(%s), whose reports need every statement with its duration; the "
                                "cost is log volume and disk, not data or availability. Check "
                                "that the log's disk holds it.",
                                where));
            free(where);
            continue;
        }
        if (debugging && verbose_log_rule(f) && strcmp(f->rule_id, "PK7012")) {
            demote(f, xasprintf("A notice: the file is a debugging setup (debug_print_* on, line "
                                "%d, PK7012's warning): this verbose log is the same cause, "
                                "reported once there; turn the setup off as a whole.",
                                debugging_line));
            continue;
        }
        const char *mark = marked(intent, f);
        if (mark)
            demote(f, xasprintf("A notice: the author's comment %s states the intent for this "
                                "value or cites where it comes from, so it is taken as "
                                "deliberate; check that the reason still holds.",
                                mark));
        else if (intent->chosen_at.file)
            demote(f, xasprintf("A notice: the header's comment '%s' (line %d) states that the "
                                "file's values are chosen on purpose, and this finding costs "
                                "only performance or resources; check that the reason still "
                                "holds.",
                                intent->chosen_at.text, intent->chosen_at.line));
    }
    free(compose);
    logged_environment_once(out, begin, end);
}
