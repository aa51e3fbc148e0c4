// The host as the entry points use it: the show pipeline wired to the real validator and to a
// web device (launched here, or an agent already running).
import { AllowedOrigins } from '../protocol/egress.ts';
import type { AgentProcess } from './agent-process.ts';
import { existingDeviceLauncher, webDeviceLauncher } from './device-launcher.ts';
import { FileRoots } from './file-roots.ts';
import { Host } from './host.ts';
import { DevicePool, type PooledDevice } from './pool.ts';
import { prepareSpec } from './prepare.ts';
import { agentArgsOf, EXISTING_DEVICE_NAME, launchedDevices, type HostSetup } from './setup.ts';

export { Host } from './host.ts';
export { DevicePool } from './pool.ts';
export type { HostResult, ShowArgs, AwaitArgs, StatusEntry } from './host.ts';

/**
 * A host per device; `onSpawn` hears of each device agent process a host launches. `started`
 * holds agents already started for the devices (startAgents), by name: each host's first launch
 * connects to its own.
 */
export function createDevicePool(setup: HostSetup = {}, onSpawn?: (device: PooledDevice) => void, started?: ReadonlyMap<string, Promise<AgentProcess>>): DevicePool {
  const fileRoots = new FileRoots([process.cwd(), ...(setup.allowDirs ?? [])]);
  const requests = { allowed: setup.requestOrigins ?? new AllowedOrigins() };
  if (setup.existingDevice) {
    const launcher = existingDeviceLauncher(setup.existingDevice.port, setup.existingDevice.token);
    return new DevicePool([{ name: EXISTING_DEVICE_NAME, profile: null, host: new Host({ launcher, prepareSpec, fileRoots, requests }) }]);
  }
  return new DevicePool(launchedDevices(setup).map((entry) => {
    let device: PooledDevice;
    const launcher = webDeviceLauncher({ deviceArgs: agentArgsOf(setup, entry), onSpawn: () => onSpawn?.(device) }, started?.get(entry.name));
    const host = new Host({ launcher, prepareSpec, fileRoots, requests });
    device = { ...entry, host };
    return device;
  }));
}
