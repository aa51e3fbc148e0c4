// `protostage open DIR [view options]`: opens a saved prototype (see `protostage save`) in the live
// viewer: its spec, with every asset the layout verified; what it could not verify is reported.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readSavedPrototype, SPEC_FILE } from '../../host/saved-layout.ts';

export const HELP = `Usage: protostage open DIR [view options]

Opens the saved prototype in DIR (written by \`protostage save\` or the MCP prototype tool's save)
in the live viewer, as \`protostage view DIR/spec.json\` with the layout's assets. Assets the layout
cannot verify (missing, changed, not plain files) are named on standard error and draw as
placeholders. Takes every option of \`protostage view\` (see \`protostage view --help\`).

Exit codes: as view's; 1 also for a folder that is not a saved prototype (or a corrupt one).`;

export async function run(args: string[]): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    console.log(HELP);
    return 0;
  }
  const dir = args[0];
  if (dir === undefined || dir.startsWith('-')) {
    console.error(`protostage open: expected the saved prototype's folder first\n\n${HELP}`);
    return 2;
  }
  const kind = await stat(dir).then((info) => (info.isDirectory() ? 'folder' : 'other'), () => 'missing');
  if (kind !== 'folder') {
    console.error(`protostage open: ${dir} ${kind === 'missing' ? 'does not exist' : 'is not a folder'}; give the folder \`protostage save\` wrote`);
    return 1;
  }
  const layout = await readSavedPrototype(dir);
  if (!layout.ok) {
    console.error(`protostage open: ${dir} is not a readable saved prototype: ${layout.corrupt}`);
    return 1;
  }
  for (const problem of layout.problems) console.error(`protostage open: asset ${problem}`);
  const assetFlags = [...layout.manifest.assets, ...layout.manifest.fonts]
    .filter((entry) => layout.assets.some((asset) => asset.id === entry.id))
    .flatMap((entry) => ['--asset', `${entry.id}=${join(dir, entry.file)}`]);
  const { run: view } = await import('./view.ts');
  return view([join(dir, SPEC_FILE), ...assetFlags, ...args.slice(1)], 'open');
}
