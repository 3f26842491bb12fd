#!/usr/bin/env bash
# Regenerates the SYNOPSIS and OPTIONS sections of docs/pgknob.1.md from the commands' option
# tables (`pgknob help --man synopsis|options`), between the "generated" comment markers
# (`make docs`). With --check (the t-docs tier) it fails when the committed page differs, so the
# man page cannot drift from the parser.
set -eu
cd "$(dirname "$0")/../.."
PGKNOB="${PGKNOB:-bin/pgknob}"
page="${MAN_PAGE:-docs/pgknob.1.md}"
tmp=$(mktemp); syn=$(mktemp); opt=$(mktemp)
trap 'rm -f "$tmp" "$syn" "$opt"' EXIT
"$PGKNOB" help --man synopsis > "$syn"
"$PGKNOB" help --man options > "$opt"
python3 - "$page" "$syn" "$opt" > "$tmp" <<'PY'
import re, sys
page, syn, opt = (open(p).read() for p in sys.argv[1:])
for part, text in (("synopsis", syn), ("options", opt)):
    start = "<!-- generated: pgknob help --man %s -->\n" % part
    end = "<!-- end generated -->\n"
    if start not in page:
        sys.exit("%s: no marker %r" % (sys.argv[1], start.strip()))
    head, rest = page.split(start, 1)
    rest = rest.split(end, 1)[1]
    page = head + start + "\n" + text.rstrip("\n") + "\n\n" + end + rest
sys.stdout.write(page)
PY
if [ "${1:-}" = "--check" ]; then
  if ! cmp -s "$page" "$tmp"; then
    echo "$page is out of date with the option tables: run 'make docs'" >&2
    diff -u "$page" "$tmp" 2>&1 | head -20 >&2 || true
    exit 1
  fi
  echo "$page is current"
  exit 0
fi
cp "$tmp" "$page"
echo "wrote $page (SYNOPSIS and OPTIONS)"
