// Prints GitHub workflow commands with @actions/core itself, for comparison
// with `torch-lint --format=github`.
//
//   node actions-core.mjs <npm prefix> <spec.json>
//
// spec.json: [{"command": "warning" | "error", "message": <hex>,
//              "title": <hex>, "file": <hex>, "line": n, "endLine": n,
//              "col": n}, ...]
// Strings are hex-encoded bytes, so that the test can hand over exactly the
// bytes torch-lint saw (invalid UTF-8 included); they are decoded as the
// WHATWG UTF-8 decoder does (U+FFFD for ill-formed sequences, BOM kept),
// which is how such bytes become a JavaScript string.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [prefix, specPath] = process.argv.slice(2);
if (!prefix || !specPath) {
  console.error('usage: node actions-core.mjs <npm prefix> <spec.json>');
  process.exit(2);
}
const core = await import(pathToFileURL(
  path.join(path.resolve(prefix), 'node_modules/@actions/core/lib/core.js')).href);

const text = (hex) => hex === undefined
  ? undefined
  : new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.from(hex, 'hex'));

for (const c of JSON.parse(fs.readFileSync(specPath, 'utf8'))) {
  const properties = {};
  if (c.title !== undefined) properties.title = text(c.title);
  if (c.file !== undefined) properties.file = text(c.file);
  if (c.line !== undefined) properties.startLine = c.line;
  if (c.endLine !== undefined) properties.endLine = c.endLine;
  if (c.col !== undefined) properties.startColumn = c.col;
  if (c.command === 'warning') core.warning(text(c.message), properties);
  else if (c.command === 'error') core.error(text(c.message), properties);
  else throw new Error(`unknown command ${c.command}`);
}
