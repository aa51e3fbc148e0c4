// The capability gate: what a show needs from the device, checked before anything is sent.
// The validator names what the spec's features need (from the contract); the show's own options
// add theirs.
import { CAPABILITIES } from '../protocol/constants.ts';
import { failure, type HostFailure } from './errors.ts';
import { isObject, visitObjects } from './spec-walk.ts';

export interface ShowNeeds {
  /** From validatePrototypeSpec: capabilities the authored features need. */
  specCapabilities: readonly string[];
  /** Where in the spec each of them is first needed. */
  specCapabilityPaths?: Readonly<Record<string, string>>;
  reset?: boolean;
  appearance?: 'device' | 'light' | 'dark';
  /** The show's own language (string tables follow it). */
  locale?: string;
  hasAssets?: boolean;
}

interface Need {
  capability: string;
  path: string;
}

/** Every capability a show needs, each with the argument or spec path that needs it. */
export function requiredCapabilities(spec: unknown, needs: ShowNeeds): Need[] {
  const list: Need[] = [{ capability: CAPABILITIES.prototype, path: '$' }];
  if (needs.reset) list.push({ capability: CAPABILITIES.showInPlace, path: 'reset' });
  if (needs.appearance !== undefined) list.push({ capability: CAPABILITIES.appearance, path: 'appearance' });
  if (needs.hasAssets) list.push({ capability: CAPABILITIES.assets, path: 'assets' });
  if (needs.locale !== undefined) list.push({ capability: CAPABILITIES.strings, path: 'locale' });
  for (const capability of needs.specCapabilities) list.push({ capability, path: needs.specCapabilityPaths?.[capability] ?? locate(spec, capability) });
  // Outliving the session and replaying what happened meanwhile is the device's to do.
  if (isObject(spec) && isObject(spec.window) && spec.window.persistence === 'device') {
    list.push({ capability: CAPABILITIES.persistenceReplay, path: 'window.persistence' });
  }
  // Reporting taps nothing handled is the device's own preflight, not a vocabulary feature.
  if (isObject(spec) && isObject(spec.window) && spec.window.deadTaps === true) {
    list.push({ capability: CAPABILITIES.deadTaps, path: 'window.deadTaps' });
  }
  return list;
}

/** Best-effort path of the first spec feature needing a capability, so the failure points somewhere. */
function locate(spec: unknown, capability: string): string {
  let found: string | undefined;
  visitObjects(spec, '$', (object, path) => {
    if (found !== undefined) return;
    const at = path.replace(/^\$\.?/, '');
    if (capability === CAPABILITIES.anchors && isObject(object.anchor)) found = `${at}.anchor`;
    if (capability === CAPABILITIES.windowOptions && at === 'window') found = 'layer' in object ? 'window.layer' : 'window.persistence';
    if (capability === CAPABILITIES.themeModes && 'light' in object && 'dark' in object) found = at;
  });
  return found ?? '$';
}

/** The first need the device did not advertise, as a failure; null when the device has them all. */
export function checkCapabilities(spec: unknown, needs: ShowNeeds, advertised: ReadonlySet<string>): HostFailure | null {
  const missing = requiredCapabilities(spec, needs).find((need) => !advertised.has(need.capability));
  if (!missing) return null;
  return failure(
    missing.path,
    `this device does not support what ${missing.path} uses (it does not advertise ${missing.capability})`,
    `Remove ${missing.path} from the show, or use a device that advertises ${missing.capability}.`,
  );
}
