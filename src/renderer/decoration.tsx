// The layers a node with style polish draws inside its own box, over its content: its border (solid,
// or a gradient through a mask that leaves only the ring), then its inner shadows above that
// border. Both follow the node's corners and take no input and no room.
import type { ResolvedStyle } from '../runtime/model.ts';
import { gradientToCss } from './color.ts';
import { INSIDE_LAYER, shadowLayersCss } from './style-css.ts';
import { px } from './tokens.ts';

const LAYER = `${INSIDE_LAYER}box-sizing:border-box;`;

function borderLayer(border: NonNullable<ResolvedStyle['border']>): string | null {
  if (border.width <= 0) return null;
  if ('color' in border) return `${LAYER}border:${px(border.width)} solid ${border.color};`;
  return `${LAYER}padding:${px(border.width)};background:${gradientToCss(border.gradient)};` +
    'mask:linear-gradient(#000 0 0) content-box,linear-gradient(#000 0 0);mask-composite:exclude;';
}

export function DecorationLayers({ style, rtl }: { style: ResolvedStyle; rtl: boolean }) {
  const border = style.border ? borderLayer(style.border) : null;
  const inner = shadowLayersCss(style.shadows, true, rtl);
  return (
    <>
      {border !== null ? <span class="ps-border-layer" aria-hidden="true" style={border} /> : null}
      {inner !== null ? <span class="ps-inner-shadow-layer" aria-hidden="true" style={`${LAYER}box-shadow:${inner};`} /> : null}
    </>
  );
}
