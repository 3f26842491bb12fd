#!/usr/bin/env bash
# A manifest's pod limits are host facts (no server): resources.limits (else requests) give the
# document's ram, and limits alone its cores, unless --host gives them; the report says where each came from, and
# the memory checks weigh the settings against the pod, not a default.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

tmp="$(mktemp -d /tmp/pgknob-pod.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
cluster() { # MEMORY-LINES: a CloudNativePG Cluster with shared_buffers 8GB and these resources
  printf 'apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata:\n  name: pod\nspec:\n  instances: 1\n  imageName: ghcr.io/cloudnative-pg/postgresql:16.4\n%s\n  postgresql:\n    parameters:\n      shared_buffers: 8GB\n' "$1"
}
lint_json() { "$PGKNOB" lint --format json "$@" 2>/dev/null; }
pk0062() { jq '[.findings[] | select(.rule == "PK0062")] | length' <<<"$1"; }

cluster $'  resources:\n    requests:\n      memory: 2Gi\n      cpu: 500m\n    limits:\n      memory: 4Gi\n      cpu: "2"' >"$tmp/limits.yaml"
j=$(lint_json "$tmp/limits.yaml")
check "limits.memory 4Gi, shared_buffers 8GB, no --host: the shared-memory finding" test "$(pk0062 "$j")" = 1
host=$(jq -r '.inputs[0].host' <<<"$j")
check "host facts from the limits: ram=4096MB cores=2 ($host)" grep -q "ram=4096MB cores=2 " <<<"$host"
check "the report names the line and column of the limit" grep -qF "resources.limits.memory 4Gi at $tmp/limits.yaml:13:15" <<<"$host"
check "text report: a note on the input's host facts" grep -q "^note: host facts of $tmp/limits.yaml: ram=4096MB" < <("$PGKNOB" lint "$tmp/limits.yaml")
# the pod's limit caps the machine's RAM (held-out set 49, h49c 35); close miss: a machine with
# less RAM than the limit is the RAM
j=$(lint_json --host ram=64GB "$tmp/limits.yaml")
check "--host ram=64GB above the pod's 4Gi limit: the limit stands, the finding stays" test "$(pk0062 "$j")" = 1
j=$(lint_json --host ram=2GB "$tmp/limits.yaml")
check "  close miss: --host ram=2GB below the limit is the RAM (the source names no pod ram)" \
  bash -c '! grep -q "ram from the pod" <<<"$0"' "$(jq -r '.inputs[0].host // ""' <<<"$j")"
j=$(lint_json --host storage=nvme "$tmp/limits.yaml")
check "--host without ram: the pod's ram fills it" test "$(pk0062 "$j")" = 1
check "... and the source says which facts came from the pod" \
  grep -q "ram and cores from the pod's" <<<"$(jq -r '.inputs[0].host' <<<"$j")"

cluster $'  resources:\n    requests:\n      memory: 4G\n      cpu: 250m' >"$tmp/requests.yaml"
host=$(jq -r '.inputs[0].host' <<<"$(lint_json "$tmp/requests.yaml")")
# a request caps nothing: a memory request is a floor the pod may use the node's memory beyond
# (held-out set 42, h42c 33: "the machine has 512MB" of a 512Mi request, an error), and a CPU
# request only weights the pod's share of the node's cores (review 2026-12zg, h36c 32)
check "requests alone give no host facts ($host)" test "$host" = null
cluster $'  resources:\n    requests:\n      memory: 512Mi' >"$tmp/requests-sb.yaml"
check "  ... so shared_buffers 8GB beside a 512Mi request is no memory error (PK2001, PK0062)" \
  test "$(lint_json "$tmp/requests-sb.yaml" | jq '[.findings[] | select(.rule == "PK2001" or .rule == "PK0062")] | length')" = 0

cluster '' >"$tmp/none.yaml"
j=$(lint_json "$tmp/none.yaml")
check "no resources: no host facts, no finding" test "$(pk0062 "$j")/$(jq -r '.inputs[0].host' <<<"$j")" = "0/null"

host=$(jq -r '.inputs[0].host' <<<"$(lint_json tests/input/fixtures/args/statefulset.yaml)")
check "a container's own resources (StatefulSet args): ram=4096MB cores=2" grep -q "ram=4096MB cores=2 " <<<"$host"
# what CloudNativePG writes for a parameter the Cluster leaves out (max_parallel_workers 32,
# max_worker_processes 32) is what the server runs with: the worst case counts its parallel
# workers, and the Markdown report names the operator's default (review 2026-12zd, h31d 48:
# "8 parallel workers (default)" where CloudNativePG sets 32)
printf 'apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata:\n  name: w\nspec:\n  instances: 1\n  imageName: ghcr.io/cloudnative-pg/postgresql:16.6\n  postgresql:\n    parameters:\n      max_connections: "200"\n      work_mem: "4MB"\n%s  resources:\n    limits:\n      memory: 1Gi\n      cpu: "1"\n' '' >"$tmp/cnpg-defaults.yaml"
msg=$(lint_json "$tmp/cnpg-defaults.yaml" | jq -r '.findings[] | select(.rule == "PK2002") | .message')
check "a Cluster without max_parallel_workers: the worst case counts CloudNativePG's 32 workers" \
  grep -q "for each of 200 connections + 32 parallel workers" <<<"$msg"
check "  ... and the Markdown report says whose default 32 is" \
  grep -q "\`32\` (CloudNativePG's default)" <<<"$("$PGKNOB" lint --format md "$tmp/cnpg-defaults.yaml" 2>/dev/null)"
printf 'apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata:\n  name: w\nspec:\n  instances: 1\n  imageName: ghcr.io/cloudnative-pg/postgresql:16.6\n  postgresql:\n    parameters:\n      max_connections: "200"\n      work_mem: "4MB"\n      max_parallel_workers: "4"\n  resources:\n    limits:\n      memory: 1Gi\n      cpu: "1"\n' >"$tmp/cnpg-set.yaml"
check "  close miss: a Cluster that sets max_parallel_workers 4 is counted with its 4" \
  grep -q "for each of 200 connections + 4 parallel workers" <<<"$(lint_json "$tmp/cnpg-set.yaml" | jq -r '.findings[] | select(.rule == "PK2002") | .message')"
printf 'max_connections = 200\nwork_mem = 4MB\n' >"$tmp/plain.conf"
check "  close miss: a postgresql.conf has PostgreSQL's 8" \
  grep -q "for each of 200 connections + 8 parallel workers" <<<"$(lint_json --host ram=1GB "$tmp/plain.conf" | jq -r '.findings[] | select(.rule == "PK2002" or .rule == "PK2001") | .message')"
# StackGres sizes the pods by the SGInstanceProfile the SGCluster names beside its
# SGPostgresConfig, in any order in the stream; several pods: the smallest (review 2026-12ze,
# h32e b06: 512Mi read as no host at all)
sg_conf='apiVersion: stackgres.io/v1\nkind: SGPostgresConfig\nmetadata:\n  name: cfg\nspec:\n  postgresVersion: "15"\n  postgresql.conf:\n    shared_buffers: 1GB\n'
sg_prof() { printf -- '---\napiVersion: stackgres.io/v1\nkind: SGInstanceProfile\nmetadata:\n  name: %s\nspec:\n  cpu: "%s"\n  memory: %s\n' "$1" "$2" "$3"; }
{ sg_prof small 250m 512Mi; sg_prof big 4 8Gi; printf -- "---\n$sg_conf"
  printf -- '---\napiVersion: stackgres.io/v1\nkind: SGShardedCluster\nmetadata:\n  name: c\nspec:\n  coordinator:\n    sgInstanceProfile: big\n    configurations:\n      sgPostgresConfig: cfg\n  shards:\n    sgInstanceProfile: small\n    configurations:\n      sgPostgresConfig: cfg\n'
} >"$tmp/sg.yaml"
host=$(jq -r '.inputs[0].host' <<<"$(lint_json "$tmp/sg.yaml")")
check "an SGPostgresConfig run by the shards' SGInstanceProfile: ram=512MB cores=1, named ($host)" \
  grep -q "ram=512MB cores=1 .*SGInstanceProfile small's spec.memory 512Mi at $tmp/sg.yaml:8:11" <<<"$host"
{ sg_prof small 250m 512Mi; sg_prof big 4 8Gi; printf -- "---\n$sg_conf"; } >"$tmp/sg-unlinked.yaml"
check "  close miss: two profiles and no cluster to link them: no host facts" \
  test "$(jq -r '.inputs[0].host' <<<"$(lint_json "$tmp/sg-unlinked.yaml")")" = null
{ printf "$sg_conf"; sg_prof only 2 4Gi; } >"$tmp/sg-one.yaml"
check "  ... one profile and no cluster: it sizes the configuration (ram=4096MB cores=2)" \
  grep -q "ram=4096MB cores=2 " <<<"$(jq -r '.inputs[0].host' <<<"$(lint_json "$tmp/sg-one.yaml")")"
done_testing
