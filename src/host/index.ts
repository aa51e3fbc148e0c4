// The host as the entry points use it: the show pipeline wired to the real validator and to a
// web device (launched here, or an agent already running).
import { existsSync, statSync } from 'node:fs';
import { BROWSER_OPTIONS, browserOptionsHelp, browserSourceArgs, browserSourceFrom, type BrowserOptionValues } from '../device/browser-source.ts';
import { checkAppUrl } from '../protocol/app-url.ts';
import { DEVICE_TOKEN_ENV } from '../protocol/constants.ts';
import { isAcceptableToken } from '../protocol/handshake.ts';
import { existingDeviceLauncher, webDeviceLauncher, type WebDeviceLaunchOptions } from './device-launcher.ts';
import { FileRoots } from './file-roots.ts';
import { Host } from './host.ts';
import { prepareSpec } from './prepare.ts';

export { Host } from './host.ts';
export type { HostResult, ShowArgs, AwaitArgs, StatusEntry } from './host.ts';

export interface HostSetup extends WebDeviceLaunchOptions {
  /** Use the device agent already listening on this 127.0.0.1 port instead of launching one. */
  existingDevice?: { port: number; token: string };
  /** Folders besides the working directory that spec and asset files may be read from. */
  allowDirs?: string[];
}

export function createHost(setup: HostSetup = {}): Host {
  const launcher = setup.existingDevice ? existingDeviceLauncher(setup.existingDevice.port, setup.existingDevice.token) : webDeviceLauncher(setup);
  return new Host({ launcher, prepareSpec, fileRoots: new FileRoots([process.cwd(), ...(setup.allowDirs ?? [])]) });
}

/** Parses the device options `mcp` and `serve` share. */
export const DEVICE_OPTIONS = {
  headed: { type: 'boolean' },
  profile: { type: 'string' },
  ...BROWSER_OPTIONS,
  'app-url': { type: 'string' },
  'allow-app-origin': { type: 'string', multiple: true },
  'device-port': { type: 'string' },
  'lazy-device': { type: 'boolean' },
  'allow-dir': { type: 'string', multiple: true },
} as const;

/** The host setup from command-line values, or a message saying what is wrong with them. */
export function hostSetupFrom(
  values: BrowserOptionValues & { profile?: string; 'app-url'?: string; 'allow-app-origin'?: string[]; 'device-port'?: string; 'allow-dir'?: string[] },
  env: NodeJS.ProcessEnv = process.env,
): HostSetup | string {
  if (values.profile !== undefined && values.profile !== 'phone' && values.profile !== 'tablet') return `--profile must be phone or tablet, not "${values.profile}"`;
  const missingDir = (values['allow-dir'] ?? []).find((dir) => !existsSync(dir) || !statSync(dir).isDirectory());
  if (missingDir !== undefined) return `--allow-dir ${missingDir} is not a folder`;
  const allowDirs = values['allow-dir'] ?? [];
  const app = values['app-url'] === undefined ? undefined : checkAppUrl(values['app-url'], values['allow-app-origin']);
  if (app !== undefined && 'error' in app) return app.error;
  const browserSource = browserSourceFrom(values);
  if ('error' in browserSource) return browserSource.error;
  const deviceArgs = [
    ...(values.headed ? ['--headed'] : []),
    ...(values.profile ? ['--profile', values.profile] : []),
    ...browserSourceArgs(browserSource),
    ...(app ? ['--app-url', app.url, ...(values['allow-app-origin'] ?? []).flatMap((origin) => ['--allow-app-origin', origin])] : []),
  ];
  if (values['device-port'] === undefined) return { deviceArgs, allowDirs };
  const port = Number(values['device-port']);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return `--device-port must be a port number, not "${values['device-port']}"`;
  const token = env[DEVICE_TOKEN_ENV];
  if (!isAcceptableToken(token)) return `--device-port needs the device's launch token (at least 16 characters) in ${DEVICE_TOKEN_ENV}`;
  return { existingDevice: { port, token }, allowDirs };
}

export const DEVICE_OPTIONS_HELP = `  --headed            show the web device's browser window
${browserOptionsHelp(22)}
  --profile NAME      phone (default) or tablet
  --device-port N     use a device agent already listening on 127.0.0.1:N instead of starting one
                      (its token in ${DEVICE_TOKEN_ENV})
  --app-url URL       the web app shown beneath prototypes (default: the built-in home screen);
                      a page on this machine, or elsewhere with --allow-app-origin
  --allow-app-origin O  let --app-url load a page of origin O (repeatable)
  --lazy-device       start the device on the first tool call instead of at startup
  --allow-dir DIR     a folder spec and asset files may also be read from (repeatable); by
                      default only files under the working directory and the MCP client's
                      roots are read`;
