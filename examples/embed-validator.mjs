// Protostage's validator embedded in another program, through the package's main export.
//   node examples/embed-validator.mjs SPEC.json [CAPABILITY …]
// Prints the capabilities the spec needs, then whether an embedding that supports only the given
// capabilities (beyond the base vocabulary), in library mode, takes it. Exit 0 taken, 1 refused.
import { readFileSync } from 'node:fs';
import { requiredCapabilities, validatePrototypeSpec } from 'protostage';

const [file, ...supported] = process.argv.slice(2);
if (!file) {
  console.error('usage: node embed-validator.mjs SPEC.json [CAPABILITY …]');
  process.exit(2);
}
const bytes = readFileSync(file);
const needs = requiredCapabilities(bytes);
if (!needs.ok) {
  console.log(`invalid at ${needs.path}: ${needs.message}`);
  process.exit(1);
}
for (const { capability, path } of needs.capabilities) console.log(`needs ${capability} (first at ${path})`);
const result = validatePrototypeSpec(bytes, { supportedCapabilities: supported, library: true });
console.log(result.ok ? `taken: ${result.spec.id}, ${result.nodeCount} nodes` : `refused at ${result.path}: ${result.message}`);
process.exit(result.ok ? 0 : 1);
