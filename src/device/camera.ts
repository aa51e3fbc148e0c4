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

const SUN_CENTRE = { x: 80, y: 70 };
const SUN_RADIUS = 36;

/** The test card: a sky over a green field with a yellow sun in the upper start corner. */
export function testCardPixel(x: number, y: number): Rgb {
  if ((x - SUN_CENTRE.x) ** 2 + (y - SUN_CENTRE.y) ** 2 < SUN_RADIUS ** 2) return SUN;
  if (y >= TEST_CARD_HEIGHT * (2 / 3)) return FIELD;
  return SKY;
}

/** BT.601 full-range YCbCr, as the C420jpeg colour space of a Y4M file reads it. */
function toYuv([r, g, b]: Rgb): [number, number, number] {
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  return [clamp(0.299 * r + 0.587 * g + 0.114 * b), clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128), clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128)];
}

/**
 * One frame of the test card as a Y4M file (4:2:0, chroma taken from each 2×2 block's top-left
 * pixel), filled a row's runs at a time: it is made before each device's browser starts, and a
 * loop over every pixel took 12–24 ms of that (40–70 ms converting each pixel's colour).
 */
export function testCardY4m(): Buffer {
  const width = TEST_CARD_WIDTH;
  const height = TEST_CARD_HEIGHT;
  const planes = { luma: Buffer.alloc(width * height), cb: Buffer.alloc((width / 2) * (height / 2)), cr: Buffer.alloc((width / 2) * (height / 2)) };
  const [sun, field, sky] = [SUN, FIELD, SKY].map(toYuv);
  for (let y = 0; y < height; y++) {
    fillRun(planes, y, 0, width - 1, testCardPixel(0, y) === FIELD ? field! : sky!);
    const span = sunSpan(y);
    if (span !== null) fillRun(planes, y, span.from, span.to, sun!);
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`, 'ascii');
  return Buffer.concat([header, planes.luma, planes.cb, planes.cr]);
}

/** The columns the sun covers in row `y` (testCardPixel's disc), or null. */
function sunSpan(y: number): { from: number; to: number } | null {
  const room = SUN_RADIUS ** 2 - (y - SUN_CENTRE.y) ** 2;
  if (room <= 0) return null;
  const reach = Math.ceil(Math.sqrt(room)) - 1; // the largest distance d with d² < room
  return { from: Math.max(0, SUN_CENTRE.x - reach), to: Math.min(TEST_CARD_WIDTH - 1, SUN_CENTRE.x + reach) };
}

/** Pixels `from` to `to` of row `y` in one colour; chroma only on even rows and columns. */
function fillRun(planes: { luma: Buffer; cb: Buffer; cr: Buffer }, y: number, from: number, to: number, [Y, U, V]: number[]): void {
  planes.luma.fill(Y!, y * TEST_CARD_WIDTH + from, y * TEST_CARD_WIDTH + to + 1);
  if (y % 2 !== 0) return;
  const row = (y / 2) * (TEST_CARD_WIDTH / 2);
  const first = row + Math.ceil(from / 2);
  const last = row + Math.floor(to / 2);
  planes.cb.fill(U!, first, last + 1);
  planes.cr.fill(V!, first, last + 1);
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
