/* Findings about pg_hba.conf and pg_ident.conf: the server's own verdict on what src/hba/ read
 * (PK0201–PK0208: errors are exactly what stops the server, established per major by
 * tests/hba/t-hba-diff.sh), and the semantics rules (PK0210–PK0218) that lint runs on the files
 * and audit on the live pg_hba_file_rules. Pure: no I/O. */
#ifndef PK_LINT_HBA_H
#define PK_LINT_HBA_H

#include "model/finding.h"
#include "hba/hba.h"
#include "model/snapshot.h"

/* A finding of one of these rules (its id, name, title and severity from the rule table),
 * located, with the documentation `page` of `major` as its link (NULL: none). */
Finding *lint_hba_finding(FindingList *out, const char *id, const char *file, int line, int major,
                          const char *page);

/* PK0201–PK0209 for a set read by hba_load or hba_load_lines. */
void lint_hba_validate(const HbaSet *set, FindingList *out);

/* Findings from `begin` on that point at a manifest's pg_hba line (hba_load_lines) get the
 * string's column, so SARIF and annotations land on it. */
void lint_hba_locate_columns(const HbaSet *set, FindingList *out, size_t begin);

/* PK0210–PK0218 over the set's rules (parsed lines only). `snap` gives password_encryption,
 * listen_addresses, ssl and ssl_ca_file; NULL when they are unknown (a lone pg_hba.conf), and
 * the rules that need them are not run. */
void lint_hba_semantics(const HbaSet *set, const Snapshot *snap, FindingList *out);

#endif
