/**
 * String tables (seeds/001 "Strings and semantics capability", strings half): a spec's `strings`
 * holds one table per locale and names its `default`; text refers to an entry as `{t:key}`, or
 * `{t:key|count}` for a plural entry whose form the number in state key `count` chooses, by the
 * locale's plural rules (Intl.PluralRules).
 *
 * Which table: the locale in strings.localeKey's state key (protostage_locale_key_v1) unless it
 * holds "system", else the show's locale, else the device's; matched exactly (case aside), then with its
 * last subtag dropped until one matches (de-CH-1996 → de-CH → de), then any table of the same
 * language (pt → pt-BR), then the default table. An entry the chosen table lacks comes from the
 * default table (the validator checks the default has every key text uses). The layout runs right
 * to left when the chosen table's language is written right to left.
 */
import type { Scalar, StringTables } from '../spec/index.ts';

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** Languages written right to left, by their language subtag. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ku', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

/** The locale when neither the show nor the device gives one. */
export const DEFAULT_LOCALE = 'en-US';

export function isRtlLocale(tag: string): boolean {
  return RTL_LANGUAGES.has(languageOf(tag));
}

function languageOf(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

/** The canonical spelling of a BCP 47 tag, or null when it is not one. */
export function canonicalLocale(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The table of `tables` that serves `requested` (see the module comment). */
export function chooseTable(tables: StringTables, requested: string): string {
  const names = Object.keys(tables.tables);
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  const parts = requested.split('-');
  for (let length = parts.length; length > 0; length--) {
    const found = byLower.get(parts.slice(0, length).join('-').toLowerCase());
    if (found !== undefined) return found;
  }
  const sameLanguage = names.find((name) => languageOf(name) === languageOf(requested));
  return sameLanguage ?? tables.default;
}

/** Resolves `{t:…}` references for one show: the chosen table, with the default behind it. */
export class StringResolver {
  readonly locale: string;
  readonly direction: 'ltr' | 'rtl';
  private readonly plurals: Intl.PluralRules;

  constructor(
    private readonly tables: StringTables,
    requested: string,
  ) {
    this.locale = chooseTable(tables, requested);
    this.direction = isRtlLocale(this.locale) ? 'rtl' : 'ltr';
    this.plurals = new Intl.PluralRules(canonicalLocale(this.locale) ?? DEFAULT_LOCALE);
  }

  /** The entry's text (placeholders still in it), or undefined when no table has the key. */
  translate(key: string, count: Scalar | undefined): string | undefined {
    const entry = this.tables.tables[this.locale]?.[key] ?? this.tables.tables[this.tables.default]?.[key];
    if (entry === undefined) return undefined;
    if (typeof entry === 'string') return entry;
    const category = typeof count === 'number' && Number.isFinite(count) ? (this.plurals.select(count) as PluralCategory) : 'other';
    return entry[category] ?? entry.other;
  }
}
