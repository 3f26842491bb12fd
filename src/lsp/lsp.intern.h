/* Shared by the language server's files: the wire (lsp_proto.c), the server and its documents
 * (lsp_server.c) and the features (lsp_features.c). Not for use outside src/lsp/. */
#ifndef PK_LSP_INTERN_H
#define PK_LSP_INTERN_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "common/redact.h"
#include "common/strbuf.h"
#include "lint/lint.h"
#include "lint/lint_rules.h"
#include "lsp/lsp.h"

#define LSP_MAX_MESSAGE (64u * 1024 * 1024)

typedef struct LspReader {
    int fd;
    char buf[65536];
    size_t start, end;
} LspReader;

typedef enum LspReadStatus {
    LSP_READ_OK,
    LSP_READ_EOF,
    LSP_READ_BAD_HEADER,
    LSP_READ_TOO_LARGE,
} LspReadStatus;

LspReadStatus lsp_read_message(LspReader *rd, char **body, size_t *body_len);
void lsp_send(FILE *out, json_t *message);             /* steals message */
void lsp_reply(FILE *out, json_t *id, json_t *result); /* steals result */
void lsp_reply_error(FILE *out, json_t *id, int code, const char *message);
void lsp_notify(FILE *out, const char *method, json_t *params); /* steals params */

char *lsp_uri_to_path(const char *uri); /* NULL unless a local file:// URI */
char *lsp_path_to_uri(const char *path);
size_t lsp_column_to_byte(const char *line, size_t line_len, int column);
int lsp_byte_to_column(const char *line, size_t byte);
json_t *lsp_range(int line, int start_col, int end_col);

/* What a document is, from its file name: lint serves postgresql.conf and its fragments; the
 * pg_hba.conf/pg_ident.conf pair gets references and rename of user name maps. */
typedef enum LspDocKind { LSP_DOC_CONF, LSP_DOC_HBA, LSP_DOC_IDENT } LspDocKind;
LspDocKind lsp_doc_kind(const char *path);

/* An open document and what its last lint found. */
typedef struct LspDoc {
    char *uri;
    char *path; /* the file it stands for: includes resolve beside it */
    char *text;
    size_t len;
    long version;
    int pg_major;   /* the major its last lint used */
    LintResult res; /* its last lint (findings, the ConfSet) */
    /* what of it is secret (.pgknob.ini's redact names, conf/conf_secrets.h's values): every
     * text the server sends about the document goes through it */
    Redaction secrets;
    bool linted;
    char **published; /* URIs diagnostics were published to, to clear them later */
    size_t n_published;
} LspDoc;

typedef struct LspServer {
    FILE *out;
    const LspOpts *opts;
    LintRulesState rules;
    bool rules_loaded;
    LspDoc *docs;
    size_t n_docs, cap_docs;
    bool shutdown;
    /* live mode (lsp_live.c): the last `pgknob live` snapshot, when it was taken, why not */
    bool live_enabled;
    json_t *live;
    double live_at;
    char *live_error;
} LspServer;

/* One physical line of a document (0-based); false past the end. */
bool lsp_doc_line(const LspDoc *doc, int line, const char **start, size_t *len);

/* Lints the document's buffer and publishes its diagnostics (and clears those it no longer has). */
void lsp_lint_and_publish(LspServer *srv, LspDoc *doc);

json_t *lsp_hover(LspServer *srv, LspDoc *doc, int line, int column);
json_t *lsp_completion(LspServer *srv, LspDoc *doc, int line, int column);
json_t *lsp_code_actions(LspServer *srv, LspDoc *doc, json_t *params);
json_t *lsp_definition(LspServer *srv, LspDoc *doc, int line, int column);
json_t *lsp_document_symbols(LspServer *srv, LspDoc *doc);

/* User name maps across pg_hba.conf and pg_ident.conf (lsp_maps.c). Rename returns a
 * WorkspaceEdit, or NULL with *error set. */
json_t *lsp_map_references(LspServer *srv, LspDoc *doc, int line, int column);
json_t *lsp_map_rename(LspServer *srv, LspDoc *doc, int line, int column, const char *new_name,
                       const char **error);

/* Live mode (lsp_live.c), all no-ops unless initializationOptions.live.conninfo was given. */
void lsp_live_configure(LspServer *srv, json_t *init_options);
void lsp_live_free(LspServer *srv);
void lsp_live_diagnostics(LspServer *srv, LspDoc *doc, json_t *diagnostics);
void lsp_live_hover(LspServer *srv, LspDoc *doc, const char *name, StrBuf *md);
json_t *lsp_live_action(LspServer *srv, LspDoc *doc, int line); /* NULL: none */
bool lsp_live_execute(LspServer *srv, json_t *params);          /* false: not our command */

#endif
