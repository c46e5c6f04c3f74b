// Validates SARIF files against the official SARIF 2.1.0 JSON schema (the
// copy @microsoft/jest-sarif ships), with ajv (draft-04 dialect) and
// ajv-formats (uri, uri-reference, date-time).
//
//   node validate-sarif.mjs <npm prefix> <file.sarif>...
//
// <npm prefix> holds node_modules with @microsoft/jest-sarif, ajv,
// ajv-draft-04 and ajv-formats (the tests install them into the build tree).
// Prints one line per file ("<file>: valid" or the schema errors); exit 1 if
// any file is invalid.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const [prefix, ...files] = process.argv.slice(2);
if (!prefix || files.length === 0) {
  console.error('usage: node validate-sarif.mjs <npm prefix> <file.sarif>...');
  process.exit(2);
}
const require = createRequire(path.join(path.resolve(prefix), 'package.json'));
const Ajv = require('ajv-draft-04');
const addFormats = require('ajv-formats');
const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

// unicodeRegExp: false because the schema's language pattern
// (^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$) is not valid with the u flag.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

let invalid = 0;
for (const file of files) {
  let doc;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.log(`${file}: not JSON: ${e.message}`);
    ++invalid;
    continue;
  }
  if (validate(doc)) {
    console.log(`${file}: valid`);
    continue;
  }
  ++invalid;
  console.log(`${file}: INVALID`);
  for (const e of validate.errors)
    console.log(`  ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}
process.exit(invalid ? 1 : 0);
