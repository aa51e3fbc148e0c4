// `protostage render` as a user runs it: a real process, a real browser, files on disk.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';

const CLI = new URL('../../bin/protostage.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'protostage-render-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function render(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'render', ...args], { timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

function writeSpec(name: string, spec: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(spec));
  return path;
}

test('render validates, taps in order and writes the screenshot, hierarchy and events', async () => {
  const spec = writeSpec('settings.json', {
    id: 'settings',
    window: { placement: { type: 'sheet', edge: 'bottom', height: 240 } },
    state: { wifi: false },
    root: {
      type: 'column',
      style: { width: 'fill', height: 'fill', background: 'surface' },
      children: [
        { type: 'switch', stateKey: 'wifi', label: 'Wi-Fi', testTag: 'wifi' },
        { type: 'button', label: 'Done', testTag: 'done', onTap: [{ type: 'emit', name: 'done', payload: { wifi: true } }] },
      ],
    },
  });
  const out = join(dir, 'out.png');
  const hierarchyFile = join(dir, 'hierarchy.json');
  const eventsFile = join(dir, 'events.jsonl');
  const result = await render(spec, '-o', out, '--hierarchy', hierarchyFile, '--events', eventsFile, '--tap', 'wifi', '--tap', 'done', '--device', 'tablet', '--dark', '--font-scale', '1.5');
  assert.equal(result.code, 0, result.stderr);
  const png = PNG.sync.read(readFileSync(out));
  assert.deepEqual([png.width, png.height], [1280, 800]);
  const sheetPixel = ((800 - 8) * png.width + 640) * 4; // inside the bottom sheet window, below its content
  assert.ok(png.data[sheetPixel]! < 80, `--dark draws the surface dark (red channel ${png.data[sheetPixel]})`);
  const hierarchy = JSON.parse(readFileSync(hierarchyFile, 'utf8')) as { testTag: string | null; checked?: boolean; layer: string }[];
  assert.equal(hierarchy.find((node) => node.testTag === 'wifi')?.checked, true);
  assert.ok(hierarchy.some((node) => node.layer === 'app'), 'the app layer is observed too');
  const events = readFileSync(eventsFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { kind: string; sequence: number; name: string | null });
  assert.deepEqual(events.map((event) => [event.sequence, event.kind, event.name]), [[1, 'change', null], [2, 'emit', 'done']]);
});

test('render prints the error path of an invalid spec and exits 1', async () => {
  const spec = writeSpec('invalid.json', { id: 'broken', window: { placement: { type: 'fullscreen' } }, root: { type: 'text' } });
  const result = await render(spec, '-o', join(dir, 'never.png'));
  assert.equal(result.code, 1);
  assert.match(result.stderr, /^root(\.text)?: /);
});

test('render explains its options and refuses bad ones', async () => {
  const help = await render('--help');
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--tap TAG/);
  const bad = await render('spec.json', '-o', 'x.png', '--device', 'watch');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--device: "watch" is neither a device profile \(compact-phone 360×800, phone 412×915, .*\) nor a size/);
});
