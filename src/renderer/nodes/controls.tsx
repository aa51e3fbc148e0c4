// Material 3 controls: switch, checkbox, button, radioGroup, listItem, slider, chip, iconButton,
// fab, segmentedButton and progress (the text field has its own file).
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type {
  ButtonNode, CastButtonNode, ChipNode, FabNode, IconButtonNode, PasteButtonNode, ListItemNode, ProgressNode, RadioGroupNode, SegmentedButtonNode,
  SliderNode, ToggleNode,
} from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { Frame } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import { M3_FIGURES } from '../m3-figures.ts';
import type { NodeProps } from '../node.tsx';

/** The accessibility node of a whole control: its label as text, a native role, state. */
function controlA11y(node: { key: string; testTag: string | null; label: string | null }, role: string, extra: object = {}) {
  return { id: node.key, testTag: node.testTag, role, text: node.label, ...extra };
}

/** The switch track and thumb, without any label. */
export function SwitchGlyph({ checked, color }: { checked: boolean; color?: string }) {
  return (
    <span class={checked ? 'ps-switch-track ps-on' : 'ps-switch-track'} style={checked && color ? { backgroundColor: color, borderColor: color } : undefined}>
      <span class="ps-switch-thumb" />
    </span>
  );
}

export function CheckboxGlyph({ checked, color }: { checked: boolean; color?: string }) {
  return (
    <span class={checked ? 'ps-checkbox-box ps-on' : 'ps-checkbox-box'} style={checked && color ? { backgroundColor: color, borderColor: color } : undefined}>
      {checked ? <Icon name="check" size={18} /> : null}
    </span>
  );
}

/** switch and checkbox: a tap anywhere, label included, flips the bound boolean. */
export function Toggle({ node, parent, env }: NodeProps<ToggleNode>) {
  const isSwitch = node.type === 'switch';
  const glyph = isSwitch ? <SwitchGlyph checked={node.checked} color={node.style.color} /> : <CheckboxGlyph checked={node.checked} color={node.style.color} />;
  return (
    <Frame
      env={env}
      node={node}
      parent={parent}
      class={`ps-toggle ${isSwitch ? 'ps-toggle-switch' : 'ps-toggle-checkbox'}`}
      a11y={controlA11y(node, isSwitch ? 'Switch' : 'Checkbox', { checked: node.checked })}
      onTap={() => env.interact({ type: 'toggle', key: node.key })}
    >
      {isSwitch ? null : <span class="ps-checkbox-target">{glyph}</span>}
      {node.text !== null ? <span class="ps-toggle-label">{node.text}</span> : null}
      {isSwitch ? glyph : null}
    </Frame>
  );
}

/** Buttons draw their variant; a style color tints the container (filled, tonal) or the content. */
export function Button({ node, parent, env }: NodeProps<ButtonNode>) {
  const tint = node.style.color;
  const containerTinted = node.variant === 'filled' || node.variant === 'tonal';
  const base: Record<string, string> | undefined = tint ? (containerTinted ? { backgroundColor: tint } : { color: tint }) : undefined;
  return (
    <Frame
      env={env}
      node={{ ...node, style: { ...node.style, color: undefined } }}
      parent={parent}
      class={`ps-button ps-button-${node.variant}${node.icon ? ' ps-button-with-icon' : ''}`}
      base={base}
      a11y={controlA11y(node, 'Button', { enabled: node.tappable })}
      onTap={() => node.tappable && env.interact({ type: 'tap', key: node.key })}
    >
      {node.icon ? <Icon name={node.icon} size={18} /> : null}
      {/* Text stands as its own flex item; whitespace-only text would not, so it keeps a box (the icon's gap). */}
      {node.text.trim() !== '' ? node.text : <span class="ps-button-label">{node.text}</span>}
    </Frame>
  );
}

function RadioGlyph({ selected, color }: { selected: boolean; color?: string }) {
  return <span class={selected ? 'ps-radio ps-on' : 'ps-radio'} style={selected && color ? { borderColor: color, color } : undefined} />;
}

/** One Material radio row per option; each row is its own node tagged `<testTag>.<value>`. */
export function RadioGroup({ node, parent, env }: NodeProps<RadioGroupNode>) {
  return (
    <Frame env={env} node={node} parent={parent} layout="column" class="ps-radio-group" a11y={node.testTag !== null ? { id: node.key, testTag: node.testTag, role: null, text: node.label } : null}>
      {node.options.map((option) => (
        <div
          key={option.value}
          class="ps-radio-row"
          {...a11yAttributes({ id: `${node.key}#${option.value}`, testTag: partTag(node.testTag, option.value), role: 'RadioButton', text: option.text, selected: option.selected })}
          onClick={(event) => {
            event.stopPropagation();
            env.interact({ type: 'select', key: node.key, value: option.value });
          }}
        >
          <span class="ps-radio-target"><RadioGlyph selected={option.selected} color={node.style.color} /></span>
          <span class="ps-radio-label">{option.text}</span>
        </div>
      ))}
    </Frame>
  );
}

/** A list row; a trailing switch or checkbox makes the whole row toggle it. */
export function ListItem({ node, parent, env }: NodeProps<ListItemNode>) {
  const trailing = node.trailing;
  const toggles = trailing?.type === 'switch' || trailing?.type === 'checkbox';
  const role = trailing?.type === 'switch' ? 'Switch' : trailing?.type === 'checkbox' ? 'Checkbox' : node.tappable ? 'Button' : null;
  const text = node.label ?? [node.headline, node.supporting].filter((line) => line !== null).join('\n');
  const a11y = { id: node.key, testTag: node.testTag, role, text, ...(toggles ? { checked: trailing.checked } : {}) };
  const onTap = toggles
    ? () => env.interact({ type: 'toggle', key: node.key })
    : node.tappable
      ? () => env.interact({ type: 'tap', key: node.key })
      : null;
  const supporting = useRef<HTMLSpanElement>(null);
  const threeLine = useSupportingWraps(supporting, node.supporting);
  const lines = node.supporting === null ? '' : threeLine ? ' ps-three-line' : ' ps-two-line';
  return (
    <Frame env={env} node={{ ...node, style: { ...node.style, color: undefined } }} parent={parent} class={`ps-list-item${lines}`} a11y={a11y} onTap={onTap} swipe={node.swipe}>
      {node.leadingIcon ? <Icon name={node.leadingIcon} class="ps-list-leading" /> : null}
      <span class="ps-list-text">
        <span class="ps-list-headline" style={node.style.color ? { color: node.style.color } : undefined}>{node.headline}</span>
        {node.supporting ? <span class="ps-list-supporting" ref={supporting}>{node.supporting}</span> : null}
      </span>
      {trailing?.type === 'switch' ? <SwitchGlyph checked={trailing.checked} /> : null}
      {trailing?.type === 'checkbox' ? <span class="ps-checkbox-target"><CheckboxGlyph checked={trailing.checked} /></span> : null}
      {trailing?.type === 'icon' ? <Icon name={trailing.name} class="ps-list-trailing" /> : null}
    </Frame>
  );
}

/**
 * Whether a list item's supporting text takes more than one line, which makes it a three-line
 * item (as Compose's ListItem decides from the text's layout). Measured when the text changes.
 */
function useSupportingWraps(element: { current: HTMLSpanElement | null }, text: string | null): boolean {
  const [wraps, setWraps] = useState(false);
  useLayoutEffect(() => {
    const span = element.current;
    const measured = span !== null && span.offsetHeight > parseFloat(getComputedStyle(span).lineHeight) * 1.5;
    if (measured !== wraps) setWraps(measured);
  }, [text]);
  return wraps;
}

/** Position of `value` along the track, 0..1. */
export function sliderFraction(value: number, min: number, max: number): number {
  return Math.min(Math.max((value - min) / (max - min), 0), 1);
}

/** The value under a track fraction, snapped to the step grid when there is one. */
export function sliderValueAt(fraction: number, min: number, max: number, step: number | null): number {
  const raw = min + Math.min(Math.max(fraction, 0), 1) * (max - min);
  if (!step) return raw;
  return Math.min(max, min + Math.round((raw - min) / step) * step);
}

/** Discrete positions between the ends, as Compose counts `steps`. */
export function sliderSteps(min: number, max: number, step: number | null): number | undefined {
  return step ? Math.max(0, Math.round((max - min) / step) - 1) : undefined;
}

export function Slider({ node, parent, env }: NodeProps<SliderNode>) {
  const track = useRef<HTMLDivElement>(null);
  const [dragValue, setDragValue] = useState<number | null>(null);
  const value = dragValue ?? node.value;
  const fractionAt = (event: PointerEvent) => {
    const rect = track.current!.getBoundingClientRect();
    const fraction = (event.clientX - rect.left) / rect.width;
    return env.rtl ? 1 - fraction : fraction;
  };
  const move = (event: PointerEvent) => setDragValue(sliderValueAt(fractionAt(event), node.min, node.max, node.step));
  const release = (event: PointerEvent) => {
    if (dragValue === null) return;
    const final = sliderValueAt(fractionAt(event), node.min, node.max, node.step);
    setDragValue(null);
    env.interact({ type: 'slide', key: node.key, value: final });
  };
  const range = { current: node.value, min: node.min, max: node.max, ...(node.step ? { steps: sliderSteps(node.min, node.max, node.step) } : {}) };
  const fraction = sliderFraction(value, node.min, node.max);
  const percent = `${fraction * 100}%`;
  const accent = node.style.color;
  const ticks = node.step ? sliderTickFractions(node.min, node.max, node.step) : [];
  return (
    <Frame env={env} node={{ ...node, style: { ...node.style, color: undefined } }} parent={parent} class="ps-slider" a11y={controlA11y(node, 'Slider', { range })}>
      <div
        ref={track}
        class="ps-slider-track"
        style={{ '--ps-slider-at': percent, ...(accent ? { '--ps-slider-accent': accent } : {}) }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          move(event);
        }}
        onPointerMove={(event) => dragValue !== null && move(event)}
        onPointerUp={release}
        onPointerCancel={() => setDragValue(null)}
      >
        <div class="ps-slider-active" />
        <div class="ps-slider-inactive" />
        {ticks.length > 0
          ? ticks.map((at) => <span key={at} class={at <= fraction ? 'ps-slider-tick ps-on' : 'ps-slider-tick'} style={{ insetInlineStart: `calc(6px + ${at} * (100% - 16px))` }} />)
          : <span class="ps-slider-stop" />}
        <div class="ps-slider-handle" />
        {dragValue !== null ? <span class="ps-slider-label">{formatSliderValue(dragValue)}</span> : null}
      </div>
    </Frame>
  );
}

/**
 * Where a stepped slider's tick marks sit along the track (0..1), one per value; past 100 values
 * they would run together, so none is drawn. A slider without a step ends in a stop indicator.
 */
export function sliderTickFractions(min: number, max: number, step: number): number[] {
  const count = Math.round((max - min) / step);
  if (!(count >= 1) || count > MAX_SLIDER_TICKS) return [];
  return Array.from({ length: count + 1 }, (_, index) => index / count);
}

const MAX_SLIDER_TICKS = 100;

/** The value label shown above the handle while it is dragged. */
function formatSliderValue(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** Chips: a filter chip (with a stateKey) toggles like a checkbox; the others are buttons. */
export function Chip({ node, parent, env }: NodeProps<ChipNode>) {
  const filter = node.stateKey !== null;
  const selected = filter && node.checked === true;
  const a11y = filter ? controlA11y(node, 'Checkbox', { checked: selected }) : controlA11y(node, 'Button');
  const onTap = filter ? () => env.interact({ type: 'toggle', key: node.key }) : () => node.tappable && env.interact({ type: 'tap', key: node.key });
  return (
    <Frame env={env} node={node} parent={parent} class={`ps-chip ps-chip-${node.variant}${selected ? ' ps-on' : ''}`} a11y={a11y} onTap={onTap}>
      {selected ? <Icon name="check" size={18} /> : null}
      <span class="ps-chip-label">{node.text}</span>
    </Frame>
  );
}

export function IconButton({ node, parent, env }: NodeProps<IconButtonNode>) {
  return (
    <Frame
      env={env}
      node={node}
      parent={parent}
      class={`ps-icon-button ps-icon-button-${node.variant}${node.selected === null ? '' : node.selected ? ' ps-toggle ps-on' : ' ps-toggle'}`}
      a11y={controlA11y(node, 'Button', node.selected === null ? {} : { checked: node.selected })}
      onTap={() => node.tappable && env.interact({ type: 'tap', key: node.key })}
    >
      <Icon name={node.icon} color={node.style.color} />
    </Frame>
  );
}

/** A cast button: the cast icon, connected while casting; a tap toggles its state key. */
export function CastButton({ node, parent, env }: NodeProps<CastButtonNode>) {
  return (
    <Frame env={env} node={node} parent={parent} class="ps-icon-button ps-icon-button-standard" a11y={controlA11y(node, 'Button')} onTap={() => env.interact({ type: 'tap', key: node.key })}>
      <Icon name={node.casting ? 'cast_connected' : 'cast'} color={node.style.color} />
    </Frame>
  );
}

/** A paste button: a tonal button with the paste icon; a tap writes the clipboard to its state key. */
export function PasteButton({ node, parent, env }: NodeProps<PasteButtonNode>) {
  return (
    <Frame env={env} node={node} parent={parent} class="ps-button ps-button-tonal ps-button-with-icon" a11y={controlA11y(node, 'Button')} onTap={() => env.interact({ type: 'paste', key: node.key, text: env.clipboard() })}>
      <Icon name="content_paste" size={18} />
      {node.text}
    </Frame>
  );
}

export function Fab({ node, parent, env }: NodeProps<FabNode>) {
  const size = node.text !== null ? 'extended' : node.size;
  return (
    <Frame env={env} node={node} parent={parent} class={`ps-fab ps-fab-${size}`} a11y={controlA11y(node, 'Button')} onTap={() => node.tappable && env.interact({ type: 'tap', key: node.key })}>
      <Icon name={node.icon} size={size === 'large' ? 36 : 24} color={node.style.color} />
      {node.text !== null ? <span class="ps-fab-label">{node.text}</span> : null}
    </Frame>
  );
}

/** Single-select segments; each is its own selectable node tagged `<testTag>.<value>`. */
export function SegmentedButton({ node, parent, env }: NodeProps<SegmentedButtonNode>) {
  return (
    <Frame env={env} node={node} parent={parent} class="ps-segmented" a11y={node.testTag !== null ? { id: node.key, testTag: node.testTag, role: null, text: node.label } : null}>
      {node.options.map((option) => (
        <div
          key={option.value}
          class={option.selected ? 'ps-segment ps-on' : 'ps-segment'}
          {...a11yAttributes({ id: `${node.key}#${option.value}`, testTag: partTag(node.testTag, option.value), role: 'RadioButton', text: option.text, selected: option.selected })}
          onClick={(event) => {
            event.stopPropagation();
            env.interact({ type: 'select', key: node.key, value: option.value });
          }}
        >
          {option.selected ? <Icon name="check" size={18} /> : null}
          <span>{option.text}</span>
        </div>
      ))}
    </Frame>
  );
}

/**
 * Linear or circular progress. Indeterminate indicators draw a fixed segment rather than a
 * looping animation, so a settled screen is the same in every screenshot.
 */
export function Progress({ node, parent, env }: NodeProps<ProgressNode>) {
  const determinate = node.value !== null;
  const fraction = determinate ? Math.min(Math.max(node.value! / node.max, 0), 1) : 0.4;
  const range = determinate ? { current: fraction, min: 0, max: 1 } : ('indeterminate' as const);
  const a11y = { id: node.key, testTag: node.testTag, role: 'ProgressBar', text: node.label, range };
  const accent = node.style.color;
  if (node.variant === 'circular') {
    const size = M3_FIGURES.circularProgressSize.dp;
    const centre = size / 2;
    const radius = centre - M3_FIGURES.circularProgressStroke.dp / 2;
    const circumference = 2 * Math.PI * radius;
    const offset = determinate ? 0 : circumference * 0.15;
    return (
      <Frame env={env} node={{ ...node, style: { ...node.style, color: undefined } }} parent={parent} class="ps-progress-circular" a11y={a11y} fixed>
        <svg viewBox={`0 0 ${size} ${size}`} width={size} height={size} aria-hidden="true">
          {/* An indeterminate circle has no track, as Compose draws it. */}
          {determinate ? <circle class="ps-progress-track" cx={centre} cy={centre} r={radius} /> : null}
          <circle
            class="ps-progress-indicator"
            cx={centre} cy={centre} r={radius}
            style={{ strokeDasharray: `${circumference * fraction} ${circumference}`, strokeDashoffset: -offset, ...(accent ? { stroke: accent } : {}) }}
          />
        </svg>
      </Frame>
    );
  }
  // The active part, then a 4 dp gap and the track; a determinate bar ends in a stop indicator.
  const start = determinate ? 0 : 0.2;
  const end = start + fraction;
  const bar: Record<string, string> = { insetInlineStart: `${start * 100}%`, width: `${fraction * 100}%` };
  if (accent) bar.backgroundColor = accent;
  const gap = `${M3_FIGURES.linearProgressGap.dp}px`;
  return (
    <Frame env={env} node={{ ...node, style: { ...node.style, color: undefined } }} parent={parent} class="ps-progress-linear" a11y={a11y}>
      {start > 0 ? <div class="ps-progress-rest" style={{ insetInlineStart: '0', width: `max(0px, calc(${start * 100}% - ${gap}))` }} /> : null}
      {fraction > 0 ? <div class="ps-progress-bar" style={bar} /> : null}
      {end < 1 ? <div class="ps-progress-rest" style={{ insetInlineStart: fraction > 0 ? `calc(${end * 100}% + ${gap})` : '0', insetInlineEnd: '0' }} /> : null}
      {determinate ? <div class="ps-progress-stop" style={accent ? { backgroundColor: accent } : undefined} /> : null}
    </Frame>
  );
}

