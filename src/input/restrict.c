/* --target: what a managed service does not let one set. Filled per service from its published
 * parameter lists (docs/manifests.md names them). */
#include "input/input_intern.h"

void restrict_apply(DocBuilder *b, InputTarget target)
{
    (void)b;
    (void)target;
}
