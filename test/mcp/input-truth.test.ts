// What tapOn, sendKeys, swipeOn and awaitEvent tell the agent is what happened: input goes only
// where it was aimed, a refused input does nothing, and results name the node hit and the
// sequence to read from. The official client over stdio, the real device, the built-in home
// screen as the app beneath (it has a Buy button, testTag "buy").
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
type Structured = Record<string, any>;
let client: Client;

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean; text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean; content: Array<{ text?: string }> };
  return { data: result.structuredContent ?? {}, isError: result.isError === true, text: result.content.map((item) => item.text ?? '').join('\n') };
}

const formSpec = (placement: object = { type: 'fullscreen' }) => ({
  id: 'sign-in',
  window: { placement },
  state: { email: '', open: false },
  root: {
    type: 'column',
    style: { width: 'fill', background: 'surface' },
    children: [
      { type: 'textField', testTag: 'email', stateKey: 'email', placeholder: 'Email' },
      { type: 'button', testTag: 'sign_in', label: 'Sign in', onTap: [{ type: 'emit', name: 'signed_in' }] },
      { type: 'button', testTag: 'confirm', label: 'Confirm', onTap: [{ type: 'setState', key: 'open', value: true }] },
      { type: 'dialog', testTag: 'sure', openWhen: { key: 'open', equals: true }, title: 'Sure?', confirm: { label: 'Yes', onTap: [{ type: 'setState', key: 'open', value: false }] } },
    ],
  },
});

before(async () => {
  client = new Client({ name: 'protostage-input-truth', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'ignore' }));
});
after(async () => {
  await client.close();
});

test('sendKeys into a button is refused before any input: nothing is tapped, no event', async () => {
  const shown = await call('prototype', { action: 'show', spec: formSpec() });
  assert.equal(shown.isError, false, shown.text);
  const refused = await call('sendKeys', { text: 'hello', testTag: 'sign_in' });
  assert.equal(refused.isError, true);
  assert.match(refused.data.error, /sign_in is a Button, not a text field; nothing was typed or tapped/);
  assert.match(refused.data.error, /text fields: "email"/);
  const nothing = await call('prototype', { action: 'awaitEvent', afterSequence: shown.data.lastSequence, timeoutMs: 500 });
  assert.equal(nothing.data.timedOut, true, JSON.stringify(nothing.data));
  assert.equal(nothing.data.lastSequence, shown.data.lastSequence, 'the button did not emit');
});

test('results name the node hit and the sequence after the input; one awaitEvent returns every typed character', async () => {
  const before = (await call('prototype', { action: 'status' })).data.prototypes[0].lastSequence as number;
  const typed = await call('sendKeys', { text: 'ada@example.org', testTag: 'email' });
  assert.equal(typed.isError, false, typed.text);
  assert.deepEqual({ ...typed.data.target, bounds: undefined }, { layer: 'prototype', testTag: 'email', role: 'TextField', text: typed.data.target.text, bounds: undefined });
  assert.ok(typed.data.lastSequence >= before + 15, `15 characters, 15 changes: ${typed.data.lastSequence} after ${before}`);
  const all = await call('prototype', { action: 'awaitEvent', afterSequence: before, kinds: ['change'] });
  assert.equal(all.data.events.length, typed.data.lastSequence - before, 'every change in one call');
  assert.equal(all.data.events.at(-1).state.email, 'ada@example.org');
  assert.equal(all.data.more, false);

  const tapped = await call('tapOn', { testTag: 'sign_in' });
  assert.equal(tapped.isError, false, tapped.text);
  assert.deepEqual([tapped.data.target.layer, tapped.data.target.testTag, tapped.data.target.role, tapped.data.target.text], ['prototype', 'sign_in', 'Button', 'Sign in']);
  const emitted = await call('prototype', { action: 'awaitEvent', afterSequence: typed.data.lastSequence, kind: 'emit', timeoutMs: 5000 });
  assert.equal(emitted.data.events[0]?.name, 'signed_in');
  assert.equal(emitted.data.events[0].sequence, tapped.data.lastSequence, "the tap's lastSequence is its own event");

  const page = await call('prototype', { action: 'awaitEvent', afterSequence: before, kinds: ['change'], limit: 5, timeoutMs: 100 });
  // A read takes nothing away: the same cursor pages through the same changes again.
  assert.deepEqual(page.data.events.map((event: { sequence: number }) => event.sequence), all.data.events.slice(0, 5).map((event: { sequence: number }) => event.sequence));
  assert.deepEqual([page.data.more, page.data.lastSequence], [true, page.data.events[4].sequence]);

  const { bounds } = tapped.data.target;
  const point = await call('tapOn', { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 });
  assert.deepEqual([point.data.target?.layer, point.data.target?.testTag], ['prototype', 'sign_in'], 'a point tap names the prototype node under it');
});

test('an app element under the fullscreen prototype is marked covered and a tap on it is refused, naming what covers it', async () => {
  const observed = await call('observe');
  assert.ok(!observed.data.hierarchy.some((node: Structured) => node.layer === 'app'), 'the opaque window hides the whole app, which is left out');
  const listed = await call('observe', { includeCovered: true });
  const buy = listed.data.hierarchy.find((node: Structured) => node.layer === 'app' && node.testTag === 'buy');
  assert.equal(buy?.covered, true, JSON.stringify(buy));
  const refused = await call('tapOn', { testTag: 'buy' });
  assert.equal(refused.isError, true);
  assert.match(refused.data.error, /testTag "buy" \(app layer\) is covered by /);
});

test('a prototype node behind an open dialog is refused; the dialog button is reached', async () => {
  assert.equal((await call('tapOn', { testTag: 'confirm' })).isError, false);
  const behind = await call('tapOn', { testTag: 'sign_in' });
  assert.equal(behind.isError, true, 'the dialog covers sign_in');
  assert.match(behind.data.error, /testTag "sign_in" \(prototype layer\) is covered by the open dialog \(testTag "sure"\)/);
  const yes = await call('tapOn', { text: 'Yes' });
  assert.equal(yes.isError, false, yes.text);
  assert.equal((await call('tapOn', { testTag: 'sign_in' })).isError, false, 'reachable again once the dialog closed');
});

test('over a sheet window the app beside it is reached, and a point tap names the node it landed on', async () => {
  const shown = await call('prototype', { action: 'show', spec: formSpec({ type: 'sheet', edge: 'bottom', height: 240 }) });
  assert.equal(shown.isError, false, shown.text);
  const buy = (await call('observe')).data.hierarchy.find((node: Structured) => node.layer === 'app' && node.testTag === 'buy');
  assert.equal(buy.covered, undefined, 'the sheet leaves the Buy button uncovered');
  const tapped = await call('tapOn', { testTag: 'buy' });
  assert.equal(tapped.isError, false, tapped.text);
  assert.equal(tapped.data.target.layer, 'app');
  const point = await call('tapOn', { x: buy.bounds.x + buy.bounds.width / 2, y: buy.bounds.y + buy.bounds.height / 2 });
  assert.equal(point.data.target?.testTag, 'buy');
});

test('a missing testTag lists the prototype layer first and says how many more', async () => {
  const missing = await call('tapOn', { testTag: 'no-such-thing' });
  assert.equal(missing.isError, true);
  const listed = /available: (.*)$/.exec(missing.data.error)?.[1] ?? '';
  assert.ok(listed.startsWith('"email", "sign_in", "confirm"'), listed);
  assert.match(listed, /"buy"/);
});

test('reports as the seed defines them: show and inspect carry {mode, source, deviceDark}, status {mode, source}, observe the window entry', async () => {
  const wrapped = { ...formSpec(), id: 'reports' };
  wrapped.root.style = { width: 'fill', height: 'wrap', background: 'surface' } as typeof wrapped.root.style;
  const dark = await call('prototype', { action: 'show', spec: wrapped, appearance: 'dark' });
  assert.deepEqual(dark.data.appearance, { mode: 'dark', source: 'override', deviceDark: false });
  const status = await call('prototype', { action: 'status' });
  assert.deepEqual(status.data.prototypes[0].appearance, { mode: 'dark', source: 'override' }, 'host-local status omits deviceDark');
  const inspected = await call('prototype', { action: 'inspect' });
  assert.deepEqual(inspected.data.prototypes[0].appearance, { mode: 'dark', source: 'override', deviceDark: false });
  const observed = await call('observe');
  const window = observed.data.prototypeWindow;
  assert.deepEqual([window.id, window.prototypePlacement, window.prototypeOpaque], ['reports', 'fullscreen', false], 'a wrap-height root lets the app show');
  assert.deepEqual(window.prototypeAppearance, { mode: 'dark', source: 'override', deviceDark: false });

  const opaque = { ...formSpec(), id: 'opaque-sheet', theme: { mode: 'light' }, window: { placement: { type: 'sheet', edge: 'bottom', height: 300 } } };
  opaque.root.style = { width: 'fill', height: 'fill', background: '#FFFFFF' } as typeof opaque.root.style;
  const light = await call('prototype', { action: 'show', spec: opaque });
  assert.deepEqual(light.data.appearance, { mode: 'light', source: 'explicit', deviceDark: false });
  const sheet = (await call('observe')).data.prototypeWindow;
  assert.deepEqual([sheet.prototypePlacement, sheet.prototypeOpaque, sheet.bounds.height], ['sheet', true, 300]);
  await call('prototype', { action: 'dismiss', all: true });
  assert.equal((await call('observe')).data.prototypeWindow, null);
});

test('a screenshot from an earlier observe is an asset: {id, observation}', async () => {
  const observed = await call('observe');
  assert.match(observed.data.observationId, /^obs-\d+$/);
  const picture = { id: 'shot', window: { placement: { type: 'fullscreen' } }, root: { type: 'image', asset: 'before', style: { width: 'fill', height: { dp: 200 } } } };
  const shown = await call('prototype', { action: 'show', spec: picture, assets: [{ id: 'before', observation: observed.data.observationId }] });
  assert.equal(shown.isError, false, shown.text);
  assert.deepEqual(shown.data.uploadedAssets, ['before']);
  assert.equal(shown.data.missingAssets, undefined);
  const unknown = await call('prototype', { action: 'show', spec: picture, assets: [{ id: 'before', observation: 'obs-999999' }] });
  assert.equal(unknown.isError, true);
  assert.equal(unknown.data.path, 'assets[0].observation');
  await call('prototype', { action: 'dismiss', all: true });
});
