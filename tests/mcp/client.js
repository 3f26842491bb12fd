// A real MCP client for pgknob mcp: the official TypeScript SDK's Client over its stdio
// transport. Reads a JSON list of calls ({"method": "tools/list"} or {"tool": NAME, "args": {...}}
// or {"resource": URI}) from argv[3] and prints one JSON document with every result.
//   node client.js PGKNOB CALLS.json [pgknob mcp options...]
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const fs = require('fs');

async function main() {
  const [pgknob, callsFile, ...serverArgs] = process.argv.slice(2);
  const calls = JSON.parse(fs.readFileSync(callsFile, 'utf8'));
  const transport = new StdioClientTransport({ command: pgknob, args: ['mcp', ...serverArgs],
                                               stderr: 'inherit' });
  const client = new Client({ name: 'pgknob-test', version: '1.0.0' });
  await client.connect(transport);
  const out = { server: client.getServerVersion(), protocol: transport._protocolVersion || null,
                results: [] };
  for (const call of calls) {
    try {
      if (call.method === 'tools/list') out.results.push(await client.listTools());
      else if (call.method === 'resources/list') out.results.push(await client.listResources());
      else if (call.resource) out.results.push(await client.readResource({ uri: call.resource }));
      else out.results.push(await client.callTool({ name: call.tool, arguments: call.args || {} }));
    } catch (err) {
      out.results.push({ protocolError: { code: err.code, message: String(err.message) } });
    }
  }
  await client.close();
  process.stdout.write(JSON.stringify(out) + '\n');
}
main().catch((err) => { console.error(err); process.exit(1); });
