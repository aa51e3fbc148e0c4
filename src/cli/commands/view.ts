// `protostage view SPEC`: a live preview of a spec file in the person's own browser.
import { allowedOriginsFrom, REQUEST_ORIGIN_OPTION, requestOriginHelp } from '../../protocol/egress.ts';
import { parseArgs } from 'node:util';
import { DEVICE_FLAG_OPTIONS, deviceFlagsHelp, deviceSetupFrom } from '../../device/device-flags.ts';
import { assetProblemOutcome, type AssetChange } from '../../viewer/asset-change.ts';
import type { SpecStatus } from '../../viewer/messages.ts';
import { APP_URL_HELP, APP_URL_OPTIONS, checkAppUrl } from '../../protocol/app-url.ts';
import { BROWSER_OPTIONS, browserOptionsHelp, browserSourceFrom } from '../../device/browser-source.ts';
import { ASSET_HELP, ASSET_OPTIONS, AssetUsageError, assetProblemText, describeAssetProblem, missingAssetsWarning, parseAssetFlags, type AssetSource } from '../assets.ts';
import { loadWatchedAssets } from '../live-assets.ts';
import { untilStopped } from '../lifecycle.ts';

export const HELP = `Usage: protostage view SPEC [--device NAME|SIZE] [--dark] [--rtl] [--port N] [--headed]
                       [--asset ID=FILE]... [--assets DIR]

Shows SPEC on a headless web device and serves a live viewer at
http://127.0.0.1:PORT/?token=TOKEN (printed at startup; loopback only, and every request
needs the token). Open it in your browser:

  - the viewer mirrors the device's screen as it changes;
  - click, drag and type on it: the device gets real pointer, touch and key input
    (a click is a tap, a drag is a finger swipe, the wheel scrolls, and keys go to
    whatever has the focus on the device: click a text field first);
  - the panel's device controls rotate the device and switch dark, RTL and the font scale
    (the prototype keeps its state);
  - a side panel lists every prototype event and the current state and pages.

Every save of SPEC is validated and shown again in place (the spec's state wins, pages are
kept). An invalid save leaves the last good render on the device; the viewer shows the error
path and message (which says what is accepted), lists the save's further errors, and draws a
box over the deepest node of that render the path points into (the whole window when none).
Each load is also reported on stderr. Several viewers may watch at once. Stop with Ctrl-C.

Asset files are checked and put on the device before the first show (a file that fails stops
view before it starts). While it runs, a changed asset file is put again and the nodes showing it
reload without another show; a file that became unusable is reported (viewer and stderr) and the
device keeps the copy it had. A file added to the --assets folder later becomes an asset too.
Assets a dismissal cleared are put again at the next show; a put the device refuses there is
reported the same way (the nodes showing it draw placeholders until a later show or a save
of the file puts it).

Options:
${deviceFlagsHelp(25)}
  --port N               viewer port on 127.0.0.1 (default 0: a free port)
  --headed               also show the device's own browser window
${browserOptionsHelp(25)}
${APP_URL_HELP}
${ASSET_HELP}
${requestOriginHelp(25)}
  -h, --help             this text

Exit codes: 0 stopped, 1 an unusable asset file or the device or the viewer could not start,
2 bad arguments.`;

export const OPTIONS = {
  ...DEVICE_FLAG_OPTIONS,
  port: { type: 'string' },
  headed: { type: 'boolean' },
  ...BROWSER_OPTIONS,
  ...APP_URL_OPTIONS,
  ...ASSET_OPTIONS,
  ...REQUEST_ORIGIN_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

/** `command` names who runs the viewer in messages: `view`, or `open` for a saved folder. */
export async function run(args: string[], command = 'view'): Promise<number> {
  const usageError = (problem: string) => usageErrorOf(command, problem);
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const problem = usageProblem(positionals, values.port);
  if (problem !== null) return usageError(problem);
  const device = deviceSetupFrom(values);
  if ('error' in device) return usageError(device.error);
  const app = values['app-url'] === undefined ? undefined : checkAppUrl(values['app-url'], values['allow-app-origin']);
  if (app !== undefined && 'error' in app) return usageError(app.error);
  const browserSource = browserSourceFrom(values);
  if ('error' in browserSource) return usageError(browserSource.error);
  const requestOrigins = allowedOriginsFrom(values['allow-request-origin']);
  if ('error' in requestOrigins) return usageError(requestOrigins.error);
  let explicitAssets: AssetSource[];
  try {
    explicitAssets = parseAssetFlags(values.asset ?? []);
  } catch (error) {
    if (error instanceof AssetUsageError) return usageError(error.message);
    throw error;
  }
  const loaded = await loadWatchedAssets(explicitAssets, values.assets);
  if (!loaded.ok) {
    console.error(describeAssetProblem(command, loaded));
    return 1;
  }
  const stopped = untilStopped();
  const { startLiveView } = await import('../../viewer/live-view.ts');
  let view;
  try {
    view = await startLiveView({
      specPath: positionals[0]!,
      device,
      port: values.port === undefined ? 0 : Number(values.port),
      headed: values.headed,
      browserSource,
      appUrl: app?.url,
      assets: loaded.assets,
      requestOrigins,
      onStatus: reportStatus,
      onMissingAssets: (file, version, ids) => console.error(`${file} (save ${version}): ${missingAssetsWarning(ids)}`),
      onAssetChange: reportAssetChange,
    });
  } catch (error) {
    console.error(`protostage ${command}: cannot start: ${(error as Error).message.split('\n')[0]}`);
    return 1;
  }
  console.log(`protostage ${command}: open ${view.url}`);
  await stopped;
  await view.close();
  return 0;
}

function usageErrorOf(command: string, problem: string): number {
  console.error(`protostage ${command}: ${problem}\nRun \`protostage ${command} --help\` for usage.`);
  return 2;
}

function usageProblem(positionals: string[], port: string | undefined): string | null {
  if (positionals.length !== 1) return 'expected exactly one SPEC file';
  const portNumber = Number(port ?? 0);
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65_535) return `--port must be a port number, not "${port}"`;
  return null;
}

function reportStatus(status: SpecStatus): void {
  if (status.ok) {
    console.error(`${status.file} (save ${status.version}): valid, showing "${status.id}" (${status.nodeCount} nodes)`);
    for (const warning of status.warnings) console.error(`${status.file} (save ${status.version}): warning: ${warning.path}: ${warning.message}. Fix: ${warning.fix}`);
  }
  else {
    const others = status.otherErrors?.length ?? 0;
    const more = others > 0 ? ` (+${others}${status.truncated ? '+' : ''} more ${others === 1 && !status.truncated ? 'error' : 'errors'})` : '';
    console.error(`${status.file} (save ${status.version}): ${status.path}: ${status.message}${status.hint ? ` (fix: ${status.hint})` : ''}${more}`);
  }
}

function reportAssetChange(change: AssetChange): void {
  console.error(describeAssetChange(change));
}

/** The stderr line for what became of an asset file, e.g. `hero.png (save 2): asset "hero" put on the device again; …`. */
export function describeAssetChange(change: AssetChange): string {
  const where = `${change.file} (save ${change.version})`;
  if (!change.ok) return `${where}: ${assetProblemText(change)}; ${assetProblemOutcome(change)}`;
  if (change.added) return `${where}: new asset "${change.id}" put on the device`;
  return `${where}: asset "${change.id}" put on the device again; the nodes showing it reload`;
}
