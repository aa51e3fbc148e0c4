// Material icon glyphs. The page loads them as gzip-compressed JSON maps from its origin, one per
// variant (see page-assets.ts and icon-map.ts): the filled glyphs before the page API appears,
// another variant when something first draws it, while settled() waits; a name the icon package
// does not draw gets a fallback glyph instead of nothing.
import { fetchIconVariant, ICON_MAP_GLOBAL, type VariantGlyphs } from './icon-map.ts';
import { trackLoad } from './loading.ts';
import type { IconVariant } from './page-assets.ts';

const glyphs: Partial<Record<IconVariant, VariantGlyphs>> = {};

/** Takes the filled glyphs the page's head started loading, or loads them where the head did not. */
export async function unpackIcons(): Promise<void> {
  const started = (window as unknown as Record<string, Promise<VariantGlyphs> | undefined>)[ICON_MAP_GLOBAL];
  glyphs.filled = await (started ?? fetchIconVariant('filled'));
}

/** A square with a question mark: drawn for closed-list names the glyph set lacks. */
export const FALLBACK_GLYPH =
  '<path d="M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H5V5h14v14z"/>' +
  '<path d="M11 15h2v2h-2zm1-8a3 3 0 0 0-3 3h2a1 1 0 1 1 2 0c0 1-1.5.9-1.5 3h2c0-1.4 1.5-1.6 1.5-3a3 3 0 0 0-3-3z"/>';

/** Inner SVG markup for a glyph (the filled one where the variant lacks it), or the fallback glyph. */
export function glyphMarkup(name: string, variant: IconVariant = 'filled'): string {
  return glyphs[variant]?.[name] ?? glyphs.filled?.[name] ?? FALLBACK_GLYPH;
}

/** Icons drawn while their variant loads, with the name each shows: drawn again once it is in. */
const waitingIcons = new Map<IconVariant, Map<SVGSVGElement, string>>();

/** Starts loading `variant` (once); its waiting icons are drawn again before settled() goes on. */
function awaitVariant(variant: IconVariant, svg: SVGSVGElement, name: string): void {
  let waiting = waitingIcons.get(variant);
  if (waiting === undefined) {
    waitingIcons.set(variant, (waiting = new Map()));
    trackLoad(fetchIconVariant(variant).then((loaded) => {
      glyphs[variant] = loaded;
      waitingIcons.delete(variant);
      for (const [icon, shown] of waiting!) if (icon.isConnected) drawGlyph(icon, shown, variant);
    }));
  }
  waiting.set(svg, name);
}

const parsedGlyphs = new Map<string, SVGSVGElement>();

/** Parses a glyph's markup once; every icon showing it gets a clone of the parsed paths. */
function drawGlyph(svg: SVGSVGElement | null, name: string, variant: IconVariant): void {
  if (!svg) return;
  if (glyphs[variant] === undefined) {
    // The filled glyph meanwhile; the variant's replaces it when it arrives.
    awaitVariant(variant, svg, name);
    variant = 'filled';
  } else if (waitingIcons.size > 0) {
    for (const waiting of waitingIcons.values()) waiting.delete(svg); // it now shows another variant
  }
  const key = `${variant}/${name}`;
  if (svg.getAttribute('data-glyph') === key) return;
  let parsed = parsedGlyphs.get(key);
  if (!parsed) {
    parsed = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    parsed.innerHTML = glyphMarkup(name, variant);
    parsedGlyphs.set(key, parsed);
  }
  svg.replaceChildren(...Array.from(parsed.childNodes, (child) => child.cloneNode(true)));
  svg.setAttribute('data-glyph', key);
}

interface IconProps {
  name: string;
  variant?: IconVariant;
  size?: number;
  color?: string;
  class?: string;
  style?: Record<string, string>;
}

/** One 24×24-viewBox glyph drawn in the current text colour unless a colour is given. */
export function Icon({ name, variant = 'filled', size = 24, color, class: className, style }: IconProps) {
  return (
    <svg
      class={className ? `ps-icon ${className}` : 'ps-icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={color ?? 'currentColor'}
      aria-hidden="true"
      style={style}
      ref={(svg) => drawGlyph(svg, name, variant)}
    />
  );
}
