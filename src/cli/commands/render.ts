// `protostage render SPEC -o out.png`: validate a spec, show it on the web device, perform
// taps in order, and write the settled screenshot, the observed hierarchy and every event.
import { constants } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEVICE_FLAG_OPTIONS, deviceFlagsHelp, deviceSetupFrom, type DeviceSetup } from '../../device/device-flags.ts';
import { WebDevice } from '../../device/web-device.ts';
import type { PrototypeEvent } from '../../runtime/model.ts';
import { validatePrototypeSpec } from '../../validate/index.ts';
import {
  ASSET_HELP, ASSET_OPTIONS, describeAssetProblem, missingAssetIds, missingAssetsWarning, parseAssetFlags,
  putAssets, readNamedAssets, type AssetSource,
} from '../assets.ts';
import { describeStep, parseSteps, runSteps, STEPS_HELP, type Step } from '../steps.ts';
import { APP_URL_HELP, APP_URL_OPTIONS, checkAppUrl } from '../../protocol/app-url.ts';
import { BROWSER_OPTIONS, browserOptionsHelp, browserSourceFrom, type BrowserSource } from '../../device/browser-source.ts';
import { allowedOriginsFrom, REQUEST_ORIGIN_OPTION, requestOriginHelp, type AllowedOrigins } from '../../protocol/egress.ts';
import { serveRequestsInProcess } from '../../host/requests.ts';
import { isSavedLayout, readSavedPrototype } from '../../host/saved-layout.ts';

export const HELP = `Usage: protostage render SPEC -o out.png [options]

Validates SPEC (a spec file, or a saved prototype folder with its assets), shows it on the web device (Chromium), performs the taps (or the steps
of --steps) in order, waits until the UI settles and writes the screenshot.

Options:
  -o, --output FILE      PNG screenshot to write (required)
  --hierarchy FILE       write the observed hierarchy as JSON
  --events FILE          write every prototype event as JSON lines
  --tap TAG              tap the node with this testTag (repeatable, in order)
${STEPS_HELP}
${deviceFlagsHelp(25)}
  --frame                draw the device's bezel around the screenshot (never in observe)
  --pixel-ratio N        screenshot pixels per dp (default 1)
  --headed               show the browser window
${APP_URL_HELP}
${browserOptionsHelp(25)}
${ASSET_HELP}
${requestOriginHelp(25)}
  -h, --help             show this help

Request actions run here: via "device" in the device, via "host" in this process, as the
host it stands in for; both through the destination policy.

Assets the spec uses but nobody gave draw as placeholders, with a warning on stderr.
The steps file is checked whole before the show: a bad step is refused with its index
(steps[3].swipe: …) and nothing runs. A step that fails stops the run there (exit 1).

Exit codes: 0 rendered, 1 invalid spec, unusable asset file, bad steps file or failed
show/tap/step, 2 bad arguments.`;

interface RenderOptions {
  specPath: string;
  output: string;
  hierarchy?: string;
  events?: string;
  taps: string[];
  stepsPath?: string;
  statePath?: string;
  device: DeviceSetup;
  frame: boolean;
  pixelRatio: number;
  headed: boolean;
  browserSource: BrowserSource;
  appUrl?: string;
  assets: AssetSource[];
  assetsFolder?: string;
  requestOrigins: AllowedOrigins;
}

class UsageError extends Error {}

export async function run(args: string[]): Promise<number> {
  let options: RenderOptions | 'help';
  try {
    options = parseOptions(args);
  } catch (error) {
    console.error(`protostage render: ${(error as Error).message}\nRun \`protostage render --help\` for usage.`);
    return 2;
  }
  if (options === 'help') {
    console.log(HELP);
    return 0;
  }
  return render(options);
}

export const OPTIONS = {
  output: { type: 'string', short: 'o' },
  hierarchy: { type: 'string' },
  events: { type: 'string' },
  tap: { type: 'string', multiple: true },
  steps: { type: 'string' },
  state: { type: 'string' },
  ...DEVICE_FLAG_OPTIONS,
  frame: { type: 'boolean' },
  'pixel-ratio': { type: 'string' },
  headed: { type: 'boolean' },
  ...BROWSER_OPTIONS,
  ...APP_URL_OPTIONS,
  ...ASSET_OPTIONS,
  ...REQUEST_ORIGIN_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

function parseOptions(args: string[]): RenderOptions | 'help' {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: OPTIONS,
  });
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new UsageError('expected exactly one SPEC file');
  if (values.output === undefined) throw new UsageError('-o out.png is required');
  const device = deviceSetupFrom(values);
  if ('error' in device) throw new UsageError(device.error);
  const app = values['app-url'] === undefined ? undefined : checkAppUrl(values['app-url'], values['allow-app-origin']);
  if (app !== undefined && 'error' in app) throw new UsageError(app.error);
  const browserSource = browserSourceFrom(values);
  if ('error' in browserSource) throw new UsageError(browserSource.error);
  const requestOrigins = allowedOriginsFrom(values['allow-request-origin']);
  if ('error' in requestOrigins) throw new UsageError(requestOrigins.error);
  if (values.steps !== undefined && values.tap !== undefined) throw new UsageError('give --tap or --steps, not both: put the taps in the steps file as {"tap": TAG}');
  return {
    specPath: positionals[0]!,
    output: values.output,
    hierarchy: values.hierarchy,
    events: values.events,
    taps: values.tap ?? [],
    stepsPath: values.steps,
    statePath: values.state,
    device,
    frame: values.frame ?? false,
    pixelRatio: positiveNumber(values['pixel-ratio'], '--pixel-ratio', 1),
    headed: values.headed ?? false,
    browserSource,
    appUrl: app?.url,
    assets: parseAssetFlags(values.asset ?? []),
    assetsFolder: values.assets,
    requestOrigins,
  };
}

function positiveNumber(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > 4) throw new UsageError(`${flag} must be a number above 0 and at most 4`);
  return value;
}

async function render(options: RenderOptions): Promise<number> {
  // A saved prototype folder brings its spec and the assets it could verify.
  const saved = (await isSavedLayout(options.specPath)) ? await readSavedPrototype(options.specPath) : null;
  if (saved && !saved.ok) {
    console.error(`protostage render: ${options.specPath} is not a readable saved prototype: ${saved.corrupt}`);
    return 1;
  }
  for (const problem of saved?.problems ?? []) console.error(`protostage render: asset ${problem}`);
  let bytes: Buffer;
  try {
    bytes = saved ? saved.spec : await readFile(options.specPath);
  } catch (error) {
    console.error(`protostage render: cannot read ${options.specPath}: ${(error as Error).message}`);
    return 1;
  }
  const validated = validatePrototypeSpec(bytes);
  if (!validated.ok) {
    console.error(`${validated.path}: ${validated.message}`);
    return 1;
  }
  const steps = await readSteps(options);
  if (typeof steps === 'string') {
    console.error(`protostage render: ${steps}`);
    return 1;
  }
  const unwritable = await firstUnwritable([options.output, options.hierarchy, options.events, options.statePath]);
  if (unwritable !== null) {
    console.error(`protostage render: cannot write ${unwritable}; nothing was rendered`);
    return 1;
  }
  const named = await readNamedAssets(options.assets, options.assetsFolder);
  if (!named.ok) {
    console.error(describeAssetProblem('render', named));
    return 1;
  }
  // A flag beats the saved layout for the same id.
  const fromLayout = (saved?.assets ?? []).filter((asset) => !named.assets.some((given) => given.id === asset.id));
  const assets = { assets: [...fromLayout, ...named.assets], sources: [...fromLayout.map((asset) => ({ id: asset.id, file: options.specPath, flag: 'the saved prototype' })), ...named.sources] };
  let device: WebDevice;
  try {
    device = await WebDevice.launch({
      headed: options.headed,
      ...options.device,
      pixelRatio: options.pixelRatio,
      browserSource: options.browserSource,
      appUrl: options.appUrl,
      requests: { allowed: options.requestOrigins },
    });
    serveRequestsInProcess(device.requests, { allowed: options.requestOrigins });
  } catch (error) {
    const hint = options.headed ? ' (a visible window needs a display: set DISPLAY, run under xvfb-run, or drop --headed to run headless)' : '';
    console.error(`protostage render: cannot start the web device: ${(error as Error).message.split('\n')[0]}${hint}`);
    return 1;
  }
  try {
    const refused = await putAssets(device, assets.assets, assets.sources);
    if (refused !== null) {
      console.error(describeAssetProblem('render', refused));
      return 1;
    }
    return await showAndCapture(device, validated.spec, options, steps);
  } catch (error) {
    console.error(`protostage render: ${(error as Error).message.split('\n')[0]}`);
    return 1;
  } finally {
    await device.close();
  }
}

/** The steps to run: from --steps, or one tap step per --tap. A string says what is wrong with the file. */
async function readSteps(options: RenderOptions): Promise<Step[] | string> {
  if (options.stepsPath === undefined) return options.taps.map((tap) => ({ tap }));
  let text: string;
  try {
    text = await readFile(options.stepsPath, 'utf8');
  } catch (error) {
    return `cannot read --steps ${options.stepsPath}: ${(error as Error).message}`;
  }
  const parsed = parseSteps(text);
  return parsed.ok ? parsed.steps : `--steps ${options.stepsPath}: ${parsed.path}: ${parsed.message}; nothing was run`;
}

async function showAndCapture(device: WebDevice, spec: unknown, options: RenderOptions, steps: Step[]): Promise<number> {
  const events: PrototypeEvent[] = [];
  device.onEvent((event) => events.push(event));
  const shown = await device.show(spec);
  if (isFailure(shown)) {
    console.error(`protostage render: show failed: ${describeFailure(shown)}`);
    return 1;
  }
  const missing = missingAssetIds(shown);
  if (missing.length > 0) console.error(`protostage render: ${missingAssetsWarning(missing)}`);
  const failed = await runSteps(device, steps, (spec as { id: string }).id);
  if (failed !== null) {
    const which = options.stepsPath === undefined ? `--tap ${options.taps[failed.index]}` : `steps[${failed.index}] ${describeStep(steps[failed.index]!)}`;
    console.error(`protostage render: ${which}: ${failed.message}`);
    return 1;
  }
  const observation = await device.observe();
  await writeFile(options.output, options.frame ? await device.framed(observation.screenshot) : observation.screenshot);
  if (options.hierarchy !== undefined) await writeFile(options.hierarchy, `${JSON.stringify(observation.hierarchy, null, 2)}\n`);
  if (options.events !== undefined) await writeFile(options.events, events.map((event) => `${JSON.stringify(event)}\n`).join(''));
  if (options.statePath !== undefined) await writeFile(options.statePath, `${JSON.stringify(await finalState(device), null, 2)}\n`);
  const ran = options.stepsPath === undefined ? plural(steps.length, 'tap') : plural(steps.length, 'step');
  const others = [options.hierarchy, options.events, options.statePath].filter((file) => file !== undefined);
  console.log(`wrote ${options.output} (${device.profile.width}×${device.profile.height} dp, ${ran}, ${plural(events.length, 'event')})${others.length > 0 ? ` and ${others.join(', ')}` : ''}`);
  return 0;
}

function isFailure(result: unknown): result is { ok: false } {
  return typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === false;
}

function describeFailure(result: object): string {
  const { path, message } = result as { path?: unknown; message?: unknown };
  return [path, message].filter((part) => typeof part === 'string').join(': ') || JSON.stringify(result);
}

/** What the prototype on screen ended with; null when the steps dismissed it. */
async function finalState(device: WebDevice): Promise<{ id: string; state: unknown; pages: unknown; stacks?: unknown; lastSequence: number } | null> {
  const inspected = (await device.inspect()) as { prototypes?: Array<{ id: string; state: unknown; pages: unknown; stacks?: unknown; lastSequence: number }> };
  const shown = inspected.prototypes?.[0];
  return shown ? { id: shown.id, state: shown.state, pages: shown.pages, ...(shown.stacks ? { stacks: shown.stacks } : {}), lastSequence: shown.lastSequence } : null;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The first output file that cannot be written (its folder missing or read-only, or the file read-only), with why. */
async function firstUnwritable(files: Array<string | undefined>): Promise<string | null> {
  for (const file of files) {
    if (file === undefined) continue;
    const target = await access(file, constants.F_OK).then(() => file, () => dirname(resolve(file)));
    const problem = await access(target, constants.W_OK).then(() => null, (error: NodeJS.ErrnoException) => error.code ?? error.message);
    if (problem !== null) return `${file} (${problem === 'ENOENT' ? 'its folder does not exist' : problem})`;
  }
  return null;
}
