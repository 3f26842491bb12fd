#!/usr/bin/env python3
"""One fixpoint comparison for t-fix.sh: the lint JSON of the original and of the fixed file.
Prints lines "refix KEY", "new KEY" (a new error or warning), "applies NAME GOT WANT" (a fix whose
applies disagrees with the server's context, from postgres --describe-config), "ram NAME VALUE"
(a memory fix above the host's RAM), then "counts FIXED PARTIAL FIXES APPLIES_OK MEM_CHECKED UNLISTED" (UNLISTED: fixes of developer
options that --describe-config does not list).

With a fifth argument, pgknob fix's stderr, and a sixth, the selection ("default": safe fixes of
errors, warnings and refusals; "all": --unsafe-fixes --min-severity recommendation), only the
selected findings count as fixed, and it also prints "selected RULE" (a fix applied that the
selection excludes), "unlisted RULE" (a fix left out without its "not applied" line) and
"refusals N MECHANICAL" (MECHANICAL 1 when every refusal has a safe fix)."""
import json, re, sys

orig = json.load(open(sys.argv[1])); fixed = json.load(open(sys.argv[2]))
log = open(sys.argv[5]).read().splitlines() if len(sys.argv) > 5 else None
mode = sys.argv[6] if len(sys.argv) > 6 else 'all'

def selected(f):
    if mode == 'all':
        return True
    tier = f['severity'] in ('error', 'warning') or f.get('refuses_start')
    return bool(tier) and all(fix['safety'] == 'safe' for fix in f['fix'])
contexts = dict(line.split('\t')[:2] for line in open(sys.argv[3]) if '\t' in line)
ram = float(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] != '-' else None
UNITS = {'B': 1, 'kB': 1024, 'MB': 1024**2, 'GB': 1024**3, 'TB': 1024**4}
# base units of memory parameters written without a unit (pg_settings.unit)
BASE = {'shared_buffers': 8192, 'effective_cache_size': 8192, 'wal_buffers': 8192,
        'temp_buffers': 8192, 'work_mem': 1024, 'maintenance_work_mem': 1024,
        'autovacuum_work_mem': 1024, 'logical_decoding_work_mem': 1024,
        'min_wal_size': 1024**2, 'max_wal_size': 1024**2, 'wal_keep_size': 1024**2}

DISK = {'min_wal_size', 'max_wal_size', 'wal_keep_size', 'max_slot_wal_keep_size',
        'temp_file_limit'}

def key(f):
    return (f['rule'], tuple(sorted(s['name'] for s in f['settings'])))

def partial(f):
    """A finding whose proposed changes were not all kept, or that they do not clear."""
    note = f['fix_note'] or ''
    lost = 'is applied.' in note and '(%s) is applied.' % f['rule'] not in note
    return lost or any(s in note for s in ('not proposed', 'does not clear', 'no change'))

def active(doc):
    return [f for f in doc['findings'] if not f['suppressed']]

fixed_keys = set(key(f) for f in active(fixed))
n_fixed = n_partial = n_fixes = applies_ok = mem_checked = unlisted = 0
for f in active(orig):
    if not f['fix']:
        continue
    for fix in f['fix']:
        if fix.get('safety') not in ('safe', 'unsafe') or (fix['safety'] == 'unsafe') != bool(fix.get('why')):
            print('safety %s %s' % (f['rule'], fix['name']))
    if not selected(f):
        if log is not None and not any(l.startswith('pgknob: fix: not applied: %s ' % f['rule']) for l in log):
            print('unlisted %s' % f['rule'])
        continue
    if partial(f):
        n_partial += 1
    else:
        n_fixed += 1
        if key(f) in fixed_keys:
            print('refix %s %s' % key(f))
    for fix in f['fix']:
        n_fixes += 1
        ctx = contexts.get(fix['name'], contexts.get(fix['name'].lower()))
        want = 'restart' if ctx == 'postmaster' else 'reload'
        if ctx is None:  # developer options (debug_*, zero_damaged_pages) are not listed
            unlisted += 1
        elif fix['applies'] != want:
            print('applies %s %s %s' % (fix['name'], fix['applies'], ctx))
        else:
            applies_ok += 1
        m = re.fullmatch(r'(-?[0-9.]+)\s*(B|kB|MB|GB|TB)?', fix['value'])
        # only memory is bounded by RAM: WAL sizes are disk
        if ram is None or not m or fix['name'] in DISK or \
                (not m.group(2) and fix['name'] not in BASE):
            continue
        mem_checked += 1
        size = float(m.group(1)) * (UNITS[m.group(2)] if m.group(2) else BASE[fix['name']])
        if size > ram:
            print('ram %s %s' % (fix['name'], fix['value']))
orig_keys = set(key(f) for f in active(orig))
RANK = {'recommendation': 1, 'notice': 2, 'warning': 3, 'error': 4}
def traded(f):
    """An error the fixes turned into this warning about the same settings (PK2001 -> PK2002 when
    a safe fix lowers shared_buffers and the unsafe max_connections change is left out)."""
    names = key(f)[1]
    return any(key(o)[1] == names and RANK[o['severity']] > RANK[f['severity']] and key(o) not in fixed_keys
               for o in active(orig))
for f in active(fixed):
    if f['severity'] in ('error', 'warning') and key(f) not in orig_keys and not traded(f):
        print('new %s %s' % key(f))
if log is not None:
    chosen = set(f['rule'] for f in active(orig) if f['fix'] and selected(f))
    for line in log:
        m = re.match(r'pgknob: fix: \S+ = .* \(([A-Z0-9, ]+); (reload|restart)\) at ', line)
        for rule in (m.group(1).split(', ') if m else []):
            if rule not in chosen:
                print('selected %s' % rule)
refusals = [f for f in active(orig) if f.get('refuses_start')]
mechanical = all(f['fix'] and all(x['safety'] == 'safe' for x in f['fix']) for f in refusals)
print('refusals %d %d' % (len(refusals), 1 if mechanical else 0))
print('counts %d %d %d %d %d %d' % (n_fixed, n_partial, n_fixes, applies_ok, mem_checked, unlisted))
