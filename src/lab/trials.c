/* Comparing stages: which stage is whose baseline, the "× slower" factor, and its confidence
 * interval from repeated, interleaved trials. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lab/runner.h"

bool lab_is_baseline(const StageResult *stage)
{
    if (stage->role != ROLE_FROM_LAB)
        return stage->role == ROLE_REFERENCE;
    if (!stage->lab)
        return false;
    if (stage->lab->kind == LAB_STAGE)
        return stage->lab->order == 0;
    return stage->run == NULL;
}

const StageResult *lab_baseline_of(const LabRunReport *rep, const StageResult *stage)
{
    if (lab_is_baseline(stage))
        return NULL;
    for (size_t idx = 0; idx < rep->n; idx++) {
        const StageResult *cand = &rep->stages[idx];
        if (lab_is_baseline(cand) && !strcmp(cand->group, stage->group) && cand->ran)
            return cand;
    }
    return NULL;
}

double lab_stage_tps(const StageResult *stage)
{
    return stage->n_trials >= 2 ? stage->tps_median : stage->result.tps;
}

double lab_slower_factor(const StageResult *base, const StageResult *stage, bool *lower_bound)
{
    *lower_bound = false;
    if (!base || !stage->ran || lab_stage_tps(base) <= 0)
        return -1;
    double tps = lab_stage_tps(stage);
    if (tps <= 0) {
        *lower_bound = true;
        return lab_stage_tps(base) * (stage->result.measured_s > 0 ? stage->result.measured_s : 1);
    }
    return lab_stage_tps(base) / tps;
}

/* Student's t, two-sided 95% (0.975 quantile), by degrees of freedom. */
static double t975(int df)
{
    static const double table[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                                   2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                                   2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                                   2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    if (df < 1)
        return NAN;
    return df < (int)(sizeof(table) / sizeof(table[0])) ? table[df] : 1.96;
}

/* A trial's TPS for a ratio: one that completed nothing counts as one per measured interval,
 * which makes the stage's "× slower" a lower bound. */
static double trial_rate(const StageResult *stage, int idx, bool *bounded)
{
    double tps = stage->trial_tps[idx];
    if (tps > 0)
        return tps;
    *bounded = true;
    double secs =
        stage->trial_seconds && stage->trial_seconds[idx] > 0 ? stage->trial_seconds[idx] : 1;
    return 1 / secs;
}

bool lab_stage_ratio(const LabRunReport *rep, const StageResult *stage, LabRatio *out)
{
    return lab_pair_ratio(lab_baseline_of(rep, stage), stage, out);
}

bool lab_pair_ratio(const StageResult *base, const StageResult *stage, LabRatio *out)
{
    memset(out, 0, sizeof(*out));
    if (!base || base->n_trials < 2 || stage->n_trials < 2)
        return false;
    /* Trial i of the stage ran next to trial i of its baseline: pairing them takes the drift of
     * a shared machine out of the comparison. */
    int n = base->n_trials < stage->n_trials ? base->n_trials : stage->n_trials;
    double sum = 0, sumsq = 0;
    bool bounded = false;
    for (int idx = 0; idx < n; idx++) {
        double base_rate = trial_rate(base, idx, &bounded);
        double lr = log(base_rate / trial_rate(stage, idx, &bounded));
        sum += lr;
        sumsq += lr * lr;
    }
    double mean = sum / n;
    double var = n > 1 ? (sumsq - n * mean * mean) / (n - 1) : 0;
    double half = t975(n - 1) * sqrt(var > 0 ? var : 0) / sqrt((double)n);
    out->slower = exp(mean);
    out->low = exp(mean - half);
    out->high = exp(mean + half);
    out->method = "t interval on the log of the paired trials' TPS ratios";
    out->significant = out->low > 1 || out->high < 1;
    out->beyond_floor = out->low > LAB_RATIO_FLOOR || out->high < 1 / LAB_RATIO_FLOOR;
    out->lower_bound = bounded;
    return true;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double lab_median(const double *values, int n)
{
    if (n <= 0)
        return -1;
    double *sorted = malloc((size_t)n * sizeof(double));
    if (!sorted)
        return -1;
    memcpy(sorted, values, (size_t)n * sizeof(double));
    qsort(sorted, (size_t)n, sizeof(double), cmp_double);
    double mid = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    free(sorted);
    return mid;
}
