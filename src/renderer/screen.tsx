// The device screen: the simulated status bar, navigation bar, camera cutout and keyboard, and the
// prototype window in its placement (fullscreen with the host's dismiss row, sheet, floating).
import { SystemSheets, type ShareTargetId, type SystemUi } from './system-sheets.tsx';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { HOST_DISMISS_TAG, REVEAL_DISMISS_EVENT, openModals, type Interaction, type RenderModel, type ResolvedWindow } from '../runtime/model.ts';
import type { AssetStore } from './assets.ts';
import { a11yAttributes } from './a11y.ts';
import { Env, NO_EDGES, type Edges, type RenderEnv, type WindowInsets } from './env.ts';
import { Icon } from './icons.tsx';
import { Node } from './node.tsx';
import { formatDate } from './nodes/pickers.tsx';
import { themeVariables } from './tokens.ts';
import { sharedDeclarationClass } from './style-css.ts';

/** What the device tells the page about itself (WebDevice.setDevice). */
export interface DeviceState {
  dark: boolean;
  rtl: boolean;
  fontScale: number;
  reducedMotion: boolean;
  insets: { systemBars: Edges; cutout: Edges; ime: number };
  keyboardOpen: boolean;
  /** The status bar shows the time of day; otherwise 12:00, so screenshots repeat. */
  liveClock: boolean;
  /** The device's language (BCP 47). */
  locale: string;
  /** The device has no network. */
  offline: boolean;
  /** What the device's clipboard holds (the agent sets it with the device tool). */
  clipboard: string;
  /** The prototype's clock: paused holds its timers and animations until advanced or running again. */
  clock: 'paused' | 'running';
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
export function windowInsets(rect: WindowRect, device: DeviceState, rtl = device.rtl): WindowInsets {
  const overlap = (edges: Edges): Edges => {
    const left = Math.max(0, edges.start - rect.x);
    const right = Math.max(0, edges.end - (device.width - rect.x - rect.width));
    return {
      top: Math.max(0, edges.top - rect.y),
      bottom: Math.max(0, edges.bottom - (device.height - rect.y - rect.height)),
      start: rtl ? right : left,
      end: rtl ? left : right,
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
  /** The device's own sheets and cues for platform calls, and what their buttons do. */
  system: SystemUi;
  onShareTarget(target: ShareTargetId): void;
  onShareCancel(): void;
  onBrowserClose(): void;
}

export interface InputWatch {
  count(): number;
  deadTap(x: number, y: number): void;
}

export function Screen({ device, model, show, assets, interact, dismissByUser, back, inputWatch, system, onShareTarget, onShareCancel, onBrowserClose }: ScreenProps) {
  const chromeDark = model ? model.appearance.mode === 'dark' : device.dark;
  const appLayer = model?.window.layer === 'app';
  // With a modal surface open the edges take the back swipe; otherwise a stack's own edge drag does.
  const edgeBack = model !== null && openModals(model.openOverlays).length > 0;
  // Over an app-layer prototype the bars take its appearance, as a status bar takes an app's.
  const bars = <SystemBars device={device} dark={appLayer ? chromeDark : device.dark} back={back} edgeBack={edgeBack} />;
  // Under a system-layer fullscreen prototype the keyboard is drawn but covered, as on Android.
  const keyboardCovered = model !== null && !appLayer && model.window.placement.type === 'fullscreen';
  const keyboard = device.keyboardOpen && device.insets.ime > 0 ? <Keyboard height={device.insets.ime} dark={device.dark} covered={keyboardCovered} /> : null;
  return (
    <div class="ps-screen" style={{ '--ps-font-scale': String(device.fontScale) }}>
      {appLayer ? null : keyboard}
      {appLayer ? null : bars}
      {model ? <PrototypeWindow key={show} device={device} model={model} assets={assets} interact={interact} dismissByUser={dismissByUser} chromeDark={chromeDark} inputWatch={inputWatch} /> : null}
      {appLayer ? keyboard : null}
      {appLayer ? bars : null}
      <SystemSheets ui={system} dark={device.dark} onShareTarget={onShareTarget} onShareCancel={onShareCancel} onBrowserClose={onBrowserClose} />
      <Cutout insets={device.insets.cutout} />
    </div>
  );
}

function SystemBars({ device, dark, back, edgeBack }: { device: DeviceState; dark: boolean; back(): void; edgeBack: boolean }) {
  const chrome = dark ? ' ps-dark-chrome' : '';
  const { top, bottom } = device.insets.systemBars;
  return (
    <>
      {top > 0 ? (
        <div class={`ps-status-bar${chrome}`} style={{ height: `${top}px` }} dir={device.rtl ? 'rtl' : 'ltr'}>
          <Clock live={device.liveClock} />
          <span class="ps-status-icons">
            <Icon name="signal_wifi_4_bar" size={16} />
            <Icon name="signal_cellular_4_bar" size={16} />
            <Icon name="battery_full" size={16} />
          </span>
        </div>
      ) : null}
      {bottom > 0 ? (
        <div class={`ps-nav-bar${chrome}`} style={{ height: `${bottom}px` }} aria-hidden="true">
          <span class="ps-nav-handle" />
        </div>
      ) : null}
      {bottom > 0 && edgeBack ? <BackEdges top={top} bottom={bottom} back={back} /> : null}
    </>
  );
}

/** The clock's text: the time of day, or a fixed 12:00. */
export function clockText(live: boolean, now: Date = new Date()): string {
  if (!live) return '12:00';
  return `${now.getHours()}:${String(now.getMinutes()).padStart(2, '0')}`;
}

function Clock({ live }: { live: boolean }) {
  const [text, setText] = useState(() => clockText(live));
  useLayoutEffect(() => {
    setText(clockText(live));
    if (!live) return undefined;
    const timer = setInterval(() => setText(clockText(true)), 1000);
    return () => clearInterval(timer);
  }, [live]);
  return <span class="ps-clock">{text}</span>;
}

/** How far from a side edge a back swipe starts, and how far inward it must go, in dp. */
const BACK_EDGE_DP = 12;
const BACK_SWIPE_DP = 48;

/**
 * Gesture navigation's back while a modal surface (dialog, sheet, drawer, menu) is open: a swipe
 * inward from the left or right edge, as on Android. The strips take the touches that start on
 * them, as the system's gesture area does. Without a modal a stack's own edge drag is the back.
 */
function BackEdges({ top, bottom, back }: { top: number; bottom: number; back(): void }) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const edge = (side: 'left' | 'right') => (
    <div
      class={`ps-back-edge ps-back-edge-${side}`}
      style={{ top: `${top}px`, bottom: `${bottom}px`, width: `${BACK_EDGE_DP}px` }}
      onPointerDown={(event) => {
        start.current = { x: event.clientX, y: event.clientY };
        (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
      }}
      onPointerUp={(event) => {
        const from = start.current;
        start.current = null;
        if (from === null) return;
        const inward = side === 'left' ? event.clientX - from.x : from.x - event.clientX;
        if (inward >= BACK_SWIPE_DP && Math.abs(event.clientY - from.y) < inward) back();
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
    />
  );
  return (
    <>
      {edge('left')}
      {edge('right')}
    </>
  );
}

/** The camera: a punch hole centred in the band the cutout insets describe (start is the left edge). */
function Cutout({ insets }: { insets: Edges }) {
  const centre = insets.top > 0 ? { left: '50%', top: `${insets.top / 2}px` } : insets.start > 0 ? { left: `${insets.start / 2}px`, top: '50%' } : insets.end > 0 ? { left: `calc(100% - ${insets.end / 2}px)`, top: '50%' } : null;
  return centre === null ? null : <div class="ps-cutout" style={centre} />;
}

/** A key of the drawn keyboard: what it types (a character) or does, and what it shows. */
interface Key {
  /** The part of its testTag after `keyboard.`: the character, or the named key. */
  name: string;
  label: string;
  /** Relative width in its row (1 is a letter key). */
  width?: number;
}

const char = (character: string): Key => ({ name: character, label: character });
const named = (name: string, label: string, width = 1.5): Key => ({ name, label, width });
const chars = (text: string) => [...text].map(char);
const SHIFT = named('shift', 'Shift');
const BACKSPACE = named('backspace', 'Delete');
const ENTER = named('enter', 'Enter');
const space = (width = 5): Key => ({ name: 'space', label: 'Space', width });

const letterRows = (bottom: Key[]): Key[][] => [chars('qwertyuiop'), chars('asdfghjkl'), [SHIFT, ...chars('zxcvbnm'), BACKSPACE], [named('symbols', '?123'), ...bottom, ENTER]];
const padRows = (bottom: Key[]): Key[][] => [chars('123'), chars('456'), chars('789'), [...bottom, BACKSPACE, ENTER]];

/**
 * The keys each kind of field asks for (its inputmode), as Gboard lays them out: letters with the
 * bottom row that kind wants, a number pad, and the symbols the ?123 key switches to.
 */
const KEYBOARD_LAYOUTS: Record<string, Key[][]> = {
  text: letterRows([char(','), space(), char('.')]),
  email: letterRows([char('@'), space(4), char('.')]),
  url: letterRows([char('/'), space(4), { name: '.com', label: '.com', width: 1.5 }]),
  symbols: [chars('1234567890'), chars('@#$_&-+()/'), [...chars('*"\':;!?'), BACKSPACE], [named('letters', 'ABC'), char(','), space(), char('.'), ENTER]],
  numeric: padRows([char('0')]),
  decimal: padRows([char('.'), char('0')]),
  tel: padRows([char('*'), char('0'), char('#')]),
};

/** The keys drawn as a Material icon rather than a label. */
const KEY_ICONS: Record<string, string> = { shift: 'keyboard_capslock', backspace: 'backspace', enter: 'keyboard_return' };

/** The keyboard the focused field asks for: its inputmode, else letters. */
function focusedKeyboard(): string {
  const focused = document.activeElement;
  const mode = focused instanceof HTMLElement ? focused.inputMode : '';
  return mode in KEYBOARD_LAYOUTS && mode !== 'symbols' ? mode : 'text';
}

declare global {
  interface Window {
    /** The device's binding: a key of the drawn keyboard was pressed; the device types it as real key input. */
    __protostageKeyboardKey?(key: string): void;
  }
}

/**
 * The on-screen keyboard, following the focused field's kind. Its keys are real: a press keeps
 * the focus where it is and the device types the key into the focused field, as an IME does. It
 * is its own window in observe (layer "keyboard", testTags `keyboard.<key>`), unless the
 * prototype covers it.
 */
function Keyboard({ height, dark, covered }: { height: number; dark: boolean; covered: boolean }) {
  const [layout, setLayout] = useState(focusedKeyboard);
  const [shifted, setShifted] = useState(false);
  // A layout effect: listening from the moment the keyboard is drawn, a focus right after it counts.
  useLayoutEffect(() => {
    const follow = () => setLayout(focusedKeyboard());
    addEventListener('focusin', follow);
    return () => removeEventListener('focusin', follow);
  }, []);
  const press = (key: Key) => {
    if (key.name === 'shift') return setShifted(!shifted);
    if (key.name === 'symbols') return setLayout('symbols');
    if (key.name === 'letters') return setLayout(focusedKeyboard());
    const typed = key.name === 'space' ? ' ' : key.name === 'backspace' ? 'Backspace' : key.name === 'enter' ? 'Enter' : shifted && key.name.length === 1 ? key.name.toUpperCase() : key.name;
    if (shifted && key.name.length === 1) setShifted(false);
    window.__protostageKeyboardKey?.(typed);
  };
  const pad = layout === 'numeric' || layout === 'decimal' || layout === 'tel';
  return (
    <div
      class={`ps-keyboard${dark ? ' ps-dark-chrome' : ''}${pad ? ' ps-keypad' : ''}`}
      style={{ height: `${height}px` }}
      data-ps-keyboard={layout}
      data-ps-layer="keyboard"
      {...(covered ? { 'data-ps-a11y-hidden': '', inert: true } : {})}
      // The focus stays in the field, as with a phone's keyboard.
      onPointerDown={(event) => event.preventDefault()}
      onMouseDown={(event) => event.preventDefault()}
    >
      {KEYBOARD_LAYOUTS[layout]!.map((row, index) => (
        <div class="ps-key-row" key={index}>
          {row.map((key) => {
            const label = shifted && key.name.length === 1 ? key.label.toUpperCase() : key.label;
            const glyph = KEY_ICONS[key.name];
            const shown = glyph !== undefined ? <Icon name={glyph} size={22} /> : key.name === 'space' ? '' : label;
            return (
              <span
                key={key.name}
                class={`ps-key${key.width === undefined ? '' : ' ps-key-named'}${key.name === 'shift' && shifted ? ' ps-key-on' : ''}`}
                style={{ flexGrow: key.width ?? 1 }}
                role="button"
                aria-label={label}
                data-ps-a11y={`keyboard.${key.name}`}
                data-testid={`keyboard.${key.name}`}
                onClick={() => press(key)}
              >
                {shown}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}

interface WindowProps extends Omit<ScreenProps, 'device' | 'show' | 'back' | 'system' | 'onShareTarget' | 'onShareCancel' | 'onBrowserClose'> {
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
  // A right-to-left locale mirrors the prototype; the device's RTL setting mirrors every one.
  const rtl = device.rtl || model.direction === 'rtl';
  const clipboard = useRef(device.clipboard);
  clipboard.current = device.clipboard;
  const insets = placement.type === 'floating' && !floatingRect ? NO_INSETS : windowInsets(frame, device, rtl);
  const insetsKey = JSON.stringify(insets);
  const now = new Date();
  const today = device.liveClock ? formatDate(now.getFullYear(), now.getMonth(), now.getDate()) : null;
  const env: RenderEnv = useMemo(
    () => ({
      rootKey: model.root.key,
      floating: placement.type === 'floating',
      dialogOpen,
      rtl,
      motion: model.motion,
      reducedMotion: model.motionProfile === 'reduced',
      motionScheme: model.motionScheme,
      interact,
      assets,
      insets,
      anchorLayer,
      overlayLayer,
      contentOrigin: { x: frame.x, y: frame.y },
      contentHeight: frame.height,
      today,
      clipboard: () => clipboard.current,
    }),
    [model.root.key, placement.type, dialogOpen, rtl, model.motion, model.motionProfile, model.motionScheme, interact, assets, insetsKey, anchorLayer, overlayLayer, frame.x, frame.y, frame.height, today],
  );
  const hidden = dialogOpen ? { 'data-ps-a11y-hidden': '', inert: true } : {};
  const windowStyle: Record<string, string> = {};
  let bodyPlacement: Record<string, string> = {};
  if (placement.type === 'floating') {
    const anchored = model.root.anchor;
    Object.assign(
      windowStyle,
      anchored
        ? { left: `${anchored.bounds.x + anchored.offset.x}px`, top: `${anchored.bounds.y + anchored.offset.y}px` }
        : floatingPosition(placement.gravity, placement.offset, rtl),
    );
    if (coversFloatingWindow(model)) bodyPlacement = { width: `${anchored!.bounds.width}px`, height: `${anchored!.bounds.height}px` };
  } else {
    Object.assign(windowStyle, { left: `${rect.x}px`, top: `${placement.type === 'fullscreen' ? 0 : rect.y}px`, width: `${rect.width}px`, height: `${placement.type === 'fullscreen' ? device.height : rect.height}px` });
    bodyPlacement = { left: '0px', right: '0px', bottom: '0px', top: `${placement.type === 'fullscreen' ? rect.y : 0}px` };
  }
  // The theme's hundred or so variables, as one shared class: a window of a theme drawn before
  // sets one class instead of each variable (a style attribute past the shared classes' room).
  const variables = themeVariables(model);
  const themeClass = sharedDeclarationClass(variables.declarations);
  const bodyStyle = { opacity: String(model.window.opacity), ...(themeClass === null ? variables.properties : {}), ...bodyPlacement };
  const scrim = placement.type === 'fullscreen' && placement.scrim ? <div class="ps-scrim-fill" style={{ backgroundColor: placement.scrim }} /> : null;
  const chromeless = placement.type === 'fullscreen' && model.window.chrome === 'none';
  useDeadTaps(model.window.deadTaps, windowElement, inputWatch);
  return (
    <div ref={windowElement} class={`ps-window ps-${placement.type}${model.motion ? ' ps-motion' : ''}${model.motionProfile === 'reduced' ? ' ps-reduced' : ''}${coversFloatingWindow(model) ? ' ps-covered' : ''}`} style={windowStyle} dir={rtl ? 'rtl' : 'ltr'} lang={model.locale ?? undefined} data-ps-window={model.id}>
      {placement.type === 'fullscreen' && !chromeless ? <HostRow height={rect.y} dark={chromeDark} onDismiss={dismissByUser} /> : null}
      {chromeless ? <DismissPill windowElement={windowElement} top={device.insets.systemBars.top} dark={chromeDark} onDismiss={dismissByUser} /> : null}
      {placement.type !== 'fullscreen' && model.window.persistence === 'device' ? <CloseControl dark={chromeDark} onClose={dismissByUser} /> : null}
      <div class={themeClass === null ? 'ps-window-body' : `ps-window-body ${themeClass}`} style={bodyStyle}>
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
      // Hidden, it is not on the screen a person sees, so observe leaves it out (tapOn reveals it first).
      {...(revealed ? null : { 'data-ps-a11y-hidden': '', 'aria-hidden': 'true' })}
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
