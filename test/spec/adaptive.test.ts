import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { AdaptiveParser } from '../../src/spec/adaptive.ts';
import { decodePrototypeSpec, prototypeSpecSchema } from '../../src/spec/index.ts';

test('an adaptive parser answers the same before and after it switches to the compiled parser', () => {
  const schema = z.strictObject({ a: z.number().int().min(0), b: z.enum(['x', 'y']).optional() });
  const parser = new AdaptiveParser(schema, 3);
  const samples: unknown[] = [{ a: 1 }, { a: -1 }, { a: 2, b: 'y' }, { a: 1, c: 1 }, 'x', { a: 1.5 }, { a: 0, b: 'z' }];
  for (let round = 0; round < 3; round++) {
    for (const sample of samples) {
      const result = parser.safeParse(sample);
      assert.equal(result.success, schema.safeParse(sample).success, JSON.stringify(sample));
      assert.equal(parser.accepts(sample), result.success, JSON.stringify(sample));
      if (result.success) assert.deepEqual(result.data, sample);
    }
  }
});

test('the decode still agrees with the whole model once its node parsers are compiled', () => {
  const spec = {
    id: 'p',
    window: { placement: { type: 'fullscreen' } },
    root: {
      type: 'column',
      children: Array.from({ length: 250 }, (_, i) => ({
        type: 'text',
        text: `row ${i}`,
        style: { padding: { top: 4 }, color: 'primary' },
        visibleWhen: { key: 'k', notEquals: i },
        onTap: [{ type: 'emit', name: 'tap', payload: { i } }],
      })),
    },
  };
  const bad = structuredClone(spec);
  (bad.root.children[7]!.style as Record<string, unknown>).colour = '#000000';
  // 12 decodes of 250 text nodes pass every compile threshold.
  for (let i = 0; i < 12; i++) {
    const result = decodePrototypeSpec(spec);
    assert.ok(result.ok);
    assert.deepEqual(result.spec, prototypeSpecSchema.parse(spec));
    assert.equal(decodePrototypeSpec(bad).ok, false);
  }
});
