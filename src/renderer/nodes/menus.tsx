// Menus and the select field (seeds/001 "Menu and select"): surfaces drawn inside the window's
// overlay layer, so observe and taps reach them like any other node, placed by ../placement.ts.
import { createPortal, type ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { MenuNode, SelectNode } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import type { RenderEnv } from '../env.ts';
import { Frame } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import type { NodeProps } from '../node.tsx';
import { rectIn, useRelayout, useRetryWhenAttached } from '../anchored.ts';
import { placeBelow } from '../placement.ts';

/** Collapses the select whose options are showing, if one is (one at a time: a tap outside it collapses it first). */
let collapseExpandedSelect: (() => void) | null = null;

/** The system back collapses an expanded select before anything else; true when it did. */
export function collapseSelectForBack(): boolean {
  const collapse = collapseExpandedSelect;
  if (!collapse) return false;
  collapse();
  return true;
}

interface PopupProps {
  env: RenderEnv;
  anchor: () => Element | null;
  alignStart?: boolean;
  /** Fixes the surface's width (a select's options are as wide as the field). */
  width?: number;
  /**
   * A press outside the surface: `catch` lays a transparent catcher under the surface that takes
   * it (a menu: what is under it is not reached); `pass` only watches presses, which go on to
   * whatever they land on (a select: its own field toggles it).
   */
  outside: { catch(): void } | { pass(target: Node): void };
  children: ComponentChildren;
}

/** A surface in the overlay layer, placed below `anchor()` on every draw and resize. */
function Popup({ env, anchor, alignStart, width, outside, children }: PopupProps) {
  const surface = useRef<HTMLDivElement>(null);
  const [, redraw] = useState(0);
  const retry = useRetryWhenAttached(surface, () => redraw((n) => n + 1));
  useLayoutEffect(() => {
    const element = surface.current;
    // The surface is placed in its positioned layer's coordinates.
    const layer = element?.offsetParent;
    const target = anchor();
    if (!element || !layer || !target) {
      retry();
      return;
    }
    const window = layer.getBoundingClientRect();
    const place = placeBelow(rectIn(target, layer), { width: element.offsetWidth, height: element.offsetHeight }, window, { rtl: env.rtl, alignStart });
    element.style.left = `${place.x}px`;
    element.style.top = `${place.y}px`;
    element.style.visibility = 'visible';
  });
  useRelayout(surface, () => redraw((n) => n + 1), true);
  const watch = 'pass' in outside ? outside.pass : null;
  useEffect(() => {
    if (!watch) return;
    const onPress = (event: PointerEvent) => {
      if (event.target instanceof Node && !surface.current?.contains(event.target)) watch(event.target);
    };
    addEventListener('pointerdown', onPress, true);
    return () => removeEventListener('pointerdown', onPress, true);
  }, [watch]);
  if (!env.overlayLayer) return null;
  return createPortal(
    <div class="ps-popup-layer">
      {'catch' in outside ? <div class="ps-popup-catcher" onClick={outside.catch} /> : null}
      <div ref={surface} class="ps-popup" style={{ visibility: 'hidden', ...(width !== undefined ? { width: `${width}px`, maxWidth: 'none' } : {}) }}>
        {children}
      </div>
    </div>,
    env.overlayLayer,
  );
}

/** A zero-size mark in the parent's element: the menu anchors to that element. */
function ParentMark({ mark }: { mark: { current: HTMLSpanElement | null } }) {
  return <span ref={mark} class="ps-popup-mark" aria-hidden="true" />;
}

export function Menu({ node, env }: NodeProps<MenuNode>) {
  const mark = useRef<HTMLSpanElement>(null);
  if (!node.open) return null;
  return (
    <>
      <ParentMark mark={mark} />
      <Popup env={env} anchor={() => mark.current?.parentElement ?? null} outside={{ catch: () => env.interact({ type: 'close', key: node.key }) }}>
        <Frame env={env} node={node} parent="plain" class="ps-menu" a11y={{ id: node.key, testTag: node.testTag, role: 'Menu', text: node.label }}>
          {node.entries.map((entry, index) =>
            entry.type === 'divider' ? (
              <div key={index} class="ps-menu-divider" role="separator" />
            ) : (
              <div
                key={index}
                class={entry.enabled ? 'ps-menu-item' : 'ps-menu-item ps-disabled'}
                {...a11yAttributes({ id: `${node.key}#${index}`, testTag: partTag(node.testTag, String(index)), role: 'MenuItem', text: entry.text, enabled: entry.enabled })}
                onClick={(event) => {
                  event.stopPropagation();
                  if (entry.enabled) env.interact({ type: 'menuItem', key: node.key, index });
                }}
              >
                {entry.icon ? <Icon name={entry.icon} class="ps-menu-icon" /> : null}
                <span class="ps-menu-label">{entry.text}</span>
                {entry.trailingText !== null ? <span class="ps-menu-trailing">{entry.trailingText}</span> : null}
              </div>
            ),
          )}
        </Frame>
      </Popup>
    </>
  );
}

/**
 * A select field: the chosen option's label under the caption, and an expand arrow. Whether its
 * options show is the field's own state, as Material's exposed dropdown keeps it.
 */
export function Select({ node, parent, env }: NodeProps<SelectNode>) {
  const [expanded, setExpanded] = useState(false);
  const field = useRef<HTMLElement | null>(null);
  const collapse = useRef(() => setExpanded(false));
  // A press outside the options collapses them, unless it is on the field, whose own tap toggles them.
  const passOutside = useRef({ pass: (target: Node) => !(field.current?.closest('.ps-touch') ?? field.current)?.contains(target) && setExpanded(false) });
  useEffect(() => {
    if (!expanded) return;
    collapseExpandedSelect = collapse.current;
    return () => {
      if (collapseExpandedSelect === collapse.current) collapseExpandedSelect = null;
    };
  }, [expanded]);
  const chosen = node.options.find((option) => option.selected)?.text ?? '';
  const frame = (
    <Frame
      env={env}
      node={node}
      parent={parent}
      class={expanded ? 'ps-field ps-select ps-field-focused' : 'ps-field ps-select'}
      a11y={{ id: node.key, testTag: node.testTag, role: 'DropdownList', text: node.label, expanded }}
      onTap={() => setExpanded((open) => !open)}
    >
      <span class="ps-select-text" ref={(element) => {
        field.current = element?.closest('.ps-select') ?? null;
      }}>
        {node.text !== null ? <span class="ps-select-caption">{node.text}</span> : null}
        <span class="ps-select-value">{chosen}</span>
      </span>
      <Icon name={expanded ? 'arrow_drop_up' : 'arrow_drop_down'} class="ps-select-arrow" />
    </Frame>
  );
  if (!expanded) return frame;
  return (
    <>
      {frame}
      <Popup env={env} anchor={() => field.current} alignStart width={field.current?.offsetWidth} outside={passOutside.current}>
        <div class="ps-menu" role="listbox">
          {node.options.map((option) => (
            <div
              key={option.value}
              class={option.selected ? 'ps-menu-item ps-selected' : 'ps-menu-item'}
              {...a11yAttributes({ id: `${node.key}#${option.value}`, testTag: partTag(node.testTag, option.value), role: 'MenuItem', text: option.text, selected: option.selected })}
              onClick={(event) => {
                event.stopPropagation();
                setExpanded(false);
                env.interact({ type: 'select', key: node.key, value: option.value });
              }}
            >
              <span class="ps-menu-label">{option.text}</span>
            </div>
          ))}
        </div>
      </Popup>
    </>
  );
}
