/**
 * The contract described for people: one-line summaries of what a rule accepts, markdown tables,
 * and the purpose of each node and action type. The MCP guide, the authoring doc and the editor
 * schema all describe the vocabulary with these, so they say the same thing.
 */
import { contract, iconNames, resolveRule, type Check, type ObjectShape, type Rule, type SimpleRule, type StringRule } from './index.ts';

const MAX_LISTED_ENUM_VALUES = 12;

/** One-line description of what a rule accepts. */
export function describeRule(rule: Rule): string {
  if (rule.kind === undefined) {
    // A named shape keeps its name; a named scalar (dp, hexColor, iconName …) says what it accepts.
    const target = resolveRule(rule);
    if (target.kind === 'union') return target.expected;
    return ['object', 'tagged', 'map', 'array'].includes(target.kind) ? `\`${rule.ref}\`` : describeRule(target);
  }
  switch (rule.kind) {
    case 'string':
      return describeString(rule);
    case 'number':
      return describeNumber(rule);
    case 'enum':
      return describeEnum(rule.enum ? enumOf(rule.enum) : (rule.values ?? []), rule.enum);
    case 'object':
      return 'object';
    case 'map':
      return `map of ${describeRule(rule.values)}`;
    case 'array':
      return `array of ${describeRule(rule.items)}${describeSize(rule.minItems, rule.maxItems)}${rule.unique ? ', distinct' : ''}${rule.uniqueBy ? `, distinct ${rule.uniqueBy}` : ''}`;
    case 'union':
      return rule.expected;
    case 'tagged':
      return `one of ${Object.keys(rule.variants).map((tag) => `{${rule.tag}: "${tag}"}`).join(', ')}`;
    case 'json':
      return rule.object ? 'JSON object' : 'JSON value';
    default:
      return rule.kind;
  }
}

function describeString(rule: Extract<Rule, { kind: 'string' }>): string {
  if (rule.expected) return rule.expected;
  if (rule.pattern === 'stateKey') return 'state key';
  if (rule.pattern) return contract.patternHints[rule.pattern] ?? `string matching ${contract.patterns[rule.pattern]}`;
  return rule.nonempty || rule.nonblank ? 'nonempty string' : 'string';
}

function describeNumber(rule: Extract<Rule, { kind: 'number' }>): string {
  const noun = rule.integer ? 'integer' : rule.positive ? 'positive number' : 'number';
  if (rule.min !== undefined && rule.max !== undefined) return `${noun} ${rule.min}–${rule.max}`;
  if (rule.min !== undefined) return `${noun} ≥ ${rule.min}`;
  if (rule.max !== undefined) return `${noun} ≤ ${rule.max}`;
  return noun;
}

function describeSize(minItems: number | undefined, maxItems: number | undefined): string {
  if (minItems && maxItems !== undefined) return ` (${minItems}–${maxItems})`;
  if (minItems) return ` (at least ${minItems})`;
  return maxItems !== undefined ? ` (at most ${maxItems})` : '';
}

function enumOf(name: string): readonly string[] {
  return name === 'iconName' ? iconNames : ((contract.enums as Record<string, readonly string[]>)[name] ?? []);
}

function describeEnum(values: readonly string[], name: string | undefined): string {
  if (name === 'iconName') return `icon name (${iconNames.length} names; search protostage://icons/{query})`;
  const shown = values.slice(0, MAX_LISTED_ENUM_VALUES).map((value) => `\`${value}\``).join(' \\| ');
  return values.length > MAX_LISTED_ENUM_VALUES ? `${shown} … (${values.length} values)` : shown;
}

/** The properties of a shape on one line: `name`* (required): what it accepts; … */
export function propertyList(shape: ObjectShape): string {
  const required = new Set(shape.required ?? []);
  const entries = Object.entries(shape.properties).map(([name, rule]) => `\`${name}\`${required.has(name) ? '*' : ''}: ${describeRule(rule)}`);
  return entries.length > 0 ? entries.join('; ') : '—';
}

/** A string or scalar field reachable from a shape, named by its dotted path (`listItem.trailing.stateKey`). */
export interface LeafField {
  where: string;
  rule: StringRule | SimpleRule;
}

/**
 * The string and scalar fields of a shape, through named definitions, nested objects, tagged
 * variants (each field once) and arrays (`options[].label`); not into child nodes, actions or
 * conditions, which are shapes of their own.
 */
export function leafFields(shape: ObjectShape, where: string): LeafField[] {
  const fields: LeafField[] = [];
  const seen = new Set<string>();
  const visitShape = (object: ObjectShape, path: string, followed: ReadonlySet<string>) => {
    for (const [name, rule] of Object.entries(object.properties)) visit(rule, `${path}.${name}`, followed);
  };
  const visit = (rule: Rule, path: string, followed: ReadonlySet<string>): void => {
    if (rule.kind === undefined) {
      // A definition that contains itself (selector containers) is followed once.
      const target = contract.definitions[rule.ref];
      if (target && !followed.has(rule.ref)) visit(target, path, new Set([...followed, rule.ref]));
    } else if (rule.kind === 'string' || rule.kind === 'scalar') {
      if (!seen.has(path)) fields.push({ where: path, rule });
      seen.add(path);
    } else if (rule.kind === 'object') {
      visitShape(rule, path, followed);
    } else if (rule.kind === 'tagged') {
      for (const variant of Object.values(rule.variants)) visitShape(variant, path, followed);
    } else if (rule.kind === 'array') {
      visit(rule.items, `${path}[]`, followed);
    }
  };
  visitShape(shape, where, new Set());
  return fields;
}

/** A markdown table; newlines inside cells become spaces. */
export function table(header: string[], rows: string[][]): string {
  const escape = (cell: string) => cell.replace(/\n/g, ' ');
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`)].join('\n');
}

/** A contract definition that is an object shape (style, window …), if it is one. */
export function objectDefinition(name: string): ObjectShape | undefined {
  const rule = (contract.definitions as Record<string, Rule>)[name];
  return rule && rule.kind === 'object' ? rule : undefined;
}

/** What each top-level field of a spec is for, in one line. */
export const topLevelPurposes: Readonly<Record<string, string>> = {
  id: 'Names the prototype; showing the same id again replaces it in place',
  window: 'Where the prototype is drawn: placement, opacity, layer, persistence',
  state: 'Initial state: a flat map of state keys to strings, finite numbers and booleans',
  storage: 'State keys and data pointers the device keeps for this id across shows, with a version',
  data: 'Agent-owned JSON the spec binds: {data:/pointer} text, data conditions, repeats over an array, and the data actions',
  motion: 'Animation of transitions: standard, or none for instant changes',
  theme: 'The Material 3 scheme, type scale and corner shapes components draw from',
  components: 'Reusable node templates, placed with use nodes',
  root: 'The node tree drawn in the window',
};

/** What each node type is for, in one line (a test keeps it in step with the contract's node list). */
export const nodePurposes: Readonly<Record<string, string>> = {
  box: 'Stacks its children on top of each other, aligned by style.alignment',
  row: 'Lays its children out left to right (start to end), with style.arrangement and spacing',
  column: 'Lays its children out top to bottom, with style.arrangement and spacing',
  text: 'A run of text; {key} reads a state value',
  image: 'A picture from an asset supplied with the show (or a {light, dark} pair)',
  icon: 'A Material icon from the closed list, in one of five variants',
  spacer: 'Empty space; give it a size or a weight',
  textField: 'A single-line text input bound to a string state key',
  switch: 'An on/off switch bound to a boolean state key',
  checkbox: 'A checkbox bound to a boolean state key',
  button: 'A Material 3 button with a label, an optional icon and onTap actions',
  radioGroup: 'Two to 16 radio options; the chosen value is written to a string state key',
  listItem: 'A list row: headline, supporting text, leading icon and a trailing switch, checkbox or icon',
  slider: 'A number between min and max (in steps) bound to a number state key',
  chip: 'An assist, filter, input or suggestion chip; a filter chip binds a boolean state key',
  card: 'A Material 3 card (filled, elevated or outlined) around its children',
  iconButton: 'A button showing only an icon',
  chart: 'A line, bar, area, pie or donut chart of rows (literal or a data pointer); a tap on a point, bar or slice writes its row index to stateKey',
  map: 'An offline schematic world map (country outlines, no tiles) with markers; pan and pinch move it, a tap on a marker writes its id to stateKey',
  videoPlayer: 'A video (an MP4 or WebM asset) with a poster image and Material controls; playingKey follows play, pause and the end, onEnded runs at the end',
  cameraPreview: 'The device camera\'s live picture; its shutter keeps the frame as a new image asset and writes that asset id to captureKey (an image with assetKey shows it), then runs onCapture',
  castButton: 'The cast button: the cast icon, connected while stateKey is true; a tap toggles it and runs onTap',
  pasteButton: 'A paste button (label default Paste): a tap writes the device clipboard\'s text to stateKey, then runs onTap',
  fab: 'A floating action button, optionally extended with a label',
  segmentedButton: 'Two to five segments; the chosen value is written to a string state key',
  topAppBar: 'The bar at the top of a screen: title, navigation icon and up to three actions',
  divider: 'A thin horizontal or vertical line',
  badge: 'A small badge, empty (a dot) or with short text',
  progress: 'A linear or circular progress indicator, indeterminate or bound to a number state key',
  dialog: 'A modal dialog shown while its openWhen key equals the given boolean',
  snackbar: 'A brief message at the bottom, shown while its openWhen key holds',
  timePicker: 'An hour and minute picker bound to two integer state keys',
  datePicker: 'A calendar date picker bound to a YYYY-MM-DD string state key; parts `<testTag>.<YYYY-MM-DD>` (days), `.previous`, `.next`, `.years` (the month menu), `.year.<YYYY>`, `.mode` (to a typed MM/DD/YYYY date and back) and `.input`',
  scroll: 'Scrolls one child vertically or horizontally',
  pager: 'Swipeable pages, one per child; tabBar, bottomNav and setPage refer to it by id',
  flow: 'A row that wraps its children onto further lines (maxLines clips after that many), spacing between items and runSpacing between lines',
  carousel: 'A sideways scrolling row of itemWidth-wide items that snaps to an item (multiBrowse, hero or uncontained); no page events (use a pager for those)',
  grid: 'Children placed row by row in columns (a fixed count, or as many of at least minWidth as fit); a child spans 1 or more columns',
  list: 'A long vertical list that scrolls itself and draws only the rows near the screen (children or a repeat, with a header and footer); the first row on screen stays put across data writes',
  adaptive: 'Panes arranged by the window width class: listDetail (one pane or side by side), navigationSuite (a bottom bar or a rail) or supporting (a sheet or a side pane)',
  stack: 'A navigation stack of named screens (node subtrees), starting on initial; push, pop, replace and popToRoot change it, and the system back pops it',
  tabBar: 'Tabs that move a pager or write the selected index to a state key',
  bottomNav: 'A navigation bar of two to five items that moves a pager or writes an index to a state key',
  bottomSheet: 'A sheet sliding up from the bottom with detents, shown while its openWhen key holds',
  searchBar: 'A search field bound to a string state key, with a clear button and up to two actions; while its activeKey is true it shows its child (the results)',
  tooltip: 'A bubble pointing at the node whose id anchorTo names, shown while its openWhen key holds; a spotlight dims everything around that node',
  drawer: 'A modal side panel at the start or end edge, shown while its openWhen key holds; the scrim, Back and an outward swipe close it',
  menu: 'A menu of up to 16 items and dividers under its parent\'s bottom end, shown while its openWhen key holds; an item closes it and runs its onTap',
  select: 'A field showing the chosen option of 2 to 32; tapping it lists the options under it, and a choice writes its value to a string state key',
};

/** What each action type does, in one line. */
export const actionPurposes: Readonly<Record<string, string>> = {
  if: 'Runs `then` when the condition `when` holds at that point of the list (earlier writes of the list seen), else `else`',
  emit: 'Sends a named event (with an optional JSON payload) to the agent',
  setPage: 'Moves a pager to a page index, or to the next or previous page',
  setState: 'Writes a scalar value (or the scalar at {data: pointer}) to a state key',
  toggle: 'Flips a declared boolean state key',
  increment: 'Adds `by` (default 1) to a declared number state key',
  decrement: 'Subtracts `by` (default 1) from a declared number state key',
  dismiss: 'Closes the prototype (the agent receives a dismissed event)',
  setData: 'Writes a value at a data pointer (an object member or an existing array item)',
  appendData: 'Adds a row (or, with spread, each row of an array) at the end of a data array; maxItems drops the oldest',
  prependData: 'Adds a row (or, with spread, each row of an array) at the front of a data array; maxItems drops the last',
  removeData: 'Removes an object member or an array item from the data',
  startTimer: 'Starts (or restarts) the timer `id`: onFire runs after afterMs, then every everyMs (times runs in all, when given)',
  cancelTimer: 'Stops the timer `id` (nothing happens when none runs)',
  push: 'Puts screen on top of the stack `stack` (a screen already in the stack, or a full stack of 16, changes nothing)',
  pop: 'Takes the top screen off the stack `stack` (its root screen stays)',
  replace: 'Swaps the top screen of the stack `stack` for screen',
  popToRoot: 'Takes every screen but the root off the stack `stack`',
  platform: 'Calls the platform: haptics.perform, sound.play, links.open or share.open (with requires.platform ["share"]); completes with into, statusKey and onSuccess / onError',
  request: 'Sends an HTTP request (through the host, or via "device" from the device) and writes the response into a data member, with statusKey and onSuccess / onError',
};

/** What a property accepts, with the state value a bound key must hold and any capability it needs. */
export function accepts(rule: Rule): string {
  if (rule.kind === 'object') return shapeSummary(rule);
  if (rule.kind === 'array' && rule.items.kind === 'object') return describeRule(rule).replace(/^array of object/, `array of ${shapeSummary(rule.items)}`);
  if (rule.kind === 'map') {
    const bound = rule.maxProperties === undefined ? '' : `, ${rule.minProperties ?? 0} to ${rule.maxProperties} entries`;
    return `map of ${rule.keyEnum ?? (rule.keyPattern === 'stateKey' ? 'state key' : rule.keyPattern === 'screenName' ? 'screen name' : 'name')} → ${describeRule(rule.values)}${bound}`;
  }
  const resolved = rule.kind === undefined ? contract.definitions[rule.ref] : rule;
  const binding = resolved?.kind === 'string' && resolved.binding ? ` → ${bindingNoun(resolved.binding.type)}` : '';
  const capability = rule.capability ?? resolved?.capability;
  const valueCapabilities = resolved?.kind === 'enum' && resolved.valueCapabilities ? valueCapabilityNote(resolved.valueCapabilities) : '';
  return `${describeRule(rule)}${binding}${capability ? ` (needs ${capability})` : ''}${valueCapabilities}`;
}

/** "(sharedAxisX, sharedAxisY need prototype_stack_patterns_v1)": the values that need a capability of their own. */
function valueCapabilityNote(capabilities: Record<string, string>): string {
  const byCapability = new Map<string, string[]>();
  for (const [value, capability] of Object.entries(capabilities)) byCapability.set(capability, [...(byCapability.get(capability) ?? []), value]);
  return [...byCapability].map(([capability, values]) => ` (${values.join(', ')} need ${capability})`).join('');
}

function bindingNoun(type: string): string {
  return type === 'any' ? 'any state value' : type === 'date' ? 'date string state value' : `${type} state value`;
}

export function shapeTable(shape: ObjectShape): string {
  const required = new Set(shape.required ?? []);
  const rows = Object.entries(shape.properties).map(([name, rule]) => [`\`${name}\``, required.has(name) ? 'yes' : '', accepts(rule)]);
  return table(['property', 'required', 'accepts'], rows);
}

export function shapeSummary(shape: ObjectShape): string {
  const required = new Set(shape.required ?? []);
  const fields = Object.entries(shape.properties).map(([name, rule]) => `\`${name}\`${required.has(name) ? '*' : ''}: ${accepts(rule)}`);
  const checks = (shape.checks ?? []).map(describeCheck);
  const extra = shape.propertiesFromEnum ? [`one property per ${shape.propertiesFromEnum.enum}: ${accepts(shape.propertiesFromEnum.rule)}`] : [];
  const all = [...fields, ...extra];
  return `${all.length > 0 ? `{${all.join('; ')}}` : '{}'}${checks.length > 0 ? `, ${checks.join('; ')}` : ''}`;
}

export function describeCheck(check: Check): string {
  const names = (fields: string[]) => fields.map((field) => `\`${field}\``).join(' or ');
  switch (check.rule) {
    case 'exactlyOne':
      return `exactly one of ${names(check.fields)}`;
    case 'atLeastOne':
      return `at least one of ${names(check.fields)}`;
    case 'less':
      return `\`${check.field}\` < \`${check.than}\``;
    case 'dividesRange':
      return `\`${check.field}\` divides \`${check.max}\` − \`${check.min}\` evenly`;
    case 'requiredWhen':
      return `\`${check.field}\` is required when \`${check.when}\` is ${check.in.join(', ')}`;
    case 'forbiddenWhen':
      return `no \`${check.field}\` when \`${check.when}\` is ${check.in.join(', ')}`;
    case 'forbiddenWith':
      return `\`${check.field}\` only without \`${check.with}\``;
    case 'forbiddenWithout':
      return `\`${check.field}\` only with \`${check.without}\``;
    case 'distinct':
      return `${check.fields.map((field) => `\`${field}\``).join(' and ')} name different keys`;
    case 'keyOf':
      return `\`${check.field}\` names one of \`${check.of}\``;
  }
}
