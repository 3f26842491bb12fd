/* Compose's variable interpolation: what `docker compose` writes into a compose file's values
 * before a container sees them, from the project's .env file and the defaults the file gives
 * (https://docs.docker.com/reference/compose-file/interpolation/). */
#ifndef PK_COMPOSE_ENV_H
#define PK_COMPOSE_ENV_H

#include <stddef.h>

#include "common/arena.h"

typedef struct ComposeEnv ComposeEnv;

/* The .env file in the compose file's directory (its project directory), in `arena`; an empty
 * set when there is none or it cannot be read. Never NULL. */
ComposeEnv *compose_env_load(Arena *arena, const char *compose_file);
/* The same from a .env file's text (for the tests and the fuzz target). */
ComposeEnv *compose_env_parse(Arena *arena, const char *text, size_t len);

/* `text` as compose interpolates it, but `$$`, its escape for one dollar, kept as written (the
 * args reader reads it as a script's variable or the server's text): `${NAME}` and `$NAME` are the
 * .env's value;
 * `${NAME:-default}`, `${NAME-default}`, `${NAME:+alt}` and `${NAME+alt}` as a shell reads
 * them. A variable the .env does not set and that has no default is set where the file is
 * deployed (the shell's environment), so it stays as written, for the template checks.
 * Returns a new string. */
char *compose_interpolate(const ComposeEnv *env, const char *text);

/* The text `data` (len bytes, NUL-terminated, malloc'd) of the compose file `compose_file` as
 * compose reads its values: interpolated with its project's .env when it holds a `$`. Takes
 * `data` and returns the text to use (the caller frees it); *len follows it. */
char *compose_fill_file_text(const char *compose_file, char *data, size_t *len);

#endif
