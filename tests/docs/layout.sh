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
#   finding-id  no finding built inline: findings_add( only in src/model/ and for the loaded
#               rule packs (engine/engine.c), and every "PKnnnn" literal names a row of
#               src/model/finding_ids.c or a shipped rule (rules/**/PKnnnn-*.ini)
#   finding-alloc a finding's text is set from its list's arena (finding_printf, finding_strdup,
#               finding_take), never straight from xasprintf/xstrdup (it would leak)
#   destructors memory is freed by lifetime (docs/architecture.md, "Memory"): the `NAME_free(`
#               names in src/ headers (arena_free and arena_on_free aside) are at most
#               FREE_MAX; a new graph gets an arena, not a destructor. Lower FREE_MAX when one
#               goes; over it, every header line naming one is listed
# Comment lines and the generated *.auto.c files aside. Usage: layout.sh [ROOT]. Prints
# "layout: RULE: FILE:LINE: text" per violation on stderr and exits 1 if there is any, else
# prints "layout: 10 rules hold" and exits 0.
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
report finding-id "$(c_files | grep -Ev '^src/model/|^src/engine/engine\.c$' | in_files '\bfindings_add\(')"
known=" $(grep -oE '^\s*\{"PK[0-9]{4}"' src/model/finding_ids.c | grep -oE 'PK[0-9]{4}' | tr '\n' ' ')"
[ ! -d rules ] || known+="$(find rules/ -name 'PK[0-9]*.ini' | grep -oE 'PK[0-9]{4}' | tr '\n' ' ')"
unknown_ids() { # the grep -n lines whose code (its comment aside) has a "PKnnnn" of no row and no rule
  local line id
  while IFS= read -r line; do
    for id in $(sed 's#/\*.*##; s#//.*##' <<<"$line" | grep -oE '"PK[0-9]{4}"' | tr -d '"'); do
      [[ "$known " == *" $id "* ]] || { echo "$line"; break; }
    done
  done
}
report finding-id "$(c_files | grep -v '^src/model/finding_ids\.c$' | in_files '"PK[0-9]{4}"' | unknown_ids)"
report finding-alloc "$(c_files | in_files '\b(f|finding|kept)->(title|message|hint|suggestion|explanation|risk|file|suppress_reason|fix_note|suggestion_tail) *= *x(asprintf|strdup|strndup)\(')"
FREE_MAX=17
free_re='\b[a-z_]+_free\('
free_lines() { find src -name '*.h' | LC_ALL=C sort | in_files "$free_re" | grep -Ev '\barena_(on_)?free\('; }
n_free=$(free_lines | grep -oE "$free_re" | grep -Ev '^arena_(on_)?free\($' | sort -u | wc -l)
[ "$n_free" -le "$FREE_MAX" ] || report destructors "$(free_lines | sed "s/\$/   [$n_free *_free names, at most $FREE_MAX]/")"
[ "$bad" = 0 ] || exit 1
echo "layout: 10 rules hold"
