/**
 * Material 3 theme resolution: the scheme a prototype draws from, colour slots (hex, role name or
 * {light, dark} pair), scrims, the type scale and the corner shapes. Pure: no DOM, no I/O.
 *
 * Scheme order (spec "Light and dark values" → Role maps): the baseline scheme for the mode, or a
 * scheme generated from `colors.seed` / the device's dynamic colour; then the flat
 * `colors.<role>` overrides (both modes); then `colors.light` / `colors.dark` for the resolved mode.
 */
import { Hct, MaterialDynamicColors, SchemeTonalSpot, type DynamicColor } from '@material/material-color-utilities';
import {
  COLOR_ROLES, PILL_RADIUS, TEXT_STYLE_ROLES,
  type ColorRole, type CssColor, type Mode, type ShapeToken, type TextStyleRole, type TypeRole,
} from '../runtime/model.ts';
import type { ColorValue, Theme } from '../spec/index.ts';
export type { ColorValue };

export type ThemeSpec = Theme;
type ThemeColors = NonNullable<Theme['colors']>;
type RoleMap = Partial<Record<ColorRole, string>>;

/** Everything a colour slot, a text style or a corner token resolves against. */
export interface ResolvedTheme {
  mode: Mode;
  /** ARGB per role. */
  argb: Record<ColorRole, number>;
  css: Record<ColorRole, CssColor>;
  fontFamily: 'sans' | 'serif' | 'mono';
  typeRoles: Record<TextStyleRole, TypeRole>;
  shapes: Record<ShapeToken, number>;
}

const ROLE_SET: ReadonlySet<string> = new Set(COLOR_ROLES);
export function isColorRole(value: string): value is ColorRole {
  return ROLE_SET.has(value);
}

// ---------------------------------------------------------------------------------------------
// Colours

const HEX_PATTERN = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** `#RRGGBB` or `#AARRGGBB` → ARGB integer (unsigned), or null when not a hex colour. */
export function parseHexColor(hex: string): number | null {
  if (!HEX_PATTERN.test(hex)) return null;
  const digits = parseInt(hex.slice(1), 16);
  return hex.length === 7 ? (0xff000000 | digits) >>> 0 : digits >>> 0;
}

export function alphaOf(argb: number): number {
  return (argb >>> 24) & 0xff;
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0');
}

/** ARGB → CSS `#rrggbb` (opaque) or `#rrggbbaa`. */
export function cssFromArgb(argb: number): CssColor {
  const a = alphaOf(argb);
  const rgb = '#' + hex2((argb >>> 16) & 0xff) + hex2((argb >>> 8) & 0xff) + hex2(argb & 0xff);
  return a === 0xff ? rgb : rgb + hex2(a);
}

/** Replace the alpha channel with `fraction` (0..1) of the colour's own alpha. */
export function withAlphaFraction(argb: number, fraction: number): number {
  const a = Math.round(alphaOf(argb) * fraction);
  return ((a << 24) | (argb & 0xffffff)) >>> 0;
}

/** WCAG relative luminance of the colour's RGB (alpha ignored). */
export function relativeLuminance(argb: number): number {
  const channel = (shift: number) => {
    const c = ((argb >>> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** The mode a background of this colour implies: dark below luminance 0.179. */
export function modeForBackground(argb: number): Mode {
  return relativeLuminance(argb) < 0.179 ? 'dark' : 'light';
}

/** Alpha >= 0.99: the only backgrounds that may decide the mode. */
export function isOpaque(argb: number): boolean {
  return alphaOf(argb) / 255 >= 0.99;
}

// ---------------------------------------------------------------------------------------------
// Schemes

/** The stock Material 3 baseline scheme (the default when no seed or device colour applies). */
const BASELINE: Record<Mode, Record<ColorRole, string>> = {
  light: {
    primary: '#6750A4', onPrimary: '#FFFFFF', primaryContainer: '#EADDFF', onPrimaryContainer: '#4F378B',
    inversePrimary: '#D0BCFF', secondary: '#625B71', onSecondary: '#FFFFFF', secondaryContainer: '#E8DEF8',
    onSecondaryContainer: '#4A4458', tertiary: '#7D5260', onTertiary: '#FFFFFF', tertiaryContainer: '#FFD8E4',
    onTertiaryContainer: '#633B48', background: '#FEF7FF', onBackground: '#1D1B20', surface: '#FEF7FF',
    onSurface: '#1D1B20', surfaceVariant: '#E7E0EC', onSurfaceVariant: '#49454F', surfaceTint: '#6750A4',
    inverseSurface: '#322F35', inverseOnSurface: '#F5EFF7', error: '#B3261E', onError: '#FFFFFF',
    errorContainer: '#F9DEDC', onErrorContainer: '#8C1D18', outline: '#79747E', outlineVariant: '#CAC4D0',
    scrim: '#000000', surfaceBright: '#FEF7FF', surfaceContainer: '#F3EDF7', surfaceContainerHigh: '#ECE6F0',
    surfaceContainerHighest: '#E6E0E9', surfaceContainerLow: '#F7F2FA', surfaceContainerLowest: '#FFFFFF',
    surfaceDim: '#DED8E1',
  },
  dark: {
    primary: '#D0BCFF', onPrimary: '#381E72', primaryContainer: '#4F378B', onPrimaryContainer: '#EADDFF',
    inversePrimary: '#6750A4', secondary: '#CCC2DC', onSecondary: '#332D41', secondaryContainer: '#4A4458',
    onSecondaryContainer: '#E8DEF8', tertiary: '#EFB8C8', onTertiary: '#492532', tertiaryContainer: '#633B48',
    onTertiaryContainer: '#FFD8E4', background: '#141218', onBackground: '#E6E0E9', surface: '#141218',
    onSurface: '#E6E0E9', surfaceVariant: '#49454F', onSurfaceVariant: '#CAC4D0', surfaceTint: '#D0BCFF',
    inverseSurface: '#E6E0E9', inverseOnSurface: '#322F35', error: '#F2B8B5', onError: '#601410',
    errorContainer: '#8C1D18', onErrorContainer: '#F9DEDC', outline: '#938F99', outlineVariant: '#49454F',
    scrim: '#000000', surfaceBright: '#3B383E', surfaceContainer: '#211F26', surfaceContainerHigh: '#2B2930',
    surfaceContainerHighest: '#36343B', surfaceContainerLow: '#1D1B20', surfaceContainerLowest: '#0F0D13',
    surfaceDim: '#141218',
  },
};

function baselineScheme(mode: Mode): Record<ColorRole, number> {
  const scheme = {} as Record<ColorRole, number>;
  for (const role of COLOR_ROLES) scheme[role] = parseHexColor(BASELINE[mode][role])!;
  return scheme;
}

const dynamicColors = MaterialDynamicColors as unknown as Record<ColorRole, DynamicColor>;

/** A full tonal-spot scheme generated from one seed colour (Compose's dynamic scheme style). */
export function seedScheme(seedArgb: number, mode: Mode): Record<ColorRole, number> {
  // The package's .d.ts files import DynamicScheme through two module paths; they are one class.
  const generated = new SchemeTonalSpot(Hct.fromInt(seedArgb), mode === 'dark', 0) as unknown as Parameters<DynamicColor['getArgb']>[0];
  const scheme = {} as Record<ColorRole, number>;
  for (const role of COLOR_ROLES) scheme[role] = dynamicColors[role].getArgb(generated) >>> 0;
  return scheme;
}

/**
 * The device's dynamic colour, when it has one. The web device has no wallpaper palette, so it
 * passes null and `colors.source: "device"` falls back to `colors.seed`, else the default scheme.
 */
export type DeviceDynamicColor = string | null;

function baseScheme(colors: ThemeColors | undefined, mode: Mode, deviceColor: DeviceDynamicColor) {
  const deviceSeed = colors?.source === 'device' && deviceColor ? parseHexColor(deviceColor) : null;
  const authoredSeed = typeof colors?.seed === 'string' ? parseHexColor(colors.seed) : null;
  const seed = deviceSeed ?? authoredSeed;
  return seed === null ? baselineScheme(mode) : seedScheme(seed, mode);
}

function applyRoleMap(scheme: Record<ColorRole, number>, map: RoleMap | undefined): void {
  if (!map) return;
  for (const role of COLOR_ROLES) {
    const value = map[role];
    const argb = typeof value === 'string' ? parseHexColor(value) : null;
    if (argb !== null) scheme[role] = argb;
  }
}

/** The final scheme for one mode: base, flat overrides, then the mode's role map. */
export function buildScheme(theme: ThemeSpec | undefined, mode: Mode, deviceColor: DeviceDynamicColor = null): Record<ColorRole, number> {
  const colors = theme?.colors;
  const scheme = baseScheme(colors, mode, deviceColor);
  applyRoleMap(scheme, colors);
  applyRoleMap(scheme, mode === 'dark' ? colors?.dark : colors?.light);
  return scheme;
}

/** The mode a flat `colors.background` (else `colors.surface`) override implies, or null. */
export function roleLuminanceMode(theme: ThemeSpec | undefined): Mode | null {
  const colors = theme?.colors;
  const override = colors?.background ?? colors?.surface;
  const argb = typeof override === 'string' ? parseHexColor(override) : null;
  return argb === null ? null : modeForBackground(argb);
}

// ---------------------------------------------------------------------------------------------
// Colour slots

/** The side of a pair for the mode, or the single value. */
export function pickSide(value: ColorValue, mode: Mode): string {
  return typeof value === 'string' ? value : value[mode];
}

/** ARGB of a colour slot: the pair side for the mode, then hex or a scheme role. */
export function resolveColorArgb(value: ColorValue, theme: ResolvedTheme): number {
  const side = pickSide(value, theme.mode);
  if (isColorRole(side)) return theme.argb[side];
  // Validated specs only carry hex or roles here; an unknown value draws transparent.
  return parseHexColor(side) ?? 0;
}

const cssCache = new Map<string, CssColor>();
export function resolveColor(value: ColorValue, theme: ResolvedTheme): CssColor {
  const side = pickSide(value, theme.mode);
  if (isColorRole(side)) return theme.css[side];
  let css = cssCache.get(side);
  if (css === undefined) {
    css = cssFromArgb(parseHexColor(side) ?? 0);
    if (cssCache.size < 4096) cssCache.set(side, css);
  }
  return css;
}

/** Default opacity of the scrim role in a scrim slot (and of an omitted bottomSheet scrim). */
export const SCRIM_ROLE_ALPHA = 0.4;
/** A dialog's fixed scrim: the scrim role at 32 %. */
export const DIALOG_SCRIM_ALPHA = 0.32;

/**
 * A scrim slot (window.placement.scrim, bottomSheet.scrim). The scrim role (alone or as the pair
 * side for the mode) draws the scheme's scrim at 40 %; another role draws unchanged; hex keeps its
 * authored alpha. Absent draws the scrim role at 40 %.
 */
export function resolveScrim(value: ColorValue | undefined, theme: ResolvedTheme): CssColor {
  const side = value === undefined ? 'scrim' : pickSide(value, theme.mode);
  if (side === 'scrim') return cssFromArgb(withAlphaFraction(theme.argb.scrim, SCRIM_ROLE_ALPHA));
  return resolveColor(side, theme);
}

export function dialogScrim(theme: ResolvedTheme): CssColor {
  return cssFromArgb(withAlphaFraction(theme.argb.scrim, DIALOG_SCRIM_ALPHA));
}

// ---------------------------------------------------------------------------------------------
// Typography and shapes

/** The stock Material 3 type scale: [size sp, line height sp, weight, letter spacing sp]. */
const TYPE_SCALE: Record<TextStyleRole, [number, number, number, number]> = {
  displayLarge: [57, 64, 400, -0.25], displayMedium: [45, 52, 400, 0], displaySmall: [36, 44, 400, 0],
  headlineLarge: [32, 40, 400, 0], headlineMedium: [28, 36, 400, 0], headlineSmall: [24, 32, 400, 0],
  titleLarge: [22, 28, 400, 0], titleMedium: [16, 24, 500, 0.15], titleSmall: [14, 20, 500, 0.1],
  bodyLarge: [16, 24, 400, 0.5], bodyMedium: [14, 20, 400, 0.25], bodySmall: [12, 16, 400, 0.4],
  labelLarge: [14, 20, 500, 0.1], labelMedium: [12, 16, 500, 0.5], labelSmall: [11, 16, 500, 0.5],
};

/** Every type role with size and line height multiplied by `scale` (theme.typography.scale). */
export function typeRoles(scale = 1): Record<TextStyleRole, TypeRole> {
  const roles = {} as Record<TextStyleRole, TypeRole>;
  for (const role of TEXT_STYLE_ROLES) {
    const [size, lineHeight, weight, letterSpacing] = TYPE_SCALE[role];
    roles[role] = { size: size * scale, lineHeight: lineHeight * scale, weight, letterSpacing };
  }
  return roles;
}

/** The stock Material 3 corner families in dp (shapes.corner "medium"). */
const STOCK_SHAPES = { extraSmall: 4, small: 8, medium: 12, large: 16, extraLarge: 28 } as const;
/** shapes.corner shifts every family: none squares them, full makes pills, small and large scale
 *  the stock radii down or up. */
const CORNER_FACTOR = { none: 0, small: 0.5, medium: 1, large: 1.5 } as const;

export function shapeScale(corner: NonNullable<ThemeSpec['shapes']>['corner'] = 'medium'): Record<ShapeToken, number> {
  const radius = (stock: number) => (corner === 'full' ? PILL_RADIUS : stock * CORNER_FACTOR[corner]);
  return {
    none: 0,
    extraSmall: radius(STOCK_SHAPES.extraSmall),
    small: radius(STOCK_SHAPES.small),
    medium: radius(STOCK_SHAPES.medium),
    large: radius(STOCK_SHAPES.large),
    extraLarge: radius(STOCK_SHAPES.extraLarge),
    full: PILL_RADIUS,
  };
}

/** How many resolved themes are kept for reuse: a session re-showing its spec finds its theme here. */
const KEPT_THEMES = 8;
const keptThemes = new Map<string, ResolvedTheme>();

/**
 * Everything resolved for one mode. The same theme, mode and device colour give the same frozen
 * object, so a re-show reuses it whole (and the renderer, keyed on it, its variables).
 */
export function resolveTheme(theme: ThemeSpec | undefined, mode: Mode, deviceColor: DeviceDynamicColor = null): ResolvedTheme {
  const key = JSON.stringify([theme ?? null, mode, deviceColor]);
  const kept = keptThemes.get(key);
  if (kept !== undefined) return kept;
  const resolved = deepFreeze(buildTheme(theme, mode, deviceColor));
  if (keptThemes.size >= KEPT_THEMES) keptThemes.delete(keptThemes.keys().next().value!);
  keptThemes.set(key, resolved);
  return resolved;
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner);
  return Object.freeze(value);
}

function buildTheme(theme: ThemeSpec | undefined, mode: Mode, deviceColor: DeviceDynamicColor): ResolvedTheme {
  const argb = buildScheme(theme, mode, deviceColor);
  const css = {} as Record<ColorRole, CssColor>;
  for (const role of COLOR_ROLES) css[role] = cssFromArgb(argb[role]);
  return {
    mode,
    argb,
    css,
    fontFamily: theme?.typography?.fontFamily ?? 'sans',
    typeRoles: typeRoles(theme?.typography?.scale ?? 1),
    shapes: shapeScale(theme?.shapes?.corner),
  };
}
