/**
 * The typed model of a prototype spec: one Zod 4 schema per shape of the contract, and the
 * TypeScript types inferred from them. It states the contract a second time: the validator returns
 * the spec its walk accepted as this type, and the tests and the fuzz decode every accepted spec
 * with it to an equal value (see decode.ts); the contract walker in `src/validate/` is
 * authoritative for the error path, so wherever a rule depends on context (state-key syntax inside repeat templates, declared
 * state types, limits counted on the whole tree) this schema accepts what the walker may accept.
 */
import { z } from 'zod';
import { iconNames as contractIconNames, limits } from '../contract/index.ts';
import { setOwn } from '../json/index.ts';
import { AdaptiveParser } from './adaptive.ts';
import { colorRoles, requestErrorCodes, requestMethods, textStyleRoles, type RequestMethod } from './vocabulary.ts';

const MIN_POSITIVE = 0.000001;
const MAX_INT32 = 2147483647;

const nonEmpty = z.string().min(1);
/** State keys are checked by the walker; inside a repeat template they may still hold placeholders. */
const stateKey = nonEmpty;
const nonNegative = z.number().min(0);
const positive = z.number().min(MIN_POSITIVE);

export const scalarSchema = z.union([z.string(), z.number(), z.boolean()]);
export type Scalar = z.infer<typeof scalarSchema>;

/**
 * A record keyed by authored names (state keys, data keys, locales, screen names). Unlike
 * `z.record`, every key stays an own member of the result, "__proto__" included.
 */
function ownRecord<T extends z.ZodType>(values: T, maxEntries = Infinity) {
  const schema = z.unknown().transform((value, context) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      context.addIssue({ code: 'custom', message: 'Expected an object' });
      return z.NEVER;
    }
    const record: Record<string, z.output<T>> = {};
    for (const [key, member] of Object.entries(value)) {
      const parsed = values.safeParse(member);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid member', path: [key] });
        return z.NEVER;
      }
      setOwn(record, key, parsed.data);
    }
    if (Object.keys(record).length > maxEntries) {
      context.addIssue({ code: 'custom', message: `At most ${maxEntries} entries` });
      return z.NEVER;
    }
    return record;
  });
  OWN_RECORD_VALUES.set(schema, values);
  return schema;
}

/** The value schema of each ownRecord, for tests that compare the model with the contract. */
export const OWN_RECORD_VALUES = new WeakMap<z.ZodType, z.ZodType>();

/** The closed list of built-in icon names, shared with the walker through the contract. */
export const iconNameSchema = z.enum(contractIconNames as [string, ...string[]]);
export const colorRoleSchema = z.enum(colorRoles);
export const hexColorSchema = z.string().regex(/^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/);

const plainColor = z.union([hexColorSchema, colorRoleSchema]);
export const colorPairSchema = z.strictObject({ light: plainColor, dark: plainColor });
export const colorValueSchema = z.union([hexColorSchema, colorRoleSchema, colorPairSchema]);
export type ColorValue = z.infer<typeof colorValueSchema>;

export const assetRefSchema = z.union([nonEmpty, z.strictObject({ light: nonEmpty, dark: nonEmpty })]);
export type AssetRef = z.infer<typeof assetRefSchema>;

export const alignmentSchema = z.enum([
  'topStart', 'topCenter', 'topEnd',
  'centerStart', 'center', 'centerEnd',
  'bottomStart', 'bottomCenter', 'bottomEnd',
]);
export const offsetSchema = z.strictObject({ x: z.number(), y: z.number() });

// ---------------------------------------------------------------------------------------------
// Style

export const dimensionSchema = z.union([
  z.literal('fill'),
  z.literal('wrap'),
  z.strictObject({ dp: nonNegative }),
]);

export const cornerRadiusSchema = z.union([
  nonNegative,
  z.enum(['none', 'extraSmall', 'small', 'medium', 'large', 'extraLarge', 'full']),
  z.strictObject({
    topStart: nonNegative.optional(),
    topEnd: nonNegative.optional(),
    bottomEnd: nonNegative.optional(),
    bottomStart: nonNegative.optional(),
  }),
]);

const gradientStopsSchema = z
  .array(z.strictObject({ color: colorValueSchema, position: z.number().min(0).max(1).optional() }))
  .min(2)
  .max(4);

export const gradientSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('linear'), angle: z.number(), stops: gradientStopsSchema }),
  z.strictObject({ type: z.literal('radial'), stops: gradientStopsSchema }),
]);

/** One layer of style.shadows: offset, blur, spread (dp) and colour; inner draws inside the shape. */
export const shadowLayerSchema = z.strictObject({
  offset: offsetSchema.optional(),
  blur: nonNegative.optional(),
  spread: z.number().optional(),
  color: colorValueSchema,
  inner: z.boolean().optional(),
});
export type ShadowLayer = z.infer<typeof shadowLayerSchema>;
/**
 * Platform namespaces: native semantics for one platform's device, closed field by field. The web
 * device honours android.indication and ios.hover on nodes and reports every other field as
 * ignored, with its path, in a show's platformNotes.
 */
export type AndroidNamespace = { indication?: 'ripple' | 'none'; predictiveBack?: { style: 'default' | 'crossActivity' | 'none' } };
export type IosNamespace = { buttonStyle?: 'glass' | 'glassProminent'; hover?: 'lift' | 'highlight'; navigationTitle?: string; sheetSizing?: 'fitted' | 'page' | 'form' };
export type IosNodeNamespace = IosNamespace & { bottomAccessory?: unknown; glassGroup?: boolean; glassUnion?: string; glassTransition?: 'matchedGeometry' | 'materialize' | 'identity'; backgroundExtension?: boolean };
export const androidNamespaceSchema: z.ZodType<AndroidNamespace> = z.strictObject({
  indication: z.enum(['ripple', 'none']).optional(),
  predictiveBack: z.strictObject({ style: z.enum(['default', 'crossActivity', 'none']) }).optional(),
});
const iosNamespaceShape = z.strictObject({
  buttonStyle: z.enum(['glass', 'glassProminent']).optional(),
  hover: z.enum(['lift', 'highlight']).optional(),
  navigationTitle: nonEmpty.optional(),
  sheetSizing: z.enum(['fitted', 'page', 'form']).optional(),
});
export const iosNamespaceSchema: z.ZodType<IosNamespace> = iosNamespaceShape;
/** A node's ios block adds the glass fields, which belong to nodes only. */
export const iosNodeNamespaceSchema: z.ZodType<IosNodeNamespace> = iosNamespaceShape.extend({
  // Checked for its shape by the walker; no device draws it (a show reports it in platformNotes).
  bottomAccessory: z.unknown().optional(),
  glassGroup: z.boolean().optional(),
  glassUnion: nonEmpty.optional(),
  glassTransition: z.enum(['matchedGeometry', 'materialize', 'identity']).optional(),
  backgroundExtension: z.boolean().optional(),
});

/** A shimmer's, wave's or ripple's own motion: one cycle every durationMs. */
const effectAnimationSchema = z.strictObject({ durationMs: z.number().int().min(200).max(10_000).optional() });
const unit = z.number().min(0).max(1);
const waveFields = { amplitude: z.number().min(0).max(64).optional(), wavelength: z.number().min(4).max(1000).optional(), phase: unit.optional(), animate: effectAnimationSchema.optional() };
type ColorValueInput = z.infer<typeof colorValueSchema>;
type EffectAnimation = { durationMs?: number };
type WaveFields = { amplitude?: number; wavelength?: number; phase?: number; animate?: EffectAnimation };
/** One style effect (written out, so declarations name it instead of spelling the union out per node). */
export type Effect =
  | { type: 'noise'; amount?: number; scale?: number }
  | { type: 'gradientMesh'; colors: ColorValueInput[] }
  | { type: 'shimmer'; color?: ColorValueInput; angle?: number; width?: number; phase?: number; animate?: EffectAnimation }
  | { type: 'glow'; color?: ColorValueInput; radius?: number; intensity?: number }
  | { type: 'vignette'; color?: ColorValueInput; intensity?: number; radius?: number }
  | { type: 'blur'; radius?: number }
  | { type: 'pixelate'; size?: number }
  | { type: 'chromaticAberration'; offset?: number }
  | ({ type: 'wave' } & WaveFields)
  | ({ type: 'ripple' } & WaveFields);

/** style.effects: the ten effects, drawn over, under or through a node without changing its layout. */
export const effectSchema: z.ZodType<Effect> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('noise'), amount: unit.optional(), scale: z.number().min(0.5).max(8).optional() }),
  z.strictObject({ type: z.literal('gradientMesh'), colors: z.array(colorValueSchema).min(2).max(4) }),
  z.strictObject({ type: z.literal('shimmer'), color: colorValueSchema.optional(), angle: z.number().min(-360).max(360).optional(), width: z.number().min(0.05).max(1).optional(), phase: unit.optional(), animate: effectAnimationSchema.optional() }),
  z.strictObject({ type: z.literal('glow'), color: colorValueSchema.optional(), radius: z.number().min(1).max(64).optional(), intensity: unit.optional() }),
  z.strictObject({ type: z.literal('vignette'), color: colorValueSchema.optional(), intensity: unit.optional(), radius: unit.optional() }),
  z.strictObject({ type: z.literal('blur'), radius: z.number().min(0).max(64).optional() }),
  z.strictObject({ type: z.literal('pixelate'), size: z.number().min(2).max(64).optional() }),
  z.strictObject({ type: z.literal('chromaticAberration'), offset: z.number().min(0).max(16).optional() }),
  z.strictObject({ type: z.literal('wave'), ...waveFields }),
  z.strictObject({ type: z.literal('ripple'), ...waveFields }),
]);

/** How a node's style changes animate: a duration and easing, a tempo of the motion tokens, or (motion v3) its layout. */
export type Animate = { durationMs?: number; easing?: 'standard' | 'emphasized' | 'decelerate' | 'accelerate' | 'linear' | 'spring'; tempo?: 'fast' | 'default' | 'slow'; layout?: boolean };
export const animateSchema: z.ZodType<Animate> = z.strictObject({
  durationMs: z.number().int().min(0).max(10_000).optional(),
  easing: z.enum(['standard', 'emphasized', 'decelerate', 'accelerate', 'linear', 'spring']).optional(),
  tempo: z.enum(['fast', 'default', 'slow']).optional(),
  layout: z.boolean().optional(),
});

/** An image's colour filter: saturation (0 grey, 1 as is, 2 doubled), then a multiplied tint. */
export const imageFilterSchema = z.strictObject({ saturation: z.number().min(0).max(2).optional(), tint: colorValueSchema.optional() });

export const fontFamilySchema = z.union([
  z.enum(['default', 'sansSerif', 'serif', 'monospace']),
  z.strictObject({ asset: nonEmpty }),
]);

export const styleSchema = z.strictObject({
  width: dimensionSchema.optional(),
  height: dimensionSchema.optional(),
  weight: positive.optional(),
  minWidth: nonNegative.optional(),
  maxWidth: nonNegative.optional(),
  minHeight: nonNegative.optional(),
  maxHeight: nonNegative.optional(),
  padding: z
    .strictObject({
      top: nonNegative.optional(),
      bottom: nonNegative.optional(),
      start: nonNegative.optional(),
      end: nonNegative.optional(),
    })
    .optional(),
  background: colorValueSchema.optional(),
  color: colorValueSchema.optional(),
  cornerRadius: cornerRadiusSchema.optional(),
  border: z.strictObject({ width: nonNegative, color: colorValueSchema.optional(), gradient: gradientSchema.optional() }).optional(),
  elevation: nonNegative.optional(),
  shadowColor: colorValueSchema.optional(),
  effects: z.array(effectSchema).min(1).max(8).optional(),
  /** A Liquid Glass-like surface: the backdrop blurred and tinted through the node (prototype_glass_v1). */
  surface: z.enum(['glass']).optional(),
  glass: z.strictObject({ variant: z.enum(['regular', 'clear']).optional(), tint: colorValueSchema.optional(), interactive: z.boolean().optional() }).optional(),
  scale: z.number().min(0).max(10).optional(),
  rotation: z.number().min(-3600).max(3600).optional(),
  /** Layered shadows, painted in authored order; inner ones above the border (prototype_style_polish_v2). */
  shadows: z.array(shadowLayerSchema).min(1).max(8).optional(),
  cornerStyle: z.enum(['circular', 'continuous']).optional(),
  gradient: gradientSchema.optional(),
  aspectRatio: positive.optional(),
  offset: offsetSchema.optional(),
  alpha: z.number().min(0).max(1).optional(),
  pressScale: z.number().min(0.5).max(1).optional(),
  alignment: alignmentSchema.optional(),
  arrangement: z.enum(['start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly']).optional(),
  spacing: nonNegative.optional(),
  /** The gap between a flow's lines or a grid's rows (flow and grid only, checked by the walker). */
  runSpacing: nonNegative.optional(),
  textSize: positive.optional(),
  fontWeight: z.number().int().min(100).max(900).optional(),
  textAlign: z.enum(['start', 'center', 'end', 'justify']).optional(),
  maxLines: z.number().int().min(1).max(MAX_INT32).optional(),
  overflow: z.enum(['clip', 'ellipsis', 'visible']).optional(),
  lineHeight: positive.optional(),
  letterSpacing: z.number().optional(),
  textDecoration: z.enum(['none', 'underline', 'lineThrough', 'underlineLineThrough']).optional(),
  fontStyle: z.enum(['normal', 'italic']).optional(),
  fontFamily: fontFamilySchema.optional(),
  textStyle: z.enum(textStyleRoles).optional(),
});

export type Style = z.infer<typeof styleSchema>;

/** The style a span of rich text may set: a subset of a node's, with a plain colour as background. */
export const spanStyleSchema = styleSchema.pick({ color: true, fontWeight: true, fontStyle: true, textDecoration: true, textSize: true, letterSpacing: true, fontFamily: true, background: true });
export type SpanStyle = z.infer<typeof spanStyleSchema>;

// ---------------------------------------------------------------------------------------------
// Conditions, actions

/** A condition's subject: a state key, a data pointer, or a pointer into the device's platform state. */
export type ConditionSubject =
  | { key: string; data?: undefined; platform?: undefined }
  | { data: string; key?: undefined; platform?: undefined }
  | { platform: string; key?: undefined; data?: undefined };

/** How many items the array at a data pointer holds, compared (protostage_counts_v1). */
export type CountComparison = { equals: number } | { greaterThan: number } | { lessThan: number };

export type Condition =
  | { data: string; count: CountComparison; key?: undefined; platform?: undefined }
  | { data: string; isEmpty: boolean; key?: undefined; platform?: undefined }
  | (ConditionSubject & { equals: Scalar })
  | (ConditionSubject & { notEquals: Scalar })
  | (ConditionSubject & { gt: number })
  | (ConditionSubject & { lt: number })
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

const COMPARISONS = ['equals', 'notEquals', 'gt', 'lt', 'count', 'isEmpty'] as const;
const COMBINATORS = ['all', 'any', 'not'] as const;

type ConditionFields = { key?: string; data?: string; platform?: string } & Partial<Record<(typeof COMPARISONS)[number] | (typeof COMBINATORS)[number], unknown>>;

/** Exactly one form: a key with exactly one comparison, or exactly one combinator alone. */
function isOneConditionForm(condition: ConditionFields): boolean {
  const comparisons = countPresent(condition, COMPARISONS);
  const combinators = countPresent(condition, COMBINATORS);
  const reads = countPresent(condition, ['key', 'data', 'platform']);
  if (reads > 1) return false;
  if (reads === 1) return comparisons === 1 && combinators === 0;
  return comparisons === 0 && combinators === 1;
}

function countPresent(condition: ConditionFields, fields: ReadonlyArray<keyof ConditionFields>): number {
  let present = 0;
  for (const field of fields) if (condition[field] !== undefined) present++;
  return present;
}

/** A JSON Pointer into data; inside a repeat template a segment may still be a placeholder. */
const dataPointer = z.string().min(1);

const comparisonFields = {
  key: stateKey.optional(),
  data: dataPointer.optional(),
  platform: z.string().min(1).optional(),
  equals: scalarSchema.optional(),
  notEquals: scalarSchema.optional(),
  gt: z.number().optional(),
  lt: z.number().optional(),
  // Only with data (checked by the walker): how many items the array there holds.
  count: z
    .strictObject({ equals: z.number().int().min(0).max(MAX_INT32).optional(), greaterThan: z.number().int().min(0).max(MAX_INT32).optional(), lessThan: z.number().int().min(0).max(MAX_INT32).optional() })
    .refine((count) => Object.keys(count).length === 1, { message: 'A count takes exactly one of equals, greaterThan or lessThan' })
    .optional(),
  isEmpty: z.boolean().optional(),
};

/** The fields of a condition whose members are `member`: the seven forms share one object. */
function conditionFields(member: z.ZodType<Condition>) {
  return z.strictObject({
    ...comparisonFields,
    all: z.array(member).min(1).max(16).optional(),
    any: z.array(member).min(1).max(16).optional(),
    not: member.optional(),
  });
}

const oneForm = {
  message: 'A condition is exactly one of {key or data, equals | notEquals | gt | lt}, {all}, {any} or {not}',
};

type ConditionLevel = (fields: z.ZodObject) => z.ZodType<Condition>;

const oneFormCondition: ConditionLevel = (fields) => fields.refine(isOneConditionForm, oneForm) as unknown as z.ZodType<Condition>;

/**
 * A condition nesting at most `levels` deep, unrolled rather than recursive so the typed decode
 * can be compiled (the contract bounds condition depth anyway). One strict object plus a form
 * check rather than a union of seven objects: a union tries each form in turn and pays for every
 * failed attempt. `level` makes the schema of each nesting level from its fields (the decode makes
 * each one a step of its own).
 */
function conditionOfDepth(levels: number, level: ConditionLevel = oneFormCondition): z.ZodType<Condition> {
  return level(levels > 1 ? conditionFields(conditionOfDepth(levels - 1, level)) : z.strictObject(comparisonFields));
}

export const conditionSchema = conditionOfDepth(limits.conditionDepth);
/** The top-level condition object before its one-form check (for introspection). */
export const conditionFieldsSchema = conditionFields(conditionOfDepth(limits.conditionDepth - 1));

/** openWhen of bottomSheet, dialog and snackbar: the boolean `{key, equals}` form only. */
export const openWhenSchema = z.strictObject({ key: stateKey, equals: z.boolean() });

/** Where a data action's value comes from: exactly one of its five fields. */
export const dataValueSchema = z
  .strictObject({
    value: z.unknown().optional(),
    /** JSON whose strings bind {key} state placeholders at the write (protostage_value_templates_v1). */
    template: z.unknown().optional(),
    state: stateKey.optional(),
    data: dataPointer.optional(),
    item: stateKey.optional(),
    index: z.boolean().optional(),
  })
  .refine((value) => ['value', 'template', 'state', 'data', 'item', 'index'].filter((field) => Object.hasOwn(value, field)).length === 1, {
    message: 'A data value is exactly one of {value}, {state}, {data}, {item} or {index}',
  });
export type DataValue = z.infer<typeof dataValueSchema>;

const rowCap = z.number().int().min(1).max(1000);

/** A stack's screen name (its pattern is checked by the walker). */
const screenName = nonEmpty;
export const stackTransitionSchema = z.enum(['platform', 'slide', 'fade', 'none', 'sharedAxisX', 'sharedAxisY', 'fadeThrough']);
export type StackTransition = z.infer<typeof stackTransitionSchema>;
/** push and replace also take zoom, which grows the screen from the shared node named by `source`. */
export const sourcedTransitionSchema = z.enum([...stackTransitionSchema.options, 'zoom']);
export type SourcedTransition = z.infer<typeof sourcedTransitionSchema>;

export type Action = z.infer<typeof baseActionSchema> | StartTimerAction | { type: 'cancelTimer'; id: string } | RequestAction | PlatformAction | IfAction;

/** Runs `then` when `when` holds at that point of the list, else `else` (protostage_if_action_v1). */
export interface IfAction {
  type: 'if';
  when: Condition;
  then: Action[];
  else?: Action[];
}

/** A call to the platform: a haptic, a sound, a link opened, a share sheet (seeds/001 platform calls). */
export interface PlatformAction {
  type: 'platform';
  call: PlatformCallName;
  args?: PlatformArgs;
  into?: string;
  statusKey?: string;
  timeoutMs?: number;
  onSuccess?: Action[];
  onError?: Action[];
}

export const platformCallSchema = z.enum(['haptics.perform', 'sound.play', 'links.open', 'share.open']);
export type PlatformCallName = z.infer<typeof platformCallSchema>;

export const platformArgsSchema = z.strictObject({
  style: z.enum(['light', 'medium', 'heavy', 'success', 'warning', 'error', 'selection']).optional(),
  sound: z.enum(['click', 'success', 'warning', 'error', 'notification']).optional(),
  url: nonEmpty.optional(),
  text: z.string().optional(),
  subject: z.string().optional(),
  images: z.array(z.union([nonEmpty, z.strictObject({ asset: nonEmpty.optional(), data: z.string().min(1).optional() })])).min(1).max(10).optional(),
  files: z.array(z.strictObject({ asset: nonEmpty, name: nonEmpty, mimeType: nonEmpty })).min(1).max(4).optional(),
  contact: z.strictObject({ name: nonEmpty, phone: z.string().optional(), email: z.string().optional(), org: z.string().optional(), url: z.string().optional(), note: z.string().optional() }).optional(),
});
export type PlatformArgs = z.infer<typeof platformArgsSchema>;

/** An HTTP request whose response goes into data (seeds/001 "Request action capability"). */
export interface RequestAction {
  type: 'request';
  url: string;
  method?: RequestMethod;
  headers?: Record<string, string>;
  query?: Record<string, Scalar>;
  body?: string | Record<string, unknown> | unknown[];
  into: string;
  statusKey?: string;
  timeoutMs?: number;
  onSuccess?: Action[];
  onError?: Action[];
  via?: 'host' | 'device';
}

export const requestMethodSchema = z.enum(requestMethods);
export const requestErrorCodeSchema = z.enum(requestErrorCodes);

/** Starts (or restarts) a timer: onFire after afterMs, then every everyMs (times runs in all, when given). */
export interface StartTimerAction {
  type: 'startTimer';
  id: string;
  afterMs: number;
  everyMs?: number;
  times?: number;
  onFire: Action[];
}

const timerDelay = z.number().int().min(0).max(limits.timerMs);
// A custom step rather than z.lazy: a lazy member keeps the whole action union from compiling.
const followUps = z.array(z.custom<Action>((value) => actionSchema.safeParse(value).success)).min(1).max(32);
// The same for an if's condition: compiled inline, its eight nesting levels unroll exponentially.
const conditionStep = z.custom<Condition>((value) => conditionSchema.safeParse(value).success);

const baseActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('emit'), name: nonEmpty, payload: z.unknown().optional() }),
  z.strictObject({
    type: z.literal('setPage'),
    pager: nonEmpty,
    page: z.union([z.literal('next'), z.literal('prev'), z.number().int().min(0).max(MAX_INT32)]),
  }),
  z.strictObject({ type: z.literal('setState'), key: stateKey, value: z.union([z.string(), z.number(), z.boolean(), z.strictObject({ data: dataPointer })]) }),
  z.strictObject({ type: z.literal('toggle'), key: stateKey }),
  z.strictObject({ type: z.literal('increment'), key: stateKey, by: z.number().optional() }),
  z.strictObject({ type: z.literal('decrement'), key: stateKey, by: z.number().optional() }),
  z.strictObject({ type: z.literal('dismiss') }),
  z.strictObject({ type: z.literal('setData'), path: dataPointer, value: dataValueSchema }),
  z.strictObject({ type: z.literal('appendData'), path: dataPointer, value: dataValueSchema, spread: z.boolean().optional(), maxItems: rowCap.optional() }),
  z.strictObject({ type: z.literal('prependData'), path: dataPointer, value: dataValueSchema, spread: z.boolean().optional(), maxItems: rowCap.optional() }),
  z.strictObject({ type: z.literal('removeData'), path: dataPointer }),
  z.strictObject({ type: z.literal('push'), stack: nonEmpty, screen: screenName, transition: sourcedTransitionSchema.optional(), source: nonEmpty.optional() }),
  z.strictObject({ type: z.literal('pop'), stack: nonEmpty, transition: stackTransitionSchema.optional() }),
  z.strictObject({ type: z.literal('replace'), stack: nonEmpty, screen: screenName, transition: sourcedTransitionSchema.optional(), source: nonEmpty.optional() }),
  z.strictObject({ type: z.literal('popToRoot'), stack: nonEmpty, transition: stackTransitionSchema.optional() }),
]);

export const actionSchema: z.ZodType<Action> = z.discriminatedUnion('type', [
  ...baseActionSchema.options,
  z.strictObject({ type: z.literal('if'), when: conditionStep, then: followUps, else: followUps.optional() }),
  z.strictObject({
    type: z.literal('startTimer'),
    id: nonEmpty,
    afterMs: timerDelay,
    everyMs: z.number().int().min(16).max(limits.timerMs).optional(),
    times: z.number().int().min(1).max(100_000).optional(),
    onFire: followUps,
  }),
  z.strictObject({ type: z.literal('cancelTimer'), id: nonEmpty }),
  z.strictObject({
    type: z.literal('request'),
    url: nonEmpty,
    method: requestMethodSchema.optional(),
    headers: ownRecord(z.string(), limits.requestEntries).optional(),
    query: ownRecord(scalarSchema, limits.requestEntries).optional(),
    // A string, or a JSON object or array (bounded by the walker).
    body: z.union([z.string(), z.unknown()]).optional(),
    into: dataPointer,
    statusKey: stateKey.optional(),
    timeoutMs: z.number().int().min(1).max(limits.requestTimeoutMs).optional(),
    onSuccess: followUps.optional(),
    onError: followUps.optional(),
    via: z.enum(['host', 'device']).optional(),
  }),
  z.strictObject({
    type: z.literal('platform'),
    call: platformCallSchema,
    args: platformArgsSchema.optional(),
    into: dataPointer.optional(),
    statusKey: stateKey.optional(),
    timeoutMs: z.number().int().min(1).max(600_000).optional(),
    onSuccess: followUps.optional(),
    onError: followUps.optional(),
  }),
]) as z.ZodType<Action>;

export type ActionType = Action['type'];

const onTapSchema: z.ZodType<Action[]> = z.array(actionSchema).min(1).max(32);

// ---------------------------------------------------------------------------------------------
// Anchors, safe area

export type ContainerSelector = {
  elementId?: string;
  text?: string;
  index?: number;
  selectionStrategy?: 'unique';
  container?: ContainerSelector;
};

/** A container chain at most `levels` deep, unrolled like conditions (selector depth limit). */
function containerSelectorOfDepth(levels: number): z.ZodType<ContainerSelector> {
  const chain = levels > 1 ? { container: containerSelectorOfDepth(levels - 1).optional() } : {};
  return z.strictObject({
    elementId: nonEmpty.optional(),
    text: nonEmpty.optional(),
    index: z.number().int().min(0).max(MAX_INT32).optional(),
    selectionStrategy: z.literal('unique').optional(),
    ...chain,
  }) as z.ZodType<ContainerSelector>;
}

export const containerSelectorSchema = containerSelectorOfDepth(limits.selectorDepth);

export const anchorAlignmentSchema = z.enum(['cover', 'top', 'bottom', 'start', 'end']);

export const anchorSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('bounds'),
    bounds: z.strictObject({ x: z.number(), y: z.number(), width: nonNegative, height: nonNegative }),
    alignment: anchorAlignmentSchema.optional(),
    offset: offsetSchema.optional(),
  }),
  z.strictObject({
    type: z.literal('element'),
    selector: z.strictObject({
      elementId: nonEmpty.optional(),
      text: nonEmpty.optional(),
      testTag: nonEmpty.optional(),
      container: containerSelectorSchema.optional(),
    }),
    alignment: anchorAlignmentSchema,
    offset: offsetSchema.optional(),
  }),
]);
export type Anchor = z.infer<typeof anchorSchema>;

export const safeAreaPaddingSchema = z.strictObject({
  edges: z.array(z.enum(['top', 'bottom', 'start', 'end'])).min(1),
  types: z.array(z.enum(['systemBars', 'cutout', 'ime'])).min(1),
});
export type SafeAreaPadding = z.infer<typeof safeAreaPaddingSchema>;

// ---------------------------------------------------------------------------------------------
// Nodes

/** Schemas a node's fields are built from, so the decode can substitute cheaper stand-ins. */
interface NodeParts<Child extends z.ZodType> {
  child: Child;
  condition: z.ZodType<Condition>;
  style: z.ZodType<Style>;
}

/** The properties every node may have. */
function commonNodeFields({ condition, style }: NodeParts<z.ZodType>) {
  return {
    id: nonEmpty.optional(),
    testTag: nonEmpty.optional(),
    contentDescription: nonEmpty.optional(),
    onTap: onTapSchema.optional(),
    onAppear: onTapSchema.optional(),
    style: style.optional(),
    styleWhen: z.array(z.strictObject({ when: condition, style })).min(1).max(8).optional(),
    visibleWhen: condition.optional(),
    /** While it does not hold the node is drawn disabled and takes no input (protostage_enabled_when_v1). */
    enabledWhen: condition.optional(),
    transition: z.enum(['none', 'fade', 'expand', 'slide', 'slideStart', 'slideEnd', 'scale']).optional(),
    animate: animateSchema.optional(),
    anchor: anchorSchema.optional(),
    safeAreaPadding: safeAreaPaddingSchema.optional(),
    /** Columns a grid child takes (direct grid children only, checked by the walker). */
    span: z.number().int().min(1).max(MAX_INT32).optional(),
    /** Two nodes with one key morph between them (pairing, nesting and limits checked by the validator). */
    sharedKey: nonEmpty.optional(),
    shared: z.strictObject({ key: nonEmpty, as: z.enum(['element', 'bounds']).optional() }).optional(),
    semantics: semanticsSchema.optional(),
    android: androidNamespaceSchema.optional(),
    ios: iosNodeNamespaceSchema.optional(),
  };
}

/** What a screen reader hears of a node, beyond what its type says (prototype_semantics_v1). */
export const semanticsSchema = z.strictObject({
  heading: z.boolean().optional(),
  liveRegion: z.enum(['polite', 'assertive']).optional(),
  group: z.boolean().optional(),
  label: nonEmpty.optional(),
  hint: nonEmpty.optional(),
  traits: z.array(z.enum(['button', 'link', 'image', 'header', 'selected', 'toggle', 'summary', 'notEnabled'])).min(1).max(8).optional(),
});
export type Semantics = z.infer<typeof semanticsSchema>;

/** An icon's effect: one of nine symbol effects, replayed on a trigger's change or repeated. */
export type IconEffect = {
  type: 'bounce' | 'pulse' | 'scale.up' | 'variableColor' | 'replace' | 'wiggle' | 'rotate' | 'breathe' | 'drawOn';
  trigger?: { key?: string; data?: string };
  repeat?: 'infinite' | number;
};
export const iconEffectSchema: z.ZodType<IconEffect> = z.strictObject({
  type: z.enum(['bounce', 'pulse', 'scale.up', 'variableColor', 'replace', 'wiggle', 'rotate', 'breathe', 'drawOn']),
  trigger: z.strictObject({ key: stateKey.optional(), data: dataPointer.optional() }).optional(),
  repeat: z.union([z.literal('infinite'), z.number().int().min(1).max(20)]).optional(),
});

export const repeatSchema = z.strictObject({
  /** Literal items, or a data pointer naming an array of rows. */
  items: z.union([z.array(ownRecord(scalarSchema)).min(1).max(128), dataPointer]),
  as: nonEmpty,
  key: nonEmpty.optional(),
});
export type Repeat = z.infer<typeof repeatSchema>;

const optionsSchema = z.array(z.strictObject({ value: nonEmpty, label: nonEmpty }));
const componentButtonSchema = z.strictObject({ label: nonEmpty, onTap: onTapSchema.optional() });
const appBarButtonSchema = z.strictObject({ icon: iconNameSchema, label: nonEmpty, onTap: onTapSchema.optional() });
export const navItemSchema = z.strictObject({
  label: nonEmpty,
  icon: iconNameSchema.optional(),
  image: assetRefSchema.optional(),
  /** A tab's role (SwiftUI's Tab role), reported in platformNotes: no renderer draws it. */
  ios: z.strictObject({ role: z.enum(['search']).optional() }).optional(),
});
export type NavItem = z.infer<typeof navItemSchema>;
/** A menu entry: a labelled item, or exactly {type: "divider"} (which one is checked by the walker). */
export const menuItemSchema = z.strictObject({
  type: z.literal('divider').optional(),
  label: nonEmpty.optional(),
  icon: iconNameSchema.optional(),
  trailingText: nonEmpty.optional(),
  enabled: z.boolean().optional(),
  onTap: onTapSchema.optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
/** One revealed button of a swiped row. */
const swipeActionSchema = z.strictObject({
  label: nonEmpty,
  icon: iconNameSchema.optional(),
  role: z.enum(['default', 'destructive']).optional(),
  color: colorValueSchema.optional(),
  onTap: onTapSchema,
});
/** A row's or list item's swipe actions: start is revealed by a swipe right, end by a swipe left. */
export const swipeActionsSchema = z.strictObject({
  start: z.array(swipeActionSchema).min(1).max(3).optional(),
  end: z.array(swipeActionSchema).min(1).max(3).optional(),
  fullSwipe: z.boolean().optional(),
});
export type SwipeActions = z.infer<typeof swipeActionsSchema>;
/** A chart's series: the row field it plots, its legend label and colour. */
export const chartSeriesSchema = z.strictObject({ field: nonEmpty, label: nonEmpty.optional(), color: colorValueSchema.optional() });
export type ChartSeries = z.infer<typeof chartSeriesSchema>;
/** A chart's rows: literal objects of scalars, or a data pointer naming an array of them. */
const chartRowsSchema = z.union([z.array(ownRecord(scalarSchema)).min(1).max(1000), dataPointer]);
const geoPointSchema = z.strictObject({ lat: z.number().min(-85).max(85), lon: z.number().min(-180).max(180) });
/** A map marker: the id a tap writes, where it stands, its label and colour. */
export const mapMarkerSchema = geoPointSchema.extend({ id: nonEmpty, label: nonEmpty.optional(), color: colorValueSchema.optional() });
export type MapMarker = z.infer<typeof mapMarkerSchema>;
/** An adaptive navigationSuite destination: the value its state key holds, and how it is shown. */
export const suiteItemSchema = z.strictObject({ value: nonEmpty, label: nonEmpty, icon: iconNameSchema.optional() });
export type SuiteItem = z.infer<typeof suiteItemSchema>;

/**
 * The schema of every node type, given the schemas of its parts. The model passes the node union
 * itself (a recursive schema) and the condition and style schemas; the typed decode passes a
 * placeholder child, decoded node by node, and checks conditions and styles as opaque steps, which
 * keeps each node's schema small and free of cycles so it compiles quickly.
 */
function defineNodeSchemas<Child extends z.ZodType>(parts: NodeParts<Child>) {
  const nodeRef = parts.child;
  const common = commonNodeFields(parts);
  const nodeShape = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
    z.strictObject({ type: z.literal(type), ...common, ...shape });
  const containerFields = {
    children: z.array(nodeRef),
    repeat: repeatSchema.optional(),
  };
  // onLongPress and onDoubleTap: on these seven types only (prototype_gestures_v1).
  const gestureFields = { onLongPress: onTapSchema.optional(), onDoubleTap: onTapSchema.optional() };
  return {
    box: nodeShape('box', { ...containerFields, ...gestureFields }),
    row: nodeShape('row', { ...containerFields, ...gestureFields, swipeActions: swipeActionsSchema.optional() }),
    column: nodeShape('column', { ...containerFields, ...gestureFields }),
    carousel: nodeShape('carousel', {
      children: z.array(nodeRef).min(1),
      repeat: repeatSchema.optional(),
      itemWidth: z.number().min(MIN_POSITIVE).max(10_000),
      variant: z.enum(['multiBrowse', 'hero', 'uncontained']).optional(),
      itemSpacing: z.number().min(0).max(10_000).optional(),
    }),
    flow: nodeShape('flow', { ...containerFields, maxLines: z.number().int().min(1).max(MAX_INT32).optional() }),
    list: nodeShape('list', { ...containerFields, header: nodeRef.optional(), footer: nodeRef.optional() }),
    grid: nodeShape('grid', {
      ...containerFields,
      columns: z.union([z.number().int().min(1).max(12), z.strictObject({ minWidth: z.number().min(MIN_POSITIVE).max(10_000) })]),
    }),
    // Exactly one of text and spans (checked by the walker).
    text: nodeShape('text', {
      text: z.string().optional(),
      spans: z.array(z.strictObject({ text: nonEmpty, style: spanStyleSchema.optional(), onTap: onTapSchema.optional() })).min(1).max(64).optional(),
      ...gestureFields,
      contentTransition: z.enum(['numeric', 'crossfade', 'none']).optional(),
    }),
    image: nodeShape('image', { asset: assetRefSchema, filter: imageFilterSchema.optional(), zoomable: z.boolean().optional(), assetKey: stateKey.optional(), contentScale: z.enum(['fit', 'crop', 'fill']).optional(), ...gestureFields }),
    icon: nodeShape('icon', {
      ...gestureFields,
      name: iconNameSchema,
      variant: z.enum(['filled', 'outlined', 'rounded', 'sharp', 'twoTone']).optional(),
      effect: iconEffectSchema.optional(),
    }),
    spacer: nodeShape('spacer', {}),
    textField: nodeShape('textField', {
      stateKey,
      placeholder: z.string().optional(),
      variant: z.enum(['filled', 'outlined']).optional(),
      label: nonEmpty.optional(),
      maxLength: z.number().int().min(1).max(10_000).optional(),
      multiline: z.boolean().optional(),
      minLines: z.number().int().min(1).max(20).optional(),
      maxLines: z.number().int().min(1).max(20).optional(),
      secure: z.boolean().optional(),
      keyboard: z.enum(['text', 'number', 'decimal', 'phone', 'email', 'url']).optional(),
      supportingText: nonEmpty.optional(),
      errorWhen: parts.condition.optional(),
      errorText: nonEmpty.optional(),
      trailingIcon: appBarButtonSchema.optional(),
      imeAction: z.enum(['done', 'next', 'search', 'send', 'go']).optional(),
      onSubmit: onTapSchema.optional(),
      leadingIcon: iconNameSchema.optional(),
    }),
    switch: nodeShape('switch', { stateKey, label: nonEmpty.optional() }),
    checkbox: nodeShape('checkbox', { stateKey, label: nonEmpty.optional() }),
    button: nodeShape('button', {
      label: nonEmpty,
      variant: z.enum(['filled', 'tonal', 'elevated', 'outlined', 'text']).optional(),
      icon: iconNameSchema.optional(),
    }),
    radioGroup: nodeShape('radioGroup', { stateKey, options: optionsSchema.min(2).max(16) }),
    listItem: nodeShape('listItem', {
      swipeActions: swipeActionsSchema.optional(),
      headline: nonEmpty,
      supporting: nonEmpty.optional(),
      leadingIcon: iconNameSchema.optional(),
      trailing: z
        .discriminatedUnion('type', [
          z.strictObject({ type: z.literal('switch'), stateKey }),
          z.strictObject({ type: z.literal('checkbox'), stateKey }),
          z.strictObject({ type: z.literal('icon'), name: iconNameSchema }),
        ])
        .optional(),
    }),
    slider: nodeShape('slider', {
      stateKey,
      min: z.number(),
      max: z.number(),
      step: positive.optional(),
      label: nonEmpty.optional(),
    }),
    chip: nodeShape('chip', {
      label: nonEmpty,
      variant: z.enum(['assist', 'filter', 'input', 'suggestion']).optional(),
      stateKey: stateKey.optional(),
    }),
    card: nodeShape('card', {
      ...gestureFields,
      children: z.array(nodeRef),
      variant: z.enum(['filled', 'elevated', 'outlined']).optional(),
    }),
    iconButton: nodeShape('iconButton', {
      icon: iconNameSchema,
      variant: z.enum(['standard', 'filled', 'tonal', 'outlined']).optional(),
      /** A toggle: while it holds the button is drawn selected, with selectedIcon (protostage_icon_toggle_v1). */
      selectedWhen: parts.condition.optional(),
      selectedIcon: iconNameSchema.optional(),
    }),
    chart: nodeShape('chart', {
      kind: z.enum(['line', 'bar', 'area', 'pie', 'donut']),
      rows: chartRowsSchema,
      x: nonEmpty,
      series: z.array(chartSeriesSchema).min(1).max(8).optional(),
      value: nonEmpty.optional(),
      stacked: z.boolean().optional(),
      legend: z.boolean().optional(),
      yMin: z.number().optional(),
      yMax: z.number().optional(),
      stateKey: stateKey.optional(),
    }),
    map: nodeShape('map', {
      center: geoPointSchema,
      zoom: z.number().min(1).max(8).optional(),
      markers: z.array(mapMarkerSchema).min(1).max(64).optional(),
      stateKey: stateKey.optional(),
    }),
    videoPlayer: nodeShape('videoPlayer', {
      asset: nonEmpty,
      poster: assetRefSchema.optional(),
      autoplay: z.boolean().optional(),
      loop: z.boolean().optional(),
      controls: z.boolean().optional(),
      playingKey: stateKey.optional(),
      onEnded: onTapSchema.optional(),
      contentScale: z.enum(['fit', 'crop', 'fill']).optional(),
    }),
    cameraPreview: nodeShape('cameraPreview', {
      facing: z.enum(['back', 'front']).optional(),
      captureKey: stateKey,
      onCapture: onTapSchema.optional(),
      shutter: z.boolean().optional(),
    }),
    castButton: nodeShape('castButton', { stateKey: stateKey.optional() }),
    pasteButton: nodeShape('pasteButton', { stateKey, label: nonEmpty.optional() }),
    fab: nodeShape('fab', {
      icon: iconNameSchema,
      label: nonEmpty.optional(),
      size: z.enum(['small', 'regular', 'large']).optional(),
    }),
    segmentedButton: nodeShape('segmentedButton', { stateKey, options: optionsSchema.min(2).max(5) }),
    topAppBar: nodeShape('topAppBar', {
      title: nonEmpty,
      variant: z.enum(['small', 'centerAligned', 'medium', 'large']).optional(),
      navigationIcon: appBarButtonSchema.optional(),
      actions: z.array(appBarButtonSchema).min(1).max(3).optional(),
    }),
    divider: nodeShape('divider', { orientation: z.enum(['horizontal', 'vertical']).optional() }),
    badge: nodeShape('badge', { text: nonEmpty.optional() }),
    progress: nodeShape('progress', {
      variant: z.enum(['linear', 'circular']).optional(),
      stateKey: stateKey.optional(),
      max: positive.optional(),
    }),
    dialog: nodeShape('dialog', {
      openWhen: openWhenSchema,
      confirm: componentButtonSchema,
      title: nonEmpty.optional(),
      text: nonEmpty.optional(),
      icon: iconNameSchema.optional(),
      dismiss: componentButtonSchema.optional(),
      child: nodeRef.optional(),
    }),
    snackbar: nodeShape('snackbar', {
      openWhen: openWhenSchema,
      text: nonEmpty,
      action: componentButtonSchema.optional(),
      durationMs: z.number().int().min(1).max(600000).optional(),
    }),
    timePicker: nodeShape('timePicker', { hourKey: stateKey, minuteKey: stateKey, is24Hour: z.boolean().optional() }),
    datePicker: nodeShape('datePicker', { stateKey }),
    scroll: nodeShape('scroll', {
      child: nodeRef,
      axis: z.enum(['vertical', 'horizontal']).optional(),
      /** Fades the edges with more content to scroll over this many dp (at most half the viewport). */
      fadeEdges: positive.max(10_000).optional(),
      /** The scroll edge effect: soft (a 24 dp fade) or hard (8 dp) at edges with more content; fadeEdges wins. */
      edgeEffect: z.enum(['soft', 'hard', 'none']).optional(),
      /** Pull-to-refresh: a pull writes true to stateKey and runs onRefresh; the indicator shows while it is true. */
      refresh: z.strictObject({ stateKey, onRefresh: onTapSchema }).optional(),
    }),
    pager: nodeShape('pager', {
      id: nonEmpty,
      children: z.array(nodeRef).min(1),
      /** The current page index, written by swipes and read back by the pager (shared with a tab bar). */
      stateKey: stateKey.optional(),
      axis: z.enum(['horizontal', 'vertical']).optional(),
      pageSpacing: z.number().min(0).max(10_000).optional(),
      peek: z.strictObject({ start: z.number().min(0).max(10_000).optional(), end: z.number().min(0).max(10_000).optional() }).optional(),
      pageSize: z.union([z.literal('fill'), z.strictObject({ dp: z.number().min(MIN_POSITIVE).max(10_000) })]).optional(),
      indicator: z.enum(['none', 'dots']).optional(),
    }),
    stack: nodeShape('stack', {
      id: nonEmpty,
      // Screen names and the count of screens are checked by the walker.
      screens: ownRecord(nodeRef),
      initial: screenName,
      screenTransition: stackTransitionSchema.optional(),
    }),
    // Which fields each layout takes (and that its state keys are declared) is checked by the walker.
    adaptive: nodeShape('adaptive', {
      layout: z.enum(['listDetail', 'navigationSuite', 'supporting']),
      list: nodeRef.optional(),
      detail: nodeRef.optional(),
      selectionKey: stateKey.optional(),
      items: z.array(suiteItemSchema).min(1).max(8).optional(),
      stateKey: stateKey.optional(),
      content: nodeRef.optional(),
      main: nodeRef.optional(),
      supporting: nodeRef.optional(),
      openKey: stateKey.optional(),
    }),
    tabBar: nodeShape('tabBar', {
      items: z.array(navItemSchema).min(1).max(32),
      pager: nonEmpty.optional(),
      stateKey: stateKey.optional(),
      scrollable: z.boolean().optional(),
    }),
    bottomNav: nodeShape('bottomNav', {
      items: z.array(navItemSchema).min(2).max(5),
      pager: nonEmpty.optional(),
      stateKey: stateKey.optional(),
    }),
    bottomSheet: nodeShape('bottomSheet', {
      child: nodeRef,
      openWhen: openWhenSchema,
      detents: z
        .array(z.union([z.literal('half'), z.literal('full'), z.strictObject({ dp: positive })]))
        .min(1)
        .max(8),
      scrim: colorValueSchema.optional(),
      dragHandle: z.boolean().optional(),
      dismissOnSwipe: z.boolean().optional(),
    }),
    searchBar: nodeShape('searchBar', {
      stateKey,
      placeholder: nonEmpty.optional(),
      leadingIcon: iconNameSchema.optional(),
      trailingActions: z.array(appBarButtonSchema).min(1).max(2).optional(),
      activeKey: stateKey.optional(),
      variant: z.enum(['bar', 'docked']).optional(),
      onSubmit: onTapSchema.optional(),
      child: nodeRef.optional(),
    }),
    tooltip: nodeShape('tooltip', {
      openWhen: openWhenSchema,
      text: nonEmpty,
      /** The id of the one other node it points at (checked by the validator), unless it has an anchor. */
      anchorTo: nonEmpty.optional(),
      placement: z.enum(['top', 'bottom', 'start', 'end']).optional(),
      spotlight: z.strictObject({ padding: z.number().min(0).max(10_000).optional(), radius: z.number().min(0).max(10_000).optional() }).optional(),
      onDismiss: onTapSchema.optional(),
    }),
    drawer: nodeShape('drawer', {
      openWhen: openWhenSchema,
      child: nodeRef,
      edge: z.enum(['start', 'end']).optional(),
      scrim: colorValueSchema.optional(),
      dismissOnSwipe: z.boolean().optional(),
    }),
    menu: nodeShape('menu', { openWhen: openWhenSchema, items: z.array(menuItemSchema).min(1).max(16) }),
    select: nodeShape('select', { stateKey, options: optionsSchema.min(2).max(32), label: nonEmpty.optional() }),
  };
}

/** Node children refer to the node union lazily, so the union can be recursive. */
const nodeRef = z.lazy((): z.ZodType<PrototypeNode> => prototypeNodeSchema);

export const nodeSchemas = defineNodeSchemas({ child: nodeRef, condition: conditionSchema, style: styleSchema });

/**
 * A strict object schema checked as one step, one present field at a time: the value passes
 * through unchanged when it is an object whose every key is a field of `schema` accepting its value,
 * lacks no required field, and satisfies `refinement`. The same answer as the schema itself (plus
 * the refinement), but a compiled strict object reads every declared field of every object, which
 * costs far more for objects that set a few of many optional fields (styles, conditions).
 */
function opaqueObject<T>(schema: z.ZodObject, refinement: (value: T) => boolean = () => true): z.ZodType<T> {
  const fields = new Map<string, AdaptiveParser<unknown>>();
  const required: string[] = [];
  for (const [key, field] of Object.entries(schema.shape) as Array<[string, z.ZodType]>) {
    fields.set(key, new AdaptiveParser(field));
    if (!field.safeParse(undefined).success) required.push(key);
  }
  return z.custom<T>((value) => acceptsFieldwise(value, fields, required) && refinement(value as T));
}

function acceptsFieldwise(value: unknown, fields: Map<string, AdaptiveParser<unknown>>, required: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    const field = fields.get(key);
    if (field === undefined || !field.accepts(object[key])) return false;
  }
  return required.every((key) => Object.hasOwn(object, key));
}

/**
 * Node schemas for the typed decode: child nodes are left undecoded (`child` present, `children`
 * an array) and conditions and styles are checked by their own schemas as opaque steps. Each
 * condition nesting level is a step of its own: compiled whole, the unrolled condition would grow
 * exponentially as generated code.
 */
export const shallowNodeSchemas = defineNodeSchemas({
  child: z.custom<unknown>((value) => value !== undefined),
  condition: conditionOfDepth(limits.conditionDepth, (fields) => opaqueObject<Condition>(fields, isOneConditionForm)),
  style: opaqueObject(styleSchema),
});

export type NodeType = keyof typeof nodeSchemas;
export const nodeTypes = Object.keys(nodeSchemas) as NodeType[];

// Interfaces (not aliases) let the recursive node types refer to each other.
export interface BoxNode extends z.output<typeof nodeSchemas.box> {}
export interface RowNode extends z.output<typeof nodeSchemas.row> {}
export interface ColumnNode extends z.output<typeof nodeSchemas.column> {}
export interface FlowNode extends z.output<typeof nodeSchemas.flow> {}
export interface CarouselNode extends z.output<typeof nodeSchemas.carousel> {}
export interface GridNode extends z.output<typeof nodeSchemas.grid> {}
export interface ListNode extends z.output<typeof nodeSchemas.list> {}
export interface AdaptiveNode extends z.output<typeof nodeSchemas.adaptive> {}
export interface TextNode extends z.output<typeof nodeSchemas.text> {}
export interface ImageNode extends z.output<typeof nodeSchemas.image> {}
export interface IconNode extends z.output<typeof nodeSchemas.icon> {}
export interface SpacerNode extends z.output<typeof nodeSchemas.spacer> {}
export interface TextFieldNode extends z.output<typeof nodeSchemas.textField> {}
export interface SwitchNode extends z.output<typeof nodeSchemas.switch> {}
export interface CheckboxNode extends z.output<typeof nodeSchemas.checkbox> {}
export interface ButtonNode extends z.output<typeof nodeSchemas.button> {}
export interface RadioGroupNode extends z.output<typeof nodeSchemas.radioGroup> {}
export interface ListItemNode extends z.output<typeof nodeSchemas.listItem> {}
export interface SliderNode extends z.output<typeof nodeSchemas.slider> {}
export interface ChipNode extends z.output<typeof nodeSchemas.chip> {}
export interface CardNode extends z.output<typeof nodeSchemas.card> {}
export interface IconButtonNode extends z.output<typeof nodeSchemas.iconButton> {}
export interface FabNode extends z.output<typeof nodeSchemas.fab> {}
export interface ChartNode extends z.output<typeof nodeSchemas.chart> {}
export interface MapNode extends z.output<typeof nodeSchemas.map> {}
export interface VideoPlayerNode extends z.output<typeof nodeSchemas.videoPlayer> {}
export interface CameraPreviewNode extends z.output<typeof nodeSchemas.cameraPreview> {}
export interface CastButtonNode extends z.output<typeof nodeSchemas.castButton> {}
export interface PasteButtonNode extends z.output<typeof nodeSchemas.pasteButton> {}
export interface SegmentedButtonNode extends z.output<typeof nodeSchemas.segmentedButton> {}
export interface TopAppBarNode extends z.output<typeof nodeSchemas.topAppBar> {}
export interface DividerNode extends z.output<typeof nodeSchemas.divider> {}
export interface BadgeNode extends z.output<typeof nodeSchemas.badge> {}
export interface ProgressNode extends z.output<typeof nodeSchemas.progress> {}
export interface DialogNode extends z.output<typeof nodeSchemas.dialog> {}
export interface SnackbarNode extends z.output<typeof nodeSchemas.snackbar> {}
export interface TimePickerNode extends z.output<typeof nodeSchemas.timePicker> {}
export interface DatePickerNode extends z.output<typeof nodeSchemas.datePicker> {}
export interface ScrollNode extends z.output<typeof nodeSchemas.scroll> {}
export interface PagerNode extends z.output<typeof nodeSchemas.pager> {}
export interface TabBarNode extends z.output<typeof nodeSchemas.tabBar> {}
export interface BottomNavNode extends z.output<typeof nodeSchemas.bottomNav> {}
export interface BottomSheetNode extends z.output<typeof nodeSchemas.bottomSheet> {}
export interface StackNode extends z.output<typeof nodeSchemas.stack> {}
export interface MenuNode extends z.output<typeof nodeSchemas.menu> {}
export interface DrawerNode extends z.output<typeof nodeSchemas.drawer> {}
export interface SearchBarNode extends z.output<typeof nodeSchemas.searchBar> {}
export interface TooltipNode extends z.output<typeof nodeSchemas.tooltip> {}
export interface SelectNode extends z.output<typeof nodeSchemas.select> {}

export type PrototypeNode =
  | BoxNode
  | RowNode
  | ColumnNode
  | FlowNode
  | GridNode
  | ListNode
  | AdaptiveNode
  | CarouselNode
  | TextNode
  | ImageNode
  | IconNode
  | SpacerNode
  | TextFieldNode
  | SwitchNode
  | CheckboxNode
  | ButtonNode
  | RadioGroupNode
  | ListItemNode
  | SliderNode
  | ChipNode
  | CardNode
  | IconButtonNode
  | FabNode
  | ChartNode
  | MapNode
  | VideoPlayerNode
  | CameraPreviewNode
  | CastButtonNode
  | PasteButtonNode
  | SegmentedButtonNode
  | TopAppBarNode
  | DividerNode
  | BadgeNode
  | ProgressNode
  | DialogNode
  | SnackbarNode
  | TimePickerNode
  | DatePickerNode
  | ScrollNode
  | PagerNode
  | TabBarNode
  | BottomNavNode
  | BottomSheetNode
  | StackNode
  | MenuNode
  | SelectNode
  | DrawerNode
  | SearchBarNode
  | TooltipNode;
/** The node of one type, e.g. `NodeOfType<'slider'>`. */
export type NodeOfType<T extends NodeType> = Extract<PrototypeNode, { type: T }>;

export const prototypeNodeSchema: z.ZodType<PrototypeNode> = z.lazy(() =>
  z.discriminatedUnion('type', Object.values(nodeSchemas) as unknown as [z.ZodObject, ...z.ZodObject[]]),
) as unknown as z.ZodType<PrototypeNode>;

// ---------------------------------------------------------------------------------------------
// Window, theme, envelope

export const placementSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fullscreen'), scrim: colorValueSchema.optional() }),
  z.strictObject({ type: z.literal('sheet'), edge: z.enum(['top', 'bottom']), height: positive }),
  z.strictObject({ type: z.literal('floating'), gravity: alignmentSchema, offset: offsetSchema }),
]);
export type Placement = z.infer<typeof placementSchema>;

export const windowSchema = z.strictObject({
  placement: placementSchema,
  opacity: z.number().int().min(0).max(100).optional(),
  layer: z.enum(['system', 'app']).optional(),
  persistence: z.enum(['session', 'device']).optional(),
  /** Fullscreen: the host's dismiss row ("bar", the default) or none, content filling the window. */
  chrome: z.enum(['bar', 'none']).optional(),
  /** Taps nothing handled arrive as prototype_dead_tap emit events (the host gates prototype_dead_tap_v1). */
  deadTaps: z.boolean().optional(),
  android: androidNamespaceSchema.optional(),
  ios: iosNamespaceSchema.optional(),
});
export type WindowSpec = z.infer<typeof windowSchema>;

const roleHexMap = z.partialRecord(colorRoleSchema, hexColorSchema);
const roleOverrides = Object.fromEntries(colorRoles.map((role) => [role, hexColorSchema.optional()])) as {
  [R in (typeof colorRoles)[number]]: z.ZodOptional<typeof hexColorSchema>;
};

export const themeSchema = z.strictObject({
  mode: z.enum(['light', 'dark', 'system']).optional(),
  /** A state key whose value (light, dark or system) picks the mode while the prototype runs (protostage_mode_key_v1). */
  modeKey: stateKey.optional(),
  design: z.enum(['material', 'platform']).optional(),
  android: androidNamespaceSchema.optional(),
  ios: iosNamespaceSchema.optional(),
  colors: z
    .strictObject({
      seed: hexColorSchema.optional(),
      source: z.literal('device').optional(),
      light: roleHexMap.optional(),
      dark: roleHexMap.optional(),
      ...roleOverrides,
    })
    .optional(),
  typography: z
    .strictObject({
      scale: z.number().min(0.75).max(1.5).optional(),
      fontFamily: z.enum(['sans', 'serif', 'mono']).optional(),
    })
    .optional(),
  shapes: z.strictObject({ corner: z.enum(['none', 'small', 'medium', 'large', 'full']).optional() }).optional(),
});
export type Theme = z.infer<typeof themeSchema>;

const pluralFormsSchema = z.strictObject({
  zero: z.string().optional(),
  one: z.string().optional(),
  two: z.string().optional(),
  few: z.string().optional(),
  many: z.string().optional(),
  other: z.string(),
});

/** One table per locale, each entry a string or its plural forms; `default` names the table behind the others. */
export const stringTablesSchema = z.strictObject({
  default: nonEmpty,
  /** A state key whose value (a locale tag, or system) picks the table while the prototype runs (protostage_locale_key_v1). */
  localeKey: stateKey.optional(),
  tables: ownRecord(ownRecord(z.union([z.string(), pluralFormsSchema]))),
});
export type StringTables = z.infer<typeof stringTablesSchema>;

export const prototypeSpecSchema = z.strictObject({
  id: nonEmpty,
  window: windowSchema,
  state: ownRecord(scalarSchema).optional(),
  /** Agent-owned JSON the spec binds (checked for size and depth by the walker). */
  data: z.unknown().optional(),
  /** State keys and data pointers whose values the device keeps for this id across shows. */
  storage: z
    .strictObject({
      version: z.number().int().min(1).max(MAX_INT32),
      keys: z.array(stateKey).min(1).max(64).optional(),
      data: z.array(dataPointer).min(1).max(64).optional(),
    })
    .optional(),
  motion: z.enum(['none', 'standard', 'reduced', 'expressive']).optional(),
  theme: themeSchema.optional(),
  strings: stringTablesSchema.optional(),
  /** Platform features the spec opts into: "share" enables share.open. */
  requires: z.strictObject({ platform: z.array(z.enum(['share'])).min(1).max(8).optional() }).optional(),
  root: prototypeNodeSchema,
});
export type PrototypeSpec = z.infer<typeof prototypeSpecSchema>;
