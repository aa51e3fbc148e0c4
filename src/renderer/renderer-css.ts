// The renderer's stylesheet: device chrome, window frames and the Material 3 look of every
// component, drawn from the scheme variables (`--md-sys-color-*`) and the type-role variables
// (`--ps-type-*`, already scaled by the theme and the font scale) the window sets.
import { SYSTEM_SHEETS_CSS } from './system-sheets.tsx';
import { figurePx } from './m3-figures.ts';
import { FONT_STACKS } from './tokens.ts';
import { CHUNK_ROWS } from './offscreen.ts';

/**
 * Bottom padding that puts the last baseline of a `role` title `fromBottom` above the box's
 * bottom, as Compose places a medium or large app bar's title: Roboto's descent is 0.244 em and
 * its content area 1.172 em, the rest of the line height split above and below.
 */
function baselinePadding(role: string, fromBottom: string): string {
  const name = `--ps-type-${role.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return `calc(${fromBottom} - (var(${name}-line) - 1.171875 * var(${name}-size)) / 2 - 0.244140625 * var(${name}-size))`;
}

/** Declarations drawing text in one Material type role. */
function type(role: string): string {
  const name = `--ps-type-${role.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return `font-family: var(--ps-font); font-weight: var(${name}-weight); font-size: var(${name}-size); line-height: var(${name}-line); letter-spacing: var(${name}-tracking);`;
}

const MOTION = `
.ps-motion .ps-enter-fade { animation: ps-fade-in 150ms ease-out both; }
.ps-motion .ps-exit-fade { animation: ps-fade-in 120ms ease-in reverse both; }
.ps-motion .ps-enter-expand { animation: ps-expand-in 180ms cubic-bezier(0.2, 0, 0, 1) both; }
.ps-motion .ps-exit-expand { animation: ps-expand-out 150ms cubic-bezier(0.3, 0, 1, 1) both; }
.ps-motion .ps-enter-slide { animation: ps-slide-in 180ms cubic-bezier(0.2, 0, 0, 1) both; }
.ps-motion .ps-exit-slide { animation: ps-slide-in 150ms cubic-bezier(0.3, 0, 1, 1) reverse both; }
.ps-motion .ps-dialog { animation: ps-dialog-in 180ms cubic-bezier(0.2, 0, 0, 1) both; }
.ps-motion .ps-scrim { animation: ps-fade-in 150ms ease-out both; }
.ps-motion .ps-sheet-holder:not(.ps-dragging) { transition: height 200ms cubic-bezier(0.2, 0, 0, 1); }
.ps-motion .ps-sheet-layer { transition: padding-bottom 200ms cubic-bezier(0.2, 0, 0, 1); }
.ps-motion .ps-sheet-layer .ps-sheet { animation: ps-sheet-in 220ms cubic-bezier(0.2, 0, 0, 1) both; }
.ps-motion .ps-drawer-left { animation: ps-drawer-from-left 300ms cubic-bezier(0, 0, 0.2, 1) both; }
.ps-motion .ps-drawer-right { animation: ps-drawer-from-right 300ms cubic-bezier(0, 0, 0.2, 1) both; }
.ps-motion .ps-drawer-layer .ps-scrim { animation-duration: 300ms; }
.ps-motion .ps-drawer-closing .ps-drawer-left { animation: ps-drawer-to-left 300ms cubic-bezier(0.4, 0, 1, 1) both; }
.ps-motion .ps-drawer-closing .ps-drawer-right { animation: ps-drawer-to-right 300ms cubic-bezier(0.4, 0, 1, 1) both; }
.ps-motion .ps-drawer-closing .ps-scrim { animation: ps-fade-out 300ms linear both; }
.ps-reduced .ps-drawer-left, .ps-reduced .ps-drawer-right { animation: ps-fade-in 300ms linear both; }
.ps-reduced .ps-drawer-closing .ps-drawer-left, .ps-reduced .ps-drawer-closing .ps-drawer-right { animation: ps-fade-out 300ms linear both; }
.ps-motion .ps-snackbar { animation: ps-slide-in 180ms cubic-bezier(0.2, 0, 0, 1) both; }
.ps-motion .ps-popup { animation: ps-fade-in 100ms linear both; }
.ps-span-link { color: var(--md-sys-color-primary); text-decoration-line: underline; cursor: pointer; }
.ps-spans-fade { animation-duration: 200ms; }
.ps-content-swap, .ps-roll-cell { display: inline-grid; }
.ps-content-swap > *, .ps-roll-cell > * { grid-area: 1 / 1; }
.ps-roll-cell { overflow: clip; vertical-align: bottom; }
.ps-content-old, .ps-content-new, .ps-roll-old, .ps-roll-new { animation-fill-mode: both; }
.ps-content-old { animation-name: ps-fade-out; animation-timing-function: linear; }
.ps-content-new { animation-name: ps-fade-in; animation-timing-function: linear; }
.ps-roll-up .ps-roll-new { animation-name: ps-roll-from-below; }
.ps-roll-up .ps-roll-old { animation-name: ps-roll-to-above; }
.ps-roll-down .ps-roll-new { animation-name: ps-roll-from-above; }
.ps-roll-down .ps-roll-old { animation-name: ps-roll-to-below; }
@keyframes ps-fade-out { to { opacity: 0; } }
@keyframes ps-roll-from-below { from { translate: 0 100%; } }
@keyframes ps-roll-to-above { to { translate: 0 -100%; } }
@keyframes ps-roll-from-above { from { translate: 0 -100%; } }
@keyframes ps-roll-to-below { to { translate: 0 100%; } }
.ps-motion .ps-press { transition: scale 120ms cubic-bezier(0.2, 0, 0, 1); }
.ps-motion .ps-switch-thumb, .ps-motion .ps-switch-track, .ps-motion .ps-checkbox-box { transition: all 120ms cubic-bezier(0.2, 0, 0, 1); }
.ps-reduced .ps-enter-expand, .ps-reduced .ps-enter-slide, .ps-reduced .ps-dialog, .ps-reduced .ps-snackbar, .ps-reduced .ps-sheet-layer .ps-sheet { animation: ps-fade-in 150ms ease-out both; }
.ps-reduced .ps-exit-expand, .ps-reduced .ps-exit-slide { animation: ps-fade-in 120ms ease-in reverse both; }
.ps-reduced .ps-sheet-holder:not(.ps-dragging), .ps-reduced .ps-press { transition: none; }
.ps-reduced .ps-switch-thumb, .ps-reduced .ps-switch-track, .ps-reduced .ps-checkbox-box { transition: background-color 120ms linear, border-color 120ms linear, color 120ms linear; }
@keyframes ps-fade-in { from { opacity: 0; } }
@keyframes ps-expand-in { from { opacity: 0; height: 0; min-height: 0; overflow: clip; } }
@keyframes ps-expand-out { to { opacity: 0; height: 0; min-height: 0; padding-top: 0; padding-bottom: 0; overflow: clip; } }
@keyframes ps-slide-in { from { opacity: 0; translate: 0 24px; } }
@keyframes ps-slide-from-left { from { opacity: 0; translate: -24px 0; } }
@keyframes ps-slide-from-right { from { opacity: 0; translate: 24px 0; } }
@keyframes ps-scale-in { from { opacity: 0; scale: 0.8; } }
.ps-icon-fx { display: inline-flex; animation-timing-function: cubic-bezier(0.2, 0, 0, 1); animation-fill-mode: both; }
.ps-icon-fx-bounce { animation-name: ps-icon-bounce; }
.ps-icon-fx-pulse { animation-name: ps-icon-pulse; }
.ps-icon-fx-scale-up { animation-name: ps-icon-scale-up; }
.ps-icon-fx-variableColor { animation-name: ps-icon-variable-color; animation-timing-function: steps(3, end); }
.ps-icon-fx-replace { animation-name: ps-icon-replace; }
.ps-icon-fx-wiggle { animation-name: ps-icon-wiggle; }
.ps-icon-fx-rotate { animation-name: ps-icon-rotate; animation-timing-function: linear; }
.ps-icon-fx-breathe { animation-name: ps-icon-breathe; animation-timing-function: ease-in-out; }
.ps-icon-fx-drawOn { animation-name: ps-icon-draw-on; animation-timing-function: linear; }
.ps-icon-fx-crossfade { animation-name: ps-fade-in; }
@keyframes ps-icon-bounce { 30% { translate: 0 -25%; } 50% { translate: 0 0; } 65% { translate: 0 -10%; } }
@keyframes ps-icon-pulse { 50% { opacity: 0.35; } }
@keyframes ps-icon-scale-up { 50% { scale: 1.25; } }
@keyframes ps-icon-variable-color { 0% { opacity: 0.35; } 33% { opacity: 0.65; } 66% { opacity: 1; } }
@keyframes ps-icon-replace { from { opacity: 0; scale: 0.6; } }
@keyframes ps-icon-wiggle { 25% { rotate: -15deg; } 75% { rotate: 15deg; } }
@keyframes ps-icon-rotate { to { rotate: 360deg; } }
@keyframes ps-icon-breathe { 50% { scale: 1.12; opacity: 0.8; } }
@keyframes ps-icon-draw-on { from { clip-path: inset(0 100% 0 0); } }
@keyframes ps-fx-shimmer { from { background-position: 100% 0; } to { background-position: 0% 0; } }
.ps-motion .ps-enter-slideStart { animation: ps-slide-from-left 180ms cubic-bezier(0.2, 0, 0, 1) both; }
.ps-motion .ps-exit-slideStart { animation: ps-slide-from-left 150ms cubic-bezier(0.3, 0, 1, 1) reverse both; }
.ps-motion .ps-enter-slideEnd { animation: ps-slide-from-right 180ms cubic-bezier(0.2, 0, 0, 1) both; }
.ps-motion .ps-exit-slideEnd { animation: ps-slide-from-right 150ms cubic-bezier(0.3, 0, 1, 1) reverse both; }
.ps-motion:not(.ps-reduced)[dir="rtl"] .ps-enter-slideStart { animation-name: ps-slide-from-right; }
.ps-motion:not(.ps-reduced)[dir="rtl"] .ps-exit-slideStart { animation-name: ps-slide-from-right; }
.ps-motion:not(.ps-reduced)[dir="rtl"] .ps-enter-slideEnd { animation-name: ps-slide-from-left; }
.ps-motion:not(.ps-reduced)[dir="rtl"] .ps-exit-slideEnd { animation-name: ps-slide-from-left; }
.ps-motion .ps-enter-scale { animation: ps-scale-in 180ms cubic-bezier(0.2, 0, 0, 1) both; }
.ps-motion .ps-exit-scale { animation: ps-scale-in 150ms cubic-bezier(0.3, 0, 1, 1) reverse both; }
.ps-reduced .ps-enter-slideStart, .ps-reduced .ps-enter-slideEnd, .ps-reduced .ps-enter-scale { animation: ps-fade-in 150ms ease-out both; }
.ps-reduced .ps-exit-slideStart, .ps-reduced .ps-exit-slideEnd, .ps-reduced .ps-exit-scale { animation: ps-fade-in 120ms ease-in reverse both; }
@keyframes ps-dialog-in { from { opacity: 0; scale: 0.9; } }
@keyframes ps-sheet-in { from { translate: 0 100%; } }
@keyframes ps-drawer-from-left { from { translate: -100% 0; } }
@keyframes ps-drawer-from-right { from { translate: 100% 0; } }
@keyframes ps-drawer-to-left { to { translate: -100% 0; } }
@keyframes ps-drawer-to-right { to { translate: 100% 0; } }
`;

const DEVICE = `
:root { interpolate-size: allow-keywords; }
/* No browser swipe navigation: a sideways drag past an edge is the prototype's (a back swipe, a pager). */
html, body { margin: 0; height: 100%; overflow: hidden; background: #000; overscroll-behavior: none; }
#ps-app { position: fixed; inset: 0; width: 100%; height: 100%; border: 0; background: #fff; }
#ps-device { position: fixed; inset: 0; pointer-events: none; font-family: ${FONT_STACKS.sans};
  -webkit-font-smoothing: antialiased; -webkit-tap-highlight-color: transparent; user-select: none; }
/* Compose and SwiftUI draw no scrollbars; hiding them here keeps any browser's pixels the same. */
#ps-device * { box-sizing: border-box; scrollbar-width: none; }
.ps-status-bar { position: absolute; top: 0; left: 0; right: 0; display: flex; align-items: center;
  padding: 0 16px; font-size: 14px; font-weight: 500; letter-spacing: 0.1px; color: #1d1b20; }
.ps-status-bar.ps-dark-chrome { color: #e6e0e9; }
.ps-status-icons { margin-inline-start: auto; display: flex; gap: 4px; align-items: center; }
.ps-nav-bar { position: absolute; left: 0; right: 0; bottom: 0; display: flex; justify-content: center; align-items: center; color: #1d1b20; }
.ps-nav-bar.ps-dark-chrome { color: #e6e0e9; }
.ps-nav-handle { width: 108px; height: 4px; border-radius: 2px; background: currentColor; opacity: 0.85; }
.ps-back-edge { position: absolute; pointer-events: auto; touch-action: none; z-index: 30; }
.ps-back-edge-left { left: 0; }
.ps-back-edge-right { right: 0; }
.ps-dismiss-pill { position: absolute; left: 50%; translate: -50% 0; z-index: 10; display: flex; align-items: center; gap: 8px;
  height: 40px; padding: 0 16px 0 12px; border-radius: 20px; font-size: 14px; font-weight: 500; opacity: 0; pointer-events: none;
  box-shadow: 0px 1px 3px 1px rgba(0,0,0,0.15), 0px 1px 2px 0px rgba(0,0,0,0.3); }
.ps-dismiss-pill.ps-revealed { opacity: 1; pointer-events: auto; }
.ps-cutout { position: absolute; width: 12px; height: 12px; translate: -50% -50%; border-radius: 50%; background: #000; }
.ps-keyboard { position: absolute; left: 0; right: 0; bottom: 0; background: #e8eaed; padding: 8px 4px 32px; pointer-events: auto;
  display: flex; flex-direction: column; gap: 8px; color: #1f1f1f; font-size: 20px; }
.ps-keyboard.ps-dark-chrome { background: #202124; color: #e8eaed; }
.ps-key-row { flex: 1 1 0; min-height: 0; display: flex; gap: 6px; justify-content: center; }
.ps-key { flex: 1 1 0; max-width: 64px; border-radius: 6px; background: #fff; display: flex; align-items: center; justify-content: center; }
.ps-key-named { background: #c4c7cc; font-size: 16px; max-width: none; }
.ps-key-named[data-testid="keyboard.space"] { background: #fff; }
.ps-key-on { background: #a8c7fa; }
.ps-dark-chrome .ps-key { background: #3c4043; }
.ps-dark-chrome .ps-key-named { background: #5f6368; }
.ps-dark-chrome .ps-key-named[data-testid="keyboard.space"] { background: #3c4043; }
.ps-keypad .ps-key { max-width: 128px; font-size: 22px; }
.ps-window { position: absolute; pointer-events: auto; isolation: isolate; }
.ps-window-body { position: absolute; overflow: clip; }
.ps-window-content { position: absolute; inset: 0; display: grid; grid-template: minmax(0, 1fr) / minmax(0, 1fr);
  justify-items: stretch; align-items: stretch; }
.ps-floating .ps-window-body { position: relative; width: fit-content; }
.ps-floating .ps-window-content { position: relative; inset: auto; width: fit-content; max-width: 100vw; max-height: 100vh; }
.ps-floating.ps-covered .ps-window-content { width: 100%; height: 100%; }
.ps-layer { position: absolute; inset: 0; pointer-events: none; }
.ps-layer > * { pointer-events: auto; }
.ps-scrim-fill { position: absolute; inset: 0; }
.ps-host-row { position: absolute; top: 0; left: 0; right: 0; display: flex; align-items: flex-end; pointer-events: auto; z-index: 2; }
.ps-host-row-button { flex: 1; height: 48px; display: flex; align-items: center; gap: 12px; padding: 0 16px;
  font: 500 14px/20px Roboto, sans-serif; letter-spacing: 0.1px; cursor: pointer; }
.ps-close-control { position: absolute; top: 4px; inset-inline-end: 4px; z-index: 3; width: 40px; height: 40px; border-radius: 50%;
  display: flex; align-items: center; justify-content: center; box-shadow: 0px 1px 3px rgba(0,0,0,0.3); cursor: pointer; }
.ps-anchor { pointer-events: none; }
.ps-anchor > * { pointer-events: auto; }
.ps-anchor-cover > * { flex: 1 1 auto; width: auto !important; height: auto !important; }
.ps-anchor-edge { width: max-content; }
.ps-anchor-edge > * { flex-shrink: 0; }
`;

const LAYOUT = `
.ps-node { position: relative; min-width: 0; color: var(--md-sys-color-on-surface); }
/* Compose measures a child within its parent's constraints: nothing outgrows its parent, so a
   scroll below other content gets the remaining height and scrolls. Scroll content is unbounded.
   Leaves need no rule of their own (they shrink as flex items), which keeps layout cheap. */
.ps-box, .ps-row, .ps-column, .ps-card, .ps-scroll, .ps-list, .ps-pager, .ps-touch { max-width: 100%; max-height: 100%; }
/* A box draws its children on top of each other in its one cell, as Compose's Box does. */
.ps-box > .ps-node, .ps-box > .ps-touch { grid-area: 1 / 1; }
.ps-scroll-vertical > .ps-node, .ps-scroll-vertical > .ps-touch { max-height: none; }
.ps-scroll-horizontal > .ps-node, .ps-scroll-horizontal > .ps-touch { max-width: none; }
.ps-touch:active > .ps-press { scale: var(--ps-press-scale); }
.ps-touch { display: flex; align-items: center; justify-content: center; min-width: 48px; min-height: 48px; cursor: pointer; }
.ps-text { font-family: var(--ps-font); }
.ps-text-content { display: block; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; }
.ps-icon { display: block; flex-shrink: 0; }
/* Compose measures a fixed-size control at its size whatever room a row has left: a crowded row
   clips it rather than squeezing it (nor its 48 dp touch target). */
.ps-fixed { flex-shrink: 0; }
/* Compose measures a row's children in order, each in the room the earlier ones left: when a row is
   full, its last children give way first (without specificity, so a size or .ps-fixed wins). The
   class comes first: a positional test reached by every element marks every parent, and a child
   added to any long column then restyled all its siblings (1,020 texts for 10 appended rows). */
:where(.ps-row > .ps-in-row:nth-last-child(2)) { flex-shrink: 10; }
:where(.ps-row > .ps-in-row:last-child:not(:only-child)) { flex-shrink: 100; }
[dir="rtl"] .ps-mirror, [dir="rtl"] .ps-mirror-auto { transform: scaleX(-1); }
.ps-image { display: flex; overflow: clip; }
.ps-image-content { display: block; width: 100%; height: 100%; min-width: 0; min-height: 0; }
.ps-image-placeholder { flex: 1; display: flex; align-items: center; justify-content: center; min-width: 24px; min-height: 24px;
  background: var(--md-sys-color-surface-container-highest); color: var(--md-sys-color-on-surface-variant); }
/* An outlined card's border is drawn over its content, as Compose draws a Surface's border. */
.ps-card-outlined::after { content: ''; position: absolute; inset: 0; z-index: 1; pointer-events: none; border-radius: inherit;
  border: 1px solid var(--md-sys-color-outline-variant); }
.ps-stack { display: grid; grid-template: minmax(0, 1fr) / minmax(0, 1fr); position: relative; }
.ps-stack-screen { grid-area: 1 / 1; display: grid; grid-template: minmax(0, 1fr) / minmax(0, 1fr); justify-items: start;
  align-items: start; min-width: 0; min-height: 0; }
/* Screens in motion cover what is below them, as a navigation host's screens do. */
.ps-stack-moving { background: var(--md-sys-color-background); }
.ps-stack-edge { position: absolute; top: 0; bottom: 0; left: 0; touch-action: none; z-index: 1; }
.ps-stack-edge-rtl { left: auto; right: 0; }
.ps-list { display: block; overflow-x: hidden; overflow-y: auto; min-height: 0; overflow-anchor: none; }
.ps-lazy-track { position: relative; width: 100%; }
.ps-lazy-row { position: absolute; top: 0; left: 0; width: 100%; display: flex; flex-direction: column; align-items: flex-start; }
.ps-adaptive { display: flex; width: 100%; height: 100%; align-self: stretch; flex: 1 1 auto; min-height: 0; min-width: 0; background: var(--md-sys-color-surface); }
.ps-adaptive-single { display: grid; grid-template: minmax(0, 1fr) / minmax(0, 1fr); }
.ps-adaptive-single > .ps-adaptive-pane { grid-area: 1 / 1; }
.ps-adaptive-bar { flex-direction: column; }
.ps-adaptive-pane { display: flex; flex-direction: column; flex: 1 1 0; min-width: 0; min-height: 0; overflow: hidden; }
.ps-adaptive-split > .ps-adaptive-pane + .ps-adaptive-pane { border-inline-start: 1px solid var(--md-sys-color-outline-variant); }
.ps-suite-bar { flex: 0 0 auto; }
.ps-suite-rail { flex: 0 0 80px; width: 80px; background: var(--md-sys-color-surface); padding-top: 44px; }
.ps-suite-rail .ps-nav-items { flex-direction: column; align-items: center; gap: 12px; }
.ps-suite-rail .ps-nav-item { display: flex; flex-direction: column; align-items: center; gap: 4px; width: 80px; min-height: 56px;
  color: var(--md-sys-color-on-surface-variant); cursor: pointer; }
.ps-suite-rail .ps-nav-pill { width: 56px; }
.ps-suite-rail .ps-nav-item.ps-on .ps-nav-pill { background: var(--md-sys-color-secondary-container); color: var(--md-sys-color-on-secondary-container); }
.ps-suite-rail .ps-nav-label { ${type('labelMedium')} white-space: nowrap; }
.ps-suite-rail .ps-nav-item.ps-on .ps-nav-label { color: var(--md-sys-color-on-surface); }
.ps-shared-copy { position: fixed; z-index: 1000; pointer-events: none; overflow: hidden; display: grid; grid-template: minmax(0, 1fr) / minmax(0, 1fr); }
.ps-shared-copy * { animation: none !important; }
.ps-shared-copy > * { width: 100% !important; height: 100% !important; max-width: none !important; max-height: none !important; margin: 0 !important; }
.ps-flow-lines { display: flex; flex-wrap: wrap; align-content: flex-start; position: relative; overflow: clip; width: 100%; }
.ps-carousel { display: flex; overflow-x: auto; overflow-y: clip; scroll-snap-type: x mandatory; touch-action: pan-x pan-y; }
.ps-carousel-uncontained { scroll-snap-type: x proximity; }
.ps-carousel-item { display: grid; grid-template: minmax(0, 1fr) / minmax(0, 1fr); min-width: 0; }
.ps-grid-cells { display: grid; grid-auto-flow: row; width: 100%; }
.ps-grid-cell { display: grid; grid-template: minmax(0, 1fr) / minmax(0, 1fr); min-width: 0; }
.ps-refresh-holder { position: sticky; top: 0; height: 0; flex: 0 0 0px; z-index: 2; overflow: visible; align-self: stretch; }
.ps-refresh-indicator { position: absolute; left: 50%; top: 0; width: 40px; height: 40px; border-radius: 50%; display: flex;
  align-items: center; justify-content: center; background: var(--md-sys-color-surface-container-high);
  box-shadow: 0px 1px 2px 0px rgba(0,0,0,0.3), 0px 2px 6px 2px rgba(0,0,0,0.15); }
.ps-refresh-indicator svg { rotate: -90deg; }
.ps-refresh-indicator circle { fill: none; stroke: var(--md-sys-color-primary); stroke-width: 2.5; stroke-linecap: round; }
.ps-motion .ps-refresh-spinning svg { animation: ps-spin 1s linear infinite; }
.ps-reduced .ps-refresh-spinning svg { animation: none; }
@keyframes ps-spin { from { rotate: -90deg; } to { rotate: 270deg; } }
.ps-pager { display: flex; }
.ps-pager-dotted.ps-pager-horizontal { flex-direction: column; }
.ps-pager-viewport { flex: 1; overflow: clip; touch-action: pan-y; display: flex; min-width: 0; min-height: 0; }
.ps-pager-vertical .ps-pager-viewport { touch-action: pan-x; flex-direction: column; }
.ps-pager-track { flex: 1; display: flex; min-width: 0; min-height: 0; }
.ps-pager-vertical .ps-pager-track { flex-direction: column; }
.ps-pager-dots { display: flex; gap: 8px; justify-content: center; align-items: center; padding: 8px; }
.ps-pager-vertical .ps-pager-dots { flex-direction: column; }
.ps-pager-dot { width: 8px; height: 8px; border-radius: 50%; background: var(--md-sys-color-outline-variant); }
.ps-pager-dot.ps-on { background: var(--md-sys-color-primary); }
.ps-pager-page { min-width: 0; min-height: 0; display: grid; grid-template: minmax(0, 1fr) / minmax(0, 1fr);
  justify-items: start; align-items: start; }
.ps-scroll-vertical > *, .ps-scroll-horizontal > * { flex-shrink: 0; }
/* Rows far off screen skip style, layout and paint until drawn once, or drawn by the first input
   (see offscreen.ts); while skipped a row is estimated 48px tall and 1px wide (a row of no width
   would never meet the screen). */
:is(.ps-skip-rows > .ps-column, .ps-skip-rows > .ps-touch > .ps-column) > .ps-skippable:not(.ps-draw, .ps-chunk) {
  content-visibility: auto; contain-intrinsic-size: auto 1px auto 48px; overflow-clip-margin: 100vw; }
/* A long list draws its rows in chunks, a flex column each with the list's gap and alignment, which
   skip as one (estimated ${CHUNK_ROWS} rows of 48px). */
.ps-chunk { display: flex; flex-direction: column; align-items: inherit; gap: inherit; align-self: stretch; flex-shrink: 0; }
.ps-skip-rows .ps-chunk:not(.ps-draw) { content-visibility: auto; contain-intrinsic-size: auto 1px auto ${CHUNK_ROWS * 48}px; overflow-clip-margin: 100vw; }
.ps-badge-dot { width: 6px; height: 6px; border-radius: 3px; background: var(--md-sys-color-error); }
.ps-badge-large { min-width: 16px; height: 16px; padding: 0 4px; border-radius: 8px; background: var(--md-sys-color-error);
  color: var(--md-sys-color-on-error); ${type('labelSmall')}
  display: inline-flex; align-items: center; justify-content: center; }
`;

const CONTROLS = `
.ps-field { width: 280px; min-height: 56px; display: flex; align-items: center; padding: 0 16px;
  background: var(--md-sys-color-surface-container-highest); border-radius: var(--ps-shape-extra-small) var(--ps-shape-extra-small) 0 0;
  box-shadow: inset 0 -1px 0 var(--md-sys-color-on-surface-variant); cursor: text; }
.ps-field-focused { box-shadow: inset 0 -2px 0 var(--md-sys-color-primary); }
.ps-field-input { flex: 1; min-width: 0; border: 0; outline: 0; background: transparent; padding: 16px 0; caret-color: var(--md-sys-color-primary);
  color: var(--md-sys-color-on-surface); ${type('bodyLarge')} }
.ps-field-input::placeholder { color: var(--md-sys-color-on-surface-variant); }
textarea.ps-field-input { resize: none; field-sizing: content; padding: 16px 0; overflow-y: auto; }
.ps-field-outlined { background: transparent; border-radius: var(--ps-shape-extra-small); box-shadow: inset 0 0 0 1px var(--md-sys-color-outline); }
.ps-field-outlined.ps-field-focused { box-shadow: inset 0 0 0 2px var(--md-sys-color-primary); }
.ps-field-error, .ps-field-error .ps-field-label { --ps-field-accent: var(--md-sys-color-error); }
.ps-field.ps-field-error { box-shadow: inset 0 -2px 0 var(--md-sys-color-error); }
.ps-field-outlined.ps-field-error { box-shadow: inset 0 0 0 2px var(--md-sys-color-error); }
.ps-field-text { position: relative; flex: 1; min-width: 0; display: flex; align-self: stretch; align-items: center; }
.ps-field-label { position: absolute; inset-inline-start: 0; top: 16px; pointer-events: none; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 100%;
  color: var(--ps-field-accent, var(--md-sys-color-on-surface-variant)); ${type('bodyLarge')} }
.ps-field-floated .ps-field-label { top: 8px; ${type('bodySmall')} }
.ps-field-focused .ps-field-label { color: var(--ps-field-accent, var(--md-sys-color-primary)); }
.ps-field-labelled .ps-field-input { padding: 24px 0 8px; }
.ps-field-outlined.ps-field-floated .ps-field-label { top: -8px; padding: 0 4px; margin-inline-start: -4px; background: var(--md-sys-color-surface); }
.ps-field-outlined.ps-field-labelled .ps-field-input { padding: 16px 0; }
.ps-field-leading { flex-shrink: 0; margin-inline: -4px 12px; color: var(--md-sys-color-on-surface-variant); }
.ps-field-trailing { flex-shrink: 0; width: 40px; height: 40px; margin-inline: 4px -12px; display: flex; align-items: center; justify-content: center;
  border-radius: 20px; color: var(--ps-field-accent, var(--md-sys-color-on-surface-variant)); }
.ps-field-button { cursor: pointer; }
.ps-field-stack { width: 280px; display: flex; flex-direction: column; }
.ps-field-stack > .ps-field { width: auto; align-self: stretch; }
.ps-field-below { display: flex; justify-content: space-between; gap: 16px; padding: 4px 16px 0; ${type('bodySmall')}
  color: var(--ps-field-accent, var(--md-sys-color-on-surface-variant)); }
.ps-field-counter { flex-shrink: 0; }
.ps-toggle { display: flex; align-items: center; gap: 16px; min-height: 48px; cursor: pointer; }
.ps-toggle-label { flex: 1; ${type('bodyLarge')} }
.ps-toggle-checkbox { gap: 4px; padding-inline-end: 8px; }
.ps-switch-track { position: relative; flex-shrink: 0; width: 52px; height: 32px; border-radius: 16px; border: 2px solid var(--md-sys-color-outline);
  background: var(--md-sys-color-surface-container-highest); }
.ps-switch-thumb { position: absolute; top: 6px; inset-inline-start: 6px; width: 16px; height: 16px; border-radius: 50%; background: var(--md-sys-color-outline); }
.ps-switch-track.ps-on { background: var(--md-sys-color-primary); border-color: var(--md-sys-color-primary); }
.ps-switch-track.ps-on .ps-switch-thumb { top: 2px; inset-inline-start: 22px; width: 24px; height: 24px; background: var(--md-sys-color-on-primary); }
.ps-checkbox-target { width: 48px; height: 48px; flex-shrink: 0; display: flex; align-items: center; justify-content: center; }
.ps-checkbox-box { width: 18px; height: 18px; border-radius: 2px; border: 2px solid var(--md-sys-color-on-surface-variant);
  display: flex; align-items: center; justify-content: center; color: var(--md-sys-color-on-primary); }
.ps-checkbox-box.ps-on { background: var(--md-sys-color-primary); border-color: var(--md-sys-color-primary); }
.ps-checkbox-box .ps-icon { width: 16px; height: 16px; }
.ps-button { min-height: ${figurePx('buttonMinHeight')}; display: inline-flex; align-items: center; justify-content: center; gap: 8px; padding: 10px 24px; text-align: center;
  border-radius: var(--ps-shape-full); ${type('labelLarge')} white-space: nowrap; cursor: pointer; }
.ps-button-with-icon { padding-inline: 16px 24px; }
.ps-button-filled { background: var(--md-sys-color-primary); color: var(--md-sys-color-on-primary); }
.ps-button-tonal { background: var(--md-sys-color-secondary-container); color: var(--md-sys-color-on-secondary-container); }
.ps-button-elevated { background: var(--md-sys-color-surface-container-low); color: var(--md-sys-color-primary);
  box-shadow: 0px 1px 2px 0px rgba(0,0,0,0.3), 0px 1px 3px 1px rgba(0,0,0,0.15); }
.ps-button-outlined { color: var(--md-sys-color-primary); outline: 1px solid var(--md-sys-color-outline); outline-offset: -1px; }
.ps-button-text { color: var(--md-sys-color-primary); padding: 0 12px; }
.ps-radio-group { display: flex; flex-direction: column; }
.ps-radio-row { display: flex; align-items: center; min-height: 48px; padding-inline-end: 16px; cursor: pointer; }
.ps-radio-target { width: 48px; height: 48px; display: flex; align-items: center; justify-content: center; }
.ps-radio { width: 20px; height: 20px; border-radius: 50%; border: 2px solid var(--md-sys-color-on-surface-variant); display: flex; align-items: center; justify-content: center; }
.ps-radio.ps-on { border-color: var(--md-sys-color-primary); color: var(--md-sys-color-primary); }
.ps-radio.ps-on::after { content: ''; width: 10px; height: 10px; border-radius: 50%; background: currentColor; }
.ps-radio-label { ${type('bodyLarge')} }
.ps-list-item { display: flex; align-items: center; gap: 16px; min-height: ${figurePx('listItemOneLineHeight')};
  padding: 8px ${figurePx('listItemEndPadding')} 8px ${figurePx('listItemStartPadding')}; width: 100%;
  background: var(--md-sys-color-surface); }
.ps-list-item.ps-two-line { min-height: ${figurePx('listItemTwoLineHeight')}; }
/* Three lines: leading and trailing align with the headline's top. */
.ps-list-item.ps-three-line { min-height: ${figurePx('listItemThreeLineHeight')}; align-items: flex-start;
  padding-block: ${figurePx('listItemThreeLineTopPadding')}; }
.ps-list-leading, .ps-list-trailing { color: var(--md-sys-color-on-surface-variant); }
.ps-list-text { flex: 1; display: flex; flex-direction: column; min-width: 0; }
.ps-list-headline { ${type('bodyLarge')} color: var(--md-sys-color-on-surface); }
.ps-list-supporting { ${type('bodyMedium')} color: var(--md-sys-color-on-surface-variant); }
.ps-list-item .ps-checkbox-target { margin-inline-end: -14px; }
/* The slider as Compose Material 3 draws it now: a 16 dp track split by a 4 × 44 dp bar handle with a
   6 dp gap on each side, a stop indicator at the end (tick marks instead on a stepped slider). */
.ps-slider { width: 100%; min-width: 120px; height: 48px; display: flex; align-items: center; align-self: stretch; }
.ps-slider-track { position: relative; flex: 1; height: ${figurePx('sliderHandleHeight')}; cursor: pointer; touch-action: none;
  --ps-slider-accent: var(--md-sys-color-primary); --ps-slider-half: calc(${figurePx('sliderHandleWidth')} / 2 + ${figurePx('sliderHandleGap')}); }
.ps-slider-active, .ps-slider-inactive { position: absolute; top: calc((${figurePx('sliderHandleHeight')} - ${figurePx('sliderTrackHeight')}) / 2);
  height: ${figurePx('sliderTrackHeight')}; }
.ps-slider-active { inset-inline-start: 0; width: max(0px, calc(var(--ps-slider-at) - var(--ps-slider-half))); background: var(--ps-slider-accent);
  border-start-start-radius: 8px; border-end-start-radius: 8px; border-start-end-radius: 2px; border-end-end-radius: 2px; }
.ps-slider-inactive { inset-inline-start: min(100%, calc(var(--ps-slider-at) + var(--ps-slider-half))); inset-inline-end: 0;
  background: var(--md-sys-color-secondary-container);
  border-start-end-radius: 8px; border-end-end-radius: 8px; border-start-start-radius: 2px; border-end-start-radius: 2px; }
.ps-slider-handle { position: absolute; top: 0; inset-inline-start: calc(var(--ps-slider-at) - ${figurePx('sliderHandleWidth')} / 2);
  width: ${figurePx('sliderHandleWidth')}; height: ${figurePx('sliderHandleHeight')}; border-radius: 2px; background: var(--ps-slider-accent); }
.ps-slider-stop, .ps-slider-tick { position: absolute; top: calc(${figurePx('sliderHandleHeight')} / 2 - 2px); width: ${figurePx('sliderStopSize')};
  height: ${figurePx('sliderStopSize')}; border-radius: 50%; }
.ps-slider-stop { inset-inline-end: 6px; background: var(--ps-slider-accent); }
.ps-slider-tick { background: var(--md-sys-color-on-secondary-container); }
.ps-slider-tick.ps-on { background: var(--md-sys-color-on-primary); }
.ps-slider-label { position: absolute; bottom: calc(100% + 4px); inset-inline-start: var(--ps-slider-at); translate: -50% 0; min-width: 48px;
  padding: 12px 16px; border-radius: 24px; background: var(--md-sys-color-inverse-surface); color: var(--md-sys-color-inverse-on-surface);
  ${type('labelLarge')} text-align: center; pointer-events: none; }
[dir="rtl"] .ps-slider-label { translate: 50% 0; }
.ps-chip { min-height: ${figurePx('chipMinHeight')}; display: inline-flex; align-items: center; gap: 8px; padding: 6px 16px; border-radius: var(--ps-shape-small);
  outline: 1px solid var(--md-sys-color-outline-variant); outline-offset: -1px; color: var(--md-sys-color-on-surface-variant);
  ${type('labelLarge')} white-space: nowrap; cursor: pointer; }
.ps-chip-assist, .ps-chip-suggestion { color: var(--md-sys-color-on-surface); }
.ps-chip-filter.ps-on { background: var(--md-sys-color-secondary-container); color: var(--md-sys-color-on-secondary-container); outline: 0; padding-inline-start: 8px; }
.ps-chip-input { padding: 0 12px; }
.ps-icon-button { width: 40px; height: 40px; border-radius: 50%; display: flex; align-items: center; justify-content: center;
  color: var(--md-sys-color-on-surface-variant); cursor: pointer; }
.ps-icon-button-filled { background: var(--md-sys-color-primary); color: var(--md-sys-color-on-primary); }
.ps-icon-button-tonal { background: var(--md-sys-color-secondary-container); color: var(--md-sys-color-on-secondary-container); }
.ps-icon-button-outlined { outline: 1px solid var(--md-sys-color-outline); outline-offset: -1px; }
.ps-icon-button-standard.ps-toggle.ps-on { color: var(--md-sys-color-primary); }
.ps-icon-button-filled.ps-toggle:not(.ps-on) { background: var(--md-sys-color-surface-container-highest); color: var(--md-sys-color-primary); }
.ps-icon-button-tonal.ps-toggle:not(.ps-on) { background: var(--md-sys-color-surface-container-highest); color: var(--md-sys-color-on-surface-variant); }
.ps-icon-button-outlined.ps-toggle.ps-on { outline: 0; background: var(--md-sys-color-inverse-surface); color: var(--md-sys-color-inverse-on-surface); }
.ps-fab { display: flex; align-items: center; justify-content: center; gap: 12px; background: var(--md-sys-color-primary-container);
  color: var(--md-sys-color-on-primary-container); box-shadow: 0px 1px 3px 0px rgba(0,0,0,0.3), 0px 4px 8px 3px rgba(0,0,0,0.15); cursor: pointer; }
.ps-fab-regular { width: 56px; height: 56px; border-radius: var(--ps-shape-large); }
.ps-fab-small { width: 40px; height: 40px; border-radius: var(--ps-shape-medium); }
.ps-fab-large { width: 96px; height: 96px; border-radius: var(--ps-shape-extra-large); }
.ps-fab-extended { min-height: 56px; min-width: 80px; padding: 0 20px 0 16px; border-radius: var(--ps-shape-large); }
.ps-fab-label { ${type('labelLarge')} white-space: nowrap; }
.ps-segmented { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); min-height: ${figurePx('segmentedMinHeight')}; border-radius: var(--ps-shape-full); outline: 1px solid var(--md-sys-color-outline); outline-offset: -1px; overflow: clip; min-width: 0; }
.ps-segment { min-width: 48px; display: flex; align-items: center; justify-content: center; gap: 8px; padding: 10px 12px;
  ${type('labelLarge')} color: var(--md-sys-color-on-surface); text-align: center; overflow-wrap: anywhere; cursor: pointer; }
.ps-segment + .ps-segment { border-inline-start: 1px solid var(--md-sys-color-outline); }
.ps-segment.ps-on { background: var(--md-sys-color-secondary-container); color: var(--md-sys-color-on-secondary-container); }
.ps-progress-linear { position: relative; width: 240px; height: ${figurePx('linearProgressHeight')}; }
.ps-progress-bar, .ps-progress-rest { position: absolute; top: 0; bottom: 0; border-radius: 2px; }
.ps-progress-bar { background: var(--md-sys-color-primary); }
.ps-progress-rest { background: var(--md-sys-color-secondary-container); }
.ps-progress-stop { position: absolute; top: 0; inset-inline-end: 0; width: ${figurePx('linearProgressStopSize')}; height: ${figurePx('linearProgressStopSize')};
  border-radius: 50%; background: var(--md-sys-color-primary); }
.ps-progress-circular { width: ${figurePx('circularProgressSize')}; height: ${figurePx('circularProgressSize')}; }
.ps-progress-circular svg { display: block; rotate: -90deg; }
.ps-progress-track { fill: none; stroke: var(--md-sys-color-secondary-container); stroke-width: 4; }
.ps-progress-indicator { fill: none; stroke: var(--md-sys-color-primary); stroke-width: 4; stroke-linecap: round; }
`;

const DRAWINGS = `
.ps-filter-defs { position: absolute; width: 0; height: 0; overflow: hidden; }
.ps-chart { display: flex; flex-direction: column; gap: 8px; }
.ps-chart-legend { display: flex; flex-wrap: wrap; gap: 4px 16px; color: var(--md-sys-color-on-surface-variant); ${type('labelMedium')} }
.ps-chart-legend-entry { display: inline-flex; align-items: center; gap: 6px; }
.ps-chart-swatch { width: 10px; height: 10px; border-radius: 50%; flex-shrink: 0; }
.ps-chart-plot { flex: 1 1 auto; min-height: 0; position: relative; }
.ps-chart-svg { position: absolute; inset: 0; overflow: visible; }
.ps-chart-axis text { fill: var(--md-sys-color-on-surface-variant); ${type('labelSmall')} }
.ps-chart-grid { stroke: var(--md-sys-color-outline-variant); stroke-width: 1; }
.ps-chart-rule { stroke: var(--md-sys-color-outline); stroke-width: 1; stroke-dasharray: 4 3; }
.ps-chart-dot-selected { stroke: var(--md-sys-color-surface); stroke-width: 2; }
.ps-chart-hit { fill: transparent; cursor: pointer; }
.ps-chart-svg path { cursor: pointer; }
.ps-map { position: relative; overflow: hidden; border-radius: var(--ps-shape-medium); }
.ps-map-surface { position: absolute; inset: 0; overflow: hidden; touch-action: none; background: var(--md-sys-color-secondary-container); cursor: grab; }
.ps-map-svg { position: absolute; inset: 0; }
.ps-map-land path { fill: var(--md-sys-color-surface-container-highest); stroke: var(--md-sys-color-outline); stroke-width: 0.5; }
.ps-map-marker circle { stroke: var(--md-sys-color-surface); stroke-width: 2; cursor: pointer; }
.ps-map-marker text { fill: var(--md-sys-color-on-surface); paint-order: stroke; stroke: var(--md-sys-color-surface); stroke-width: 3; stroke-linejoin: round; ${type('labelMedium')} }
.ps-map-marker.ps-on text { font-weight: 700; }
.ps-map-zoom { position: absolute; inset-inline-end: 8px; bottom: 8px; display: flex; flex-direction: column; gap: 8px; }
.ps-map-zoom-button { width: 40px; height: 40px; border-radius: var(--ps-shape-medium); display: flex; align-items: center; justify-content: center; cursor: pointer;
  background: var(--md-sys-color-surface-container-high); color: var(--md-sys-color-on-surface-variant); box-shadow: 0 1px 3px rgb(0 0 0 / 0.3); }
.ps-video { position: relative; overflow: hidden; background: #000; border-radius: var(--ps-shape-medium); }
.ps-video-media, .ps-video-poster { position: absolute; inset: 0; width: 100%; height: 100%; }
.ps-video-no-poster { display: flex; align-items: center; justify-content: center; background: var(--md-sys-color-surface-container-highest); color: var(--md-sys-color-on-surface-variant); }
.ps-video-play { position: absolute; left: 50%; top: 50%; width: 64px; height: 64px; margin: -32px 0 0 -32px; border-radius: 50%; cursor: pointer;
  display: flex; align-items: center; justify-content: center; background: rgb(0 0 0 / 0.5); color: #fff; }
.ps-video-bar { position: absolute; left: 0; right: 0; bottom: 0; height: 40px; padding: 0 4px 0 12px; display: flex; align-items: center; gap: 12px;
  background: linear-gradient(transparent, rgb(0 0 0 / 0.6)); color: #fff; ${type('labelMedium')} }
.ps-video-time { font-variant-numeric: tabular-nums; white-space: nowrap; }
.ps-video-progress { flex: 1; height: 4px; border-radius: 2px; background: rgb(255 255 255 / 0.35); position: relative; overflow: hidden; }
.ps-video-progress-done { position: absolute; inset: 0 auto 0 0; background: var(--md-sys-color-primary); }
[dir="rtl"] .ps-video-progress-done { inset: 0 0 0 auto; }
.ps-video-mute { width: 40px; height: 40px; display: flex; align-items: center; justify-content: center; cursor: pointer; }
.ps-camera { position: relative; overflow: hidden; background: #000; border-radius: var(--ps-shape-medium); }
.ps-camera-feed { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
.ps-camera-mirrored { transform: scaleX(-1); }
.ps-camera-unavailable { position: absolute; inset: 0; display: flex; flex-direction: column; gap: 8px; align-items: center; justify-content: center;
  background: var(--md-sys-color-surface-container-highest); color: var(--md-sys-color-on-surface-variant); ${type('labelLarge')} }
.ps-camera-shutter { position: absolute; left: 50%; bottom: 16px; width: 64px; height: 64px; margin-left: -32px; border-radius: 50%; cursor: pointer;
  background: #fff; box-shadow: 0 0 0 4px rgb(255 255 255 / 0.5), 0 2px 6px rgb(0 0 0 / 0.4); }
.ps-camera-shutter[aria-disabled="true"] { opacity: 0.38; cursor: default; }
.ps-camera-shutter:active { transform: scale(0.92); }
.ps-map-credit { position: absolute; inset-inline-start: 8px; bottom: 4px; color: var(--md-sys-color-on-surface-variant); ${type('labelSmall')} }
`;

const PRESS_FEEDBACK = `
.ps-touch:active > .ps-button:not(.ps-no-indication), .ps-touch:active > .ps-chip:not(.ps-no-indication),
.ps-touch:active > .ps-icon-button:not(.ps-no-indication), .ps-touch:active > .ps-fab:not(.ps-no-indication),
.ps-touch:active > .ps-list-item:not(.ps-no-indication), .ps-touch:active > .ps-card:not(.ps-no-indication), .ps-segment:active, .ps-nav-item:active .ps-nav-pill,
.ps-app-bar-button:active, .ps-dialog-button:active, .ps-snackbar-action:active, .ps-date-day:active, .ps-dial-number:active {
  box-shadow: inset 0 0 0 100vmax color-mix(in srgb, currentColor 12%, transparent); }
.ps-segmented { margin-block: 4px; }
/* An interactive glass surface gives under a press: it shrinks a little and brightens. */
.ps-motion:not(.ps-reduced) .ps-glass-interactive { transition: scale 150ms cubic-bezier(0.2, 0, 0, 1), filter 150ms linear; }
.ps-glass-interactive:active, .ps-touch:active > .ps-glass-interactive { scale: 0.97; filter: brightness(1.08); }
/* ios.hover: a pointer over the node lifts it, or lays the hover state layer over it. */
.ps-motion:not(.ps-reduced) .ps-hover-lift { transition: translate 150ms cubic-bezier(0.2, 0, 0, 1), box-shadow 150ms cubic-bezier(0.2, 0, 0, 1); }
.ps-touch:hover > .ps-hover-lift, .ps-hover-lift:hover { translate: 0 -2px; box-shadow: 0 6px 12px rgb(0 0 0 / 0.2); }
.ps-touch:hover > .ps-hover-highlight, .ps-hover-highlight:hover { box-shadow: inset 0 0 0 100vmax color-mix(in srgb, currentColor 8%, transparent); }
`;

const PICKERS = `
.ps-time-picker, .ps-date-picker { width: 328px; padding: 24px; border-radius: var(--ps-shape-extra-large);
  background: var(--md-sys-color-surface-container-high); display: flex; flex-direction: column; }
.ps-picker-title { ${type('labelMedium')} color: var(--md-sys-color-on-surface-variant); margin-bottom: 20px; }
.ps-time-header { display: flex; align-items: center; gap: 4px; margin-bottom: 36px; }
.ps-time-box { width: 96px; height: 80px; border: 0; border-radius: var(--ps-shape-small); background: var(--md-sys-color-surface-container-highest);
  color: var(--md-sys-color-on-surface); ${type('displayLarge')} cursor: pointer; padding: 0; }
.ps-time-box.ps-on { background: var(--md-sys-color-primary-container); color: var(--md-sys-color-on-primary-container); }
.ps-time-colon { width: 24px; text-align: center; ${type('displayLarge')} color: var(--md-sys-color-on-surface); }
.ps-time-period { display: flex; flex-direction: column; margin-inline-start: 8px; width: 52px; height: 80px; border-radius: var(--ps-shape-small);
  outline: 1px solid var(--md-sys-color-outline); outline-offset: -1px; overflow: clip; }
.ps-period { flex: 1; border: 0; background: transparent; color: var(--md-sys-color-on-surface-variant); ${type('labelLarge')} cursor: pointer; padding: 0; }
.ps-period + .ps-period { border-top: 1px solid var(--md-sys-color-outline); }
.ps-period.ps-on { background: var(--md-sys-color-tertiary-container); color: var(--md-sys-color-on-tertiary-container); }
.ps-dial { position: relative; width: 256px; height: 256px; align-self: center; border-radius: 50%; background: var(--md-sys-color-surface-container-highest); direction: ltr; }
.ps-dial-center { position: absolute; left: 124px; top: 124px; width: 8px; height: 8px; border-radius: 50%; background: var(--md-sys-color-primary); }
.ps-dial-hand { position: absolute; left: 127px; bottom: 128px; width: 2px; background: var(--md-sys-color-primary); transform-origin: 50% 100%; }
.ps-dial-number { position: absolute; width: 48px; height: 48px; border: 0; border-radius: 50%; background: transparent; padding: 0;
  color: var(--md-sys-color-on-surface); ${type('bodyLarge')} cursor: pointer; }
.ps-dial-number.ps-inner { font-size: 14px; color: var(--md-sys-color-on-surface-variant); }
.ps-dial-number.ps-on { background: var(--md-sys-color-primary); color: var(--md-sys-color-on-primary); }
.ps-date-picker { width: ${figurePx('datePickerWidth')}; min-width: ${figurePx('datePickerWidth')}; padding: 16px 12px 12px; }
.ps-date-picker .ps-picker-title { ${type('labelLarge')} margin: 0 12px 36px; }
.ps-date-headline { ${type('headlineLarge')} color: var(--md-sys-color-on-surface); margin: 0 12px 12px; }
.ps-date-divider { height: 1px; background: var(--md-sys-color-outline-variant); margin: 0 -12px 8px; }
.ps-date-nav { display: flex; align-items: center; padding-inline-start: 12px; color: var(--md-sys-color-on-surface-variant); }
.ps-date-month { flex: 1; display: flex; align-items: center; gap: 2px; height: 48px; border: 0; padding: 0; background: transparent;
  color: inherit; ${type('labelLarge')} cursor: pointer; text-align: start; }
.ps-date-head { display: flex; align-items: center; justify-content: space-between; margin-inline-end: 0; }
.ps-date-head .ps-date-headline { flex: 1; }
.ps-date-head .ps-date-arrow { color: var(--md-sys-color-on-surface-variant); margin-bottom: 12px; }
.ps-date-years { position: relative; display: grid; grid-template-columns: repeat(3, 1fr); justify-items: center; row-gap: 8px; height: 280px; overflow-y: auto; }
.ps-date-year { width: 72px; height: 36px; border: 0; border-radius: 18px; background: transparent; color: var(--md-sys-color-on-surface-variant);
  ${type('bodyLarge')} cursor: pointer; padding: 0; }
.ps-date-year.ps-on { background: var(--md-sys-color-primary); color: var(--md-sys-color-on-primary); }
.ps-date-input { display: flex; flex-direction: column; gap: 4px; margin: 16px 12px 8px; }
.ps-date-input-label { ${type('bodySmall')} color: var(--md-sys-color-primary); }
.ps-date-input input { height: 56px; padding: 0 16px; border: 1px solid var(--md-sys-color-outline); border-radius: var(--ps-shape-extra-small);
  background: transparent; color: var(--md-sys-color-on-surface); ${type('bodyLarge')} outline: none; }
.ps-date-input input:focus { border: 2px solid var(--md-sys-color-primary); padding: 0 15px; }
.ps-date-input.ps-error input { border-color: var(--md-sys-color-error); }
.ps-date-input-error { ${type('bodySmall')} color: var(--md-sys-color-error); }
.ps-date-arrow { width: 48px; height: 48px; border: 0; background: transparent; color: inherit; display: flex; align-items: center; justify-content: center; cursor: pointer; padding: 0; }
.ps-date-arrow:disabled { opacity: 0.38; }
.ps-date-grid { display: grid; grid-template-columns: repeat(7, 1fr); justify-items: center; row-gap: 4px; }
.ps-date-weekday { width: 40px; height: 40px; display: flex; align-items: center; justify-content: center; ${type('bodyLarge')} color: var(--md-sys-color-on-surface); }
.ps-date-day { width: 40px; height: 40px; border: 0; border-radius: 50%; background: transparent; color: var(--md-sys-color-on-surface);
  ${type('bodyLarge')} cursor: pointer; padding: 0; }
.ps-date-day.ps-on { background: var(--md-sys-color-primary); color: var(--md-sys-color-on-primary); }
/* Today, when it is not the selected day: a 1 dp primary ring and primary text. */
.ps-date-day.ps-today:not(.ps-on) { box-shadow: inset 0 0 0 1px var(--md-sys-color-primary); color: var(--md-sys-color-primary); }
`;

const NAVIGATION = `
.ps-app-bar { width: 100%; align-self: stretch; background: var(--md-sys-color-surface); color: var(--md-sys-color-on-surface); display: flex; flex-direction: column; }
.ps-app-bar-row { min-height: ${figurePx('appBarSmallHeight')}; display: flex; align-items: center; padding: 0 4px; gap: 4px; }
.ps-app-bar-button { width: 48px; height: 48px; border: 0; border-radius: 50%; background: transparent; color: var(--md-sys-color-on-surface);
  display: flex; align-items: center; justify-content: center; flex-shrink: 0; cursor: pointer; padding: 0; }
.ps-app-bar-actions { display: flex; margin-inline-start: auto; color: var(--md-sys-color-on-surface-variant); }
.ps-app-bar-actions .ps-app-bar-button { color: var(--md-sys-color-on-surface-variant); }
/* Without a navigation icon the title starts 16 dp in: the row's 4 dp padding, this gap and the row's 4 dp gap. */
.ps-app-bar-gap { width: calc(${figurePx('appBarTitleStart')} - 8px); }
.ps-app-bar-fill { flex: 1; }
.ps-app-bar-title { flex: 1; min-width: 0; ${type('titleLarge')}
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.ps-app-bar-centerAligned .ps-app-bar-title { text-align: center; }
.ps-app-bar-centerAligned .ps-app-bar-gap { width: 48px; }
.ps-app-bar-headline { padding: 0 16px; display: flex; align-items: flex-end; }
.ps-app-bar-medium .ps-app-bar-headline { min-height: 48px; padding-bottom: ${baselinePadding('headlineSmall', figurePx('appBarMediumTitleBaseline'))}; }
.ps-app-bar-medium .ps-app-bar-title { ${type('headlineSmall')} padding: 0; }
.ps-app-bar-large .ps-app-bar-headline { min-height: 88px; padding-bottom: ${baselinePadding('headlineMedium', figurePx('appBarLargeTitleBaseline'))}; }
.ps-app-bar-large .ps-app-bar-title { ${type('headlineMedium')} padding: 0; white-space: normal; }
.ps-tabs { width: 100%; align-self: stretch; background: var(--md-sys-color-surface); box-shadow: inset 0 -1px 0 var(--md-sys-color-outline-variant); }
.ps-nav-items { display: flex; }
.ps-tabs .ps-nav-item { flex: 1 1 0; min-width: 0; min-height: ${figurePx('tabTextHeight')}; display: flex; justify-content: center; cursor: pointer;
  color: var(--md-sys-color-on-surface-variant); padding: 0 16px; }
.ps-tabs-with-icons .ps-nav-item { min-height: ${figurePx('tabIconAndTextHeight')}; }
.ps-tabs-with-icons .ps-tab-content { padding: 12px 0; }
.ps-tabs .ps-nav-item.ps-on { color: var(--md-sys-color-primary); }
.ps-tab-content { position: relative; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2px;
  min-height: 100%; padding: 14px 0; min-width: 0; }
.ps-tabs .ps-nav-label { ${type('labelLarge')} text-align: center; overflow-wrap: anywhere; }
.ps-tabs-scrollable .ps-nav-label { white-space: nowrap; }
.ps-tab-indicator { position: absolute; left: 0; right: 0; bottom: 0; height: 3px; border-radius: 3px 3px 0 0; }
.ps-nav-item.ps-on .ps-tab-indicator { background: var(--md-sys-color-primary); }
.ps-tabs-scrollable { overflow-x: auto; scrollbar-width: none; }
.ps-tabs-scrollable .ps-nav-items { padding-inline-start: 52px; width: max-content; }
.ps-tabs-scrollable .ps-nav-item { flex: 0 0 auto; min-width: 90px; }
.ps-bottom-nav { width: 100%; align-self: stretch; background: var(--md-sys-color-surface-container); }
.ps-bottom-nav .ps-nav-items { min-height: ${figurePx('bottomBarHeight')}; gap: 8px; padding: 12px 8px 16px; }
.ps-bottom-nav .ps-nav-item { flex: 1 1 0; min-width: 0; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 4px; color: var(--md-sys-color-on-surface-variant); cursor: pointer; }
.ps-nav-pill { width: 64px; height: 32px; border-radius: 16px; display: flex; align-items: center; justify-content: center; }
.ps-bottom-nav .ps-nav-item.ps-on .ps-nav-pill { background: var(--md-sys-color-secondary-container); color: var(--md-sys-color-on-secondary-container); }
.ps-bottom-nav .ps-nav-label { ${type('labelMedium')} text-align: center; overflow-wrap: anywhere; max-width: 100%; }
.ps-bottom-nav .ps-nav-item.ps-on .ps-nav-label { color: var(--md-sys-color-on-surface); }
.ps-nav-image { width: 24px; height: 24px; object-fit: cover; border-radius: 4px; }
.ps-nav-square { width: 24px; height: 24px; background: #9e9e9e; }
`;

const OVERLAYS = `
.ps-overlay { position: absolute; inset: 0; pointer-events: auto; }
.ps-scrim { position: absolute; inset: 0; }
.ps-dialog-layer { z-index: 2; display: flex; align-items: center; justify-content: center; padding: 48px; }
.ps-dialog { position: relative; min-width: 280px; max-width: 560px; padding: 24px; border-radius: var(--ps-shape-extra-large);
  background: var(--md-sys-color-surface-container-high); display: flex; flex-direction: column; box-shadow: 0px 2px 6px 2px rgba(0,0,0,0.15); }
.ps-dialog-icon { align-self: center; color: var(--md-sys-color-secondary); margin-bottom: 16px; }
.ps-dialog-title { ${type('headlineSmall')} color: var(--md-sys-color-on-surface); margin-bottom: 16px; }
.ps-dialog-with-icon .ps-dialog-title { text-align: center; }
.ps-dialog-text { ${type('bodyMedium')} color: var(--md-sys-color-on-surface-variant); }
.ps-dialog-child { margin-top: 16px; display: flex; flex-direction: column; }
.ps-dialog-buttons { display: flex; justify-content: flex-end; gap: 8px; margin-top: 24px; }
.ps-dialog-button, .ps-snackbar-action { min-width: 48px; min-height: 40px; padding: 0 12px; border: 0; border-radius: 20px; background: transparent;
  color: var(--md-sys-color-primary); ${type('labelLarge')} cursor: pointer; }
.ps-snackbar-layer { z-index: 1; top: auto; display: flex; justify-content: center; padding: 0 16px; pointer-events: none; }
.ps-snackbar { pointer-events: auto; width: 100%; max-width: 600px; min-height: 48px; display: flex; align-items: center; gap: 8px;
  padding: 0 8px 0 16px; border-radius: var(--ps-shape-extra-small); background: var(--md-sys-color-inverse-surface);
  color: var(--md-sys-color-inverse-on-surface); box-shadow: 0px 2px 6px 2px rgba(0,0,0,0.15); }
.ps-snackbar-text { flex: 1; padding: 14px 0; ${type('bodyMedium')} }
.ps-snackbar-action { color: var(--md-sys-color-inverse-primary); }
.ps-sheet-layer { display: flex; flex-direction: column; justify-content: flex-end; }
.ps-sheet-holder { position: relative; display: flex; justify-content: center; touch-action: none; }
.ps-sheet { width: 100%; max-width: 640px; height: 100%; display: flex; flex-direction: column; border-radius: var(--ps-shape-extra-large) var(--ps-shape-extra-large) 0 0;
  background: var(--md-sys-color-surface-container-low); box-shadow: 0px 1px 3px 0px rgba(0,0,0,0.3); overflow: clip; }
.ps-sheet-handle { align-self: center; width: 32px; height: 4px; border-radius: 2px; margin: 22px 0; flex-shrink: 0; background: var(--md-sys-color-on-surface-variant); opacity: 0.4; }
.ps-sheet-content { flex: 1; min-height: 0; overflow: auto; display: flex; flex-direction: column; }
.ps-swipeable { touch-action: pan-y; }
.ps-swipe-host { position: relative; }
.ps-swipe-side { position: absolute; top: 0; bottom: 0; display: flex; visibility: hidden; width: calc(var(--ps-swipe-count) * 72px); }
.ps-swipe-start { right: 100%; }
.ps-swipe-end { left: 100%; flex-direction: row-reverse; }
.ps-swipe-button { flex: 0 0 72px; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 4px; cursor: pointer; overflow: hidden; ${type('labelMedium')} }
.ps-swipe-side > .ps-swipe-button:first-child { flex-grow: 1; }
.ps-swipe-label { max-width: 100%; padding: 0 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.ps-search { width: 360px; max-width: 100%; display: flex; flex-direction: column; }
.ps-search-field { min-height: 56px; display: flex; align-items: center; gap: 8px; padding: 0 16px; border-radius: 28px; cursor: text;
  background: var(--md-sys-color-surface-container-high); }
.ps-search-leading { flex-shrink: 0; color: var(--md-sys-color-on-surface); }
.ps-search-input { padding: 0; }
.ps-search-bar.ps-search-active { align-self: stretch; width: auto; max-width: none; flex: 1 1 auto; background: var(--md-sys-color-surface-container-high); }
.ps-search-bar.ps-search-active > .ps-search-field { border-radius: 0; }
.ps-search-docked.ps-search-active > .ps-search-field { border-radius: 28px 28px 0 0; }
.ps-search-results { display: flex; flex-direction: column; min-height: 0; overflow: auto; background: var(--md-sys-color-surface-container-high); }
.ps-search-docked .ps-search-results { border-radius: 0 0 28px 28px; padding-bottom: 8px; }
.ps-search-bar .ps-search-results { flex: 1; }
.ps-tooltip-layer { position: absolute; inset: 0; z-index: 3; pointer-events: none; }
.ps-tooltip-layer.ps-spotlit { pointer-events: auto; overflow: hidden; }
.ps-spotlight { position: absolute; pointer-events: none; }
.ps-spotlight-catcher { position: absolute; inset: 0; }
.ps-tooltip { position: absolute; max-width: 240px; padding: 8px 12px; border-radius: var(--ps-shape-small); pointer-events: auto; cursor: pointer;
  background: var(--md-sys-color-inverse-surface); color: var(--md-sys-color-inverse-on-surface); ${type('bodyMedium')} }
.ps-tooltip::after { content: ''; position: absolute; border: 8px solid transparent; }
.ps-tooltip[data-caret='top']::after { bottom: 100%; left: var(--ps-caret-offset); translate: -50% 0; border-bottom-color: var(--md-sys-color-inverse-surface); }
.ps-tooltip[data-caret='bottom']::after { top: 100%; left: var(--ps-caret-offset); translate: -50% 0; border-top-color: var(--md-sys-color-inverse-surface); }
.ps-tooltip[data-caret='left']::after { right: 100%; top: var(--ps-caret-offset); translate: 0 -50%; border-right-color: var(--md-sys-color-inverse-surface); }
.ps-tooltip[data-caret='right']::after { left: 100%; top: var(--ps-caret-offset); translate: 0 -50%; border-left-color: var(--md-sys-color-inverse-surface); }
.ps-motion .ps-tooltip { animation: ps-fade-in 150ms linear both; }
.ps-drawer-layer { z-index: 2; }
.ps-drawer:focus, .ps-tooltip:focus { outline: none; }
.ps-drawer-closing { pointer-events: none; }
.ps-drawer { position: absolute; top: 0; bottom: 0; display: flex; flex-direction: column; box-sizing: border-box; touch-action: pan-y;
  background: var(--md-sys-color-surface-container-low); }
.ps-drawer-left { left: 0; border-radius: 0 var(--ps-shape-large) var(--ps-shape-large) 0; }
.ps-drawer-right { right: 0; border-radius: var(--ps-shape-large) 0 0 var(--ps-shape-large); }
.ps-drawer-panel { flex: 1; min-height: 0; display: flex; flex-direction: column; overflow: auto; }
.ps-popup-layer { position: absolute; inset: 0; z-index: 3; pointer-events: none; }
.ps-popup-catcher { position: absolute; inset: 0; pointer-events: auto; }
.ps-popup-mark { position: absolute; width: 0; height: 0; overflow: hidden; }
.ps-popup { position: absolute; pointer-events: auto; min-width: 112px; max-width: 280px; max-height: calc(100% - 16px); overflow-y: auto; }
.ps-menu { display: flex; flex-direction: column; padding: 8px 0; border-radius: var(--ps-shape-extra-small);
  background: var(--md-sys-color-surface-container); box-shadow: 0px 1px 2px 0px rgba(0,0,0,0.3), 0px 2px 6px 2px rgba(0,0,0,0.15); }
.ps-menu-item { min-height: 48px; display: flex; align-items: center; gap: 12px; padding: 0 12px; cursor: pointer; color: var(--md-sys-color-on-surface); ${type('labelLarge')} }
.ps-menu-item:hover, .ps-menu-item.ps-selected { background: color-mix(in srgb, var(--md-sys-color-on-surface) 8%, transparent); }
.ps-menu-item.ps-disabled { opacity: 0.38; cursor: default; background: none; }
/* enabledWhen: Material 3's disabled look, content in onSurface at 38% and a container in onSurface at 12%. */
.ps-node.ps-disabled { cursor: default; }
.ps-disabled:is(.ps-button, .ps-icon-button, .ps-fab, .ps-chip) { color: color-mix(in srgb, var(--md-sys-color-on-surface) 38%, transparent) !important; box-shadow: none !important; }
.ps-disabled:is(.ps-button-filled, .ps-button-tonal, .ps-button-elevated, .ps-icon-button-filled, .ps-icon-button-tonal, .ps-fab, .ps-chip.ps-on) { background: color-mix(in srgb, var(--md-sys-color-on-surface) 12%, transparent) !important; }
.ps-disabled:is(.ps-button-outlined, .ps-icon-button-outlined, .ps-chip) { outline-color: color-mix(in srgb, var(--md-sys-color-on-surface) 12%, transparent) !important; }
.ps-node.ps-disabled:not(.ps-button, .ps-icon-button, .ps-fab, .ps-chip) { opacity: 0.38; }
.ps-menu-icon { flex-shrink: 0; color: var(--md-sys-color-on-surface-variant); }
.ps-menu-label { flex: 1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.ps-menu-trailing { color: var(--md-sys-color-on-surface-variant); }
.ps-menu-divider { height: 1px; margin: 8px 0; background: var(--md-sys-color-outline-variant); }
.ps-select { cursor: pointer; gap: 8px; }
.ps-select-text { flex: 1; min-width: 0; display: flex; flex-direction: column; justify-content: center; padding: 8px 0; }
.ps-select-caption { ${type('bodySmall')} color: var(--md-sys-color-on-surface-variant); }
.ps-select-value { ${type('bodyLarge')} color: var(--md-sys-color-on-surface); min-height: 24px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.ps-select-arrow { flex-shrink: 0; color: var(--md-sys-color-on-surface-variant); }
`;

/** The stylesheet sits in a cascade layer, so a node's own declarations (inline, or a shared
 *  declaration class from style-css.ts, which is unlayered) override it as inline styles would. */
export const RENDERER_CSS = `@layer ps-renderer {\n${[DEVICE, LAYOUT, CONTROLS, DRAWINGS, PRESS_FEEDBACK, PICKERS, NAVIGATION, OVERLAYS, MOTION, SYSTEM_SHEETS_CSS].join('\n')}\n}`;
