/**
 * String tables in the runtime: the table a locale chooses (exact, shorter tags, same language,
 * default), plural forms by each language's own rules, entries interpolated like any text, the
 * default table behind the chosen one, a show's locale over the device's, a live device change,
 * and the layout direction of a right-to-left table.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseTable, StringResolver } from '../../src/runtime/strings.ts';
import { setup, spec, valid } from './helpers.ts';
import type { RenderNode } from '../../src/runtime/index.ts';

const STRINGS = {
  default: 'en',
  tables: {
    en: { title: 'Your cart', items: { one: '{qty} item', other: '{qty} items' }, checkout: 'Check out' },
    de: { title: 'Dein Warenkorb', items: { one: '{qty} Artikel', other: '{qty} Artikel' } },
    'pt-BR': { title: 'Seu carrinho', items: { one: '{qty} item', other: '{qty} itens' } },
    ar: { title: 'سلة التسوق', items: { zero: 'لا عناصر', one: 'عنصر واحد', two: 'عنصران', few: '{qty} عناصر', many: '{qty} عنصرًا', other: '{qty} عنصر' } },
    pl: { title: 'Koszyk', items: { one: '{qty} produkt', few: '{qty} produkty', many: '{qty} produktów', other: '{qty} produktu' } },
  },
};

const cart = valid(spec(
  { type: 'column', children: [{ type: 'text', text: '{t:title}' }, { type: 'text', text: '{t:items|qty} · {t:checkout}' }, { type: 'button', label: 'Add', onTap: [{ type: 'increment', key: 'qty' }] }] },
  { state: { qty: 1 }, strings: STRINGS },
));

const texts = (root: RenderNode) => (root as { children: RenderNode[] }).children.slice(0, 2).map((node) => (node as { text: string }).text);

test('a locale chooses its table: exactly, by shorter tags, by its language, else the default', () => {
  assert.equal(chooseTable(STRINGS, 'de'), 'de');
  assert.equal(chooseTable(STRINGS, 'DE-ch'), 'de');
  assert.equal(chooseTable(STRINGS, 'pt'), 'pt-BR');
  assert.equal(chooseTable(STRINGS, 'pt-BR'), 'pt-BR');
  assert.equal(chooseTable(STRINGS, 'ja-JP'), 'en');
});

test('plural forms follow each language: Arabic zero / two / few / many, Polish few / many, English one / other', () => {
  const forms = (locale: string, counts: number[]) => counts.map((count) => new StringResolver(STRINGS, locale).translate('items', count));
  assert.deepEqual(forms('en', [0, 1, 2]), ['{qty} items', '{qty} item', '{qty} items']);
  assert.deepEqual(forms('ar', [0, 1, 2, 3, 11, 100]), ['لا عناصر', 'عنصر واحد', 'عنصران', '{qty} عناصر', '{qty} عنصرًا', '{qty} عنصر']);
  assert.deepEqual(forms('pl', [1, 2, 5, 22, 1.5]), ['{qty} produkt', '{qty} produkty', '{qty} produktów', '{qty} produkty', '{qty} produktu']);
  assert.equal(new StringResolver(STRINGS, 'en').translate('items', 'three'), '{qty} items', 'a count that is no number takes other');
});

test('text draws the chosen table, interpolated, with the default table behind it; a count change re-chooses the form', () => {
  const { controller } = setup({ dark: false, locale: 'de-AT' });
  controller.show(cart);
  assert.deepEqual(texts(controller.renderModel()!.root), ['Dein Warenkorb', '1 Artikel · Check out']);
  assert.equal(controller.renderModel()!.locale, 'de');
  assert.equal(controller.inspect()!.locale, 'de');
  controller.show(cart, { locale: 'en' });
  controller.interact({ type: 'tap', key: 'root.children[2]' });
  assert.deepEqual(texts(controller.renderModel()!.root), ['Your cart', '2 items · Check out']);
});

test("a show's locale beats the device's and belongs to that show; a live device change redraws; an invalid tag is refused at locale", () => {
  const { controller } = setup({ dark: false, locale: 'en-US' });
  controller.show(cart, { locale: 'pl' });
  assert.equal(texts(controller.renderModel()!.root)[0], 'Koszyk');
  controller.setDevice({ locale: 'de' });
  assert.equal(texts(controller.renderModel()!.root)[0], 'Koszyk', 'the show said pl');
  controller.show(cart);
  assert.equal(texts(controller.renderModel()!.root)[0], 'Dein Warenkorb', 'a later show without a locale follows the device');
  controller.setDevice({ locale: 'pt-BR' });
  assert.equal(texts(controller.renderModel()!.root)[0], 'Seu carrinho');
  const refused = controller.show(cart, { locale: 'not a tag!' });
  assert.deepEqual([refused.ok, !refused.ok && refused.path], [false, 'locale']);
});

test('an Arabic table lays the prototype out right to left; the others left to right', () => {
  const { controller } = setup({ dark: false, locale: 'ar-EG' });
  controller.show(cart);
  assert.equal(controller.renderModel()!.direction, 'rtl');
  assert.equal(texts(controller.renderModel()!.root)[0], 'سلة التسوق');
  controller.show(cart, { locale: 'en' });
  assert.equal(controller.renderModel()!.direction, 'ltr');
});
