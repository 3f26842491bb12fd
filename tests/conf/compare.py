#!/usr/bin/env python3
"""Compares pgknob's `settings --format json` with the server's pg_file_settings for the runs
collected by t-differential.sh.  Usage: compare.py WORKDIR  (WORKDIR/<major>/<case>.{server,pgknob}).

Compared for every row, in order: the number of rows, file, line, seqno, name and value (as bytes),
whether there is an error, and the error text for reading errors (rows without a name: syntax
error, could not open file, recursion, nesting depth, ...), which pgknob mirrors word for word.
Per-value verdicts (the server's "setting could not be applied", "unrecognized configuration
parameter") come from the parameter catalog and are compared too (CATALOG_WIRED), as is `applied`.
One thing no file can tell: the view on a running server also refuses a postmaster-context value
that differs from the running one ("setting could not be applied"), while pgknob judges it as at
server start. Likewise lc_messages/lc_monetary/lc_numeric/lc_time name locales that must exist
on the server's host (a check hook calls setlocale), which says nothing about the file. Such rows
(server error, pgknob no error) are left out of the error and applied comparison; their count is
printed. A value in which pgknob shows <redacted> (a credential inside it) matches the server's
value when the rest is equal."""
import json, os, re, sys

CATALOG_WIRED = True
HOST_CHECKED = (b'lc_messages', b'lc_monetary', b'lc_numeric', b'lc_time')
VALUE_VERDICTS = ("setting could not be applied", "unrecognized configuration parameter")

def unhex(s):
    return None if s == 'N' else bytes.fromhex(s)

def load_server(path):
    rows = []
    with open(path, 'rb') as f:
        for line in f.read().decode('ascii').splitlines():
            if not line:
                continue
            parts = line.split('\t')
            if len(parts) != 8:
                raise ValueError('bad server row: %r' % line)
            rows.append({'file': unhex(parts[0]), 'line': None if parts[1] == '' else int(parts[1]),
                         'seqno': int(parts[2]), 'name': unhex(parts[3]), 'value': unhex(parts[4]),
                         'applied': parts[5] == 't', 'error': None if parts[6] == 'N' else unhex(parts[6]).decode(),
                         'context': parts[7]})
    return rows

# pgknob escapes bytes that are not valid UTF-8 as \u00XX (XX >= 80): map them back to bytes.
_ESC = re.compile(r'(?<!\\)((?:\\\\)*)\\u00([89a-fA-F][0-9a-fA-F])')

def to_bytes(s):
    return None if s is None else s.encode('utf-8', 'surrogateescape')

def load_pgknob(path):
    raw = open(path, 'rb').read().decode('utf-8')
    raw = _ESC.sub(lambda m: m.group(1) + '\\udc' + m.group(2), raw)
    doc = json.loads(raw)
    rows = []
    for e in doc['entries']:
        rows.append({'file': to_bytes(e['file']), 'line': e['line'], 'seqno': e['seqno'],
                     'name': to_bytes(e['name']), 'value': to_bytes(e['value']),
                     'applied': e['applied'], 'error': e['error']})
    return rows

def compare(server, mine):
    """Returns (differences, rows left out of the applied comparison)."""
    diffs, skipped = [], 0
    if len(server) != len(mine):
        diffs.append('row count: server %d, pgknob %d' % (len(server), len(mine)))
    verdict_case = any(r['error'] in VALUE_VERDICTS for r in server)
    for idx, (s, m) in enumerate(zip(server, mine)):
        where = 'row %d' % (idx + 1)
        for field in ('file', 'line', 'seqno', 'name', 'value'):
            # a credential is never printed (t-secret-matrix.sh checks which values are hidden):
            # each <redacted> stands for the secret the server shows, the rest must match
            if field == 'value' and m[field] and b'<redacted>' in m[field] and s[field]:
                pattern = b'.+?'.join(re.escape(part) for part in m[field].split(b'<redacted>'))
                if re.fullmatch(pattern, s[field], re.S):
                    continue
            if s[field] != m[field]:
                diffs.append('%s %s: server %r, pgknob %r' % (where, field, s[field], m[field]))
        if s['error'] == 'setting could not be applied' and m['error'] is None and \
                (s['context'] == 'postmaster' or s['name'] in HOST_CHECKED):
            skipped += 1  # refused for the running server's or its host's state, not the file
            continue
        if not CATALOG_WIRED and (verdict_case or s['error'] in VALUE_VERDICTS):
            skipped += 1
            continue
        if s['error'] != m['error']:
            diffs.append('%s error: server %r, pgknob %r' % (where, s['error'], m['error']))
        if s['applied'] != m['applied']:
            diffs.append('%s applied: server %r, pgknob %r' % (where, s['applied'], m['applied']))
    return diffs, skipped

def main():
    work = sys.argv[1]
    passed = failed = skipped = 0
    for major in sorted(os.listdir(work)):
        mdir = os.path.join(work, major)
        if not os.path.isdir(mdir):
            continue
        for fname in sorted(os.listdir(mdir)):
            if not fname.endswith('.server'):
                continue
            case = fname[:-len('.server')]
            try:
                diffs, skip = compare(load_server(os.path.join(mdir, fname)),
                                      load_pgknob(os.path.join(mdir, case + '.pgknob')))
            except Exception as exc:  # a crash or bad output of pgknob is a failure, not a skip
                diffs, skip = ['could not compare: %s' % exc], 0
            skipped += skip
            if diffs:
                failed += 1
                print('FAIL %s on %s: %s' % (case, major, '; '.join(diffs[:5])))
            else:
                passed += 1
                print('ok %s on %s' % (case, major))
    print('# rows left out (running-server or host state): %d' % skipped)
    return passed, failed

if __name__ == '__main__':
    p, f = main()
    sys.exit(0 if f == 0 else 1)
