/* placeholder until the conf module lands in this same change series */
#include <stdio.h>

#include "cli/commands.h"

int cmd_settings(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "pgknob: settings is being built\n");
    return PK_EXIT_BUG;
}
