#!/usr/bin/env bash
# needs: servers
# max_stack_depth against the stack limit (PK0029): the real server of every major 13-18 refuses
# a value above `ulimit -s` less 512kB at startup, and pgknob says so with the same numbers: an
# error when --host gives the limit (local reads RLIMIT_STACK), a warning against Linux's default
# of 8MB otherwise, nothing where the limit allows the value.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh

work="$(mktemp -d /tmp/pgknob-stack.XXXXXX)"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

# the server's verdict: `postgres -C` reads the file, so a refused value fails it
server_accepts() { # major stack-kB max_stack_depth
  local bin data="$work/d$1"
  bin=$(pg_bin_dir "$1") || return 2
  if [ ! -d "$data" ]; then
    pg_as_postgres "$bin/initdb" -D "$data" >/dev/null 2>&1 || return 2
  fi
  cp "$data/postgresql.conf.orig" "$data/postgresql.conf" 2>/dev/null ||
    cp "$data/postgresql.conf" "$data/postgresql.conf.orig"
  echo "max_stack_depth = '$3'" >>"$data/postgresql.conf"
  pg_as_postgres bash -c "ulimit -s $2 && '$bin/postgres' -D '$data' -C max_stack_depth" \
    >"$work/out" 2>&1
}
lint_rules() { # major host file
  "$PGKNOB" lint --fail-on never --pg-version "$1" ${2:+--host "$2"} --format json "$3" 2>/dev/null |
    jq -r '.findings[] | select(.rule=="PK0029") | .severity'
}

chown postgres "$work" 2>/dev/null
for major in 13 14 15 16 17 18; do
  for case in "8192 8MB refused" "8192 7680kB accepted" "8192 7681kB refused" "16384 8MB accepted" \
    "16384 16MB refused" "unlimited 64MB accepted"; do
    read -r stack value verdict <<<"$case"
    server_accepts "$major" "$stack" "$value"
    rc=$?
    [ "$rc" = 2 ] && { fail "$major: no server to ask"; continue; }
    got=accepted; [ "$rc" != 0 ] && got=refused
    check "$major: ulimit -s $stack, max_stack_depth = $value is $verdict by the server" \
      test "$got" = "$verdict"
    [ "$verdict" = refused ] && check "$major: the server's message names the limit" \
      grep -q "must not exceed" "$work/out"
    printf "max_stack_depth = '%s'\n" "$value" >"$work/c.conf"
    hoststack=$([ "$stack" = unlimited ] && echo unlimited || echo "${stack}kB")
    sev=$(lint_rules "$major" "stack=$hoststack" "$work/c.conf")
    if [ "$verdict" = refused ]; then
      check "$major: --host stack=$hoststack, $value: PK0029 is an error" test "$sev" = error
    else
      check "$major: --host stack=$hoststack, $value: no PK0029" test -z "$sev"
    fi
  done
done

# --host local reads this process's RLIMIT_STACK (what a server started from this shell gets)
printf "max_stack_depth = 8MB\n" >"$work/c.conf"
check "--host local under ulimit -s 8192: an error" bash -c \
  "ulimit -s 8192; '$PGKNOB' lint --fail-on never --pg-version 16 --host local --format json '$work/c.conf' |
   jq -e '[.findings[] | select(.rule==\"PK0029\" and .severity==\"error\")] | length == 1' >/dev/null"
check "--host local under ulimit -s 16384: nothing" bash -c \
  "ulimit -s 16384; '$PGKNOB' lint --fail-on never --pg-version 16 --host local --format json '$work/c.conf' |
   jq -e '[.findings[] | select(.rule==\"PK0029\")] | length == 0' >/dev/null"
# without host facts: a warning that says what the host needs (max_stack_depth + 512kB)
check "no host facts: a warning naming ulimit -s 8704kB" bash -c \
  "'$PGKNOB' lint --fail-on never --pg-version 18 --format json '$work/c.conf' |
   jq -e '.findings[] | select(.rule==\"PK0029\" and .severity==\"warning\") | .message | test(\"at least 8704kB\")' >/dev/null"
printf "max_stack_depth = 7680kB\n" >"$work/c.conf"
check "no host facts: 7680kB fits the default 8MB" bash -c \
  "'$PGKNOB' lint --fail-on never --pg-version 18 --format json '$work/c.conf' |
   jq -e '[.findings[] | select(.rule==\"PK0029\")] | length == 0' >/dev/null"
printf "max_stack_depth = 2MB\n" >"$work/c.conf"
check "2MB (the default's size) never fires" bash -c \
  "'$PGKNOB' lint --fail-on never --pg-version 13 --format json '$work/c.conf' |
   jq -e '[.findings[] | select(.rule==\"PK0029\")] | length == 0' >/dev/null"
# the fix gives a file the server starts with
printf "max_stack_depth = 16MB\n" >"$work/f.conf"
"$PGKNOB" fix --in-place --pg-version 17 --host stack=8MB "$work/f.conf" >/dev/null 2>&1
check "fix writes the largest value the limit allows" grep -q "max_stack_depth = 7680kB" "$work/f.conf"
# the fact itself: a size or unlimited, once
printf "work_mem = 4MB\n" >"$work/w.conf"
expect_exit 2 "--host stack=abc is refused" -- "$PGKNOB" lint --host stack=abc "$work/w.conf"
check "--host stack=abc names the fact and the value" bash -c \
  "'$PGKNOB' lint --host stack=abc '$work/w.conf' 2>&1 | grep -q 'invalid value for host fact \"stack\": \"abc\"'"
expect_exit 2 "--host stack given twice is refused" -- "$PGKNOB" lint --host stack=8MB,stack=16MB "$work/w.conf"
done_testing
