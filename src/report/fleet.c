/* The fleet report: findings grouped across servers. Grouping is by rule and title (a rule's
 * title names what is wrong; its message carries each server's own values and stays in the
 * server's own report). */
#include "report/fleet.h"

#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "common/xalloc.h"

FleetServer *fleet_add_server(Fleet *fleet, const char *name, const char *version, bool partial)
{
    Arena *a = arena_get(&fleet->arena);
    ARENA_GROW(a, fleet->servers, fleet->n_servers, fleet->cap_servers);
    FleetServer *server = &fleet->servers[fleet->n_servers++];
    *server = (FleetServer){
        .name = arena_strdup(a, name), .version = arena_strdup(a, version), .partial = partial};
    return server;
}

void fleet_server_add(Fleet *fleet, FleetServer *server, const char *rule, const char *title,
                      Severity severity)
{
    Arena *a = arena_get(&fleet->arena);
    ARENA_GROW(a, server->items, server->n_items, server->cap_items);
    server->items[server->n_items++] = (FleetItem){.rule = arena_strdup(a, rule),
                                                   .title = arena_strdup(a, title ? title : rule),
                                                   .severity = severity};
}

void fleet_add(Fleet *fleet, const char *name, const char *version, bool partial,
               const FindingList *findings)
{
    FleetServer *server = fleet_add_server(fleet, name, version, partial);
    for (size_t idx = 0; idx < findings->n; idx++) {
        const Finding *f = &findings->items[idx];
        if (!f->suppressed)
            fleet_server_add(fleet, server, f->rule_id, f->title, f->severity);
    }
}

void fleet_add_error(Fleet *fleet, const char *name, const char *why)
{
    Arena *a = arena_get(&fleet->arena);
    ARENA_GROW(a, fleet->servers, fleet->n_servers, fleet->cap_servers);
    fleet->servers[fleet->n_servers++] =
        (FleetServer){.name = arena_strdup(a, name), .error = arena_strdup(a, why)};
}

Severity fleet_worst(const Fleet *fleet)
{
    Severity worst = SEV_NONE;
    for (size_t idx = 0; idx < fleet->n_servers; idx++)
        for (size_t item = 0; item < fleet->servers[idx].n_items; item++)
            if (fleet->servers[idx].items[item].severity > worst)
                worst = fleet->servers[idx].items[item].severity;
    return worst;
}

/* One finding across the fleet: which servers (indexes) have it. */
typedef struct Group {
    const FleetItem *item;
    size_t *servers;
    size_t n_servers;
} Group;

static int group_cmp(const void *a, const void *b)
{
    const Group *x = a, *y = b;
    if (x->item->severity != y->item->severity)
        return x->item->severity > y->item->severity ? -1 : 1;
    if (x->n_servers != y->n_servers)
        return x->n_servers > y->n_servers ? -1 : 1;
    int by_rule = strcmp(x->item->rule, y->item->rule);
    return by_rule ? by_rule : strcmp(x->item->title, y->item->title);
}

static Group *groups_build(const Fleet *fleet, size_t *n_groups)
{
    size_t cap = 0, n = 0;
    for (size_t idx = 0; idx < fleet->n_servers; idx++)
        cap += fleet->servers[idx].n_items;
    Group *groups = xcalloc(cap + 1, sizeof(Group));
    for (size_t idx = 0; idx < fleet->n_servers; idx++) {
        const FleetServer *server = &fleet->servers[idx];
        for (size_t item_idx = 0; item_idx < server->n_items; item_idx++) {
            const FleetItem *item = &server->items[item_idx];
            Group *group = NULL;
            for (size_t g = 0; g < n && !group; g++)
                if (!strcmp(groups[g].item->rule, item->rule) &&
                    !strcmp(groups[g].item->title, item->title))
                    group = &groups[g];
            if (!group) {
                group = &groups[n++];
                group->item = item;
                group->servers = xcalloc(fleet->n_servers, sizeof(size_t));
            }
            /* a rule may fire twice on one server (two settings): the server counts once */
            if (!group->n_servers || group->servers[group->n_servers - 1] != idx)
                group->servers[group->n_servers++] = idx;
        }
    }
    qsort(groups, n, sizeof(Group), group_cmp);
    *n_groups = n;
    return groups;
}

static void groups_free(Group *groups, size_t n)
{
    for (size_t g = 0; g < n; g++)
        free(groups[g].servers);
    free(groups);
}

static const char *fleet_command(const Fleet *fleet)
{
    return fleet->command ? fleet->command : "audit";
}

static const Severity LEVELS[] = {SEV_ERROR, SEV_WARNING, SEV_NOTICE, SEV_RECOMMENDATION};
#define N_LEVELS (sizeof(LEVELS) / sizeof(LEVELS[0]))

static size_t count_of(const FleetServer *server, Severity sev)
{
    size_t count = 0;
    for (size_t item = 0; item < server->n_items; item++)
        count += server->items[item].severity == sev;
    return count;
}

static void render_md(const Fleet *fleet, const Group *groups, size_t n_groups, StrBuf *out)
{
    sb_printf(out, "# pgknob fleet %s: %zu servers, %zu distinct findings\n\n",
              fleet_command(fleet), fleet->n_servers, n_groups);
    sb_put(out, "## Findings\n\n| severity | rule | finding | servers | which |\n"
                "|---|---|---|---|---|\n");
    for (size_t g = 0; g < n_groups; g++) {
        sb_printf(out, "| %s | %s | ", severity_name(groups[g].item->severity),
                  groups[g].item->rule);
        sb_put_md(out, groups[g].item->title);
        sb_printf(out, " | %zu | ", groups[g].n_servers);
        for (size_t s = 0; s < groups[g].n_servers; s++) {
            sb_put(out, s ? ", " : "");
            sb_put_md(out, fleet->servers[groups[g].servers[s]].name);
        }
        sb_put(out, " |\n");
    }
    sb_put(out, "\n## Servers\n\n| server | version | errors | warnings | notices | "
                "recommendations | note |\n|---|---|---|---|---|---|---|\n");
    for (size_t idx = 0; idx < fleet->n_servers; idx++) {
        const FleetServer *server = &fleet->servers[idx];
        sb_put(out, "| ");
        sb_put_md(out, server->name);
        sb_printf(out, " | %s |", server->version ? server->version : "?");
        for (size_t lvl = 0; lvl < N_LEVELS; lvl++)
            sb_printf(out, " %zu |", count_of(server, LEVELS[lvl]));
        sb_put(out, " ");
        if (server->error) {
            sb_put(out, "not audited: ");
            sb_put_md(out, server->error);
        } else if (server->partial) {
            sb_put(out, "partial");
        }
        sb_put(out, " |\n");
    }
}

static void render_html(const Fleet *fleet, const Group *groups, size_t n_groups, StrBuf *out)
{
    sb_printf(out,
              "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
              "<title>pgknob fleet %s</title>\n<style>body{font-family:sans-serif;margin:2em}"
              "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;"
              "text-align:left}.error{color:#b00}.warning{color:#a60}</style>\n</head>\n<body>\n"
              "<h1>pgknob fleet %s: %zu servers, %zu distinct findings</h1>\n"
              "<h2>Findings</h2>\n<table>\n<tr><th>severity</th><th>rule</th><th>finding</th>"
              "<th>servers</th><th>which</th></tr>\n",
              fleet_command(fleet), fleet_command(fleet), fleet->n_servers, n_groups);
    for (size_t g = 0; g < n_groups; g++) {
        const char *sev = severity_name(groups[g].item->severity);
        sb_printf(out, "<tr class=\"%s\"><td>%s</td><td>%s</td><td>", sev, sev,
                  groups[g].item->rule);
        sb_put_xml(out, groups[g].item->title);
        sb_printf(out, "</td><td>%zu</td><td>", groups[g].n_servers);
        for (size_t s = 0; s < groups[g].n_servers; s++) {
            sb_put(out, s ? ", " : "");
            sb_put_xml(out, fleet->servers[groups[g].servers[s]].name);
        }
        sb_put(out, "</td></tr>\n");
    }
    sb_put(out, "</table>\n<h2>Servers</h2>\n<table>\n<tr><th>server</th><th>version</th>"
                "<th>errors</th><th>warnings</th><th>notices</th><th>recommendations</th>"
                "<th>note</th></tr>\n");
    for (size_t idx = 0; idx < fleet->n_servers; idx++) {
        const FleetServer *server = &fleet->servers[idx];
        sb_put(out, "<tr><td>");
        sb_put_xml(out, server->name);
        sb_put(out, "</td><td>");
        sb_put_xml(out, server->version ? server->version : "?");
        sb_put(out, "</td>");
        for (size_t lvl = 0; lvl < N_LEVELS; lvl++)
            sb_printf(out, "<td>%zu</td>", count_of(server, LEVELS[lvl]));
        sb_put(out, "<td>");
        if (server->error) {
            sb_put(out, "not audited: ");
            sb_put_xml(out, server->error);
        } else if (server->partial) {
            sb_put(out, "partial");
        }
        sb_put(out, "</td></tr>\n");
    }
    sb_put(out, "</table>\n</body>\n</html>\n");
}

static void render_json(const Fleet *fleet, const Group *groups, size_t n_groups, StrBuf *out)
{
    json_t *doc = json_object(), *findings = json_array(), *servers = json_array();
    pk_json_set(doc, "command", pk_json_str(fleet_command(fleet)));
    pk_json_set(doc, "fleet", json_true());
    for (size_t g = 0; g < n_groups; g++) {
        json_t *entry = json_object(), *names = json_array();
        pk_json_set(entry, "rule", pk_json_str(groups[g].item->rule));
        pk_json_set(entry, "title", pk_json_str(groups[g].item->title));
        pk_json_set(entry, "severity", pk_json_str(severity_name(groups[g].item->severity)));
        pk_json_set(entry, "count", json_integer((json_int_t)groups[g].n_servers));
        for (size_t s = 0; s < groups[g].n_servers; s++)
            json_array_append_new(names, pk_json_str(fleet->servers[groups[g].servers[s]].name));
        pk_json_set(entry, "servers", names);
        json_array_append_new(findings, entry);
    }
    for (size_t idx = 0; idx < fleet->n_servers; idx++) {
        const FleetServer *server = &fleet->servers[idx];
        json_t *entry = json_object(), *counts = json_object(), *rules = json_array();
        pk_json_set(entry, "name", pk_json_str(server->name));
        pk_json_set(entry, "version", pk_json_str(server->version));
        if (server->error)
            pk_json_set(entry, "error", pk_json_str(server->error));
        pk_json_set(entry, "partial", pk_json_bool(server->partial));
        for (size_t lvl = 0; lvl < N_LEVELS; lvl++)
            pk_json_set(counts, severity_name(LEVELS[lvl]),
                        json_integer((json_int_t)count_of(server, LEVELS[lvl])));
        pk_json_set(entry, "counts", counts);
        for (size_t item = 0; item < server->n_items; item++)
            json_array_append_new(rules, pk_json_str(server->items[item].rule));
        pk_json_set(entry, "rules", rules);
        json_array_append_new(servers, entry);
    }
    pk_json_set(doc, "findings", findings);
    pk_json_set(doc, "servers", servers);
    pk_json_dump(out, doc, PK_JSON_PRETTY);
}

bool fleet_render(const Fleet *fleet, const char *format, StrBuf *out)
{
    bool md = !strcmp(format, "md") || !strcmp(format, "text");
    if (!md && strcmp(format, "html") && strcmp(format, "json"))
        return false;
    size_t n_groups;
    Group *groups = groups_build(fleet, &n_groups);
    if (md)
        render_md(fleet, groups, n_groups, out);
    else if (!strcmp(format, "html"))
        render_html(fleet, groups, n_groups, out);
    else
        render_json(fleet, groups, n_groups, out);
    groups_free(groups, n_groups);
    return true;
}
