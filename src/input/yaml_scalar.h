/* YAML 1.1 scalar typing as the readers between a manifest and the server resolve it, and the text
 * each hands on. A plain `on` is a boolean to both Kubernetes' reader (go-yaml) and Patroni's
 * (PyYAML); `1e3` is a float to go-yaml but a string to PyYAML; `0644` is the integer 420 to
 * both. docs/manifests.md has the table; this file is its implementation. Pure. */
#ifndef PK_INPUT_YAML_SCALAR_H
#define PK_INPUT_YAML_SCALAR_H

#include <stdbool.h>

typedef enum YamlReader {
    YAML_READER_GO, /* go-yaml v2 rules, as kubectl, Helm and the API server's clients read */
    YAML_READER_PY, /* PyYAML's SafeLoader (YAML 1.1), as Patroni reads patroni.yml */
    /* kustomize's (kyaml, go-yaml v3), as Flux and kubectl apply -k render a manifest: go-yaml
     * v2's types, except that the YAML 1.1 booleans other than true and false (on, off, yes,
     * no, y, n) are strings, which it writes quoted (kubectl kustomize 5.5.0 prints
     * huge_pages: "off" for a plain off, and keeps 100, 1.1, true and ~ unquoted) */
    YAML_READER_KUSTOMIZE,
} YamlReader;

typedef enum YamlType { YAML_STR, YAML_BOOL, YAML_INT, YAML_FLOAT, YAML_NULL } YamlType;

typedef struct YamlValue {
    YamlType type;
    bool boolean;
    long long integer;
    double real;
} YamlValue;

/* The type `reader` gives the plain (unquoted) scalar `text`. Quoted scalars are strings: the
 * caller does not ask. */
YamlValue yaml_resolve_plain(const char *text, YamlReader reader);

/* Python's str() of the value PyYAML built: "True", "420", "1500.0"; NULL for a string or a null
 * (the text stays as written). Caller frees. */
char *yaml_python_str(const YamlValue *value);

/* The value after a trip through JSON and Kubernetes' unstructured objects: an integral float
 * (1e3) comes back as the integer 1000. */
YamlValue yaml_via_json(YamlValue value);

/* The value as JSON writes it ("true", "420", "0.9"); NULL for a string or a null. Caller
 * frees. */
char *yaml_json_str(const YamlValue *value);

/* What a Helm template prints for the value (`{{ $value }}`): Helm reads values through JSON, so
 * a number is a float64, and Go's %v writes it shortest, with an exponent from 1e+06 up and below
 * 1e-04 ("1500", "0.9", "1e+06"); "true", "false"; "<no value>" for a null. NULL for a string (the
 * text as written). Caller frees. */
char *yaml_go_str(const YamlValue *value);

const char *yaml_type_name(YamlType type); /* "string", "boolean", "integer", "float", "null" */

#endif
