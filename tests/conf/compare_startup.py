#!/usr/bin/env python3
"""Compares `pgknob settings --all-errors` (the reader at server-startup semantics, which
`pgknob lint` uses) with what the server logs when it reads the same configuration at startup
(`postgres -C`, which parses the files exactly as postmaster start does).

Usage: compare_startup.py WORKDIR   (WORKDIR/<major>/<case>.{server,pgknob}; .server is the
stderr of `postgres -C` followed by a line "exit N").

Compared: the sequence of reading errors (syntax errors with file, line and token or "end of
line"; files or directories that could not be opened; recursion; nesting depth; empty names;
flex failures), the "too many syntax errors" give-up after 100 errors in a file, and, for the
cases under tests/conf/cases (not the realworld files, whose lc_* locales depend on the host),
the verdict: the server refuses the configuration exactly when pgknob reports an error."""
import json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import load_pgknob  # noqa: E402

READ_PATTERNS = [
    re.compile(r'syntax error in file "(?P<file>.*)" line (?P<line>\d+), near (?:token "(?P<token>.*)"|end of line)$'),
    re.compile(r'could not open configuration file "(?P<path>.*)": (?P<why>.*)$'),
    re.compile(r'could not open configuration directory "(?P<path>.*)": .*$'),
    re.compile(r'configuration file recursion in "(?P<path>.*)"$'),
    re.compile(r'empty configuration (?:file|directory) name: ".*"$'),
    re.compile(r'input in flex scanner failed at file "(?P<path>.*)" line 1$'),
    re.compile(r'too many syntax errors found, abandoning file "(?P<path>.*)"$'),
]

def server_events(text):
    events, rc = [], None
    for raw in text.split('\n'):
        if raw.startswith('exit '):
            rc = int(raw.split()[1])
            continue
        msg = re.sub(r'^.*?(LOG|FATAL|ERROR):\s+', '', raw)
        for pat in READ_PATTERNS:
            m = pat.match(msg)
            if not m:
                continue
            g = m.groupdict()
            if msg.startswith('syntax error'):
                events.append(('syntax', g['file'], int(g['line']), g['token']))
            elif 'maximum nesting depth' in msg:
                events.append(('depth',))
            elif msg.startswith('could not open configuration file'):
                events.append(('open', g['path']))
            elif msg.startswith('could not open configuration directory'):
                events.append(('opendir', g['path']))
            elif msg.startswith('configuration file recursion'):
                events.append(('recursion', g['path']))
            elif msg.startswith('empty configuration'):
                events.append(('empty',))
            elif msg.startswith('input in flex'):
                events.append(('flex', g['path']))
            else:
                events.append(('too_many', g['path']))
            break
    return events, rc

def pgknob_events(rows):
    events = []
    per_file = {}
    for r in rows:
        err = r['error']
        if err is None or r['name'] is not None:
            continue
        f = r['file'].decode('utf-8', 'surrogateescape')
        if err == 'syntax error':
            token = r.get('token')
            events.append(('syntax', f, r['line'], token))
            per_file[f] = per_file.get(f, 0) + 1
            if per_file[f] == 100:
                events.append(('too_many', f))
        elif err == 'nesting depth exceeded':
            events.append(('depth',))
        elif err.startswith('could not open file'):
            events.append(('open', err[len('could not open file "'):-1]))
        elif err.startswith('could not open directory'):
            events.append(('opendir', err[len('could not open directory "'):-1]))
        elif err == 'configuration file recursion':
            events.append(('recursion', f))
        elif err.startswith('empty configuration'):
            events.append(('empty',))
        elif err == 'input in flex scanner failed':
            events.append(('flex', f))
    return events

def main():
    work = sys.argv[1]
    passed = failed = 0
    for major in sorted(os.listdir(work)):
        mdir = os.path.join(work, major)
        if not os.path.isdir(mdir):
            continue
        for fname in sorted(os.listdir(mdir)):
            if not fname.endswith('.server'):
                continue
            case = fname[:-len('.server')]
            diffs = []
            try:
                sev, rc = server_events(open(os.path.join(mdir, fname), 'rb').read().decode('utf-8', 'replace'))
                raw = json.loads(open(os.path.join(mdir, case + '.pgknob'), 'rb').read().decode('utf-8', 'replace'))
                rows = load_pgknob(os.path.join(mdir, case + '.pgknob'))
                for r, e in zip(rows, raw['entries']):
                    r['token'] = e.get('token')
                pev = pgknob_events(rows)
                if sev != pev:
                    diffs.append('reading errors: server %r, pgknob %r' % (sev[:4], pev[:4]))
                if not case.startswith('realworld-'):
                    refused = rc != 0
                    has_error = any(r['error'] for r in rows)
                    if refused != has_error:
                        diffs.append('verdict: server %s, pgknob %s' % (
                            'refuses' if refused else 'accepts', 'errors' if has_error else 'clean'))
            except Exception as exc:
                diffs.append('could not compare: %s' % exc)
            if diffs:
                failed += 1
                print('FAIL %s on %s: %s' % (case, major, '; '.join(diffs)))
            else:
                passed += 1
                print('ok %s on %s (startup)' % (case, major))
    return failed

if __name__ == '__main__':
    sys.exit(1 if main() else 0)
