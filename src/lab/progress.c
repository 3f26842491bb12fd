#include "lab/progress.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#define BAR_WIDTH 24

static double mono_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void draw(const Progress *progress)
{
    double elapsed = mono_s() - progress->t_start;
    double frac = progress->total_s > 0 ? elapsed / progress->total_s : 1;
    if (frac > 1)
        frac = 1;
    char bar[BAR_WIDTH + 1];
    int filled = (int)(frac * BAR_WIDTH);
    for (int cell = 0; cell < BAR_WIDTH; cell++)
        bar[cell] = cell < filled ? '#' : '.';
    bar[BAR_WIDTH] = '\0';
    double left = progress->total_s - elapsed;
    double tps = progress->sampler ? sampler_current_tps(progress->sampler) : -1;
    char tps_text[48] = "commits/s …";
    if (tps >= 0)
        snprintf(tps_text, sizeof(tps_text), "%.1f commits/s (server)", tps);
    fprintf(stderr, "\r\033[K%s %-9s [%s] %3.0fs left  %s", progress->label, progress->phase,
            bar, left > 0 ? left : 0, tps_text);
    fflush(stderr);
}

static void *progress_main(void *arg)
{
    Progress *progress = arg;
    while (!progress->stop) {
        draw(progress);
        for (int slice = 0; slice < 10 && !progress->stop; slice++) {
            struct timespec ts = {0, 50 * 1000000L};
            nanosleep(&ts, NULL);
        }
    }
    return NULL;
}

void progress_begin(Progress *progress, bool enabled, const char *label, const char *phase,
                    double total_s, Sampler *sampler)
{
    memset(progress, 0, sizeof(*progress));
    progress->enabled = enabled;
    snprintf(progress->label, sizeof(progress->label), "%s", label);
    progress->phase = phase;
    progress->t_start = mono_s();
    progress->total_s = total_s;
    progress->sampler = sampler;
    if (enabled && pthread_create(&progress->thread, NULL, progress_main, progress) == 0)
        progress->started = true;
}

void progress_end(Progress *progress)
{
    if (!progress->started)
        return;
    progress->stop = 1;
    pthread_join(progress->thread, NULL);
    fprintf(stderr, "\r\033[K");
    fflush(stderr);
    progress->started = false;
}
