// The live device through MCP: the official client rotates the phone and flips it dark while a
// prototype holds a typed field, a settled pager page and a toggled switch; everything is kept
// and exactly one appearance_changed arrives. Then the refusals of the device tool.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
type Structured = Record<string, any>;

const settingsSpec = {
  id: 'settings',
  window: { placement: { type: 'fullscreen' } },
  theme: { mode: 'system' },
  state: { note: '', wifi: false },
  root: {
    type: 'column',
    style: { height: 'fill' },
    safeAreaPadding: { edges: ['top'], types: ['systemBars'] },
    children: [
      { type: 'textField', stateKey: 'note', testTag: 'note', label: 'Note' },
      { type: 'switch', stateKey: 'wifi', testTag: 'wifi', label: 'Wi-Fi' },
      {
        type: 'pager',
        id: 'tour',
        testTag: 'tour',
        style: { height: { dp: 200 } },
        children: [1, 2, 3].map((page) => ({ type: 'text', text: `Page ${page}`, testTag: `page${page}` })),
      },
    ],
  },
};

let client: Client;

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean; content: Structured[] }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean; content: Structured[] };
  return { data: result.structuredContent ?? {}, isError: result.isError === true, content: result.content };
}

function screenshotSize(observed: { content: Structured[] }): [number, number] {
  const png = Buffer.from(observed.content.find((item) => item.type === 'image')!.data, 'base64');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

const nodeByTag = (observed: { data: Structured }, tag: string) => (observed.data.hierarchy as Structured[]).find((node) => node.testTag === tag);

before(async () => {
  client = new Client({ name: 'protostage-device-settings', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'pipe' }));
});
after(() => client.close());

test('rotating and flipping dark keep the typed text, the pager page and the switch; one appearance_changed', async () => {
  const shown = await call('prototype', { action: 'show', spec: settingsSpec });
  assert.equal(shown.isError, false, JSON.stringify(shown.data));
  assert.equal((await call('sendKeys', { text: 'milk', testTag: 'note' })).isError, false);
  assert.equal((await call('tapOn', { testTag: 'wifi' })).isError, false);
  assert.equal((await call('swipeOn', { direction: 'left', testTag: 'tour' })).isError, false);
  const paged = await call('prototype', { action: 'awaitEvent', id: 'settings', kind: 'page_changed', timeoutMs: 10_000 });
  assert.equal(paged.data.events?.[0]?.payload, 1, JSON.stringify(paged.data));
  const before = (await call('prototype', { action: 'status' })).data.prototypes[0];

  const turned = await call('device', { orientation: 'landscape' });
  assert.equal(turned.isError, false, JSON.stringify(turned.data));
  assert.deepEqual([turned.data.settings.orientation, turned.data.settings.width, turned.data.settings.height, turned.data.settings.profile], ['landscape', 915, 412, 'phone']);
  const wide = await call('observe');
  assert.deepEqual(screenshotSize(wide), [915, 412]);
  assert.ok(nodeByTag(wide, 'tour')!.bounds.width > 412, 'the pager lays out across the wider screen');
  assert.equal(nodeByTag(wide, 'wifi')!.checked, true);
  assert.ok(nodeByTag(wide, 'page2') !== undefined && nodeByTag(wide, 'page1') === undefined, 'the settled page is still page 2');

  const flipped = await call('device', { dark: true });
  assert.equal(flipped.data.settings.dark, true);
  const appearance = await call('prototype', { action: 'awaitEvent', id: 'settings', kind: 'appearance_changed', afterSequence: before.lastSequence, timeoutMs: 10_000 });
  assert.deepEqual(appearance.data.events.map((event: Structured) => event.payload), [{ mode: 'dark', source: 'system' }]);
  const again = await call('device', { dark: true, orientation: 'portrait' });
  assert.equal(again.data.settings.width, 412);

  const inspected = (await call('prototype', { action: 'inspect' })).data.prototypes[0];
  assert.deepEqual([inspected.state.note, inspected.state.wifi, inspected.pages.tour], ['milk', true, 1], JSON.stringify(inspected));
  assert.equal(inspected.appearance.mode, 'dark');
  // Events are taken by awaitEvent: nothing came after the one appearance_changed.
  const changedAt = appearance.data.events[0].sequence;
  const afterAll = await call('prototype', { action: 'awaitEvent', id: 'settings', afterSequence: changedAt, timeoutMs: 500 });
  assert.deepEqual([afterAll.data.timedOut, afterAll.data.lastSequence, changedAt], [true, changedAt, before.lastSequence + 1], 'a rotation and a repeated dark setting send nothing');
});

test('the device tool answers the device as it is, switches profiles, and refuses a profile it does not know at its field', async () => {
  const now = await call('device');
  assert.deepEqual([now.isError, now.data.settings.profile, now.data.settings.dark], [false, 'phone', true]);
  const tablet = await call('device', { profile: 'tablet', dark: false, fontScale: 1.5 });
  assert.deepEqual([tablet.data.settings.width, tablet.data.settings.height, tablet.data.settings.orientation, tablet.data.settings.fontScale], [1280, 800, 'landscape', 1.5]);
  assert.deepEqual(screenshotSize(await call('observe')), [1280, 800]);
  const custom = await call('device', { profile: '1080x2400@2.625', fontScale: 1 });
  assert.deepEqual([custom.data.settings.width, custom.data.settings.height, custom.data.settings.density], [411, 914, 2.625]);

  const refused = await call('device', { profile: 'watch' });
  assert.equal(refused.isError, true);
  assert.equal(refused.data.path, 'profile');
  assert.match(refused.data.error, /neither a device profile \(compact-phone 360×800/);
  assert.equal((await call('device')).data.settings.profile, '1080x2400@2.625', 'a refused change changes nothing');
  const shown = await call('prototype', { action: 'status' });
  assert.equal(shown.data.prototypes[0].state.note, 'milk', 'the prototype is still up');
});
