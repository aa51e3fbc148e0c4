/**
 * Binding rules for runtime writes (spec "Actions and state": a write must keep every control
 * bound to the key valid). Collected once per show from the repeat-expanded tree; every write an
 * action list or a control would make is checked here before anything is applied.
 */
import type { PrototypeNode, Scalar } from '../spec/index.ts';
import { isRealDate } from '../validate/references.ts';

/** A real calendar date written YYYY-MM-DD in the contract's years (1900..2100). */
export const isValidDate = isRealDate;

export type BindingRule =
  | { kind: 'string'; control: string }
  | { kind: 'boolean'; control: string }
  | { kind: 'index'; control: string }
  | { kind: 'range'; control: string; min: number; max: number; step: number | null }
  | { kind: 'integer'; control: string; min: number; max: number }
  | { kind: 'date'; control: string };

export type BindingTable = Map<string, BindingRule[]>;

/** The rules one node imposes, as [key, rule] pairs. */
export function nodeBindings(node: PrototypeNode): [string, BindingRule][] {
  switch (node.type) {
    case 'textField':
      return [[node.stateKey, { kind: 'string', control: 'textField' }]];
    case 'radioGroup':
    case 'segmentedButton':
      return [[node.stateKey, { kind: 'string', control: node.type }]];
    case 'switch':
    case 'checkbox':
      return [[node.stateKey, { kind: 'boolean', control: node.type }]];
    case 'chip':
      return node.stateKey === undefined ? [] : [[node.stateKey, { kind: 'boolean', control: 'chip' }]];
    case 'listItem':
      return node.trailing && node.trailing.type !== 'icon'
        ? [[node.trailing.stateKey, { kind: 'boolean', control: 'listItem' }]]
        : [];
    case 'slider':
      return [[node.stateKey, { kind: 'range', control: 'slider', min: node.min, max: node.max, step: node.step ?? null }]];
    case 'progress':
      return node.stateKey === undefined
        ? []
        : [[node.stateKey, { kind: 'range', control: 'progress', min: 0, max: node.max ?? 1, step: null }]];
    case 'timePicker':
      return [
        [node.hourKey, { kind: 'integer', control: 'timePicker hour', min: 0, max: 23 }],
        [node.minuteKey, { kind: 'integer', control: 'timePicker minute', min: 0, max: 59 }],
      ];
    case 'datePicker':
      return [[node.stateKey, { kind: 'date', control: 'datePicker' }]];
    case 'tabBar':
    case 'bottomNav':
      return node.stateKey === undefined ? [] : [[node.stateKey, { kind: 'index', control: node.type }]];
    case 'bottomSheet':
    case 'dialog':
    case 'snackbar':
      return [[node.openWhen.key, { kind: 'boolean', control: node.type }]];
    default:
      return [];
  }
}

export function addBindings(table: BindingTable, node: PrototypeNode): void {
  for (const [key, rule] of nodeBindings(node)) {
    const rules = table.get(key);
    if (rules) rules.push(rule);
    else table.set(key, [rule]);
  }
}

/** True when `value` lies on the step grid starting at `min` (within float rounding). */
export function onStepGrid(value: number, min: number, step: number): boolean {
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) <= 1e-9 * Math.max(1, Math.abs(steps));
}

/** Why `value` breaks the rule, or null when it fits. */
export function ruleViolation(rule: BindingRule, value: Scalar): string | null {
  switch (rule.kind) {
    case 'string':
      return typeof value === 'string' ? null : `${rule.control} needs a string`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${rule.control} needs a boolean`;
    case 'index':
      return Number.isInteger(value) && (value as number) >= 0 ? null : `${rule.control} needs a non-negative integer`;
    case 'integer':
      return Number.isInteger(value) && (value as number) >= rule.min && (value as number) <= rule.max
        ? null
        : `${rule.control} needs an integer ${rule.min}..${rule.max}`;
    case 'date':
      return typeof value === 'string' && isValidDate(value) ? null : `${rule.control} needs a YYYY-MM-DD date in 1900..2100`;
    case 'range': {
      if (typeof value !== 'number' || value < rule.min || value > rule.max) {
        return `${rule.control} needs a number ${rule.min}..${rule.max}`;
      }
      return rule.step === null || onStepGrid(value, rule.min, rule.step) ? null : `${rule.control} needs a value on its step grid`;
    }
  }
}

/** Why writing `value` to `key` is rejected, or null. */
export function writeViolation(table: BindingTable, key: string, value: Scalar): string | null {
  const rules = table.get(key);
  if (!rules) return null;
  for (const rule of rules) {
    const violation = ruleViolation(rule, value);
    if (violation) return `${key}: ${violation}`;
  }
  return null;
}
