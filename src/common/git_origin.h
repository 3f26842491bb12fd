/* The repository a checkout was cloned from, as its origin remote names it: what its owner
 * called it, whatever the clone's directory is named. Reads .git/config; no git run. */
#ifndef PK_COMMON_GIT_ORIGIN_H
#define PK_COMMON_GIT_ORIGIN_H

/* The origin remote's repository name of the checkout whose root is `root`
 * ("https://host/owner/poc-schema.git" gives "poc-schema"), and into *owner (when not NULL) the
 * part before it ("owner"; NULL when none); NULL when there is no origin. The caller frees
 * both. */
char *git_origin_repository(const char *root, char **owner);

#endif
