// Material icon glyphs. The page loads every glyph as one gzip-compressed JSON map from its origin
// (see page-assets.ts and icon-map.ts); a name the icon package does not draw gets a fallback glyph
// instead of nothing.
import { fetchIconMap, ICON_MAP_GLOBAL, type IconMap } from './icon-map.ts';
import type { IconVariant } from './page-assets.ts';
import { ICON_MAP_PATH } from './page-paths.ts';

let icons: IconMap | undefined;

function loadIcons(): IconMap {
  return icons ?? {};
}

/** Takes the glyph map the page's head started loading, or loads it where the head did not. */
export async function unpackIcons(): Promise<void> {
  const started = (window as unknown as Record<string, Promise<IconMap> | undefined>)[ICON_MAP_GLOBAL];
  icons = await (started ?? fetchIconMap(ICON_MAP_PATH));
}

/** A square with a question mark: drawn for closed-list names the glyph set lacks. */
export const FALLBACK_GLYPH =
  '<path d="M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H5V5h14v14z"/>' +
  '<path d="M11 15h2v2h-2zm1-8a3 3 0 0 0-3 3h2a1 1 0 1 1 2 0c0 1-1.5.9-1.5 3h2c0-1.4 1.5-1.6 1.5-3a3 3 0 0 0-3-3z"/>';

/** Inner SVG markup for a glyph, or the fallback glyph. */
export function glyphMarkup(name: string, variant: IconVariant = 'filled'): string {
  const map = loadIcons();
  return map[variant]?.[name] ?? map.filled?.[name] ?? FALLBACK_GLYPH;
}

interface IconProps {
  name: string;
  variant?: IconVariant;
  size?: number;
  color?: string;
  class?: string;
  style?: Record<string, string>;
}

const parsedGlyphs = new Map<string, SVGSVGElement>();

/** Parses a glyph's markup once; every icon showing it gets a clone of the parsed paths. */
function drawGlyph(svg: SVGSVGElement | null, name: string, variant: IconVariant): void {
  const key = `${variant}/${name}`;
  if (!svg || svg.getAttribute('data-glyph') === key) return;
  let parsed = parsedGlyphs.get(key);
  if (!parsed) {
    parsed = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    parsed.innerHTML = glyphMarkup(name, variant);
    parsedGlyphs.set(key, parsed);
  }
  svg.replaceChildren(...Array.from(parsed.childNodes, (child) => child.cloneNode(true)));
  svg.setAttribute('data-glyph', key);
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
