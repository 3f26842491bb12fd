/* The fleet view of `pgknob audit --from DIR|FILE...`: many servers' findings in one report. Per
 * finding (rule and title), the servers that have it; per server, its counts by severity;
 * findings sorted by severity, then by how many servers have them. Markdown (also for text),
 * HTML and JSON. */
#ifndef PK_REPORT_FLEET_H
#define PK_REPORT_FLEET_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "common/strbuf.h"
#include "model/finding.h"

typedef struct FleetItem {
    char *rule, *title;
    Severity severity;
} FleetItem;

typedef struct FleetServer {
    char *name;    /* the snapshot's file name without .json */
    char *version; /* "17.4"; NULL when the snapshot could not be read */
    char *error;   /* why the snapshot could not be audited; NULL when it was */
    bool partial;  /* some evidence was unavailable */
    FleetItem *items;
    size_t n_items, cap_items;
} FleetServer;

/* Zeroed by its owner; everything it points to lives in its arena: arena_free(fleet.arena). */
typedef struct Fleet {
    Arena *arena;
    const char *command; /* the command whose reports these are: "audit" when NULL, "lint" */
    FleetServer *servers;
    size_t n_servers, cap_servers;
} Fleet;

/* Adds a server with its findings (suppressed ones left out). */
void fleet_add(Fleet *fleet, const char *name, const char *version, bool partial,
               const FindingList *findings);
/* Adds a server with no finding yet (fleet_server_add adds them); the pointer is valid until
 * the next server is added. */
FleetServer *fleet_add_server(Fleet *fleet, const char *name, const char *version, bool partial);
void fleet_server_add(Fleet *fleet, FleetServer *server, const char *rule, const char *title,
                      Severity severity);
/* Adds a server whose snapshot could not be audited. */
void fleet_add_error(Fleet *fleet, const char *name, const char *why);
/* The report in `format` ("md", "text", "html" or "json"); false for another format. */
bool fleet_render(const Fleet *fleet, const char *format, StrBuf *out);
/* The highest severity of any finding of any server. */
Severity fleet_worst(const Fleet *fleet);

#endif
