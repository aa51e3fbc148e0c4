// A navigation stack: its screens in one grid cell, the top one drawn and interactive, the ones
// below it mounted but hidden (so their scroll positions survive a pop). A change of the stack
// animates the screen leaving and the one arriving; a drag from the leading edge scrubs a pop.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { StackNode, StackTransitionName } from '../../runtime/model.ts';
import { Frame, defaultA11y } from '../frame.tsx';
import { Node, type NodeProps } from '../node.tsx';
import { screenChange, settleBack, zoomFrames, type Inset, type ScreenChange } from './stack-motion.ts';

/** How wide the strip at the leading edge is where a drag starts a back swipe (dp). */
const EDGE_WIDTH = 20;
/** Fade and the composed patterns pop on release past this distance instead of half the width. */
const FADE_RELEASE_DP = 60;

interface Remembered {
  serial: number;
  entries: number[];
  /** The change being animated, and the screen it removed (drawn until the animation ends). */
  change: ScreenChange | null;
  leaving: number | null;
  /** Screens a zoom brought in, with its source: popping one zooms back into that source. */
  zoomed: ReadonlyMap<number, string>;
}

export function Stack({ node, parent, env }: NodeProps<StackNode>) {
  const screens = useRef(new Map<number, HTMLDivElement>());
  const memory = useRef<Remembered>({ serial: node.navigation?.serial ?? 0, entries: node.entries, change: null, leaving: null, zoomed: new Map() });
  const [, redraw] = useState(0);
  const [scrubbing, setScrubbing] = useState(false);
  const remembered = memory.current;
  const top = node.entries[node.entries.length - 1]!;

  // A new navigation is noticed while drawing, so a removed screen stays drawn for its exit.
  const serial = node.navigation?.serial ?? 0;
  if (serial !== remembered.serial) {
    const from = remembered.entries[remembered.entries.length - 1]!;
    const navigation = zoomBack(node.navigation!, remembered.zoomed.get(from));
    // The reduced profile draws every pattern as a crossfade.
    const drawn = env.reducedMotion && navigation.transition !== 'none' ? { ...navigation, transition: 'fade' as const } : navigation;
    const change = env.motion && from !== top ? screenChange(drawn, from, top, env.rtl) : null;
    const zoomed = new Map([...remembered.zoomed].filter(([index]) => node.entries.includes(index)));
    if (navigation.op !== 'pop' && navigation.op !== 'popToRoot' && navigation.transition === 'zoom' && navigation.source) zoomed.set(top, navigation.source);
    memory.current = { serial, entries: node.entries, change, leaving: change && !node.entries.includes(from) ? from : null, zoomed };
  }
  const { change, leaving } = memory.current;

  useLayoutEffect(() => {
    if (!change) return;
    const fromElement = screens.current.get(change.from);
    const toElement = screens.current.get(change.to);
    const backward = change.zoomSource !== undefined && !node.entries.includes(change.from);
    const drawn = change.zoomSource === undefined ? change : zoomFrames(change, sourceInset(backward ? toElement : fromElement, change.zoomSource), backward);
    const zooming = change.zoomSource === undefined ? [] : [fromElement, toElement];
    for (const element of zooming) element?.setAttribute('data-ps-zooming', '');
    const animations = [fromElement?.animate(drawn.fromFrames, drawn.timing), toElement?.animate(drawn.toFrames, drawn.timing)];
    let current = true;
    void Promise.all(animations.map((animation) => animation?.finished.catch(() => undefined))).then(() => {
      for (const element of zooming) element?.removeAttribute('data-ps-zooming');
      if (!current || memory.current.change !== change) return;
      memory.current = { ...memory.current, change: null, leaving: null };
      redraw((count) => count + 1);
    });
    return () => {
      current = false;
      for (const animation of animations) animation?.cancel();
    };
  }, [change]);

  // Drawn: the stack's screens root first, and a screen a pop removed, above them while it leaves.
  const drawn = leaving === null ? node.entries : [...node.entries, leaving];
  const visible = (index: number) => index === top || (change !== null && (index === change.from || index === change.to)) || (scrubbing && index === node.entries[node.entries.length - 2]);
  const canPop = node.entries.length > 1 && change === null;
  const onEdgeDown = canPop ? edgeSwipe(node, env, screens.current, setScrubbing) : null;
  return (
    <Frame env={env} node={node} parent={parent} class="ps-stack" base={{ overflow: 'clip', minWidth: '0px', minHeight: '0px' }} a11y={defaultA11y(node, null)}>
      {drawn.map((index) => {
        const child = node.children[index]!;
        const onTop = index === top && leaving === null;
        const moving = change !== null && (index === change.from || index === change.to);
        return (
          <div
            key={child.key}
            ref={(element) => {
              if (element) screens.current.set(index, element);
              else screens.current.delete(index);
            }}
            class={`ps-stack-screen${moving || scrubbing ? ' ps-stack-moving' : ''}`}
            data-ps-screen={node.screens[index]}
            style={visible(index) ? undefined : { visibility: 'hidden' }}
            inert={!onTop}
            aria-hidden={onTop ? undefined : 'true'}
            data-ps-a11y-hidden={onTop ? undefined : ''}
          >
            <Node node={child} parent="box" />
          </div>
        );
      })}
      {onEdgeDown ? <div class={`ps-stack-edge${env.rtl ? ' ps-stack-edge-rtl' : ''}`} style={{ width: `${EDGE_WIDTH}px` }} onPointerDown={onEdgeDown} /> : null}
    </Frame>
  );
}

/** A pop of a screen a zoom brought in zooms back into the same source, unless it asks for none. */
function zoomBack(navigation: NonNullable<StackNode['navigation']>, source: string | undefined): NonNullable<StackNode['navigation']> {
  const pops = navigation.op === 'pop' || navigation.op === 'popToRoot';
  return pops && source !== undefined && navigation.transition !== 'none' ? { ...navigation, transition: 'zoom', source } : navigation;
}

/** Where the node showing `key` lies inside a screen (the stack's own box), or null when none is drawn. */
function sourceInset(screen: HTMLElement | undefined, key: string): Inset | null {
  const source = screen?.querySelector(`[data-ps-shared="${CSS.escape(key)}"]`);
  if (!screen || !source) return null;
  const outer = screen.getBoundingClientRect();
  const inner = source.getBoundingClientRect();
  return { top: inner.top - outer.top, right: outer.right - inner.right, bottom: outer.bottom - inner.bottom, left: inner.left - outer.left };
}

/**
 * A drag from the leading-edge strip. Platform and slide pops scrub: the top screen follows the
 * finger, dimming as it goes, and the one below slides back in from its parallax offset; released
 * past half the width, or flicked so its predicted end passes half the width, the pop finishes and
 * the runtime commits it without a second animation, else it settles back and nothing changes.
 * Fades and the composed patterns do not scrub: released past 60 dp they pop with their own motion.
 */
function edgeSwipe(node: StackNode, env: NodeProps<StackNode>['env'], screens: Map<number, HTMLDivElement>, setScrubbing: (on: boolean) => void) {
  return (down: PointerEvent) => {
    const strip = down.currentTarget as HTMLElement;
    const topElement = screens.get(node.entries[node.entries.length - 1]!);
    const under = screens.get(node.entries[node.entries.length - 2]!);
    if (!topElement || !under) return;
    strip.setPointerCapture(down.pointerId);
    down.preventDefault();
    const scrubs = spatialPop(node.screenTransition);
    if (scrubs) setScrubbing(true);
    const width = topElement.clientWidth || 1;
    const direction = env.rtl ? -1 : 1;
    const samples: DragSample[] = [{ distance: 0, time: down.timeStamp }];
    const place = (distance: number) => {
      const share = distance / width;
      topElement.style.translate = `${direction * distance}px 0px`;
      topElement.style.filter = `brightness(${1 - SCRUB_DIM * share})`;
      under.style.translate = `${-direction * 30 * (1 - share)}% 0px`;
    };
    if (scrubs) place(0);
    const move = (event: PointerEvent) => {
      if (event.pointerId !== down.pointerId) return;
      const travelled = Math.max(0, Math.min(width, direction * (event.clientX - down.clientX)));
      samples.push({ distance: travelled, time: event.timeStamp });
      if (scrubs) place(travelled);
    };
    const release = (event: PointerEvent) => {
      if (event.pointerId !== down.pointerId) return;
      strip.removeEventListener('pointermove', move);
      strip.removeEventListener('pointerup', release);
      strip.removeEventListener('pointercancel', release);
      const travelled = samples[samples.length - 1]!.distance;
      const released = event.type === 'pointerup';
      if (!scrubs) {
        if (released && travelled > FADE_RELEASE_DP) env.interact({ type: 'swipeBack', key: node.key, scrubbed: false });
        return;
      }
      const predicted = travelled + releaseVelocity(samples, event.timeStamp) * PREDICTION_MS;
      const commit = released && (travelled > width / 2 || predicted > width / 2);
      void settleBack(topElement, under, { from: travelled, to: commit ? width : 0, width, direction, motion: env.motion && !env.reducedMotion }).then(() => {
        topElement.style.translate = '';
        topElement.style.filter = '';
        under.style.translate = '';
        setScrubbing(false);
        if (commit) env.interact({ type: 'swipeBack', key: node.key });
      });
    };
    strip.addEventListener('pointermove', move);
    strip.addEventListener('pointerup', release);
    strip.addEventListener('pointercancel', release);
  };
}

interface DragSample {
  distance: number;
  time: number;
}

/** How dark the popped screen gets at the end of a scrub (its brightness falls by this share). */
const SCRUB_DIM = 0.2;
/** How far ahead a release's speed carries the screen (ms), as UIKit's normal deceleration projects it. */
const PREDICTION_MS = 500;
/** A finger that rested this long (ms) before lifting flicks nothing. */
const RESTED_MS = 300;

/** The drag's speed at release (dp/ms): over its last 100 ms of movement, or its last two samples. */
function releaseVelocity(samples: readonly DragSample[], releasedAt: number): number {
  const last = samples[samples.length - 1]!;
  if (releasedAt - last.time > RESTED_MS) return 0;
  const recent = samples.filter((sample) => last.time - sample.time <= 100);
  const first = recent.length >= 2 ? recent[0]! : samples[Math.max(0, samples.length - 2)]!;
  return last.time > first.time ? (last.distance - first.distance) / (last.time - first.time) : 0;
}

/** Platform and slide pops scrub across the whole width; the others release past 60 dp. */
function spatialPop(transition: StackTransitionName): boolean {
  return transition === 'platform' || transition === 'slide';
}
