export { expandComponents, type ExpandResult } from './components.ts';
export { expandRepeats, repeatInstances, rowInstances, dataRepeatRows, type KeyedNode, type RepeatExpansion } from './repeat.ts';
export { bindingSites, rewriteBindingSites, type BindingSite, type SiteRewriter } from './bindings.ts';
export {
  tokenizePlaceholders,
  bindPlaceholders,
  bindPlaceholdersAsText,
  renderScalar,
  repeatBinder,
  propsBinder,
  placeholderFields,
  hasRepeatPlaceholder,
  type PlaceholderToken,
  type PlaceholderBinder,
} from './placeholders.ts';
export { propertyPath, indexPath, childPath, spellPath, displayPath, parsePath, type PathSegment } from './path.ts';
