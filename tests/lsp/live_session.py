#!/usr/bin/env python3
"""Drives `pgknob lsp` in live mode over stdio (Content-Length framing): initialize with
initializationOptions {"live": {"conninfo": CONNINFO}}, open FILE, collect its diagnostics,
hover on the line setting each NAME, ask for code actions on the line of the first NAME and
execute its ALTER SYSTEM command. Writes one JSON object to OUT:
{"diagnostics": [...], "hover": {NAME: text}, "actions": [...], "message": text, "exit": code}.
Usage: live_session.py PGKNOB FILE CONNINFO OUT NAME..."""
import json
import pathlib
import re
import subprocess
import sys

pgknob, path, conninfo, out, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
text = pathlib.Path(path).read_text()
uri = pathlib.Path(path).resolve().as_uri()
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


def request(ident, method, params):
    send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
    while True:
        msg = receive()
        if msg is None or msg.get("id") == ident:
            return msg
        notes.append(msg)


def last_line(name):
    found = -1
    for i, line in enumerate(text.split("\n")):
        if re.match(r"\s*" + re.escape(name) + r"\b", line, re.I):
            found = i
    return found


request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {},
                          "initializationOptions": {"live": {"conninfo": conninfo}}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "pgconf", "version": 1, "text": text}}})
result = {"hover": {}, "lines": {n: last_line(n) for n in names}}
ident = 2
for name in names:
    ident += 1
    reply = request(ident, "textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": last_line(name), "character": 1}})
    result["hover"][name] = ((reply or {}).get("result") or {}).get("contents", {}).get("value", "")
ident += 1
line = last_line(names[0])
reply = request(ident, "textDocument/codeAction", {"textDocument": {"uri": uri},
                "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
                "context": {"diagnostics": []}})
result["actions"] = (reply or {}).get("result") or []
command = next((a["command"] for a in result["actions"] if a.get("command")), None)
result["message"] = ""
if command:
    ident += 1
    request(ident, "workspace/executeCommand", {"command": command["command"],
                                                "arguments": command.get("arguments", [])})
    result["message"] = next((n["params"]["message"] for n in notes
                              if n.get("method") == "window/showMessage"), "")
diags = [n["params"] for n in notes if n.get("method") == "textDocument/publishDiagnostics"
         and n["params"]["uri"] == uri]
result["diagnostics"] = diags[-1]["diagnostics"] if diags else []
ident += 1
request(ident, "shutdown", None)
send({"jsonrpc": "2.0", "method": "exit"})
result["exit"] = proc.wait(timeout=30)
json.dump(result, open(out, "w"), indent=1)
