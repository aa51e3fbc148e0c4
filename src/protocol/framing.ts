// Newline-delimited JSON framing with a size cap per frame. JSON.stringify never emits a raw
// newline, so one frame is exactly one line.

export type FrameItem =
  | { kind: 'frame'; text: string }
  /** A line grew past the cap; its bytes are discarded up to the next newline. */
  | { kind: 'oversized'; limit: number };

const NEWLINE = 0x0a;

export function encodeFrame(message: unknown): string {
  return `${JSON.stringify(message)}\n`;
}

/**
 * Splits a byte stream into lines. `limitFor(index)` gives the cap of the index-th line, so the
 * hello line can have a tighter cap than later frames. An oversized line is reported once, as
 * soon as it passes the cap, and the rest of it is skipped so the stream stays in sync.
 */
export class FrameReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;
  private lineIndex = 0;

  constructor(private readonly limitFor: (lineIndex: number) => number) {}

  push(chunk: Buffer): FrameItem[] {
    const items: FrameItem[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.append(chunk.subarray(start, end), items);
      if (newline === -1) break;
      this.finishLine(items);
      start = newline + 1;
    }
    return items;
  }

  private append(part: Buffer, items: FrameItem[]): void {
    if (this.discarding || part.length === 0) return;
    const limit = this.limitFor(this.lineIndex);
    if (this.pendingBytes + part.length > limit) {
      this.discarding = true;
      this.pending = [];
      this.pendingBytes = 0;
      items.push({ kind: 'oversized', limit });
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  private finishLine(items: FrameItem[]): void {
    let counted = this.discarding;
    if (!this.discarding) {
      const text = Buffer.concat(this.pending, this.pendingBytes).toString('utf8').replace(/\r$/, '');
      counted = text.trim() !== '';
      if (counted) items.push({ kind: 'frame', text });
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.discarding = false;
    // Blank keep-alive lines do not count, so the hello cap applies to the first real frame.
    if (counted) this.lineIndex += 1;
  }
}

/** Parses one frame's text; a syntax error is a value, never a throw. */
export function parseFrameText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `frame is not JSON (${(error as Error).message})` };
  }
}
