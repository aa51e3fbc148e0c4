// `protostage save SPEC [--asset ID=FILE]… [--assets DIR] -o DIR`: saves a prototype as the
// layout a viewer opens (manifest, spec and content-addressed assets; see host/saved-layout.ts).
import { mkdir, readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { collectAssetIds } from '../../spec/assets.ts';
import { validatePrototypeSpec } from '../../validate/index.ts';
import { writeSavedPrototype } from '../../host/saved-layout.ts';
import { ASSET_OPTIONS, AssetUsageError, describeAssetProblem, missingAssetsWarning, parseAssetFlags, readNamedAssets } from '../assets.ts';

const SAVE_ASSET_HELP = `  --asset ID=FILE        save FILE (PNG, JPEG, WebP, TTF, OTF, MP4 or WebM) as asset ID (repeatable)
  --assets DIR           the image, font and video files of DIR the spec uses, each as the asset
                         named by the file name without its extension (hero.png is "hero")`;

export const HELP = `Usage: protostage save SPEC -o DIR [--asset ID=FILE]… [--assets DIR]

Saves a valid spec with its image, font and video files as a saved prototype folder:
  DIR/manifest.json   format version 1: every asset and font with its sha256 and media type
  DIR/spec.json       the spec as given
  DIR/assets/<sha256>.png|jpg|webp|mp4|webm, DIR/fonts/<sha256>.ttf|otf
The folder is written beside itself and renamed into place, so a crash never leaves half of one.
DIR may be new (missing parent folders are made), an empty folder, or a saved prototype, which is
replaced (and kept if the replacement fails); a file, a link or any other folder is refused
untouched. Of an --assets folder only the files whose ids the spec uses are saved.
Open it with \`protostage open DIR\`, or render it with \`protostage render DIR -o out.png\`.

Options:
  -o, --output DIR       the folder to write (required)
${SAVE_ASSET_HELP}
  -h, --help             this text

Exit codes: 0 saved, 1 an invalid spec, an unusable asset file or a failed write, 2 bad arguments.`;

export const OPTIONS = { output: { type: 'string', short: 'o' }, ...ASSET_OPTIONS, help: { type: 'boolean', short: 'h' } } as const;

export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length !== 1) return usage('expected exactly one SPEC file');
  if (values.output === undefined) return usage('-o DIR is required');
  let explicit;
  try {
    explicit = parseAssetFlags(values.asset ?? []);
  } catch (error) {
    if (error instanceof AssetUsageError) return usage(error.message);
    throw error;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(positionals[0]!);
  } catch (error) {
    console.error(`protostage save: cannot read ${positionals[0]}: ${(error as Error).message}`);
    return 1;
  }
  const validated = validatePrototypeSpec(bytes);
  if (!validated.ok) {
    console.error(`${validated.path}: ${validated.message}`);
    return 1;
  }
  const used = new Set<string>();
  collectAssetIds(validated.spec, used);
  const assets = await readNamedAssets(explicit, values.assets, used);
  if (!assets.ok) {
    console.error(describeAssetProblem('save', assets));
    return 1;
  }
  if (assets.leftOut.length > 0) {
    console.error(`left out ${assets.leftOut.length} ${assets.leftOut.length === 1 ? 'file' : 'files'} of ${values.assets} the spec does not use: ${assets.leftOut.map((source) => basename(source.file)).join(', ')}`);
  }
  const missing = [...used].filter((id) => !assets.assets.some((asset) => asset.id === id));
  if (missing.length > 0) console.error(missingAssetsWarning(missing));
  const out = resolve(values.output);
  try {
    await mkdir(dirname(out), { recursive: true });
    const { manifest } = await writeSavedPrototype(out, bytes, assets.assets);
    console.error(`saved ${validated.spec.id} to ${out} (${manifest.assets.length} images, ${manifest.fonts.length} fonts)`);
    return 0;
  } catch (error) {
    console.error(`protostage save: cannot write ${out}: ${(error as Error).message}`);
    return 1;
  }
}

function usage(message: string): number {
  console.error(`protostage save: ${message}\n\n${HELP}`);
  return 2;
}
