#!/usr/bin/env python3
"""Drives `pgknob lsp` over stdio with real JSON-RPC messages (Content-Length framing): opens one
document, asks for hover, code actions (with the diagnostics published for that line) and document
symbols on every line, then shuts the server down. Writes every message the server sent to
OUT_RAW as received (the bytes to search for a secret) and, as one JSON object, to OUT_JSON:
{"messages": [...], "exit": code}. Usage: session.py PGKNOB FILE OUT_RAW OUT_JSON"""
import json
import pathlib
import subprocess
import sys

pgknob, path, out_raw, out_json = sys.argv[1:5]
text = pathlib.Path(path).read_text()
uri = pathlib.Path(path).resolve().as_uri()
proc = subprocess.Popen([pgknob, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
raw = open(out_raw, "wb")
messages = []


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
    length = int([h for h in header.split(b"\r\n") if h.lower().startswith(b"content-length")][0].split(b":")[1])
    body = proc.stdout.read(length)
    raw.write(header + body)
    msg = json.loads(body)
    messages.append(msg)
    return msg


def request(ident, method, params):
    send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
    while True:
        msg = receive()
        if msg is None or msg.get("id") == ident:
            return msg


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
request(ident + 1, "shutdown", None)
send({"jsonrpc": "2.0", "method": "exit"})
proc.stdin.close()
code = proc.wait(timeout=30)
raw.close()
json.dump({"messages": messages, "exit": code, "diagnostics": diagnostics or []}, open(out_json, "w"))
