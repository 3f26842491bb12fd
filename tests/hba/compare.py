#!/usr/bin/env python3
"""Compares `pgknob hba --format json` with the server for every case of t-hba-diff.sh.

Usage: compare.py WORKDIR MAJOR...   (WORKDIR/<major>/<case>.{hba,ident,pgknob,start})

Per case and major, three verdicts, each printed as "ok …" or "FAIL …":
 - hba: the rows of pg_hba_file_rules, in order, every column the major's view has (13–15:
   line_number, type, database, user_name, address, netmask, auth_method, options, error;
   16+ also rule_number and file_name), equal to pgknob's rows; a view that fails (no
   pg_hba.conf) must be pgknob's unreadable file;
 - ident (15+): the rows of pg_ident_file_mappings likewise (16+: map_number, file_name);
 - start: the server started exactly when `pgknob hba` says it starts, and exactly when
   `pgknob lint --fail-on refusal` exits 0 (no finding with refuses_start).
A case agrees on a major when all three agree. The last line gives the agreement as
"cases × majors"."""
import json, os, sys

HBA_COLS = ["line_number", "type", "database", "user_name", "address", "netmask",
            "auth_method", "options", "error"]
HBA_COLS_16 = ["rule_number", "file_name"] + HBA_COLS
IDENT_COLS = ["line_number", "map_name", "sys_name", "pg_username", "error"]
IDENT_COLS_16 = ["map_number", "file_name"] + IDENT_COLS


def load(path):
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read().strip()
    except FileNotFoundError:
        return None, "missing"
    if not text:
        return None, "empty"
    try:
        return json.loads(text), None
    except ValueError as e:
        return None, "bad json: %s" % e


# Options whose value is a secret: pgknob shows them as NAME=<redacted> (docs/report.md,
# "Redaction"), the server's view in full.
SECRET_OPTIONS = ("ldapbindpasswd", "radiussecrets")


def as_shown(col, value):
    if col != "options" or not isinstance(value, list):
        return value
    return [o.split("=", 1)[0] + "=<redacted>" if o.split("=", 1)[0] in SECRET_OPTIONS else o
            for o in value]


def compare_rows(kind, server, mine, cols):
    if len(server) != len(mine):
        return "%s: %d rows on the server, %d in pgknob" % (kind, len(server), len(mine))
    for idx, (s, m) in enumerate(zip(server, mine)):
        for col in cols:
            if as_shown(col, s.get(col)) != m.get(col):
                return "%s row %d (line %s) column %s: server %r, pgknob %r" % (
                    kind, idx + 1, s.get("line_number"), col, s.get(col), m.get(col))
    return None


def main():
    work, majors = sys.argv[1], sys.argv[2:]
    total = agree = 0
    for major in majors:
        out = os.path.join(work, major)
        if not os.path.isdir(out):
            continue
        m = int(major)
        names = sorted(f[:-7] for f in os.listdir(out) if f.endswith(".pgknob"))
        for name in names:
            total += 1
            problems = []
            mine, err = load(os.path.join(out, name + ".pgknob"))
            if mine is None:
                print("FAIL %s %s: pgknob output: %s" % (major, name, err))
                continue
            hba = mine.get("hba") or {}
            server, err = load(os.path.join(out, name + ".hba"))
            if server is None:
                # the view errors when pg_hba.conf cannot be opened
                if not hba.get("error"):
                    problems.append("hba: the view failed (%s) but pgknob read the file" % err)
            else:
                p = compare_rows("hba", server, hba.get("rules") or [],
                                 HBA_COLS_16 if m >= 16 else HBA_COLS)
                if p:
                    problems.append(p)
            if m >= 15:
                ident = mine.get("ident") or {}
                server, err = load(os.path.join(out, name + ".ident"))
                if server is None:
                    if not ident.get("error"):
                        problems.append("ident: the view failed (%s) but pgknob read the file" % err)
                else:
                    p = compare_rows("ident", server, ident.get("mappings") or [],
                                     IDENT_COLS_16 if m >= 16 else IDENT_COLS)
                    if p:
                        problems.append(p)
            with open(os.path.join(out, name + ".start")) as f:
                started = f.read().strip() == "started"
            if started != bool(mine.get("starts")):
                problems.append("start: the server %s, pgknob says it %s" % (
                    "started" if started else "refused to start",
                    "starts" if mine.get("starts") else "refuses"))
            try:
                with open(os.path.join(out, name + ".lint-rc")) as f:
                    lint_rc = int(f.read().strip())
            except (FileNotFoundError, ValueError):
                lint_rc = None
            if lint_rc != (0 if started else 1):
                problems.append("start: the server %s, pgknob lint --fail-on refusal exits %s" % (
                    "started" if started else "refused to start", lint_rc))
            if problems:
                print("FAIL %s %s: %s" % (major, name, "; ".join(problems)))
            else:
                agree += 1
                print("ok %s %s (%s)" % (major, name, "starts" if started else "refuses to start"))
    print("# agreement: %d of %d (cases x majors)" % (agree, total))


if __name__ == "__main__":
    main()
