#!/usr/bin/env python3
"""Lists the fixpoint cases of t-fix.sh, one per line, tab-separated: label, majors (comma list),
host spec (or -), and the path of a postgresql.conf written into OUTDIR. Cases: every
[example.fail.N] of the shipped rule packs (the majors it claims within 13-18), and every file of
the real-world corpus (all majors, a 4 GB host so memory fixes meet a RAM limit)."""
import glob, os, re, sys

rules_dir, realworld, outdir = sys.argv[1:4]
MAJORS = list(range(13, 19))

def versions(text):
    out = set()
    for part in text.replace(' ', '').split(','):
        m = re.fullmatch(r'(\d*)-(\d*)|(\d+)', part)
        if not m:
            continue
        if m.group(3):
            out.add(int(m.group(3)))
        else:
            lo = int(m.group(1) or 13); hi = int(m.group(2) or 18)
            out.update(range(lo, hi + 1))
    return sorted(v for v in out if 13 <= v <= 18)

def sections(path):
    """libinih-style: [section], key = value, indented continuation lines (joined by newline)."""
    secs, cur, key = {}, None, None
    for raw in open(path, encoding='utf-8'):
        line = raw.rstrip('\n')
        if re.match(r'^\s*[#;]', line) or not line.strip():
            key = None if not line.strip() else key
            continue
        m = re.match(r'^\[(.+)\]\s*$', line)
        if m:
            cur = secs.setdefault(m.group(1), {}); key = None; continue
        if line[0] in ' \t' and key and cur is not None:
            cur[key] += '\n' + line.strip(); continue
        m = re.match(r'^([^=]+?)\s*=\s*(.*)$', line)
        if m and cur is not None:
            key = m.group(1).strip()
            cur[key] = (cur[key] + '\n' + m.group(2)) if key in cur and key == 'conf' else m.group(2)
    return secs

n = 0
for path in sorted(glob.glob(os.path.join(rules_dir, '**', '*.ini'), recursive=True)):
    secs = sections(path)
    rule = secs.get('rule', {})
    rid = rule.get('id', os.path.basename(path))
    rule_versions = versions(rule.get('versions', '13-'))
    for name, sec in secs.items():
        if not name.startswith('example.fail.'):
            continue
        vs = versions(sec.get('versions', sec.get('version', ''))) if ('versions' in sec or 'version' in sec) else rule_versions
        vs = [v for v in vs if v in rule_versions]
        if not vs or sec.get('evidence'):
            continue  # evidence examples fire only in an audit
        n += 1
        conf = os.path.join(outdir, 'case%d.conf' % n)
        with open(conf, 'w') as fp:
            text = sec.get('conf', '')
            fp.write(text + ('\n' if text else ''))
        print('%s %s\t%s\t%s\t%s' % (rid, name, ','.join(map(str, vs)), sec.get('host', '') or '-', conf))
for path in sorted(glob.glob(os.path.join(realworld, '*.conf'))):
    print('realworld %s\t%s\tram=4GB,cores=4,storage=ssd\t%s' % (
        os.path.basename(path)[:-5], ','.join(map(str, MAJORS)), path))
