// Validates JSON files against a JSON Schema with ajv (draft-04 schemas through ajv-draft-04,
// later drafts through ajv). Usage: node validate.js SCHEMA FILE...
// unicodeRegExp is off: the SARIF schema's "language" pattern is not valid with the u flag.
// Prints one line per file ("valid FILE" or "invalid FILE: errors") and exits 1 on any invalid.
'use strict';
const path = require('path');
const fs = require('fs');
const modules = path.join(__dirname, '../../.cache/node/node_modules');
const req = (name) => require(path.join(modules, name));

const schema = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const draft04 = String(schema.$schema || '').includes('draft-04');
const Ajv = draft04 ? req('ajv-draft-04') : req('ajv').default;
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
req('ajv-formats')(ajv);
const validate = ajv.compile(schema);
let bad = 0;
for (const file of process.argv.slice(3)) {
  let doc;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    console.log(`invalid ${file}: not JSON: ${err.message}`);
    bad++;
    continue;
  }
  if (validate(doc)) {
    console.log(`valid ${file}`);
  } else {
    bad++;
    console.log(`invalid ${file}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
  }
}
process.exit(bad ? 1 : 0);
