/**
 * Writes the closed icon list into the contract: `enums.iconName` of
 * schemas/prototype-spec-contract.json becomes the names of the material-icons-extended list
 * (one name a line in the data file), in file order.
 *
 *   npx tsx src/contract/generate-icon-names.ts [ICON_LIST] [CONTRACT]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const defaultIconListPath = fileURLToPath(
  new URL('../../../shared/data/material-icons-extended.txt', import.meta.url),
);
export const contractPath = fileURLToPath(new URL('../../schemas/prototype-spec-contract.json', import.meta.url));

const iconNamePattern = /^[a-z0-9_]+$/;
const iconEnumPattern = /"iconName": \[[^\]]*\]/;

/** The names of an icon list file: one per line, blank lines ignored. */
export function parseIconList(text: string): string[] {
  const names = text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
  const bad = names.find((name) => !iconNamePattern.test(name));
  if (bad !== undefined) throw new Error(`Icon list entry "${bad}" is not a snake_case icon name`);
  if (new Set(names).size !== names.length) throw new Error('Icon list has duplicate names');
  return names;
}

/** The JSON array text of the names, wrapped so the contract stays readable. */
function formatNames(names: string[], indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const quoted of names.map((name) => JSON.stringify(name))) {
    if (line.length + quoted.length > 96) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += `${quoted}, `;
  }
  lines.push(line.replace(/, $/, ''));
  return `[\n${lines.map((l) => `${indent}  ${l}`).join('\n')}\n${indent}]`;
}

/** The contract text with its `iconName` enum replaced by `names`, everything else untouched. */
export function withIconNames(contractText: string, names: string[]): string {
  if (!iconEnumPattern.test(contractText)) throw new Error('Contract has no "iconName" enum to fill');
  return contractText.replace(iconEnumPattern, `"iconName": ${formatNames(names, '    ')}`);
}

function main(args: string[]): void {
  const listPath = args[0] ?? defaultIconListPath;
  const target = args[1] ?? contractPath;
  const names = parseIconList(readFileSync(listPath, 'utf8'));
  writeFileSync(target, withIconNames(readFileSync(target, 'utf8'), names));
  console.log(`wrote ${names.length} icon names into ${target}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
