#include "lab/progress.h"

#include <stdio.h>
#include <string.h>

#include "common/clock.h"

#define BAR_WIDTH 24

static void draw(const Progress *progress)
{
    double elapsed = pk_clock_now() - progress->t_start;
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
    lab_say(progress->events, LAB_EV_PROGRESS, "%s %-9s [%s] %3.0fs left  %s", progress->label,
            progress->phase, bar, left > 0 ? left : 0, tps_text);
}

static void *progress_main(void *arg)
{
    Progress *progress = arg;
    while (!progress->stop) {
        draw(progress);
        pk_clock_sleep_until(pk_clock_now() + 0.5, &progress->stop);
    }
    return NULL;
}

void progress_begin(Progress *progress, const LabEvents *events, const char *label,
                    const char *phase, double total_s, Sampler *sampler)
{
    memset(progress, 0, sizeof(*progress));
    progress->events = events;
    snprintf(progress->label, sizeof(progress->label), "%s", label);
    progress->phase = phase;
    progress->t_start = pk_clock_now();
    progress->total_s = total_s;
    progress->sampler = sampler;
    if (events && events->progress &&
        pthread_create(&progress->thread, NULL, progress_main, progress) == 0)
        progress->started = true;
}

void progress_end(Progress *progress)
{
    if (!progress->started)
        return;
    progress->stop = 1;
    pthread_join(progress->thread, NULL);
    lab_say(progress->events, LAB_EV_PROGRESS_CLEAR, "%s", "");
    progress->started = false;
}
