#!/usr/bin/env python3
"""Drives `pgknob lsp` in live mode over stdio (Content-Length framing): initialize with
initializationOptions {"live": {"conninfo": CONNINFO}}, open FILE, collect its diagnostics,
hover on the line setting each NAME, ask for code actions on the line of the first NAME and
execute its ALTER SYSTEM command. Writes one JSON object to OUT:
{"diagnostics": [...], "hover": {NAME: text}, "actions": [...], "message": text, "exit": code}.
Usage: live_session.py PGKNOB FILE CONNINFO OUT NAME..."""
import json
import os
import pathlib
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspwire import Client  # noqa: E402

pgknob, path, conninfo, out, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
text = pathlib.Path(path).read_text()
uri = pathlib.Path(path).resolve().as_uri()
client = Client(pgknob)
request, send = client.request, client.send


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
    result["message"] = next((n["params"]["message"] for n in client.notes
                              if n.get("method") == "window/showMessage"), "")
result["diagnostics"] = client.diagnostics(uri)
result["exit"] = client.finish(ident + 1)
json.dump(result, open(out, "w"), indent=1)
