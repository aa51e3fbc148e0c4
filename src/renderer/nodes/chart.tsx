// The chart node: line, area and bar charts on a value axis, and pie and donut charts, drawn into
// SVG with d3's scales and shape generators. Every row is a part the agent can observe and tap
// (`<testTag>.point.<i>`, `.bar.<i>`, `.slice.<i>`); a tap writes the row's index to stateKey.
import { useRef } from 'preact/hooks';
import { scaleBand, scaleLinear, type ScaleBand, type ScaleLinear } from 'd3-scale';
import { arc, area, curveMonotoneX, line, pie, stack, type PieArcDatum } from 'd3-shape';
import type { ChartNode, ChartRowView } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { defaultA11y, Frame } from '../frame.tsx';
import type { RenderEnv } from '../env.ts';
import { useBoxSize, type BoxSize } from '../measure.ts';
import type { NodeProps } from '../node.tsx';

/** Room for the value axis' labels (start), the category labels (bottom) and the strokes. */
const MARGIN = { top: 8, end: 8, bottom: 24, start: 40 };
/** Rows past this count are tapped by position on one plot part, not listed one by one. */
const MAX_CHART_ROW_PARTS = 100;
/** A slice's part: a target this large (dp) at the slice's middle. */
const SLICE_TARGET_RADIUS = 12;
/** Dims the rows a selection passes over. */
const UNSELECTED_OPACITY = 0.38;

let numberFormat: Intl.NumberFormat | undefined;

/**
 * A value as the chart reads it aloud. The formatter is made at first use: a page's first Intl
 * formatter loads its locale data (20–30 ms as the page starts), which a page without charts never needs.
 */
function formatNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  return numberFormat.format(value);
}

export function Chart({ node, parent, env }: NodeProps<ChartNode>) {
  const plot = useRef<HTMLDivElement>(null);
  const size = useBoxSize(plot);
  const pieLike = node.kind === 'pie' || node.kind === 'donut';
  const drawable = size !== null && size.width > 0 && size.height > 0 && node.rows.length > 0;
  return (
    <Frame env={env} node={node} parent={parent} class="ps-chart" a11y={defaultA11y(node, 'Image')} base={{ width: '100%', height: '200px' }}>
      {node.legend ? <Legend node={node} /> : null}
      <div ref={plot} class="ps-chart-plot">
        {drawable ? (pieLike ? <PieDrawing node={node} env={env} size={size} /> : <CartesianDrawing node={node} env={env} size={size} />) : null}
      </div>
    </Frame>
  );
}

function Legend({ node }: { node: ChartNode }) {
  const entries = node.kind === 'pie' || node.kind === 'donut'
    ? node.rows.map((row, i) => ({ label: row.label, color: node.sliceColors[i]! }))
    : node.series;
  return (
    <div class="ps-chart-legend" aria-hidden="true">
      {entries.map((entry, i) => (
        <span key={i} class="ps-chart-legend-entry">
          <span class="ps-chart-swatch" style={{ background: entry.color }} />
          {entry.label}
        </span>
      ))}
    </div>
  );
}

/** What a row's part reads: its label, then each series' value. */
function rowText(node: ChartNode, row: ChartRowView): string {
  const values = row.values.map((value, i) => `${node.series[i]!.label} ${value === null ? 'no value' : formatNumber(value)}`);
  return `${row.label}: ${values.join(', ')}`;
}

interface DrawingProps {
  node: ChartNode;
  env: RenderEnv;
  size: BoxSize;
}

/** Each row's low and high end per series: stacked rows start where the series before ended. */
function seriesExtents(node: ChartNode): [number, number][][] {
  if (!node.stacked) return node.series.map((_, s) => node.rows.map((row) => [0, row.values[s] ?? 0]));
  const stacked = stack<ChartRowView, number>()
    .keys(node.series.map((_, s) => s))
    .value((row, s) => row.values[s] ?? 0)(node.rows);
  return stacked.map((layer) => layer.map((point) => [point[0], point[1]]));
}

function valueScale(node: ChartNode, extents: [number, number][][], size: BoxSize): ScaleLinear<number, number> {
  const ends = extents.flat().flat();
  const low = node.yMin ?? Math.min(0, ...ends);
  let high = node.yMax ?? Math.max(...ends);
  if (!(high > low)) high = low + 1;
  const scale = scaleLinear().domain([low, high]).range([size.height - MARGIN.bottom, MARGIN.top]);
  return node.yMin === null && node.yMax === null ? scale.nice(4) : scale;
}

function rowScale(node: ChartNode, env: RenderEnv, size: BoxSize): ScaleBand<number> {
  const start = env.rtl ? size.width - MARGIN.start : MARGIN.start;
  const end = env.rtl ? MARGIN.end : size.width - MARGIN.end;
  const bars = node.kind === 'bar';
  return scaleBand<number>()
    .domain(node.rows.map((_, i) => i))
    .range([start, end])
    .paddingInner(bars ? 0.2 : 0)
    .paddingOuter(bars ? 0.1 : 0);
}

function CartesianDrawing({ node, env, size }: DrawingProps) {
  const extents = seriesExtents(node);
  const y = valueScale(node, extents, size);
  const x = rowScale(node, env, size);
  const center = (i: number) => x(i)! + x.bandwidth() / 2;
  const choose = (index: number) => env.interact({ type: 'selectIndex', key: node.key, index });
  return (
    <svg class="ps-chart-svg" width={size.width} height={size.height} viewBox={`0 0 ${size.width} ${size.height}`}>
      <ValueAxis y={y} env={env} size={size} />
      <RowLabels node={node} x={x} center={center} size={size} />
      {node.kind === 'bar' ? <Bars node={node} x={x} y={y} extents={extents} /> : <Lines node={node} y={y} center={center} extents={extents} />}
      <RowParts node={node} x={x} size={size} choose={choose} />
    </svg>
  );
}

function ValueAxis({ y, env, size }: { y: ScaleLinear<number, number>; env: RenderEnv; size: BoxSize }) {
  const format = y.tickFormat(4);
  const labelX = env.rtl ? size.width - MARGIN.start + 4 : MARGIN.start - 4;
  return (
    <g class="ps-chart-axis">
      {y.ticks(4).map((tick) => (
        <g key={tick}>
          <line class="ps-chart-grid" x1={env.rtl ? MARGIN.end : MARGIN.start} x2={size.width - (env.rtl ? MARGIN.start : MARGIN.end)} y1={y(tick)} y2={y(tick)} />
          <text x={labelX} y={y(tick)} dy="0.32em" text-anchor={env.rtl ? 'start' : 'end'}>{format(tick)}</text>
        </g>
      ))}
    </g>
  );
}

/** Category labels under the plot, as many as fit without crowding. */
function RowLabels({ node, x, center, size }: { node: ChartNode; x: ScaleBand<number>; center: (i: number) => number; size: BoxSize }) {
  const fit = Math.max(1, Math.floor(Math.abs(x.range()[1] - x.range()[0]) / 48));
  const every = Math.ceil(node.rows.length / fit);
  return (
    <g class="ps-chart-axis">
      {node.rows.map((row, i) => (i % every === 0 ? <text key={i} x={center(i)} y={size.height - 6} text-anchor="middle">{row.label}</text> : null))}
    </g>
  );
}

function Bars({ node, x, y, extents }: { node: ChartNode; x: ScaleBand<number>; y: ScaleLinear<number, number>; extents: [number, number][][] }) {
  const inner = scaleBand<number>().domain(node.series.map((_, s) => s)).range([0, x.bandwidth()]).paddingInner(0.08);
  return (
    <g>
      {node.series.map((series, s) => (
        <g key={s} fill={series.color}>
          {node.rows.map((row, i) => {
            if (row.values[s] === null) return null;
            const [low, high] = extents[s]![i]!;
            const left = node.stacked ? x(i)! : x(i)! + inner(s)!;
            const width = node.stacked ? x.bandwidth() : inner.bandwidth();
            const top = Math.min(y(low), y(high));
            const dimmed = node.selected !== -1 && node.selected !== i;
            return <rect key={i} x={left} y={top} width={Math.max(width, 0.5)} height={Math.abs(y(high) - y(low))} opacity={dimmed ? UNSELECTED_OPACITY : 1} />;
          })}
        </g>
      ))}
    </g>
  );
}

function Lines({ node, y, center, extents }: { node: ChartNode; y: ScaleLinear<number, number>; center: (i: number) => number; extents: [number, number][][] }) {
  const defined = (s: number) => (_: unknown, i: number) => node.rows[i]!.values[s] !== null;
  const dots = node.rows.length <= MAX_CHART_ROW_PARTS;
  return (
    <g>
      {node.selected !== -1 ? <line class="ps-chart-rule" x1={center(node.selected)} x2={center(node.selected)} y1={MARGIN.top} y2={y.range()[0]} /> : null}
      {node.series.map((series, s) => {
        const points = extents[s]!;
        const top = line<[number, number]>().defined(defined(s)).curve(curveMonotoneX).x((_, i) => center(i)).y((point) => y(point[1]));
        const fill = area<[number, number]>().defined(defined(s)).curve(curveMonotoneX).x((_, i) => center(i)).y0((point) => y(node.stacked ? point[0] : Math.max(y.domain()[0]!, 0))).y1((point) => y(point[1]));
        return (
          <g key={s}>
            {node.kind === 'area' ? <path d={fill(points) ?? ''} fill={series.color} fill-opacity="0.24" /> : null}
            <path d={top(points) ?? ''} fill="none" stroke={series.color} stroke-width="2" stroke-linejoin="round" stroke-linecap="round" />
            {points.map((point, i) => {
              const selected = i === node.selected;
              if (node.rows[i]!.values[s] === null || (!dots && !selected)) return null;
              return <circle key={i} cx={center(i)} cy={y(point[1])} r={selected ? 5 : 3} fill={series.color} class={selected ? 'ps-chart-dot-selected' : undefined} />;
            })}
          </g>
        );
      })}
    </g>
  );
}

/** The parts a tap lands on: a band per row while there are few enough, else one plot part that picks the nearest row. */
function RowParts({ node, x, size, choose }: { node: ChartNode; x: ScaleBand<number>; size: BoxSize; choose: (index: number) => void }) {
  const height = size.height - MARGIN.top - MARGIN.bottom;
  const part = node.kind === 'bar' ? 'bar' : 'point';
  if (node.rows.length > MAX_CHART_ROW_PARTS) {
    const [from, to] = x.range() as [number, number];
    const nearest = (event: MouseEvent) => {
      const svg = (event.currentTarget as SVGElement).ownerSVGElement!;
      const box = svg.getBoundingClientRect();
      const at = ((event.clientX - box.left) * size.width) / box.width;
      const fraction = (at - from) / (to - from);
      choose(Math.max(0, Math.min(node.rows.length - 1, Math.floor(fraction * node.rows.length))));
    };
    return (
      <rect
        class="ps-chart-hit"
        x={Math.min(from, to)} y={MARGIN.top} width={Math.abs(to - from)} height={height}
        {...a11yAttributes({ id: `${node.key}#plot`, testTag: partTag(node.testTag, 'plot'), role: 'Button', text: `${node.rows.length} rows; a tap picks the nearest` })}
        onClick={(event) => { event.stopPropagation(); nearest(event); }}
      />
    );
  }
  const step = x.step();
  return (
    <g>
      {node.rows.map((row, i) => (
        <rect
          key={i}
          class="ps-chart-hit"
          x={x(i)! - (step - x.bandwidth()) / 2} y={MARGIN.top} width={step} height={height}
          {...a11yAttributes({ id: `${node.key}#${i}`, testTag: partTag(node.testTag, `${part}.${i}`), role: 'Button', text: rowText(node, row), selected: i === node.selected })}
          onClick={(event) => { event.stopPropagation(); choose(i); }}
        />
      ))}
    </g>
  );
}

function PieDrawing({ node, env, size }: DrawingProps) {
  const radius = Math.max(1, Math.min(size.width, size.height) / 2 - 8);
  const slices = pie<ChartRowView>().sort(null).value((row) => Math.max(0, row.values[0] ?? 0))(node.rows);
  const shape = arc<PieArcDatum<ChartRowView>>().innerRadius(node.kind === 'donut' ? radius * 0.6 : 0).outerRadius(radius).padAngle(0.01);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <svg class="ps-chart-svg" width={size.width} height={size.height} viewBox={`0 0 ${size.width} ${size.height}`}>
      <g transform={`translate(${size.width / 2},${size.height / 2})${env.rtl ? ' scale(-1,1)' : ''}`}>
        {slices.map((slice, i) => {
          const selected = i === node.selected;
          const [cx, cy] = shape.centroid(slice);
          const length = Math.hypot(cx, cy) || 1;
          const share = total > 0 ? Math.round((slice.value / total) * 100) : 0;
          const offset = selected ? `translate(${(cx / length) * 6},${(cy / length) * 6})` : undefined;
          const choose = (event: MouseEvent) => { event.stopPropagation(); env.interact({ type: 'selectIndex', key: node.key, index: i }); };
          // The part is a target at the slice's middle: a slice's bounding box can centre on another slice or the hole.
          return (
            <g key={i} transform={offset} opacity={node.selected !== -1 && !selected ? UNSELECTED_OPACITY : 1}>
              <path d={shape(slice) ?? ''} fill={node.sliceColors[i]} onClick={choose} />
              <circle
                class="ps-chart-hit" cx={cx} cy={cy} r={SLICE_TARGET_RADIUS}
                {...a11yAttributes({ id: `${node.key}#${i}`, testTag: partTag(node.testTag, `slice.${i}`), role: 'Button', text: `${node.rows[i]!.label}: ${formatNumber(slice.value)} (${share}%)`, selected })}
                onClick={choose}
              />
            </g>
          );
        })}
      </g>
    </svg>
  );
}
