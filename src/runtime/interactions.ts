/**
 * What each interaction does (spec "Nodes" component paragraphs): the control's own write first,
 * then the node's onTap list, as one unit. Returns why the interaction is rejected, or null.
 */
import type { Action, NodeOfType, PrototypeNode } from '../spec/index.ts';
import type { Interaction } from './model.ts';
import { isValidDate, onStepGrid } from './bindings.ts';
import { isOverlayNode, pageCount, pagerId, rowOf, type OverlayNode, type TreeNode } from './tree.ts';
import type { Unit } from './unit.ts';
import { stackId } from './stacks.ts';

const MISMATCH = 'the interaction does not fit this node';

/** Runs an action list of `target`, with the repeat row it belongs to for {item} and {index} values. */
function runOnTap(unit: Unit, actions: readonly Action[] | undefined, target: TreeNode): string | null {
  return actions ? unit.runList(actions, rowOf(target)) : null;
}

/** The boolean key a toggle flips, for nodes that toggle. */
function toggleKey(node: PrototypeNode): string | null {
  switch (node.type) {
    case 'switch':
    case 'checkbox':
      return node.stateKey;
    case 'chip':
    case 'castButton':
      return node.stateKey ?? null;
    case 'listItem':
      return node.trailing && node.trailing.type !== 'icon' ? node.trailing.stateKey : null;
    default:
      return null;
  }
}

/** A node's onLongPress or onDoubleTap list, on the node types that take them. */
function gestureList(node: PrototypeNode, field: 'onLongPress' | 'onDoubleTap'): readonly Action[] | undefined {
  return field in node ? (node as Partial<Record<typeof field, Action[]>>)[field] : undefined;
}

/** Closing an overlay writes !equals to its openWhen key. */
export function closeOverlay(unit: Unit, node: OverlayNode): string | null {
  if (unit.get(node.openWhen.key) !== node.openWhen.equals) return 'it is not open';
  return unit.controlWrite([[node.openWhen.key, !node.openWhen.equals]]);
}

/** A navigation suite's destination chosen: its value goes to the suite's state key. */
function selectDestination(unit: Unit, node: NodeOfType<'adaptive'>, value: string): string | null {
  if (node.layout !== 'navigationSuite') return MISMATCH;
  if (!node.items!.some((item) => item.value === value)) return `no destination "${value}"`;
  return unit.controlWrite([[node.stateKey!, value]]);
}

/** A chart's point, bar or slice tapped: its row index goes to the chart's state key, then onTap runs. */
function chooseRow(unit: Unit, node: NodeOfType<'chart'>, index: number, target: TreeNode): string | null {
  if (!Number.isInteger(index) || index < 0) return `no row ${index}`;
  return (node.stateKey === undefined ? null : unit.controlWrite([[node.stateKey, index]])) ?? runOnTap(unit, node.onTap, target);
}

/** A map marker tapped: its id goes to the map's state key, then onTap runs. */
function chooseMarker(unit: Unit, node: NodeOfType<'map'>, id: string, target: TreeNode): string | null {
  if (!(node.markers ?? []).some((marker) => marker.id === id)) return `no marker "${id}"`;
  return (node.stateKey === undefined ? null : unit.controlWrite([[node.stateKey, id]])) ?? runOnTap(unit, node.onTap, target);
}

/** Snap a slider value to its step grid and range. */
export function snapSlider(node: NodeOfType<'slider'>, value: number): number {
  const clamped = Math.min(node.max, Math.max(node.min, value));
  if (node.step === undefined) return clamped;
  const steps = Math.round((clamped - node.min) / node.step);
  const snapped = Math.min(node.max, node.min + steps * node.step);
  // Trim float noise (0.1 * 3) while staying on the grid the binding rule checks.
  const trimmed = Number(snapped.toPrecision(12));
  return onStepGrid(trimmed, node.min, node.step) ? trimmed : snapped;
}

export function applyInteraction(unit: Unit, target: TreeNode, interaction: Interaction): string | null {
  const node = target.node;
  switch (interaction.type) {
    case 'tap': {
      if (toggleKey(node) !== null) return applyInteraction(unit, target, { type: 'toggle', key: interaction.key });
      return runOnTap(unit, node.onTap, target);
    }
    case 'toggle': {
      const key = toggleKey(node);
      if (key === null) return MISMATCH;
      return unit.controlWrite([[key, unit.get(key) !== true]]) ?? runOnTap(unit, node.onTap, target);
    }
    case 'select': {
      if (node.type === 'adaptive') return selectDestination(unit, node, interaction.value);
      if (node.type === 'map') return chooseMarker(unit, node, interaction.value, target);
      if (node.type !== 'radioGroup' && node.type !== 'segmentedButton' && node.type !== 'select') return MISMATCH;
      if (!node.options.some((option) => option.value === interaction.value)) return `no option "${interaction.value}"`;
      return unit.controlWrite([[node.stateKey, interaction.value]]) ?? runOnTap(unit, node.onTap, target);
    }
    case 'edit':
      if ((node.type !== 'textField' && node.type !== 'searchBar') || typeof interaction.text !== 'string') return MISMATCH;
      if (node.type === 'textField' && node.maxLength !== undefined && [...interaction.text].length > node.maxLength) return `the text is longer than maxLength ${node.maxLength}`;
      return unit.controlWrite([[node.stateKey, interaction.text]]);
    case 'playback': {
      if (node.type !== 'videoPlayer' || typeof interaction.playing !== 'boolean') return MISMATCH;
      const violation = node.playingKey === undefined || unit.get(node.playingKey) === interaction.playing ? null : unit.controlWrite([[node.playingKey, interaction.playing]]);
      return violation ?? (interaction.ended === true ? runOnTap(unit, node.onEnded, target) : null);
    }
    case 'capture':
      if (node.type !== 'cameraPreview' || typeof interaction.asset !== 'string' || interaction.asset === '') return MISMATCH;
      return unit.controlWrite([[node.captureKey, interaction.asset]]) ?? runOnTap(unit, node.onCapture, target);
    case 'paste':
      if (node.type !== 'pasteButton' || typeof interaction.text !== 'string') return MISMATCH;
      return unit.controlWrite([[node.stateKey, interaction.text]]) ?? runOnTap(unit, node.onTap, target);
    case 'submit':
      if ((node.type !== 'textField' && node.type !== 'searchBar') || !node.onSubmit) return MISMATCH;
      return runOnTap(unit, node.onSubmit, target);
    case 'activate':
      if (node.type !== 'searchBar' || node.activeKey === undefined) return MISMATCH;
      return unit.get(node.activeKey) === true ? null : unit.controlWrite([[node.activeKey, true]]);
    case 'searchAction': {
      const action = node.type === 'searchBar' && Number.isInteger(interaction.index) ? node.trailingActions?.[interaction.index] : undefined;
      if (!action) return `no search action ${String(interaction.index)}`;
      return runOnTap(unit, action.onTap, target);
    }
    case 'trailingIcon':
      if (node.type !== 'textField' || !node.trailingIcon?.onTap) return MISMATCH;
      return runOnTap(unit, node.trailingIcon.onTap, target);
    case 'slide':
      if (node.type !== 'slider' || !Number.isFinite(interaction.value)) return MISMATCH;
      return unit.controlWrite([[node.stateKey, snapSlider(node, interaction.value)]]) ?? runOnTap(unit, node.onTap, target);
    case 'pickTime': {
      if (node.type !== 'timePicker') return MISMATCH;
      const { hour, minute } = interaction;
      if (!Number.isInteger(hour) || !Number.isInteger(minute)) return 'hour and minute must be integers';
      return unit.controlWrite([[node.hourKey, hour], [node.minuteKey, minute]]) ?? runOnTap(unit, node.onTap, target);
    }
    case 'pickDate':
      if (node.type !== 'datePicker') return MISMATCH;
      if (typeof interaction.date !== 'string' || !isValidDate(interaction.date)) return 'not a YYYY-MM-DD date in 1900..2100';
      return unit.controlWrite([[node.stateKey, interaction.date]]) ?? runOnTap(unit, node.onTap, target);
    case 'selectIndex': {
      if (node.type === 'chart') return chooseRow(unit, node, interaction.index, target);
      if (node.type !== 'tabBar' && node.type !== 'bottomNav') return MISMATCH;
      const index = interaction.index;
      if (!Number.isInteger(index) || index < 0 || index >= node.items.length) return `no item ${index}`;
      if (node.pager !== undefined) unit.setPage(node.pager, index);
      else {
        const violation = unit.controlWrite([[node.stateKey!, index]]);
        if (violation) return violation;
      }
      return runOnTap(unit, node.onTap, target);
    }
    case 'pageSettled': {
      if (node.type !== 'pager') return MISMATCH;
      const page = interaction.page;
      if (!Number.isInteger(page) || page < 0 || page >= pageCount(target)) return `no page ${page}`;
      unit.setPage(pagerId(node), page);
      return null;
    }
    case 'close':
      if (node.type === 'adaptive' && node.layout === 'supporting') return unit.get(node.openKey!) === true ? unit.controlWrite([[node.openKey!, false]]) : 'it is not open';
      if (!isOverlayNode(node)) return MISMATCH;
      // A tooltip's dismissal writes its key first, then runs onDismiss.
      return closeOverlay(unit, node) ?? (node.type === 'tooltip' ? runOnTap(unit, node.onDismiss, target) : null);
    case 'dialogButton': {
      if (node.type !== 'dialog') return MISMATCH;
      const button = interaction.button === 'confirm' ? node.confirm : interaction.button === 'dismiss' ? node.dismiss : undefined;
      if (!button) return `the dialog has no ${String(interaction.button)} button`;
      return closeOverlay(unit, node) ?? runOnTap(unit, button.onTap, target);
    }
    case 'span': {
      const span = node.type === 'text' && Number.isInteger(interaction.index) ? node.spans?.[interaction.index] : undefined;
      if (!span?.onTap) return `no tappable span ${String(interaction.index)}`;
      return runOnTap(unit, span.onTap, target);
    }
    case 'swipeAction': {
      const actions = node.type === 'row' || node.type === 'listItem' ? node.swipeActions : undefined;
      const entry = actions && Number.isInteger(interaction.index) ? [...(actions.start ?? []), ...(actions.end ?? [])][interaction.index] : undefined;
      return entry ? runOnTap(unit, entry.onTap, target) : `no swipe action ${String(interaction.index)}`;
    }
    case 'longPress':
    case 'doubleTap': {
      const actions = interaction.type === 'longPress' ? gestureList(node, 'onLongPress') : gestureList(node, 'onDoubleTap');
      return actions ? unit.runList(actions, rowOf(target)) : `the node has no ${interaction.type === 'longPress' ? 'onLongPress' : 'onDoubleTap'}`;
    }
    case 'menuItem': {
      if (node.type !== 'menu') return MISMATCH;
      const item = Number.isInteger(interaction.index) ? node.items[interaction.index] : undefined;
      if (!item || item.type === 'divider') return `no menu item ${String(interaction.index)}`;
      if (item.enabled === false) return `menu item ${interaction.index} is disabled`;
      return closeOverlay(unit, node) ?? runOnTap(unit, item.onTap, target);
    }
    case 'snackbarAction':
      if (node.type !== 'snackbar' || !node.action) return MISMATCH;
      return closeOverlay(unit, node) ?? runOnTap(unit, node.action.onTap, target);
    case 'appBar': {
      if (node.type !== 'topAppBar') return MISMATCH;
      const { target: which } = interaction;
      const button = which === 'navigation' ? node.navigationIcon : Number.isInteger(which) ? node.actions?.[which] : undefined;
      if (!button) return `no app bar button ${String(which)}`;
      return runOnTap(unit, button.onTap, target);
    }
    case 'refresh': {
      if (node.type !== 'scroll' || !node.refresh) return MISMATCH;
      const key = node.refresh.stateKey;
      // A pull while refreshing is ignored: nothing is written or run.
      if (unit.get(key) === true) return null;
      return unit.controlWrite([[key, true]]) ?? runOnTap(unit, node.refresh.onRefresh, target);
    }
    case 'swipeBack': {
      if (node.type !== 'stack') return MISMATCH;
      const stack = stackId(node);
      if (unit.stack(stack).length < 2) return 'the stack has nothing to pop';
      unit.navigate(interaction.scrubbed === false ? { type: 'pop', stack } : { type: 'pop', stack, transition: 'none' });
      return null;
    }
    default:
      return 'unknown interaction';
  }
}
