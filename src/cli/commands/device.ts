// `protostage device`: run the web device agent. Normally the host starts it; run by hand to
// drive a device from another host, with the port and token in the environment.
import { parseCommandArgs } from '../args.ts';
import { readAgentConfig } from '../../device/agent-config.ts';
import { DEVICE_EXIT_WITH_STDIN_ENV, DEVICE_PORT_ENV, DEVICE_TOKEN_ENV } from '../../protocol/constants.ts';
import { APP_URL_OPTIONS, checkAppUrl } from '../../protocol/app-url.ts';
import { BROWSER_OPTIONS, browserOptionsHelp, browserSourceFrom } from '../../device/browser-source.ts';
import { startBrowserEarly } from '../../device/chromium.ts';
import { playwrightLoaded } from '../../device/playwright.ts';
import { DEVICE_FLAG_OPTIONS, deviceFlagsHelp, deviceSetupFrom } from '../../device/device-flags.ts';
import { untilStopped } from '../lifecycle.ts';
import { allowedOriginsFrom, REQUEST_ORIGIN_OPTION, requestOriginHelp } from '../../protocol/egress.ts';

export const HELP = `Usage: protostage device [--headed] [--device NAME|SIZE] [--app-url URL]

Runs the web device agent: Chromium showing a phone frame, driven over the protostage device
protocol (newline-delimited JSON on 127.0.0.1).

Environment (both required; the agent refuses to start without them):
  ${DEVICE_PORT_ENV}    TCP port to listen on, on 127.0.0.1 only
  ${DEVICE_TOKEN_ENV}   launch token (at least 16 characters) the host sends in hello
and, optionally, PROTOSTAGE_DEVICE_DATA_DIR: where stored values (a spec's storage block) are
kept (default ~/.protostage/device).

Options:
  --headed            show the browser window
${browserOptionsHelp(22)}
${deviceFlagsHelp(22)}
  --app-url URL       the web app shown beneath prototypes (default: the built-in home screen);
                      a page on this machine, or elsewhere with --allow-app-origin
  --allow-app-origin O  let --app-url load a page of origin O (repeatable)
${requestOriginHelp(22)}
  -h, --help          this text`;

export const OPTIONS = { headed: { type: 'boolean' }, ...DEVICE_FLAG_OPTIONS, ...APP_URL_OPTIONS, ...REQUEST_ORIGIN_OPTION, ...BROWSER_OPTIONS } as const;

export async function run(args: string[]): Promise<number> {
  disableSourceMaps();
  const values = parseCommandArgs('device', args, OPTIONS, HELP);
  if (typeof values === 'number') return values;
  const device = deviceSetupFrom(values);
  if ('error' in device) {
    console.error(`protostage device: ${device.error}`);
    return 2;
  }
  const app = values['app-url'] === undefined ? undefined : checkAppUrl(values['app-url'], values['allow-app-origin']);
  if (app !== undefined && 'error' in app) {
    console.error(`protostage device: ${app.error}`);
    return 2;
  }
  const browserSource = browserSourceFrom(values);
  if ('error' in browserSource) {
    console.error(`protostage device: ${browserSource.error}`);
    return 2;
  }
  const allowed = allowedOriginsFrom(values['allow-request-origin']);
  if ('error' in allowed) {
    console.error(`protostage device: ${allowed.error}`);
    return 2;
  }
  const config = readAgentConfig(process.env);
  if (!config.ok) {
    console.error(`protostage device: ${config.message}. See --help.`);
    return 2;
  }
  const stopped = untilStopped((stop) => {
    if (process.env[DEVICE_EXIT_WITH_STDIN_ENV] !== '1') return;
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
    process.stdin.resume();
  });
  // The browser starts now and the device's modules (Playwright among them) load while it does;
  // the agent's own (its protocol's schemas) load next, while the device waits for its browser.
  const startedBrowser = startBrowserEarly(browserSource, { headed: values.headed });
  const deviceOptions = { headed: values.headed, ...device, liveClock: true, appUrl: app?.url, browserSource, startedBrowser, requests: { allowed } };
  const launching = import('../../device/web-device.ts').then(({ WebDevice }) => WebDevice.launch(deviceOptions));
  await Promise.race([playwrightLoaded, launching.then(() => undefined, () => undefined)]);
  let agent;
  try {
    const { startAgent } = await import('../../device/agent.ts');
    agent = await startAgent(config, deviceOptions, launching);
  } catch (error) {
    const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    console.error(`protostage device: ${taken ? `cannot listen on 127.0.0.1:${config.port}: the port is taken; set PROTOSTAGE_DEVICE_PORT to a free one` : (error as Error).message}`);
    process.stdin.destroy();
    return 1;
  }
  console.error(`protostage device: listening on 127.0.0.1:${agent.port}`);
  agent.deviceReady.then(
    () => console.error('protostage device: web device ready'),
    (error: Error) => console.error(`protostage device: ${error.message}`),
  );
  await stopped;
  await agent.close();
  process.stdin.destroy(); // Stop watching stdin so the process can exit.
  return 0;
}


/**
 * The device process reports errors by message, never by stack, while Playwright takes a stack
 * trace at every call it makes; with the TypeScript loader's source maps on, each costs the
 * source-map lookup of every frame (about a millisecond a call here). Off in this process only.
 */
function disableSourceMaps(): void {
  process.setSourceMapsEnabled(false);
}
