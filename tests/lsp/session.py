#!/usr/bin/env python3
"""Drives `pgknob lsp` over stdio with real JSON-RPC messages (Content-Length framing): opens one
document, asks for hover, code actions (with the diagnostics published for that line) and document
symbols on every line, then shuts the server down. Writes every message the server sent to
OUT_RAW as received (the bytes to search for a secret) and, as one JSON object, to OUT_JSON:
{"messages": [...], "exit": code}. Usage: session.py PGKNOB FILE OUT_RAW OUT_JSON"""
import json
import os
import pathlib
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspwire import Client  # noqa: E402

pgknob, path, out_raw, out_json = sys.argv[1:5]
text = pathlib.Path(path).read_text()
uri = pathlib.Path(path).resolve().as_uri()
raw = open(out_raw, "wb")
client = Client(pgknob, raw)
request, send, receive, messages = client.request, client.send, client.receive, client.messages


request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "pgconf", "version": 1, "text": text}}})
diagnostics = None
while diagnostics is None:
    msg = receive()
    if msg is None:
        break
    if msg.get("method") == "textDocument/publishDiagnostics" and msg["params"]["uri"] == uri:
        diagnostics = msg["params"]["diagnostics"]
ident = 2
doc = {"uri": uri}
for line in range(len(text.split("\n"))):
    request(ident, "textDocument/hover", {"textDocument": doc, "position": {"line": line, "character": 1}})
    on_line = [d for d in diagnostics or [] if d["range"]["start"]["line"] == line]
    request(ident + 1, "textDocument/codeAction",
            {"textDocument": doc, "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
             "context": {"diagnostics": on_line}})
    ident += 2
request(ident, "textDocument/documentSymbol", {"textDocument": doc})
code = client.finish(ident + 1)
raw.close()
json.dump({"messages": messages, "exit": code, "diagnostics": diagnostics or []}, open(out_json, "w"))
