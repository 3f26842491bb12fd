/* The major an Ansible role or playbook installs, from its own variables: the configuration
 * management that renders a template names the server it writes it for (a role's
 * defaults/main.yml `postgresql_version: 15`, or `postgres: {version: 13}`). Reads files; no
 * findings. */
#ifndef PK_LINT_ROLE_H
#define PK_LINT_ROLE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct RoleMajor {
    char label[16];  /* "13", "9.6" */
    int major;       /* 10 and up; 0 for 9.x and older */
    char file[4096]; /* the variables file that says it */
    int line;        /* its line, 1-based */
    char key[128];   /* the variable: "postgresql_version", "db.postgres.version" */
    /* a task's words instead of a variable ("installs postgresql-9.4"); "" for a variable */
    char phrase[256];
} RoleMajor;

/* For a file in a role's templates/ or files/ (up to three directories up, within the
 * checkout): the one major its defaults/main.yml and vars/main.yml, and the group_vars/all of
 * the checkout, give a PostgreSQL version variable; where none does, the one major the role's
 * tasks name by package or Debian's/PGDG's layout (`postgresql-9.4`, /etc/postgresql/9.4/main).
 * False when none does, a value is not a plain version (a `{{ }}` expression), or they
 * disagree. */
bool lint_role_major(const char *file, RoleMajor *out);

#endif
