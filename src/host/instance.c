/* AWS RDS/Aurora instance classes: memory and vCPUs, for `--host instance_class=db.r6g.large`
 * and the parameter groups' {DBInstanceClassMemory…} formulas. The figures are AWS's published
 * specifications ("DB instance classes", Hardware specifications:
 * https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/Concepts.DBInstanceClass.Summary.html):
 * in the general-purpose families memory is 4 GiB per vCPU, in the memory-optimised ones 8 GiB
 * (x2g: 16 GiB), sizes large = 2 vCPUs, xlarge = 4, Nxlarge = 4N; the burstable t3/t4g have their
 * own table. */
#include <stdlib.h>
#include <string.h>

#include "host/host.h"

#define GIB 1073741824.0

static const struct {
    const char *size;
    double gib;
    int vcpus;
} burstable[] = {
    {"micro", 1, 2}, {"small", 2, 2},   {"medium", 4, 2},
    {"large", 8, 2}, {"xlarge", 16, 4}, {"2xlarge", 32, 8},
};

static const struct {
    const char *family;
    double gib_per_vcpu;
} families[] = {
    {"m5", 4},  {"m6g", 4},  {"m6gd", 4}, {"m6i", 4}, {"m7g", 4}, {"m7i", 4},  {"r5", 8},
    {"r6g", 8}, {"r6gd", 8}, {"r6i", 8},  {"r7g", 8}, {"r7i", 8}, {"x2g", 16},
};

/* "large" → 2, "xlarge" → 4, "16xlarge" → 64; 0 otherwise. */
static int size_vcpus(const char *size)
{
    if (!strcmp(size, "large"))
        return 2;
    if (!strcmp(size, "xlarge"))
        return 4;
    char *end;
    long n = strtol(size, &end, 10);
    return n > 0 && n <= 48 && !strcmp(end, "xlarge") ? (int)(4 * n) : 0;
}

bool host_instance_class(const char *name, double *memory, int *vcpus)
{
    if (strncmp(name, "db.", 3))
        return false;
    const char *family = name + 3;
    const char *dot = strchr(family, '.');
    if (!dot)
        return false;
    size_t flen = (size_t)(dot - family);
    const char *size = dot + 1;
    if ((flen == 2 && !strncmp(family, "t3", 2)) || (flen == 3 && !strncmp(family, "t4g", 3))) {
        for (size_t idx = 0; idx < sizeof(burstable) / sizeof(burstable[0]); idx++)
            if (!strcmp(size, burstable[idx].size)) {
                *memory = burstable[idx].gib * GIB;
                *vcpus = burstable[idx].vcpus;
                return true;
            }
        return false;
    }
    for (size_t idx = 0; idx < sizeof(families) / sizeof(families[0]); idx++) {
        if (strlen(families[idx].family) != flen || strncmp(families[idx].family, family, flen))
            continue;
        int n = size_vcpus(size);
        if (!n)
            return false;
        *memory = families[idx].gib_per_vcpu * n * GIB;
        *vcpus = n;
        return true;
    }
    return false;
}
