// End to end: the official MCP client spawns `protostage mcp` over stdio, which launches the real
// web device agent (Chromium). One server and one device for the whole file.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { PNG } from 'pngjs';
import { FIRST_HOUR_EXAMPLES } from '../../src/mcp/examples.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../fixtures/prototype-spec/valid/doc-example-1.json', import.meta.url));
const spec = JSON.parse(readFileSync(EXAMPLE, 'utf8'));

let client: Client;
let scratch: string;
let serverStderr = '';

type Structured = Record<string, any>;

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean; content: any[] }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean; content: any[] };
  return { data: result.structuredContent ?? {}, isError: result.isError === true, content: result.content };
}

function writePng(path: string): void {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(200);
  writeFileSync(path, PNG.sync.write(png));
}

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'protostage-mcp-'));
  client = new Client({ name: 'protostage-e2e', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--allow-dir', scratch], stderr: 'pipe' });
  transport.stderr!.on('data', (chunk: Buffer) => { serverStderr += chunk.toString(); });
  await client.connect(transport);
});

after(async () => {
  await client.close();
  rmSync(scratch, { recursive: true, force: true });
});

test('the server lists the six tools and two resources', async () => {
  const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
  assert.deepEqual(tools, ['device', 'observe', 'pressBack', 'prototype', 'sendKeys', 'swipeOn', 'tapOn']);
  const guide = await client.readResource({ uri: 'protostage://guide' });
  const text = String((guide.contents[0] as { text: string }).text);
  assert.match(text, /\| `pager` \|/);
  assert.match(text, /\| `setPage` \|/);
  assert.match(text, /\| `background` \|/);
  const icons = await client.readResource({ uri: 'protostage://icons/arrow%20back' });
  assert.deepEqual(JSON.parse(String((icons.contents[0] as { text: string }).text)).icons.slice(0, 2), ['arrow_back', 'arrow_back_ios']);
});

test('the worked examples are resources: listed, completed, read and shown as they are', async () => {
  const templates = (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
  assert.ok(templates.includes('protostage://examples/{name}'), templates.join(', '));
  const listed = (await client.listResources()).resources.filter((resource) => resource.uri.startsWith('protostage://examples/'));
  const names = listed.map((resource) => resource.name);
  for (const name of FIRST_HOUR_EXAMPLES) assert.ok(names.includes(name), `${name} is not listed: ${names.join(', ')}`);
  assert.ok(listed.every((resource) => (resource.description ?? '').length > 20), 'every example says what it shows');
  const completed = await client.complete({ ref: { type: 'ref/resource', uri: 'protostage://examples/{name}' }, argument: { name: 'name', value: 'da' } });
  assert.deepEqual(completed.completion.values.sort(), ['dashboard', 'dashboard-dark']);
  for (const name of FIRST_HOUR_EXAMPLES) {
    const read = await client.readResource({ uri: `protostage://examples/${name}` });
    const text = String((read.contents[0] as { text: string }).text);
    assert.equal(text, readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), 'utf8'));
    const shown = await call('prototype', { action: 'show', spec: JSON.parse(text) });
    assert.equal(shown.isError, false, `${name}: ${JSON.stringify(shown.content)}`);
  }
  await assert.rejects(client.readResource({ uri: 'protostage://examples/nope' }), /No example named "nope"/);
  const guide = String(((await client.readResource({ uri: 'protostage://guide' })).contents[0] as { text: string }).text);
  for (const name of FIRST_HOUR_EXAMPLES) assert.ok(guide.includes(`protostage://examples/${name}`), `the guide does not link ${name}`);
});

test('a show holding a trap succeeds with warnings that name the path and the fix', async () => {
  const trapped = {
    id: 'trap',
    window: { placement: { type: 'fullscreen' } },
    data: { tasks: [{ title: 'A' }] },
    root: { type: 'column', children: [
      { type: 'column', repeat: { items: '/tasks', as: 'task' }, children: [{ type: 'listItem', headline: '{task.title}' }] },
    ] },
  };
  const shown = await call('prototype', { action: 'show', spec: trapped });
  assert.equal(shown.isError, false, JSON.stringify(shown.content));
  assert.equal(shown.data.success, true);
  assert.deepEqual(shown.data.warnings.map((warning: { path: string }) => warning.path), ['root.children[0].children[0].headline', 'root.style.background']);
  assert.ok(shown.data.warnings.every((warning: { fix: string }) => warning.fix.length > 0));
  const clean = await call('prototype', { action: 'show', spec: { ...trapped, root: { type: 'column', style: { background: 'surface' }, children: [] } } });
  assert.equal(clean.data.warnings, undefined, 'a spec without traps has no warnings');
});

test('observe leaves out the app nodes an opaque window hides, counts them, and lists them with includeCovered; a miss offers only what can be hit', async () => {
  const opaque = { id: 'cover', window: { placement: { type: 'fullscreen' }, chrome: 'none', layer: 'app' }, root: { type: 'column', style: { background: 'surface' }, children: [{ type: 'text', text: 'Cover', testTag: 'cover_text' }] } };
  assert.equal((await call('prototype', { action: 'show', spec: opaque })).isError, false);
  const seen = await call('observe');
  const layers = (nodes: Structured[]) => nodes.map((node) => node.layer);
  assert.ok(!layers(seen.data.hierarchy).includes('app'), 'no app node is listed under an opaque fullscreen window');
  assert.ok(seen.data.coveredAppNodes > 3, `counted: ${seen.data.coveredAppNodes}`);
  assert.ok(!seen.data.hierarchy.some((node: Structured) => node.testTag === 'protostage.dismiss'), 'the hidden dismiss pill is not listed');
  const all = await call('observe', { includeCovered: true });
  const covered = all.data.hierarchy.filter((node: Structured) => node.layer === 'app');
  assert.equal(covered.length, seen.data.coveredAppNodes);
  assert.ok(covered.every((node: Structured) => node.covered === true));
  const missed = await call('tapOn', { testTag: 'nope' });
  assert.equal(missed.isError, true);
  assert.match(missed.data.error, /available: .*"cover_text"/);
  assert.doesNotMatch(missed.data.error, /home\.search/, 'covered app nodes are not offered');

  const sheet = { id: 'cover', window: { placement: { type: 'sheet', edge: 'bottom', height: 200 } }, root: { type: 'column', style: { background: 'surface' }, children: [{ type: 'text', text: 'Sheet' }] } };
  assert.equal((await call('prototype', { action: 'show', spec: sheet })).isError, false);
  const beside = await call('observe');
  assert.ok(layers(beside.data.hierarchy).includes('app'), 'the app above a sheet is listed');
  assert.equal(beside.data.coveredAppNodes, undefined);
});

test('the live mirror address is printed on stderr (stdout carries the protocol) and needs its token', async () => {
  await call('observe'); // the device is up once a device call has been served
  const pattern = /Live mirror of the device \(watch and join in\): (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/;
  const deadline = Date.now() + 30_000;
  while (!pattern.test(serverStderr) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const mirrorUrl = serverStderr.match(pattern)?.[1];
  assert.ok(mirrorUrl, `no mirror address in stderr:\n${serverStderr}`);
  assert.equal((await fetch(mirrorUrl)).status, 200);
  assert.equal((await fetch(`http://${new URL(mirrorUrl).host}/`)).status, 403);
});

test('show the first worked example, observe both tabs, tap Next, and await page_changed', async () => {
  const shown = await call('prototype', { action: 'show', spec });
  assert.equal(shown.isError, false, JSON.stringify(shown.content));
  assert.equal(shown.data.id, 'variants');
  assert.deepEqual(JSON.parse(shown.content[0].text), shown.data, 'text carries the same JSON');

  const observed = await call('observe');
  const prototypeTexts = (observed.data.hierarchy as Structured[]).filter((node) => node.layer === 'prototype').map((node) => node.text);
  assert.ok(prototypeTexts.includes('Original') && prototypeTexts.includes('Edited'), `tab items in ${prototypeTexts}`);
  const image = observed.content.find((item) => item.type === 'image');
  assert.equal(image?.mimeType, 'image/png');
  assert.ok(Buffer.from(image.data, 'base64').subarray(1, 4).toString() === 'PNG');

  const tapped = await call('tapOn', { text: 'Next' });
  assert.equal(tapped.isError, false, JSON.stringify(tapped.content));
  const awaited = await call('prototype', { action: 'awaitEvent', id: 'variants', kind: 'page_changed', timeoutMs: 10_000 });
  const [pageChanged] = awaited.data.events;
  assert.equal(pageChanged?.kind, 'page_changed', JSON.stringify(awaited.data));
  assert.equal(pageChanged.name, 'pages');
  assert.equal(pageChanged.payload, 1);
});

test('an unsupplied asset is listed in missingAssets; a re-show with assets fills it in place', async () => {
  const first = await call('prototype', { action: 'show', spec });
  assert.deepEqual(first.data.missingAssets, ['variant-b']);
  const png = join(scratch, 'variant-b.png');
  writePng(png);
  const second = await call('prototype', { action: 'show', spec, assets: [{ id: 'variant-b', path: png }] });
  assert.equal(second.isError, false, JSON.stringify(second.content));
  assert.equal(second.data.missingAssets, undefined);
  assert.deepEqual(second.data.uploadedAssets, ['variant-b']);
  assert.equal(second.data.replacedInPlace, true);
  const status = await call('prototype', { action: 'status' });
  assert.deepEqual(status.data.prototypes.map((entry: Structured) => entry.id), ['variants']);
});

test('an invalid spec is an isError result with the exact path, and the prototype on screen is untouched', async () => {
  const before = (await call('observe')).data.hierarchy.filter((node: Structured) => node.layer === 'prototype');
  const broken = structuredClone(spec);
  broken.root.children[3].onTap[0].page = 'sideways';
  const refused = await call('prototype', { action: 'show', spec: broken });
  assert.equal(refused.isError, true);
  assert.equal(refused.data.path, 'root.children[3].onTap[0].page');
  assert.match(refused.content[0].text, /^root\.children\[3\]\.onTap\[0\]\.page: .*Fix: /);
  const after = (await call('observe')).data.hierarchy.filter((node: Structured) => node.layer === 'prototype');
  assert.deepEqual(after, before);
});

test('a spec with several errors comes back with all of them, in the structured result and the text', async () => {
  const before = (await call('observe')).data.hierarchy.filter((node: Structured) => node.layer === 'prototype');
  const broken = structuredClone(spec);
  broken.root.children[3].onTap[0].page = 'sideways';
  broken.root.children[0].style = { color: 'notARole' };
  broken.state = { ...broken.state, extra: null };
  const refused = await call('prototype', { action: 'show', spec: broken });
  assert.equal(refused.isError, true);
  const errors: Array<{ path: string; message: string }> = refused.data.errors;
  assert.deepEqual(errors[0], { path: refused.data.path, message: refused.data.error });
  assert.deepEqual(errors.map((error) => error.path).sort(), ['root.children[0].style.color', 'root.children[3].onTap[0].page', 'state.extra']);
  const text: string = refused.content[0].text;
  assert.match(text, /^root\.children\[0\]\.style\.color: .*Fix: /);
  assert.match(text, /All 3 errors:/);
  for (const error of errors) assert.ok(text.includes(`- ${error.path}: ${error.message}`), text);
  const after = (await call('observe')).data.hierarchy.filter((node: Structured) => node.layer === 'prototype');
  assert.deepEqual(after, before);
});

test('awaitEvent with nothing happening times out as a success', async () => {
  const waited = await call('prototype', { action: 'awaitEvent', id: 'variants', kind: 'emit', timeoutMs: 200 });
  assert.equal(waited.isError, false);
  assert.equal(waited.data.timedOut, true);
});

test('dismiss gives a dismissed event with reason agent', async () => {
  const status = await call('prototype', { action: 'status' });
  const lastSequence = status.data.prototypes[0].lastSequence as number;
  const dismissed = await call('prototype', { action: 'dismiss', id: 'variants' });
  assert.deepEqual(dismissed.data.dismissed, ['variants']);
  const awaited = await call('prototype', { action: 'awaitEvent', id: 'variants', afterSequence: lastSequence, timeoutMs: 10_000 });
  const [dismissal] = awaited.data.events;
  assert.equal(dismissal?.kind, 'dismissed', JSON.stringify(awaited.data));
  assert.deepEqual(dismissal.payload, { reason: 'agent' });
  assert.ok(dismissal.sequence > lastSequence);
  const status2 = await call('prototype', { action: 'status' });
  assert.deepEqual(status2.data.prototypes, []);
});

test('bad tool input is an isError result naming the path, never a crash', async () => {
  const tap = await call('tapOn', { x: 10 });
  assert.equal(tap.isError, true);
  assert.equal(tap.data.path, 'y');
  const relative = await call('prototype', { action: 'show', specPath: 'relative/spec.json' });
  assert.equal(relative.isError, true);
  assert.equal(relative.data.path, 'specPath');
  const missingFile = await call('prototype', { action: 'show', spec, assets: [{ id: 'variant-b', path: join(scratch, 'nope.png') }] });
  assert.equal(missingFile.data.path, 'assets[0].path');
});

test('an element anchor resolves against the app beneath and the prototype is drawn over it', async () => {
  const anchoredSpec = JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/prototype-spec/valid/doc-example-3.json', import.meta.url)), 'utf8'));
  const appBuy = (await call('observe')).data.hierarchy.find((node: Structured) => node.layer === 'app' && node.testTag === 'buy');
  assert.ok(appBuy, 'the home screen has a Buy button');
  const shown = await call('prototype', { action: 'show', spec: anchoredSpec });
  assert.equal(shown.isError, false, JSON.stringify(shown.content));
  assert.deepEqual(shown.data.anchors, [{ path: 'root', elementId: appBuy.id, bounds: appBuy.bounds }]);
  const label = (await call('observe')).data.hierarchy.find((node: Structured) => node.layer === 'prototype' && node.text === 'Buy now');
  const inside = (outer: Structured, inner: Structured) =>
    inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;
  assert.ok(label && inside(appBuy.bounds, label.bounds), `label ${JSON.stringify(label?.bounds)} inside ${JSON.stringify(appBuy.bounds)}`);

  const missing = structuredClone(anchoredSpec);
  missing.root.anchor.selector = { testTag: 'no-such-element' };
  const refused = await call('prototype', { action: 'show', spec: missing });
  assert.equal(refused.isError, true);
  assert.equal(refused.data.path, 'root.anchor.selector');
  assert.match(refused.data.error, /no app element matches .*Candidates: .*"testTag":"buy"/);
  const stillShown = await call('prototype', { action: 'status' });
  assert.deepEqual(stillShown.data.prototypes.map((entry: Structured) => entry.id), ['button-preview']);
  const dismissed = await call('prototype', { action: 'dismiss', all: true });
  assert.deepEqual([dismissed.isError, dismissed.data.dismissed], [false, ['button-preview']]);
  // With nothing left on screen, dismissing everything again is a success that dismissed nothing.
  const again = await call('prototype', { action: 'dismiss', all: true });
  assert.deepEqual([again.isError, again.data.dismissed], [false, []], JSON.stringify(again.data));
});

test('sendKeys types into a field and swipeOn turns a pager, each coming back as an event', async () => {
  const inputs = structuredClone(spec);
  inputs.id = 'inputs';
  inputs.root.children[2].testTag = 'feedback';
  inputs.root.children[1].testTag = 'pager';
  const shown = await call('prototype', { action: 'show', spec: inputs, reset: true });
  assert.equal(shown.isError, false, JSON.stringify(shown.content));
  const typed = await call('sendKeys', { text: 'ok', testTag: 'feedback' });
  assert.equal(typed.isError, false, JSON.stringify(typed.content));
  let state: Structured = {};
  for (let attempt = 0; attempt < 4 && state.query !== 'ok'; attempt++) {
    const changed = await call('prototype', { action: 'awaitEvent', id: 'inputs', kind: 'change', timeoutMs: 5000 });
    assert.ok(changed.data.events.length > 0 && changed.data.events.every((event: Structured) => event.kind === 'change'), JSON.stringify(changed.data));
    state = changed.data.events.at(-1).state;
  }
  assert.equal(state.query, 'ok');
  const swiped = await call('swipeOn', { direction: 'left', testTag: 'pager' });
  assert.equal(swiped.isError, false, JSON.stringify(swiped.content));
  const paged = await call('prototype', { action: 'awaitEvent', id: 'inputs', kind: 'page_changed', timeoutMs: 5000 });
  assert.deepEqual([paged.data.events[0]?.name, paged.data.events[0]?.payload], ['pages', 1]);
  await call('prototype', { action: 'dismiss', id: 'inputs' });
});
