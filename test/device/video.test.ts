// The video player on the real web device with clips recorded at test time: play writes
// playingKey, the end writes it back and runs onEnded, the controls are parts; an MP4 plays as a
// WebM does; with motion "none" it stays on its poster, so two observes are the same picture.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sniffMimeType } from '../../src/protocol/assets.ts';
import { recordClip } from './media.ts';
import { byTag, useDevice, validSpec } from './helpers.ts';

const open = useDevice();

function playerSpec(extra: object = {}): unknown {
  return validSpec({
    id: 'player',
    window: { placement: { type: 'fullscreen' } },
    state: { playing: false },
    ...extra,
    root: {
      type: 'column',
      style: { padding: { top: 48, start: 16, end: 16, bottom: 0 }, spacing: 8 },
      children: [
        { type: 'videoPlayer', asset: 'clip', playingKey: 'playing', testTag: 'clip', onEnded: [{ type: 'emit', name: 'clip_ended' }] },
        { type: 'text', text: 'Playing: {playing}', testTag: 'status' },
      ],
    },
  });
}

async function state(): Promise<Record<string, unknown>> {
  return ((await open().device.inspect()) as { prototypes: { state: Record<string, unknown> }[] }).prototypes[0]!.state;
}

for (const mimeType of ['video/webm', 'video/mp4'] as const) {
  test(`a ${mimeType} clip plays from the play part, writes playingKey and at its end runs onEnded`, async () => {
    const { device, log } = open();
    const clip = await recordClip(device, mimeType);
    assert.equal(sniffMimeType(clip), mimeType, 'the recorded bytes carry their signature');
    await device.putAsset('clip', mimeType, clip);
    await device.show(playerSpec(), { reset: true });
    await device.settled();
    assert.equal(byTag(await device.hierarchy(), 'clip.play').text, 'Play');
    const since = log.events.length;
    assert.ok((await device.tap({ testTag: 'clip.play' })).ok);
    await log.next((event) => event.kind === 'change' && (event.payload as { value?: unknown }).value === true, since);
    const ended = await log.next((event) => event.kind === 'emit' && event.name === 'clip_ended', since, 10_000);
    assert.equal(ended.state.playing, false, 'the end wrote false before onEnded ran');
    await device.settled();
    const hierarchy = await device.hierarchy();
    assert.equal(byTag(hierarchy, 'clip.play').text, 'Play');
    assert.equal(byTag(hierarchy, 'status').text, 'Playing: false');
    const progress = byTag(hierarchy, 'clip.progress').range;
    assert.ok(progress !== undefined && progress !== 'indeterminate' && progress.max >= 1, `the progress knows the duration: ${JSON.stringify(progress)}`);
  });
}

test('a write to playingKey plays and pauses the video; mute is a part', async () => {
  const { device } = open();
  await device.putAsset('clip', 'video/webm', await recordClip(device, 'video/webm', 3000));
  const spec = playerSpec() as { root: { children: object[] } };
  spec.root.children.push({ type: 'button', label: 'Play', testTag: 'external_play', onTap: [{ type: 'setState', key: 'playing', value: true }] });
  spec.root.children.push({ type: 'button', label: 'Pause', testTag: 'external_pause', onTap: [{ type: 'setState', key: 'playing', value: false }] });
  await device.show(validSpec(spec), { reset: true });
  await device.settled();
  assert.ok((await device.tap({ testTag: 'external_play' })).ok);
  await device.settled();
  assert.equal(byTag(await device.hierarchy(), 'clip.play').text, 'Pause');
  assert.ok((await device.tap({ testTag: 'external_pause' })).ok);
  await device.settled();
  assert.equal((await state()).playing, false);
  assert.equal(byTag(await device.hierarchy(), 'clip.play').text, 'Play');
  assert.equal(byTag(await device.hierarchy(), 'clip.mute').text, 'Mute');
  assert.ok((await device.tap({ testTag: 'clip.mute' })).ok);
  await device.settled();
  assert.equal(byTag(await device.hierarchy(), 'clip.mute').text, 'Unmute');
});

test('with motion "none" the player stays on its poster: play writes the key and the picture repeats', async () => {
  const { device } = open();
  await device.putAsset('clip', 'video/webm', await recordClip(device, 'video/webm', 500));
  await device.show(playerSpec({ motion: 'none' }), { reset: true });
  await device.settled();
  assert.ok((await device.tap({ testTag: 'clip.play' })).ok);
  await device.settled();
  assert.equal((await state()).playing, true);
  assert.equal(byTag(await device.hierarchy(), 'clip.play').text, 'Pause');
  const first = await device.observe();
  await new Promise((resolve) => setTimeout(resolve, 700));
  const second = await device.observe();
  assert.ok(first.screenshot.equals(second.screenshot), 'nothing plays, so the screen is the same');
});

test('autoplay starts the video muted as soon as it is shown, and loop never ends it', async () => {
  const { device, log } = open();
  const clip = await recordClip(device, 'video/webm', 400);
  const spec = playerSpec() as { id: string; root: { children: Record<string, unknown>[] } };
  spec.id = 'autoplayer';
  Object.assign(spec.root.children[0]!, { autoplay: true, loop: true });
  const since = log.events.length;
  // A new id dismisses the last prototype and its assets: the clip goes up after the show.
  await device.show(validSpec(spec), { reset: true });
  await device.putAsset('clip', 'video/webm', clip);
  await log.next((event) => event.kind === 'change' && (event.payload as { value?: unknown }).value === true, since);
  await device.settled();
  const hierarchy = await device.hierarchy();
  assert.equal(byTag(hierarchy, 'clip.play').text, 'Pause');
  assert.equal(byTag(hierarchy, 'clip.mute').text, 'Unmute', 'autoplay is muted');
  await new Promise((resolve) => setTimeout(resolve, 1200));
  assert.ok(!log.events.slice(since).some((event) => event.kind === 'emit' && event.name === 'clip_ended'), 'a looping clip of 0.4 s played past its length without ending');
  assert.equal((await state()).playing, true);
});
