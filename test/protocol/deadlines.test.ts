// Request deadlines on a real loopback socket: a request still queued on the device when its
// deadline passes is dropped unapplied and answered cancelled; one already started is answered
// with its result however long it takes. So successes reported = requests applied, always.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DeviceConnection, RequestCancelledError } from '../../src/protocol/client.ts';
import { createLaunchToken } from '../../src/protocol/handshake.ts';
import { startProtocolServer, type ProtocolServer } from '../../src/protocol/server.ts';
import { findFreePort } from '../../src/host/ports.ts';

const token = createLaunchToken();
const HANDLE_MS = 40;
let server: ProtocolServer;
let applied = 0;

before(async () => {
  server = await startProtocolServer({
    port: await findFreePort(),
    token,
    agentVersion: 'test',
    capabilities: ['prototype_v1'],
    async handle(request) {
      applied += 1;
      // A slow start (the first tap) runs well past its deadline and is still answered.
      await new Promise((resolve) => setTimeout(resolve, request.type === 'tap' && 'x' in request.target && request.target.x === 0 ? 600 : HANDLE_MS));
      return { success: true };
    },
  });
});
after(() => server.close());

test('queued requests past their deadline are dropped unapplied; started ones are answered', async () => {
  const connection = await DeviceConnection.open(server.port, token);
  applied = 0;
  const taps = Array.from({ length: 30 }, (_, index) => connection.request({ type: 'tap', target: { x: index, y: 1 } }, 300));
  const outcomes = await Promise.allSettled(taps);
  const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  const dropped = outcomes.filter((outcome) => outcome.status === 'rejected');
  assert.equal(succeeded, applied, 'every success was applied and nothing else was');
  assert.equal(outcomes[0]!.status, 'fulfilled', 'the first request started at once and is answered though it took twice its deadline');
  assert.ok(dropped.length > 0, 'the ones queued behind it were dropped');
  for (const outcome of dropped) {
    const reason = (outcome as PromiseRejectedResult).reason as Error;
    assert.ok(reason instanceof RequestCancelledError, reason.message);
    assert.match(reason.message, /dropped tap before it started: it waited \d+ ms behind other requests, past its 300 ms deadline; nothing was applied/);
  }
  connection.close();
});
