// Material 3 time picker (dial) and date picker (calendar), each bound to state keys.
import { useContext, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { DatePickerNode, TimePickerNode } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { useEnv } from '../env.ts';
import { Frame } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import type { NodeProps } from '../node.tsx';
import { DialogSurface } from './overlays.tsx';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** On a dialog's surface a picker draws no surface of its own (Material's picker dialogs). */
const ON_DIALOG = { width: 'auto', minWidth: '0px', padding: '0px', background: 'transparent', borderRadius: '0px' };

/** An inline time picker is Compose's TimePicker: no surface and no title of its own, centred. */
const INLINE_TIME = { width: 'auto', padding: '0px', background: 'transparent', borderRadius: '0px', alignSelf: 'center' };

/** The picker's look where it is drawn, and whether it shows its own "Select …" title. */
function usePickerPlacement(kind: 'time' | 'date'): { base: Record<string, string> | undefined; ownTitle: boolean } {
  const dialog = useContext(DialogSurface);
  if (dialog) return { base: ON_DIALOG, ownTitle: !dialog.titled };
  return kind === 'time' ? { base: INLINE_TIME, ownTitle: false } : { base: undefined, ownTitle: true };
}

/** The accessibility value of a time: `07:30`, always 24-hour. */
export function timeValue(hour: number, minute: number): string {
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** Hour shown on a 12-hour clock face (12, 1 … 11). */
export function twelveHour(hour: number): number {
  return hour % 12 === 0 ? 12 : hour % 12;
}

const DIAL_RADIUS = 128;
const OUTER_RING = 100;
const INNER_RING = 64;

/** Position of a dial number (0 at the top, clockwise), in dp from the dial's top-left. */
export function dialPosition(index: number, count: number, ring: number): { x: number; y: number } {
  const angle = (index / count) * 2 * Math.PI;
  return { x: DIAL_RADIUS + ring * Math.sin(angle), y: DIAL_RADIUS - ring * Math.cos(angle) };
}

type DialEntry = { label: string; hour?: number; minute?: number; ring: number; index: number };

function hourEntries(is24Hour: boolean, pm: boolean): DialEntry[] {
  const entries: DialEntry[] = [];
  for (let index = 0; index < 12; index++) {
    const face = index === 0 ? 12 : index;
    if (is24Hour) {
      entries.push({ label: String(face === 12 ? 0 : face).padStart(face === 12 ? 2 : 1, '0'), hour: face === 12 ? 0 : face, ring: INNER_RING, index });
      entries.push({ label: String(face === 12 ? 12 : face + 12), hour: face === 12 ? 12 : face + 12, ring: OUTER_RING, index });
    } else {
      entries.push({ label: String(face), hour: (face % 12) + (pm ? 12 : 0), ring: OUTER_RING, index });
    }
  }
  return entries;
}

function minuteEntries(): DialEntry[] {
  return Array.from({ length: 12 }, (_, index) => ({ label: pad2(index * 5), minute: index * 5, ring: OUTER_RING, index }));
}

/** Where a point on the dial (dp from its top-left) lies: its turn clockwise from the top, 0..1, and its distance from the centre. */
export function dialPoint(x: number, y: number): { turn: number; distance: number } {
  const dx = x - DIAL_RADIUS;
  const dy = y - DIAL_RADIUS;
  return { turn: (Math.atan2(dx, -dy) / (2 * Math.PI) + 1) % 1, distance: Math.hypot(dx, dy) };
}

/**
 * The time a finger on the dial picks, as Material's dial does: the hour nearest its angle (on a
 * 24-hour dial, the inner ring when it is nearer the centre), or any minute.
 */
export function timeAtDial(point: { turn: number; distance: number }, mode: 'hour' | 'minute', is24Hour: boolean, time: { hour: number; minute: number }): { hour: number; minute: number } {
  if (mode === 'minute') return { hour: time.hour, minute: Math.round(point.turn * 60) % 60 };
  const index = Math.round(point.turn * 12) % 12;
  const inner = is24Hour && point.distance < (INNER_RING + OUTER_RING) / 2;
  const entry = hourEntries(is24Hour, time.hour >= 12).find((candidate) => candidate.index === index && (candidate.ring === INNER_RING) === inner)!;
  return { hour: entry.hour!, minute: time.minute };
}

/**
 * Material's time picker: hour and minute boxes, AM/PM, and a dial. A press on the dial picks by
 * its angle and follows the finger; the release stores the time (one change), and after an hour
 * the dial turns to minutes. Its numbers are tagged parts (`.hour.<h>`, `.minute.<m>`).
 */
export function TimePicker({ node, parent, env }: NodeProps<TimePickerNode>) {
  const [mode, setMode] = useState<'hour' | 'minute'>('hour');
  /** The time under a finger pressing the dial, shown until it lifts. */
  const [pressed, setPressed] = useState<{ hour: number; minute: number } | null>(null);
  const is24Hour = node.is24Hour ?? false;
  const pm = node.hour >= 12;
  const pick = (hour: number, minute: number) => env.interact({ type: 'pickTime', key: node.key, hour, minute });
  const choose = (time: { hour: number; minute: number }) => {
    pick(time.hour, time.minute);
    if (mode === 'hour') setMode('minute');
  };
  const shown = pressed ?? { hour: node.hour, minute: node.minute };
  const entries = mode === 'hour' ? hourEntries(is24Hour, pm) : minuteEntries();
  const selectedEntry = entries.find((entry) => (mode === 'hour' ? entry.hour === shown.hour : entry.minute === shown.minute));
  const hand = mode === 'minute' ? { ring: OUTER_RING, index: shown.minute / 5 } : selectedEntry ?? null;
  const part = (name: string, role: string | null, text: string, selected?: boolean) =>
    a11yAttributes({ id: `${node.key}#${name}`, testTag: partTag(node.testTag, name), role, text, ...(selected === undefined ? {} : { selected }) });
  const timeAt = (event: PointerEvent) => {
    const box = (event.currentTarget as Element).getBoundingClientRect();
    return timeAtDial(dialPoint(event.clientX - box.left, event.clientY - box.top), mode, is24Hour, node);
  };
  const onPointerDown = (event: PointerEvent) => {
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    setPressed(timeAt(event));
  };
  const onPointerMove = (event: PointerEvent) => {
    if (pressed) setPressed(timeAt(event));
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!pressed) return;
    setPressed(null);
    choose(timeAt(event));
  };
  const value = timeValue(node.hour, node.minute);
  const placement = usePickerPlacement('time');
  return (
    <Frame env={env} node={node} parent={parent} class="ps-time-picker" base={placement.base} a11y={{ id: node.key, testTag: node.testTag, role: null, text: node.label ?? value }}>
      {placement.ownTitle ? <div class="ps-picker-title">Select time</div> : null}
      <div class="ps-time-header">
        <button type="button" class={mode === 'hour' ? 'ps-time-box ps-on' : 'ps-time-box'} {...part('hour', 'Button', pad2(is24Hour ? node.hour : twelveHour(node.hour)), mode === 'hour')} onClick={() => setMode('hour')}>
          {pad2(is24Hour ? shown.hour : twelveHour(shown.hour))}
        </button>
        <span class="ps-time-colon">:</span>
        <button type="button" class={mode === 'minute' ? 'ps-time-box ps-on' : 'ps-time-box'} {...part('minute', 'Button', pad2(node.minute), mode === 'minute')} onClick={() => setMode('minute')}>
          {pad2(shown.minute)}
        </button>
        {is24Hour ? null : (
          <div class="ps-time-period">
            <button type="button" class={pm ? 'ps-period' : 'ps-period ps-on'} {...part('am', 'Button', 'AM', !pm)} onClick={() => pm && pick(node.hour - 12, node.minute)}>AM</button>
            <button type="button" class={pm ? 'ps-period ps-on' : 'ps-period'} {...part('pm', 'Button', 'PM', pm)} onClick={() => !pm && pick(node.hour + 12, node.minute)}>PM</button>
          </div>
        )}
      </div>
      <div class="ps-dial" style={{ touchAction: 'none' }} onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={() => setPressed(null)}>
        <span class="ps-dial-center" />
        {hand ? <DialHand ring={hand.ring} index={hand.index} count={12} /> : null}
        {hand && !selectedEntry ? <DialSelector index={hand.index} /> : null}
        {entries.map((entry) => {
          const position = dialPosition(entry.index, 12, entry.ring);
          const selected = entry === selectedEntry;
          const name = mode === 'hour' ? `hour.${entry.hour}` : `minute.${entry.minute}`;
          return (
            <button
              type="button"
              key={name}
              class={`ps-dial-number${selected ? ' ps-on' : ''}${entry.ring === INNER_RING ? ' ps-inner' : ''}`}
              style={{ left: `${position.x - 24}px`, top: `${position.y - 24}px` }}
              {...part(name, 'Button', entry.label, selected)}
              // Presses are the dial's; a click without one (the keyboard) picks the number itself.
              onClick={(event) => event.detail === 0 && choose({ hour: entry.hour ?? node.hour, minute: entry.minute ?? node.minute })}
            >
              {entry.label}
            </button>
          );
        })}
      </div>
    </Frame>
  );
}

/** The selector at the hand's end for a minute between the printed fives: a disc with a dot. */
function DialSelector({ index }: { index: number }) {
  const position = dialPosition(index, 12, OUTER_RING);
  const style = {
    position: 'absolute', left: `${position.x - 24}px`, top: `${position.y - 24}px`, width: '48px', height: '48px', borderRadius: '50%',
    background: 'radial-gradient(circle, var(--md-sys-color-on-primary) 2px, var(--md-sys-color-primary) 3px)',
  };
  return <span class="ps-dial-selector" style={style} />;
}

function DialHand({ ring, index, count }: { ring: number; index: number; count: number }) {
  const degrees = (index / count) * 360;
  return <span class="ps-dial-hand" style={{ height: `${ring}px`, rotate: `${degrees}deg` }} />;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface CalendarMonth {
  year: number;
  /** 0-based. */
  month: number;
}

/** Parses `YYYY-MM-DD` (already validated by the runtime). */
export function parseDate(value: string): { year: number; month: number; day: number } {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month: month - 1, day };
}

export function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad2(month + 1)}-${pad2(day)}`;
}

/** The day cells of a month view: leading blanks (null) for the weekday of the 1st, then days. */
export function monthGrid({ year, month }: CalendarMonth): Array<number | null> {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return [...Array.from({ length: first }, () => null), ...Array.from({ length: days }, (_, i) => i + 1)];
}

export function shiftMonth({ year, month }: CalendarMonth, by: number): CalendarMonth {
  const index = year * 12 + month + by;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

/** The years a date picker offers, as Compose's default year range. */
export const DATE_PICKER_YEARS = { first: 1900, last: 2100 } as const;

/** A typed date in the picker's input mode (MM/DD/YYYY, as Compose's DateInput in English), or null. */
export function parseTypedDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (match === null) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_PICKER_YEARS.first || year > DATE_PICKER_YEARS.last || month < 1 || month > 12) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? formatDate(year, month - 1, day) : null;
}

/** A bound date as the input mode shows it. */
export function typedDate(value: string): string {
  const { year, month, day } = parseDate(value);
  return `${pad2(month + 1)}/${pad2(day)}/${year}`;
}

type DatePickerView = 'days' | 'years' | 'input';

/**
 * A calendar (days, or the years its month menu opens) or a date field, as the mode icon switches.
 * Parts: `<testTag>.previous`, `.next`, `.years`, `.year.<YYYY>`, `.mode`, `.input` and each day `.<YYYY-MM-DD>`.
 */
export function DatePicker({ node, parent, env }: NodeProps<DatePickerNode>) {
  const selected = parseDate(node.value);
  const [shown, setShown] = useState<CalendarMonth>({ year: selected.year, month: selected.month });
  const [view, setView] = useState<DatePickerView>('days');
  // A new bound value (setState, re-show) moves the calendar to its month, before the next press
  // (an effect would wait for a frame, and undo a month arrow pressed before it).
  useLayoutEffect(() => setShown((month) => (month.year === selected.year && month.month === selected.month ? month : { year: selected.year, month: selected.month })), [node.value]);
  const weekday = new Date(Date.UTC(selected.year, selected.month, selected.day)).getUTCDay();
  const headline = `${SHORT_WEEKDAYS[weekday]}, ${MONTHS[selected.month]!.slice(0, 3)} ${selected.day}`;
  const part = (name: string, role: string, text: string, selectedState?: boolean) =>
    a11yAttributes({ id: `${node.key}#${name}`, testTag: partTag(node.testTag, name), role, text, ...(selectedState === undefined ? {} : { selected: selectedState }) });
  const placement = usePickerPlacement('date');
  const typing = view === 'input';
  return (
    <Frame env={env} node={node} parent={parent} class="ps-date-picker" base={placement.base} a11y={{ id: node.key, testTag: node.testTag, role: null, text: node.label ?? node.value }}>
      {placement.ownTitle ? <div class="ps-picker-title">{typing ? 'Enter date' : 'Select date'}</div> : null}
      <div class="ps-date-head">
        <div class="ps-date-headline">{headline}</div>
        <button type="button" class="ps-date-arrow" {...part('mode', 'Button', typing ? 'Switch to calendar input mode' : 'Switch to text input mode')} onClick={() => setView(typing ? 'days' : 'input')}>
          <Icon name={typing ? 'calendar_today' : 'edit'} />
        </button>
      </div>
      <div class="ps-date-divider" />
      {typing ? <DateInput node={node} part={part} /> : <Calendar node={node} shown={shown} setShown={setShown} view={view} setView={setView} part={part} />}
    </Frame>
  );
}

type PartAttributes = (name: string, role: string, text: string, selectedState?: boolean) => Record<string, unknown>;

function Calendar({ node, shown, setShown, view, setView, part }: { node: DatePickerNode; shown: CalendarMonth; setShown(month: CalendarMonth): void; view: DatePickerView; setView(view: DatePickerView): void; part: PartAttributes }) {
  const env = useEnv();
  const canGoBack = shown.year * 12 + shown.month > DATE_PICKER_YEARS.first * 12;
  const canGoForward = shown.year * 12 + shown.month < DATE_PICKER_YEARS.last * 12 + 11;
  const years = view === 'years';
  return (
    <>
      <div class="ps-date-nav">
        <button type="button" class="ps-date-month" {...part('years', 'Button', `${MONTHS[shown.month]} ${shown.year}`, years)} onClick={() => setView(years ? 'days' : 'years')}>
          {`${MONTHS[shown.month]} ${shown.year}`}
          <Icon name={years ? 'arrow_drop_up' : 'arrow_drop_down'} size={18} />
        </button>
        {years ? null : (
          <>
            <button type="button" class="ps-date-arrow" disabled={!canGoBack} {...part('previous', 'Button', 'Previous month')} onClick={() => canGoBack && setShown(shiftMonth(shown, -1))}>
              <Icon name="chevron_left" class="ps-mirror" />
            </button>
            <button type="button" class="ps-date-arrow" disabled={!canGoForward} {...part('next', 'Button', 'Next month')} onClick={() => canGoForward && setShown(shiftMonth(shown, 1))}>
              <Icon name="chevron_right" class="ps-mirror" />
            </button>
          </>
        )}
      </div>
      {years ? <YearGrid shown={shown} choose={(year) => { setShown({ year, month: shown.month }); setView('days'); }} part={part} /> : (
        <div class="ps-date-grid">
          {WEEKDAYS.map((day, i) => <span key={`w${i}`} class="ps-date-weekday">{day}</span>)}
          {monthGrid(shown).map((day, i) => {
            if (day === null) return <span key={`b${i}`} />;
            const date = formatDate(shown.year, shown.month, day);
            const isSelected = date === node.value;
            const classes = `ps-date-day${isSelected ? ' ps-on' : ''}${date === env.today ? ' ps-today' : ''}`;
            return (
              <button type="button" key={date} class={classes} {...part(date, 'Button', String(day), isSelected)} onClick={() => env.interact({ type: 'pickDate', key: node.key, date })}>
                {day}
              </button>
            );
          })}
        </div>
      )}
    </>
  );
}

/** The years of the month menu, the shown one in view and marked; a choice shows that year's month. */
function YearGrid({ shown, choose, part }: { shown: CalendarMonth; choose(year: number): void; part: PartAttributes }) {
  const grid = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const current = grid.current?.querySelector('.ps-on') as HTMLElement | null;
    if (current && grid.current) grid.current.scrollTop = current.offsetTop - grid.current.clientHeight / 2 + current.offsetHeight / 2;
  }, []);
  const years = Array.from({ length: DATE_PICKER_YEARS.last - DATE_PICKER_YEARS.first + 1 }, (_, index) => DATE_PICKER_YEARS.first + index);
  return (
    <div class="ps-date-years" ref={grid}>
      {years.map((year) => (
        <button type="button" key={year} class={year === shown.year ? 'ps-date-year ps-on' : 'ps-date-year'} {...part(`year.${year}`, 'Button', String(year), year === shown.year)} onClick={() => choose(year)}>
          {year}
        </button>
      ))}
    </div>
  );
}

/** The input mode: a date typed as MM/DD/YYYY is picked as soon as it is a real date in range. */
function DateInput({ node, part }: { node: DatePickerNode; part: PartAttributes }) {
  const env = useEnv();
  const [text, setText] = useState(() => typedDate(node.value));
  const invalid = text.length >= 10 && parseTypedDate(text) === null;
  return (
    <label class={invalid ? 'ps-date-input ps-error' : 'ps-date-input'}>
      <span class="ps-date-input-label">Date</span>
      <input
        type="text"
        inputMode="numeric"
        maxLength={10}
        placeholder="MM/DD/YYYY"
        value={text}
        {...part('input', 'TextField', 'Date')}
        onInput={(event) => {
          const typed = (event.currentTarget as HTMLInputElement).value;
          setText(typed);
          const date = parseTypedDate(typed);
          if (date !== null && date !== node.value) env.interact({ type: 'pickDate', key: node.key, date });
        }}
      />
      {invalid ? <span class="ps-date-input-error">Date does not match the expected pattern: MM/DD/YYYY</span> : null}
    </label>
  );
}
