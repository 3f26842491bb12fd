#!/usr/bin/env bash
# More homes of configuration (no server): the cloudnative-pg cluster chart's values, Percona's
# PerconaPGCluster, CYBERTEC's postgresql, StackGres's SGPostgresConfig (also inside a Crossplane
# provider-kubernetes Object), CloudFormation parameter
# groups (YAML and JSON), and Terraform's apply_method. In each fixture (shaped after the
# project's documented example) and in each real public file of tests/input/real/ (a typo, a bad
# unit and a removed parameter planted by tests/input/plant.py), the findings are at their line
# and column in JSON, SARIF and GitHub output. Operator behaviour: CloudNativePG's managed
# preloads, StackGres's blocklist; CloudFormation's intrinsic functions are named, not guessed.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

fx=tests/input/fixtures
real=tests/input/real
tmp="$(mktemp -d /tmp/pgknob-homes.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT

lint() { "$PGKNOB" lint --no-rules --format "$@" 2>/dev/null; }
jqt() { jq -e "$@" >/dev/null; } # for check: its own output stays on stdout

# placed FILE RULE LINE COLUMN: RULE at LINE:COLUMN of FILE in JSON, SARIF and GitHub output
placed() {
  local file="$1" rule="$2" line="$3" col="$4" name
  name="$(basename "$(dirname "$file")")/$(basename "$file")"
  check "$name: $rule at $line:$col" jqt --arg r "$rule" --argjson l "$line" --argjson c "$col" \
    '[.findings[] | select(.rule == $r and .line == $l and .column == $c)] | length == 1' <<<"$J"
  check "$name: sarif $rule at $line:$col" jqt --arg r "$rule" --argjson l "$line" --argjson c "$col" \
    '[.runs[0].results[] | select(.ruleId == $r and .locations[0].physicalLocation.region.startLine == $l
      and .locations[0].physicalLocation.region.startColumn == $c)] | length == 1' <<<"$S"
  check "$name: github $rule at $line:$col" grep -qF "line=$line,col=$col,title=$rule " <<<"$G"
}
# where FILE TEXT [NTH]: "LINE COLUMN" of the NTH (1st) occurrence of TEXT
where() {
  awk -v t="$2" -v n="${3:-1}" 'index($0, t) && --n == 0 { print NR, index($0, t); exit }' "$1"
}
run() { J=$(lint json "$@"); S=$(lint sarif "$@"); G=$(lint github "$@"); }
# at FILE RULE TEXT [NTH]
at() { local pos; pos=$(where "$1" "$3" "${4:-1}"); placed "$1" "$2" $pos; }
kind_is() { check "$(basename "$1"): read as $2" test "$(jq -r '[.inputs[].kind] | unique | join(",")' <<<"$J")" = "$2"; }

# ---- operators
f=$fx/operators/cnpg-chart-values.yaml
run "$f"
kind_is "$f" cnpg-chart
check "chart: version from version.postgresql (16)" test "$(jq -r '.inputs[0].pg_version' <<<"$J")" = 16
at "$f" PK0010 shared_bufers
at "$f" PK0020 work_mem
at "$f" PK0011 vacuum_defer_cleanup_age
at "$f" PK0201 "host all all 10.244"
check "chart: managed preloads + the list (pg_stat_statements from its parameter, pgaudit)" \
  jqt '[.inputs[0].settings[] | select(.name == "shared_preload_libraries" and .value == "pg_stat_statements,pgaudit")] | length == 1' <<<"$J"
check "chart: the pod's resources (cluster.resources) are host facts" grep -q "ram=8192MB" <<<"$(jq -r '.inputs[0].host' <<<"$J")"

f=$fx/operators/percona.yaml
run "$f"
kind_is "$f" percona
check "percona: version from spec.postgresVersion (16)" test "$(jq -r '.inputs[0].pg_version' <<<"$J")" = 16
at "$f" PK0010 shared_bufers
at "$f" PK0020 work_mem
at "$f" PK0011 vacuum_defer_cleanup_age
check "percona: Patroni drops what it cannot validate (no refuses-start)" \
  jqt '[.findings[] | select(.rule == "PK0010" and .refuses_start == true)] | length == 0' <<<"$J"

check "percona: the operator preloads pgaudit (on unless set false)" \
  jqt '[.inputs[0].settings[] | select(.name == "shared_preload_libraries" and .value == "pgaudit")] | length == 1' <<<"$J"
printf 'apiVersion: pgv2.percona.com/v2\nkind: PerconaPGCluster\nmetadata:\n  name: c\nspec:\n  postgresVersion: 17\n  extensions:\n    pg_stat_statements:\n      enabled: true\n    pg_audit:\n      enabled: false\n  patroni:\n    dynamicConfiguration:\n      postgresql:\n        parameters:\n          shared_preload_libraries: pg_cron\n' >"$tmp/percona.yaml"
j=$(lint json "$tmp/percona.yaml")
check "percona: the user's libraries first, then the enabled extensions' (pg_cron,pg_stat_statements)" \
  jqt '[.inputs[0].settings[] | select(.name == "shared_preload_libraries" and .value == "pg_cron,pg_stat_statements" and .line == 16)] | length == 1' <<<"$j"

f=$fx/operators/cybertec.yaml
run "$f"
kind_is "$f" cybertec
check "cybertec: version from spec.postgresql.version (17)" test "$(jq -r '.inputs[0].pg_version' <<<"$J")" = 17
at "$f" PK0010 shared_bufers
at "$f" PK0020 work_mem
at "$f" PK0011 vacuum_defer_cleanup_age

f=$fx/operators/stackgres.yaml
run "$f"
kind_is "$f" stackgres
at "$f" PK0010 shared_bufers
at "$f" PK0020 work_mem
at "$f" PK0011 vacuum_defer_cleanup_age
at "$f" PK0070 "port:"
check "stackgres: the blocklisted port is not passed on" \
  jqt '[.inputs[0].settings[] | select(.name == "port")] | length == 0' <<<"$J"

# Crossplane provider-kubernetes Objects: the wrapped document is read at its own lines, an
# Object of its own and one in a Composition's resource base; the status copy is not read
f=$fx/operators/crossplane-object.yaml
run "$f"
kind_is "$f" cnpg,stackgres
check "object: two documents (the Namespace and the status copy are not read)" test "$(jq '.inputs | length' <<<"$J")" = 2
at "$f" PK0010 shared_bufers
at "$f" PK0020 work_mem
at "$f" PK0011 vacuum_defer_cleanup_age
at "$f" PK0070 "port:"
at "$f" PK0010 max_conections
check "object: the status copy's shared_bufers is not reported" \
  test "$(jq '[.findings[] | select(.rule == "PK0010")] | length' <<<"$J")" = 2
check "object: the SGPostgresConfig's version (16), the Cluster's image (17)" \
  test "$(jq -r '[.inputs[].pg_version] | join(",")' <<<"$J")" = "16,17"
check "object: --input-format stackgres reads only the SGPostgresConfig" \
  test "$(lint json --input-format stackgres "$f" | jq -r '[.inputs[].kind] | join(",")')" = stackgres
printf 'l0: &l0 {apiVersion: kubernetes.crossplane.io/v1alpha2, kind: Object, spec: {forProvider: {manifest: {apiVersion: stackgres.io/v1, kind: SGPostgresConfig, spec: {postgresql.conf: {work_mem: 4mb}}}}}}\n' >"$tmp/laughs.yaml"
for i in $(seq 1 40); do printf 'l%d: &l%d [*l%d, *l%d]\n' "$i" "$i" $((i - 1)) $((i - 1)) >>"$tmp/laughs.yaml"; done
check "object: an Object behind 2^40 alias paths is read once, at once" \
  test "$(timeout 10 "$PGKNOB" lint --no-rules --format json "$tmp/laughs.yaml" 2>/dev/null | jq '.inputs | length')" = 1
printf 'a: &x\n  b: *x\n' >"$tmp/cycle.yaml"
expect_exit 2 "object: a mapping that holds itself (an alias cycle): no configuration, exit 2" -- \
  timeout 10 "$PGKNOB" lint --no-rules "$tmp/cycle.yaml"

# CloudNativePG preloads pg_stat_statements itself when its parameters are set: no PK0026
printf 'apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata:\n  name: c\nspec:\n  imageName: ghcr.io/cloudnative-pg/postgresql:17.2\n  postgresql:\n    parameters:\n      pg_stat_statements.track: "all"\n' >"$tmp/cnpg.yaml"
j=$("$PGKNOB" lint --format json "$tmp/cnpg.yaml" 2>/dev/null)
check "cnpg: pg_stat_statements.* set, the operator preloads it: no PK0026" \
  jqt '[.findings[] | select(.rule == "PK0026")] | length == 0' <<<"$j"
sed -i 's/pg_stat_statements.track/pg_stat_kcache.track/' "$tmp/cnpg.yaml"
j=$("$PGKNOB" lint --format json "$tmp/cnpg.yaml" 2>/dev/null)
check "cnpg: a library the operator does not manage gets no preload" \
  jqt '[.inputs[0].settings[] | select(.name == "shared_preload_libraries")] | length == 0' <<<"$j"

# CloudNativePG's pg_ident: read as pg_ident.conf after the operator's own maps (local,
# cnpg_streaming_replica, cnpg_pooler_pgbouncer); map= of the pg_hba lines looked up in them
printf 'apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata:\n  name: c\nspec:\n  imageName: ghcr.io/cloudnative-pg/postgresql:17.2\n  postgresql:\n    pg_hba:\n      - hostssl app app 10.0.0.0/8 cert map=appmap\n      - hostssl app app 192.168.0.0/16 cert map=nomap\n      - local app app peer map=local\n    pg_ident:\n      - appmap /^(.*)@example\\.com$ \\1\n' >"$tmp/ident.yaml"
J=$(lint json "$tmp/ident.yaml"); S=$(lint sarif "$tmp/ident.yaml"); G=$(lint github "$tmp/ident.yaml")
placed "$tmp/ident.yaml" PK0207 10 9
check "cnpg pg_ident: a map it defines (appmap) and the operator's own (local) are found" \
  jqt '[.findings[] | select(.rule == "PK0207")] | length == 1' <<<"$J"
check "cnpg pg_ident: the hint names the manifest's list" \
  jqt '[.findings[] | select(.rule == "PK0207" and (.hint | contains("spec.postgresql.pg_ident")))] | length == 1' <<<"$J"
check "cnpg pg_ident: the message names where the maps are" \
  jqt '[.findings[] | select(.rule == "PK0207" and (.message | contains("pg_ident lines")))] | length == 1' <<<"$J"
printf '      - onlytwo fields\n      - bad /(unclosed app\n' >>"$tmp/ident.yaml"
J=$(lint json "$tmp/ident.yaml"); S=$(lint sarif "$tmp/ident.yaml"); G=$(lint github "$tmp/ident.yaml")
placed "$tmp/ident.yaml" PK0205 14 9
placed "$tmp/ident.yaml" PK0205 15 9
check "cnpg pg_ident: the server's words (missing entry at end of line)" \
  jqt '[.findings[] | select(.rule == "PK0205" and .message == "missing entry at end of line")] | length == 1' <<<"$J"
printf 'cluster:\n  instances: 1\n  postgresql:\n    pg_hba:\n      - hostssl all all 10.0.0.0/8 cert map=mymap\n    pg_ident:\n      - mymap  "quoted user" app\n      - other only\n' >"$tmp/chart-ident.yaml"
J=$(lint json "$tmp/chart-ident.yaml")
printf '      - mymap x app\n' >>"$tmp/chart-ident.yaml"
sed -i '/other only/d; s/map=mymap/map=nomap/' "$tmp/chart-ident.yaml"
check "chart values: an undefined map's hint names cluster.postgresql.pg_ident" \
  jqt '[.findings[] | select(.rule == "PK0207" and (.hint | contains("cluster.postgresql.pg_ident")))] | length == 1' \
  < <(lint json "$tmp/chart-ident.yaml")
check "chart values: cluster.postgresql.pg_ident read (PK0205 at 8:9)" \
  jqt '[.findings[] | select(.rule == "PK0205" and .line == 8 and .column == 9)] | length == 1' <<<"$J"

# Spilo (the Zalando operator's image) preloads its own libraries when the manifest lists none
f=$fx/zalando.yaml
J=$(lint json "$f")
check "zalando: Spilo's preloads for 17 (configure_spilo.py, append_extensions)" \
  jqt '[.inputs[0].settings[] | select(.name == "shared_preload_libraries" and .value == "bg_mon,pg_stat_statements,pgextwlist,pg_auth_mon,set_user,timescaledb,pg_cron,pg_stat_kcache")] | length == 1' <<<"$J"
check "zalando: the image's libraries are not 'to install' (no PK0061)" \
  jqt '[.findings[] | select(.rule == "PK0061")] | length == 0' <<<"$J"
# Spilo's own timescaledb and pg_cron against the default max_worker_processes: the image's
# defaults, a notice at the document, not at the line the owner wrote (review 2026-12zg, h37a 11);
# close miss: max_worker_processes written keeps the warning at its line
printf 'apiVersion: acid.zalan.do/v1\nkind: postgresql\nmetadata:\n  name: z\nspec:\n  teamId: acid\n  postgresql:\n    version: "15"\n    parameters:\n      wal_level: logical\n' >"$tmp/zalando-mwp.yaml"
check "zalando: Spilo's preloads beyond the default worker slots: PK0028 a notice at the document" \
  test "$(lint json "$tmp/zalando-mwp.yaml" | jq -r '[.findings[] | select(.rule == "PK0028") | "\(.severity) \(.line // 0) \(.hint | test("the image preloads these modules itself"))"] | join(",")')" = "notice 0 true"
printf '      max_worker_processes: "9"\n' >>"$tmp/zalando-mwp.yaml"
check "  close miss: max_worker_processes written: a warning at its line (11)" \
  test "$(lint json "$tmp/zalando-mwp.yaml" | jq -r '[.findings[] | select(.rule == "PK0028") | "\(.severity) \(.line)"] | join(",")')" = "warning 11"
printf 'apiVersion: acid.zalan.do/v1\nkind: postgresql\nmetadata:\n  name: z\nspec:\n  postgresql:\n    version: "18"\n    parameters:\n      pg_stat_statements.track: "all"\n' >"$tmp/zalando18.yaml"
j=$("$PGKNOB" lint --format json "$tmp/zalando18.yaml" 2>/dev/null)
check "zalando 18: pg_stat_statements preloaded by Spilo: no PK0026, no PK7004" \
  jqt '[.findings[] | select(.rule == "PK0026" or .rule == "PK7004")] | length == 0' <<<"$j"
check "zalando 18: timescaledb, pg_cron, pg_stat_kcache are added up to 17 only" \
  jqt '[.inputs[0].settings[] | select(.name == "shared_preload_libraries" and .value == "bg_mon,pg_stat_statements,pgextwlist,pg_auth_mon,set_user")] | length == 1' <<<"$j"
# the release the dockerImage names decides which majors it preloads them for (spilo_commons.py
# at each tag: held-out set 41, h41c 43, spilo-15:3.0-p1 builds timescaledb up to 14 only);
# close miss: 4.0-p2 on 15 preloads all three
printf 'apiVersion: acid.zalan.do/v1\nkind: postgresql\nmetadata:\n  name: z\nspec:\n  dockerImage: ghcr.io/zalando/spilo-15:3.0-p1\n  postgresql:\n    version: "15"\n' >"$tmp/zalando-30.yaml"
check "zalando spilo 3.0-p1 on 15: pg_cron and pg_stat_kcache preloaded, not timescaledb" \
  jqt '[.inputs[0].settings[] | select(.name == "shared_preload_libraries" and .value == "bg_mon,pg_stat_statements,pgextwlist,pg_auth_mon,set_user,pg_cron,pg_stat_kcache")] | length == 1' \
  < <(lint json "$tmp/zalando-30.yaml")
sed -i 's/3.0-p1/4.0-p2/' "$tmp/zalando-30.yaml"
check "  close miss: spilo 4.0-p2 on 15 preloads timescaledb too" \
  jqt '[.inputs[0].settings[] | select(.name == "shared_preload_libraries" and (.value | endswith("set_user,timescaledb,pg_cron,pg_stat_kcache")))] | length == 1' \
  < <(lint json "$tmp/zalando-30.yaml")
printf '      shared_preload_libraries: "pg_cron"\n' >>"$tmp/zalando18.yaml"
j=$("$PGKNOB" lint --format json "$tmp/zalando18.yaml" 2>/dev/null)
check "zalando: the manifest's own list replaces Spilo's (PK0026 for pg_stat_statements)" \
  jqt '([.inputs[0].settings[] | select(.name == "shared_preload_libraries")] | map(.value) == ["pg_cron"])
       and ([.findings[] | select(.rule == "PK0026")] | length == 1)' <<<"$j"
check "zalando: a library the user lists is still 'to install' (PK0061)" \
  jqt '[.findings[] | select(.rule == "PK0061")] | length == 1' <<<"$j"
j=$(lint json "$fx/operators/cybertec.yaml")
check "cybertec: Spilo's preloads are not modelled for its own image" \
  jqt '[.inputs[0].settings[] | select(.name == "shared_preload_libraries" and (.value | contains("bg_mon")))] | length == 0' <<<"$j"

# ---- CloudFormation
f=$fx/cloudformation/group.yaml
run "$f"
kind_is "$f" cloudformation
check "cfn yaml: two PostgreSQL groups (the mysql8.0 one skipped)" test "$(jq '.inputs | length' <<<"$J")" = 2
check "cfn yaml: versions from Family (16, 15)" test "$(jq -r '[.inputs[].pg_version] | join(",")' <<<"$J")" = "16,15"
at "$f" PK0010 shared_bufers
at "$f" PK0020 64mb
at "$f" PK0011 vacuum_defer_cleanup_age
at "$f" PK0075 log_min_duration_statement
at "$f" PK0075 application_name
at "$f" PK0075 idle_in_transaction_session_timeout
check "cfn yaml: !Ref is named" jqt '[.findings[] | select(.rule == "PK0075" and (.message | contains("!Ref LogMinDuration")))] | length == 1' <<<"$J"
check "cfn yaml: a number is passed as written (max_connections 200)" \
  jqt '[.inputs[0].settings[] | select(.name == "max_connections" and .value == "200")] | length == 1' <<<"$J"
j=$(lint json --host instance_class=db.r6g.large "$f")
check "cfn yaml: a formula is evaluated with an instance class" \
  jqt '[.findings[] | select(.rule == "PK0075" and (.message | contains("DBInstanceClassMemory")))] | length == 0' <<<"$j"

f=$fx/cloudformation/group.json
run "$f"
kind_is "$f" cloudformation
at "$f" PK0010 '"shared_bufers"'
at "$f" PK0020 '"64mb"'
at "$f" PK0011 '"vacuum_defer_cleanup_age"'
at "$f" PK0075 '"log_min_duration_statement"'
at "$f" PK0075 '"random_page_cost"'
check "cfn json: Fn::If is named" jqt '[.findings[] | select(.rule == "PK0075" and (.message | contains("Fn::If")))] | length == 1' <<<"$J"
j=$(lint json - <"$f")
check "cfn json on standard input: recognised" test "$(jq -r '.inputs[0].kind' <<<"$j")" = cloudformation
j=$(lint json --input-format cloudformation "$fx/cloudformation/group.yaml")
check "--input-format cloudformation reads the template" test "$(jq '.inputs | length' <<<"$j")" = 2
expect_exit 2 "--input-format cloudformation on a Cluster: exit 2" -- \
  "$PGKNOB" lint --input-format cloudformation "$fx/cnpg-cluster.yaml"
printf '{"Resources": {"G": {"Type": "AWS::RDS::DBParameterGroup", "Properties": {"Family": "postgres16", "Parameters": {"work_mem": }}}}}\n' >"$tmp/broken.json"
expect_exit 2 "broken CloudFormation JSON: exit 2" -- "$PGKNOB" lint "$tmp/broken.json"
check "broken CloudFormation JSON: file:line:column" grep -q "broken.json:1:[0-9]*: .*JSON" < <("$PGKNOB" lint "$tmp/broken.json" 2>&1)

# ---- Terraform apply_method: AWS refuses "immediate" for a static parameter
f=$fx/terraform/apply/main.tf
run "$f"
at "$f" PK0070 '"immediate"' 2
at "$f" PK0070 '"max_connections"'
check "apply_method: pending-reboot and dynamic parameters pass (2 findings)" \
  test "$(jq '[.findings[] | select(.rule == "PK0070")] | length' <<<"$J")" = 2
# a contrib module's static parameter too: pg_stat_statements.max takes a restart (held-out set
# 49, h49b 25); close miss: pg_stat_statements.track, which a reload applies
printf 'resource "aws_db_parameter_group" "pss" {\n  name   = "pss"\n  family = "postgres17"\n  parameter {\n    name  = "pg_stat_statements.max"\n    value = "10000"\n  }\n  parameter {\n    name  = "pg_stat_statements.track"\n    value = "all"\n  }\n}\n' >"$tmp/pss.tf"
check "apply_method: pg_stat_statements.max (static) is PK0070, .track (dynamic) is not" \
  test "$("$PGKNOB" lint --format json --fail-on never "$tmp/pss.tf" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0070") | .line] | join(",")')" = 5
# whether a parameter takes a restart does not depend on its value: a formula pgknob cannot
# compute, or a variable it cannot resolve, is refused alike (review 2026-12zo, h56b 23: a
# static shared_buffers = {DBInstanceClassMemory/32768} left unsaid); close miss: pending-reboot
printf 'variable "mc" {}\nresource "aws_db_parameter_group" "f" {\n  name   = "f"\n  family = "postgres15"\n  parameter {\n    name  = "shared_buffers"\n    value = "{DBInstanceClassMemory/32768}"\n  }\n  parameter {\n    name  = "max_connections"\n    value = var.mc\n  }\n  parameter {\n    name         = "max_worker_processes"\n    value        = "{DBInstanceVCPU*2}"\n    apply_method = "pending-reboot"\n  }\n}\n' >"$tmp/formula.tf"
check "apply_method: a static parameter's formula or unresolved value is PK0070 too (lines 6, 10)" \
  test "$("$PGKNOB" lint --format json --fail-on never "$tmp/formula.tf" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0070") | .line] | join(",")')" = 6,10
# the finding shows the value written, not an empty one (held-out set 52, h52b 28: the report's
# table said shared_preload_libraries was empty beside "pg_stat_statements")
check "  ... its setting is the value written (10000), and its title names the service too" \
  test "$("$PGKNOB" lint --format json --fail-on never "$tmp/pss.tf" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0070") | "\(.settings[0].value) \(.title)"] | join(",")')" = "10000 parameter the operator or service refuses"

# ---- real public files (tests/input/real/*/SOURCES.md): planted mistakes at their places
plant_check() { # DIR FILE PATH [MARKER [conf|args|json [PG_VERSION [REFUSED]]]]
  # REFUSED: "LINE:COLUMN" of a line of the file itself that the server refuses (PK0001)
  local dir="$1" file="$2" path="$3" marker="$4" mode="$5" refused="$7" kind out name line key val pin=()
  case "$dir" in bitnami | configmap) kind=embedded ;; compose) kind=args ;; *) kind="$dir" ;; esac
  [ -n "$6" ] && pin=(--pg-version "$6")
  out="$tmp/$dir-$(basename "$file")"
  run "${pin[@]}" "$file"
  check "$dir/$(basename "$file"): read as $kind, syntax errors: ${refused:-none}" \
    jqt --arg k "$kind" --arg r "$refused" '([.inputs[].kind] | unique == [$k]) and
      ([.findings[] | select(.rule == "PK0001") | "\(.line):\(.column)"] == ($r | split(" ") | map(select(. != ""))))' <<<"$J"
  if [ "$mode" = args ]; then
    python3 tests/input/plant_args.py "$file" "$out" "$marker" >"$tmp/planted" || { fail "plant $file"; return; }
  elif [ "$mode" = json ]; then # MARKER: the resource whose Parameters map is planted
    python3 tests/input/plant_json.py "$file" "$out" "$marker" >"$tmp/planted" || { fail "plant $file"; return; }
  else
    python3 tests/input/plant.py "$file" "$path" "$out" "$marker" $mode >"$tmp/planted" || { fail "plant $file"; return; }
  fi
  run "${pin[@]}" "$out"
  while read -r name line key val; do
    case "$name" in
      shared_bufers) placed "$out" PK0010 "$line" "$key" ;;
      work_mem) placed "$out" PK0020 "$line" "$(case "$dir" in cloudformation | compose) echo "$val" ;; *) echo "$key" ;; esac)" ;;
      wal_keep_segments) # removed in 13: removed for every major pgknob checks; Patroni (under
        # Percona's and Crunchy's operators too) passes it on as wal_keep_size (PK0073)
        case "$dir" in
          percona | crunchy | patroni) placed "$out" PK0073 "$line" "$key" ;;
          *) placed "$out" PK0011 "$line" "$key" ;;
        esac ;;
    esac
  done <"$tmp/planted"
}
while IFS='|' read -r dir file path marker mode pin refused; do
  [ -n "$dir" ] && plant_check "$dir" "$real/$dir/$file" "$path" "$marker" "$mode" "$pin" "$refused"
done <<'LIST'
cloudformation|widdix-rds-aurora-serverless-postgres.yaml|Resources.DBClusterParameterGroup.Properties.Parameters
cloudformation|quickstart-aurora-postgres.yaml|Resources.APGDBPG.Properties.Parameters
cloudformation|aws-samples-aurora-stored-proc-pgcron.yaml|Resources.RDSDBParameterGroupReporting.Properties.Parameters
cloudformation|aws-samples-aurora-upgrade-dblaunch.yaml|Resources.SrcRDSDBClusterParameterGroup.Properties.Parameters
cloudformation|aws-samples-fast-failover-primary-databases.json||ClusterParameterGroup|json
cnpg-chart|basic.yaml|cluster.postgresql.parameters
cnpg-chart|postgis.yaml|cluster.postgresql.parameters
cnpg-chart|pgbouncer.yaml|cluster.postgresql.parameters
cnpg-chart|custom-queries.yaml|cluster.postgresql.parameters
cnpg-chart|standalone-s3.yaml|cluster.postgresql.parameters
cnpg-chart|timescaledb.yaml|cluster.postgresql.parameters
cnpg-chart|values.yaml|cluster.postgresql.parameters
percona|deploy_cr.yaml|spec.patroni.dynamicConfiguration.postgresql.parameters
percona|dynamic-configuration_02-apply-configuration.yaml|spec.patroni.dynamicConfiguration.postgresql.parameters
percona|major-upgrade-17-to-18_02-assert.yaml|spec.patroni.dynamicConfiguration.postgresql.parameters|kind: PerconaPGCluster
percona|standby-streaming_02-assert.yaml|spec.patroni.dynamicConfiguration.postgresql.parameters|kind: PerconaPGCluster
percona|pg-tde-wal-encrypt_03-assert.yaml|spec.patroni.dynamicConfiguration.postgresql.parameters|kind: PerconaPGCluster
bitnami|postgresql-values.yaml|primary.extendedConfiguration||conf
bitnami|harbor-values.yaml|postgresql.primary.extendedConfiguration||conf
bitnami|jfrog-artifactory-values.yaml|postgresql.primary.extendedConfiguration||conf
bitnami|jfrog-artifactory-sizing-large.yaml|postgresql.primary.extendedConfiguration||conf
bitnami|jfrog-xray-values.yaml|postgresql.primary.extendedConfiguration||conf
bitnami|jfrog-platform-sizing-large.yaml|artifactory.postgresql.primary.extendedConfiguration||conf
bitnami|jfrog-insight-values.yaml|postgresql.postgresqlExtendedConf||||262:5
stackgres|trakrf__infra__sgpostgresconfig.yaml|spec.postgresql\.conf
stackgres|vshn__component-appcat__21_composition_vshn_postgres.yaml|spec.postgresql\.conf|kind: SGPostgresConfig
stackgres|vshn__component-appcat__21_composition_vshn_postgresrestore.yaml|spec.postgresql\.conf|kind: SGPostgresConfig
cybertec|complete-postgres-manifest.yaml|spec.postgresql.parameters
cybertec|minimal-postgres-manifest.yaml|spec.postgresql.parameters
cybertec|minimal-postgres-manifest-12.yaml|spec.postgresql.parameters|||17
cybertec|minimal-master-replica-svcmonitor.yaml|spec.postgresql.parameters|kind: postgresql
cybertec|standby-manifest.yaml|spec.postgresql.parameters
configmap|sourcegraph-pgsql.yaml|data.postgresql\.conf||conf
configmap|sourcegraph-codeintel-db.yaml|data.postgresql\.conf||conf
configmap|sourcegraph-codeinsights-db.yaml|data.postgresql\.conf||conf
configmap|sourcegraph-k8s-pgsql.yaml|data.postgresql\.conf||conf
configmap|sourcegraph-k8s-codeinsights-db.yaml|data.postgresql\.conf||conf
compose|pgcopydb-pagila.yaml|||args
compose|pgcopydb-pagila-standby.yaml|||args
compose|pgcopydb-follow-wal2json.yaml||  target:|args
compose|pgcopydb-follow-9.6.yaml||  target:|args
compose|pgcopydb-cdc-pgoutput.yaml||  target:|args
LIST
# What pgknob reads from each real file as it is: configurations, settings in each, the major
# (counted independently: the ConfigMaps' active `name = value` lines by grep, the CYBERTEC
# parameters and compose -c options by hand; the compose files' image postgres:${PGVERSION:-16}
# is 16, the default compose writes where PGVERSION is unset); the version 12 manifest exits 2
# without --pg-version, at its key
reads() { # DIR FILE CONFIGS SETTINGS MAJOR [PIN]
  local j
  j=$("$PGKNOB" lint --no-rules ${6:+--pg-version "$6"} --format json "$real/$1/$2" 2>/dev/null)
  check "$1/$2: $3 configuration(s), settings $4, PostgreSQL $5" \
    test "$(jq -r '[(.inputs | length), ([.inputs[].settings | length] | join("+")), ([.inputs[].pg_version] | unique | join(","))] | join("|")' <<<"$j")" = "$3|$4|$5"
  # each setting's line is the file's line that names it (names as the catalogue spells them; a
  # chart's map key in camel case, maxConnections for max_connections)
  check "$1/$2: every setting at a line that names it" test -z "$(jq -r '.inputs[].settings[] | "\(.line) \(.name)"' <<<"$j" |
    while read -r line name; do sed -n "${line}p" "$real/$1/$2" | tr -d _ | grep -qiF "${name//_/}" || echo "$name@$line"; done)"
}
while IFS='|' read -r dir file configs settings major pin; do
  [ -n "$dir" ] && reads "$dir" "$file" "$configs" "$settings" "$major" "$pin"
done <<'LIST'
stackgres|trakrf__infra__sgpostgresconfig.yaml|1|5|17
stackgres|vshn__component-appcat__21_composition_vshn_postgres.yaml|1|0|18
stackgres|vshn__component-appcat__21_composition_vshn_postgresrestore.yaml|1|0|18
cybertec|complete-postgres-manifest.yaml|1|3|15
cybertec|minimal-master-replica-svcmonitor.yaml|1|0|13
cybertec|minimal-postgres-manifest.yaml|1|0|15
cybertec|standby-manifest.yaml|1|0|15
cybertec|minimal-postgres-manifest-12.yaml|1|0|17|17
configmap|sourcegraph-pgsql.yaml|1|27|18
configmap|sourcegraph-codeintel-db.yaml|1|27|18
configmap|sourcegraph-codeinsights-db.yaml|1|29|18
configmap|sourcegraph-k8s-pgsql.yaml|1|27|18
configmap|sourcegraph-k8s-codeinsights-db.yaml|1|29|18
compose|pgcopydb-pagila.yaml|2|3+3|16
compose|pgcopydb-pagila-standby.yaml|3|8+3+3|16
compose|pgcopydb-follow-wal2json.yaml|1|3|16
compose|pgcopydb-follow-9.6.yaml|1|3|16
compose|pgcopydb-cdc-pgoutput.yaml|1|3|16
cloudformation|widdix-rds-aurora-serverless-postgres.yaml|1|1|18
bitnami|postgresql-values.yaml|1|0|17
bitnami|harbor-values.yaml|1|1|18
bitnami|jfrog-artifactory-values.yaml|1|2|17
bitnami|jfrog-artifactory-sizing-large.yaml|1|1|18
bitnami|jfrog-xray-values.yaml|1|3|17
bitnami|jfrog-insight-values.yaml|1|1|13
bitnami|jfrog-platform-sizing-large.yaml|3|1+3+1|18
cloudformation|quickstart-aurora-postgres.yaml|2|1+2|18
cloudformation|aws-samples-aurora-stored-proc-pgcron.yaml|4|2+0+2+2|13
cloudformation|aws-samples-aurora-upgrade-dblaunch.yaml|4|8+6+8+6|18
cloudformation|aws-samples-fast-failover-primary-databases.json|1|2|13
LIST
check "cybertec/minimal-postgres-manifest-12.yaml: version 12 is checked as 18, PK0004 at the key (20)" \
  jqt '.inputs[0].pg_version == "18" and ([.findings[] | select(.rule == "PK0004") | .line] == [20])' \
  <<<"$(lint json "$real/cybertec/minimal-postgres-manifest-12.yaml")"
j=$(lint json "$real/bitnami/jfrog-platform-sizing-large.yaml")
check "umbrella chart values: three postgresql charts, each with its pod's limits (64, 32, 1 GiB)" \
  test "$(jq -r '[.inputs[].host | capture("ram=(?<r>[0-9]+)MB").r] | join(",")' <<<"$j")" = "65536,32768,1024"
check "chart values: the major from the subchart's postgresql.image.tag (17.10-helm-…)" \
  jqt '.inputs[0] | .pg_version == "17" and .version_source == "manifest"' \
  < <(lint json "$real/bitnami/jfrog-artifactory-values.yaml")
check "jfrog-insight: postgresqlExtendedConf's listenAddresses: \"*\" renders listen_addresses=*, which the server refuses" \
  jqt '[.findings[] | select(.rule == "PK0001" and .line == 262 and (.message | contains("\"*\"")))] | length == 1' \
  < <(lint json "$real/bitnami/jfrog-insight-values.yaml")
j=$(lint json "$real/compose/pgcopydb-pagila-standby.yaml")
check "compose merge key: the target service's image comes from <<: *x-postgres-base (read)" \
  jqt '[.inputs[] | select(.settings | length == 3) | .settings[] | select(.name == "ssl" and .line == 76)] | length == 1' <<<"$j"
check "compose: postgres inside a bash -c script in a literal block, at its line (59)" \
  jqt '[.inputs[].settings[] | select(.name == "ssl_key_file" and .line == 59)] | length == 1' <<<"$j"
check "compose: a service built from a local Dockerfile is not guessed at (follow-wal2json: target only)" \
  test "$(lint json "$real/compose/pgcopydb-follow-wal2json.yaml" | jq '[.inputs[].settings[] | select(.name == "wal_level")] | length')" = 0
for f in "$real"/*/*.yaml "$real"/*/*.json "$real"/*/*.tf; do # lint with the rule packs runs on every one, no crash
  "$PGKNOB" lint --pg-version 17 "$f" >/dev/null 2>&1; rc=$?
  check "lint with the rule packs: $(basename "$(dirname "$f")")/$(basename "$f") (exit $rc, no crash)" test "$rc" -le 2
done

# Terraform (tests/input/plant_hcl.py plants { name, value } objects in a list, or a list)
tf_check() { # FILE ANCHOR [LIST]
  local file="$real/terraform/$1" out="$tmp/tf-$1" name line key val pin=()
  J=$(lint json "$file")
  if [ "$1" = sql-db-postgresql-ha.tf ]; then # database_version "POSTGRES_9_6": not a major pgknob checks
    check "terraform/$1: POSTGRES_9_6 is checked as 18, PK0004 and PK0005 say why" \
      jqt '.inputs[0].pg_version == "18" and ([.findings[] | select(.rule == "PK0004" or .rule == "PK0005")] | length == 2)' <<<"$J"
    pin=(--pg-version 17)
  else
    check "terraform/$1: read as terraform, no syntax error" \
      jqt '([.inputs[].kind] | unique == ["terraform"]) and ([.findings[] | select(.rule == "PK0001")] | length == 0)' <<<"$J"
  fi
  python3 tests/input/plant_hcl.py "$file" "$2" "$out" ${3:+"$3"} >"$tmp/planted" || { fail "plant $file"; return; }
  run "${pin[@]}" "$out"
  while read -r name line key val; do
    case "$name" in
      shared_bufers) placed "$out" PK0010 "$line" "$key" ;;
      work_mem) placed "$out" PK0020 "$line" "$val" ;;
      wal_keep_segments) placed "$out" PK0011 "$line" "$key" ;;
    esac
  done <"$tmp/planted"
}
while IFS='|' read -r file anchor list; do
  [ -n "$file" ] && tf_check "$file" "$anchor" "$list"
done <<'LIST'
rds-complete-postgres.tf|^  parameters = \[|
rds-groups.tf|family *= "postgres14"|
rds-replica-postgres.tf|family *= local.family|
rds-cross-region-replica-postgres.tf|family *= local.family|
rds-aurora-postgresql.tf|^    parameters = \[|
sql-db-postgresql-public.tf|database_version|database_flags
sql-db-postgresql-ha.tf|^  database_flags = \[|
LIST

# ---- pgknob settings on a manifest: its settings, as written; several documents: exit 2
out=$("$PGKNOB" settings "$fx/cloudformation/group.json" 2>&1); rc=$?
check "settings on a CloudFormation template: exit 0 (got $rc)" test "$rc" = 0
check "settings lists its parameters at their lines (work_mem at 12)" grep -q "group.json:12: .*work_mem = '64mb'" <<<"$out"
check "settings names no YAML syntax error" bash -c '! grep -q "syntax error" <<<"$1"' _ "$out"
printf 'apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata:\n  name: c\nspec:\n  postgresql:\n    parameters:\n      datestyle: "ISO, DMY"\n' >"$tmp/ds.yaml"
check "settings keeps names as written (datestyle)" grep -q "#1 datestyle = 'ISO, DMY'" < <("$PGKNOB" settings "$tmp/ds.yaml" 2>&1)
expect_exit 2 "settings on a stream of two groups: exit 2" -- "$PGKNOB" settings "$fx/cloudformation/group.yaml"

# ---- the language server puts them at the same line and column (LSP counts from 0)
lsp_at() { # FILE: every PK0010/PK0020/PK0011 of lint's JSON at the same place in the LSP's diagnostics
  local file="$1" want got
  python3 tests/lsp/session.py "$PGKNOB" "$file" "$tmp/lsp.raw" "$tmp/lsp.json" 2>/dev/null
  want=$(lint json "$file" | jq -c '[.findings[] | select(.rule | test("PK00(10|11|20)")) | [.rule, .line - 1, .column - 1]] | sort')
  got=$(jq -c '[.messages[] | select(.method == "textDocument/publishDiagnostics") | .params.diagnostics[]
    | select(.code | test("PK00(10|11|20)")) | [.code, .range.start.line, .range.start.character]] | sort' "$tmp/lsp.json")
  check "lsp: $(basename "$file"): the same places as lint's ($want)" test "$want" = "$got"
}
lsp_at "$fx/cloudformation/group.yaml"
lsp_at "$fx/operators/cnpg-chart-values.yaml"
lsp_at "$fx/operators/stackgres.yaml"
# the planted copies of real files: a chart's rendered map, an umbrella chart's, CloudFormation JSON,
# an SGPostgresConfig whose own work_mem line took the bad unit
lsp_at "$tmp/bitnami-jfrog-insight-values.yaml"
lsp_at "$tmp/bitnami-jfrog-platform-sizing-large.yaml"
lsp_at "$tmp/cloudformation-aws-samples-fast-failover-primary-databases.json"
lsp_at "$tmp/stackgres-trakrf__infra__sgpostgresconfig.yaml"
lsp_at "$fx/operators/crossplane-object.yaml"
# an SGPostgresConfig in a Crossplane Object in a Composition's resource base
lsp_at "$tmp/stackgres-vshn__component-appcat__21_composition_vshn_postgres.yaml"

j=$(lint json "$real/cloudformation/widdix-rds-aurora.yaml")
check "widdix rds-aurora: Parameters !If is named, nothing guessed" \
  jqt '[.findings[] | select(.rule == "PK0075" and (.message | contains("!If")))] | length == 1' <<<"$j"

done_testing
