/**
 * Node styles: styleWhen entries merged over the base style per top-level property in authored
 * order (spec "Conditional style: styleWhen"), then every colour and token resolved against the
 * theme for the current mode.
 */
import type { Effect, Style, PrototypeNode } from '../spec/index.ts';
import { resolveColor, type ResolvedTheme } from '../theme/index.ts';
import type { Corners, EffectView, FontFamily, ResolvedGradient, ResolvedStyle } from './model.ts';
import { conditionHolds, type StateReader } from './conditions.ts';

/** Plain text keeps its authored 14 sp default, unscaled. */
export const PLAIN_TEXT_SIZE = 14;

export function mergedStyle(node: PrototypeNode, read: StateReader): Style | undefined {
  let style = node.style;
  if (!node.styleWhen) return style;
  for (const entry of node.styleWhen) {
    if (conditionHolds(entry.when, read)) style = { ...style, ...entry.style };
  }
  return style;
}

function corners(radius: NonNullable<Style['cornerRadius']>, theme: ResolvedTheme): Corners {
  if (typeof radius === 'number') return { topStart: radius, topEnd: radius, bottomEnd: radius, bottomStart: radius };
  if (typeof radius === 'string') {
    const r = theme.shapes[radius];
    return { topStart: r, topEnd: r, bottomEnd: r, bottomStart: r };
  }
  return { topStart: radius.topStart ?? 0, topEnd: radius.topEnd ?? 0, bottomEnd: radius.bottomEnd ?? 0, bottomStart: radius.bottomStart ?? 0 };
}

/** Positions apply only when every stop has one (raised to be non-decreasing); else even spacing. */
function gradient(value: NonNullable<Style['gradient']>, theme: ResolvedTheme): ResolvedGradient {
  const allPositioned = value.stops.every((stop) => stop.position !== undefined);
  let previous = 0;
  const stops = value.stops.map((stop, i) => {
    const position = allPositioned ? Math.max(previous, stop.position!) : i / (value.stops.length - 1);
    previous = position;
    return { color: resolveColor(stop.color, theme), position };
  });
  return value.type === 'linear' ? { type: 'linear', angle: value.angle, stops } : { type: 'radial', stops };
}

function fontFamily(value: NonNullable<Style['fontFamily']>): FontFamily {
  if (typeof value !== 'string') return { asset: value.asset };
  return value === 'serif' ? 'serif' : value === 'monospace' ? 'mono' : 'sans';
}

/** Resolve a merged style. `isText` fills a text node's colour, size, weight and family. */
export function resolveStyle(style: Style | undefined, theme: ResolvedTheme, isText: boolean): ResolvedStyle {
  const out: ResolvedStyle = {};
  if (style) {
    for (const property of Object.keys(style) as (keyof Style)[]) {
      const value = style[property];
      if (value === undefined) continue;
      switch (property) {
        case 'background':
        case 'color':
        case 'shadowColor':
          out[property] = resolveColor(value as NonNullable<Style['color']>, theme);
          break;
        case 'border': {
          const border = value as NonNullable<Style['border']>;
          out.border = border.gradient !== undefined
            ? { width: border.width, gradient: gradient(border.gradient, theme) }
            : { width: border.width, color: resolveColor(border.color!, theme) };
          break;
        }
        case 'cornerRadius':
          out.cornerRadius = corners(value as NonNullable<Style['cornerRadius']>, theme);
          break;
        case 'gradient':
          out.gradient = gradient(value as NonNullable<Style['gradient']>, theme);
          break;
        case 'surface':
          out.glass ??= { variant: 'regular', tint: null, interactive: false };
          break;
        case 'glass': {
          const glass = value as NonNullable<Style['glass']>;
          out.glass = { variant: glass.variant ?? 'regular', tint: glass.tint === undefined ? null : resolveColor(glass.tint, theme), interactive: glass.interactive === true };
          break;
        }
        case 'effects':
          out.effects = (value as NonNullable<Style['effects']>).map((effect) => resolveEffect(effect, theme));
          break;
        case 'shadows':
          out.shadows = (value as NonNullable<Style['shadows']>).map((layer) => ({
            x: layer.offset?.x ?? 0,
            y: layer.offset?.y ?? 0,
            blur: layer.blur ?? 0,
            spread: layer.spread ?? 0,
            color: resolveColor(layer.color, theme),
            inner: layer.inner === true,
          }));
          break;
        case 'padding': {
          const padding = value as NonNullable<Style['padding']>;
          out.padding = { top: padding.top ?? 0, bottom: padding.bottom ?? 0, start: padding.start ?? 0, end: padding.end ?? 0 };
          break;
        }
        case 'fontFamily':
          out.fontFamily = fontFamily(value as NonNullable<Style['fontFamily']>);
          break;
        case 'textStyle':
          break; // applied below, under explicit text properties
        default:
          (out as Record<string, unknown>)[property] = value;
      }
    }
  }
  if (isText) applyTextDefaults(out, style, theme);
  return out;
}

/** A textStyle role supplies size, weight, line height and spacing unless set explicitly; plain
 *  text keeps 14 sp; the family is the theme's unless the node names one; colour is onSurface. */
function applyTextDefaults(out: ResolvedStyle, style: Style | undefined, theme: ResolvedTheme): void {
  const role = style?.textStyle ? theme.typeRoles[style.textStyle] : null;
  out.textSize ??= role ? role.size : PLAIN_TEXT_SIZE;
  out.fontWeight ??= role ? role.weight : 400;
  if (role) {
    out.lineHeight ??= role.lineHeight;
    out.letterSpacing ??= role.letterSpacing;
  }
  out.fontFamily ??= theme.fontFamily;
  out.color ??= theme.css.onSurface;
}

/** The default cycle of an animated shimmer, wave or ripple (ms). */
const DEFAULT_EFFECT_CYCLE_MS = 1500;

/** An effect with its defaults filled in and its colours resolved. */
function resolveEffect(effect: Effect, theme: ResolvedTheme): EffectView {
  const cycle = (animate: { durationMs?: number } | undefined) => (animate === undefined ? null : animate.durationMs ?? DEFAULT_EFFECT_CYCLE_MS);
  switch (effect.type) {
    case 'noise':
      return { type: 'noise', amount: effect.amount ?? 0.1, scale: effect.scale ?? 1 };
    case 'gradientMesh':
      return { type: 'gradientMesh', colors: effect.colors.map((color) => resolveColor(color, theme)) };
    case 'shimmer':
      return { type: 'shimmer', color: resolveColor(effect.color ?? '#80FFFFFF', theme), angle: effect.angle ?? 20, width: effect.width ?? 0.3, phase: effect.phase ?? 0, durationMs: cycle(effect.animate) };
    case 'glow':
      return { type: 'glow', color: resolveColor(effect.color ?? 'primary', theme), radius: effect.radius ?? 12, intensity: effect.intensity ?? 0.6 };
    case 'vignette':
      return { type: 'vignette', color: resolveColor(effect.color ?? '#000000', theme), intensity: effect.intensity ?? 0.5, radius: effect.radius ?? 0.5 };
    case 'blur':
      return { type: 'blur', radius: effect.radius ?? 8 };
    case 'pixelate':
      return { type: 'pixelate', size: effect.size ?? 8 };
    case 'chromaticAberration':
      return { type: 'chromaticAberration', offset: effect.offset ?? 2 };
    case 'wave':
    case 'ripple':
      return { type: effect.type, amplitude: effect.amplitude ?? 4, wavelength: effect.wavelength ?? (effect.type === 'wave' ? 48 : 32), phase: effect.phase ?? 0, durationMs: cycle(effect.animate) };
  }
}
