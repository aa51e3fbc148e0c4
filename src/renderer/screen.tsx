// The device screen: the simulated status bar, navigation bar, camera cutout and keyboard, and the
// prototype window in its placement (fullscreen with the host's dismiss row, sheet, floating).
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Interaction, RenderModel, ResolvedWindow } from '../runtime/model.ts';
import type { AssetStore } from './assets.ts';
import { a11yAttributes } from './a11y.ts';
import { Env, NO_EDGES, type Edges, type RenderEnv, type WindowInsets } from './env.ts';
import { Icon } from './icons.tsx';
import { Node } from './node.tsx';
import { themeVariables } from './tokens.ts';

/** What the device tells the page about itself (WebDevice.setDevice). */
export interface DeviceState {
  dark: boolean;
  rtl: boolean;
  fontScale: number;
  insets: { systemBars: Edges; cutout: Edges; ime: number };
  keyboardOpen: boolean;
  width: number;
  height: number;
}

/** Height of the host's dismiss row below the status bar. */
export const HOST_ROW_HEIGHT = 48;
export const HOST_DISMISS_TAG = 'protostage.dismiss';
export const HOST_DISMISS_LABEL = 'Dismiss prototype';

/** A window's rectangle on screen, in dp. */
export interface WindowRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the window's authored content sits on screen (floating windows are measured later). */
export function contentRect(window: ResolvedWindow, device: DeviceState): WindowRect {
  const placement = window.placement;
  if (placement.type === 'fullscreen') {
    const top = device.insets.systemBars.top + HOST_ROW_HEIGHT;
    return { x: 0, y: top, width: device.width, height: device.height - top };
  }
  if (placement.type === 'sheet') {
    const height = Math.min(placement.height, device.height);
    if (placement.edge === 'top') return { x: 0, y: 0, width: device.width, height };
    // A bottom sheet window rides above the keyboard.
    const lift = device.keyboardOpen ? device.insets.ime : 0;
    return { x: 0, y: device.height - lift - height, width: device.width, height };
  }
  return { x: 0, y: 0, width: device.width, height: device.height };
}

/** The part of each device inset that overlaps the window's content rectangle. */
export function windowInsets(rect: WindowRect, device: DeviceState): WindowInsets {
  const overlap = (edges: Edges): Edges => {
    const left = Math.max(0, edges.start - rect.x);
    const right = Math.max(0, edges.end - (device.width - rect.x - rect.width));
    return {
      top: Math.max(0, edges.top - rect.y),
      bottom: Math.max(0, edges.bottom - (device.height - rect.y - rect.height)),
      start: device.rtl ? right : left,
      end: device.rtl ? left : right,
    };
  };
  const ime = device.keyboardOpen ? device.insets.ime : 0;
  return {
    systemBars: overlap(device.insets.systemBars),
    cutout: overlap(device.insets.cutout),
    ime: overlap({ ...NO_EDGES, bottom: ime }),
  };
}

/** CSS placing a floating window by gravity and offset (start/end follow the layout direction). */
export function floatingPosition(gravity: string, offset: { x: number; y: number }, rtl: boolean): Record<string, string> {
  const css: Record<string, string> = {};
  const vertical = gravity.startsWith('top') ? 'top' : gravity.startsWith('bottom') ? 'bottom' : 'center';
  const horizontal = gravity.endsWith('Start') ? 'start' : gravity.endsWith('End') ? 'end' : 'center';
  const translate = ['0px', '0px'];
  if (vertical === 'top') css.top = `${offset.y}px`;
  else if (vertical === 'bottom') css.bottom = `${offset.y}px`;
  else {
    css.top = '50%';
    translate[1] = `calc(-50% + ${offset.y}px)`;
  }
  const leftEdge = (horizontal === 'start') !== rtl;
  if (horizontal === 'center') {
    css.left = '50%';
    translate[0] = `calc(-50% + ${rtl ? -offset.x : offset.x}px)`;
  } else if (leftEdge) css.left = `${offset.x}px`;
  else css.right = `${offset.x}px`;
  if (translate[0] !== '0px' || translate[1] !== '0px') css.translate = translate.join(' ');
  return css;
}

interface ScreenProps {
  device: DeviceState;
  model: RenderModel | null;
  /** Which show the model belongs to; a new show mounts a new window. */
  show: number;
  assets: AssetStore;
  interact(interaction: Interaction): void;
  dismissByUser(): void;
  /** The navigation bar's back button. */
  back(): void;
}

export function Screen({ device, model, show, assets, interact, dismissByUser, back }: ScreenProps) {
  const chromeDark = model ? model.appearance.mode === 'dark' : device.dark;
  const appLayer = model?.window.layer === 'app';
  const bars = <SystemBars device={device} dark={device.dark} back={back} />;
  const keyboard = device.keyboardOpen && device.insets.ime > 0 ? <Keyboard height={device.insets.ime} dark={device.dark} /> : null;
  return (
    <div class="ps-screen" style={{ '--ps-font-scale': String(device.fontScale) }}>
      {appLayer ? null : bars}
      {appLayer ? null : keyboard}
      {model ? <PrototypeWindow key={show} device={device} model={model} assets={assets} interact={interact} dismissByUser={dismissByUser} chromeDark={chromeDark} /> : null}
      {appLayer ? bars : null}
      {appLayer ? keyboard : null}
      {device.insets.cutout.top > 0 ? <div class="ps-cutout" /> : null}
    </div>
  );
}

function SystemBars({ device, dark, back }: { device: DeviceState; dark: boolean; back(): void }) {
  const chrome = dark ? ' ps-dark-chrome' : '';
  const { top, bottom } = device.insets.systemBars;
  return (
    <>
      {top > 0 ? (
        <div class={`ps-status-bar${chrome}`} style={{ height: `${top}px` }} dir={device.rtl ? 'rtl' : 'ltr'}>
          <span>12:00</span>
          <span class="ps-status-icons">
            <Icon name="signal_wifi_4_bar" size={16} />
            <Icon name="signal_cellular_4_bar" size={16} />
            <Icon name="battery_full" size={16} />
          </span>
        </div>
      ) : null}
      {bottom > 0 ? (
        <div class={`ps-nav-bar${chrome}`} style={{ height: `${bottom}px` }}>
          <button type="button" class="ps-system-back" aria-label="Back" onClick={back}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><path d="M13 2 3 8l10 6z" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round" /></svg>
          </button>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6.2" fill="none" stroke="currentColor" stroke-width="1.6" /></svg>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><rect x="2.5" y="2.5" width="11" height="11" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.6" /></svg>
        </div>
      ) : null}
    </>
  );
}

const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** A drawn on-screen keyboard; typing itself arrives as key events from the device. */
function Keyboard({ height, dark }: { height: number; dark: boolean }) {
  return (
    <div class={`ps-keyboard${dark ? ' ps-dark-chrome' : ''}`} style={{ height: `${height}px` }} aria-hidden="true">
      {KEY_ROWS.map((row) => (
        <div class="ps-key-row" key={row}>{[...row].map((letter) => <span class="ps-key" key={letter}>{letter}</span>)}</div>
      ))}
      <div class="ps-key-row"><span class="ps-key">,</span><span class="ps-key ps-key-wide" /><span class="ps-key">.</span></div>
    </div>
  );
}

interface WindowProps extends Omit<ScreenProps, 'device' | 'show' | 'back'> {
  device: DeviceState;
  model: RenderModel;
  chromeDark: boolean;
}

function PrototypeWindow({ device, model, assets, interact, dismissByUser, chromeDark }: WindowProps) {
  // The layers exist before the first render, so anchored and overlay nodes portal into them in the
  // same pass as the rest of the tree; they join the document when the window mounts.
  const [anchorLayer] = useState(() => layerElement('ps-layer ps-anchor-layer'));
  const [overlayLayer] = useState(() => layerElement('ps-layer ps-overlay-layer'));
  const dialogOpen = model.openOverlays.dialogs.length > 0;
  useLayoutEffect(() => {
    anchorLayer.toggleAttribute('data-ps-a11y-hidden', dialogOpen);
    anchorLayer.toggleAttribute('inert', dialogOpen);
  }, [dialogOpen]);
  const placement = model.window.placement;
  const rect = contentRect(model.window, device);
  const windowElement = useRef<HTMLDivElement>(null);
  const floatingRect = useMeasuredRect(placement.type === 'floating', windowElement);
  // A floating window's content sizes it, so its frame (its insets, the height sheet detents
  // refer to) is known once it has been laid out.
  const frame = floatingRect ?? rect;
  const insets = placement.type === 'floating' && !floatingRect ? NO_INSETS : windowInsets(frame, device);
  const insetsKey = JSON.stringify(insets);
  const env: RenderEnv = useMemo(
    () => ({
      rootKey: model.root.key,
      floating: placement.type === 'floating',
      dialogOpen,
      rtl: device.rtl,
      motion: model.motion,
      interact,
      assets,
      insets,
      anchorLayer,
      overlayLayer,
      contentOrigin: { x: frame.x, y: frame.y },
      contentHeight: frame.height,
    }),
    [model.root.key, placement.type, dialogOpen, device.rtl, model.motion, interact, assets, insetsKey, anchorLayer, overlayLayer, frame.x, frame.y, frame.height],
  );
  const hidden = dialogOpen ? { 'data-ps-a11y-hidden': '', inert: true } : {};
  const bodyStyle: Record<string, string> = { opacity: String(model.window.opacity), ...themeVariables(model) };
  const windowStyle: Record<string, string> = {};
  if (placement.type === 'floating') {
    const anchored = model.root.anchor;
    Object.assign(
      windowStyle,
      anchored
        ? { left: `${anchored.bounds.x + anchored.offset.x}px`, top: `${anchored.bounds.y + anchored.offset.y}px` }
        : floatingPosition(placement.gravity, placement.offset, device.rtl),
    );
    if (coversFloatingWindow(model)) Object.assign(bodyStyle, { width: `${anchored!.bounds.width}px`, height: `${anchored!.bounds.height}px` });
  } else {
    Object.assign(windowStyle, { left: `${rect.x}px`, top: `${placement.type === 'fullscreen' ? 0 : rect.y}px`, width: `${rect.width}px`, height: `${placement.type === 'fullscreen' ? device.height : rect.height}px` });
    Object.assign(bodyStyle, { left: '0px', right: '0px', bottom: '0px', top: `${placement.type === 'fullscreen' ? rect.y : 0}px` });
  }
  const scrim = placement.type === 'fullscreen' && placement.scrim ? <div class="ps-scrim-fill" style={{ backgroundColor: placement.scrim }} /> : null;
  return (
    <div ref={windowElement} class={`ps-window ps-${placement.type}${model.motion ? ' ps-motion' : ''}${coversFloatingWindow(model) ? ' ps-covered' : ''}`} style={windowStyle} dir={device.rtl ? 'rtl' : 'ltr'} data-ps-window={model.id}>
      {placement.type === 'fullscreen' ? <HostRow height={rect.y} dark={chromeDark} onDismiss={dismissByUser} /> : null}
      {placement.type !== 'fullscreen' && model.window.persistence === 'device' ? <CloseControl dark={chromeDark} onClose={dismissByUser} /> : null}
      <div class="ps-window-body" style={bodyStyle}>
        {scrim}
        <Env.Provider value={env}>
          <div class="ps-window-content" {...hidden}>
            <Node node={model.root} parent="box" />
          </div>
          <LayerSlot layer={anchorLayer} />
          <LayerSlot layer={overlayLayer} />
        </Env.Provider>
      </div>
    </div>
  );
}

const NO_INSETS: WindowInsets = { systemBars: NO_EDGES, cutout: NO_EDGES, ime: NO_EDGES };

/**
 * The element's rectangle on screen in whole dp, measured after every draw and whenever it
 * resizes (a floating window is as large as its content, and its safe-area padding changes that
 * size in turn; whole dp let that settle).
 */
function useMeasuredRect(enabled: boolean, element: { current: HTMLElement | null }): WindowRect | null {
  const [measured, setMeasured] = useState<WindowRect | null>(null);
  const measure = () => {
    if (!element.current) return;
    const box = element.current.getBoundingClientRect();
    const next = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
    setMeasured((last) => (last && last.x === next.x && last.y === next.y && last.width === next.width && last.height === next.height ? last : next));
  };
  useLayoutEffect(() => {
    if (enabled) measure();
  });
  useLayoutEffect(() => {
    if (!enabled || !element.current) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [enabled]);
  return enabled ? measured : null;
}

export function layerElement(className: string): HTMLDivElement {
  const layer = document.createElement('div');
  layer.className = className;
  return layer;
}

/** Holds a layer element created outside Preact (it positions itself against the window body). */
export function LayerSlot({ layer }: { layer: Element }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    slot.current!.appendChild(layer);
    return () => layer.remove();
  }, [layer]);
  return <div ref={slot} />;
}

/** A floating window moved onto a cover-anchored root takes the anchor's size, and so does the root. */
function coversFloatingWindow(model: RenderModel): boolean {
  return model.window.placement.type === 'floating' && model.root.anchor?.alignment === 'cover';
}

export const HOST_CLOSE_TAG = 'protostage.close';

/** A device-persistent sheet or floating window's own opaque Close control, above the content
 *  and never faded by the spec's opacity: nobody may be connected to dismiss it otherwise. */
function CloseControl({ dark, onClose }: { dark: boolean; onClose(): void }) {
  const colors = dark ? { background: '#2b2930', color: '#e6e0e9' } : { background: '#ece6f0', color: '#1d1b20' };
  return (
    <div
      class="ps-close-control"
      style={colors}
      {...a11yAttributes({ id: 'host#close', testTag: HOST_CLOSE_TAG, role: 'Button', text: 'Close' })}
      onClick={onClose}
    >
      <Icon name="close" size={20} />
    </div>
  );
}

/** The host's dismiss row: opaque, not styled or faded by the spec, always there on fullscreen. */
function HostRow({ height, dark, onDismiss }: { height: number; dark: boolean; onDismiss(): void }) {
  const colors = dark ? { background: '#2b2930', color: '#e6e0e9' } : { background: '#ece6f0', color: '#1d1b20' };
  return (
    <div class="ps-host-row" style={{ height: `${height}px`, ...colors }}>
      <div
        class="ps-host-row-button"
        {...a11yAttributes({ id: 'host#dismiss', testTag: HOST_DISMISS_TAG, role: 'Button', text: HOST_DISMISS_LABEL })}
        onClick={onDismiss}
      >
        <Icon name="close" size={24} />
        <span>{HOST_DISMISS_LABEL}</span>
      </div>
    </div>
  );
}
