/**
 * One resolved mode per show (spec "Light and dark values", "Live appearance"), first rule that
 * applies: the state theme.modeKey names (modeKey: light, dark, or a boolean with true dark;
 * "system" skips to the device; any other value is passed over), an explicit theme.mode
 * (explicit; "system" skips to the device), the luminance of a flat colors.background /
 * colors.surface override (roleLuminance), the first opaque hex background on the root's leading
 * chain (authoredBackground), else the show's appearance override (override) or the device
 * setting (system).
 */
import type { Theme, NodeOfType } from '../spec/index.ts';
import { isOpaque, modeForBackground, parseHexColor, roleLuminanceMode } from '../theme/index.ts';
import type { AppearanceSource, Mode } from './model.ts';
import { conditionHolds, type StateReader } from './conditions.ts';
import { mergedStyle } from './style.ts';
import { pagerId, type TreeNode } from './tree.ts';

export type AppearanceOverride = 'device' | 'light' | 'dark';

export interface AppearanceInputs {
  theme: Theme | undefined;
  /** The value of theme.modeKey's state key (undefined without one). */
  stateMode: unknown;
  override: AppearanceOverride;
  deviceDark: boolean;
  /** The mode the leading chain's first opaque hex background implies, or null. */
  authoredBackground: () => Mode | null;
}

export function resolveMode(inputs: AppearanceInputs): { mode: Mode; source: AppearanceSource } {
  const stateMode = modeInState(inputs.stateMode);
  if (stateMode === 'light' || stateMode === 'dark') return { mode: stateMode, source: 'modeKey' };
  const themeMode = stateMode ?? inputs.theme?.mode;
  if (themeMode === 'light' || themeMode === 'dark') return { mode: themeMode, source: 'explicit' };
  if (themeMode !== 'system') {
    const roleMode = roleLuminanceMode(inputs.theme);
    if (roleMode) return { mode: roleMode, source: 'roleLuminance' };
    const backgroundMode = inputs.authoredBackground();
    if (backgroundMode) return { mode: backgroundMode, source: 'authoredBackground' };
  }
  if (inputs.override !== 'device') return { mode: inputs.override, source: 'override' };
  return { mode: inputs.deviceDark ? 'dark' : 'light', source: 'system' };
}

/** A modeKey's value as a mode: its string, or a boolean (true is dark); null for anything else. */
function modeInState(value: unknown): Mode | 'system' | null {
  if (typeof value === 'boolean') return value ? 'dark' : 'light';
  return value === 'light' || value === 'dark' || value === 'system' ? value : null;
}

/**
 * Walk the leading chain: the root, then its first visible child (a pager continues into its
 * current page, a scroll into its child). Only a single hex with alpha >= 0.99 decides; roles and
 * {light, dark} pairs are skipped because they depend on the mode.
 */
export function leadingChainMode(
  root: TreeNode,
  readerFor: (node: TreeNode) => StateReader,
  pageOf: (pagerId: string) => number,
): Mode | null {
  let current: TreeNode | undefined = root;
  while (current) {
    const read = readerFor(current);
    const background = mergedStyle(current.node, read)?.background;
    const argb = typeof background === 'string' ? parseHexColor(background) : null;
    if (argb !== null && isOpaque(argb)) return modeForBackground(argb);
    current = leadingChild(current, readerFor, pageOf);
  }
  return null;
}

function isVisible(node: TreeNode, readerFor: (node: TreeNode) => StateReader): boolean {
  const condition = node.node.visibleWhen;
  return condition === undefined || conditionHolds(condition, readerFor(node));
}

function leadingChild(node: TreeNode, readerFor: (node: TreeNode) => StateReader, pageOf: (pagerId: string) => number): TreeNode | undefined {
  switch (node.node.type) {
    case 'box':
    case 'row':
    case 'column':
    case 'card':
      return node.children.find((child) => isVisible(child, readerFor));
    case 'scroll': {
      const child = node.children[0];
      return child && isVisible(child, readerFor) ? child : undefined;
    }
    case 'pager': {
      const page = node.children[pageOf(pagerId(node.node as NodeOfType<'pager'>))];
      return page && isVisible(page, readerFor) ? page : undefined;
    }
    default:
      return undefined;
  }
}
