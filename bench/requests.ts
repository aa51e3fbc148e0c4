// A request action from tap to screen, on the web device, against an HTTP server of this process
// on 127.0.0.1 (opened with the policy's opt-in, as --allow-request-origin does):
//   via device: the device sends it;
//   via host: a prototype_request over a real loopback protocol connection to a host here, which
//   sends it and answers with prototype_response;
// each from the tap until the response is in the data and the screen settled, beside a bare fetch
// of the same URL and beside a tap that only writes state (the tap's own cost).
//   npm run bench:requests [-- --runs 30]
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { fetch } from 'undici';
import { WebDevice } from '../src/device/web-device.ts';
import { DeviceConnection } from '../src/protocol/client.ts';
import { CAPABILITIES } from '../src/protocol/constants.ts';
import { AllowedOrigins } from '../src/protocol/egress.ts';
import { createLaunchToken } from '../src/protocol/handshake.ts';
import { startProtocolServer } from '../src/protocol/server.ts';
import { findFreePort } from '../src/host/ports.ts';
import { serveDeviceRequests } from '../src/host/requests.ts';
import { median, timed } from './stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const RUNS = Number(values.runs);

const FORECAST = JSON.stringify({ city: 'Oslo', summary: 'Light snow', temperature: -3, hours: Array.from({ length: 24 }, (_, hour) => ({ hour, t: -3 + (hour % 5) })) });

function spec(origin: string, via: 'host' | 'device', run: number) {
  return {
    id: 'bench',
    window: { placement: { type: 'fullscreen' } },
    state: { status: 'idle', n: 0 },
    data: { weather: {} },
    root: {
      type: 'column',
      children: [
        { type: 'button', label: 'Load', testTag: 'load', onTap: [{ type: 'request', via, url: `${origin}/weather`, query: { run: String(run) }, into: '/weather', statusKey: 'status' }] },
        { type: 'button', label: 'Count', testTag: 'count', onTap: [{ type: 'increment', key: 'n' }] },
        { type: 'text', text: '{data:/weather/city} {data:/weather/temperature} °C, {status} {n}' },
      ],
    },
  };
}

function line(name: string, value: number, against: string, base: number): void {
  console.log(`${name.padEnd(44)} median ${value.toFixed(2).padStart(8)} ms   ${against.padEnd(36)} ${base.toFixed(2).padStart(8)} ms   ratio ${(value / base).toFixed(2).padStart(6)}×`);
}

async function main(): Promise<void> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(FORECAST));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const allowed = new AllowedOrigins([origin]);
  const device = await WebDevice.launch({ requests: { allowed } });
  // The device's protocol server and a host connected to it, as the agent and a daemon are.
  const token = createLaunchToken();
  const protocol = await startProtocolServer({
    port: await findFreePort(),
    token,
    agentVersion: 'bench',
    capabilities: [CAPABILITIES.prototype, CAPABILITIES.network],
    handle: async () => ({ success: true }),
    onResponse: (response, connection) => device.requests.hostResponse(response, connection),
  });
  device.requests.setHost({ send: (message) => protocol.sendToCurrent(message), sendCancel: (connection, requestId) => protocol.sendTo(connection, { type: 'prototype_request_cancel', requestId }) });
  const host = await DeviceConnection.open(protocol.port, token);
  serveDeviceRequests(host, { allowed });
  try {
    const request = async (via: 'host' | 'device') => {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await device.show(spec(origin, via, run), { reset: true });
        await device.settled();
        samples.push(await timed(async () => {
          await device.tap({ testTag: 'load' });
          if (!(await device.requestsIdle(10_000))) throw new Error('the request did not complete');
          await device.settled();
        }));
      }
      return median(samples);
    };
    const bareFetch = async () => {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await timed(async () => JSON.parse(await (await fetch(`${origin}/weather?run=${run}`)).text())));
      return median(samples);
    };
    const stateTap = async () => {
      const samples: number[] = [];
      await device.show(spec(origin, 'device', 0), { reset: true });
      for (let run = 0; run < RUNS; run++) {
        await device.settled();
        samples.push(await timed(async () => {
          await device.tap({ testTag: 'count' });
          await device.settled();
        }));
      }
      return median(samples);
    };
    await request('device');
    await request('host');
    const viaDevice = await request('device');
    const viaHost = await request('host');
    const fetched = await bareFetch();
    const tapped = await stateTap();
    console.log(`protostage request bench: a ${FORECAST.length}-byte JSON forecast from 127.0.0.1, median of ${RUNS} runs each`);
    line('via device: tap → data written → settled', viaDevice, 'a bare fetch of the same URL', fetched);
    line('via host: tap → data written → settled', viaHost, 'a bare fetch of the same URL', fetched);
    line('via device: tap → data written → settled', viaDevice, 'a tap that writes state → settled', tapped);
    line('via host: tap → data written → settled', viaHost, 'a tap that writes state → settled', tapped);
    console.log(`what the request adds to a tap: via device ${(viaDevice - tapped).toFixed(2)} ms, via host ${(viaHost - tapped).toFixed(2)} ms, against ${(1000 / 60).toFixed(2)} ms for one more frame (the loading state is drawn first) and ${fetched.toFixed(2)} ms for the fetch`);
  } finally {
    host.close();
    await protocol.close();
    await device.close();
    server.close();
  }
}

await main();
