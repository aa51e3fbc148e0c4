// The file and directory watches on the real file system: in-place writes, editor-style rename
// saves, and files added to a watched directory.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { watchDirectory, watchFile } from '../../src/viewer/watch.ts';

const folder = mkdtempSync(join(tmpdir(), 'protostage-watch-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** Counts changes; `next` resolves at the next one. */
function counter() {
  let count = 0;
  let wake: (() => void) | null = null;
  return {
    changed: () => {
      count++;
      wake?.();
    },
    count: () => count,
    next: () => new Promise<void>((resolve) => (wake = resolve)),
  };
}

test('a burst of writes is one change, and a save by rename is seen too', async () => {
  const path = join(folder, 'spec.json');
  writeFileSync(path, '{}');
  const changes = counter();
  const watch = watchFile(path, changes.changed);
  try {
    let next = changes.next();
    writeFileSync(path, '{"a":1}');
    writeFileSync(path, '{"a":2}');
    writeFileSync(path, '{"a":3}');
    await next;
    assert.equal(changes.count(), 1);

    next = changes.next();
    writeFileSync(`${path}.tmp`, '{"a":4}');
    renameSync(`${path}.tmp`, path);
    await next;
    assert.equal(changes.count(), 2);

    next = changes.next();
    writeFileSync(path, '{"a":5}', { flag: 'w' });
    await next;
    assert.equal(changes.count(), 3, 'the watch survives the rename');
  } finally {
    watch.close();
  }
});

test('changes to other files in the folder are ignored', async () => {
  const path = join(folder, 'watched.json');
  writeFileSync(path, '{}');
  const changes = counter();
  const watch = watchFile(path, changes.changed, 5);
  try {
    writeFileSync(join(folder, 'other.json'), '{}');
    // Absence can only be seen by waiting: well past the debounce and the watcher's latency.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(changes.count(), 0);
    const next = changes.next();
    writeFileSync(path, '{"b":1}');
    await next;
    assert.equal(changes.count(), 1);
  } finally {
    watch.close();
  }
});

test('a directory watch names each changed entry once per burst, new files included', async () => {
  const directory = join(folder, 'assets');
  mkdirSync(directory);
  writeFileSync(join(directory, 'hero.png'), 'a');
  const names: (string | null)[] = [];
  let wake: (() => void) | null = null;
  const watch = watchDirectory(directory, (name) => {
    names.push(name);
    wake?.();
  });
  const seen = (expected: string[]) => new Promise<void>((resolve) => {
    wake = () => expected.every((name) => names.includes(name)) && resolve();
    wake();
  });
  try {
    writeFileSync(join(directory, 'hero.png'), 'b');
    writeFileSync(join(directory, 'hero.png'), 'c');
    writeFileSync(join(directory, 'logo.png'), 'new');
    await seen(['hero.png', 'logo.png']);
    assert.deepEqual(names.filter((name) => name !== null).sort(), ['hero.png', 'logo.png'], 'a burst on one file is one change, and each file has its own');
  } finally {
    watch.close();
  }
});
