// Loopback port allocation for device launches.
import { createServer } from 'node:net';

/** Asks the OS for a free port on 127.0.0.1 and releases it for the device to bind. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free loopback port'))));
    });
  });
}
