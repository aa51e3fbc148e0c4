/**
 * `protostage validate FILE|- [--all-errors [--max-errors N]] [--json]`: validates one spec (a file,
 * a saved prototype folder's spec, or standard input for `-`). Exit 0 printing `valid: <id> (<n> nodes)`, or exit 1 printing
 * `<path>: <message>` for the first error, or for every error with --all-errors.
 */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isSavedLayout, MANIFEST_FILE, readSavedPrototype } from '../../host/saved-layout.ts';
import {
  DEFAULT_MAX_ERRORS,
  specWarnings,
  validatePrototypeSpec,
  validatePrototypeSpecAllErrors,
  type SpecWarning,
  type ValidationError,
  type ValidationResult,
} from '../../validate/index.ts';

export const HELP = `Usage: protostage validate FILE|- [--all-errors [--max-errors N]] [--json]

Validates a prototype spec read from FILE (a spec file, or a saved prototype folder's spec), or
from standard input when FILE is "-".
  exit 0, prints   valid: <id> (<n> nodes)
                   and a "warning: <path>: <message>. Fix: <fix>" line for each thing the valid
                   spec holds that will not do what it looks like (a placeholder drawn as written,
                   a data pointer naming nothing, a see-through fullscreen window)
  exit 1, prints   <path>: <message>        (the first error, e.g. root.children[1].style.color)
  exit 2           bad usage or unreadable input
Options:
  --json           print {"ok": …, "path": …, "message": …} instead (plus "id", "nodeCount" and
                   "warnings": [{"path", "message", "fix"}] when valid)
  --all-errors     print every error, one "<path>: <message>" line each, to repair the spec in one
                   round. The first line is always the first error above (the contract's rejection
                   order: keys in ascending order, references after the structure), the others
                   follow in document order. Nothing is listed inside a value that already failed,
                   nor a check that reads a failed part; a strict-JSON or component error is the
                   only line. With --json: an array of {"path", "message"} ([] when valid, the
                   warnings on standard error).
  --max-errors N   with --all-errors, list at most N errors (default ${DEFAULT_MAX_ERRORS}, at most 1000); a last
                   line (on standard error with --json) says when more were found
  -h, --help       this text`;

interface Options {
  file: string;
  json: boolean;
  allErrors: boolean;
  maxErrors: number;
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const options = parseOptions(args);
  if (typeof options === 'string') {
    console.error(`protostage validate: ${options}\n\n${HELP}`);
    return 2;
  }
  const bytes = options.file === '-' ? await readStdin() : await readSpecFile(options.file);
  if (typeof bytes === 'string') {
    console.error(`protostage validate: ${bytes}`);
    return 2;
  }
  return options.allErrors ? reportAllErrors(bytes, options) : reportFirstError(validatePrototypeSpec(bytes), options.json);
}

/** A spec file's bytes, a saved prototype folder's spec, or what stands in the way in one line. */
async function readSpecFile(file: string): Promise<Uint8Array | string> {
  const info = statSync(file, { throwIfNoEntry: false });
  if (info === undefined) return `cannot read ${file}: no such file`;
  if (info.isDirectory()) {
    if (!(await isSavedLayout(file))) return `${file} is a folder without a saved prototype (no ${MANIFEST_FILE}); give a spec file or a folder \`protostage save\` wrote`;
    const saved = await readSavedPrototype(file);
    return saved.ok ? saved.spec : `${file} is not a readable saved prototype: ${saved.corrupt}`;
  }
  try {
    return readFileSync(file);
  } catch (error) {
    return `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

/** The options, or what is wrong with the arguments. */
export const OPTIONS = {
  json: { type: 'boolean' },
  'all-errors': { type: 'boolean' },
  'max-errors': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseOptions(args: string[]): Options | string {
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals: files } = parsed;
  if (files.length !== 1) return files.length === 0 ? 'give a FILE, or - for standard input' : 'give one FILE';
  const options: Options = { file: files[0]!, json: values.json === true, allErrors: values['all-errors'] === true, maxErrors: DEFAULT_MAX_ERRORS };
  if (values['max-errors'] !== undefined) {
    const count = Number(values['max-errors']);
    if (!Number.isInteger(count) || count < 1 || count > 1000) return `--max-errors takes a whole number from 1 to 1000, not "${values['max-errors']}"`;
    if (!options.allErrors) return '--max-errors goes with --all-errors';
    options.maxErrors = count;
  }
  return options;
}

function reportFirstError(result: ValidationResult, json: boolean): number {
  if (result.ok) {
    const message = validMessage(result);
    const warnings = specWarnings(result.authored);
    if (json) console.log(JSON.stringify({ ok: true, path: null, message, id: result.spec.id, nodeCount: result.nodeCount, warnings }));
    else console.log([message, ...warnings.map(warningLine)].join('\n'));
    return 0;
  }
  console.log(json ? JSON.stringify({ ok: false, path: result.path, message: result.message }) : errorLine(result));
  return 1;
}

function reportAllErrors(bytes: Uint8Array, options: Options): number {
  const result = validatePrototypeSpecAllErrors(bytes, { maxErrors: options.maxErrors });
  if (result.ok) {
    const warnings = specWarnings(result.authored).map(warningLine);
    if (options.json) {
      console.log('[]');
      if (warnings.length > 0) console.error(warnings.join('\n'));
    } else {
      console.log([validMessage(result), ...warnings].join('\n'));
    }
    return 0;
  }
  console.log(options.json ? JSON.stringify(result.errors) : result.errors.map(errorLine).join('\n'));
  if (result.truncated) {
    const note = `(more errors were found; only the first ${result.errors.length} are listed: fix these and validate again)`;
    if (options.json) console.error(note);
    else console.log(note);
  }
  return 1;
}

/** `warning: <path>: <message>. Fix: <fix>`, one line. */
function warningLine(warning: SpecWarning): string {
  return `warning: ${warning.path}: ${warning.message}. Fix: ${warning.fix}`;
}

function validMessage(result: Extract<ValidationResult, { ok: true }>): string {
  return `valid: ${result.spec.id} (${result.nodeCount} nodes)`;
}

function errorLine(error: ValidationError): string {
  return `${error.path}: ${error.message}`;
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
