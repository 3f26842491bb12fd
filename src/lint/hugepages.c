/* Huge pages: the vm.nr_hugepages that huge_pages = on or try needs, from the shared-memory
 * estimate (shmem.c), counted as the server counts shared_memory_size_in_huge_pages
 * (src/backend/storage/ipc/ipci.c, InitializeShmemGUCs, 15+): the size over the huge page size,
 * rounded up (15 and 16 add one page to the quotient instead). With a manifest, the container's
 * hugepages-2Mi / hugepages-1Gi limit is compared with it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/xalloc.h"
#include "lint/hugepages.h"
#include "lint/shmem.h"
#include "lint/validate.h"
#include "model/finding_ids.h"

#define DEFAULT_HUGE_PAGE 2097152.0 /* the kernel's default on x86-64 and arm64 (4kB pages) */

double lint_huge_pages_needed(const Snapshot *snap, double page_bytes)
{
    ShmemEstimate est;
    if (page_bytes <= 0 || !shmem_estimate(snap, &est))
        return -1;
    double pages = floor(est.total / page_bytes);
    if (snap->pg_major <= 16 || fmod(est.total, page_bytes) > 0)
        pages += 1;
    return pages;
}

static bool wants_huge_pages(const SnapSetting *setting)
{
    static const char *const yes[] = {"on", "try", "true", "yes", "1"};
    if (!setting || setting->source == SRC_DEFAULT)
        return false;
    for (size_t idx = 0; idx < sizeof(yes) / sizeof(yes[0]); idx++)
        if (!strcasecmp(setting->value, yes[idx]))
            return true;
    return false;
}

void lint_validate_huge_pages(const Snapshot *snap, const double limits[2], FindingList *out)
{
    const SnapSetting *hp = snapshot_get(snap, "huge_pages");
    if (!wants_huge_pages(hp))
        return;
    const SnapSetting *size = snapshot_get(snap, "huge_page_size");
    double page = size && size->parsed_ok && size->parsed.num > 0 ? size->parsed.num * 1024.0
                                                                  : DEFAULT_HUGE_PAGE;
    double pages = lint_huge_pages_needed(snap, page);
    if (pages <= 0)
        return;
    bool on = !strcasecmp(hp->value, "try") ? false : true;
    Finding *f = finding_raise(out, "PK0063", NULL);
    /* try falls back to normal pages: the count is advice, not a condition of starting */
    if (!on)
        f->severity = SEV_RECOMMENDATION;
    f->file = finding_strdup(f, hp->file);
    f->line = hp->line;
    finding_add_setting(f, hp->name, hp->value, hp->file, hp->line);
    char *page_text = page >= 1073741824.0 ? xasprintf("%.0fGB", page / 1073741824.0)
                                           : xasprintf("%.0fMB", page / 1048576.0);
    f->message = finding_printf(f,
                                "huge_pages = %s needs vm.nr_hugepages = %.0f (%s pages) for about "
                                "%.0fMB of shared memory",
                                hp->value, pages, page_text, pages * page / 1048576.0);
    /* a container's hugepages-<size> limit: the pod can map no more */
    double limit = limits ? limits[page >= 1073741824.0 ? 1 : 0] : -1;
    if (limit > 0 && limit < pages * page) {
        f->severity = on ? SEV_WARNING : SEV_NOTICE;
        f->message = finding_printf(
            f,
            "huge_pages = %s needs %.0f %s pages, but the container's hugepages-%s limit allows "
            "%.0f",
            hp->value, pages, page_text, page >= 1073741824.0 ? "1Gi" : "2Mi", floor(limit / page));
        f->hint =
            finding_printf(f, "raise the container's hugepages-%s limit to %.0fMi%s",
                           page >= 1073741824.0 ? "1Gi" : "2Mi", pages * page / 1048576.0,
                           on ? " (with huge_pages = on the server does not start without them)"
                              : " (with try the server falls back to normal pages)");
    } else {
        f->hint =
            finding_printf(f,
                           "reserve them before the server starts: sysctl -w vm.nr_hugepages=%.0f"
                           " (and in /etc/sysctl.d); PostgreSQL 15 and later print the count with"
                           " postgres -C shared_memory_size_in_huge_pages",
                           pages);
    }
    free(page_text);
}

void lint_huge_pages_beyond_ram(const Snapshot *snap, FindingList *out, size_t begin, size_t end)
{
    ShmemEstimate est;
    if (snap->host.ram_bytes <= 0 || !shmem_estimate(snap, &est) ||
        est.total <= snap->host.ram_bytes)
        return;
    for (size_t idx = begin; idx < end && idx < out->n; idx++) {
        Finding *f = &out->items[idx];
        if (strcmp(f->rule_id, "PK0063") || f->suppressed)
            continue;
        f->suppressed = true;
        f->suppress_reason = finding_strdup(
            f, "the shared memory is beyond the machine's RAM (PK0062): no page count to reserve"
               " out of it is advice");
    }
}
