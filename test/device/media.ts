// Video files made at test time: Chromium records a canvas of moving colour with MediaRecorder, so
// the fixtures are real, playable MP4 and WebM files without any committed binary.
import type { Page } from 'playwright-core';
import type { WebDevice } from '../../src/device/web-device.ts';

/** A clip of about `ms` milliseconds as `mimeType` (video/webm or video/mp4), recorded in a page of the device's browser. */
export async function recordClip(device: WebDevice, mimeType: 'video/webm' | 'video/mp4', ms = 1200): Promise<Buffer> {
  const page = await (device as unknown as { page: Page }).page.context().newPage();
  try {
    const base64 = await page.evaluate(async ([type, length]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 90;
      const context = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: type });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const draw = (now: number) => {
          const t = (now - start) / length;
          context.fillStyle = `hsl(${Math.round(t * 360)} 70% 50%)`;
          context.fillRect(0, 0, 160, 90);
          if (t < 1) requestAnimationFrame(draw);
          else resolve();
        };
        requestAnimationFrame(draw);
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    }, [mimeType, ms] as const);
    return Buffer.from(base64, 'base64');
  } finally {
    await page.close();
  }
}
