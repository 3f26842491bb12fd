#!/usr/bin/env bash
# Generates src/catalog/contrib_data.auto.c: the parameters that the modules shipped with
# PostgreSQL 13–18 define (pg_stat_statements.*, auto_explain.*, …), read from the pg_settings of
# the real servers (tests/pg/versions.sh) with the modules loaded, and what each server does at
# startup with a bad value or a misspelled name under a loaded module's prefix.
#   gen_contrib.sh            regenerate (`make catalog` runs it after gen_catalog.sh)
#   gen_contrib.sh --check    regenerate into a temp file and diff with the committed one
#   gen_contrib.sh --dump MAJOR   the JSON the C file is made from (internal; the tier uses it)
# For each build: every library in its pkglibdir is LOADed in a session of its own (the
# parameters that appear belong to it); then one server preloads every library that loaded, so
# the parameters a module defines only in shared_preload_libraries (pg_stat_statements.*,
# pg_prewarm.autoprewarm) appear too: those are `preload_only`. A library that cannot be loaded
# in a build (plperl and plpython need a libperl/libpython the official builds do not bundle) is
# listed in the generated file's header. How a module must be loaded to work at all (auth_delay,
# passwordcheck: shared_preload_libraries; basic_archive: archive_library) is what the
# PostgreSQL documentation says; LOADED_BY below holds it with the section it comes from.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=gen_common.sh
source "$here/gen_common.sh"

ROWS_SQL="SELECT coalesce(json_agg($GEN_SETTING_ROW ORDER BY name COLLATE \"C\"), '[]')
FROM pg_settings WHERE name LIKE '%.%'"

libdir_of() { # bindir
  if [ -x "$1/pg_config" ]; then "$1/pg_config" --pkglibdir; else echo "$(dirname "$1")/lib/postgresql"; fi
}

# One line per library: NAME<TAB>ok<TAB>names… or NAME<TAB>error<TAB>message
load_each() { # libdir
  local so mod out
  for so in "$1"/*.so; do
    mod="$(basename "$so" .so)"
    if out="$(pg_psql -c "LOAD '$mod'" \
        -c "SELECT coalesce(string_agg(name, ' ' ORDER BY name), '') FROM pg_settings WHERE name LIKE '%.%'" 2>&1)"; then
      printf '%s\tok\t%s\n' "$mod" "$out"
    else
      printf '%s\terror\t%s\n' "$mod" "$(head -1 <<<"$out" | sed -e "s|$1/||g" -e 's/^ERROR: *//')"
    fi
  done
}

conf_append() { printf '%s\n' "$@" | pg_as_postgres tee -a "$PGDATA/postgresql.conf" >/dev/null; }

# What the server does at startup with a preloaded module's bad value and with a misspelled name
# under its prefix: {"starts", "warning", "show"} per probe, as JSON.
probe_start() { # major name value [name value…] -> JSON of the started server or {"starts": false}
  local major="$1"; shift
  pg_cluster_start "$major" >&2 || exit 1
  conf_append "shared_preload_libraries = 'pg_stat_statements'"
  local lines=() names=()
  while [ $# -gt 1 ]; do lines+=("$1 = '$2'"); names+=("$1"); shift 2; done
  conf_append "${lines[@]}"
  local log; log="$(pg_server_log)"
  : > "$log.before"; cp "$log" "$log.before"
  if pg_cluster_restart >/dev/null 2>&1; then
    local shows=() name
    for name in "${names[@]}"; do shows+=("$(pg_psql -c "SELECT coalesce(current_setting('$name', true), '<unset>')")"); done
    python3 -c '
import json, sys
log_new = sys.argv[1]
names = sys.argv[2].split()
shows = sys.argv[3:]
warnings = [l.split("WARNING:", 1)[1].strip() for l in log_new.splitlines() if "WARNING:" in l]
print(json.dumps({"starts": True, "warnings": warnings, "show": dict(zip(names, shows))}))' \
      "$(comm -13 <(sort "$log.before") <(sort "$log"))" "${names[*]}" "${shows[@]}"
  else
    python3 -c 'import json, sys; print(json.dumps({"starts": False, "log": sys.argv[1][-400:]}))' \
      "$(tail -5 "$log")"
  fi
  pg_cluster_stop
}

dump_major() { # major
  local major="$1" bin libdir loaded preload
  bin="$(pg_bin_dir "$major")"
  libdir="$(libdir_of "$bin")"
  pg_cluster_start "$major" >&2 || exit 1
  local version; version="$(pg_psql -c 'SHOW server_version_num')"
  loaded="$(load_each "$libdir")"
  pg_cluster_stop
  # every library that loaded, and those that load only there (sepgsql)
  preload="$(awk -F'\t' '$2 == "ok" || /must be loaded via shared_preload_libraries/ {
    printf "%s%s", sep, $1; sep = "," }' <<<"$loaded")"
  PG_SERVER_OPTS="-c shared_preload_libraries='$preload'" pg_cluster_start "$major" >&2 || exit 1
  local rows; rows="$(pg_psql -c "$ROWS_SQL")"
  local preloaded; preloaded="$(pg_psql -c 'SHOW shared_preload_libraries')"
  pg_cluster_stop
  # a bad enum value, an out-of-range value of a postmaster parameter, a misspelled name
  local bad range typo
  bad="$(probe_start "$major" pg_stat_statements.track al)"
  range="$(probe_start "$major" pg_stat_statements.max 10)"
  typo="$(probe_start "$major" pg_stat_statements.trak all)"
  python3 -c '
import json, sys
major, version, loaded, rows, preloaded, bad, rng, typo = sys.argv[1:]
libs = {}
for line in loaded.splitlines():
    name, status, rest = (line.split("\t") + ["", ""])[:3]
    libs[name] = {"status": status, "names": rest.split() if status == "ok" else [], "error": rest if status != "ok" else None}
print(json.dumps({"major": int(major), "server_version_num": version, "libraries": libs,
                  "rows": json.loads(rows), "preloaded": preloaded.replace(" ", "").split(","),
                  "probes": {"bad_value": json.loads(bad), "out_of_range": json.loads(rng),
                             "misspelled": json.loads(typo)}}))' \
    "$major" "$version" "$loaded" "$rows" "$preloaded" "$bad" "$range" "$typo"
}

case "${1:-}" in
  --dump) dump_major "$2"; exit 0 ;;
  --check|"") ;;
  *) echo "usage: gen_contrib.sh [--check]" >&2; exit 2 ;;
esac

gen_prepare
committed=src/catalog/contrib_data.auto.c
for major in $PG_MAJORS; do
  echo "gen_contrib: reading the modules of $major" >&2
  bash "$0" --dump "$major" > "$work/$major.json"
done

python3 - "$work" "$work/contrib_data.auto.c" "$PG_MAJORS" "$PG_DEBIAN_MAJOR" <<'PY'
import json, os, re, sys, textwrap
sys.path.insert(0, "src/catalog")
from catalog_emit import c_str, param_row

work, out_path, majors_arg, debian_major = sys.argv[1:5]
majors = [int(m) for m in majors_arg.split()]

# How a module must be loaded for its parameters to do anything, where the PostgreSQL
# documentation says so (https://www.postgresql.org/docs/current/<page>.html). Modules not listed
# work wherever they are loaded (LOAD, session_preload_libraries, or on first use).
LOADED_BY = {
    "auth_delay": ("shared_preload_libraries", "auth-delay"),
    "basebackup_to_shell": ("shared_preload_libraries or local_preload_libraries", "basebackup-to-shell"),
    "basic_archive": ("archive_library", "basic-archive"),
    "passwordcheck": ("shared_preload_libraries", "passwordcheck"),
    "pg_stat_statements": ("shared_preload_libraries", "pgstatstatements"),
    "sepgsql": ("shared_preload_libraries", "sepgsql"),
}
# A library whose parameters carry another prefix as well (pltcl defines pltclu.start_proc).
EXTRA_PREFIX = {"pltclu": "pltcl"}

def log(msg):
    print("gen_contrib: " + msg, file=sys.stderr, flush=True)

def module_of(name, libs):
    for lib, info in libs.items():
        if name in info["names"]:
            return lib, False
    prefix = name.split(".", 1)[0]
    prefix = EXTRA_PREFIX.get(prefix, prefix)
    if prefix in libs and libs[prefix]["status"] == "ok":
        return prefix, True  # appeared only when preloaded
    sys.exit("gen_contrib: error: no loaded library defines %s" % name)

# Why a library's parameters could not be read, in a few words.
def load_failure(error, data, lib):
    missing = re.search(r'": ([^:]+): cannot open shared object file', error)
    if missing:
        return "needs " + missing.group(1)
    if "must be loaded via shared_preload_libraries" in error:
        defined = any(s["name"].startswith(lib + ".") for s in data["rows"])
        return "preloaded only%s" % ("" if defined else "; defined no parameter on this host")
    return error[:80]

def behaviour(major, probes):
    bad, rng, typo = probes["bad_value"], probes["out_of_range"], probes["misspelled"]
    def warned(probe, needle):
        return probe["starts"] and any(needle in w for w in probe["warnings"])
    if bad["starts"] and not warned(bad, 'invalid value for parameter "pg_stat_statements.track"'):
        sys.exit("gen_contrib: error: %d started with pg_stat_statements.track = al without a warning" % major)
    if rng["starts"] and not warned(rng, '"pg_stat_statements.max"'):
        sys.exit("gen_contrib: error: %d started with pg_stat_statements.max = 10 without a warning" % major)
    if bad["starts"] and bad["show"]["pg_stat_statements.track"] != "top":
        sys.exit("gen_contrib: error: %d does not fall back to the default track = top" % major)
    removed = warned(typo, 'invalid configuration parameter name "pg_stat_statements.trak"')
    return {"bad_value_refuses_start": not bad["starts"] or not rng["starts"],
            "misspelled_refuses_start": not typo["starts"],
            "misspelled_removed": removed,
            "bad_value_warning": bad["warnings"][0] if bad["starts"] else None}

def main():
    dumps = {m: json.load(open(os.path.join(work, "%d.json" % m))) for m in majors}
    lines = [
        "/* Generated by src/catalog/gen_contrib.sh (`make catalog`) from the pg_settings of real",
        " * servers with every loadable library of their build loaded: do not edit. Sources: the",
        " * builds of catalog_data.auto.c. Libraries these builds ship but cannot load (their",
        " * parameters are therefore not here):",
    ]
    for m in majors:
        bad = sorted("%s (%s)" % (lib, load_failure(info["error"], dumps[m], lib))
                     for lib, info in dumps[m]["libraries"].items() if info["status"] != "ok")
        lines += textwrap.wrap("%d: %s" % (m, ", ".join(bad) if bad else "none"), width=96,
                               initial_indent=" *   ", subsequent_indent=" *       ")
    lines += [" * Behaviour rows: what each server did at startup with pg_stat_statements preloaded",
              " * and pg_stat_statements.track = 'al' / .max = 10 / .trak = all in postgresql.conf. */",
              '#include "catalog/contrib.intern.h"', ""]
    majors_rows = []
    for m in majors:
        data = dumps[m]
        libs = data["libraries"]
        rows = sorted(data["rows"], key=lambda s: s["name"].lower().encode())
        info = []
        for s in rows:
            mod, preload_only = module_of(s["name"], libs)
            info.append((mod, preload_only))
        modules = sorted({mod for mod, _ in info})
        for s in rows:
            if s["vartype"] == "enum":
                vals = ", ".join(c_str(v) for v in s["enumvals"])
                lines.append("static const char *const c%d_%s[] = {%s, NULL};" % (
                    m, s["name"].replace(".", "__"), vals))
        lines.append("")
        lines.append("static const CatalogParam cparams%d[] = {" % m)
        for s in rows:
            enum_ref = "c%d_%s" % (m, s["name"].replace(".", "__"))
            lines.append("    " + param_row(s, enum_ref, None, False) + ",")
        lines.append("};")
        lines.append("static const ContribParamInfo cinfo%d[] = {" % m)
        for mod, preload_only in info:
            lines.append("    {%s, %s}," % (c_str(mod), "true" if preload_only else "false"))
        lines.append("};")
        unread = sorted(lib for lib, li in libs.items() if li["status"] != "ok")
        lines.append("static const char *const cunread%d[] = {%s};" % (
            m, ", ".join([c_str(lib) for lib in unread] + ["NULL"])))
        lines.append("static const ContribModule cmodules%d[] = {" % m)
        for mod in modules:
            how, page = LOADED_BY.get(mod, (None, None))
            lines.append("    {%s, %s, %s}," % (c_str(mod), c_str(how), c_str(page)))
        lines.append("};")
        lines.append("")
        b = behaviour(m, data["probes"])
        num = int(data["server_version_num"])
        majors_rows.append(
            "    {{%d, %s, cparams%d, sizeof cparams%d / sizeof cparams%d[0]}, cinfo%d, cmodules%d,\n"
            "     sizeof cmodules%d / sizeof cmodules%d[0], cunread%d, %s, %s, %s,\n     %s},"
            % (m, c_str("%d.%d" % (num // 10000, num % 10000)), m, m, m, m, m, m, m, m,
               "true" if b["bad_value_refuses_start"] else "false",
               "true" if b["misspelled_refuses_start"] else "false",
               "true" if b["misspelled_removed"] else "false", c_str(b["bad_value_warning"])))
        log("%d: %d parameters of %d modules (%s); bad value refuses start: %s; misspelled name removed: %s"
            % (m, len(rows), len(modules), " ".join(modules), b["bad_value_refuses_start"],
               b["misspelled_removed"]))
    lines.append("const ContribCatalog pk_contrib_majors[] = {")
    lines += majors_rows
    lines.append("};")
    lines.append("const size_t pk_contrib_n_majors = sizeof pk_contrib_majors / sizeof pk_contrib_majors[0];")
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")

main()
PY

gen_finish gen_contrib "$committed" "$work/contrib_data.auto.c" "${1:-}"
