// Every valid fixture of the project and every example in examples/ renders to the same pixels
// twice, on two separate device pages (0 differing pixels by pixelmatch).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exampleNames, readExample } from '../examples/examples.ts';
import { differingPixels, readValidFixture, useDevices, validFixtureNames, validSpec, withBoundsAnchors, type OpenDevice } from './helpers.ts';

const devices = useDevices({}, {});

async function render(open: OpenDevice, spec: unknown): Promise<Buffer> {
  const shown = await open.device.show(spec, { reset: true });
  assert.notEqual((shown as { ok?: unknown }).ok, false, `show failed: ${JSON.stringify(shown)}`);
  return (await open.device.observe()).screenshot;
}

const fixtures = validFixtureNames();
const examples = exampleNames();

test('the valid fixture and example folders are not empty', () => {
  assert.ok(fixtures.length > 0);
  assert.ok(examples.length > 0);
});

const specs = [
  ...fixtures.map((name) => ({ label: name, read: () => withBoundsAnchors(readValidFixture(name)) })),
  ...examples.map((name) => ({ label: `examples/${name}`, read: () => readExample(name) })),
];

for (const { label, read } of specs) {
  test(`${label} renders to identical pixels twice`, async () => {
    const spec = validSpec(read());
    const [first, second] = devices();
    const once = await render(first!, spec);
    const twice = await render(second!, spec);
    assert.equal(differingPixels(once, twice), 0);
  });
}
