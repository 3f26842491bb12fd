#!/usr/bin/env bash
# The layout rules of issue #12 ("one way to do each thing"), checked over a tree's src/:
#   getopt      getopt_long appears in src/cli/cli_options.c only (every command's options are a
#               CliOption table parsed by cli_getopt)
#   libpq       PQ...( calls appear in src/db/ and src/tpcc/ only
#   report-cli  src/report/ includes nothing from src/cli/
#   json        no JSON text assembled by hand ({\"key\": or ,\"key\": in a C string): jansson only
#   globals     no mutable static variable, at file or function scope (signal flags are the one
#               exception: volatile sig_atomic_t)
#   stderr      nothing below src/cli/ writes to stderr (but xalloc's out-of-memory line)
#   error-line  no "pgknob: error" text outside cli/cli_diag.c's printer
# Comment lines and the generated *.auto.c files aside. Usage: layout.sh [ROOT]. Prints
# "layout: RULE: FILE:LINE: text" per violation on stderr and exits 1 if there is any, else
# prints "layout: 7 rules hold" and exits 0.
set -u
cd "${1:-.}" || exit 2
bad=0
report() { # rule, the grep -n lines that break it
  local rule="$1" line
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    echo "layout: $rule: $line" >&2
    bad=1
  done <<<"$2"
}
c_files() { find src -name '*.[ch]' ! -name '*.auto.c' | LC_ALL=C sort; }
in_files() { xargs grep -nE "$1" /dev/null | grep -Ev '^[^:]+:[0-9]+:\s*(/\*|\*|//)'; }

report getopt "$(c_files | grep -v '^src/cli/cli_options\.c$' | in_files 'getopt_long')"
report libpq "$(c_files | grep -Ev '^src/(db|tpcc)/' | in_files '\bPQ[a-zA-Z]*\(')"
report report-cli "$(c_files | grep '^src/report/' | in_files '#include *"cli/')"
report json "$(c_files | in_files '[{,] *\\"[A-Za-z_][A-Za-z_0-9]*\\" *:')"
# a static is const when `const` stands right before its name, or when no `*` comes between
# "static const" and the name
report globals "$(c_files | in_files '^\s*static\b[^(]*[;=]' |
  grep -Ev '\bconst\s*[A-Za-z_][A-Za-z_0-9]*\s*(\[[^]]*\])*\s*[=;]' |
  grep -Ev 'static\s+const\s+[^*=;]*[=;]' | grep -v 'volatile sig_atomic_t')"
report stderr "$(c_files | grep -Ev '^src/cli/|^src/common/xalloc\.c$' |
  in_files '\b(fprintf|vfprintf|fputs|fputc|fwrite)\b[^;]*\bstderr\b|\bperror\(')"
report error-line "$(c_files | grep -v '^src/cli/cli_diag\.c$' | in_files 'pgknob: error')"
[ "$bad" = 0 ] || exit 1
echo "layout: 7 rules hold"
