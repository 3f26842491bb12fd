/* `pgknob audit --collect`: the psql script that writes a snapshot document (db/db.h) of the
 * server it runs against, for analysis elsewhere with `pgknob audit --from`. */
#ifndef PK_DB_COLLECT_H
#define PK_DB_COLLECT_H

typedef struct CollectOpts {
    int timeout_ms;         /* SET LOCAL statement_timeout */
    double sample_seconds;  /* --sample: 0 for none */
    int sample_interval_ms; /* 100 unless set */
} CollectOpts;

/* The script (caller frees). */
char *db_collect_script(const CollectOpts *opts);

#endif
