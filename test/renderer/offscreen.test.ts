// Which long scrolls let their off-screen rows skip rendering: only where skipping cannot change
// a picture (see src/renderer/offscreen.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UNKNOWN_WIDTH, WINDOW_WIDTH, type ParentWidth } from '../../src/renderer/env.ts';
import { CHUNK_ROWS, drawsRowsInChunks, isSkippableRow, skipsOffscreenRows, widthForChildren } from '../../src/renderer/offscreen.ts';
import { createController, type RenderNode, type ScrollNode } from '../../src/runtime/index.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';

const LTR = { floating: false, rtl: false, insets: { systemBars: { top: 24, bottom: 48, start: 0, end: 0 }, cutout: { top: 0, bottom: 0, start: 0, end: 0 }, ime: { top: 0, bottom: 0, start: 0, end: 0 } } };

/** A settings-like row: a weighted text, an icon, a checkbox and a button. */
function settingsRow(index: number, style: object = {}): object {
  return {
    type: 'row',
    style,
    children: [
      { type: 'text', text: `Setting ${index}`, style: { weight: 1 } },
      { type: 'icon', name: 'favorite' },
      { type: 'checkbox', stateKey: 'on' },
      { type: 'button', label: 'Open', onTap: [{ type: 'emit', name: 'open' }] },
    ],
  };
}

const rows = (count: number, row: (index: number) => object = settingsRow) => Array.from({ length: count }, (_, index) => row(index));

/** The render model's root for a fullscreen spec. */
function rendered(root: object): RenderNode {
  const decoded = validatePrototypeSpec({ id: 'list', window: { placement: { type: 'fullscreen' } }, state: { on: false, name: '' }, root });
  if (!decoded.ok) throw new Error(`${decoded.path}: ${decoded.message}`);
  const controller = createController({
    clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => undefined },
    device: { dark: false },
    onEvent: () => undefined,
  });
  const shown = controller.show(decoded.spec, {});
  assert.ok(shown.ok);
  return controller.renderModel()!.root;
}

/** Walks from the root to the first scroll, passing each parent's width facts down as the renderer does. */
function firstScroll(node: RenderNode, parent: ParentWidth = WINDOW_WIDTH): { scroll: ScrollNode; parent: ParentWidth } | null {
  if (node.type === 'scroll') return { scroll: node, parent };
  if (!('children' in node)) return null;
  for (const child of node.children) {
    const found = firstScroll(child, widthForChildren(node, parent));
    if (found) return found;
  }
  return null;
}

function skips(root: object, env = LTR): boolean {
  const found = firstScroll(rendered(root));
  assert.ok(found, 'the spec has a scroll');
  return skipsOffscreenRows(found.scroll, env, found.parent);
}

const listIn = (scrollStyle: object, content: object[], contentStyle: object = {}) => ({
  type: 'column',
  children: [{ type: 'scroll', style: scrollStyle, child: { type: 'column', style: contentStyle, children: content } }],
});

test('a list of plain rows skips its rows one by one, a longer one in chunks, even where its width follows its rows unseen', () => {
  const found = firstScroll(rendered(listIn({}, rows(CHUNK_ROWS))))!;
  assert.equal(skipsOffscreenRows(found.scroll, LTR, found.parent), true);
  const content = found.scroll.child as RenderNode & { children: RenderNode[] };
  assert.ok(content.children.every(isSkippableRow));
  assert.equal(isSkippableRow(found.scroll), false);
  assert.equal(drawsRowsInChunks(content), false, `${CHUNK_ROWS} rows fit one chunk`);

  const long = firstScroll(rendered(listIn({}, rows(CHUNK_ROWS + 1))))!;
  assert.equal(skipsOffscreenRows(long.scroll, LTR, long.parent), true);
  const longContent = long.scroll.child as RenderNode & { children: RenderNode[] };
  assert.equal(drawsRowsInChunks(longContent), true);
  assert.ok(!longContent.children.some(isSkippableRow), 'a chunk skips, its rows do not');
});

test('a long repeat inside the list draws its rows in chunks; not where a row shares the list height, nor beside rows that skip nothing', () => {
  const repeated = (template: object[], items = CHUNK_ROWS * 3) => listIn({}, [
    { type: 'text', text: 'Header' },
    { type: 'column', repeat: { items: Array.from({ length: items }, (_, index) => ({ title: `Item ${index}` })), as: 'item' }, children: template },
  ]);
  const nested = (root: object) => {
    const found = firstScroll(rendered(root))!;
    const skipping = skipsOffscreenRows(found.scroll, LTR, found.parent);
    const list = (found.scroll.child as { children: RenderNode[] }).children[1]!;
    return { skipping, chunks: drawsRowsInChunks(list), rowSkips: isSkippableRow(list) };
  };
  assert.deepEqual(nested(repeated([{ type: 'text', text: '{item.title}' }])), { skipping: true, chunks: true, rowSkips: true });
  assert.deepEqual(nested(repeated([{ type: 'text', text: '{item.title}' }], CHUNK_ROWS)), { skipping: true, chunks: false, rowSkips: true }, 'one chunk of rows');
  assert.deepEqual(nested(repeated([{ type: 'text', text: '{item.title}', style: { weight: 1 } }])), { skipping: true, chunks: false, rowSkips: true }, 'a weighted row');
  assert.deepEqual(nested(repeated([{ type: 'card', variant: 'elevated', style: { elevation: 200 }, children: [] }])), { skipping: false, chunks: false, rowSkips: false }, 'a far-reaching shadow');
});

test('right to left, in a floating window, in a popup or below a pager nothing skips', () => {
  assert.equal(skips(listIn({}, rows(50)), { ...LTR, rtl: true }), false);
  assert.equal(skips(listIn({}, rows(50)), { ...LTR, floating: true }), false);
  const found = firstScroll(rendered(listIn({}, rows(50))))!;
  assert.equal(skipsOffscreenRows(found.scroll, LTR, UNKNOWN_WIDTH), false);
});

test('a row that may draw outside its box keeps every row of its list drawn', () => {
  const withRow = (row: object) => listIn({}, [...rows(20), row, ...rows(20)]);
  assert.equal(skips(withRow(settingsRow(99, { offset: { x: 0, y: -600 } }))), false, 'moved up or down');
  assert.equal(skips(withRow(settingsRow(99, { offset: { x: 12, y: 0 } }))), true, 'moved sideways only');
  assert.equal(skips(withRow(settingsRow(99, { height: { dp: 20 } }))), false, 'content in a fixed height');
  assert.equal(skips(withRow({ type: 'icon', name: 'star', style: { width: { dp: 40 }, height: { dp: 40 } } })), true, 'a fixed-size glyph');
  assert.equal(skips(withRow({ type: 'card', variant: 'elevated', style: { elevation: 200 }, children: [] })), false, 'a far-reaching shadow');
  assert.equal(skips(withRow({ type: 'textField', stateKey: 'name', placeholder: 'Name' })), false, 'a type not known to stay inside');
});

test('where the list width follows its rows, something that shows that width keeps every row drawn', () => {
  assert.equal(skips(listIn({ background: '#eeeeee' }, rows(50))), false, 'a scroll background as wide as the widest row');
  assert.equal(skips(listIn({ background: '#eeeeee', width: 'fill' }, rows(50))), true, 'a background of fixed width');
  assert.equal(skips(listIn({}, rows(50), { alignment: 'topCenter' })), false, 'rows centred in that width');
  assert.equal(skips(listIn({}, rows(50, (index) => settingsRow(index, { width: 'fill' })))), true, 'filling rows make the list fill the window');
});

test('rows placed by the whole list, or starting between pixels, keep every row drawn', () => {
  assert.equal(skips(listIn({}, rows(50), { arrangement: 'spaceBetween', height: { dp: 4000 } })), false, 'arranged over a fixed height');
  assert.equal(skips(listIn({ width: 'fill' }, rows(50), { alignment: 'bottomStart' })), false, 'aligned to the bottom');
  const besideText = { type: 'row', style: { width: 'fill' }, children: [{ type: 'text', text: 'Side' }, { type: 'scroll', style: { width: 'fill' }, child: { type: 'column', children: rows(50) } }] };
  assert.equal(skips(besideText), false, 'after a text in a row');
  const centred = { type: 'box', style: { width: 'fill', alignment: 'topCenter' }, children: [{ type: 'scroll', style: { width: { dp: 333 } }, child: { type: 'column', children: rows(50) } }] };
  assert.equal(skips(centred), false, 'centred in a box');
  assert.equal(skips(listIn({ width: 'fill', padding: { top: 0, bottom: 0, start: 8.5, end: 0 } }, rows(50))), false, 'after a fractional padding');
});

test('a list drawn again after data writes answers as a list drawn the first time (random appends and row changes)', async () => {
  // A second instance of the module keeps its answers apart: it is only ever given new objects,
  // so it answers every list from its rows, where the first reuses the answers of the rows before.
  const apart = 'apart';
  const fresh = (await import(`../../src/renderer/offscreen.ts?${apart}`)) as typeof import('../../src/renderer/offscreen.ts');
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  // Rows that may draw outside their box, or share the list's height, come in now and then.
  const randomRow = () => ({ outside: random() < 0.03, shares: random() < 0.03 });
  const plainRow = () => ({ outside: false, shares: false });
  const spec = (rows: object[]) => ({
    id: 'feed',
    window: { placement: { type: 'fullscreen' } },
    data: { rows },
    root: listIn({}, [
      { type: 'text', text: 'Header' },
      {
        type: 'column',
        repeat: { items: '/rows', as: 'row' },
        children: [{
          type: 'box',
          styleWhen: [
            { when: { data: '/rows/{index}/outside', equals: true }, style: { offset: { x: 0, y: 4 } } },
            { when: { data: '/rows/{index}/shares', equals: true }, style: { weight: 1 } },
          ],
          children: [{ type: 'text', text: 'Row {index}' }],
        }],
      },
    ]),
  });
  const controllerFor = () => createController({ clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => undefined }, device: { dark: false }, onEvent: () => undefined });
  const drawnHere = { skipsOffscreenRows, drawsRowsInChunks, isSkippableRow };
  const answers = (module: typeof drawnHere, root: RenderNode) => {
    const found = firstScroll(root)!;
    const skipping = module.skipsOffscreenRows(found.scroll, LTR, found.parent);
    const list = (found.scroll.child as { children: RenderNode[] }).children[1] as RenderNode & { children: RenderNode[] };
    return { skipping, chunks: module.drawsRowsInChunks(list), listSkips: module.isSkippableRow(list), rowsSkip: list.children.filter(module.isSkippableRow).length };
  };
  const seen = new Set<string>();
  for (let round = 0; round < 8; round++) {
    let rows: object[] = Array.from({ length: 20 + Math.floor(random() * 40) }, plainRow);
    const shown = controllerFor();
    const first = validatePrototypeSpec(spec(rows));
    assert.ok(first.ok && shown.show(first.spec, {}).ok);
    for (let step = 0; step < 12; step++) {
      const ops = random() < 0.7
        ? [{ op: 'append', path: '/data/rows', value: Array.from({ length: 1 + Math.floor(random() * 10) }, randomRow), spread: true }]
        : [{ op: 'set', path: `/data/rows/${Math.floor(random() * rows.length)}`, value: randomRow() }];
      const patched = shown.patch('feed', ops);
      assert.ok(patched.ok, JSON.stringify(patched));
      rows = (shown.inspect() as unknown as { data: { rows: object[] } }).data.rows;
      const again = controllerFor();
      const whole = validatePrototypeSpec(spec(rows));
      assert.ok(whole.ok && again.show(whole.spec, {}).ok);
      const drawn = answers(drawnHere, shown.renderModel()!.root);
      assert.deepEqual(drawn, answers(fresh, again.renderModel()!.root), `round ${round}, step ${step}, ${rows.length} rows`);
      seen.add(`${drawn.skipping} ${drawn.chunks}`);
    }
  }
  assert.deepEqual([...seen].sort(), ['false false', 'true false', 'true true'], 'the writes made lists of each kind');
});
