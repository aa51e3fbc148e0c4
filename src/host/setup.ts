// The device options `mcp` and `serve` share, read into a host setup: which devices to run (or
// which running agent to use), with which flags, and what files and origins they may reach. Kept
// apart from the host itself so a command can start its devices before the host's modules load.
import { existsSync, statSync } from 'node:fs';
import { BROWSER_OPTIONS, browserOptionsHelp, browserSourceArgs, browserSourceFrom, type BrowserOptionValues } from '../device/browser-source.ts';
import { DEVICE_FLAG_OPTIONS, deviceFlagsHelp, deviceSettingsArgs, deviceSetupFrom, type DeviceFlagValues } from '../device/device-flags.ts';
import { parseDeviceProfile } from '../device/profiles.ts';
import { APP_URL_OPTIONS, checkAppUrl } from '../protocol/app-url.ts';
import { DEVICE_TOKEN_ENV } from '../protocol/constants.ts';
import { allowedOriginArgs, allowedOriginsFrom, type AllowedOrigins, REQUEST_ORIGIN_OPTION, requestOriginHelp } from '../protocol/egress.ts';
import { isAcceptableToken } from '../protocol/handshake.ts';
import { MAX_DEVICES, parseDeviceList, type DeviceEntry } from './pool.ts';

export interface HostSetup {
  /** `protostage device` arguments every launched device gets (its settings, browser, app). */
  deviceArgs?: string[];
  /** The devices to run, each started with deviceArgs and its own --device (default one phone). */
  devices?: DeviceEntry[];
  /** Use the device agent already listening on this 127.0.0.1 port instead of launching one. */
  existingDevice?: { port: number; token: string };
  /** Folders besides the working directory that spec and asset files may be read from. */
  allowDirs?: string[];
  /** Origins the destination policy lets prototype requests reach (`--allow-request-origin`), host and devices alike. */
  requestOrigins?: AllowedOrigins;
}

/** The name of the one device of `--device-port`, an agent someone else started. */
export const EXISTING_DEVICE_NAME = 'external';

/** The devices a setup runs, each launched by this server (none for an agent someone else started). */
export function launchedDevices(setup: HostSetup): DeviceEntry[] {
  return setup.existingDevice ? [] : (setup.devices ?? [{ name: 'phone', profile: 'phone' }]);
}

/** The `protostage device` arguments of one launched device: the shared flags and its own --device. */
export function agentArgsOf(setup: HostSetup, entry: DeviceEntry): string[] {
  return [...(setup.deviceArgs ?? []), ...(entry.profile ? ['--device', entry.profile] : [])];
}

/** Parses the device options `mcp` and `serve` share. */
export const DEVICE_OPTIONS = {
  headed: { type: 'boolean' },
  ...DEVICE_FLAG_OPTIONS,
  ...BROWSER_OPTIONS,
  ...APP_URL_OPTIONS,
  devices: { type: 'string' },
  'device-port': { type: 'string' },
  'lazy-device': { type: 'boolean' },
  'allow-dir': { type: 'string', multiple: true },
  ...REQUEST_ORIGIN_OPTION,
} as const;

/** The host setup from command-line values, or a message saying what is wrong with them. */
export function hostSetupFrom(
  values: BrowserOptionValues & DeviceFlagValues & { devices?: string; 'app-url'?: string; 'allow-app-origin'?: string[]; 'device-port'?: string; 'allow-dir'?: string[]; 'allow-request-origin'?: string[] },
  env: NodeJS.ProcessEnv = process.env,
): HostSetup | string {
  const setup = deviceSetupFrom(values);
  if ('error' in setup) return setup.error;
  const named = values.device ?? values.profile;
  if (values.devices !== undefined && (named !== undefined || values['device-port'] !== undefined)) return '--devices names every device and its profile; leave out --device and --device-port';
  const devices = values.devices === undefined ? [{ name: named ?? 'phone', profile: setup.profile.name }] : parseDeviceList(values.devices, (text) => !('error' in parseDeviceProfile(text)));
  if ('error' in devices) return devices.error;
  const missingDir = (values['allow-dir'] ?? []).find((dir) => !existsSync(dir) || !statSync(dir).isDirectory());
  if (missingDir !== undefined) return `--allow-dir ${missingDir} is not a folder`;
  const allowDirs = values['allow-dir'] ?? [];
  const app = values['app-url'] === undefined ? undefined : checkAppUrl(values['app-url'], values['allow-app-origin']);
  if (app !== undefined && 'error' in app) return app.error;
  const browserSource = browserSourceFrom(values);
  if ('error' in browserSource) return browserSource.error;
  const requestOrigins = allowedOriginsFrom(values['allow-request-origin']);
  if ('error' in requestOrigins) return requestOrigins.error;
  // Each device gets its own --device from its entry; the settings are the same for all.
  const deviceArgs = [
    ...deviceSettingsArgs(setup),
    ...(values.headed ? ['--headed'] : []),
    ...browserSourceArgs(browserSource),
    ...(app ? ['--app-url', app.url, ...(values['allow-app-origin'] ?? []).flatMap((origin) => ['--allow-app-origin', origin])] : []),
    ...allowedOriginArgs(requestOrigins),
  ];
  if (values['device-port'] === undefined) return { deviceArgs, devices, allowDirs, requestOrigins };
  const port = Number(values['device-port']);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return `--device-port must be a port number, not "${values['device-port']}"`;
  const token = env[DEVICE_TOKEN_ENV];
  if (!isAcceptableToken(token)) return `--device-port needs the device's launch token (at least 16 characters) in ${DEVICE_TOKEN_ENV}`;
  return { existingDevice: { port, token }, allowDirs, requestOrigins };
}

export const DEVICE_OPTIONS_HELP = `  --headed            show the web device's browser window
${browserOptionsHelp(22)}
${deviceFlagsHelp(22)}
  --devices LIST      run several devices, each its own agent and browser: profiles or
                      NAME=PROFILE entries, comma-separated (phone,tablet or a=phone,b=390x844;
                      at most ${MAX_DEVICES}); tools take device: NAME (default the first)
  --device-port N     use a device agent already listening on 127.0.0.1:N instead of starting one
                      (its token in ${DEVICE_TOKEN_ENV})
  --app-url URL       the web app shown beneath prototypes (default: the built-in home screen);
                      a page on this machine, or elsewhere with --allow-app-origin
  --allow-app-origin O  let --app-url load a page of origin O (repeatable)
${requestOriginHelp(22)}
  --lazy-device       start the device on the first tool call instead of at startup
  --allow-dir DIR     a folder spec and asset files may also be read from (repeatable); by
                      default only files under the working directory and the MCP client's
                      roots are read`;
