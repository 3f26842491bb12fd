#!/usr/bin/env python3
"""Plants three mistakes into a real YAML file's parameter map, by its lines (no YAML library:
the file's own text, comments and tags stay as they are).

    plant.py FILE DOTTED.PATH OUT [MARKER [conf]]

DOTTED.PATH is where the parameters live (spec.patroni.dynamicConfiguration.postgresql.parameters,
Resources.DBClusterParameterGroup.Properties.Parameters). The deepest key of the path the file
has is found by indentation; the missing rest is written below it, then a typo, a bad unit and a
removed parameter (a key the map already has takes the bad value on its own line). In a stream of documents (---), the document with a line equal to MARKER
("kind: PerconaPGCluster") is the one planted; when no line equals it, MARKER is a key of a
document nested in the file (the indented "kind: SGPostgresConfig" of a Crossplane Object's
manifest) and the mapping holding it is planted. With `conf`, the key holds postgresql.conf text
(Bitnami's extendedConfiguration, a ConfigMap's postgresql.conf): the lines are `name = value` at the
end of its literal block, where no later line overrides them. Prints one line per planted parameter: NAME LINE KEYCOLUMN VALUECOLUMN.
"""
import re
import sys


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def content(line):
    s = line.strip()
    return s and not s.startswith("#")


def block_end(lines, start, ind):
    """First line after `start` that is content at indentation <= ind (a sequence item at the
    key's own indentation still belongs to it)."""
    for i in range(start + 1, len(lines)):
        if not content(lines[i]):
            continue
        n = indent_of(lines[i])
        if n < ind or (n == ind and not lines[i].lstrip().startswith("- ")):
            return i
    return len(lines)


def main():
    path, dotted, out = sys.argv[1], sys.argv[2], sys.argv[3]
    lines = open(path, encoding="utf-8").read().split("\n")
    # a key with a dot of its own (StackGres's postgresql.conf) is written NAME\.conf
    parts = [p.replace("\\", ".") for p in re.split(r"(?<!\\)\.", dotted.replace("\\.", "\\"))]
    parent, parent_ind, end = -1, -1, len(lines)
    conf = len(sys.argv) > 5 and sys.argv[5] == "conf"
    marker = sys.argv[4] if len(sys.argv) > 4 else ""
    if marker and any(l.rstrip() == marker for l in lines):
        starts = [-1] + [i for i, l in enumerate(lines) if l.rstrip() == "---"] + [len(lines)]
        at = next(i for i, l in enumerate(lines) if l.rstrip() == marker)
        parent = max(b for b in starts if b < at)
        end = min(b for b in starts if b > at)
    elif marker:
        # a document nested in another (a Crossplane Object's manifest): MARKER, indented, is
        # one of its keys; the mapping holding it stands for the document
        at = next(i for i, l in enumerate(lines) if l.strip() == marker and indent_of(l) > 0)
        parent = max(i for i in range(at) if content(lines[i])
                     and indent_of(lines[i]) < indent_of(lines[at]))
        parent_ind = indent_of(lines[parent])
        end = block_end(lines, parent, parent_ind)
    found = 0
    for comp in parts:
        child_ind = None
        hit = None
        for i in range(parent + 1, end):
            if not content(lines[i]):
                continue
            ind = indent_of(lines[i])
            if child_ind is None:
                child_ind = ind
            if ind != child_ind:
                continue
            m = re.match(r"^ *(['\"]?)" + re.escape(comp) + r"\1:(\s|$)", lines[i])
            if m:
                hit = i
                break
        if hit is None or child_ind is None or child_ind <= parent_ind:
            break
        parent, parent_ind = hit, child_ind
        end = block_end(lines, hit, child_ind)
        found += 1
    # the deepest key found: an inline value ({} or a scalar) gives way to the block below
    if parent >= 0:
        key, _, rest = lines[parent].partition(":")
        if rest.split("#")[0].strip():
            lines[parent] = key + (": |" if conf else ":")
    # the children's indentation: the existing ones', else two more than the key's
    ind = parent_ind + 2 if parent >= 0 else 0
    for i in range(parent + 1, end):
        if content(lines[i]):
            if indent_of(lines[i]) > parent_ind:
                ind = indent_of(lines[i])
            break
    new = []
    for comp in parts[found:]:
        new.append(" " * ind + comp + ":")
        ind += 2
    planted = [("shared_bufers", '"128MB"'), ("work_mem", '"64mb"'),
               ("wal_keep_segments", '"64"')]
    # postgresql.conf text: at the block's end, as a later line wins over an earlier one
    has_text = any(content(lines[i]) and indent_of(lines[i]) > parent_ind
                   for i in range(parent + 1, end))
    where = end if conf and found == len(parts) and has_text else parent + 1
    sep = " = " if conf else ": "
    # a map that already has the key (a real SGPostgresConfig's work_mem): its own line takes the
    # bad value, as a later duplicate key would win over the planted one
    replaced = {}
    if not conf and found == len(parts):
        for i in range(parent + 1, end):
            m = re.match(r"^( *)(['\"]?)([A-Za-z_.]+)\2\s*:", lines[i])
            if m and len(m.group(1)) == ind and m.group(3) in dict(planted):
                value = dict(planted)[m.group(3)]
                lines[i] = m.group(0) + " " + value
                replaced[m.group(3)] = (i + 1, ind + 1, len(m.group(0)) + 2)
    at = where + len(new)
    for name, value in planted:
        if name not in replaced:
            new.append(" " * ind + name + sep + (value.strip('"') if conf else value))
    lines[where:where] = new
    open(out, "w", encoding="utf-8").write("\n".join(lines))
    k = 0
    for name, value in planted:
        if name in replaced:
            line, key, val = replaced[name]
            print(name, line + (len(new) if line > where else 0), key, val)
        else:
            print(name, at + k + 1, ind + 1, ind + len(name) + len(sep) + 1)
            k += 1


main()
