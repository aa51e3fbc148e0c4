/**
 * The rules a JSON Schema cannot express (byte budgets, counts across the tree, cross references,
 * state binding types, value comparisons, component expansion), as the editor schema's top-level
 * description. Lists are read from the contract, so a new binding or check shows up here.
 */
import { leafFields } from './describe.ts';
import { contract, limit, limits, type BindingRule, type ObjectShape } from './index.ts';

/** The description of the editor schema: what it is, then every rule only the validator checks. */
export function unexpressedRules(): string {
  return [
    'A Protostage prototype spec. Generated from schemas/prototype-spec-contract.json by `protostage schema`; do not edit.',
    'The validator (`protostage validate`) also checks these rules, which this schema cannot express:',
    ...unexpressedRuleList().map((rule) => `- ${rule}`),
  ].join('\n');
}

/** One sentence per rule family. */
export function unexpressedRuleList(): string[] {
  return [
    `Bytes: strict UTF-8 JSON of at most ${limits.specBytes} bytes, no duplicate keys, no lone surrogates, nesting at most ${limits.jsonNesting} deep.`,
    `Tree limits: at most ${limits.nodes} nodes (every repeat instance and expanded use counted), nodes nest at most ${limits.depth} deep (the root has depth 1), at most ${limits.images} image uses (a {light, dark} pair of two ids counts twice), at most ${limits.animatedEffects} animated effects (a shimmer, wave or ripple with animate; every repeat instance counted).`,
    `State bindings: each field names a key of state holding the given value: ${bindingList()}.`,
    `Value comparisons: ${comparisonList()}.`,
    `Distinct entries: ${uniqueByList()}.`,
    `Pagers: pager ids are unique; ${pagerReferenceList()} name an existing pager id; no node inside a repeat template binds a pager; two pagers never share a stateKey; a vertical pager is not inside a vertical scroll.`,
    'Stacks: stack ids are unique; a stack\'s initial names one of its screens; the stack of a push, pop, replace or popToRoot action names an existing stack id, and its screen one of that stack\'s screens.',
    `Emit payload: at most ${limit('MAX_PROTOTYPE_EMIT_PAYLOAD_BYTES')} bytes of compact JSON (each number counts ${limit('EMIT_PAYLOAD_NUMBER_BYTES')} bytes), nesting at most ${limit('MAX_PROTOTYPE_EMIT_PAYLOAD_DEPTH')} deep.`,
    'Repeat templates: every {<as>.<field>} names a scalar field of every item, the placeholder alias is the container\'s `as`, a state key bound for any item is a valid key, and a name or label bound for any item is nonempty.',
    `Data: every data binding needs a root data object of at most ${limits.dataBytes} bytes (each number counts ${limit('EMIT_PAYLOAD_NUMBER_BYTES')}), ${limits.dataDepth} levels and ${limits.dataArrayItems} items per array; a repeat's items pointer names an array of objects in it; rows times template nodes of all data repeats stay within ${limits.repeatPathCells}; a text field with its data bound shows at most ${limits.substitutedText} UTF-16 units, and all such text at most ${limits.rebuiltText}.`,
    'onAppear: only the root and nodes with visibleWhen take it.',
    'Strings: default names one of the tables; every {t:key} in text names a key of the default table, and a {t:key|count} count a key in state; no entry holds {t:…}.',
    `Requests: a GET or HEAD request has no body; headers the platform sets (Host, Content-Length, Cookie, Origin, Sec-*, Proxy-* …) cannot be set; header and query values hold no line break and at most ${limits.requestValueChars} characters; into names a member of an object in data; the emit names prototype_request and prototype_platform are reserved; a platform call takes only its own args (haptics.perform style, sound.play sound, links.open url; share.open text, url, subject, images, files, contact, at least one of them not the subject) and share.open needs requires.platform ["share"]; action lists nest at most ${limits.actionDepth} deep.`,
    `Shared elements: sharedKey or shared, not both; a key is literal outside a repeat template and names its row by {<as>.<repeat key>} inside one (the repeat needs a key); a key is on at most two nodes, in one layer (not across a dialog or bottom sheet), never one inside the other; at most ${limits.sharedKeys} resolved keys; a zoom push or replace has a source naming exactly one shared node in its stack's screens.`,
    'Lists: a list is not inside a vertical scroll (nor a vertical scroll\'s descendants) or a repeat template.',
    'Flow and grid: span only on a direct child of a grid, at most a fixed grid\'s columns; style.runSpacing only on a flow or grid.',
    `Components: a use names a declared component; its props are exactly the {props.<field>} fields the component binds; no component uses itself, directly or through others; uses nest at most ${limits.componentDepth} deep; the expanded spec keeps the byte and tree limits. A component root is checked where it is used, as the expanded node with its props bound.`,
  ];
}

interface BindingSite {
  where: string;
  rule: BindingRule;
}

function bindingList(): string {
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const site of bindingSites()) {
    const entry = `${site.where} (${describeBinding(site.rule)})`;
    if (!seen.has(entry)) entries.push(entry);
    seen.add(entry);
  }
  return entries.join(', ');
}

function bindingSites(): BindingSite[] {
  const shapes: Array<[string, ObjectShape]> = [...Object.entries(contract.nodes), ...Object.entries(contract.actions).map(([type, shape]): [string, ObjectShape] => [`${type} action`, shape])];
  return shapes.flatMap(([where, shape]) =>
    leafFields(shape, where).flatMap((field) => (field.rule.kind === 'string' && field.rule.binding ? [{ where: field.where, rule: field.rule.binding }] : [])),
  );
}

function describeBinding(rule: BindingRule): string {
  if (rule.type === 'any') return `any type${rule.valueField ? `; ${rule.valueField} keeps the type a control bound to the key needs` : ''}`;
  if (rule.type === 'date') return `a real YYYY-MM-DD date, ${contract.dateRange.minYear}–${contract.dateRange.maxYear}`;
  const low = rule.minField ?? rule.min;
  const high = rule.maxField ? `${rule.maxField}${rule.maxDefault !== undefined ? ` (default ${rule.maxDefault})` : ''}` : rule.max;
  const range = low !== undefined && high !== undefined ? ` ${low}..${high}` : low !== undefined ? ` >= ${low}` : '';
  const existence = rule.declared ? ', declared' : rule.ifPresent ? ', when present' : '';
  return `${rule.type}${range}${existence}`;
}

function comparisonList(): string {
  const entries: string[] = [];
  for (const [type, entry] of Object.entries(contract.nodes)) {
    for (const check of entry.checks ?? []) {
      if (check.rule === 'less') entries.push(`${type}.${check.field} < ${type}.${check.than}`);
      if (check.rule === 'dividesRange') entries.push(`${type}.${check.field} divides ${check.max} - ${check.min} evenly`);
      if (check.rule === 'distinct') entries.push(`${type}.${check.fields.join(' ≠ ')}`);
    }
  }
  return entries.join(', ');
}

function uniqueByList(): string {
  const entries: string[] = [];
  for (const [type, entry] of Object.entries(contract.nodes)) {
    for (const [name, rule] of Object.entries(entry.properties)) {
      if (rule.kind === 'array' && rule.uniqueBy) entries.push(`${type}.${name}[].${rule.uniqueBy}`);
    }
  }
  return entries.join(', ');
}

function pagerReferenceList(): string {
  const entries: string[] = [];
  const shapes: Array<[string, ObjectShape]> = [...Object.entries(contract.nodes), ...Object.entries(contract.actions).map(([type, shape]): [string, ObjectShape] => [`${type} action`, shape])];
  for (const [where, shape] of shapes) {
    for (const [name, rule] of Object.entries(shape.properties)) if (rule.kind === undefined && rule.pagerReference) entries.push(`${where}.${name}`);
  }
  return entries.join(', ');
}
