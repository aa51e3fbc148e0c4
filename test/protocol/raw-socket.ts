// Raw loopback sockets for protocol tests that must speak to a device without the host client.
import { connect, type Socket } from 'node:net';

export function rawSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Collects what the peer sends until it closes the socket or `ms` pass. */
export function readUntilClosedOr(socket: Socket, ms: number): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve({ text, closed: false }), ms);
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

/** Reads frames until `count` have arrived. */
export function readFrames(socket: Socket, count: number): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`only got: ${text}`)), 20_000);
    socket.on('data', (chunk) => {
      text += chunk.toString();
      const lines = text.split('\n').filter(Boolean);
      if (lines.length >= count) {
        clearTimeout(timer);
        resolve(lines.map((line) => JSON.parse(line)));
      }
    });
  });
}
