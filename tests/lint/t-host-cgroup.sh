#!/usr/bin/env bash
# --host local inside a real cgroup: a memory limit below the machine's RAM (2 GiB) and a CPU
# quota of one core, made here (cgroup v2: memory.max and cpu.max; v1: memory.limit_in_bytes and
# cpu.cfs_quota_us), with pgknob run as a member. The report's host line must give 2048MB and one
# core, and the shared-memory check must then weigh shared_buffers against the limit.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

conf="$(mktemp /tmp/pgknob-cgroup.XXXXXX.conf)"
printf 'shared_buffers = 3GB\n' >"$conf"
own=$(awk -F: '$2 == "memory" || $1 == "0" { print $3; exit }' /proc/self/cgroup)
v2=$(stat -fc %T /sys/fs/cgroup 2>/dev/null)
if [ "$v2" = cgroup2fs ]; then
  mem="/sys/fs/cgroup${own%/}/pgknob-test-$$"; cpu="$mem"
else
  mem="/sys/fs/cgroup/memory$(awk -F: '$2 == "memory" { print $3 }' /proc/self/cgroup)"
  mem="${mem%/}/pgknob-test-$$"
  cpu="/sys/fs/cgroup/cpu$(awk -F: '$2 ~ /(^|,)cpu(,|$)/ { print $3 }' /proc/self/cgroup)"
  cpu="${cpu%/}/pgknob-test-$$"
fi
cleanup() { rmdir "$mem" "$cpu" 2>/dev/null; rm -f "$conf"; }
trap cleanup EXIT
if ! mkdir -p "$mem" 2>/dev/null || { [ "$cpu" != "$mem" ] && ! mkdir -p "$cpu" 2>/dev/null; }; then
  # a skip is not a pass: this tier proves --host local inside a real cgroup, or fails
  fail "cannot create a cgroup here (not root, or /sys/fs/cgroup read-only): nothing proven"
  done_testing; exit $?
fi
if [ "$v2" = cgroup2fs ]; then
  echo 2147483648 >"$mem/memory.max"; echo "100000 100000" >"$cpu/cpu.max"
else
  echo 2147483648 >"$mem/memory.limit_in_bytes"
  echo 100000 >"$cpu/cpu.cfs_period_us"; echo 100000 >"$cpu/cpu.cfs_quota_us"
fi
run_in() { # a shell that joins the cgroups, then runs pgknob
  sh -c 'echo $$ >"$1/cgroup.procs"; [ "$2" = "$1" ] || echo $$ >"$2/cgroup.procs"; shift 2; exec "$@"' \
    sh "$mem" "$cpu" "$@"
}
host=$(run_in "$PGKNOB" lint --no-rules --host local --format json "$conf" | jq -r '.host')
echo "# $host"
check "--host local in a 2 GiB cgroup reports ram=2048MB" grep -q "ram=2048MB" <<<"$host"
check "--host local under a one-core CPU quota reports cores=1" grep -q "cores=1 " <<<"$host"
check "the report says the limit is the cgroup's" grep -q "cgroup memory limit 2048MB" <<<"$host"
outside=$("$PGKNOB" lint --no-rules --host local --format json "$conf" | jq -r '.host')
check "outside the cgroup, the machine's RAM" test -z "$(grep -o 'ram=2048MB' <<<"$outside")"
j=$(run_in "$PGKNOB" lint --no-rules --host local --format json "$conf")
check "shared_buffers 3GB over the 2 GiB limit: PK0062" \
  jq -e '[.findings[] | select(.rule == "PK0062")] | length == 1' <<<"$j" >/dev/null
done_testing
