#!/usr/bin/env python3
"""Drives `pgknob lsp` on a pg_hba.conf / pg_ident.conf pair: opens HBA (and IDENT when OPEN_IDENT
is "open"; otherwise the server must read it from disk), asks for references and a rename of the
map at HBA's LINE:CHAR, a rename to an invalid name, and hover/diagnostics on the hba document.
Writes one JSON object to OUT. Usage: maps_session.py PGKNOB HBA IDENT LINE CHAR NEW OPEN_IDENT OUT"""
import json
import os
import pathlib
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspwire import Client  # noqa: E402

pgknob, hba, ident, line, char, new, open_ident, out = sys.argv[1:9]
client = Client(pgknob)
request, send = client.request, client.send


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
result["diagnostics"] = [n["params"]["diagnostics"] for n in client.notes
                         if n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == hba_uri]
result["exit"] = client.finish(6)
json.dump(result, open(out, "w"), indent=1)
