// The live mirror's address, printed by the commands that run devices for an agent.
import type { PooledDevice } from '../host/pool.ts';

/**
 * Returns a function that prints a device's live mirror address once the device is up: call it
 * at startup (which starts the device) and whenever a device process is spawned (whose launch it
 * then joins). Each address is printed once, so a restarted device prints only its new one. With
 * several devices (`deviceCount` > 1) each line names its device.
 */
export function mirrorAnnouncer(command: string, print: (line: string) => void, deviceCount = 1): (device: PooledDevice) => void {
  const announcedUrls = new Map<string, string>();
  return ({ name, host }) => {
    host.device().then(
      (device) => {
        if (device.mirrorUrl === undefined || device.mirrorUrl === announcedUrls.get(name)) return;
        announcedUrls.set(name, device.mirrorUrl);
        const which = deviceCount > 1 ? ` "${name}"` : '';
        print(`Live mirror of the device${which} (watch and join in): ${device.mirrorUrl}`);
      },
      (error: Error) => console.error(`protostage ${command}: the device${deviceCount > 1 ? ` "${name}"` : ''} did not start: ${error.message}`),
    );
  };
}
