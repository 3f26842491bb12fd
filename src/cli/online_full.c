/* Linked into pgknob-online (and the unit tests): every command is here. */
#include "cli/commands.h"

bool cli_offline_build(void)
{
    return false;
}

int cli_exec_online(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return PK_EXIT_BUG; /* never called: this binary runs the online commands itself */
}
