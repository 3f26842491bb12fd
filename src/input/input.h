/* Configuration where it lives: operator manifests (CloudNativePG, Patroni, Zalando, Crunchy),
 * multi-document YAML such as Helm's rendered output, and AWS RDS/Aurora parameter groups
 * (`aws rds describe-db-parameters` JSON). Each recognised document becomes the same ConfSet
 * conf/ produces, with the manifest's line and column on every entry, holding the values as the
 * operator hands them to the server; so validation and rules run unchanged. What the operator or
 * service does itself (refuses a parameter, rejects a non-string, ignores a local value) is kept
 * as notes, turned into findings by lint/. No I/O but reading the input. */
#ifndef PK_INPUT_H
#define PK_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "conf/conf.h"

typedef enum InputFormat {
    INPUT_AUTO = 0,   /* by content */
    INPUT_CONF,       /* postgresql.conf (or a data directory): conf/ reads it */
    INPUT_CNPG,       /* CloudNativePG Cluster */
    INPUT_PATRONI,    /* patroni.yml */
    INPUT_ZALANDO,    /* Zalando postgres-operator `postgresql` */
    INPUT_CRUNCHY,    /* Crunchy PGO PostgresCluster */
    INPUT_RDS,        /* AWS RDS or Aurora parameter group (describe-db[-cluster]-parameters) */
    INPUT_TERRAFORM,  /* Terraform HCL (.tf) or terraform show -json */
    INPUT_ARGS,       /* postgres -c name=value: compose command, container args, a command line */
    INPUT_EMBEDDED,   /* postgresql.conf / pg_hba.conf text in a ConfigMap or chart values */
    INPUT_CNPG_CHART, /* the cloudnative-pg `cluster` Helm chart's values */
    INPUT_PERCONA,    /* Percona PerconaPGCluster (PGO-based: Patroni writes the values) */
    INPUT_CYBERTEC,   /* CYBERTEC's `postgresql` (a fork of Zalando's operator) */
    INPUT_STACKGRES,  /* StackGres SGPostgresConfig */
    INPUT_CLOUDFORMATION, /* AWS::RDS::DBParameterGroup / DBClusterParameterGroup */
} InputFormat;

/* "conf", "cnpg", … (static). */
/* What initdb's postgresql.conf sets beyond the built-in defaults: shared_buffers = 128MB,
 * where 13 and 14 build in 8MB (initdb's probe settles on 128MB wherever the server can start
 * with it; tests/lint/t-listen.sh reads the real servers' values). A server that keeps initdb's
 * file (a Patroni cluster, the official image run without its own config_file) has it. */

extern const char *const input_initdb_defaults[];
/* The same for the timescale/timescaledb image, whose sample preloads timescaledb. */
extern const char *const input_timescaledb_image_defaults[];

const char *input_format_name(InputFormat format);
bool input_format_parse(const char *text, InputFormat *out);
/* "auto, conf, cnpg, …": every name input_format_parse takes */
const char *input_format_names(void);

/* A managed service whose restrictions become findings (--target). */
typedef enum InputTarget {
    TARGET_NONE = 0,
    TARGET_RDS,
    TARGET_AURORA,
    TARGET_AZURE,
    TARGET_CLOUDSQL,
} InputTarget;

const char *input_target_name(InputTarget target);
bool input_target_parse(const char *text, InputTarget *out);
/* "rds, aurora, azure, cloudsql" */
const char *input_target_names(void);
/* The service name closest to a misspelt `text` ("azur" -> "azure"), or NULL. */
const char *input_target_suggest(const char *text);

typedef enum InputNoteKind {
    NOTE_OPERATOR_REFUSES,   /* the operator's admission check rejects the parameter */
    NOTE_OPERATOR_SETS,      /* the operator or tool sets this parameter itself: the value has no
                              * effect */
    NOTE_NOT_A_STRING,       /* Kubernetes rejects the manifest: the value must be a string */
    NOTE_CONVERTED,          /* YAML typing changed the text the server gets */
    NOTE_DROPPED,            /* a null value: the parameter is not passed on */
    NOTE_FORMULA,            /* an RDS formula that could not be evaluated */
    NOTE_STATIC_SYNC,        /* Patroni passes a synchronous_standby_names it does not manage */
    NOTE_PATRONI_TIMING,     /* Patroni's ttl, loop_wait and retry_timeout break its rule */
    NOTE_PATRONI_ADDRESS,    /* a connect_address no other member can reach */
    NOTE_PATRONI_RESTAPI,    /* a REST API others reach whose unsafe endpoints ask nothing */
    NOTE_GUESSABLE_PASSWORD, /* a credential whose password is its user name or a known default */
    NOTE_NO_BACKUP,          /* an operator's cluster with neither backups nor a WAL archive */
    NOTE_ROLE_NO_LOGIN,      /* a managed role given a password but not the login attribute */
} InputNoteKind;

typedef struct InputNote {
    InputNoteKind kind;
    char *name;    /* the parameter */
    char *value;   /* as written (NOTE_CONVERTED: what the server gets) */
    char *written; /* NOTE_CONVERTED: the text in the file; NULL otherwise */
    int line;      /* 1-based, in the input */
    int column;    /* 1-based */
    char *message; /* full sentence of what happens */
    char *hint;    /* what to do; may be NULL */
    char *link;    /* the documentation that says so; may be NULL */
    bool harmless; /* what the operator sets instead is the value written: nothing is lost */
    /* a note on two lists (Patroni's pg_hba lists: one unused beside the one used): the other
     * list's line, 0 otherwise; in a template, a list inside a conditional block may not
     * render, and the note is dropped (mark_template_alternatives) */
    int other_line;
} InputNote;

/* One pg_hba line carried by a manifest (CNPG spec.postgresql.pg_hba, Patroni postgresql.pg_hba).
 */
typedef struct InputHbaLine {
    char *text;
    int line;
    int column;
} InputHbaLine;

/* Where an entry's value is written, when not on the entry's own line (a Terraform parameter
 * block's `value`, a .tfvars element): findings about the value go there. */
typedef struct InputValueAt {
    size_t entry; /* index in the document's set */
    char *file;
    int line, column;
} InputValueAt;

typedef struct InputDoc {
    InputFormat format;
    char *label; /* "Cluster cluster-example", "patroni.yml" or the parameter group's name */
    ConfSet set; /* file = the input's path (or "<stdin>"), line/column in it */
    InputNote *notes;
    size_t n_notes;
    InputHbaLine *hba;
    size_t n_hba;
    /* the lines the operator writes before the manifest's (CloudNativePG's fixed rules),
     * NULL-terminated, and their name in messages; NULL when none are modelled. Static. */
    const char *const *hba_operator_lines;
    const char *hba_operator_name;
    /* pg_ident lines (CloudNativePG spec.postgresql.pg_ident), and the operator's own map lines
     * written before them (NULL-terminated, static; NULL when none are modelled) */
    InputHbaLine *ident;
    size_t n_ident;
    const char *const *ident_operator_lines;
    /* what the operator writes for parameters the manifest leaves out, over PostgreSQL's own
     * defaults: name, value pairs, NULL-terminated (static); NULL when none are modelled.
     * `operator_name` names it in messages ("CloudNativePG"). */
    const char *const *operator_defaults;
    const char *operator_name;
    /* the server also reads initdb's file (Patroni keeps it as postgresql.base.conf), so
     * input_initdb_defaults hold under the operator's for what neither sets */
    bool initdb_file_kept;
    /* the libraries the operator adds to shared_preload_libraries itself, comma-separated (its
     * image ships them, so they are not "to install"); NULL when none */
    char *image_libraries;
    /* Patroni keeps a slot per member and drops a member's slot once it leaves the cluster
     * (after member_slots_ttl from 4.0): replication slots are bounded unless the file keeps
     * permanent slots (dcs slots) or turns use_slots off */
    bool member_slots_managed;
    /* the major the manifest names (CNPG imageName, Zalando version, Crunchy postgresVersion,
     * Patroni bin_dir): pg_major (0 for 9.x and older, or when none can be read), its label
     * ("11", "9.6"), and the value as written with its key and place; version_text NULL when
     * the manifest has no such key */
    int pg_major;
    char version_label[16];
    char *version_text;
    const char *version_key; /* static: "spec.imageName" */
    int version_line, version_column;
    /* a group a for_each makes for several families (postgres13, postgres14): every instance's
     * major, oldest first; the document is checked as the oldest (pg_version) */
    int instance_majors[8];
    size_t n_instance_majors;
    InputValueAt *value_at;
    size_t n_value_at;
    /* the pod's own limits (Kubernetes resources: limits, else requests): host facts for this
     * document unless --host gives them; <= 0 when not stated, pod_source NULL when neither */
    double pod_ram;
    int pod_cores;
    char *pod_source;        /* "the pod's resources.limits.memory 4Gi at FILE:LINE:COL, …" */
    double pod_hugepages[2]; /* limits.hugepages-2Mi and -1Gi in bytes; 0 when not stated */
    /* the volumes the operator gives the data directory and pg_wal (its own when stated): host
     * facts disk and wal_disk; <= 0 when not stated, volume_source NULL when neither */
    double volume_disk, volume_wal_disk;
    char *volume_source; /* "spec.storage.size 2Gi at FILE:LINE:COL, …" */
    /* a ConfigMap's configuration: the ConfigMap's name; a container's arguments whose
     * config_file is a key of a ConfigMap volume it mounts: that ConfigMap's name (the stream
     * then reads them as one configuration, manifest.c). NULL otherwise. */
    char *configmap_name;
    char *config_file_configmap;
    /* what turns ssl on where the document does not say (a Patroni cluster bootstrapped by
     * Debian's pg_createcluster keeps its postgresql.conf, ssl = on, as postgresql.base.conf):
     * "bootstrap.method pg_createcluster (line 25)"; NULL when nothing does */
    char *ssl_by_bootstrap;
    /* the managed service the document configures (an RDS or Aurora parameter group, a Cloud
     * SQL instance's flags, an Azure server's configurations): its defaults and restrictions
     * apply as --target's do (targets/SERVICE.ini); TARGET_NONE for a server of one's own */
    InputTarget service;
    /* the instance class of the database instance that uses this parameter group, as the same
     * Terraform file names it ("db.m6g.2xlarge"), and where; NULL when none: the RAM and cores
     * lint takes as host facts where --host does not give them */
    char *instance_class;
    char *instance_source; /* "aws_db_instance.x's instance_class db.m6g.2xlarge at FILE:L:C" */
    /* a parameter group no database instance of its file uses, while one uses another: "aws_db_
     * instance.db (line 243) uses aws_db_parameter_group.pg17"; NULL otherwise */
    char *unused_group;
    /* a compose service that runs the server with these options and sets
     * POSTGRES_HOST_AUTH_METHOD: trust in its environment: its name and that line, and the line
     * by which it publishes the server's port beyond the host's loopback (0: none); NULL and 0
     * otherwise (lint's PK0103) */
    char *trust_service;
    int trust_line, trust_published_line;
    /* that service's volume where its image of 18 or later keeps no data
     * (ComposeLimits.old_volume, .old_volume_line, .old_volume_unpinned; lint's PK0104) */
    char *old_volume;
    int old_volume_line;
    bool old_volume_unpinned;
} InputDoc;

/* Records where entry `entry`'s value is written (nothing when it is the entry's own place). */
void input_doc_value_at(InputDoc *doc, size_t entry, const char *file, int line, int column);

typedef struct InputOpts {
    InputFormat format;     /* INPUT_AUTO: by content */
    double instance_memory; /* bytes, for RDS formulas (DBInstanceClassMemory); <= 0 unknown */
    int instance_vcpus;     /* DBInstanceVCPU; <= 0 unknown */
    const char *stdin_name; /* the name standard input's text takes (a path, for its includes
                             * and findings: lint --stdin-filename); NULL: "<stdin>" */
} InputOpts;

/* An RDS parameter formula ({DBInstanceClassMemory/32768}, LEAST(…), GREATEST(…)) for an
 * instance of `memory` bytes: its value as text (the caller frees it), or NULL when it is not a
 * formula pgknob evaluates or needs what is not known (memory <= 0). */
char *input_rds_formula(const char *text, double memory);
bool input_rds_is_formula(const char *value);

typedef struct InputResult {
    InputFormat format; /* what the input was taken for */
    InputDoc *docs;
    size_t n_docs;
    size_t cap_docs;
} InputResult;

/* Reads `path` ("-" is standard input) and recognises it. When it is a postgresql.conf (or a data
 * directory) given by path, out->format is INPUT_CONF and no document is filled: conf_load reads
 * it as before; from standard input a configuration is read here, as one INPUT_CONF document.
 * False with *diag when the input is unusable: unreadable, YAML or JSON that does not parse (with
 * line and column), a forced format that does not match, or no PostgreSQL configuration in it. */
bool input_load(const char *path, const InputOpts *opts, InputResult *out, PkDiag *diag);

/* The same on a buffer, `name` standing for the file (fuzzers, unit tests). */
bool input_load_buffer(const char *name, const char *data, size_t len, const InputOpts *opts,
                       InputResult *out, PkDiag *diag);

void input_result_free(InputResult *res);

/* The files of the Terraform module in `dir` (its *.tf and *.tf.json, in name order) that hold a
 * resource pgknob reads, as paths under `dir`; *n of them, NULL when none. Terraform reads a
 * module's files together, so a directory given to lint is its module. Caller frees each and
 * the array. */
char **input_terraform_module(const char *dir, const InputOpts *opts, size_t *n);

#endif
