/**
 * One atomic unit of change (spec "Actions and state"): a control's own write followed by its
 * onTap list. Writes go to an overlay over the committed state and pages; every write is checked
 * against the binding rules and the state size cap as it is made, so a rejected unit is simply
 * dropped: nothing applied, nothing emitted. Events are collected with the state at their point
 * and only numbered and delivered when the unit commits.
 */
import type { Action, NodeOfType, PlatformAction, RequestAction, Scalar, SourcedTransition, StartTimerAction } from '../spec/index.ts';
import type { PrototypeEvent } from './model.ts';
import { scalarEquals } from './conditions.ts';
import { writeViolation } from './bindings.ts';
import { boundPage, dataRepeatCells, dataTextProblem, pageCount, type RowContext, type ShownTree } from './tree.ts';
import { ownValue, setOwn } from './record.ts';
import { nextEntries, stacksRecord, type StackAction, type StackOp } from './stacks.ts';
import { COUNT_KEY_PREFIX, conditionHolds } from './conditions.ts';
import { dataChangePayload, isDataAction, readCount, readData, runDataAction, type DataAction, type DataRefusal, type JsonObject, type JsonValue } from './data.ts';

/** An event before it gets its sequence and timestamp. */
export type PendingEvent = Pick<PrototypeEvent, 'kind' | 'name' | 'payload' | 'state' | 'pages' | 'stacks'>;

/** Bound on the state a prototype can hold: the same 1 MiB as a whole spec. */
export const MAX_STATE_BYTES = 1_048_576;

/** Conservative compact-JSON bytes of one state entry ("key":value,), numbers counted as 32. */
export function entryBytes(key: string, value: Scalar | undefined): number {
  if (value === undefined) return 0;
  const valueBytes = typeof value === 'number' ? 32 : typeof value === 'boolean' ? 5 : utf8Length(value) + 2;
  return utf8Length(key) + 4 + valueBytes;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is 4 UTF-8 bytes: 2 per half.
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdfff ? 2 : 3;
  }
  return bytes;
}

export function changed(before: Scalar | undefined, after: Scalar | undefined): boolean {
  if (after === undefined) return before !== undefined;
  return !scalarEquals(before, after);
}

/** The change payload: `{key, value}` for one key, `{keys, values}` for several. */
export function changePayload(keys: string[], values: Scalar[]): unknown {
  return keys.length === 1 ? { key: keys[0], value: values[0] } : { keys, values };
}

export interface CommittedState {
  state: Record<string, Scalar>;
  pages: Map<string, number>;
  stacks: Map<string, readonly string[]>;
  stateBytes: number;
  data: JsonObject;
  dataCost: number;
  /** The prototype's revision: one per show, accepted data write and unit that moved state. */
  revision: number;
  /** What {platform:/…} reads (an if action's condition may). */
  platform?: unknown;
}

export class Unit {
  readonly writes = new Map<string, Scalar>();
  readonly pageWrites = new Map<string, number>();
  /** Each stack this unit navigated: its new screens and how the last change was made. */
  readonly stackWrites = new Map<string, { entries: readonly string[]; op: StackOp; transition: SourcedTransition; source: string | null }>();
  readonly events: PendingEvent[] = [];
  dismissed = false;
  /** The data after this unit's accepted writes. */
  data: JsonObject;
  dataCost: number;
  revision: number;
  /** What the accepted data writes changed: render tokens, and the members or arrays written. */
  readonly dataTokens = new Set<string>();
  readonly dataWritten: string[][] = [];
  readonly dataRefusals: DataRefusal[] = [];
  /** Timers this unit starts or cancels, in order; the controller's ledger applies them on commit. */
  readonly timerOps: Array<{ start: StartTimerAction; row: RowContext | null } | { cancel: string }> = [];
  /** Requests and platform calls this unit runs, in order; the controller binds and starts them once it commits. */
  readonly calls: Array<{ action: RequestAction | PlatformAction; row: RowContext | null }> = [];
  private bytes: number;

  constructor(
    private readonly tree: ShownTree,
    private readonly committed: CommittedState,
  ) {
    this.bytes = committed.stateBytes;
    this.data = committed.data;
    this.dataCost = committed.dataCost;
    this.revision = committed.revision;
  }

  get(key: string): Scalar | undefined {
    return this.writes.has(key) ? this.writes.get(key) : ownValue(this.committed.state, key);
  }

  page(id: string): number {
    const pager = this.tree.pagers.get(id);
    const key = pager?.node.type === 'pager' ? pager.node.stateKey : undefined;
    if (key !== undefined) return boundPage(pager!, this.get(key));
    return this.pageWrites.get(id) ?? this.committed.pages.get(id) ?? 0;
  }

  stack(id: string): readonly string[] {
    return this.stackWrites.get(id)?.entries ?? this.committed.stacks.get(id) ?? [];
  }

  /** One navigation action; a change that does nothing is dropped silently. One screen_changed event when it moves. */
  navigate(action: StackAction): void {
    const stack = this.tree.stacks.get(action.stack);
    if (!stack) return;
    const from = this.stack(action.stack);
    const entries = nextEntries(from, action);
    if (entries === null) return;
    const transition = action.transition ?? (stack.node as NodeOfType<'stack'>).screenTransition ?? 'platform';
    this.stackWrites.set(action.stack, { entries, op: action.type, transition, source: action.source ?? null });
    this.push('screen_changed', action.stack, { op: action.type, screen: entries[entries.length - 1], from: from[from.length - 1], screens: [...entries] });
  }

  get stateBytes(): number {
    return this.bytes;
  }

  /** Write one key; returns why it is rejected, or null. */
  write(key: string, value: Scalar): string | null {
    const violation = writeViolation(this.tree.bindings, key, value);
    if (violation) return violation;
    const bytes = this.bytes - entryBytes(key, this.get(key)) + entryBytes(key, value);
    if (bytes > MAX_STATE_BYTES) return `state would exceed ${MAX_STATE_BYTES} bytes`;
    this.bytes = bytes;
    this.writes.set(key, value);
    return null;
  }

  /** A control's own write of several keys, reported as one change event if any moved. */
  controlWrite(entries: [string, Scalar][]): string | null {
    const moved: [string, Scalar][] = [];
    for (const [key, value] of entries) {
      const before = this.get(key);
      const violation = this.write(key, value);
      if (violation) return violation;
      if (changed(before, value)) moved.push([key, value]);
    }
    if (moved.length > 0) this.pushChange(moved.map(([key]) => key), moved.map(([, value]) => value));
    return null;
  }

  /**
   * Settle a pager on `page` (clamped); one page_changed event when it moves. A pager with a
   * stateKey writes the page there too, with one change event after the page_changed.
   */
  setPage(id: string, page: number): void {
    const pager = this.tree.pagers.get(id);
    if (!pager || pager.node.type !== 'pager') return;
    const target = Math.max(0, Math.min(pageCount(pager) - 1, page));
    if (target === this.page(id)) return;
    const key = pager.node.stateKey;
    if (key === undefined) {
      this.pageWrites.set(id, target);
      this.push('page_changed', id, target);
      return;
    }
    if (this.write(key, target) !== null) return;
    this.push('page_changed', id, target);
    this.pushChange([key], [target]);
  }

  /**
   * Run an onTap list (of the repeat row `row`, when it is in one); returns why it is rejected, or
   * null. Actions after dismiss never run; a refused data write is skipped, the rest still run.
   */
  runList(actions: readonly Action[], row: RowContext | null = null): string | null {
    const before = new Map<string, Scalar | undefined>();
    const violation = this.runActions(actions, row, before);
    if (violation) return violation;
    const keys = [...before.keys()].filter((key) => changed(before.get(key), this.get(key)));
    if (keys.length > 0) this.pushChange(keys, keys.map((key) => this.get(key)!));
    return null;
  }

  /**
   * Runs the actions in order, noting each state key's value before its first write in `before`.
   * An if action runs its branch right there, in the same unit, seeing the writes before it.
   */
  private runActions(actions: readonly Action[], row: RowContext | null, before: Map<string, Scalar | undefined>): string | null {
    for (const action of actions) {
      if (action.type === 'dismiss') {
        this.dismissed = true;
        break;
      }
      if (action.type === 'if') {
        const branch = conditionHolds(action.when, (key) => this.read(key)) ? action.then : (action.else ?? []);
        const violation = this.runActions(branch, row, before);
        if (violation) return violation;
        if (this.dismissed) break;
        continue;
      }
      if (isDataAction(action)) this.writeData(action, row);
      else if (action.type === 'startTimer') this.timerOps.push({ start: action, row });
      else if (action.type === 'cancelTimer') this.timerOps.push({ cancel: action.id });
      else if (action.type === 'request' || action.type === 'platform') {
        this.calls.push({ action, row });
        if (action.statusKey === undefined) continue;
        if (!before.has(action.statusKey)) before.set(action.statusKey, this.get(action.statusKey));
        const violation = this.write(action.statusKey, 'loading');
        if (violation) return violation;
      }
      else if (action.type === 'emit') this.push('emit', action.name, action.payload === undefined ? null : action.payload);
      else if (action.type === 'setPage') this.setPage(action.pager, this.pageTarget(action.pager, action.page));
      else if (action.type === 'push' || action.type === 'pop' || action.type === 'replace' || action.type === 'popToRoot') this.navigate(action);
      else {
        const next = this.nextValue(action);
        if (next === undefined) continue;
        if (!before.has(action.key)) before.set(action.key, this.get(action.key));
        const violation = this.write(action.key, next);
        if (violation) return violation;
      }
    }
    return null;
  }

  /** What a condition of an if action reads: state as written so far, the data, the platform. */
  private read(key: string): Scalar | undefined {
    if (key.startsWith('/')) return readData(this.data, key);
    if (key.startsWith(COUNT_KEY_PREFIX)) return readCount(this.data, key.slice(COUNT_KEY_PREFIX.length));
    if (key.startsWith('platform:')) return this.committed.platform ? readData(this.committed.platform as unknown as JsonValue, key.slice('platform:'.length)) : undefined;
    return this.get(key);
  }

  private pageTarget(id: string, page: number | 'next' | 'prev'): number {
    if (page === 'next') return this.page(id) + 1;
    if (page === 'prev') return this.page(id) - 1;
    return page;
  }

  /** Sets `value` at `path` in the data like a setData action; answers why it was refused, or null. */
  setData(path: string, value: JsonValue): DataRefusal | null {
    const refused = this.dataRefusals.length;
    this.writeData({ type: 'setData', path, value: { value } }, null);
    return this.dataRefusals.length > refused ? this.dataRefusals[this.dataRefusals.length - 1]! : null;
  }

  /**
   * A patch's data writes, each checked like a data action's: the first refusal, or null when all
   * were accepted. The patch takes one revision and emits nothing, whatever the writes pushed.
   * The spec the patch makes was validated whole first, its repeats' cells and the text its data
   * fills included, so those two are not counted again.
   */
  writePatchData(actions: readonly DataAction[]): DataRefusal | null {
    for (const action of actions) {
      this.writeData(action, null, true);
      if (this.dataRefusals.length > 0) return this.dataRefusals[0]!;
    }
    this.events.length = 0;
    this.revision = this.committed.revision + 1;
    return null;
  }

  /** One emit event (a request's completion). */
  emit(name: string, payload: unknown): void {
    this.push('emit', name, payload);
  }

  /** One data action: accepted, it changes the data and emits a change named by its path. */
  private writeData(action: DataAction, row: RowContext | null, validatedWhole = false): void {
    const outcome = runDataAction(action, {
      data: this.data,
      cost: this.dataCost,
      state: (key) => this.get(key),
      row,
      cells: validatedWhole ? () => 0 : (data) => dataRepeatCells(this.tree, data),
      textProblem: validatedWhole ? () => null : (data) => dataTextProblem(this.tree, data),
    });
    if ('code' in outcome) {
      this.dataRefusals.push(outcome);
      return;
    }
    this.data = outcome.data;
    this.dataCost = outcome.cost;
    this.revision += 1;
    for (const token of outcome.tokens) this.dataTokens.add(token);
    this.dataWritten.push(outcome.written);
    this.push('change', outcome.name, dataChangePayload(outcome, this.revision));
  }

  /** The value a state action writes, or undefined when it is a no-op (toggle, increment and
   *  decrement on a key whose type changed; a non-finite result; a {data} value reading no scalar). */
  private nextValue(action: Extract<Action, { key: string }>): Scalar | undefined {
    if (action.type === 'setState') return typeof action.value === 'object' ? readData(this.data, action.value.data) : action.value;
    const current = this.get(action.key);
    if (action.type === 'toggle') return typeof current === 'boolean' ? !current : undefined;
    if (typeof current !== 'number') return undefined;
    const by = action.by ?? 1;
    const next = action.type === 'increment' ? current + by : current - by;
    return Number.isFinite(next) ? next : undefined;
  }

  private pushChange(keys: string[], values: Scalar[]): void {
    this.push('change', null, changePayload(keys, values));
  }

  private push(kind: PendingEvent['kind'], name: string | null, payload: unknown): void {
    const stacks = this.tree.stacks.size === 0 ? {} : { stacks: this.stacksSnapshot() };
    this.events.push({ kind, name, payload, state: this.stateSnapshot(), pages: this.pagesSnapshot(), ...stacks });
  }

  stacksSnapshot(): Record<string, string[]> {
    const snapshot = new Map<string, readonly string[]>();
    for (const id of this.committed.stacks.keys()) snapshot.set(id, this.stack(id));
    return stacksRecord(snapshot);
  }

  stateSnapshot(): Record<string, Scalar> {
    const snapshot = { ...this.committed.state };
    for (const [key, value] of this.writes) setOwn(snapshot, key, value);
    return snapshot;
  }

  pagesSnapshot(): Record<string, number> {
    const snapshot: Record<string, number> = {};
    for (const id of this.committed.pages.keys()) snapshot[id] = this.page(id);
    return snapshot;
  }
}
