#!/usr/bin/env bash
# Generates src/catalog/catalog_data.auto.c from the pg_settings of real PostgreSQL servers 13–18
# (the builds pinned in tests/pg/versions.sh), so the catalog says what the servers say.
#   gen_catalog.sh            regenerate src/catalog/catalog_data.auto.c (`make catalog`)
#   gen_catalog.sh --check    regenerate into a temp file and diff with the committed one; exit 1
#                             when it is stale (`make catalog-check`)
# Parameters present in the pinned (latest) minor of a major but absent from the first minor
# available as a package get `since_minor`: the first available minor that has them, found by
# bisecting over the available package versions (each probed build is cached, with its list of
# parameter names, under the server cache). Output is deterministic: same servers, same bytes.
# Internal modes, used by the generator itself:
#   --dump MAJOR [BINDIR]     pg_settings of that server as JSON on stdout
#   --probe VERSION           parameter names of a package version, one a line (cached)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=gen_common.sh
source "$here/gen_common.sh"

SETTINGS_SQL="SELECT json_build_object(
  'server_version_num', current_setting('server_version_num'),
  'settings', json_agg($GEN_SETTING_ROW ORDER BY name COLLATE \"C\"))
FROM pg_settings"

# {"settings": pg_settings rows, "server_version_num": …, "hidden": [names], "binary": path}
dump_settings() { # major [bindir]
  PG_START_BIN="${2:-}" pg_cluster_start "$1" >&2 || exit 1
  local hidden
  hidden="$(pg_hidden_names | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read().split()))')"
  pg_psql -c "$SETTINGS_SQL" | python3 -c '
import json, sys
data = json.load(sys.stdin)
data["hidden"] = json.loads(sys.argv[1])
data["binary"] = sys.argv[2]
print(json.dumps(data))' "$hidden" "$PG_BIN/postgres"
  pg_cluster_stop
}

probe_names() { # package version
  local ver="$1" out="$PG_CACHE/names/$1.txt" bin
  if [ ! -s "$out" ]; then
    if [ "${PG_PKG_VERSION[${ver%%.*}]:-}" = "$ver" ]; then
      bin="$(pg_bin_dir "${ver%%.*}")"
    else
      bin="$(PGKNOB_PG_CACHE="$PG_CACHE" tests/pg/fetch-servers.sh --pkg "$ver")"
    fi
    mkdir -p "$PG_CACHE/names"
    PG_START_BIN="$bin" pg_cluster_start "${ver%%.*}" >&2 || exit 1
    pg_psql -c "SELECT name FROM pg_settings ORDER BY name COLLATE \"C\"" > "$out.tmp"
    pg_cluster_stop
    mv "$out.tmp" "$out"
  fi
  cat "$out"
}

case "${1:-}" in
  --dump) dump_settings "$2" "${3:-}"; exit 0 ;;
  --probe) probe_names "$2"; exit 0 ;;
  --check|"") ;;
  *) echo "usage: gen_catalog.sh [--check]" >&2; exit 2 ;;
esac

gen_prepare
committed=src/catalog/catalog_data.auto.c
versions_json="$work/npm-versions.json"
timeout 120 npm view "$PG_NPM_PACKAGE" versions --json > "$versions_json"

pinned_args=()
for major in "${!PG_PKG_VERSION[@]}"; do pinned_args+=("$major=${PG_PKG_VERSION[$major]}"); done

python3 - "$0" "$versions_json" "$work/catalog_data.auto.c" "$PG_MAJORS" "$PG_DEBIAN_MAJOR" \
    "${pinned_args[@]}" <<'PY'
import json, re, subprocess, sys
sys.path.insert(0, "src/catalog")
from catalog_emit import c_str, param_row

script, versions_path, out_path, majors_arg, debian_major = sys.argv[1:6]
pinned = {int(k): v for k, v in (arg.split("=", 1) for arg in sys.argv[6:])}
majors = [int(m) for m in majors_arg.split()]
debian_major = int(debian_major)

def log(msg):
    print("gen_catalog: " + msg, file=sys.stderr, flush=True)

def run(*args):
    return subprocess.run(["bash", script, *args], check=True, stdout=subprocess.PIPE,
                          text=True).stdout

def version_key(ver):
    m = re.match(r"^(\d+)\.(\d+)\.(\d+)(?:-([a-z]+)\.(\d+))?$", ver)
    if not m:
        return None
    pre_rank = {"alpha": 0, "beta": 1, "rc": 2, None: 3}.get(m.group(4), -1)
    return (int(m.group(1)), int(m.group(2)), int(m.group(3)), pre_rank, int(m.group(5) or 0))

def minor_of(ver):
    key = version_key(ver)
    return "%d.%d" % (key[0], key[1])

# One package version per minor release (the newest build of it), up to the pinned/latest one.
def candidates(major, limit_key):
    with open(versions_path) as f:
        versions = [v for v in json.load(f) if version_key(v) and version_key(v)[0] == major]
    best = {}
    for ver in versions:
        key = version_key(ver)
        if key[:2] > limit_key:
            continue
        if key[:2] not in best or key > version_key(best[key[:2]]):
            best[key[:2]] = ver
    return [best[k] for k in sorted(best)]

names_memo = {}
def probe(ver):
    if ver not in names_memo:
        log("probing " + ver)
        names_memo[ver] = set(run("--probe", ver).split())
    return names_memo[ver]

# For each name new in the latest minor: the first candidate that has it (bisection; a parameter
# once added stays within a branch).
def since_minors(major, latest_names, latest_minor):
    cands = candidates(major, (major, latest_minor))
    if len(cands) < 2:
        return {}, None
    first = probe(cands[0])
    last = probe(cands[-1])
    new = sorted((latest_names - first) & last)
    for name in sorted(first - last):
        log("warning: %s is in %s but not in %s: removed in a minor release" % (name, cands[0], cands[-1]))
    for name in sorted((latest_names - first) - last):
        log("warning: %s is in the catalog build of %d but in no package build" % (name, major))
    result = {}
    for name in new:
        lo, hi = 0, len(cands) - 1   # cands[lo] lacks it, cands[hi] has it
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if name in probe(cands[mid]):
                hi = mid
            else:
                lo = mid
        result[name] = minor_of(cands[hi])
        log("%s: since %s (absent from %s)" % (name, result[name], minor_of(cands[lo])))
    return result, minor_of(cands[0])

# Parameters the servers accept but pg_settings does not list (GUC_NO_SHOW_ALL). Which names
# these are is asked of each server (pg_hidden_names); their metadata cannot be, so it is written
# here, every description is checked against the server binary, and t-servers.sh checks types,
# ranges and contexts through SET.
UNGROUPED = "Ungrouped"
HIDDEN = {
    "default_with_oids": ("bool", None, "off", None, None, "user",
        "Version and Platform Compatibility / Previous PostgreSQL Versions",
        "WITH OIDS is no longer supported; this can only be false."),
    "is_superuser": ("bool", None, "off", None, None, "internal", UNGROUPED,
        "Shows whether the current user is a superuser."),
    "role": ("string", None, "none", None, None, "user", UNGROUPED, "Sets the current role."),
    "seed": ("real", None, "0", "-1", "1", "user", UNGROUPED,
        "Sets the seed for random-number generation."),
    "session_authorization": ("string", None, None, None, None, "user", UNGROUPED,
        "Sets the session user name."),
    "ssl_renegotiation_limit": ("integer", None, "0", "0", "0", "user",
        "Connections and Authentication / SSL",
        "SSL renegotiation is no longer supported; this can only be 0."),
}
# Old names the server maps to current ones (catalog.c has the targets): not parameters.
ALIAS_NAMES = {"sort_mem", "vacuum_mem", "ssl_ecdh_curve"}

def hidden_rows(major, data):
    with open(data["binary"], "rb") as f:
        binary = f.read()
    rows = []
    for name in sorted(set(data["hidden"]) - ALIAS_NAMES):
        if name not in HIDDEN:
            sys.exit("gen_catalog: error: %d accepts %s, which pg_settings does not list: add it "
                     "to HIDDEN or ALIAS_NAMES" % (major, name))
        vartype, unit, boot, lo, hi, ctx, category, desc = HIDDEN[name]
        if desc.encode() not in binary:
            sys.exit("gen_catalog: error: the description of %s is not in the %d binary" % (name, major))
        rows.append({"name": name, "vartype": vartype, "unit": unit, "boot_val": boot,
                     "min_val": lo, "max_val": hi, "enumvals": None, "context": ctx,
                     "category": category, "short_desc": desc, "hidden": True})
    return rows

def emit_major(lines, major, data, since):
    # Sorted as catalog_find compares: ASCII case-insensitively (DateStyle, TimeZone keep their
    # capitals, as pg_settings spells them).
    settings = sorted(data["settings"] + hidden_rows(major, data),
                      key=lambda s: s["name"].lower().encode())
    for s in settings:
        if s["vartype"] == "enum":
            vals = ", ".join(c_str(v) for v in s["enumvals"])
            lines.append("static const char *const e%d_%s[] = {%s, NULL};" % (major, s["name"], vals))
    lines.append("")
    lines.append("static const CatalogParam params%d[] = {" % major)
    for s in settings:
        enum_ref = "e%d_%s" % (major, s["name"])
        lines.append("    " + param_row(s, enum_ref, since.get(s["name"]), s.get("hidden")) + ",")
    lines.append("};")
    lines.append("")

def server_version(data):
    num = int(data["server_version_num"])
    return "%d.%d" % (num // 10000, num % 10000)

def main():
    dumps, sinces, firsts = {}, {}, {}
    for major in majors:
        log("reading pg_settings of %d" % major)
        dumps[major] = json.loads(run("--dump", str(major)))
    for major in majors:
        latest_names = {s["name"] for s in dumps[major]["settings"]}
        latest_minor = int(dumps[major]["server_version_num"]) % 10000
        sinces[major], firsts[major] = since_minors(major, latest_names, latest_minor)
    lines = [
        "/* Generated by src/catalog/gen_catalog.sh (`make catalog`) from the pg_settings of real",
        " * servers: do not edit. Sources:",
    ]
    for major in majors:
        build = ("Debian's postgresql-%d" % major) if major == debian_major else \
                ("official build, package version %s" % pinned[major])
        since_note = "; since_minor relative to %s, the first minor available" % firsts[major] \
            if firsts[major] else ""
        lines.append(" *   %s: %s%s" % (server_version(dumps[major]), build, since_note))
    lines += [
        " * since_minor is the first available minor release that has the parameter; minors with",
        " * no package build are not seen, so the true first minor may be earlier. Enum value lists",
        " * and some boot values depend on the build (e.g. wal_compression lz4/zstd, io_method",
        " * io_uring, unix_socket_directories). Rows ending in `true` (hidden) are parameters the",
        " * server accepts but pg_settings does not list; their metadata is written in the generator",
        " * and checked against the server by tests/pg/t-servers.sh. */",
        "#include \"catalog/catalog.intern.h\"",
        "",
    ]
    for major in majors:
        lines.append("/* PostgreSQL %s */" % server_version(dumps[major]))
        emit_major(lines, major, dumps[major], sinces[major])
    lines.append("const Catalog pk_catalog_majors[] = {")
    for major in majors:
        lines.append("    {%d, %s, params%d, sizeof params%d / sizeof params%d[0]}," % (
            major, c_str(server_version(dumps[major])), major, major, major))
    lines.append("};")
    lines.append("const size_t pk_catalog_n_majors = sizeof pk_catalog_majors / sizeof pk_catalog_majors[0];")
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    for major in majors:
        log("%d (%s): %d parameters, %d with since_minor" % (
            major, server_version(dumps[major]), len(dumps[major]["settings"]), len(sinces[major])))
        log("%d: hidden (not in pg_settings): %s" % (major, " ".join(sorted(set(dumps[major]["hidden"]) - ALIAS_NAMES))))

main()
PY

gen_finish gen_catalog "$committed" "$work/catalog_data.auto.c" "${1:-}"
