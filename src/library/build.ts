// Builds the library export before the package is packed (`npm pack` runs it as prepack):
// dist/index.js, one ES module with its dependencies inside, so importing it needs nothing else
// from the package; dist/types, the declarations of the modules it exports; and
// dist/material-icons-<variant>.json.gz, the device's icon glyphs, so the installed package needs none of
// the icon package's 10,000 files; and dist/built, the device page's script, so a launch need not
// bundle it (renderer/built-files.ts), and the CLI as ES modules (cli/bundle.ts).
//   node --import tsx src/library/build.ts
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleRenderer, RENDERER_BUNDLE_FILE } from '../renderer/build.ts';
import { keepBuilt, PACKED_DIR } from '../renderer/built-files.ts';
import { builtIconVariantFile, gzipIconVariant, ICON_VARIANTS, materialIconPackageMap } from '../renderer/page-assets.ts';
import { buildCliBundle } from '../cli/bundle.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = `${root}dist`;

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
  outfile: `${dist}/index.js`,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  legalComments: 'eof',
  logLevel: 'warning',
});
const config = `${dist}/tsconfig.types.json`;
writeFileSync(config, JSON.stringify({
  extends: '../tsconfig.json',
  compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, rewriteRelativeImportExtensions: true, outDir: './types', rootDir: '../src' },
  include: [],
  files: ['../src/library/index.ts'],
}));
execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', config], { stdio: 'inherit' });
rmSync(config);
const icons = materialIconPackageMap();
for (const variant of ICON_VARIANTS) writeFileSync(builtIconVariantFile(variant), gzipIconVariant(icons[variant]));
const bundleStarted = Date.now();
const renderer = await bundleRenderer();
// An installed package's dependencies sit elsewhere than the checkout's: the packed script counts
// them by the exact versions package.json pins, and the package's own files by content.
const ownInputs = renderer.from.inputs.filter((input) => !input.startsWith('node_modules/'));
keepBuilt(RENDERER_BUNDLE_FILE, renderer.text, { salt: renderer.from.salt, inputs: ['package.json', ...ownInputs] }, bundleStarted, PACKED_DIR);
await buildCliBundle(PACKED_DIR);
console.error('built dist/index.js, dist/types, dist/material-icons-*.json.gz and dist/built (the device page\'s script, the CLI)');
