// docs/gallery holds screenshots of the seed's worked examples and of the every-node spec, in
// light and dark. This test renders them again and fails if any drifted; run it with
// UPDATE_GALLERY=1 to write the current pictures instead.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { differingPixels, readValidFixture, useDevices, validSpec, withBoundsAnchors, type OpenDevice } from './helpers.ts';

const GALLERY_DIR = new URL('../../docs/gallery/', import.meta.url);
const UPDATE = process.env.UPDATE_GALLERY === '1';

/** Fixture name → gallery picture name. doc-example-3's element anchor becomes a fixed bounds anchor. */
const ENTRIES = [
  { fixture: 'doc-example-1.json', picture: 'doc-example-1' },
  { fixture: 'doc-example-2.json', picture: 'doc-example-2' },
  { fixture: 'doc-example-3.json', picture: 'doc-example-3' },
  { fixture: 'every-node.json', picture: 'every-node' },
];

const devices = useDevices({ dark: false }, { dark: true });

async function screenshot(open: OpenDevice, spec: unknown): Promise<Buffer> {
  const shown = await open.device.show(spec, { reset: true });
  assert.notEqual((shown as { ok?: unknown }).ok, false, `show failed: ${JSON.stringify(shown)}`);
  return (await open.device.observe()).screenshot;
}

for (const entry of ENTRIES) {
  for (const mode of ['light', 'dark'] as const) {
    const file = new URL(`${entry.picture}-${mode}.png`, GALLERY_DIR);
    test(`gallery ${entry.picture} (${mode}) matches docs/gallery`, async () => {
      const spec = validSpec(withBoundsAnchors(readValidFixture(entry.fixture)));
      const picture = await screenshot(devices()[mode === 'light' ? 0 : 1]!, spec);
      if (UPDATE) {
        writeFileSync(file, picture);
        return;
      }
      assert.ok(existsSync(file), `${file.pathname} is missing; run UPDATE_GALLERY=1 on this test to write it`);
      const drift = differingPixels(readFileSync(file), picture);
      assert.equal(drift, 0, `${drift} pixels drifted from ${file.pathname}; if the change is intended, run UPDATE_GALLERY=1 on this test`);
    });
  }
}
