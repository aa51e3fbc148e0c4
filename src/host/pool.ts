// Several devices in one server: each device is its own host (its own device agent, browser
// context, shown prototypes, event sequences), named so that a tool call can say which one it
// means. The first device is the default.
import { catalogueSummary } from '../device/profiles.ts';
import { failure, type HostFailure } from './errors.ts';
import type { Host } from './host.ts';

/** How many devices one server runs at most. */
export const MAX_DEVICES = 8;
const DEVICE_NAME = /^[a-z][a-z0-9-]{0,31}$/;

export interface DeviceEntry {
  /** What tool calls name it by: lowercase letters, digits and dashes. */
  name: string;
  /** The device profile (phone, tablet), or null for an agent someone else started. */
  profile: string | null;
}

export interface PooledDevice extends DeviceEntry {
  host: Host;
}

export class DevicePool {
  readonly devices: readonly PooledDevice[];

  constructor(devices: readonly PooledDevice[]) {
    if (devices.length === 0) throw new Error('a device pool needs at least one device');
    this.devices = devices;
  }

  get first(): PooledDevice {
    return this.devices[0]!;
  }

  /** The device a call names (default the first), or a failure listing the names there are. */
  pick(name: string | undefined): PooledDevice | HostFailure {
    if (name === undefined) return this.first;
    const found = this.devices.find((device) => device.name === name);
    return found ?? failure('device', `there is no device "${name}"`, `Name one of this server's devices: ${this.devices.map((device) => device.name).join(', ')} (or leave device out for ${this.first.name}).`);
  }

  /** Every device and what its host believes is on it. */
  summary(): Array<DeviceEntry & { connected: boolean; starting: boolean; shown: string[] }> {
    return this.devices.map(({ name, profile, host }) => {
      const status = host.status();
      return { name, profile, connected: status.deviceConnected, starting: status.deviceStarting, shown: status.prototypes.map((entry) => entry.id) };
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.devices.map((device) => device.host.close()));
  }
}

/**
 * Reads `--devices`: a comma-separated list of PROFILE or NAME=PROFILE entries; a profile used
 * again without a name is numbered (phone, phone-2). `isProfile` says which profiles exist.
 */
export function parseDeviceList(text: string, isProfile: (name: string) => boolean): DeviceEntry[] | { error: string } {
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === '')) return { error: `--devices is a comma-separated list of profiles (phone,tablet) or NAME=PROFILE entries, not "${text}"` };
  if (entries.length > MAX_DEVICES) return { error: `--devices lists ${entries.length} devices; one server runs at most ${MAX_DEVICES}` };
  const devices: DeviceEntry[] = [];
  for (const entry of entries) {
    const [named, profile = named] = entry.includes('=') ? entry.split('=', 2) : [undefined, entry];
    if (!isProfile(profile!)) return { error: `--devices: "${profile}" is not a device profile (${catalogueSummary()}) or a size WIDTHxHEIGHT[@DENSITY]` };
    const name = named ?? numbered(profile!, devices);
    if (!DEVICE_NAME.test(name)) return { error: `--devices: the device name "${name}" must be lowercase letters, digits and dashes, starting with a letter (at most 32)` };
    if (devices.some((device) => device.name === name)) return { error: `--devices names "${name}" twice` };
    devices.push({ name, profile: profile! });
  }
  return devices;
}

function numbered(profile: string, taken: readonly DeviceEntry[]): string {
  const names = new Set(taken.map((device) => device.name));
  if (!names.has(profile)) return profile;
  let index = 2;
  while (names.has(`${profile}-${index}`)) index += 1;
  return `${profile}-${index}`;
}
