/* The two readers' resolvers, transcribed: PyYAML's resolver.py implicit patterns (bool, int,
 * float, null of YAML 1.1) and go-yaml v2's resolve.go (its table, then strconv.ParseInt with base
 * 0, ParseUint, ParseFloat when the text has a float's shape, 0b binary). Timestamps and merge
 * keys stay strings: no PostgreSQL parameter takes them. */
#include "input/yaml_scalar.h"

#include <errno.h>
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fp.h"
#include "common/xalloc.h"

static bool matches(const char *pattern, const char *text)
{
    regex_t re;
    if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) != 0)
        return false;
    bool hit = regexec(&re, text, 0, NULL, 0) == 0;
    regfree(&re);
    return hit;
}

static bool one_of(const char *text, const char *const *words)
{
    for (; *words; words++)
        if (!strcmp(text, *words))
            return true;
    return false;
}

static char *without_underscores(const char *text)
{
    char *out = xstrdup(text), *dst = out;
    for (const char *src = text; *src; src++)
        if (*src != '_')
            *dst++ = *src;
    *dst = '\0';
    return out;
}

/* "1:30:00" style base-60 (YAML 1.1's sexagesimal), digits only after the sign. */
static double sexagesimal(const char *text)
{
    double value = 0;
    const char *p = text + (*text == '-' || *text == '+');
    while (*p) {
        char *end;
        double part = strtod(p, &end);
        value = value * 60 + part;
        p = *end == ':' ? end + 1 : end + strlen(end);
    }
    return *text == '-' ? -value : value;
}

static const char *const true_words_py[] = {"yes",  "Yes", "YES", "true", "True",
                                            "TRUE", "on",  "On",  "ON",   NULL};
static const char *const false_words_py[] = {"no",    "No",  "NO",  "false", "False",
                                             "FALSE", "off", "Off", "OFF",   NULL};
static const char *const null_words[] = {"~", "null", "Null", "NULL", "", NULL};

/* A boolean word of the resolver's lists or a null word: true with *v set. */
static bool resolve_word(const char *text, const char *const *true_words,
                         const char *const *false_words, YamlValue *v)
{
    if (one_of(text, true_words) || one_of(text, false_words)) {
        v->type = YAML_BOOL;
        v->boolean = one_of(text, true_words);
        return true;
    }
    if (one_of(text, null_words)) {
        v->type = YAML_NULL;
        return true;
    }
    return false;
}

static YamlValue resolve_py(const char *text)
{
    YamlValue v = {.type = YAML_STR};
    if (resolve_word(text, true_words_py, false_words_py, &v))
        return v;
    if (matches("^([-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|"
                "[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+)$",
                text)) {
        char *plain = without_underscores(text);
        const char *digits = plain + (*plain == '-' || *plain == '+');
        int base = 10;
        if (!strncmp(digits, "0b", 2))
            base = 2, digits += 2;
        else if (!strncmp(digits, "0x", 2))
            base = 16, digits += 2;
        else if (digits[0] == '0' && digits[1])
            base = 8;
        v.type = YAML_INT;
        if (strchr(plain, ':'))
            v.integer = (long long)sexagesimal(plain);
        else
            v.integer = strtoll(digits, NULL, base) * (*plain == '-' ? -1 : 1);
        free(plain);
        return v;
    }
    if (matches("^([-+]?[0-9][0-9_]*\\.[0-9_]*([eE][-+][0-9]+)?|\\.[0-9][0-9_]*([eE][-+][0-9]+)?|"
                "[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(inf|Inf|INF)|"
                "\\.(nan|NaN|NAN))$",
                text)) {
        char *plain = without_underscores(text);
        v.type = YAML_FLOAT;
        if (strstr(plain, "inf") || strstr(plain, "Inf") || strstr(plain, "INF"))
            v.real = *plain == '-' ? -INFINITY : INFINITY;
        else if (strstr(plain, "nan") || strstr(plain, "NaN") || strstr(plain, "NAN"))
            v.real = NAN;
        else if (strchr(plain, ':'))
            v.real = sexagesimal(plain);
        else
            v.real = strtod(plain, NULL);
        free(plain);
    }
    return v;
}

static const char *const true_words_go[] = {"y",    "Y",    "yes", "Yes", "YES", "true",
                                            "True", "TRUE", "on",  "On",  "ON",  NULL};
static const char *const false_words_go[] = {"n",     "N",     "no",  "No",  "NO",  "false",
                                             "False", "FALSE", "off", "Off", "OFF", NULL};

/* strconv.ParseInt(s, 0, 64): sign, then 0x / 0o / 0b / a leading 0 (octal) or decimal. */
static bool go_parse_int(const char *plain, long long *out)
{
    const char *digits = plain + (*plain == '-' || *plain == '+');
    int base = 10;
    if (!strncmp(digits, "0x", 2) || !strncmp(digits, "0X", 2))
        base = 16, digits += 2;
    else if (!strncmp(digits, "0o", 2) || !strncmp(digits, "0O", 2))
        base = 8, digits += 2;
    else if (!strncmp(digits, "0b", 2) || !strncmp(digits, "0B", 2))
        base = 2, digits += 2;
    else if (digits[0] == '0' && digits[1])
        base = 8, digits += 1;
    if (!*digits)
        return false;
    char *end;
    errno = 0;
    long long value = strtoll(digits, &end, base);
    if (*end || errno || *digits == '-' || *digits == '+')
        return false;
    *out = *plain == '-' ? -value : value;
    return true;
}

static YamlValue resolve_go(const char *text)
{
    YamlValue v = {.type = YAML_STR};
    if (resolve_word(text, true_words_go, false_words_go, &v))
        return v;
    if (matches("^[-+]?\\.(inf|Inf|INF)$", text)) {
        v.type = YAML_FLOAT;
        v.real = *text == '-' ? -INFINITY : INFINITY;
        return v;
    }
    if (matches("^\\.(nan|NaN|NAN)$", text)) {
        v.type = YAML_FLOAT;
        v.real = NAN;
        return v;
    }
    if (!strchr("0123456789-+.", text[0]))
        return v;
    char *plain = without_underscores(text);
    if (go_parse_int(plain, &v.integer)) {
        v.type = YAML_INT;
    } else if (matches("^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$", plain)) {
        v.type = YAML_FLOAT;
        v.real = strtod(plain, NULL);
    }
    free(plain);
    return v;
}

YamlValue yaml_resolve_plain(const char *text, YamlReader reader)
{
    if (reader == YAML_READER_PY)
        return resolve_py(text);
    YamlValue v = resolve_go(text);
    static const char *const yaml12_bools[] = {"true",  "True",  "TRUE", "false",
                                               "False", "FALSE", NULL};
    bool core = false;
    for (const char *const *word = yaml12_bools; *word && !core; word++)
        core = !strcmp(text, *word);
    if (reader == YAML_READER_KUSTOMIZE && v.type == YAML_BOOL && !core)
        v = (YamlValue){.type = YAML_STR};
    return v;
}

YamlValue yaml_via_json(YamlValue value)
{
    if (value.type == YAML_FLOAT && fp_is_integral(value.real) && fabs(value.real) < 1e18) {
        value.type = YAML_INT;
        value.integer = (long long)value.real;
    }
    return value;
}

/* The shortest %.Ne that reads back as the same double, split into digits and exponent. */
static void shortest_digits(double x, char *digits, size_t size, int *exponent)
{
    char buf[64];
    for (int prec = 0; prec < 17; prec++) {
        snprintf(buf, sizeof(buf), "%.*e", prec, x);
        if (fp_same(strtod(buf, NULL), x))
            break;
    }
    char *e = strchr(buf, 'e');
    *exponent = atoi(e + 1);
    size_t n = 0;
    for (const char *p = buf; p < e && n + 1 < size; p++)
        if (*p >= '0' && *p <= '9')
            digits[n++] = *p;
    digits[n] = '\0';
}

/* A finite, non-zero x in its shortest digits: d.ddde+XX when the exponent is below -4 or at
 * least `e_from`, else fixed, with `integral` after a whole number (Python's ".0"). */
static char *shortest_repr(double x, int e_from, const char *integral)
{
    char digits[32];
    int exp;
    shortest_digits(fabs(x), digits, sizeof(digits), &exp);
    const char *sign = x < 0 ? "-" : "";
    int nd = (int)strlen(digits);
    if (exp < -4 || exp >= e_from) {
        if (nd == 1)
            return xasprintf("%s%se%c%02d", sign, digits, exp < 0 ? '-' : '+', abs(exp));
        return xasprintf("%s%c.%se%c%02d", sign, digits[0], digits + 1, exp < 0 ? '-' : '+',
                         abs(exp));
    }
    char zeros[24] = "0000000000000000000000";
    if (exp < 0)
        return xasprintf("%s0.%.*s%s", sign, -exp - 1, zeros, digits);
    if (nd <= exp + 1)
        return xasprintf("%s%s%.*s%s", sign, digits, exp + 1 - nd, zeros, integral);
    return xasprintf("%s%.*s.%s", sign, exp + 1, digits, digits + exp + 1);
}

/* Python's float repr: fixed notation from 1e-4 to 1e16. */
static char *python_float(double x)
{
    if (isnan(x))
        return xstrdup("nan");
    if (isinf(x))
        return xstrdup(x < 0 ? "-inf" : "inf");
    if (fp_is_zero(x))
        return xstrdup(signbit(x) ? "-0.0" : "0.0");
    return shortest_repr(x, 16, ".0");
}

char *yaml_python_str(const YamlValue *value)
{
    switch (value->type) {
    case YAML_BOOL: return xstrdup(value->boolean ? "True" : "False");
    case YAML_INT: return xasprintf("%lld", value->integer);
    case YAML_FLOAT: return python_float(value->real);
    case YAML_STR:
    case YAML_NULL: break;
    }
    return NULL;
}

char *yaml_json_str(const YamlValue *value)
{
    switch (value->type) {
    case YAML_BOOL: return xstrdup(value->boolean ? "true" : "false");
    case YAML_INT: return xasprintf("%lld", value->integer);
    case YAML_FLOAT: {
        char digits[32];
        int exp;
        if (!isfinite(value->real))
            return xstrdup("null");
        shortest_digits(value->real, digits, sizeof(digits), &exp);
        return xasprintf("%.*g", (int)strlen(digits), value->real);
    }
    case YAML_STR:
    case YAML_NULL: break;
    }
    return NULL;
}

/* strconv.FormatFloat(x, 'g', -1, 64), which %v uses: the shortest digits, with an exponent below
 * 1e-4 and from 1e+06 (the precision Go takes for the decision when shortest is 6). */
static char *go_float(double x)
{
    if (isnan(x))
        return xstrdup("NaN");
    if (isinf(x))
        return xstrdup(x < 0 ? "-Inf" : "+Inf");
    if (fp_is_zero(x))
        return xstrdup(signbit(x) ? "-0" : "0");
    return shortest_repr(x, 6, "");
}

char *yaml_go_str(const YamlValue *value)
{
    switch (value->type) {
    case YAML_BOOL: return xstrdup(value->boolean ? "true" : "false");
    case YAML_INT: return go_float((double)value->integer);
    case YAML_FLOAT: return go_float(value->real);
    case YAML_NULL: return xstrdup("<no value>");
    case YAML_STR: break;
    }
    return NULL;
}

const char *yaml_type_name(YamlType type)
{
    switch (type) {
    case YAML_STR: return "string";
    case YAML_BOOL: return "boolean";
    case YAML_INT: return "integer";
    case YAML_FLOAT: return "float";
    case YAML_NULL: return "null";
    }
    return "?";
}
