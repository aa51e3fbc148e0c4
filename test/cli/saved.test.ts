// Saved prototypes from the command line, as processes: `save` writes the layout (content
// addressed, manifest last), `render` takes the folder with its assets, reports an asset the layout
// cannot verify and still renders, and `open` serves the saved prototype in the live viewer.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';

const CLI = new URL('../../bin/protostage.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'protostage-saved-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 120_000 }, (error, _stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stderr });
    });
  });
}

const image = new PNG({ width: 6, height: 6 });
image.data.fill(200);
const hero = PNG.sync.write(image);
writeFileSync(join(dir, 'hero.png'), hero);
const specFile = join(dir, 'card.json');
writeFileSync(specFile, JSON.stringify({ id: 'saved-card', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', style: { background: 'surface' }, children: [{ type: 'image', asset: 'hero', testTag: 'hero', style: { width: { dp: 60 }, height: { dp: 60 } } }, { type: 'text', text: 'Saved', testTag: 'title' }] } }));

test('save writes the layout; render takes the folder with its assets, and names one it cannot verify', async () => {
  const out = join(dir, 'saved');
  const saved = await cli('save', specFile, '--asset', `hero=${join(dir, 'hero.png')}`, '-o', out);
  assert.equal(saved.code, 0, saved.stderr);
  assert.match(saved.stderr, /saved saved-card to .* \(1 images, 0 fonts\)/);
  const sha = createHash('sha256').update(hero).digest('hex');
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  assert.deepEqual(manifest.assets, [{ id: 'hero', file: `assets/${sha}.png`, sha256: sha, mediaType: 'image/png' }]);
  assert.ok(readFileSync(join(out, 'spec.json')).equals(readFileSync(specFile)));

  const rendered = await cli('render', out, '-o', join(dir, 'a.png'), '--hierarchy', join(dir, 'a.json'));
  assert.equal(rendered.code, 0, rendered.stderr);
  assert.doesNotMatch(rendered.stderr, /warning|asset hero/);
  const hierarchy = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')) as Array<{ testTag?: string; text?: string }>;
  assert.equal(hierarchy.find((node) => node.testTag === 'title')?.text, 'Saved');

  unlinkSync(join(out, `assets/${sha}.png`));
  const missing = await cli('render', out, '-o', join(dir, 'b.png'));
  assert.equal(missing.code, 0, 'the spec still renders');
  assert.match(missing.stderr, /asset hero: missing/);
});

test('save makes missing parent folders, and of an --assets folder saves only the files the spec uses, naming those left out', async () => {
  const folder = join(dir, 'many-assets');
  mkdirSync(folder);
  // More files than a prototype takes: only the one the spec uses counts.
  for (let index = 0; index < 40; index++) writeFileSync(join(folder, `unused${index}.png`), hero);
  writeFileSync(join(folder, 'hero.png'), hero);
  const out = join(dir, 'not', 'yet', 'card');
  const saved = await cli('save', specFile, '--assets', folder, '-o', out);
  assert.equal(saved.code, 0, saved.stderr);
  assert.match(saved.stderr, /left out 40 files of .*many-assets the spec does not use: unused0\.png, unused1\.png, /);
  assert.match(saved.stderr, /\(1 images, 0 fonts\)/);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  assert.deepEqual(manifest.assets.map((asset: { id: string }) => asset.id), ['hero']);
});

test('save refuses an invalid spec at its path and writes nothing; a folder that is no layout is refused by open', async () => {
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '{"id": "x", "window": {"placement": {"type": "fullscreen"}}, "root": {"type": "nope"}}');
  const refused = await cli('save', bad, '-o', join(dir, 'never'));
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /^root\.type: /m);
  assert.equal((await cli('open', join(dir, 'nothing-here'))).code, 1);
  assert.equal((await cli('save', bad)).code, 2, '-o is required');
});

test('open serves the saved prototype in the live viewer with its assets', async () => {
  const out = join(dir, 'opened');
  assert.equal((await cli('save', specFile, '--asset', `hero=${join(dir, 'hero.png')}`, '-o', out)).code, 0);
  const child = spawn(process.execPath, [CLI, 'open', out, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let stderr = '';
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`open did not show the spec: ${stdout} ${stderr}`)), 60_000);
      const check = () => {
        if (!/showing "saved-card"/.test(stderr) || !/open http:\/\/127\.0\.0\.1:\d+\//.test(stdout)) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        check();
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        check();
      });
    });
    assert.doesNotMatch(stderr, /warning/);
  } finally {
    child.kill('SIGTERM');
  }
});
