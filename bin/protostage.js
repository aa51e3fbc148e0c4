#!/usr/bin/env node
// The CLI is TypeScript. Installing the package builds it into ES modules (src/cli/bundle.ts);
// while those match the sources the commands run from them, otherwise tsx (a runtime dependency)
// loads the sources, as it does with PROTOSTAGE_CLI_SOURCES=1. PROTOSTAGE_DEBUG=cli says which ran.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The folders a bundle is kept in (renderer/built-files.ts): a checkout's first, then a packed
 * package's, which in a checkout exists only while `npm pack` runs and goes with its chunks.
 */
const BUNDLE_FOLDERS = ['../node_modules/.cache/protostage/', '../dist/built/'];

/** Runs the commands from a current bundle; the folder it ran from, or null when none is current. */
async function runBundled() {
  if (process.env.PROTOSTAGE_CLI_SOURCES === '1') return null;
  for (const folder of BUNDLE_FOLDERS) {
    const entry = new URL(`${folder}cli/bundled.mjs`, import.meta.url);
    if (!existsSync(entry)) continue;
    const bundle = await import(entry.href);
    const path = fileURLToPath(new URL(folder, import.meta.url));
    if (!bundle.current(path)) continue;
    report(`the prebuilt CLI in ${path}`);
    await bundle.run();
    return path;
  }
  return null;
}

function report(what) {
  if (process.env.PROTOSTAGE_DEBUG === 'cli') console.error(`protostage: running ${what}`);
}

if ((await runBundled()) === null) {
  report('the sources through tsx');
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
