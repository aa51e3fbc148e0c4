// style.effects on the web device. gradientMesh is a layer between the node's background and its
// content; blur, pixelate, chromaticAberration, wave and ripple are one layer over the content that
// filters what the node painted under it (its background and content; a backdrop filter, through
// SVG filters for all but blur), inside its corners; noise, shimmer, glow and vignette are layers
// over that, in authored order, and are not distorted. None changes layout, hit testing or
// accessibility: layers take no input and are hidden from the accessibility tree. shimmer, wave
// and ripple move only with animate under the full motion profile; otherwise they rest at their phase.
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { useBoxSize, type BoxSize } from './measure.ts';
import type { EffectView, ResolvedStyle } from '../runtime/model.ts';
import { DISTORTION_EFFECTS } from '../spec/effects.ts';
import { hasCorners, INSIDE_LAYER, type Css } from './style-css.ts';

type Of<T extends EffectView['type']> = Extract<EffectView, { type: T }>;

const OVERLAYS: ReadonlySet<string> = new Set(['noise', 'shimmer', 'glow', 'vignette']);

/** An id for an effect's SVG filter, unique per node and effect. */
function effectFilterId(nodeKey: string, index: number): string {
  return `ps-fx-${nodeKey.replace(/[^A-Za-z0-9_-]/g, '_')}-${index}`;
}

/** The distortions' filter chain in authored order, or null for none. */
function distortionChain(effects: readonly EffectView[], nodeKey: string): string | null {
  const filters = effects.flatMap((effect, index) => {
    if (!DISTORTION_EFFECTS.has(effect.type)) return [];
    return effect.type === 'blur' ? [`blur(${effect.radius}px)`] : [`url(#${effectFilterId(nodeKey, index)})`];
  });
  return filters.length > 0 ? filters.join(' ') : null;
}

/** What the effects add to the node's own CSS: the position and stacking context their layers
 *  need; with a distortion, a no-op filter that makes the node the root of what the distortion
 *  layer filters (only the node's own painting, never what lies behind it), clipped to its corners. */
export function effectsCss(effects: readonly EffectView[], style: ResolvedStyle): Css {
  const css: Css = { position: 'relative', isolation: 'isolate' };
  if (effects.some((effect) => DISTORTION_EFFECTS.has(effect.type))) {
    css.filter = 'opacity(1)';
    const corners = style.cornerRadius;
    if (hasCorners(corners)) css.clipPath = `inset(0 round ${corners.topStart}px ${corners.topEnd}px ${corners.bottomEnd}px ${corners.bottomStart}px)`;
  }
  return css;
}

/** The mesh under the content: a radial wash from each corner in one of the colours. */
function meshLayer(effect: Of<'gradientMesh'>): string {
  const corners = ['0% 0%', '100% 100%', '100% 0%', '0% 100%'];
  const washes = effect.colors.map((color, i) => `radial-gradient(circle at ${corners[i]}, ${color}, transparent 75%)`);
  return `${INSIDE_LAYER}z-index:-1;background:${washes.join(',')};`;
}

/** Film grain: fractal noise of a fixed seed, so it is the same on every draw. */
function noiseLayer(effect: Of<'noise'>): string {
  const frequency = (0.9 / effect.scale).toFixed(3);
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='128' height='128'><filter id='n'><feTurbulence type='fractalNoise' baseFrequency='${frequency}' numOctaves='2' seed='7' stitchTiles='stitch'/><feColorMatrix type='saturate' values='0'/></filter><rect width='128' height='128' filter='url(%23n)'/></svg>`;
  return `${INSIDE_LAYER}background-image:url("data:image/svg+xml,${svg.replace(/"/g, "'").replace(/</g, '%3C').replace(/>/g, '%3E')}");background-size:128px 128px;opacity:${effect.amount};`;
}

/** A bright band across the node; its place is the phase (0 before the start edge, 1 past the end). */
function shimmerLayer(effect: Of<'shimmer'>, moving: boolean): string {
  const half = effect.width * 50;
  const band = `linear-gradient(${effect.angle + 90}deg, transparent ${50 - half}%, ${effect.color} 50%, transparent ${50 + half}%)`;
  const position = `${(100 - effect.phase * 100).toFixed(2)}% 0`;
  const motion = moving && effect.durationMs !== null
    ? `animation:ps-fx-shimmer ${effect.durationMs}ms linear ${-effect.phase * effect.durationMs}ms infinite;`
    : '';
  return `${INSIDE_LAYER}background:${band};background-size:300% 100%;background-repeat:no-repeat;background-position:${position};${motion}`;
}

function glowLayer(effect: Of<'glow'>): string {
  return `${INSIDE_LAYER}box-shadow:inset 0 0 ${effect.radius}px ${effect.radius / 2}px color-mix(in srgb, ${effect.color} ${Math.round(effect.intensity * 100)}%, transparent);`;
}

function vignetteLayer(effect: Of<'vignette'>): string {
  const edge = `color-mix(in srgb, ${effect.color} ${Math.round(effect.intensity * 100)}%, transparent)`;
  return `${INSIDE_LAYER}background:radial-gradient(ellipse at center, transparent ${Math.round(effect.radius * 70)}%, ${edge} 100%);`;
}

function overlayLayer(effect: EffectView, moving: boolean): string | null {
  switch (effect.type) {
    case 'noise':
      return noiseLayer(effect);
    case 'shimmer':
      return shimmerLayer(effect, moving);
    case 'glow':
      return glowLayer(effect);
    case 'vignette':
      return vignetteLayer(effect);
    default:
      return null;
  }
}

/** The displacement map of a wave (bands across the node) or a ripple (rings about its centre):
 *  one sine cycle per wavelength in the red and green channels, 128 being no displacement. */
function displacementMap(effect: Of<'wave' | 'ripple'>, width: number, height: number): string {
  const stops = Array.from({ length: 9 }, (_, i) => {
    const value = Math.round(128 + 127 * Math.sin((i / 8) * 2 * Math.PI));
    // A wave moves the content sideways only; a ripple moves it along both axes.
    return `<stop offset='${i / 8}' stop-color='rgb(${value},${effect.type === 'wave' ? 128 : value},128)'/>`;
  }).join('');
  const gradient = effect.type === 'wave'
    ? `<linearGradient id='g' gradientUnits='userSpaceOnUse' x1='0' y1='0' x2='0' y2='${effect.wavelength}' spreadMethod='repeat'>${stops}</linearGradient>`
    : `<radialGradient id='g' gradientUnits='userSpaceOnUse' cx='${width / 2}' cy='${height / 2}' r='${effect.wavelength}' spreadMethod='repeat'>${stops}</radialGradient>`;
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}'><defs>${gradient}</defs><rect width='${width}' height='${height}' fill='url(%23g)'/></svg>`;
  return `data:image/svg+xml,${svg.replace(/</g, '%3C').replace(/>/g, '%3E')}`;
}

/** The SVG filter of one distortion (blur needs none). */
function distortionFilter(effect: EffectView, id: string, moving: boolean, size: BoxSize): JSX.Element | null {
  switch (effect.type) {
    case 'pixelate': {
      const size = effect.size;
      return (
        <filter id={id} x="0" y="0" width="100%" height="100%">
          <feFlood x={size / 2} y={size / 2} width="1" height="1" flood-color="#000" />
          <feComposite width={size} height={size} />
          <feTile result="grid" />
          <feComposite in="SourceGraphic" in2="grid" operator="in" />
          <feMorphology operator="dilate" radius={size / 2} />
        </filter>
      );
    }
    case 'chromaticAberration':
      return (
        <filter id={id} color-interpolation-filters="sRGB">
          <feColorMatrix in="SourceGraphic" type="matrix" values="1 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 1 0" />
          <feOffset dx={-effect.offset} result="red" />
          <feColorMatrix in="SourceGraphic" type="matrix" values="0 0 0 0 0  0 1 0 0 0  0 0 0 0 0  0 0 0 1 0" result="green" />
          <feColorMatrix in="SourceGraphic" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 1 0 0  0 0 0 1 0" />
          <feOffset dx={effect.offset} result="blue" />
          <feBlend in="red" in2="green" mode="screen" result="redGreen" />
          <feBlend in="redGreen" in2="blue" mode="screen" />
        </filter>
      );
    case 'wave':
    case 'ripple':
      return <DisplacementFilter effect={effect} id={id} moving={moving} size={size} />;
    default:
      return null;
  }
}

/** The size a displacement map is drawn at before its node has been measured. */
const UNMEASURED: BoxSize = { width: 400, height: 400 };

/** The map is the node's size (a wave's a wavelength taller, so it travels by sliding): a map
 *  larger than the node would be drawn again, whole, on every frame of an animation. */
function DisplacementFilter({ effect, id, moving, size }: { effect: Of<'wave' | 'ripple'>; id: string; moving: boolean; size: BoxSize }) {
  const cycle = moving ? effect.durationMs : null;
  const shift = effect.phase * effect.wavelength;
  const wave = effect.type === 'wave';
  const mapWidth = Math.ceil(size.width);
  const mapHeight = Math.ceil(size.height + (wave ? effect.wavelength : 0));
  // A wave travels: its map slides one wavelength a cycle. A ripple breathes: its rings swell and ebb.
  const scale = wave ? effect.amplitude * 2 : effect.amplitude * 2 * Math.cos(effect.phase * 2 * Math.PI);
  return (
    <filter id={id} x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
      <feImage href={displacementMap(effect, mapWidth, mapHeight)} x="0" y={wave ? shift - effect.wavelength : 0} width={mapWidth} height={mapHeight} preserveAspectRatio="none" result="map">
        {cycle !== null && wave ? <animate attributeName="y" from={shift - effect.wavelength} to={shift} dur={`${cycle}ms`} repeatCount="indefinite" /> : null}
      </feImage>
      <feDisplacementMap in="SourceGraphic" in2="map" scale={scale} xChannelSelector="R" yChannelSelector="G">
        {cycle !== null && !wave ? <animate attributeName="scale" values={`${scale};${-scale};${scale}`} dur={`${cycle}ms`} repeatCount="indefinite" /> : null}
      </feDisplacementMap>
    </filter>
  );
}

/** The mesh, drawn first in the node (under its content). */
export function EffectUnderlay({ effects }: { effects: readonly EffectView[] }) {
  const meshes = effects.filter((effect): effect is Of<'gradientMesh'> => effect.type === 'gradientMesh');
  return <>{meshes.map((mesh, i) => <span key={i} class="ps-fx ps-fx-mesh" aria-hidden="true" style={meshLayer(mesh)} />)}</>;
}

/** The distortions: one layer filtering what the node painted under it, and the SVG filters it uses. */
export function EffectDistortion({ effects, nodeKey, moving }: { effects: readonly EffectView[]; nodeKey: string; moving: boolean }) {
  const layer = useRef<HTMLSpanElement>(null);
  // The layer covers the node, so its size is the node's.
  const size = useBoxSize(layer) ?? UNMEASURED;
  const chain = distortionChain(effects, nodeKey);
  if (chain === null) return null;
  const filters = effects.map((effect, index) => (DISTORTION_EFFECTS.has(effect.type) ? distortionFilter(effect, effectFilterId(nodeKey, index), moving, size) : null)).filter((filter) => filter !== null);
  return (
    <>
      <span ref={layer} class="ps-fx ps-fx-distortion" aria-hidden="true" style={`${INSIDE_LAYER}backdrop-filter:${chain};`} />
      {filters.length > 0 ? <svg class="ps-filter-defs" aria-hidden="true" width="0" height="0">{filters}</svg> : null}
    </>
  );
}

/** The layers over the content (and over the distortion), in authored order. */
export function EffectOverlays({ effects, moving }: { effects: readonly EffectView[]; moving: boolean }) {
  return (
    <>
      {effects.map((effect, i) => {
        if (!OVERLAYS.has(effect.type)) return null;
        return <span key={i} class={`ps-fx ps-fx-${effect.type}`} aria-hidden="true" style={overlayLayer(effect, moving)!} />;
      })}
    </>
  );
}

