// How a tap finds its node and how the hierarchy marks covered app nodes, without measuring the
// whole screen: the page's find() lists exactly the nodes hierarchy() lists for a testTag or a
// text (nodes inside a group, behind a dialog and in rows skipped off screen left out alike), and
// appCovered() answers what a hit test at each point answers, whatever the window's placement.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WebDevice } from '../../src/device/web-device.ts';
import { pageOf, tapSettled, useDevice, validSpec } from './helpers.ts';

const ROWS = 300;

const screenSpec = validSpec({
  id: 'aim',
  window: { placement: { type: 'fullscreen' } },
  state: { asking: false },
  root: {
    type: 'column',
    style: { height: 'fill' },
    children: [
      { type: 'button', label: 'Ask', testTag: 'ask', onTap: [{ type: 'setState', key: 'asking', value: true }] },
      {
        type: 'row', testTag: 'card', semantics: { group: true },
        children: [{ type: 'text', text: 'Fern', testTag: 'card.title' }, { type: 'text', text: 'Water weekly' }],
      },
      { type: 'text', text: 'Twin', testTag: 'twin' },
      { type: 'text', text: 'Twin', testTag: 'twin' },
      {
        type: 'scroll', style: { weight: 1 },
        child: {
          type: 'column',
          children: Array.from({ length: ROWS }, (_, index) => ({ type: 'row', children: [{ type: 'text', text: `Row ${index}`, testTag: `row.${index}` }] })),
        },
      },
      {
        type: 'dialog', testTag: 'sure', openWhen: { key: 'asking', equals: true }, title: 'Sure?',
        confirm: { label: 'Yes', onTap: [{ type: 'setState', key: 'asking', value: false }] },
      },
    ],
  },
});

/** For every testTag and text in the page, the nodes find() gives and the ones hierarchy() lists with it. */
async function findBesideHierarchy(device: WebDevice): Promise<{ targets: number; unlisted: string[]; differing: string[] }> {
  return pageOf(device).evaluate(() => {
    const page = (window as unknown as { protostage: { hierarchy(): Array<{ testTag: string | null; text: string | null }>; find(target: object): unknown[] } }).protostage;
    const hierarchy = page.hierarchy();
    const tags = new Set([...document.querySelectorAll('[data-ps-a11y][data-testid]')].map((element) => element.getAttribute('data-testid')!));
    const texts = new Set([...document.querySelectorAll('[data-ps-a11y][aria-label]')].map((element) => element.getAttribute('aria-label')!));
    tags.add('nothing.has.this.tag');
    const differing: string[] = [];
    const unlisted: string[] = [];
    for (const testTag of tags) {
      const listed = hierarchy.filter((node) => node.testTag === testTag);
      if (listed.length === 0) unlisted.push(testTag);
      if (JSON.stringify(page.find({ testTag })) !== JSON.stringify(listed)) differing.push(`testTag ${testTag}`);
    }
    for (const text of texts) {
      if (JSON.stringify(page.find({ text })) !== JSON.stringify(hierarchy.filter((node) => node.text === text))) differing.push(`text ${text}`);
    }
    return { targets: tags.size + texts.size, unlisted, differing };
  });
}

const phone = useDevice();

test('find() lists what hierarchy() lists for every testTag and text: inside a group, off screen, twice, behind a dialog', async () => {
  const { device } = phone();
  await device.show(screenSpec);
  await device.settled();
  // The rows a show withholds from its first draw are built once the page is idle.
  await pageOf(device).evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
  const open = await findBesideHierarchy(device);
  assert.deepEqual(open.differing, []);
  assert.ok(open.unlisted.includes('card.title'), 'a node inside a group is not listed on its own');
  assert.ok(open.unlisted.includes(`row.${ROWS - 1}`), 'the last row, far off screen, is not listed');
  assert.ok(!open.unlisted.includes('twin') && !open.unlisted.includes('row.0'), open.unlisted.join(', '));

  await tapSettled(device, 'ask');
  const behind = await findBesideHierarchy(device);
  assert.deepEqual(behind.differing, []);
  assert.ok(behind.unlisted.includes('twin') && behind.unlisted.includes('row.0'), 'the page behind the dialog is not listed');
  assert.ok(!behind.unlisted.includes('sure.confirm'), 'the dialog is');
  assert.ok(open.targets > 20 && behind.targets > 20, `${open.targets} and ${behind.targets} targets compared`);
});

test('a tap finds its node in a long list and is refused, naming the cover, behind a dialog', async () => {
  const { device } = phone();
  await device.show(screenSpec);
  await device.settled();
  const twins = await device.tap({ testTag: 'twin' });
  assert.ok(!twins.ok && /2 nodes match testTag "twin"/.test(twins.message), twins.ok ? 'tapped' : twins.message);
  const row = await device.tap({ testTag: 'row.3' });
  assert.ok(row.ok && row.target?.testTag === 'row.3', JSON.stringify(row));
  await tapSettled(device, 'ask');
  const behind = await device.tap({ testTag: 'ask' });
  assert.ok(!behind.ok && /covered by the open dialog \(testTag "sure"\)/.test(behind.message), behind.ok ? 'tapped' : behind.message);
});

test('a tap on a node nothing covers checks the point once, in the same call that finds the node', async () => {
  const { device } = phone();
  await device.show(screenSpec);
  await device.settled();
  const page = pageOf(device);
  await page.evaluate(() => {
    const probe = window as unknown as { hitTests: number };
    probe.hitTests = 0;
    const elementFromPoint = document.elementFromPoint.bind(document);
    document.elementFromPoint = (x, y) => {
      probe.hitTests += 1;
      return elementFromPoint(x, y);
    };
  });
  const tapped = await device.tap({ testTag: 'row.3' });
  assert.ok(tapped.ok && tapped.target?.testTag === 'row.3', JSON.stringify(tapped));
  assert.equal(await page.evaluate(() => (window as unknown as { hitTests: number }).hitTests), 1);
});

const placements = [
  { type: 'fullscreen' },
  { type: 'fullscreen', scrim: '#80000000' },
  { type: 'sheet', edge: 'bottom', height: 320 },
  { type: 'floating', gravity: 'center', offset: { x: 0, y: 0 } },
  { type: 'floating', gravity: 'topEnd', offset: { x: -12, y: 40 } },
];

test('appCovered() answers as a hit test at each point does, for every placement of the window', async () => {
  const { device } = phone();
  for (const placement of placements) {
    await device.show(validSpec({
      id: 'cover',
      window: { placement },
      root: { type: 'column', children: Array.from({ length: 40 }, (_, index) => ({ type: 'text', text: `Line ${index}` })) },
    }));
    await device.settled();
    const { points, differing, covered } = await pageOf(device).evaluate(() => {
      const grid: Array<{ x: number; y: number }> = [];
      for (let y = -10; y < innerHeight + 10; y += 13) for (let x = -10; x < innerWidth + 10; x += 11) grid.push({ x, y });
      const answers = (window as unknown as { protostage: { appCovered(points: object[]): boolean[] } }).protostage.appCovered(grid);
      const hitTests = grid.map((point) => {
        const top = document.elementFromPoint(point.x, point.y);
        return top !== null && top.id !== 'ps-app';
      });
      const wrong = grid.filter((_, index) => answers[index] !== hitTests[index]).map((point) => `(${point.x}, ${point.y})`);
      return { points: grid.length, differing: wrong.slice(0, 10), covered: answers.filter(Boolean).length };
    });
    assert.deepEqual(differing, [], JSON.stringify(placement));
    assert.ok(covered > 0 && covered < points, `${JSON.stringify(placement)}: ${covered} of ${points} points covered`);
  }
});
