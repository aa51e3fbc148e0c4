// The map node: a schematic world map drawn offline from Natural Earth's 1:110m country outlines
// (world-atlas, through topojson-client) in a Web Mercator projection of d3-geo. One finger pans,
// two pinch, a wheel or the zoom buttons zoom; a marker is a part (`<testTag>.marker.<id>`) whose
// tap writes its id to stateKey. While a gesture runs the drawn outlines only move and scale; they
// are projected again when it ends.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { geoMercator, geoPath, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';
import countries110m from 'world-atlas/countries-110m.json' with { type: 'json' };
import type { MapNode } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { defaultA11y, Frame } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import { useBoxSize, type BoxSize } from '../measure.ts';
import type { NodeProps } from '../node.tsx';

const MIN_MAP_ZOOM = 1;
const MAX_MAP_ZOOM = 8;
/** A finger that moves farther than this (dp) pans; its lift is then no tap. */
const TAP_SLOP = 8;

const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
let countries: FeatureCollection | undefined;
/** The country outlines, converted once. */
function worldCountries(): FeatureCollection {
  countries ??= feature(topology, topology.objects.countries) as FeatureCollection;
  return countries;
}

interface View {
  lat: number;
  lon: number;
  zoom: number;
}

/** How a running gesture moves what was projected for `view`: scale k about origin o, then shift by d. */
interface Live {
  k: number;
  ox: number;
  oy: number;
  dx: number;
  dy: number;
}

const STILL: Live = { k: 1, ox: 0, oy: 0, dx: 0, dy: 0 };

/** Web Mercator at a tile zoom level: the world is 256 × 2^zoom dp wide. */
function projectionOf(view: View, size: BoxSize): GeoProjection {
  return geoMercator()
    .scale((256 * 2 ** view.zoom) / (2 * Math.PI))
    .center([view.lon, view.lat])
    .translate([size.width / 2, size.height / 2]);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The view a gesture ends on: the point drawn at the centre becomes the centre. */
function settle(view: View, live: Live, size: BoxSize): View {
  const projection = projectionOf(view, size);
  const zoom = clamp(view.zoom + Math.log2(live.k), MIN_MAP_ZOOM, MAX_MAP_ZOOM);
  const k = 2 ** (zoom - view.zoom);
  const x = live.ox + (size.width / 2 - live.dx - live.ox) / k;
  const y = live.oy + (size.height / 2 - live.dy - live.oy) / k;
  const [lon, lat] = projection.invert!([x, y]) ?? [view.lon, view.lat];
  return { lon: ((((lon + 180) % 360) + 360) % 360) - 180, lat: clamp(lat, -85, 85), zoom };
}

export function MapView({ node, parent, env }: NodeProps<MapNode>) {
  const surface = useRef<HTMLDivElement>(null);
  const size = useBoxSize(surface);
  const [view, setView] = useState<View>({ ...node.center, zoom: node.zoom });
  const [live, setLive] = useState<Live>(STILL);
  const gesture = useRef<{ pointers: Map<number, { x: number; y: number }>; start: Map<number, { x: number; y: number }>; moved: boolean }>({ pointers: new Map(), start: new Map(), moved: false });
  // A new authored centre or zoom moves the map there.
  useEffect(() => setView({ ...node.center, zoom: node.zoom }), [node.center.lat, node.center.lon, node.zoom]);

  const projection = useMemo(() => (size ? projectionOf(view, size) : null), [view, size?.width, size?.height]);
  const outlines = useMemo(() => {
    if (!projection) return [];
    const path = geoPath(projection);
    return worldCountries().features.map((country) => path(country) ?? '');
  }, [projection]);

  const local = (event: PointerEvent | WheelEvent) => {
    const box = surface.current!.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * surface.current!.clientWidth) / box.width, y: ((event.clientY - box.top) * surface.current!.clientHeight) / box.height };
  };
  const liveFrom = (): Live => {
    const { pointers, start } = gesture.current;
    const ids = [...pointers.keys()].filter((id) => start.has(id));
    if (ids.length === 0) return STILL;
    const mid = (points: { x: number; y: number }[]) => ({ x: points.reduce((sum, p) => sum + p.x, 0) / points.length, y: points.reduce((sum, p) => sum + p.y, 0) / points.length });
    const now = ids.slice(0, 2).map((id) => pointers.get(id)!);
    const then = ids.slice(0, 2).map((id) => start.get(id)!);
    const a = mid(then);
    const b = mid(now);
    const k = now.length === 2 ? Math.hypot(now[0]!.x - now[1]!.x, now[0]!.y - now[1]!.y) / Math.max(1, Math.hypot(then[0]!.x - then[1]!.x, then[0]!.y - then[1]!.y)) : 1;
    return { k: clamp(k, 2 ** (MIN_MAP_ZOOM - view.zoom), 2 ** (MAX_MAP_ZOOM - view.zoom)), ox: a.x, oy: a.y, dx: b.x - a.x, dy: b.y - a.y };
  };
  /** Ends the running gesture (a finger lifted or added): what it did becomes the view. */
  const commit = () => {
    const current = liveFrom();
    if (size && current !== STILL) setView((last) => settle(last, current, size));
    setLive(STILL);
    gesture.current.start = new Map(gesture.current.pointers);
  };
  const onPointerDown = (event: PointerEvent) => {
    commit();
    if (gesture.current.pointers.size === 0) gesture.current.moved = false;
    gesture.current.pointers.set(event.pointerId, local(event));
    gesture.current.start.set(event.pointerId, local(event));
  };
  const onPointerMove = (event: PointerEvent) => {
    const { pointers, start } = gesture.current;
    if (!pointers.has(event.pointerId)) return;
    const point = local(event);
    pointers.set(event.pointerId, point);
    const origin = start.get(event.pointerId)!;
    if (Math.hypot(point.x - origin.x, point.y - origin.y) > TAP_SLOP) gesture.current.moved = true;
    if (gesture.current.moved) setLive(liveFrom());
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!gesture.current.pointers.has(event.pointerId)) return;
    if (gesture.current.moved) commit();
    gesture.current.pointers.delete(event.pointerId);
    gesture.current.start = new Map(gesture.current.pointers);
  };
  const zoomBy = (steps: number, about?: { x: number; y: number }) => {
    if (!size) return;
    const origin = about ?? { x: size.width / 2, y: size.height / 2 };
    setView((last) => settle(last, { k: 2 ** steps, ox: origin.x, oy: origin.y, dx: 0, dy: 0 }, size));
  };
  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    zoomBy(clamp(-event.deltaY / 200, -1, 1), local(event));
  };
  const chooseMarker = (id: string) => {
    if (gesture.current.moved) return;
    env.interact({ type: 'select', key: node.key, value: id });
  };

  const place = (lon: number, lat: number) => {
    const [x, y] = projection!([lon, lat])!;
    return { x: live.ox + (x - live.ox) * live.k + live.dx, y: live.oy + (y - live.oy) * live.k + live.dy };
  };
  const transform = `translate(${live.dx + live.ox - live.ox * live.k} ${live.dy + live.oy - live.oy * live.k}) scale(${live.k})`;
  return (
    <Frame env={env} node={node} parent={parent} class="ps-map" a11y={defaultA11y(node, 'Image')} base={{ width: '100%', height: '240px' }}>
      <div
        ref={surface}
        class="ps-map-surface"
        data-ps-map-view={`${view.lat.toFixed(4)},${view.lon.toFixed(4)},${view.zoom.toFixed(2)}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={onWheel}
      >
        {size && projection ? (
          <svg class="ps-map-svg" width={size.width} height={size.height} viewBox={`0 0 ${size.width} ${size.height}`}>
            <g transform={transform} class="ps-map-land">
              {outlines.map((d, i) => <path key={i} d={d} vector-effect="non-scaling-stroke" />)}
            </g>
            {node.markers.map((marker) => {
              const at = place(marker.lon, marker.lat);
              return (
                <g key={marker.id} transform={`translate(${at.x} ${at.y})`} class={marker.selected ? 'ps-map-marker ps-on' : 'ps-map-marker'}>
                  <circle
                    r={marker.selected ? 10 : 8}
                    fill={marker.color}
                    {...a11yAttributes({ id: `${node.key}#${marker.id}`, testTag: partTag(node.testTag, `marker.${marker.id}`), role: 'Button', text: marker.label ?? marker.id, selected: marker.selected })}
                    onClick={(event) => { event.stopPropagation(); chooseMarker(marker.id); }}
                  />
                  {marker.label !== null ? <text y={-16} text-anchor="middle">{marker.label}</text> : null}
                </g>
              );
            })}
          </svg>
        ) : null}
        <div class="ps-map-zoom">
          <ZoomButton node={node} part="zoomIn" icon="add" label="Zoom in" onPress={() => zoomBy(1)} />
          <ZoomButton node={node} part="zoomOut" icon="remove" label="Zoom out" onPress={() => zoomBy(-1)} />
        </div>
        <span class="ps-map-credit" aria-hidden="true">Schematic map · Natural Earth</span>
      </div>
    </Frame>
  );
}

function ZoomButton({ node, part, icon, label, onPress }: { node: MapNode; part: string; icon: string; label: string; onPress: () => void }) {
  return (
    <div
      class="ps-map-zoom-button"
      {...a11yAttributes({ id: `${node.key}#${part}`, testTag: partTag(node.testTag, part), role: 'Button', text: label })}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={(event) => { event.stopPropagation(); onPress(); }}
    >
      <Icon name={icon} size={20} />
    </div>
  );
}
