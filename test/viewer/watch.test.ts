// The file watch on the real file system: in-place writes and editor-style rename saves.
import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { watchFile } from '../../src/viewer/watch.ts';

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
