// The example prototypes in examples/: what the README, the gallery and the determinism test show.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const EXAMPLES_DIR = new URL('../../examples/', import.meta.url);

/** File names of every example spec, sorted. */
export function exampleNames(): string[] {
  return readdirSync(EXAMPLES_DIR).filter((name) => name.endsWith('.json')).sort();
}

export function readExample(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, EXAMPLES_DIR), 'utf8'));
}

/** Where examples/weather.json expects examples/weather-api.mjs. */
export const WEATHER_API_ORIGIN = 'http://127.0.0.1:8787';

export interface RunningApi {
  origin: string;
  close(): void;
}

/** Runs examples/weather-api.mjs on a free port of 127.0.0.1 (a test cannot count on 8787 being free). */
export async function startWeatherApi(): Promise<RunningApi> {
  const { findFreePort } = await import('../../src/host/ports.ts');
  const port = await findFreePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('weather-api.mjs', EXAMPLES_DIR)), String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    child.stderr!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`examples/weather-api.mjs exited (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, close: () => child.kill() };
}

/** An example whose requests go to `origin` instead of the API address written in it. */
export function readExampleAt(name: string, origin: string): Record<string, any> {
  return JSON.parse(readFileSync(new URL(name, EXAMPLES_DIR), 'utf8').replaceAll(WEATHER_API_ORIGIN, origin));
}
