/* The memory and CPUs a compose service may use, read as host facts for the postgresql.conf
 * it mounts: a container's limit is its server's RAM, as a pod's is (resources.c). */
#ifndef PK_INPUT_COMPOSE_LIMITS_H
#define PK_INPUT_COMPOSE_LIMITS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ComposeLimits {
    double ram;   /* bytes, or -1 */
    int cores;    /* CPUs rounded up, or -1 */
    char *source; /* "the compose service db's mem_limit 100MB at FILE:LINE:COL, …" */
    /* the file bind-mounted into a PostgreSQL image's service where the server never reads it
     * (no config_file named, not PGDATA's postgresql.conf, not initdb's sample): "the compose
     * service db of FILE mounts it at /etc/postgresql/postgresql.conf (line 43)"; for a
     * pg_hba.conf, mounted outside the data directory with no hba_file naming it (the command's,
     * or the mounted config_file's); NULL otherwise. The caller frees it. */
    char *unread;
    char *unread_target; /* where that service's container has the unread file */
    /* the database the mounting service's image creates (its POSTGRES_DB) and that line; NULL
     * and 0 when it sets none */
    char *database;
    int database_line;
    /* the compose file the mounting service is in (its path), and the line of a tmpfs the
     * service keeps its data directory on, 0 when none: a cluster recreated for each run */
    char *compose;
    int tmpfs_line;
    /* the settings the service's command or entrypoint gives with -c (or --name=value), which
     * override the file's: "name=value" lines, names lower-cased, config_file left out; NULL
     * when none. And where that command is: "the compose service db's command at FILE:LINE".
     * The caller frees both. */
    char *overrides;
    char *command_at;
    int command_line;   /* that command's line in `compose`; 0 when none */
    char *service;      /* the mounting service's name */
    bool config_file;   /* its command or entrypoint names config_file */
    bool other_program; /* its command or entrypoint runs a program other than the image's */
    /* a pg_hba.conf the service bind-mounts (a source named *hba*.conf): where it is in the
     * container, and "the compose service db of FILE mounts ./pg_hba.conf at … (line N)";
     * NULL when none */
    char *hba_target, *hba_mount;
    /* the mounting service's image as written ("postgres:14"), and its line; NULL and 0 when
     * the service names none (it builds one) */
    char *image;
    int image_line;
    /* What the services that mount the file publish, for how far the server's ports reach:
     * `ports` items as container port ranges, each on the host's every address or only on its
     * loopback; network_mode: host publishes every port; a port pgknob cannot read (a
     * ${VAR}) counts as every port. `ports_of` names the mounting services ("the compose
     * service db of FILE", "the compose services a and b of FILE"), `n_ports_of` counts them. */
    struct ComposePort {
        int lo, hi;
        bool loopback;
        int line;
    } ports[16];
    size_t n_ports;
    bool every_port;
    int every_port_line;
    /* the line of the mounting service's `network_mode: host` (it listens on the host's own
     * interfaces, its loopback the host's), 0 when it has none */
    int host_network_line;
    char *ports_of;
    int n_ports_of;
    /* the port the mounting service's server listens on when its environment sets PGPORT (the
     * server reads it), 0 otherwise */
    int env_port;
    /* the first mounting service that sets POSTGRES_HOST_AUTH_METHOD: trust (the official
     * image's entrypoint then lets every address in with no password): its name, that line (0
     * when none), the container ports it itself publishes beyond the host's loopback, and the
     * line that publishes every port (network_mode: host, a port pgknob cannot read), else 0 */
    struct ComposeTrust {
        char *name;
        int line;
        struct ComposePort ports[8];
        size_t n_ports;
        int every_line;
    } trust;
    /* the server's service's bind mounts of the checkout's files: where the container sees
     * each (`target`) and its real path here (`source`), for the includes it reads */
    struct ComposeBind {
        char *target, *source;
    } * binds;
    size_t n_binds;
    /* the bind mount of the file itself inside the service's data directory, which
     * initdb then refuses on a new volume: "the compose service db of FILE mounts it at
     * /var/lib/postgresql/data/pg_hba.conf (line 15), inside the data directory …"; NULL when
     * none */
    char *in_data_dir;
    /* a volume at /var/lib/postgresql/data under an official image of 18 or later that keeps
     * the image's data directory, which its entrypoint refuses: "the compose service db of FILE
     * keeps a volume at /var/lib/postgresql/data (line 12) and runs postgres:18 (line 3)", its
     * line, and whether the image's tag names no major (its latest); NULL when none */
    char *old_volume;
    int old_volume_line;
    bool old_volume_unpinned;
    /* the line of the mounting service's volume that holds its data directory, where the compose
     * file declares that named volume external (created outside compose, which neither makes nor
     * removes it: a cluster kept), 0 otherwise */
    int kept_volume_line;
} ComposeLimits;

typedef enum {
    REACH_UNKNOWN,      /* no compose service mounts the file */
    REACH_PUBLISHED,    /* on the host's network addresses */
    REACH_HOST_ONLY,    /* on the host's loopback only */
    REACH_NETWORK_ONLY, /* not published: only containers on the service's networks */
} ComposeReach;

/* How far container port `port` of the services `mount` describes reaches, and why, in `why`
 * ("the compose service db of FILE publishes no port"). `port` 0: a port pgknob does not know
 * for sure, which any published port may be. */
ComposeReach compose_port_reach(const ComposeLimits *mount, int port, char *why, size_t cap);

/* The limits of the compose service that mounts `file` (a bind mount of it, or of a directory
 * holding it while the service's command names config_file), in the compose file of its
 * directory or of one up to 3 above it (stopping at a repository's root, the directory holding
 * .git; in each, the first of compose.yaml, compose.yml, docker-compose.yaml and
 * docker-compose.yml). False when no such service sets a memory or CPU limit. The caller frees
 * out->source. */
bool input_compose_limits(const char *file, ComposeLimits *out);

/* The compose service that mounts `file`, read as input_compose_limits reads it, for whether
 * the server reads the file (out->unread); true when one mounts it. */
bool input_compose_mount(const char *file, ComposeLimits *out);
/* The compose file of a development container that mounts `file` (".devcontainer/
 * docker-compose.yml": a `.devcontainer/` directory in the file's directory or one above it,
 * up to the repository's root, where the Development Containers specification keeps its
 * configuration), or NULL. Caller frees. */
char *input_devcontainer_mount(const char *file);

/* One walk of the compose file's running services (none under a profile), for what the caller
 * asks (NULL: not asked): *tool, the first that runs a tool only development runs (a mail
 * catcher, a cloud emulator, an API mock: "service mailhog runs mailhog/mailhog (line 12)");
 * *shipper, the first that ships log files (Filebeat, Fluent Bit, Promtail, Vector, …) and
 * mounts the source a PostgreSQL service mounts at its data or log directory ("service filebeat
 * of docker-compose.yml runs … (line 113) and mounts ./postgresql, where service postgresql
 * keeps its data or log"). Each malloc'd, or NULL. */
void input_compose_stack_tools(const char *compose, char **tool, char **shipper);

/* False when the services of the compose file `compose` that bind-mount `file` (or a directory
 * holding it) run no PostgreSQL: none of the official image's lineage, none built from a
 * Dockerfile (an application's container given its config directory); true otherwise, also
 * when none mounts it or the file cannot be read. */
bool input_compose_ships_to_postgres(const char *compose, const char *file);

/* One compose file's text (`compose` names it, `compose_dir` is its directory): the limits of
 * the service that mounts `target` (a real path); true when a service mounts it. */
bool compose_text_limits(const char *data, size_t len, const char *compose, const char *compose_dir,
                         const char *target, ComposeLimits *out);

/* Is `image` ("postgres:16", "quay.io/debezium/postgres:13") the official PostgreSQL image or
 * one built on it with its entrypoint and CMD, whose server reads $PGDATA/postgresql.conf unless
 * told otherwise? */
bool input_official_postgres_image(const char *image);

/* Is it timescale/timescaledb's image (not -ha), whose sample preloads timescaledb? */
bool input_timescaledb_image(const char *image);

/* The PostgreSQL major an image's tag names (postgres:16.2-alpine, timescaledb:2.17.2-pg17,
 * timescaledb-ha:pg17), 0 when it names none or another program's version (citus:13.0). */
int input_image_tag_major(const char *image);

/* What initdb's file holds under an image whose sample preloads its own libraries (Citus's,
 * TimescaleDB's HA image), as operator defaults with the image's name in *name; NULL for
 * another image. */
const char *const *input_image_preload_defaults(const char *image, const char **name);

/* The line by which the trust service publishes container port `port` (0: any) beyond the
 * host's loopback: a `ports` item of its own, or what publishes every port; 0 when none. */
int input_compose_trust_published(const ComposeLimits *limits, int port);

/* Is `dir`, or a directory up to 3 above it, the top of a git checkout (a .git there)? What a
 * checkout lacks, its repository does not ship; files copied out of one may be a part. */
bool input_in_checkout(const char *dir);
/* The same, with a .git up to `levels` directories above (a deep module's template). */
bool input_in_checkout_within(const char *dir, int levels);

/* The compose service's POSTGRES_DB (NULL when unset; the caller frees it) and its line, and the
 * line of a tmpfs holding its data directory (0 when none): what shows its purpose. */
struct yaml_document_s;
struct yaml_node_s;
void input_compose_service_purpose(struct yaml_document_s *doc, struct yaml_node_s *service,
                                   char **database, int *database_line, int *tmpfs_line);

/* The compose service's own memory and CPU limits (deploy.resources.limits, mem_limit, cpus),
 * as compose fills them, into `out`'s ram, cores and source; the caller clears `out`. */
void input_compose_service_limits(struct yaml_document_s *doc, struct yaml_node_s *service,
                                  const char *compose, const char *name, ComposeLimits *out);

/* The compose service's volume where its image of 18 or later keeps no data (into
 * out->old_volume); `compose` is the compose file's path. */
void input_compose_service_data_volume(struct yaml_document_s *doc, struct yaml_node_s *service,
                                       const char *compose, const char *name, ComposeLimits *out);

/* What the compose service `name` of `compose` (its name in messages) itself publishes, and
 * the trust its environment sets (POSTGRES_HOST_AUTH_METHOD: trust), into `out`'s ports and
 * trust, as for a service that mounts a file; the caller clears `out`. */
void input_compose_service_reach(struct yaml_document_s *doc, struct yaml_node_s *service,
                                 const char *compose, const char *name, ComposeLimits *out);

/* Frees what a ComposeLimits holds (its strings), leaving it empty. */
void compose_limits_clear(ComposeLimits *limits);

/* Docker's byte values (go-units RAMInBytes, as compose reads mem_limit): 512, 100m, 1.5G,
 * 1gb, 2GiB, binary multiples; -1 when `text` is not one. */
double compose_bytes(const char *text);

#endif
