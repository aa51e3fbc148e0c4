// String tables end to end: the official MCP client shows examples/cart.json in German by the
// show's locale, the device tool's locale takes over on the next show, an Arabic table lays the
// screen out right to left, plural forms follow taps, and a bad tag is refused at locale.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { readExample } from '../examples/examples.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const CART = readExample('cart.json');
type Structured = Record<string, any>;

let client: Client;

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean; text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean; content?: Array<{ text?: string }> };
  return { data: result.structuredContent ?? {}, isError: result.isError === true, text: (result.content ?? []).map((part) => part.text ?? '').join('\n') };
}

async function node(testTag: string): Promise<Structured | undefined> {
  return ((await call('observe')).data.hierarchy as Structured[]).find((entry) => entry.testTag === testTag);
}

before(async () => {
  client = new Client({ name: 'protostage-strings', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'ignore' }));
});
after(() => client.close());

test("the show's locale draws its table; taps move the plural form; status reports the table", async () => {
  const shown = await call('prototype', { action: 'show', spec: CART, locale: 'de-AT' });
  assert.equal(shown.isError, false, shown.text);
  assert.equal((await node('cart_count'))?.text, '1 Artikel');
  assert.equal((await node('cart_checkout'))?.text, 'Zur Kasse');
  await call('tapOn', { testTag: 'cart_add' });
  assert.equal((await node('cart_count'))?.text, '2 Artikel');
  const status = (await call('prototype', { action: 'status' })).data.prototypes[0];
  assert.equal(status.locale, 'de');
});

test("the device's locale follows on a show without one; Arabic is right to left with its own plural forms", async () => {
  const changed = await call('device', { locale: 'ar-EG' });
  assert.equal(changed.isError, false, changed.text);
  assert.equal(changed.data.settings.locale, 'ar-EG');
  await call('prototype', { action: 'show', spec: CART, reset: true });
  const count = await node('cart_count');
  assert.equal(count?.text, 'منتج واحد');
  assert.ok(count!.bounds.x + count!.bounds.width > 412 - 24, `the count sits at the right edge: ${JSON.stringify(count!.bounds)}`);
  await call('tapOn', { testTag: 'cart_add' });
  assert.equal((await node('cart_count'))?.text, 'منتجان', 'two takes the dual form');
  await call('device', { locale: 'en-US' });
  assert.equal((await node('cart_count'))?.text, '2 items', 'a device change redraws at once, state kept');
});

test('a tag that is not BCP 47 is refused at locale, on show and on the device tool', async () => {
  const show = await call('prototype', { action: 'show', spec: CART, locale: 'not a tag' });
  assert.equal(show.isError, true);
  assert.match(show.text, /locale/);
  const device = await call('device', { locale: 'xx_YY!' });
  assert.equal(device.isError, true);
  assert.match(device.text, /locale/);
});
