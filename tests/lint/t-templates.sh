#!/usr/bin/env bash
# Configuration templates (no server): a file that starts with Jinja or ERB is a configuration
# template, never JSON or YAML; PK0003 counts Jinja expressions, statements and comments, ERB,
# ${VAR}, @VAR@ and %%VAR%% as one finding with the count and the lines, never a syntax error per
# line; a placeholder value is unknown to the rules (PK3016 does not read archive_mode =
# '{{ x }}' as on); every removed parameter of a template is PK0011, its value a placeholder or
# not. Close misses beside each.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

work="$(mktemp -d /tmp/pgknob-templates.XXXXXX)"
trap 'rm -rf "$work"' EXIT
lint_json() { "$PGKNOB" lint --format json --fail-on never "$@" 2>/dev/null; }
rules_of() { jq -r '[.findings[] | select(.severity == "error" or .severity == "warning") | .rule] | join(" ")'; }

# --- recognition: Jinja or ERB first is a template, not JSON ---
for first in '{{ ansible_managed | comment }}' '{% if pg_tuning %}' '{# managed by salt #}' '<% if @tune %>'; do
  printf '%s\nshared_buffers = 128MB\nmax_connections = 100\n' "$first" >"$work/t.conf"
  expect_exit 0 "a file starting with '$first' is linted as a template" -- \
    "$PGKNOB" lint --no-rules --fail-on never "$work/t.conf"
  check "... one PK0003 at line 1, no syntax error" \
    test "$(lint_json --no-rules "$work/t.conf" | rules_of)" = PK0003
done
printf '{"Parameters": [{"ParameterName": "shared_buffers", "ParameterValue": "{DBInstanceClassMemory/32768}"}]}\n' >"$work/rds.json"
check "close miss: a JSON parameter group is still JSON" \
  test "$(lint_json --no-rules "$work/rds.json" | jq -r '.inputs[0].kind')" = rds
printf '{{- if .Values.enabled }}\napiVersion: v1\nkind: ConfigMap\n' >"$work/helm.yaml"
expect_exit 2 "close miss: a Helm template of YAML is not taken for postgresql.conf" -- \
  "$PGKNOB" lint --no-rules "$work/helm.yaml"
check "... the error says it is a template to render" grep -qF 'hint: The file is a template' <<<"$ERR"

# --- one finding for every kind of template syntax ---
cat >"$work/all.conf" <<'EOF'
{{ ansible_managed }}
{% if tuned %}
shared_buffers = {{ sb }}
{% endif %}
{# work_mem comes from the inventory #}
work_mem = <%= @work_mem %>
max_connections = ${MAXC}
wal_level = @WAL_LEVEL@
effective_cache_size = %%ECS%%
listen_addresses = '{{ listen }}'
archive_command = 'cp %p ${ARCHIVE}/%f'
port = 5432
EOF
out=$(lint_json --no-rules "$work/all.conf")
check "Jinja, ERB, shell, autoconf and sed placeholders: PK0003 is the only error" \
  test "$(rules_of <<<"$out")" = PK0003
check "... with the count and the lines (the command's \${ARCHIVE} is not one)" \
  grep -qF '10 lines of template syntax where settings belong (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)' \
  <<<"$(jq -r '.findings[] | select(.rule == "PK0003") | .message' <<<"$out")"
printf 'port = 5432\narchive_command = '"'"'cp %%p ${ARCHIVE}/%%f'"'"'\nlog_line_prefix = '"'"'%%m [%%p] %%u@%%d '"'"'\n' >"$work/plain.conf"
check "close miss: \${VAR} in a command and %u@%d in a prefix are no template" \
  test "$(lint_json --no-rules "$work/plain.conf" | jq '[.findings[] | select(.rule == "PK0003")] | length')" = 0

# --- a placeholder value is unknown, not literal text ---
printf "archive_mode = '{{ pg_archive_mode }}'\narchive_command = ''\n" >"$work/arch.conf"
out=$(lint_json --pg-version 16 "$work/arch.conf")
check "PK3016 does not fire on archive_mode '{{ x }}'" \
  test "$(jq '[.findings[] | select(.rule == "PK3016")] | length' <<<"$out")" = 0
check "... PK0003 counts it" test "$(jq '[.findings[] | select(.rule == "PK0003")] | length' <<<"$out")" = 1
printf "archive_mode = on\narchive_command = ''\n" >"$work/arch2.conf"
check "close miss: archive_mode = on with no command is PK3016" \
  test "$(lint_json --pg-version 16 "$work/arch2.conf" | jq '[.findings[] | select(.rule == "PK3016")] | length')" = 1
printf "listen_addresses = '{{ pg_listen }}'\n" >"$work/listen.conf"
out=$(lint_json "$work/listen.conf")
check "PK8003 does not read listen_addresses '{{ x }}' as an address" \
  test "$(jq '[.findings[] | select(.rule == "PK8003")] | length' <<<"$out")" = 0
check "... PK0003 says the server takes it as text, not [refuses start]" \
  test "$(jq -r '.findings[] | select(.rule == "PK0003") | "\(.refuses_start) \(.hint | startswith("The server would take the placeholders as literal text"))"' <<<"$out")" = "false true"
printf "archive_mode = on\narchive_command = 'cp %%p {{ archive_dir }}/%%f'\n" >"$work/cmd.conf"
check "close miss: a command's placeholder is still PK3016's own subject" \
  test "$(lint_json --pg-version 16 "$work/cmd.conf" | jq '[.findings[] | select(.rule == "PK3016")] | length')" = 1

# --- every removed parameter of a template is PK0011 ---
cat >"$work/removed.conf" <<'EOF'
{{ ansible_managed }}
checkpoint_segments = {{ pg_checkpoint_segments }}
krb_srvname = '{{ pg_krb_srvname }}'
wal_keep_segments = 32
stats_temp_directory = '{{ stats_dir }}'
shared_buffers = {{ sb }}
EOF
out=$(lint_json --no-rules --pg-version 16 "$work/removed.conf")
check "four removed parameters of a template on 16: four PK0011, whatever their values" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0011") | .line] | join(",")' <<<"$out")" = "2,3,4,5"
check "... and the placeholders still one PK0003" \
  test "$(jq '[.findings[] | select(.rule == "PK0003")] | length' <<<"$out")" = 1
out=$(lint_json --no-rules --pg-version 14 "$work/removed.conf")
check "close miss, on 14: stats_temp_directory is valid" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0011") | .line] | join(",")' <<<"$out")" = "2,3,4"

done_testing
