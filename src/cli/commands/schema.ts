/**
 * `protostage schema [-o FILE] [--authoring-doc]`: prints (or writes) the editor JSON Schema of a
 * prototype spec, or the authoring guide, both generated from the contract.
 */
import { writeFileSync } from 'node:fs';
import { authoringDoc } from '../../contract/authoring-doc.ts';
import { contractJsonSchemaText } from '../../contract/json-schema.ts';
import { parseCommandArgs } from '../args.ts';

export const HELP = `Usage: protostage schema [-o FILE] [--authoring-doc]

Prints the JSON Schema (draft 2020-12) of a prototype spec, generated from the contract, so an
editor can complete and check specs. The repository keeps a copy in
schemas/prototype-spec.schema.json; in VS Code map it in settings.json:
  "json.schemas": [{ "fileMatch": ["*.prototype.json"], "url": "./schemas/prototype-spec.schema.json" }]
Rules a schema cannot express (state bindings, pager references, limits, components) are listed in
its description; \`protostage validate\` checks them.

Options:
  -o, --output FILE   write to FILE instead of standard output
  --authoring-doc     the authoring guide (markdown) instead of the schema;
                      regenerate docs/authoring.md with: protostage schema --authoring-doc -o docs/authoring.md
  -h, --help          this help`;

export const OPTIONS = { output: { type: 'string', short: 'o' }, 'authoring-doc': { type: 'boolean' } } as const;

export async function run(args: string[]): Promise<number> {
  const flags = parseCommandArgs('schema', args, OPTIONS, HELP);
  if (typeof flags === 'number') return flags;
  const text = flags['authoring-doc'] ? authoringDoc() : contractJsonSchemaText();
  if (flags.output === undefined) {
    process.stdout.write(text);
    return 0;
  }
  try {
    writeFileSync(flags.output, text);
  } catch (error) {
    console.error(`protostage schema: cannot write ${flags.output}: ${(error as Error).message}`);
    return 1;
  }
  console.error(`wrote ${flags.output} (${Buffer.byteLength(text)} bytes)`);
  return 0;
}
