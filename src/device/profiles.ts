/** Insets in dp per screen edge, as a phone's window insets report them (start is the left edge). */
export interface EdgeInsets {
  top: number;
  bottom: number;
  start: number;
  end: number;
}

export type Orientation = 'portrait' | 'landscape';

/** A simulated screen: its size in dp and the system decorations that cover it. */
export interface DeviceProfile {
  /** The catalogue name, or the custom size as it was given (`390x844`). */
  name: string;
  width: number;
  height: number;
  /** Physical pixels per dp, as the phone reports it (screenshots use --pixel-ratio). */
  density: number;
  /** Status bar on top, gesture navigation area at the bottom. */
  systemBars: EdgeInsets;
  /** The camera cutout band; it sits inside the status bar, as on current phones. */
  cutout: EdgeInsets;
  /** Height of the on-screen keyboard while a text field has focus (0: a hardware keyboard, none drawn). */
  keyboardHeight: number;
}

const NO_INSETS: EdgeInsets = { top: 0, bottom: 0, start: 0, end: 0 };
/** Status bar 24 dp, gesture navigation handle area 24 dp (Android's gestural navigation bar). */
const PHONE_BARS: EdgeInsets = { top: 24, bottom: 24, start: 0, end: 0 };
const PUNCH_HOLE: EdgeInsets = { top: 24, bottom: 0, start: 0, end: 0 };

function entry(name: string, width: number, height: number, density: number, rest: Partial<DeviceProfile> = {}): DeviceProfile {
  return { name, width, height, density, systemBars: PHONE_BARS, cutout: NO_INSETS, keyboardHeight: 280, ...rest };
}

/** The device catalogue, each profile in its natural orientation. */
export const DEVICE_PROFILES: Readonly<Record<string, DeviceProfile>> = {
  'compact-phone': entry('compact-phone', 360, 800, 3, { cutout: PUNCH_HOLE, keyboardHeight: 264 }),
  phone: entry('phone', 412, 915, 2.625, { cutout: PUNCH_HOLE }),
  'large-phone': entry('large-phone', 430, 932, 3, { cutout: PUNCH_HOLE, keyboardHeight: 288 }),
  foldable: entry('foldable', 701, 841, 2.625, { keyboardHeight: 300 }),
  tablet: entry('tablet', 1280, 800, 2, { keyboardHeight: 320 }),
  desktop: entry('desktop', 1440, 900, 1, { systemBars: NO_INSETS, keyboardHeight: 0 }),
};

/** The catalogue on one line (`phone 412×915, …`), for --help and error messages. */
export function catalogueSummary(): string {
  return Object.values(DEVICE_PROFILES)
    .map((profile) => `${profile.name} ${profile.width}×${profile.height}`)
    .join(', ');
}

const CUSTOM_SIZE = /^(\d{2,5})x(\d{2,5})(?:@(\d+(?:\.\d+)?))?$/;
const MIN_SIDE_DP = 200;
const MAX_SIDE_DP = 4096;

/**
 * A catalogue name, or a custom size: `WIDTHxHEIGHT` in dp, or `WIDTHxHEIGHT@DENSITY` in
 * physical pixels at that density (`1080x2400@2.625` is a 411×914 dp phone), as `adb shell wm
 * size` and `wm density` describe a real one.
 */
export function parseDeviceProfile(text: string): DeviceProfile | { error: string } {
  if (Object.hasOwn(DEVICE_PROFILES, text)) return DEVICE_PROFILES[text]!;
  const match = CUSTOM_SIZE.exec(text);
  if (match === null) return { error: `"${text}" is neither a device profile (${catalogueSummary()}) nor a size WIDTHxHEIGHT in dp or WIDTHxHEIGHT@DENSITY in pixels` };
  const density = match[3] === undefined ? undefined : Number(match[3]);
  if (density !== undefined && !(density >= 0.75 && density <= 5)) return { error: `the density in "${text}" must be from 0.75 to 5 pixels per dp (2.625 is 420 dpi)` };
  const width = Math.round(Number(match[1]) / (density ?? 1));
  const height = Math.round(Number(match[2]) / (density ?? 1));
  if ([width, height].some((side) => side < MIN_SIDE_DP || side > MAX_SIDE_DP)) return { error: `"${text}" is ${width}×${height} dp; each side must be from ${MIN_SIDE_DP} to ${MAX_SIDE_DP} dp` };
  const tabletSized = Math.min(width, height) >= 600;
  return entry(text, width, height, density ?? 1, { keyboardHeight: tabletSized ? 320 : 280 });
}

export function orientationOf(profile: { width: number; height: number }): Orientation {
  return profile.width > profile.height ? 'landscape' : 'portrait';
}

/**
 * The profile turned to `orientation`. A phone turned to landscape keeps its status bar on top
 * and its gesture area at the bottom, as Android does; the camera moves from the top edge to the
 * start (left) edge, and the keyboard takes at most half of the shorter screen.
 */
export function oriented(profile: DeviceProfile, orientation: Orientation): DeviceProfile {
  if (orientationOf(profile) === orientation) return profile;
  const cutout = profile.cutout.top > 0 ? { ...NO_INSETS, start: profile.cutout.top } : profile.cutout.start > 0 ? { ...NO_INSETS, top: profile.cutout.start } : profile.cutout;
  const height = profile.width;
  return { ...profile, width: profile.height, height, cutout, keyboardHeight: Math.min(profile.keyboardHeight, Math.round(height / 2)) };
}
