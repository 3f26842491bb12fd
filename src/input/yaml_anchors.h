/* YAML lets a document define an anchor again: an alias refers to the most recent node with
 * that anchor (YAML 1.2.2, 3.2.2.2 "Anchors and Aliases"; 1.1 says the same), and Kubernetes'
 * and Go's readers take it. libyaml's loader refuses the second definition ("found duplicate
 * anchor"), so such a manifest is rewritten first: each later definition, and the aliases that
 * follow it, get a name of their own of the same length, so no column moves. */
#ifndef PK_INPUT_YAML_ANCHORS_H
#define PK_INPUT_YAML_ANCHORS_H

#include <stddef.h>

/* `data` (len bytes) with every anchor defined again renamed as above: a new string (the caller
 * frees it), or NULL when no anchor is defined twice (or no free name of that length is left, or
 * the text holds more than 4096 anchors and aliases). */
char *yaml_rename_redefined_anchors(const char *data, size_t len);

#endif
