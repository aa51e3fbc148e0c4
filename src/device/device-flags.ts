// The device flags every command takes (render, view, serve, mcp, device): which screen, which way
// up, and the settings a person changes on a phone.
import { FONT_SCALE_RANGE } from '../protocol/constants.ts';
import { catalogueSummary, parseDeviceProfile, type DeviceProfile, type Orientation } from './profiles.ts';
import { canonicalLocale } from '../runtime/strings.ts';

export const DEVICE_FLAG_OPTIONS = {
  device: { type: 'string' },
  /** The older name of --device. */
  profile: { type: 'string' },
  orientation: { type: 'string' },
  dark: { type: 'boolean' },
  rtl: { type: 'boolean' },
  'font-scale': { type: 'string' },
  'reduced-motion': { type: 'boolean' },
  locale: { type: 'string' },
  offline: { type: 'boolean' },
} as const;

export interface DeviceFlagValues {
  device?: string;
  profile?: string;
  orientation?: string;
  dark?: boolean;
  rtl?: boolean;
  'font-scale'?: string;
  'reduced-motion'?: boolean;
  locale?: string;
  offline?: boolean;
}

/** The device the flags describe; settings left out take the device's defaults. */
export interface DeviceSetup {
  profile: DeviceProfile;
  orientation?: Orientation;
  dark: boolean;
  rtl: boolean;
  fontScale: number;
  reducedMotion: boolean;
  /** The device's language; left out, the device's default (en-US). */
  locale?: string;
  offline?: boolean;
}

const { min: MIN_FONT_SCALE, max: MAX_FONT_SCALE } = FONT_SCALE_RANGE;

/** `column` is where the descriptions start, so the lines line up with the command's other options. */
export function deviceFlagsHelp(column: number): string {
  const line = (flag: string, text: string) => `  ${flag.padEnd(column - 2)}${text}`;
  const indent = ' '.repeat(column);
  return [
    line('--device NAME|SIZE', `the screen (default phone): ${catalogueSummary()} dp;`),
    `${indent}or WIDTHxHEIGHT in dp, or WIDTHxHEIGHT@DENSITY in pixels (1080x2400@2.625)`,
    `${indent}(--profile is the same flag)`,
    line('--orientation O', "portrait or landscape (default the profile's own)"),
    line('--dark', 'dark device setting'),
    line('--rtl', 'right-to-left layout direction'),
    line('--font-scale N', `font scale from ${MIN_FONT_SCALE} to ${MAX_FONT_SCALE} (default 1)`),
    line('--reduced-motion', "the device's reduce-motion setting (crossfades instead of spatial motion)"),
    line('--offline', 'start the device without a network (the MCP device tool gives it back)'),
    line('--locale TAG', "the device's language, a BCP 47 tag such as de-CH or ar (default en-US): a spec's string tables follow it"),
  ].join('\n');
}

/** The device setup, or a message saying which flag is wrong and what it accepts. */
export function deviceSetupFrom(values: DeviceFlagValues): DeviceSetup | { error: string } {
  if (values.device !== undefined && values.profile !== undefined && values.device !== values.profile) return { error: '--device and --profile are the same flag; give one' };
  const profile = parseDeviceProfile(values.device ?? values.profile ?? 'phone');
  if ('error' in profile) return { error: `--device: ${profile.error}` };
  const orientation = parseOrientation(values.orientation);
  if (typeof orientation === 'object') return orientation;
  const fontScale = parseFontScale(values['font-scale']);
  if (typeof fontScale === 'object') return fontScale;
  const locale = values.locale === undefined ? undefined : canonicalLocale(values.locale);
  if (locale === null) return { error: `--locale must be a BCP 47 language tag such as en, de-CH or ar, not "${values.locale}"` };
  return { profile, orientation, dark: values.dark ?? false, rtl: values.rtl ?? false, fontScale, reducedMotion: values['reduced-motion'] ?? false, ...(locale ? { locale } : {}), ...(values.offline ? { offline: true } : {}) };
}

function parseOrientation(text: string | undefined): Orientation | undefined | { error: string } {
  if (text === undefined || text === 'portrait' || text === 'landscape') return text;
  return { error: `--orientation must be portrait or landscape, not "${text}"` };
}

function parseFontScale(text: string | undefined): number | { error: string } {
  if (text === undefined) return 1;
  const value = Number(text);
  if (!Number.isFinite(value) || value < MIN_FONT_SCALE || value > MAX_FONT_SCALE) return { error: `--font-scale must be a number from ${MIN_FONT_SCALE} to ${MAX_FONT_SCALE}, not "${text}"` };
  return value;
}

/** The flags that start a device agent (`protostage device`) with these settings (its --device comes apart). */
export function deviceSettingsArgs(setup: Omit<DeviceSetup, 'profile'>): string[] {
  return [
    ...(setup.orientation ? ['--orientation', setup.orientation] : []),
    ...(setup.dark ? ['--dark'] : []),
    ...(setup.rtl ? ['--rtl'] : []),
    ...(setup.fontScale !== 1 ? ['--font-scale', String(setup.fontScale)] : []),
    ...(setup.reducedMotion ? ['--reduced-motion'] : []),
    ...(setup.locale ? ['--locale', setup.locale] : []),
    ...(setup.offline ? ['--offline'] : []),
  ];
}
