/**
 * `protostage validate FILE|- [--json]`: validates one spec (a file, or standard input for `-`).
 * Exit 0 printing `valid: <id> (<n> nodes)`, or exit 1 printing `<path>: <message>`.
 */
import { readFileSync } from 'node:fs';
import { validatePrototypeSpec } from '../../validate/index.ts';

const usage = `Usage: protostage validate FILE|- [--json]

Validates a prototype spec read from FILE, or from standard input when FILE is "-".
  exit 0, prints   valid: <id> (<n> nodes)
  exit 1, prints   <path>: <message>        (the first error, e.g. root.children[1].style.color)
  exit 2           bad usage or unreadable input
Options:
  --json   print {"ok": …, "path": …, "message": …} instead (plus "id" and "nodeCount" when valid)`;

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return 0;
  }
  const json = args.includes('--json');
  const files = args.filter((arg) => arg !== '--json');
  if (files.length !== 1 || (files[0]!.startsWith('-') && files[0] !== '-')) {
    console.error(usage);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = files[0] === '-' ? await readStdin() : readFileSync(files[0]!);
  } catch (error) {
    console.error(`protostage validate: cannot read ${files[0]}: ${(error as Error).message}`);
    return 2;
  }
  const result = validatePrototypeSpec(bytes);
  if (result.ok) {
    const message = `valid: ${result.spec.id} (${result.nodeCount} nodes)`;
    console.log(json ? JSON.stringify({ ok: true, path: null, message, id: result.spec.id, nodeCount: result.nodeCount }) : message);
    return 0;
  }
  console.log(json ? JSON.stringify({ ok: false, path: result.path, message: result.message }) : `${result.path}: ${result.message}`);
  return 1;
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
