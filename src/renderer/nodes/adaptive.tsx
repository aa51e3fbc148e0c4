// Adaptive layouts (prototype_adaptive_v1), arranged by the window's width class the runtime
// resolved: list-detail as one pane at a time or side by side, a navigation suite with a bottom
// bar or a rail, and a supporting pane beside the main one or in a bottom sheet. A pane not shown
// stays mounted (its scroll position survives a switch), hidden from touch and observe.
import { useMemo } from 'preact/hooks';
import type { AdaptiveNode, BottomSheetNode, RenderNode, SuiteItemView } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { useEnv } from '../env.ts';
import { Frame, defaultA11y } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import { Node, type NodeProps } from '../node.tsx';

/** The list pane's width beside the detail (Material's list-detail list pane). */
const LIST_PANE_DP = 360;
/** The supporting pane's width beside the main one. */
const SUPPORTING_PANE_DP = 360;

export function Adaptive({ node, parent, env }: NodeProps<AdaptiveNode>) {
  const expanded = node.widthClass === 'expanded';
  const arrangement = node.layout === 'navigationSuite' ? (node.widthClass === 'compact' ? 'bar' : 'rail') : expanded ? 'split' : 'single';
  return (
    <Frame env={env} node={node} parent={parent} class={`ps-adaptive ps-adaptive-${arrangement}`} a11y={defaultA11y(node, null)}>
      {node.layout === 'listDetail' ? <ListDetail node={node} expanded={expanded} /> : null}
      {node.layout === 'navigationSuite' ? <NavigationSuite node={node} rail={arrangement === 'rail'} /> : null}
      {node.layout === 'supporting' ? <Supporting node={node} expanded={expanded} /> : null}
    </Frame>
  );
}

function Pane({ child, shown, width }: { child: RenderNode; shown: boolean; width?: number }) {
  const hidden = shown ? null : { inert: true, 'data-ps-a11y-hidden': '' };
  const style = { ...(width === undefined ? null : { flex: `0 0 ${width}px`, width: `${width}px` }), ...(shown ? null : { visibility: 'hidden' }) };
  return (
    <div class="ps-adaptive-pane" {...hidden} style={style}>
      <Node node={child} parent="column" />
    </div>
  );
}

function ListDetail({ node, expanded }: { node: AdaptiveNode; expanded: boolean }) {
  const [list, detail] = node.children as [RenderNode, RenderNode];
  return (
    <>
      <Pane child={list} shown={node.panes[0]!} width={expanded ? LIST_PANE_DP : undefined} />
      <Pane child={detail} shown={node.panes[1]!} />
    </>
  );
}

function Supporting({ node, expanded }: { node: AdaptiveNode; expanded: boolean }) {
  const [main, supporting] = node.children as [RenderNode, RenderNode];
  const sheet = useMemo(() => supportingSheet(node, supporting, !expanded), [node, supporting, expanded]);
  return (
    <>
      <Pane child={main} shown />
      {expanded ? (node.panes[1] ? <Pane child={supporting} shown width={SUPPORTING_PANE_DP} /> : null) : <Node node={sheet} parent="plain" />}
    </>
  );
}

/** Below expanded the supporting pane is a bottom sheet at half height; closing it writes false to the open key. */
function supportingSheet(node: AdaptiveNode, supporting: RenderNode, compact: boolean): BottomSheetNode {
  return {
    key: node.key,
    id: null,
    testTag: partTag(node.testTag, 'sheet'),
    visible: true,
    disabledBy: null,
    animatesVisibility: false,
    transition: null,
    style: {},
    label: null,
    tappable: false,
    gestures: null,
    platformFeedback: null,
    animate: null,
    semantics: null,
    anchor: null,
    safeAreaPadding: null,
    shared: null,
    type: 'bottomSheet',
    open: compact && node.open,
    detents: ['half', 'full'],
    scrim: node.scrim,
    dragHandle: true,
    dismissOnSwipe: true,
    child: supporting,
  };
}

/** Destinations as a bottom bar (compact) or a rail at the start edge; each is a Tab tagged `<testTag>.<value>`. */
function NavigationSuite({ node, rail }: { node: AdaptiveNode; rail: boolean }) {
  const [content] = node.children as [RenderNode];
  const destinations = (
    <div class={rail ? 'ps-suite-rail' : 'ps-bottom-nav ps-suite-bar'}>
      <div class="ps-nav-items">
        {node.items.map((item) => <Destination key={item.value} node={node} item={item} />)}
      </div>
    </div>
  );
  return (
    <>
      {rail ? destinations : null}
      <Pane child={content} shown />
      {rail ? null : destinations}
    </>
  );
}

function Destination({ node, item }: { node: AdaptiveNode; item: SuiteItemView }) {
  const env = useEnv();
  return (
    <div
      class={item.selected ? 'ps-nav-item ps-on' : 'ps-nav-item'}
      {...a11yAttributes({ id: `${node.key}#${item.value}`, testTag: partTag(node.testTag, item.value), role: 'Tab', text: item.label, selected: item.selected })}
      onClick={(event) => {
        event.stopPropagation();
        env.interact({ type: 'select', key: node.key, value: item.value });
      }}
    >
      <span class="ps-nav-pill">{item.icon ? <Icon name={item.icon} /> : <span class="ps-nav-square" />}</span>
      <span class="ps-nav-label">{item.label}</span>
    </div>
  );
}
