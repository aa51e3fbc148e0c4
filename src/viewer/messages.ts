// The viewer's WebSocket messages. A viewer sends small input messages (each parsed with these
// schemas and bounded in size); the server sends JSON messages and binary JPEG screen frames.
import { z } from 'zod';
import type { PrototypeEvent } from '../runtime/model.ts';
import type { Highlight } from './highlight.ts';
import type { SpecWarning } from '../validate/index.ts';
import { deviceSettingsFields, type DeviceReport } from '../protocol/messages.ts';

/** An input message is a few numbers; anything longer is not one. */
export const MAX_INPUT_MESSAGE_BYTES = 1024;

/** Named keys a viewer may press besides single characters. */
export const NAMED_KEYS = [
  'Enter', 'Backspace', 'Delete', 'Tab', 'Escape', 'Home', 'End', 'PageUp', 'PageDown',
  'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown',
] as const;

const coordinate = z.number().finite().min(-10_000).max(10_000);

/** One printable character (a code point, not a control character) or a named key. */
const key = z
  .string()
  .max(16)
  .refine((value) => (NAMED_KEYS as readonly string[]).includes(value) || (Array.from(value).length === 1 && !/\p{Cc}/u.test(value)), {
    message: `expected one printable character or one of ${NAMED_KEYS.join(', ')}`,
  });

export const viewerInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pointer'), phase: z.enum(['down', 'move', 'up', 'cancel']), x: coordinate, y: coordinate }),
  z.object({ type: z.literal('key'), key }),
  z.object({ type: z.literal('wheel'), x: coordinate, y: coordinate, dx: coordinate, dy: coordinate }),
  /** The person turns the device or changes one of its settings. */
  z.strictObject({
    type: z.literal('device'),
    orientation: deviceSettingsFields.orientation,
    dark: deviceSettingsFields.dark,
    rtl: deviceSettingsFields.rtl,
    fontScale: deviceSettingsFields.fontScale,
  }),
]);

export type ViewerInput = z.infer<typeof viewerInputSchema>;

/** Parses one message from a viewer; null for anything that is not a valid input message. */
export function parseViewerInput(data: Buffer | string): ViewerInput | null {
  const text = typeof data === 'string' ? data : data.toString('utf8');
  if (Buffer.byteLength(text) > MAX_INPUT_MESSAGE_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = viewerInputSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What `protostage view` last made of the spec file. */
export type SpecStatus =
  /** `warnings`: what the valid spec holds that will not do what it looks like. */
  | { ok: true; file: string; id: string; nodeCount: number; version: number; warnings: SpecWarning[] }
  | {
      ok: false;
      file: string;
      version: number;
      path: string;
      message: string;
      hint?: string;
      /** The save's further errors in document order (at most a few; `truncated` when there were more). */
      otherErrors?: { path: string; message: string }[];
      truncated?: boolean;
      /** The box over the last good render that the error path points into, if one is shown. */
      highlight: Highlight | null;
    };

export interface PrototypeSummary {
  id: string;
  state: Record<string, unknown>;
  pages: Record<string, number>;
  lastSequence: number;
}

export type ViewerMessage =
  | { type: 'hello'; screen: { width: number; height: number }; title: string }
  | { type: 'screen'; screen: { width: number; height: number } }
  | { type: 'device'; settings: DeviceReport }
  | { type: 'status'; status: SpecStatus }
  | { type: 'prototypes'; prototypes: PrototypeSummary[] }
  | { type: 'event'; event: PrototypeEvent };
