/* Shared by the input readers (manifest.c, rds.c): building one InputDoc. */
#ifndef PK_INPUT_INTERN_H
#define PK_INPUT_INTERN_H

#include "input/input.h"

typedef struct DocBuilder {
    InputDoc *doc;
    const char *file; /* the name entries carry */
    const char *buf;  /* the whole input, for each entry's line text */
    size_t len;
    size_t cap_entries, cap_notes, cap_hba, cap_ident;
    int last_line;           /* line_text's place: entries come mostly in order, so each */
    size_t last_line_offset; /* is found from the one before, not from the start */
} DocBuilder;

void builder_init(DocBuilder *b, InputDoc *doc, InputFormat format, const char *file,
                  const char *buf, size_t len);
/* An assignment as conf/ would have read it from a file; `quoted` as a single-quoted value. */
void builder_add_entry(DocBuilder *b, const char *name, const char *value, int line, int column,
                       bool quoted);
InputNote *builder_add_note(DocBuilder *b, InputNoteKind kind, const char *name, const char *value,
                            int line, int column, const char *link, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));
/* An image whose entrypoint is the official postgres image's, which runs postgres with arguments
 * that start with a dash: postgres and the images built on it (postgis, timescaledb, pgvector). */
bool input_postgres_image(const char *image);
void builder_add_hba(DocBuilder *b, const char *text, int line, int column);
void builder_add_ident(DocBuilder *b, const char *text, int line, int column);
/* The major a version or family names, as written at `key` (static), `line`:`column`:
 * "postgres16", "aurora-postgresql15", "POSTGRES_9_6", "16". 9.x and older give the label with
 * pg_major 0 (lint/ refuses them, exit 2); no number gives neither (lint/ names what it assumed).
 */
void input_doc_version(InputDoc *doc, const char *key, const char *text, int line, int column);
/* Marks which entries apply, as conf/ does; call once all entries are in. */
void builder_finish(DocBuilder *b);

bool manifest_load_yaml(const char *file, const char *data, size_t len, const InputOpts *opts,
                        InputResult *out, PkDiag *diag);
bool rds_load_json(const char *file, const char *data, size_t len, const InputOpts *opts,
                   InputResult *out, PkDiag *diag);

/* An RDS parameter formula ({DBInstanceClassMemory/…}, GREATEST(…)), and its value for the
 * instance class in `opts` (NULL, with *missing naming an unknown variable, when it has none). */
bool rds_is_formula(const char *value);
char *rds_formula_evaluate(const char *text, const InputOpts *opts, const char **missing);
/* The same, or NULL after a PK0075 note at `line`:`column` naming what is missing. */
char *rds_formula_value(DocBuilder *b, const char *name, const char *value, const InputOpts *opts,
                        int line, int column);
#define RDS_FORMULA_DOC                                                                            \
    "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/"                                      \
    "USER_ParamValuesRef.html"

bool terraform_load_hcl(const char *file, const char *data, size_t len, const InputOpts *opts,
                        bool from_stdin, InputResult *out, PkDiag *diag);
/* A .tfvars or .tfvars.json file: the values of its directory's module (terraform.c). */
bool terraform_load_tfvars(const char *file, const char *data, size_t len, const InputOpts *opts,
                           InputResult *out, PkDiag *diag);
bool terraform_load_json(const char *file, const char *data, size_t len, const InputOpts *opts,
                         InputResult *out, PkDiag *diag);
/* Recognition by content (input_recognise.c), apart from input.c's. */
bool input_looks_like_hcl(const char *data, size_t len);
bool input_json_is_terraform(const char *data, size_t len);

InputDoc *input_result_add(InputResult *res);
/* Frees the document added last (a reader that found nothing in it). */
void input_result_drop_last(InputResult *res);

/* postgres argument lists (args.c): the compose services and Kubernetes containers of one YAML
 * document (the number of documents added), and a plain command line. */
struct yaml_document_s;
size_t args_load_yaml_doc(const char *file, const char *data, size_t len,
                          struct yaml_document_s *doc, InputResult *out);
bool args_load_text(const char *file, const char *data, size_t len, InputResult *out, PkDiag *diag);
/* The settings a compose service's postmaster takes from its entrypoint and command, read as the
 * postmaster reads them (shell words, an `sh -c` script, -c, --name=value and its switches),
 * with the values compose fills in from `file`'s .env: "name=value" lines in order, NULL when it
 * runs no postgres with options; *line is the compose line of the first. The caller frees it. */
struct yaml_node_s;
char *args_service_settings(const char *file, const char *data, size_t len,
                            struct yaml_document_s *doc, struct yaml_node_s *service, int *line);
bool input_looks_like_args(const char *data, size_t len);
/* postgresql.conf and pg_hba.conf text in a ConfigMap or chart values (embedded.c). */
size_t embedded_load_yaml_doc(const char *file, const char *data, size_t len,
                              struct yaml_document_s *doc, InputResult *out);

/* CloudFormation's AWS::RDS::DB[Cluster]ParameterGroup resources (cloudformation.c): those of
 * one YAML document (the number added), and a JSON template. */
size_t cfn_load_yaml_doc(const char *file, const char *data, size_t len,
                         struct yaml_document_s *doc, const InputOpts *opts, InputResult *out);
bool cfn_load_json(const char *file, const char *data, size_t len, const InputOpts *opts,
                   InputResult *out, PkDiag *diag);
bool input_json_is_cloudformation(const char *data, size_t len);

/* A Kubernetes `resources` mapping as the document's pod limits (resources.c). */
struct yaml_node_s;
/* A Kubernetes quantity (4Gi, 512M, 250m, 4e9) as a number; -1 when it is not one. */
double input_k8s_quantity(const char *text);
/* Removes document `idx`, freeing it; those after it move down. */
void input_result_drop(InputResult *res, size_t idx);

/* The major a PostgreSQL image's tag names ("postgres:13", "…/postgresql:16.2-bookworm"), as
 * the document's version under `key` at line:column (InputDoc.pg_major and its label). */
void input_doc_image_version(InputDoc *doc, const char *image, const char *key, int line,
                             int column);

void input_read_resources(InputDoc *doc, const char *file, struct yaml_document_s *ydoc,
                          struct yaml_node_s *resources);
/* The value of `key` in the mapping `map` (the last when a key repeats), else through its merge
 * key `<<`; or NULL. */
struct yaml_node_s *input_yaml_member(struct yaml_document_s *doc, struct yaml_node_s *map,
                                      const char *key);

#endif
