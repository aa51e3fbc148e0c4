// Icon search over the contract's closed list of Material icon names.
import { iconNames } from '../contract/index.ts';

export const MAX_ICON_RESULTS = 60;

/**
 * Names containing every word of the query (words split on spaces, dashes and underscores),
 * exact and prefix matches first.
 */
export function searchIcons(query: string, names: readonly string[] = iconNames): string[] {
  const words = query.toLowerCase().split(/[\s_\-]+/).filter(Boolean);
  if (words.length === 0) return names.slice(0, MAX_ICON_RESULTS);
  const joined = words.join('_');
  const rank = (name: string) => (name === joined ? 0 : name.startsWith(joined) ? 1 : 2);
  return names
    .filter((name) => words.every((word) => name.includes(word)))
    .sort((a, b) => rank(a) - rank(b) || a.length - b.length || a.localeCompare(b))
    .slice(0, MAX_ICON_RESULTS);
}
