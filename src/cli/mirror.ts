// The live mirror's address, printed by the commands that run a device for an agent.
import type { Host } from '../host/index.ts';

/**
 * Returns a function that prints the device's live mirror address once the device is up: call it
 * at startup (which starts the device) and whenever a device process is spawned (whose launch it
 * then joins). Each address is printed once, so a restarted device prints only its new one.
 */
export function mirrorAnnouncer(command: string, print: (line: string) => void): (host: Host) => void {
  let announcedUrl: string | undefined;
  return (host) => {
    host.device().then(
      (device) => {
        if (device.mirrorUrl === undefined || device.mirrorUrl === announcedUrl) return;
        announcedUrl = device.mirrorUrl;
        print(`Live mirror of the device (watch and join in): ${device.mirrorUrl}`);
      },
      (error: Error) => console.error(`protostage ${command}: the device did not start: ${error.message}`),
    );
  };
}
