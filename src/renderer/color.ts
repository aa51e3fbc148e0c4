// Colour helpers for CSS. The runtime resolves every colour slot to a CSS colour already; these
// only compose them (gradients, alpha, scheme variables).
import type { ResolvedGradient } from '../runtime/model.ts';

/** CSS colour at a fraction of its own opacity. */
export function withAlpha(css: string, alpha: number): string {
  return `color-mix(in srgb, ${css} ${round(alpha * 100)}%, transparent)`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** CSS custom property of a scheme role, e.g. `surfaceContainer` → `--md-sys-color-surface-container`. */
export function roleVariable(role: string): string {
  return `--md-sys-color-${role.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** CSS variables for every role of a resolved scheme. */
export function schemeVariables(scheme: Record<string, string>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, color] of Object.entries(scheme)) variables[roleVariable(name)] = color;
  return variables;
}

/**
 * A gradient as a CSS background image. The spec's angle runs clockwise from left-to-right
 * (0 = left → right, 90 = top → bottom); CSS angles run clockwise from bottom-to-top, so add 90.
 * Radial gradients are centred and reach the corners (`farthest-corner`).
 */
export function gradientToCss(gradient: ResolvedGradient): string {
  const stops = gradient.stops.map((stop) => `${stop.color} ${round(stop.position * 100)}%`).join(', ');
  if (gradient.type === 'radial') return `radial-gradient(farthest-corner at 50% 50%, ${stops})`;
  const cssAngle = ((((gradient.angle ?? 0) + 90) % 360) + 360) % 360;
  return `linear-gradient(${round(cssAngle)}deg, ${stops})`;
}
