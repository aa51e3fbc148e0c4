// The fake camera's test card file: a Y4M header Chromium reads, one 4:2:0 frame of the right
// size, and colours that come back from YCbCr as the card's own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { testCardFile, testCardPixel, testCardY4m, TEST_CARD_HEIGHT, TEST_CARD_WIDTH } from '../../src/device/camera.ts';

test('the card is one Y4M frame: header, luma plane and two quarter-size chroma planes', () => {
  const bytes = testCardY4m();
  const header = `YUV4MPEG2 W${TEST_CARD_WIDTH} H${TEST_CARD_HEIGHT} F30:1 Ip A1:1 C420jpeg\nFRAME\n`;
  assert.equal(bytes.subarray(0, header.length).toString('ascii'), header);
  assert.equal(bytes.length, header.length + TEST_CARD_WIDTH * TEST_CARD_HEIGHT * 1.5);
  assert.deepEqual(readFileSync(testCardFile()), bytes, 'the file holds the same bytes');
});

test('the sky pixel converts back to its RGB colour', () => {
  const bytes = testCardY4m();
  const header = bytes.indexOf('FRAME\n') + 'FRAME\n'.length;
  const x = 300;
  const y = 20;
  const Y = bytes[header + y * TEST_CARD_WIDTH + x]!;
  const chroma = header + TEST_CARD_WIDTH * TEST_CARD_HEIGHT + (y / 2) * (TEST_CARD_WIDTH / 2) + x / 2;
  const U = bytes[chroma]! - 128;
  const V = bytes[chroma + (TEST_CARD_WIDTH / 2) * (TEST_CARD_HEIGHT / 2)]! - 128;
  const rgb = [Y + 1.402 * V, Y - 0.344136 * U - 0.714136 * V, Y + 1.772 * U];
  testCardPixel(x, y).forEach((channel, i) => assert.ok(Math.abs(channel - rgb[i]!) <= 2, `${rgb} vs ${testCardPixel(x, y)}`));
});
