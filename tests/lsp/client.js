// A real LSP client (vscode-languageserver-protocol, the library VS Code's own client is built
// on) driving `pgknob lsp` over stdio, for tests/lsp/t-lsp.sh. Prints one JSON record of what
// the server answered; the shell tier asserts on it.
//   node client.js PGKNOB FILE [EDITS]
'use strict';
const path = require('path');
const { spawn } = require('child_process');
const fs = require('fs');
const rpc = require('vscode-jsonrpc/node');
const lsp = require('vscode-languageserver-protocol');

const [pgknob, file, editsArg] = process.argv.slice(2);
const edits = Number(editsArg || 0);
const uri = 'file://' + path.resolve(file);
const text = fs.readFileSync(file, 'utf8');

const child = spawn(pgknob, ['lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout),
                                         new rpc.StreamMessageWriter(child.stdin));
const published = new Map();   // uri -> diagnostics
const waiters = [];
conn.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => {
  published.set(p.uri, p);
  for (const w of waiters.splice(0)) w(p);
});
const nextDiagnostics = (forUri) => new Promise((resolve) => {
  const wait = (p) => (p.uri === forUri ? resolve(p) : waiters.push(wait));
  waiters.push(wait);
});
conn.listen();

(async () => {
  const out = {};
  const init = await conn.sendRequest(lsp.InitializeRequest.type,
    { processId: process.pid, rootUri: null, capabilities: {} });
  out.capabilities = init.capabilities;
  out.serverInfo = init.serverInfo;
  conn.sendNotification(lsp.InitializedNotification.type, {});
  let got = nextDiagnostics(uri);
  conn.sendNotification(lsp.DidOpenTextDocumentNotification.type,
    { textDocument: { uri, languageId: 'pgknob-conf', version: 1, text } });
  const first = await got;
  out.diagnostics = first.diagnostics;
  out.version = first.version;
  out.otherFiles = [...published.keys()].filter((u) => u !== uri);
  const lines = text.split('\n');
  const lineOf = (re) => lines.findIndex((l) => re.test(l));
  const workMem = lineOf(/^\s*work_mem/);
  if (workMem >= 0) {
    out.hover = await conn.sendRequest(lsp.HoverRequest.type,
      { textDocument: { uri }, position: { line: workMem, character: 2 } });
  }
  const include = lineOf(/^\s*include/);
  if (include >= 0) {
    out.definitionInclude = await conn.sendRequest(lsp.DefinitionRequest.type,
      { textDocument: { uri }, position: { line: include, character: 2 } });
  }
  const shared = lineOf(/^\s*shared_buffers/);
  if (shared >= 0) {
    out.definitionWinner = await conn.sendRequest(lsp.DefinitionRequest.type,
      { textDocument: { uri }, position: { line: shared, character: 2 } });
  }
  const blank = text.endsWith('\n') ? lines.length - 1 : lines.length;  // the appended line
  got = nextDiagnostics(uri);
  conn.sendNotification(lsp.DidChangeTextDocumentNotification.type,
    { textDocument: { uri, version: 2 }, contentChanges: [{ text: text + 'max_wal\n' }] });
  await got;
  out.completionNames = (await conn.sendRequest(lsp.CompletionRequest.type,
    { textDocument: { uri }, position: { line: blank, character: 7 } })).map((i) => i.label);
  got = nextDiagnostics(uri);
  conn.sendNotification(lsp.DidChangeTextDocumentNotification.type,
    { textDocument: { uri, version: 3 }, contentChanges: [{ text: text + 'wal_level = \n' }] });
  await got;
  out.completionEnum = (await conn.sendRequest(lsp.CompletionRequest.type,
    { textDocument: { uri }, position: { line: blank, character: 12 } })).map((i) => i.label);
  got = nextDiagnostics(uri);
  conn.sendNotification(lsp.DidChangeTextDocumentNotification.type,
    { textDocument: { uri, version: 4 }, contentChanges: [{ text }] });
  const back = await got;
  out.actions = [];
  for (const d of back.diagnostics) {
    const acts = await conn.sendRequest(lsp.CodeActionRequest.type,
      { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    out.actions.push({ code: d.code, line: d.range.start.line, titles: acts.map((a) => a.title),
                       preferred: acts.map((a) => a.isPreferred === true),
                       edits: acts.map((a) => a.edit.changes[uri]) });
  }
  out.symbols = await conn.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument: { uri } });
  // re-lint latency: time from didChange to its diagnostics, an edit per round
  const times = [];
  for (let round = 0; round < edits; round++) {
    got = nextDiagnostics(uri);
    const start = process.hrtime.bigint();
    conn.sendNotification(lsp.DidChangeTextDocumentNotification.type,
      { textDocument: { uri, version: 10 + round },
        contentChanges: [{ text: text + `# edit ${round}\nwork_mem = ${4 + round}MB\n` }] });
    await got;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  out.relintMedianMs = times.length ? times[Math.floor(times.length / 2)] : null;
  out.relintRuns = times.length;
  await conn.sendRequest(lsp.ShutdownRequest.type);
  conn.sendNotification(lsp.ExitNotification.type);
  child.on('exit', (code) => {
    out.exitCode = code;
    process.stdout.write(JSON.stringify(out) + '\n');
    process.exit(0);
  });
})().catch((err) => { console.error(err); process.exit(1); });
