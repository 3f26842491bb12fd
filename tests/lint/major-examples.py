#!/usr/bin/env python3
"""Writes the fail examples of the rules that claim some checked majors only, for t-major.sh:
one directory per example with settings.conf and a host line (empty when none), named
RULE-N. Only warning and error rules that run on a configuration alone (no live evidence), and
not a check split by major (wal.archive-command-missing and wal.archive-command-missing-15),
which holds on every major."""
import configparser, glob, os, sys

out = sys.argv[1]
parsed = []
for path in sorted(glob.glob("rules/*/*.ini")):
    cp = configparser.ConfigParser(interpolation=None, strict=False)
    cp.optionxform = str
    cp.read(path)
    parsed.append(cp)
names = [cp["rule"]["name"] for cp in parsed]


def split(name):
    return any(o != name and (o.startswith(name + "-") or name.startswith(o + "-")) for o in names)


for cp in parsed:
    rule = cp["rule"]
    if split(rule["name"]):
        continue
    if rule.get("severity") not in ("warning", "error"):
        continue
    versions = rule.get("versions", "")
    if versions in ("13-", "13-18"):
        continue
    for name in cp.sections():
        sec = cp[name]
        if not name.startswith("example.fail") or "evidence" in sec:
            continue
        if sec.get("versions") and "18" not in sec.get("versions") and not sec.get("versions").endswith("-"):
            continue
        d = os.path.join(out, "%s-%s" % (rule["id"], name.rsplit(".", 1)[1]))
        os.makedirs(d)
        with open(os.path.join(d, "settings.conf"), "w") as f:
            f.write(sec.get("conf", "").strip() + "\n")
        with open(os.path.join(d, "host"), "w") as f:
            f.write(sec.get("host", "").strip())
