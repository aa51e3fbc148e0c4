// The entry of the CLI's prebuilt ES modules (made by bundle.ts): bin/protostage.js runs the
// commands from them while their record matches the sources, and from the sources through tsx
// otherwise. Kept small: everything else loads only once run() is called.
import { builtIsCurrent } from '../renderer/built-files.ts';

/** The name the bundle's folder and record are kept under. */
export const CLI_BUNDLE = 'cli';
/** How the bundle is made (bundle.ts): a change to its options changes this. */
export const CLI_BUNDLE_SALT = 'cli: esm, node20, split chunks, packages external, keepNames, module URLs of the sources';

/** Whether the bundle kept in `folder` was made from the sources as they are now. */
export function current(folder: string): boolean {
  return builtIsCurrent(folder, CLI_BUNDLE, CLI_BUNDLE_SALT);
}

export async function run(): Promise<void> {
  await import('./main.ts');
}
