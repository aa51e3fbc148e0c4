// The device screen: the simulated status bar, navigation bar, camera cutout and keyboard, and the
// prototype window in its placement (fullscreen with the host's dismiss row, sheet, floating).
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { HOST_DISMISS_TAG, REVEAL_DISMISS_EVENT, openModals, type Interaction, type RenderModel, type ResolvedWindow } from '../runtime/model.ts';
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
  reducedMotion: boolean;
  insets: { systemBars: Edges; cutout: Edges; ime: number };
  keyboardOpen: boolean;
  width: number;
  height: number;
}

/** Height of the host's dismiss row below the status bar. */
export const HOST_ROW_HEIGHT = 48;
export { HOST_DISMISS_TAG } from '../runtime/model.ts';
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
    // Without chrome the content fills the whole window, under the status bar too.
    const top = window.chrome === 'none' ? 0 : device.insets.systemBars.top + HOST_ROW_HEIGHT;
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
  /** How many inputs reached the runtime so far, and where a tap that reached nothing goes. */
  inputWatch: InputWatch;
}

export interface InputWatch {
  count(): number;
  deadTap(x: number, y: number): void;
}

export function Screen({ device, model, show, assets, interact, dismissByUser, back, inputWatch }: ScreenProps) {
  const chromeDark = model ? model.appearance.mode === 'dark' : device.dark;
  const appLayer = model?.window.layer === 'app';
  const bars = <SystemBars device={device} dark={device.dark} back={back} />;
  const keyboard = device.keyboardOpen && device.insets.ime > 0 ? <Keyboard height={device.insets.ime} dark={device.dark} /> : null;
  return (
    <div class="ps-screen" style={{ '--ps-font-scale': String(device.fontScale) }}>
      {appLayer ? null : bars}
      {appLayer ? null : keyboard}
      {model ? <PrototypeWindow key={show} device={device} model={model} assets={assets} interact={interact} dismissByUser={dismissByUser} chromeDark={chromeDark} inputWatch={inputWatch} /> : null}
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

const LETTER_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'].map((row) => [...row]);

/**
 * The keys of the keyboard each kind of field asks for (its inputmode): letters with the bottom
 * row that kind wants, or a number pad. An empty key is the space bar.
 */
const KEYBOARD_LAYOUTS: Record<string, readonly (readonly string[])[]> = {
  text: [...LETTER_ROWS, [',', '', '.']],
  email: [...LETTER_ROWS, ['@', '', '.']],
  url: [...LETTER_ROWS, ['/', '', '.com']],
  numeric: [['1', '2', '3'], ['4', '5', '6'], ['7', '8', '9'], ['0']],
  decimal: [['1', '2', '3'], ['4', '5', '6'], ['7', '8', '9'], ['.', '0']],
  tel: [['1', '2', '3'], ['4', '5', '6'], ['7', '8', '9'], ['*', '0', '#']],
};

/** The keyboard the focused field asks for: its inputmode, else letters. */
function focusedKeyboard(): string {
  const focused = document.activeElement;
  const mode = focused instanceof HTMLElement ? focused.inputMode : '';
  return mode in KEYBOARD_LAYOUTS ? mode : 'text';
}

/** A drawn on-screen keyboard following the focused field's kind; typing itself arrives as key events from the device. */
function Keyboard({ height, dark }: { height: number; dark: boolean }) {
  const [layout, setLayout] = useState(focusedKeyboard);
  // A layout effect: listening from the moment the keyboard is drawn, a focus right after it counts.
  useLayoutEffect(() => {
    const follow = () => setLayout(focusedKeyboard());
    addEventListener('focusin', follow);
    return () => removeEventListener('focusin', follow);
  }, []);
  const pad = layout === 'numeric' || layout === 'decimal' || layout === 'tel';
  return (
    <div class={`ps-keyboard${dark ? ' ps-dark-chrome' : ''}${pad ? ' ps-keypad' : ''}`} style={{ height: `${height}px` }} aria-hidden="true" data-ps-keyboard={layout}>
      {KEYBOARD_LAYOUTS[layout]!.map((row, index) => (
        <div class="ps-key-row" key={index}>
          {row.map((key, at) => <span class={key === '' ? 'ps-key ps-key-wide' : 'ps-key'} key={at}>{key}</span>)}
        </div>
      ))}
    </div>
  );
}

interface WindowProps extends Omit<ScreenProps, 'device' | 'show' | 'back'> {
  device: DeviceState;
  model: RenderModel;
  chromeDark: boolean;
}

function PrototypeWindow({ device, model, assets, interact, dismissByUser, chromeDark, inputWatch }: WindowProps) {
  // The layers exist before the first render, so anchored and overlay nodes portal into them in the
  // same pass as the rest of the tree; they join the document when the window mounts.
  const [anchorLayer] = useState(() => layerElement('ps-layer ps-anchor-layer'));
  const [overlayLayer] = useState(() => layerElement('ps-layer ps-overlay-layer'));
  // While a modal overlay is open the page behind leaves accessibility and touch.
  const dialogOpen = openModals(model.openOverlays).length > 0;
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
      reducedMotion: model.motionProfile === 'reduced',
      interact,
      assets,
      insets,
      anchorLayer,
      overlayLayer,
      contentOrigin: { x: frame.x, y: frame.y },
      contentHeight: frame.height,
    }),
    [model.root.key, placement.type, dialogOpen, device.rtl, model.motion, model.motionProfile, interact, assets, insetsKey, anchorLayer, overlayLayer, frame.x, frame.y, frame.height],
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
  const chromeless = placement.type === 'fullscreen' && model.window.chrome === 'none';
  useDeadTaps(model.window.deadTaps, windowElement, inputWatch);
  return (
    <div ref={windowElement} class={`ps-window ps-${placement.type}${model.motion ? ' ps-motion' : ''}${model.motionProfile === 'reduced' ? ' ps-reduced' : ''}${coversFloatingWindow(model) ? ' ps-covered' : ''}`} style={windowStyle} dir={device.rtl ? 'rtl' : 'ltr'} data-ps-window={model.id}>
      {placement.type === 'fullscreen' && !chromeless ? <HostRow height={rect.y} dark={chromeDark} onDismiss={dismissByUser} /> : null}
      {chromeless ? <DismissPill windowElement={windowElement} top={device.insets.systemBars.top} dark={chromeDark} onDismiss={dismissByUser} /> : null}
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

/** How long the second finger must hold, how long the pill then stays, and how far fingers may drift (dp). */
const REVEAL_HOLD_MS = 1000;
const REVEAL_MS = 5000;
const TAP_SLOP = 10;

/**
 * The host's dismiss control of a chromeless fullscreen window: a pill under the status bar that a
 * two-finger press of about a second reveals for 5 s (another hold restarts that); one finger
 * never does. It is always listed for observe, and the device reveals it before tapOn presses it.
 * It sits above everything the spec draws, at full opacity, and the spec cannot remove it.
 */
function DismissPill({ windowElement, top, dark, onDismiss }: { windowElement: { current: HTMLElement | null }; top: number; dark: boolean; onDismiss(): void }) {
  const [revealed, setRevealed] = useState(false);
  const hide = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLayoutEffect(() => {
    const element = windowElement.current;
    if (!element) return;
    const reveal = () => {
      setRevealed(true);
      if (hide.current !== null) clearTimeout(hide.current);
      hide.current = setTimeout(() => setRevealed(false), REVEAL_MS);
    };
    let hold: ReturnType<typeof setTimeout> | null = null;
    let origin: Array<{ x: number; y: number }> = [];
    const stop = () => {
      if (hold !== null) clearTimeout(hold);
      hold = null;
    };
    const start = (event: TouchEvent) => {
      stop();
      if (event.touches.length !== 2) return;
      origin = Array.from(event.touches, (touch) => ({ x: touch.clientX, y: touch.clientY }));
      hold = setTimeout(reveal, REVEAL_HOLD_MS);
    };
    const move = (event: TouchEvent) => {
      if (hold === null) return;
      const drifted = Array.from(event.touches).some((touch, index) => origin[index] && Math.hypot(touch.clientX - origin[index]!.x, touch.clientY - origin[index]!.y) >= TAP_SLOP);
      if (drifted || event.touches.length !== 2) stop();
    };
    const onReveal = () => reveal();
    element.addEventListener('touchstart', start, { capture: true, passive: true });
    element.addEventListener('touchmove', move, { capture: true, passive: true });
    element.addEventListener('touchend', stop, { capture: true });
    element.addEventListener('touchcancel', stop, { capture: true });
    element.addEventListener(REVEAL_DISMISS_EVENT, onReveal);
    return () => {
      stop();
      if (hide.current !== null) clearTimeout(hide.current);
      element.removeEventListener('touchstart', start, { capture: true });
      element.removeEventListener('touchmove', move, { capture: true });
      element.removeEventListener('touchend', stop, { capture: true });
      element.removeEventListener('touchcancel', stop, { capture: true });
      element.removeEventListener(REVEAL_DISMISS_EVENT, onReveal);
    };
  }, []);
  const colors = dark ? { background: '#2b2930', color: '#e6e0e9' } : { background: '#ece6f0', color: '#1d1b20' };
  return (
    <div
      class={`ps-dismiss-pill${revealed ? ' ps-revealed' : ''}`}
      style={{ top: `${top + 8}px`, ...colors }}
      data-ps-dismiss-pill=""
      {...a11yAttributes({ id: 'host#dismiss', testTag: HOST_DISMISS_TAG, role: 'Button', text: HOST_DISMISS_LABEL })}
      onClick={revealed ? onDismiss : undefined}
    >
      <Icon name="close" size={20} />
      <span>{HOST_DISMISS_LABEL}</span>
    </div>
  );
}


/** Native controls take a tap even when it changes nothing, so such a tap is never a dead one. */
const CONTROLS = 'button, input, textarea, select, a, [role="slider"], [data-ps-dismiss-pill], .ps-stack-edge';

/**
 * With window.deadTaps: a single-finger tap (no second pointer, no cancel, moving less than 10 dp)
 * after which no input reached the runtime by the next turn, and that did not land on a native
 * control, is reported at its window-local point.
 */
function useDeadTaps(enabled: boolean, windowElement: { current: HTMLElement | null }, watch: InputWatch): void {
  useLayoutEffect(() => {
    const element = windowElement.current;
    if (!enabled || !element) return;
    let tap: { id: number; x: number; y: number; count: number; control: boolean } | null = null;
    const down = (event: PointerEvent) => {
      tap = tap === null && event.isPrimary ? { id: event.pointerId, x: event.clientX, y: event.clientY, count: watch.count(), control: (event.target as Element).closest(CONTROLS) !== null } : null;
    };
    const move = (event: PointerEvent) => {
      if (tap && event.pointerId === tap.id && Math.hypot(event.clientX - tap.x, event.clientY - tap.y) >= TAP_SLOP) tap = null;
    };
    const cancel = () => {
      tap = null;
    };
    const up = (event: PointerEvent) => {
      const ended = tap;
      tap = null;
      if (!ended || event.pointerId !== ended.id || ended.control) return;
      const box = element.getBoundingClientRect();
      // Handlers finish first: whatever they send to the runtime counts.
      setTimeout(() => {
        if (watch.count() === ended.count) watch.deadTap(ended.x - box.x, ended.y - box.y);
      }, 0);
    };
    element.addEventListener('pointerdown', down, { capture: true });
    element.addEventListener('pointermove', move, { capture: true });
    element.addEventListener('pointerup', up, { capture: true });
    element.addEventListener('pointercancel', cancel, { capture: true });
    return () => {
      element.removeEventListener('pointerdown', down, { capture: true });
      element.removeEventListener('pointermove', move, { capture: true });
      element.removeEventListener('pointerup', up, { capture: true });
      element.removeEventListener('pointercancel', cancel, { capture: true });
    };
  }, [enabled]);
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
