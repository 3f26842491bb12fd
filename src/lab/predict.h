/* What pgknob predicts for a stage before measuring it: the stage's effective settings are
 * written out as a configuration file and run through the same pipeline as `pgknob lint`
 * (validation, then the shipped rule packs, with this machine's host facts). Each finding is
 * pointed back at the lab fragment (file:line) that set the value. */
#ifndef PK_LAB_PREDICT_H
#define PK_LAB_PREDICT_H

#include <stdbool.h>

#include "common/diag.h"
#include "model/finding.h"
#include "lab/fragment.h"

/* Appends the findings for `settings` on PostgreSQL `major`, sorted. false with *diag when the
 * pipeline could not run (e.g. no rule packs found); the list then holds what was found. */
bool predict_stage(const LabSettings *settings, int major, FindingList *out, PkDiag *diag);

#endif
