/* Whether kustomize renders a Kubernetes manifest before the API server reads it: Flux and
 * `kubectl apply -k` build a directory with kustomize, whose YAML reader takes on, off, yes and
 * no as strings (input/yaml_scalar.h), where `kubectl apply -f` takes them as booleans. */
#ifndef PK_INPUT_KUSTOMIZE_H
#define PK_INPUT_KUSTOMIZE_H

#include <stdbool.h>
#include <stddef.h>

/* True when the file's directory or one up to 3 above it (stopping at a repository's root, the
 * directory holding .git) holds a kustomization (kustomization.yaml, kustomization.yml,
 * Kustomization) or a Flux Kustomization (apiVersion kustomize.toolkit.fluxcd.io), which builds
 * the tree below it with kustomize even where no kustomization.yaml is written; `why` names it
 * ("kustomization.yaml in DIR"). */
bool input_kustomize_renders(const char *file, char *why, size_t cap);

/* True when a kustomization in the file's directory or one up to 3 above it lists the file
 * as a patch (`patches:`, `patchesStrategicMerge:`, `patchesJson6902:`): it overlays a base,
 * and what it leaves out is the base's; `why` names the kustomization. */
bool input_kustomize_patch(const char *file, char *why, size_t cap);

#endif
