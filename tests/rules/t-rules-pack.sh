#!/usr/bin/env bash
# The compiled rule pack (rules compile, DIR/.pgknob-pack) is only a cache: lint gives the same
# bytes with and without it, and an edited, added or removed rule file, a corrupt pack or
# another pgknob's pack make it fall back to the sources.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
REALWORLD="$(realworld_dir)" || { fail "no real-world corpus"; done_testing; exit; }
T="$(mktemp -d /tmp/pgknob-pack.XXXXXX)"
trap 'rm -rf "$T"' EXIT
cp -r rules "$T/src" && rm -f "$T/src/.pgknob-pack"
cp -r rules "$T/packed" && rm -f "$T/packed/.pgknob-pack"
expect_exit 0 "rules compile DIR" -- "$PGKNOB" rules compile "$T/packed"
check "the pack is written" test -s "$T/packed/.pgknob-pack"
lint_with() { # rules dir, then lint arguments
  local dir="$1"; shift
  PGKNOB_RULES_DIR="$dir" "$PGKNOB" lint --pg-version 18 "$@" 2>&1 | sed "s|$dir|RULES|g"
}
same=0; differ=0
for conf in "$REALWORLD"/*.conf; do
  for fmt in json md; do
    if [ "$(lint_with "$T/src" --format "$fmt" "$conf")" = "$(lint_with "$T/packed" --format "$fmt" "$conf")" ]; then
      same=$((same + 1))
    else
      differ=$((differ + 1)); echo "# differs: $conf ($fmt)"
    fi
  done
done
check "pack and sources give the same report bytes on the corpus ($same same, $differ differ)" \
  test "$differ" = 0 -a "$same" -gt 40
check "rules list is the same from the pack" test \
  "$(PGKNOB_RULES_DIR="$T/src" "$PGKNOB" rules list)" = "$(PGKNOB_RULES_DIR="$T/packed" "$PGKNOB" rules list)"
if command -v strace >/dev/null; then
  # LeakSanitizer cannot run under ptrace: leaks are checked by every other run of this tier
  strace -f -e trace=openat -o "$T/trace" env PGKNOB_RULES_DIR="$T/packed" \
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$PGKNOB" lint \
    --pg-version 18 "$REALWORLD/$(ls "$REALWORLD" | head -1)" >/dev/null 2>&1
  check "with a valid pack lint opens no rule source ($(grep -c '\.ini"' "$T/trace") opened)" \
    test "$(grep -c '\.ini"' "$T/trace")" = 0
  # the check stats what the pack recorded and lists only the top directory (listing every
  # subdirectory was most of its cost)
  strace -f -e trace=openat,getdents64 -o "$T/trace" env PGKNOB_RULES_DIR="$T/packed" \
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$PGKNOB" lint \
    --pg-version 18 "$REALWORLD/$(ls "$REALWORLD" | head -1)" >/dev/null 2>&1
  listed=$(grep -c 'O_DIRECTORY' "$T/trace")
  check "checking the pack opens one directory ($listed opened)" test "$listed" = 1
else
  fail "strace is missing (make deps installs it)"
fi

printf 'fsync = off\n' > "$T/fsync.conf"
title_of() { PGKNOB_RULES_DIR="$1" "$PGKNOB" rules show PK6001 --format md | head -1; }
before="$(title_of "$T/packed")"
file="$(grep -rl '^id *= *PK6001' "$T/packed" | head -1)"
sed -i 's/^title *= */title = EDITED /' "$file"
check "an edited rule file is seen at once (title now: $(title_of "$T/packed"))" \
  grep -q EDITED <<<"$(title_of "$T/packed")"
check "... where the pack still had: $before" bash -c '! grep -q EDITED <<<"$1"' _ "$before"

"$PGKNOB" rules compile "$T/packed" >/dev/null
cp "$file" "$T/packed/PK9999-added.ini"
sed -i 's/^id *= *PK6001/id = PK9999/; s/^name *= */name = added./' "$T/packed/PK9999-added.ini"
check "an added rule file is seen" grep -q PK9999 <<<"$(PGKNOB_RULES_DIR="$T/packed" "$PGKNOB" rules list)"
"$PGKNOB" rules compile "$T/packed" >/dev/null
rm "$T/packed/PK9999-added.ini"
check "a removed rule file is gone" bash -c '! grep -q PK9999 <<<"$1"' _ "$(PGKNOB_RULES_DIR="$T/packed" "$PGKNOB" rules list)"

"$PGKNOB" rules compile "$T/packed" >/dev/null
want="$(lint_with "$T/packed" --format json "$T/fsync.conf")"
size=$(stat -c %s "$T/packed/.pgknob-pack")
head -c $((size / 2)) "$T/packed/.pgknob-pack" > "$T/half" && cp "$T/half" "$T/packed/.pgknob-pack"
check "a truncated pack is ignored (same output)" test "$(lint_with "$T/packed" --format json "$T/fsync.conf")" = "$want"
head -c "$size" /dev/urandom > "$T/packed/.pgknob-pack"
check "a garbage pack is ignored (same output)" test "$(lint_with "$T/packed" --format json "$T/fsync.conf")" = "$want"
"$PGKNOB" rules compile "$T/packed" >/dev/null
sed -i 's/pgknob [0-9][0-9.]* format/pgknob 0.0.0 format/' "$T/packed/.pgknob-pack"
check "another version's pack is ignored (same output)" test "$(lint_with "$T/packed" --format json "$T/fsync.conf")" = "$want"
# The header's arena size is a hint: too small, zero or absurd, the rules decode the same.
"$PGKNOB" rules compile "$T/packed" >/dev/null
for hint in 4096 0 18446744073709551615; do
  python3 - "$T/packed/.pgknob-pack" "$hint" <<'PY'
import struct, sys
with open(sys.argv[1], "r+b") as f:
    f.seek(len(b"PGKNOBRULEPACK\n"))
    f.write(struct.pack("=Q", int(sys.argv[2])))
PY
  check "a pack whose arena hint is $hint gives the same output" \
    test "$(lint_with "$T/packed" --format json "$T/fsync.conf")" = "$want"
done

# In place: same inode, same directory, same size; only the file's mtime tells.
"$PGKNOB" rules compile "$T/packed" >/dev/null
file="$(grep -rl '^id *= *PK6001' "$T/packed" | head -1)"
before="$(title_of "$T/packed")"
inode=$(stat -c %i "$file"); bytes=$(stat -c %s "$file")
python3 - "$file" <<'PY'
import re, sys
with open(sys.argv[1], "r+b") as f:
    at = re.search(rb"^title *= *", f.read(), re.M).end()
    f.seek(at)
    f.write(b"INPLACE")
PY
check "a rule file rewritten in place (inode and size kept) is seen: $(title_of "$T/packed")" \
  grep -q INPLACE <<<"$(title_of "$T/packed")"
check "... the same inode and size" test "$(stat -c %i "$file") $(stat -c %s "$file")" = "$inode $bytes"
check "... where the pack had: $before" bash -c '! grep -q INPLACE <<<"$1"' _ "$before"

# Explanation files are not stat'ed on load: a rule checks its own when a finding or `rules
# show` uses it. Edited in place (same inode and size), the new text is shown all the same.
"$PGKNOB" rules compile "$T/packed" >/dev/null
md="${file%.ini}.md"
check "(PK6001 has an explanation file: ${md#"$T/packed/"})" test -s "$md"
strace -f -e trace=newfstatat,statx,stat -o "$T/trace" env PGKNOB_RULES_DIR="$T/packed" \
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$PGKNOB" lint --pg-version 18 \
  "$REALWORLD/$(ls "$REALWORLD" | head -1)" >/dev/null 2>&1
# Only the pack's own explanation files count: the README read beside the linted file is not one.
inis=$(grep -c '\.ini"' "$T/trace"); mds=$(grep -c "\"$T/packed/.*\\.md\"" "$T/trace")
fired=$(ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" PGKNOB_RULES_DIR="$T/packed" \
  "$PGKNOB" lint --pg-version 18 --format json "$REALWORLD/$(ls "$REALWORLD" | head -1)" |
  python3 -c 'import json,sys; print(len({f["rule"] for f in json.load(sys.stdin)["findings"]}))')
total_ini=$(find "$T/packed" -name '*.ini' | wc -l)
check "loading the pack stats every rule file ($inis of $total_ini) and no explanation file on load ($mds: one per rule that fired at most, $fired)" \
  test "$inis" = "$total_ini" -a "$mds" -le "$fired" -a "$fired" -gt 0
md_before="$(PGKNOB_RULES_DIR="$T/packed" "$PGKNOB" rules show PK6001 --format md)"
inode=$(stat -c %i "$md"); bytes=$(stat -c %s "$md")
python3 - "$md" <<'PY'
import sys
with open(sys.argv[1], "r+b") as f:
    f.seek(0)
    f.write(b"XPLAIN")
PY
check "an explanation rewritten in place is shown by rules show" \
  grep -q XPLAIN <<<"$(PGKNOB_RULES_DIR="$T/packed" "$PGKNOB" rules show PK6001 --format md)"
check "... and by a lint report's finding" \
  grep -q XPLAIN <<<"$(lint_with "$T/packed" --format md "$T/fsync.conf")"
check "... the same inode and size" test "$(stat -c %i "$md") $(stat -c %s "$md")" = "$inode $bytes"
check "... where the pack had the old text" bash -c '! grep -q XPLAIN <<<"$1"' _ "$md_before"
rm -rf "$T/src-now" && cp -r "$T/packed" "$T/src-now" && rm -f "$T/src-now/.pgknob-pack"
check "... the same report bytes as the sources give" \
  test "$(lint_with "$T/packed" --format json "$T/fsync.conf")" = "$(lint_with "$T/src-now" --format json "$T/fsync.conf")"
cp "$md" "$T/md.saved"
truncate -s 2M "$md" "$T/src-now/${md#"$T/packed/"}"
expect_exit 2 "the sources refuse an explanation grown past 1 MB" -- env PGKNOB_RULES_DIR="$T/src-now" \
  "$PGKNOB" rules show PK6001
check "the pack, compiled before it grew, says why instead of showing the old text" \
  grep -q "could not read this rule's explanation, .*${md##*/}: file too large" \
  <<<"$(PGKNOB_RULES_DIR="$T/packed" "$PGKNOB" rules show PK6001 --format md)"
cp "$T/md.saved" "$md"

sub="$(dirname "$(grep -rl '^id *= *PK6001' "$T/packed" | head -1)")"
check "(the rule lives in a subdirectory: ${sub#"$T/packed"})" test "$sub" != "$T/packed"
"$PGKNOB" rules compile "$T/packed" >/dev/null
cp "$file" "$sub/PK9997-added.ini"
sed -i 's/^id *= *PK6001/id = PK9997/; s/^name *= */name = added.sub./' "$sub/PK9997-added.ini"
check "a rule file added to a subdirectory is seen" \
  grep -q PK9997 <<<"$(PGKNOB_RULES_DIR="$T/packed" "$PGKNOB" rules list)"
"$PGKNOB" rules compile "$T/packed" >/dev/null
rm "$sub/PK9997-added.ini"
check "a rule file removed from a subdirectory is gone" \
  bash -c '! grep -q PK9997 <<<"$1"' _ "$(PGKNOB_RULES_DIR="$T/packed" "$PGKNOB" rules list)"
"$PGKNOB" rules compile "$T/packed" >/dev/null
mkdir -p "$sub/deeper"
cp "$file" "$sub/deeper/PK9996-nested.ini"
sed -i 's/^id *= *PK6001/id = PK9996/; s/^name *= */name = added.nested./' "$sub/deeper/PK9996-nested.ini"
check "a rule file in a new nested directory is seen" \
  grep -q PK9996 <<<"$(PGKNOB_RULES_DIR="$T/packed" "$PGKNOB" rules list)"
rm -r "$sub/deeper"

# A rule's detail (message, suggestion, fixes, links, examples) is decoded when the rule fires or
# is shown, not on load. One damaged after the pack was written (the load does not read it) does
# not read back then: that rule's own file gives it, and no other rule file is opened.
rm -rf "$T/fresh" && cp -r rules "$T/fresh" && rm -f "$T/fresh/.pgknob-pack"
"$PGKNOB" rules compile "$T/fresh" >/dev/null
want="$(lint_with "$T/fresh" --format json "$T/fsync.conf")"
python3 - "$T/fresh/.pgknob-pack" <<'PY'
import struct, sys
text = b"(for a throwaway test cluster only, off is acceptable)"
with open(sys.argv[1], "r+b") as f:
    data = f.read()
    at = data.index(struct.pack("=Q", len(text)) + text + b"\0")
    f.seek(at)
    f.write(struct.pack("=Q", 2**63))  # PK6001's suggestion: a length past the end
PY
strace -f -e trace=openat -o "$T/trace" env PGKNOB_RULES_DIR="$T/fresh" \
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$PGKNOB" lint --pg-version 18 \
  --format json "$T/fsync.conf" > "$T/damaged.json" 2>/dev/null
check "a damaged detail gives the sources' report all the same" \
  test "$(sed "s|$T/fresh|RULES|g" "$T/damaged.json")" = "$want"
n_ini=$(find "$T/fresh" -name '*.ini' | wc -l)
check "... read from that one rule file ($(grep -c '\.ini"' "$T/trace") of $n_ini opened: $(grep -o '[^/]*\.ini"' "$T/trace" | tr '\n' ' '))" \
  test "$(grep -c '\.ini"' "$T/trace")" = 1 -a "$(grep -c 'PK6001-fsync-off\.ini"' "$T/trace")" = 1
check "... the damaged rule fired and shows its suggestion" grep -q "throwaway test cluster" "$T/damaged.json"

mkdir -p "$T/broken"
printf '[rule]\nid = PK9998\nname = broken.one\ntitle = broken\nseverity = warning\ncategory = x\nversions = 13-\ncondition = work_mem > 4MB +\nmessage = m\n' > "$T/broken/PK9998-broken.ini"
expect_exit 2 "rules compile of a broken rule file fails" -- "$PGKNOB" rules compile "$T/broken"
check "... with file:line" grep -q 'PK9998-broken.ini:[0-9]' <<<"$ERR"
check "... and writes no pack" test ! -e "$T/broken/.pgknob-pack"
expect_exit 2 "rules compile of a missing directory fails" -- "$PGKNOB" rules compile "$T/none"
done_testing
