// Builds the CLI into ES modules, so a command starts without compiling its TypeScript: `--help`
// answered in about 0.12 s instead of 0.34 s, the device agent ready 0.2–0.3 s sooner (bench/README.md).
// `npm install` in a checkout runs it (prepare) into node_modules/.cache/protostage; `npm pack`
// into dist/built (library/build.ts). A change to any source leaves the bundle unused until it is
// built again: bin/protostage.js then loads the sources through tsx, as without a bundle.
//   node --import tsx src/cli/bundle.ts
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { CACHE_DIR, keepRecord } from '../renderer/built-files.ts';
import { CLI_BUNDLE, CLI_BUNDLE_SALT } from './bundled.ts';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./bundled.ts', import.meta.url));

/**
 * Each module keeps its own `import.meta.url`, the URL of its source file: the paths the modules
 * take from it (the renderer's entry, the built files, the package's own files, `createRequire`)
 * stay what they are when the sources run, wherever the bundle lies.
 */
const moduleUrlsOfTheSources: Plugin = {
  name: 'module-urls-of-the-sources',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/** Builds the bundle into `folder`/cli and keeps its record beside it (see renderer/built-files.ts). */
export async function buildCliBundle(folder: string = CACHE_DIR): Promise<void> {
  const startedAt = Date.now();
  mkdirSync(folder, { recursive: true });
  const staging = join(folder, `${CLI_BUNDLE}.${process.pid}.partial`);
  try {
    const result = await build({
      absWorkingDir: PACKAGE_ROOT,
      entryPoints: [ENTRY],
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      chunkNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Dependencies load from node_modules as they do for the sources: their versions are pinned.
      packages: 'external',
      // As tsx compiles: the functions the device serialises into its page keep their names.
      keepNames: true,
      metafile: true,
      logLevel: 'warning',
      plugins: [moduleUrlsOfTheSources],
    });
    const inputs = [...new Set(['package.json', ...Object.keys(result.metafile.inputs)])];
    keepRecord(CLI_BUNDLE, { salt: CLI_BUNDLE_SALT, inputs }, startedAt, folder, () => moveInto(staging, join(folder, CLI_BUNDLE)));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Moves the built files into `target`, the entry last, so a CLI starting meanwhile finds every
 * chunk its entry names; then removes the chunks of earlier builds.
 */
function moveInto(staging: string, target: string): void {
  mkdirSync(target, { recursive: true });
  const files = readdirSync(staging);
  const entry = 'bundled.mjs';
  for (const file of [...files.filter((name) => name !== entry), entry]) renameSync(join(staging, file), join(target, file));
  for (const file of readdirSync(target)) if (!files.includes(file)) rmSync(join(target, file), { force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildCliBundle();
  console.error(`built the CLI into ${join(CACHE_DIR, CLI_BUNDLE)}`);
}
