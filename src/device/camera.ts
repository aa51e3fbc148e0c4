// The camera a locally launched browser sees: Chromium's fake capture device, fed one still test
// card from a Y4M file, so a camera preview is a real stream and every frame of it is the same.
import { createHash } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_CARD_WIDTH = 320;
export const TEST_CARD_HEIGHT = 240;

type Rgb = readonly [number, number, number];

const SUN: Rgb = [250, 204, 21];
const FIELD: Rgb = [46, 125, 50];
const SKY: Rgb = [66, 165, 245];

/** The test card: a sky over a green field with a yellow sun in the upper start corner. */
export function testCardPixel(x: number, y: number): Rgb {
  if (Math.hypot(x - 80, y - 70) < 36) return SUN;
  if (y >= TEST_CARD_HEIGHT * (2 / 3)) return FIELD;
  return SKY;
}

/** BT.601 full-range YCbCr, as the C420jpeg colour space of a Y4M file reads it. */
function toYuv([r, g, b]: Rgb): [number, number, number] {
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  return [clamp(0.299 * r + 0.587 * g + 0.114 * b), clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128), clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128)];
}

/** One frame of the test card as a Y4M file (4:2:0, chroma taken from each 2×2 block's top-left pixel). */
export function testCardY4m(): Buffer {
  const width = TEST_CARD_WIDTH;
  const height = TEST_CARD_HEIGHT;
  const luma = Buffer.alloc(width * height);
  const cb = Buffer.alloc((width / 2) * (height / 2));
  const cr = Buffer.alloc((width / 2) * (height / 2));
  // Three colours, each converted once: converting every pixel took 40–70 ms of each device's start.
  const yuv = new Map([SUN, FIELD, SKY].map((rgb) => [rgb, toYuv(rgb)]));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [Y, U, V] = yuv.get(testCardPixel(x, y))!;
      luma[y * width + x] = Y;
      if (x % 2 === 0 && y % 2 === 0) {
        cb[(y / 2) * (width / 2) + x / 2] = U;
        cr[(y / 2) * (width / 2) + x / 2] = V;
      }
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`, 'ascii');
  return Buffer.concat([header, luma, cb, cr]);
}

/** The test card's file, written once per content into the temporary folder (atomically, so two
 *  browsers starting at once never read half of it). */
export function testCardFile(): string {
  const bytes = testCardY4m();
  const file = join(tmpdir(), `protostage-camera-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.y4m`);
  if (!existsSync(file)) {
    const staging = `${file}.${process.pid}.tmp`;
    writeFileSync(staging, bytes);
    renameSync(staging, file);
  }
  return file;
}

/** Flags that give a launched browser the fake camera, granted without a prompt. */
export function fakeCameraFlags(): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${testCardFile()}`];
}
