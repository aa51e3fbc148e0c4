/**
 * The worked examples of examples/ as MCP resources, protostage://examples/{name}: complete specs
 * an agent copies and changes. The guide links the first-hour ones; every one is listed.
 */
import { readFileSync, readdirSync } from 'node:fs';

const EXAMPLES_DIR = new URL('../../examples/', import.meta.url);

export const EXAMPLE_URI_TEMPLATE = 'protostage://examples/{name}';

export function exampleUri(name: string): string {
  return `protostage://examples/${encodeURIComponent(name)}`;
}

/**
 * What each example shows, in the order the guide lists them: the screens people ask for first,
 * then the rest. A test keeps this in step with the files in examples/.
 */
export const EXAMPLE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'sign-in': 'A sign-in form: outlined fields, a secure password, error text once Sign in is tried with an empty field, an if action that signs in and shows a snackbar only once both are filled',
  todo: 'A to-do list from data: a repeat with `as`, add what was typed with a value template (Add enabled once something is typed), check off and back with one icon toggle, swipe to delete, an empty state counted from the list',
  shop: 'A push/pop navigation stack: a list from data, a detail screen, a cart with a badge on the cart icon',
  settings: 'A settings screen: switches, checkboxes, a select, an overflow menu, and strings in English and German; its theme and language selects re-theme and re-translate it live',
  dashboard: 'A dashboard: a bar chart, a map with markers, pull to refresh, cards of figures',
  'filters-sheet': 'A modal bottom sheet of filter chips, a slider and a segmented button',
  'confirm-dialog': 'A confirm dialog with Keep / Remove, and a snackbar with Undo',
  onboarding: 'A pager onboarding with dots, a tab bar bound to it, Next and Skip',
  weather: 'A request that loads data, with loading, success and error states and Try again',
  alarm: 'A time picker and list items with switches',
  booking: 'A segmented button, date picker, radio group, checkbox and bottom navigation',
  cart: 'A cart in three languages with plural forms, Arabic laid out right to left',
  chat: 'A chat in an app-layer window under the keyboard, with a composer padded for the keyboard',
  contact: 'A contact card with platform calls: share sheet, haptics, a link',
  countdown: 'A countdown driven by timers: onAppear, startTimer, cancelTimer',
  'dashboard-dark': 'A dark theme with per-mode colours, a gradient card and a segmented range',
  feed: 'A feed from data with Like swapped by a data condition and Load older appending rows',
  mail: 'An adaptive mail client: navigation suite, list-detail and a supporting pane, swipe actions',
  'quick-reply': 'A sheet window placement over the app with suggestion chips and dismiss',
  'shopping-list': 'A repeat over items with a reusable component and per-row state keys',
  'style-sheet': 'Effects, glass, layered shadows and gradient borders',
};

/** The examples people ask for first, which the guide names. */
export const FIRST_HOUR_EXAMPLES = ['sign-in', 'todo', 'shop', 'settings', 'dashboard', 'filters-sheet', 'confirm-dialog', 'onboarding', 'weather'] as const;

/** Names of the example specs in examples/ (without .json), sorted. */
export function exampleNames(): string[] {
  return readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length)).sort();
}

/** The spec text of one example, or null for a name that is not one. */
export function exampleText(name: string): string | null {
  if (!exampleNames().includes(name)) return null;
  return readFileSync(new URL(`${name}.json`, EXAMPLES_DIR), 'utf8');
}

/** The guide's line naming the first-hour examples by URI. */
export function examplesLine(): string {
  return FIRST_HOUR_EXAMPLES.map((name) => `\`${exampleUri(name)}\` (${EXAMPLE_DESCRIPTIONS[name]})`).join('; ');
}
