/**
 * Closed word lists of the spec model that are not node or style field names, and the contract's
 * limits and motion tokens: plain data, for code that needs no Zod schema (the runtime, the
 * renderer's page, the wire) and so does not load the typed model.
 */

/** The contract's limits, which the runtime also enforces on what changes after a show. */
export { limits } from '../contract/index.ts';
/** animate's spring table (seed 001 "Motion tokens"). */
export { contract as specContract, type MotionRole, type MotionScheme, type MotionTempo, type SpringToken } from '../contract/index.ts';

/** The 36 Material 3 ColorScheme roles a colour slot accepts. */
export const colorRoles = [
  'primary', 'onPrimary', 'primaryContainer', 'onPrimaryContainer', 'inversePrimary',
  'secondary', 'onSecondary', 'secondaryContainer', 'onSecondaryContainer',
  'tertiary', 'onTertiary', 'tertiaryContainer', 'onTertiaryContainer',
  'background', 'onBackground',
  'surface', 'onSurface', 'surfaceVariant', 'onSurfaceVariant', 'surfaceTint',
  'inverseSurface', 'inverseOnSurface',
  'error', 'onError', 'errorContainer', 'onErrorContainer',
  'outline', 'outlineVariant', 'scrim',
  'surfaceBright', 'surfaceDim',
  'surfaceContainer', 'surfaceContainerHigh', 'surfaceContainerHighest',
  'surfaceContainerLow', 'surfaceContainerLowest',
] as const;
export type ColorRole = (typeof colorRoles)[number];

/** The 15 Material 3 type roles of `style.textStyle`. */
export const textStyleRoles = [
  'displayLarge', 'displayMedium', 'displaySmall',
  'headlineLarge', 'headlineMedium', 'headlineSmall',
  'titleLarge', 'titleMedium', 'titleSmall',
  'bodyLarge', 'bodyMedium', 'bodySmall',
  'labelLarge', 'labelMedium', 'labelSmall',
] as const;
export type TextStyleRole = (typeof textStyleRoles)[number];

/** The HTTP methods a request action may use. */
export const requestMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type RequestMethod = (typeof requestMethods)[number];

/** Why a request failed: the codes of its __meta, its event and the wire's prototype_response. */
export const requestErrorCodes = ['invalid_request', 'too_many_in_flight', 'cancelled', 'blocked_destination', 'network', 'timeout', 'http_error', 'too_large', 'invalid_response', 'data_limit'] as const;
export type RequestErrorCode = (typeof requestErrorCodes)[number];
