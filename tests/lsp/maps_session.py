#!/usr/bin/env python3
"""Drives `pgknob lsp` on a pg_hba.conf / pg_ident.conf pair: opens HBA (and IDENT when OPEN_IDENT
is "open"; otherwise the server must read it from disk), asks for references and a rename of the
map at HBA's LINE:CHAR, a rename to an invalid name, and hover/diagnostics on the hba document.
Writes one JSON object to OUT. Usage: maps_session.py PGKNOB HBA IDENT LINE CHAR NEW OPEN_IDENT OUT"""
import json
import pathlib
import re
import subprocess
import sys

pgknob, hba, ident, line, char, new, open_ident, out = sys.argv[1:9]
proc = subprocess.Popen([pgknob, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
notes = []


def send(obj):
    body = json.dumps(obj).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def receive():
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        byte = proc.stdout.read(1)
        if not byte:
            return None
        header += byte
    length = int(re.search(rb"Content-Length: *(\d+)", header, re.I).group(1))
    return json.loads(proc.stdout.read(length))


def request(ident_no, method, params):
    send({"jsonrpc": "2.0", "id": ident_no, "method": method, "params": params})
    while True:
        msg = receive()
        if msg is None or msg.get("id") == ident_no:
            return msg
        notes.append(msg)


def opened(path):
    p = pathlib.Path(path).resolve()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": p.as_uri(), "languageId": "pgknob-hba", "version": 1, "text": p.read_text()}}})
    return p.as_uri()


init = request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
hba_uri = opened(hba)
if open_ident == "open":
    opened(ident)
pos = {"textDocument": {"uri": hba_uri}, "position": {"line": int(line), "character": int(char)}}
result = {"capabilities": init["result"]["capabilities"]}
result["references"] = request(2, "textDocument/references", dict(pos, context={"includeDeclaration": True}))["result"]
result["rename"] = request(3, "textDocument/rename", dict(pos, newName=new)).get("result")
bad = request(4, "textDocument/rename", dict(pos, newName="two words"))
result["bad_rename_error"] = bad.get("error")
result["hover"] = request(5, "textDocument/hover", pos).get("result")
result["diagnostics"] = [n["params"]["diagnostics"] for n in notes
                         if n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == hba_uri]
request(6, "shutdown", None)
send({"jsonrpc": "2.0", "method": "exit"})
result["exit"] = proc.wait(timeout=30)
json.dump(result, open(out, "w"), indent=1)
