// `protostage render --steps`: a scripted run through a real process and a real browser. Unit
// tests of the steps file's checks, then runs that tap, type, swipe, press keys, wait, and write
// screenshots, hierarchies and the final state.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';
import { parseSteps } from '../../src/cli/steps.ts';

const CLI = new URL('../../bin/protostage.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'protostage-steps-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function render(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'render', ...args], { timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

function write(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

const formSpec = {
  id: 'form',
  window: { placement: { type: 'fullscreen' } },
  state: { name: '', count: 0, held: 0 },
  root: {
    type: 'column',
    style: { width: 'fill', height: 'fill', background: 'surface' },
    children: [
      { type: 'textField', testTag: 'name', stateKey: 'name', placeholder: 'Name' },
      {
        type: 'text', testTag: 'greeting', text: 'Hello {name}',
        onLongPress: [{ type: 'increment', key: 'held' }], onDoubleTap: [{ type: 'increment', key: 'held', by: 10 }],
      },
      { type: 'button', testTag: 'more', label: 'More', onTap: [{ type: 'increment', key: 'count' }] },
      {
        type: 'pager',
        id: 'pages',
        testTag: 'pages',
        style: { width: 'fill', height: { dp: 200 } },
        children: [
          { type: 'text', text: 'First page' },
          { type: 'text', text: 'Second page' },
        ],
      },
    ],
  },
};

test('a steps file is checked whole: the first bad step is named by index and key', () => {
  const unknown = parseSteps('[{"tap": "a"}, {"tapp": "b"}]');
  assert.ok(!unknown.ok && unknown.path === 'steps[1]' && /unknown step "tapp"/.test(unknown.message));
  const cases: Array<[string, string]> = [
    ['{"tap": "a"}', 'steps'],
    ['[{"swipe": "sideways"}]', 'steps[0].swipe'],
    ['[{"swipe": "up", "into": "x"}]', 'steps[0].into'],
    ['[{"key": "F5"}]', 'steps[0].key'],
    ['[{"wait": -1}]', 'steps[0].wait'],
    ['[{"wait": 60001}]', 'steps[0].wait'],
    ['[{"tap": {"x": 1}}]', 'steps[0].tap'],
    ['[{"longPress": ""}]', 'steps[0].longPress'],
    ['[{"doubleTap": 3}]', 'steps[0].doubleTap'],
    ['[{"tap": "a", "wait": 5}]', 'steps[0]'],
    ['[{"type": 5}]', 'steps[0].type'],
    ['[{"type": "x", "into": ""}]', 'steps[0].into'],
    ['[{}]', 'steps[0]'],
    ['[3]', 'steps[0]'],
    ['[{"toString": 1}]', 'steps[0]'],
    ['not json', 'steps'],
  ];
  for (const [text, path] of cases) {
    const parsed = parseSteps(text);
    assert.ok(!parsed.ok, text);
    assert.equal(parsed.path, path, `${text}: ${parsed.message}`);
  }
  const good = parseSteps('[{"tap": "a"}, {"tap": {"x": 1, "y": 2}}, {"type": "hi", "into": "f"}, {"type": "x"}, {"swipe": "left", "on": "p"}, {"key": "Enter"}, {"wait": 0}, {"screenshot": "a.png"}, {"hierarchy": "h.json"}]');
  assert.ok(good.ok && good.steps.length === 9);
});

test('render --steps types, taps, swipes, writes mid-run pictures and hierarchies, and the final state', async () => {
  const spec = write('form.json', formSpec);
  const midShot = join(dir, 'mid.png');
  const midTree = join(dir, 'mid.json');
  const steps = write('steps.json', [
    { type: 'Ada', into: 'name' },
    { hierarchy: midTree },
    { key: 'Backspace' },
    { tap: 'more' },
    { tap: 'more' },
    { longPress: 'greeting' },
    { doubleTap: 'greeting' },
    { screenshot: midShot },
    { swipe: 'left', on: 'pages' },
    { wait: 50 },
  ]);
  const stateFile = join(dir, 'state.json');
  const eventsFile = join(dir, 'events.jsonl');
  const result = await render(spec, '-o', join(dir, 'out.png'), '--steps', steps, '--state', stateFile, '--events', eventsFile);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^wrote .*out\.png \(412×915 dp, 10 steps, \d+ events\) and .*events\.jsonl, .*state\.json\n$/);
  const tree = JSON.parse(readFileSync(midTree, 'utf8')) as Array<{ testTag: string | null; text: string | null }>;
  assert.equal(tree.find((node) => node.testTag === 'greeting')?.text, 'Hello Ada', 'the hierarchy step saw the typed text');
  assert.ok(PNG.sync.read(readFileSync(midShot)).width > 0);
  const final = JSON.parse(readFileSync(stateFile, 'utf8'));
  assert.deepEqual(final.state, { name: 'Ad', count: 2, held: 11 }, 'Backspace deleted one character; two taps counted; a long press added 1, a double tap 10');
  assert.deepEqual(final.pages, { pages: 1 });
  const events = readFileSync(eventsFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(final.lastSequence, events.at(-1).sequence);
  assert.equal(final.id, 'form');
});

test('a bad step is refused with its index before anything runs; a failing step stops the run with exit 1', async () => {
  const spec = write('form2.json', formSpec);
  const shot = join(dir, 'never.png');
  const refused = await render(spec, '-o', join(dir, 'x.png'), '--steps', write('bad.json', [{ screenshot: shot }, { swipe: 'sideways' }]));
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /steps\[1\]\.swipe: expected one of left, right, up, down; nothing was run/);
  assert.equal(existsSync(shot), false, 'the first step did not run');
  const failing = await render(spec, '-o', join(dir, 'y.png'), '--steps', write('missing.json', [{ tap: 'more' }, { tap: 'no-such-tag' }]));
  assert.equal(failing.code, 1);
  assert.match(failing.stderr, /steps\[1\] \{"tap":"no-such-tag"\}: no node matches/);
  const unwritable = await render(spec, '-o', join(dir, 'no-such-folder', 'x.png'), '--steps', write('fine.json', [{ screenshot: shot }]));
  assert.equal(unwritable.code, 1);
  assert.match(unwritable.stderr, /cannot write .*x\.png \(its folder does not exist\); nothing was rendered/);
  assert.equal(existsSync(shot), false, 'refused before anything ran');
  const both = await render(spec, '-o', join(dir, 'z.png'), '--steps', write('ok.json', []), '--tap', 'more');
  assert.equal(both.code, 2);
  assert.match(both.stderr, /give --tap or --steps, not both/);
});

test('a patch step changes the shown spec in place; a refused patch stops the run with its path', async () => {
  const steps = write('patch-steps.json', [
    { tap: 'more' },
    { patch: { ops: [{ op: 'set', path: '/state/name', value: 'Ada' }] } },
    { hierarchy: join(dir, 'patched.json') },
    { patch: { ops: [{ op: 'set', path: '/state/name', value: 'x' }], baseRevision: 1 } },
  ]);
  const run = await render(write('patch-form.json', formSpec), '-o', join(dir, 'patch.png'), '--steps', steps, '--state', join(dir, 'patch-state.json'));
  assert.equal(run.code, 1);
  assert.match(run.stderr, /steps\[3\] .*patch refused at baseRevision: stale: the prototype is at revision 3/);
  const hierarchy = JSON.parse(readFileSync(join(dir, 'patched.json'), 'utf8')) as Array<{ testTag: string | null; text: string | null }>;
  assert.equal(hierarchy.find((node) => node.testTag === 'greeting')?.text, 'Hello Ada');
  assert.deepEqual(parseSteps(JSON.stringify([{ patch: { ops: [] } }])), { ok: false, path: 'steps[0].patch', message: 'expected {"ops": [1 to 64 operations], "baseRevision"?: N} (the operations of prototype patch)' });
});

test('a back step pops the stack a tap pushed; the final state carries the stacks; back takes only true', async () => {
  const stackSpec = {
    id: 'nav',
    window: { placement: { type: 'fullscreen' } },
    motion: 'none',
    root: {
      type: 'stack', id: 'main', initial: 'home',
      screens: {
        home: { type: 'button', label: 'Open', testTag: 'open', onTap: [{ type: 'push', stack: 'main', screen: 'detail' }] },
        detail: { type: 'text', text: 'Detail', testTag: 'detail' },
      },
    },
  };
  const pushedTree = join(dir, 'pushed.json');
  const steps = write('back-steps.json', [{ tap: 'open' }, { hierarchy: pushedTree }, { back: true }, { hierarchy: join(dir, 'popped.json') }]);
  const stateFile = join(dir, 'back-state.json');
  const run = await render(write('nav.json', stackSpec), '-o', join(dir, 'nav.png'), '--steps', steps, '--state', stateFile);
  assert.equal(run.code, 0, run.stderr);
  const tags = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as Array<{ testTag: string | null }>).map((node) => node.testTag);
  assert.ok(tags(pushedTree).includes('detail') && !tags(pushedTree).includes('open'));
  assert.ok(tags(join(dir, 'popped.json')).includes('open'));
  assert.deepEqual(JSON.parse(readFileSync(stateFile, 'utf8')).stacks, { main: ['home'] });
  assert.deepEqual(parseSteps('[{"back": 1}]'), { ok: false, path: 'steps[0].back', message: 'expected true (press the system back)' });
});

test('a device step pauses the clock and an advanceClock step moves the timers and the snackbar on', async () => {
  const transient = {
    id: 'transient', window: { placement: { type: 'fullscreen' } }, state: { n: 0, toast: true },
    root: { type: 'column', style: { width: 'fill', height: 'fill', background: 'surface' },
      onAppear: [{ type: 'startTimer', id: 'tick', afterMs: 60_000, onFire: [{ type: 'increment', key: 'n' }] }],
      children: [
        { type: 'text', testTag: 'count', text: 'Ticks {n}' },
        { type: 'snackbar', testTag: 'toast', openWhen: { key: 'toast', equals: true }, text: 'Saved', durationMs: 60_000 },
      ] },
  };
  const [held, moved] = [join(dir, 'clock-held.json'), join(dir, 'clock-moved.json')];
  const steps = write('clock-steps.json', [{ device: { clock: 'paused' } }, { hierarchy: held }, { advanceClock: 61_000 }, { hierarchy: moved }]);
  const run = await render(write('transient.json', transient), '-o', join(dir, 'transient.png'), '--steps', steps);
  assert.equal(run.code, 0, run.stderr);
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Array<{ testTag: string | null; text?: string }>;
  assert.deepEqual([read(held).find((node) => node.testTag === 'count')?.text, read(held).some((node) => node.testTag === 'toast')], ['Ticks 0', true]);
  assert.deepEqual([read(moved).find((node) => node.testTag === 'count')?.text, read(moved).some((node) => node.testTag === 'toast')], ['Ticks 1', false]);
  const refused = parseSteps('[{"device": {"clock": "stopped"}}]');
  assert.ok(!refused.ok && refused.path === 'steps[0].device' && /^clock: .*"clock"\?: "paused\|running"/.test(refused.message), JSON.stringify(refused));
});

test('a device step turns the phone mid-run with the state kept, keyboard keys type, and --frame draws the bezel', async () => {
  const turned = join(dir, 'turned.png');
  const steps = write('device-steps.json', [
    { tap: 'name' },
    { tap: 'keyboard.shift' },
    { tap: 'keyboard.a' },
    { tap: 'keyboard.l' },
    { device: { orientation: 'landscape', dark: true } },
    { screenshot: turned },
    { device: { profile: '390x844' } },
  ]);
  const stateFile = join(dir, 'device-state.json');
  const output = join(dir, 'framed.png');
  const appLayer = { ...formSpec, window: { placement: { type: 'fullscreen' }, layer: 'app' } };
  const run = await render(write('device-form.json', appLayer), '-o', output, '--steps', steps, '--state', stateFile, '--frame');
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /390×844 dp/);
  assert.equal(JSON.parse(readFileSync(stateFile, 'utf8')).state.name, 'Al');
  const landscape = PNG.sync.read(readFileSync(turned));
  assert.deepEqual([landscape.width, landscape.height], [915, 412]);
  const framed = PNG.sync.read(readFileSync(output));
  assert.deepEqual([framed.width, framed.height], [390 + 28, 844 + 28], 'a 14 dp bezel on every side');

  const refused = parseSteps('[{"device": {"orientation": "sideways"}}, {"device": {"profile": "watch"}}]');
  assert.ok(!refused.ok && refused.path === 'steps[0].device' && /orientation: .*expected \{"profile"\?, "orientation"\?/.test(refused.message), JSON.stringify(refused));
  const unknownProfile = parseSteps('[{"device": {"profile": "watch"}}]');
  assert.ok(!unknownProfile.ok && /^profile: "watch" is neither a device profile/.test(unknownProfile.message));
  assert.ok(!parseSteps('[{"device": {"tilt": 1}}]').ok, 'a strict object');
});

test('--device takes a size and --orientation turns it; a bad one exits 2 naming the flag', async () => {
  const output = join(dir, 'custom.png');
  const run = await render(write('custom-form.json', formSpec), '-o', output, '--device', '1080x2400@2.625', '--orientation', 'landscape');
  assert.equal(run.code, 0, run.stderr);
  const png = PNG.sync.read(readFileSync(output));
  assert.deepEqual([png.width, png.height], [914, 411]);
  const bad = await render(write('bad-form.json', formSpec), '-o', output, '--device', 'watch');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--device: "watch" is neither a device profile \(compact-phone 360×800/);
});
