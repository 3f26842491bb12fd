"""The JSON-RPC wire of the language server tests: `pgknob lsp` started as a child, messages
framed with Content-Length both ways, every message the server sends kept in order (and its
bytes in `raw` when given, to search them for a secret)."""
import json
import re
import subprocess


class Client:
    def __init__(self, pgknob, raw=None):
        self.proc = subprocess.Popen([pgknob, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.raw = raw
        self.messages = []  # everything received
        self.notes = []     # notifications received while waiting for a reply

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.proc.stdout.read(1)
            if not byte:
                return None
            header += byte
        length = int(re.search(rb"Content-Length: *(\d+)", header, re.I).group(1))
        body = self.proc.stdout.read(length)
        if self.raw:
            self.raw.write(header + body)
        msg = json.loads(body)
        self.messages.append(msg)
        return msg

    def request(self, ident, method, params):
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            msg = self.receive()
            if msg is None or msg.get("id") == ident:
                return msg
            self.notes.append(msg)

    def diagnostics(self, uri):
        """The last diagnostics published for `uri` among the notifications seen so far."""
        found = [n["params"]["diagnostics"] for n in self.notes
                 if n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == uri]
        return found[-1] if found else []

    def finish(self, ident):
        """shutdown, exit; the exit code."""
        self.request(ident, "shutdown", None)
        self.notify("exit", None)
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)
