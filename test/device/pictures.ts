// Pictures for asset tests, made in the test instead of committed as binary files.
import { PNG } from 'pngjs';

/** A PNG of one opaque colour, `size`×`size` pixels. */
export function solidPng(rgb: readonly [number, number, number], size = 4): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let offset = 0; offset < png.data.length; offset += 4) png.data.set([...rgb, 255], offset);
  return PNG.sync.write(png);
}
