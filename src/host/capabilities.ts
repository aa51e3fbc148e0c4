// The capability gate: what a show needs from the device, checked before anything is sent.
import { CAPABILITIES, type CapabilityName } from '../protocol/constants.ts';
import { failure, type HostFailure } from './errors.ts';
import { isObject, visitObjects } from './spec-walk.ts';

export interface ShowOptions {
  reset?: boolean;
  appearance?: 'device' | 'light' | 'dark';
  hasAssets?: boolean;
}

interface Need {
  capability: CapabilityName;
  path: string;
  feature: string;
}

/** Every capability a spec and its show options need, each with the first path that needs it. */
export function requiredCapabilities(spec: unknown, options: ShowOptions): Need[] {
  const needs = new Map<CapabilityName, Need>();
  const need = (capability: CapabilityName, path: string, feature: string) => {
    if (!needs.has(capability)) needs.set(capability, { capability, path, feature });
  };
  need(CAPABILITIES.prototype, '$', 'prototypes');
  if (options.reset) need(CAPABILITIES.showInPlace, 'reset', 'reset');
  if (options.appearance !== undefined) need(CAPABILITIES.appearance, 'appearance', 'live appearance');
  if (options.hasAssets) need(CAPABILITIES.assets, 'assets', 'asset upload');
  const window = isObject(spec) && isObject(spec.window) ? spec.window : {};
  if (window.layer !== undefined) need(CAPABILITIES.windowOptions, 'window.layer', 'window.layer');
  if (window.persistence !== undefined) need(CAPABILITIES.windowOptions, 'window.persistence', 'window.persistence');
  visitObjects(spec, '$', (object, path) => {
    const at = path.replace(/^\$\.?/, '');
    if (isObject(object.anchor)) need(CAPABILITIES.anchors, `${at}.anchor`, 'anchors');
    if (isObject(object.fontFamily) && 'asset' in object.fontFamily) need(CAPABILITIES.fonts, `${at}.fontFamily`, 'custom fonts');
    if (isLightDarkPair(object)) need(CAPABILITIES.themeModes, at, 'light/dark values');
  });
  return [...needs.values()];
}

function isLightDarkPair(object: Record<string, unknown>): boolean {
  const keys = Object.keys(object);
  return keys.length === 2 && 'light' in object && 'dark' in object;
}

/** The first need the device did not advertise, as a failure; null when the device has them all. */
export function checkCapabilities(spec: unknown, options: ShowOptions, advertised: ReadonlySet<string>): HostFailure | null {
  const missing = requiredCapabilities(spec, options).find((need) => !advertised.has(need.capability));
  if (!missing) return null;
  return failure(
    missing.path,
    `this device does not support ${missing.feature} (it does not advertise ${missing.capability})`,
    `Remove ${missing.path} from the show, or use a device that advertises ${missing.capability}.`,
  );
}
