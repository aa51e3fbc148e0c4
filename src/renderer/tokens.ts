// Font stacks and shape helpers the components draw with. Type roles, shapes and the scheme come
// resolved in the render model; this maps them to CSS.
import type { RenderModel } from '../runtime/model.ts';
import { schemeVariables } from './color.ts';
import { SCRIPT_FONT_FAMILIES } from './script-fonts.ts';

/**
 * CSS font stacks; Roboto and the script fonts are the device's own (the same glyphs on every
 * machine), serif and mono come from the system (DejaVu on Debian) with the script fonts behind.
 */
export const FONT_STACKS: Record<'sans' | 'serif' | 'mono', string> = {
  sans: `Roboto, ${SCRIPT_FONT_FAMILIES}, 'DejaVu Sans', sans-serif`,
  serif: `'DejaVu Serif', ${SCRIPT_FONT_FAMILIES}, serif`,
  mono: `'DejaVu Sans Mono', ${SCRIPT_FONT_FAMILIES}, monospace`,
};

/** The CSS family of an uploaded font asset (registered with FontFace under this name). */
export function assetFontFamily(assetId: string): string {
  return `ps-font-${Array.from(new TextEncoder().encode(assetId), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A dp radius in CSS. */
export function px(value: number): string {
  return `${Math.round(value * 1000) / 1000}px`;
}

/** A sp size in CSS: sp follow the device font scale. */
export function sp(value: number): string {
  return `calc(${Math.round(value * 1000) / 1000}px * var(--ps-font-scale))`;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The last theme's variables: the runtime keeps the theme's objects while the theme stays. */
let lastTheme: { scheme: object; shapes: object; roles: object; fontFamily: string; variables: ThemeVariables } | null = null;

/** The theme's variables, as properties and as one declaration list. */
export interface ThemeVariables {
  properties: Readonly<Record<string, string>>;
  declarations: string;
}

/**
 * Every theme variable the window sets: scheme roles (`--md-sys-color-*`), shapes
 * (`--ps-shape-*`), type roles (`--ps-type-<role>-size|line|weight|tracking`) and the family.
 * Made once per theme (a hundred names and values, 0.4 ms a draw).
 */
export function themeVariables(model: RenderModel): ThemeVariables {
  const { scheme, shapes, typography } = model;
  const last = lastTheme;
  if (last && last.scheme === scheme && last.shapes === shapes && last.roles === typography.roles && last.fontFamily === typography.fontFamily) return last.variables;
  const properties = buildThemeVariables(model);
  const variables = { properties, declarations: Object.entries(properties).map(([name, value]) => `${name}: ${value};`).join(' ') };
  lastTheme = { scheme, shapes, roles: typography.roles, fontFamily: typography.fontFamily, variables };
  return variables;
}

function buildThemeVariables(model: RenderModel): Record<string, string> {
  const variables: Record<string, string> = { ...schemeVariables(model.scheme) };
  for (const [token, radius] of Object.entries(model.shapes)) variables[`--ps-shape-${kebab(token)}`] = px(radius);
  for (const [name, typeRole] of Object.entries(model.typography.roles)) {
    const prefix = `--ps-type-${kebab(name)}`;
    variables[`${prefix}-size`] = sp(typeRole.size);
    variables[`${prefix}-line`] = sp(typeRole.lineHeight);
    variables[`${prefix}-weight`] = String(typeRole.weight);
    variables[`${prefix}-tracking`] = sp(typeRole.letterSpacing);
  }
  variables['--ps-font'] = FONT_STACKS[model.typography.fontFamily];
  return variables;
}
