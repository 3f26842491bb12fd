// Starts `pgknob lsp` for PostgreSQL configuration files and hands them to it.
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('pgknob');
  const command = config.get('path', 'pgknob');
  const args = ['lsp', ...config.get('args', [])];
  const server = { command, args, transport: TransportKind.stdio };
  const conninfo = config.get('live.conninfo', '');
  client = new LanguageClient('pgknob', 'pgknob', { run: server, debug: server }, {
    documentSelector: ['pgknob-conf', 'pgknob-hba', 'pgknob-ident'].map(language => ({ scheme: 'file', language })),
    // live mode (docs/lsp.md): the running server's values, pending restarts, unapplied lines
    initializationOptions: conninfo ? { live: { conninfo } } : {},
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
