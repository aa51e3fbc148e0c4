// Every valid fixture of the project renders to the same pixels twice, on two separate device
// pages (0 differing pixels by pixelmatch).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { differingPixels, readValidFixture, useDevices, validFixtureNames, validSpec, withBoundsAnchors, type OpenDevice } from './helpers.ts';

const devices = useDevices({}, {});

async function render(open: OpenDevice, spec: unknown): Promise<Buffer> {
  const shown = await open.device.show(spec, { reset: true });
  assert.notEqual((shown as { ok?: unknown }).ok, false, `show failed: ${JSON.stringify(shown)}`);
  return (await open.device.observe()).screenshot;
}

const fixtures = validFixtureNames();

test('the valid fixture folder is not empty', () => {
  assert.ok(fixtures.length > 0);
});

for (const name of fixtures) {
  test(`${name} renders to identical pixels twice`, async () => {
    const spec = validSpec(withBoundsAnchors(readValidFixture(name)));
    const [first, second] = devices();
    const once = await render(first!, spec);
    const twice = await render(second!, spec);
    assert.equal(differingPixels(once, twice), 0);
  });
}
