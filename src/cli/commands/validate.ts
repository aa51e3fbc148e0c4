/**
 * `protostage validate FILE|- [--all-errors [--max-errors N]] [--json]`: validates one spec (a file,
 * or standard input for `-`). Exit 0 printing `valid: <id> (<n> nodes)`, or exit 1 printing
 * `<path>: <message>` for the first error, or for every error with --all-errors.
 */
import { readFileSync } from 'node:fs';
import {
  DEFAULT_MAX_ERRORS,
  validatePrototypeSpec,
  validatePrototypeSpecAllErrors,
  type ValidationError,
  type ValidationResult,
} from '../../validate/index.ts';

const usage = `Usage: protostage validate FILE|- [--all-errors [--max-errors N]] [--json]

Validates a prototype spec read from FILE, or from standard input when FILE is "-".
  exit 0, prints   valid: <id> (<n> nodes)
  exit 1, prints   <path>: <message>        (the first error, e.g. root.children[1].style.color)
  exit 2           bad usage or unreadable input
Options:
  --json           print {"ok": …, "path": …, "message": …} instead (plus "id" and "nodeCount" when valid)
  --all-errors     print every error, one "<path>: <message>" line each, to repair the spec in one
                   round. The first line is always the first error above (the contract's rejection
                   order: keys in ascending order, references after the structure), the others
                   follow in document order. Nothing is listed inside a value that already failed,
                   nor a check that reads a failed part; a strict-JSON or component error is the
                   only line. With --json: an array of {"path", "message"} ([] when valid).
  --max-errors N   with --all-errors, list at most N errors (default ${DEFAULT_MAX_ERRORS}, at most 1000); a last
                   line (on standard error with --json) says when more were found`;

interface Options {
  file: string;
  json: boolean;
  allErrors: boolean;
  maxErrors: number;
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return 0;
  }
  const options = parseOptions(args);
  if (typeof options === 'string') {
    console.error(`protostage validate: ${options}\n\n${usage}`);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = options.file === '-' ? await readStdin() : readFileSync(options.file);
  } catch (error) {
    console.error(`protostage validate: cannot read ${options.file}: ${(error as Error).message}`);
    return 2;
  }
  return options.allErrors ? reportAllErrors(bytes, options) : reportFirstError(validatePrototypeSpec(bytes), options.json);
}

/** The options, or what is wrong with the arguments. */
function parseOptions(args: string[]): Options | string {
  const options: Options = { file: '', json: false, allErrors: false, maxErrors: DEFAULT_MAX_ERRORS };
  const files: string[] = [];
  let maxErrorsGiven = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--json') options.json = true;
    else if (arg === '--all-errors') options.allErrors = true;
    else if (arg === '--max-errors') {
      const count = Number(args[++index]);
      if (!Number.isInteger(count) || count < 1 || count > 1000) return `--max-errors takes a whole number from 1 to 1000, not "${args[index] ?? ''}"`;
      options.maxErrors = count;
      maxErrorsGiven = true;
    } else if (arg.startsWith('-') && arg !== '-') return `unknown option ${arg}`;
    else files.push(arg);
  }
  if (files.length !== 1) return files.length === 0 ? 'give a FILE, or - for standard input' : 'give one FILE';
  if (maxErrorsGiven && !options.allErrors) return '--max-errors goes with --all-errors';
  options.file = files[0]!;
  return options;
}

function reportFirstError(result: ValidationResult, json: boolean): number {
  if (result.ok) {
    const message = validMessage(result);
    console.log(json ? JSON.stringify({ ok: true, path: null, message, id: result.spec.id, nodeCount: result.nodeCount }) : message);
    return 0;
  }
  console.log(json ? JSON.stringify({ ok: false, path: result.path, message: result.message }) : errorLine(result));
  return 1;
}

function reportAllErrors(bytes: Uint8Array, options: Options): number {
  const result = validatePrototypeSpecAllErrors(bytes, { maxErrors: options.maxErrors });
  if (result.ok) {
    console.log(options.json ? '[]' : validMessage(result));
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
