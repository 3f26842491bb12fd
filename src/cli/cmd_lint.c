/* placeholder until the lint module lands in this same change series */
#include <stdio.h>

#include "cli/commands.h"

int cmd_lint(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "pgknob: lint is being built\n");
    return PK_EXIT_BUG;
}
