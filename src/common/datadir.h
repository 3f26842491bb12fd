/* Where pgknob's shipped data (rule packs, labs) lives, found the same way by every command so
 * that an installed tree, a copied tree and a checkout all work without configuration. */
#ifndef PK_DATADIR_H
#define PK_DATADIR_H

/* The directory of `kind` ("rules", "labs" or "targets"), first that exists of:
 *   $PGKNOB_RULES_DIR / $PGKNOB_LABS (one kind),
 *   $PGKNOB_DATA_DIR/KIND,
 *   EXEDIR/../share/pgknob/KIND (an installed tree, wherever it was copied),
 *   EXEDIR/../KIND (a checkout: bin/pgknob beside rules/),
 *   PK_DATADIR/KIND (the prefix the binary was built for).
 * Returns a malloc'd path, or NULL when none exists; then *searched (when given) receives the
 * list of places tried, for the error message (caller frees). */
char *pk_data_dir(const char *kind, char **searched);

/* The directory holding the running executable (malloc'd), or NULL. */
char *pk_exe_dir(void);

/* The build-time prefix, for messages that must name a place when nothing was found. */
#ifndef PK_DATADIR
#define PK_DATADIR "/usr/local/share/pgknob"
#endif
#define PK_DATADIR_FALLBACK PK_DATADIR

#endif
