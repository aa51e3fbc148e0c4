// An asset put right after the show that reported it missing fills the placeholder: what the
// host's re-upload and `protostage view` (after a dismissal cleared the device's assets) rely on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { solidPng } from './pictures.ts';
import { byTag, useDevice, validSpec } from './helpers.ts';

const device = useDevice();

function pictureSpec(round: number): unknown {
  return validSpec({
    id: `late-${round}`,
    window: { placement: { type: 'fullscreen' } },
    root: { type: 'image', asset: `picture-${round}`, testTag: 'picture', contentScale: 'fill', style: { width: { dp: 120 }, height: { dp: 120 } } },
  });
}

test('an image asset put at once after the show that missed it is drawn', async () => {
  const { device: web } = device();
  // The put races the page's first frame of the show; a few rounds make a lost put show up.
  for (let round = 0; round < 6; round++) {
    const shown = (await web.show(pictureSpec(round))) as { ok: boolean; missingAssets?: string[] };
    assert.deepEqual(shown.missingAssets, [`picture-${round}`]);
    assert.deepEqual(await web.putAsset(`picture-${round}`, 'image/png', solidPng([0, 160, 255])), { ok: true });
    const { hierarchy, screenshot } = await web.observe();
    const { bounds } = byTag(hierarchy, 'picture');
    const png = PNG.sync.read(screenshot);
    const offset = (Math.round(bounds.y + bounds.height / 2) * png.width + Math.round(bounds.x + bounds.width / 2)) * 4;
    assert.deepEqual([...png.data.subarray(offset, offset + 3)], [0, 160, 255], `round ${round}: the picture replaced its placeholder`);
  }
});
