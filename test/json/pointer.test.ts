// JSON Pointers and the four data writes: paths, refusal codes, copy-on-write, and a cost kept
// from the previous cost that always equals measuring the result afresh.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { conservativePayloadByteLength } from '../../src/json/index.ts';
import { applyDataWrite, dataLimitProblem, formatPointer, writtenLimitProblem, parsePointer, valueAt, type DataWrite, type JsonObject, type JsonValue } from '../../src/json/pointer.ts';

const cost = (value: unknown) => conservativePayloadByteLength(value);

test('pointers parse and format as RFC 6901 says, ~0 and ~1 included', () => {
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/feed/0/title'), ['feed', '0', 'title']);
  assert.deepEqual(parsePointer('/a~1b/c~0d'), ['a/b', 'c~d']);
  assert.equal(parsePointer('feed'), null, 'a pointer starts with /');
  assert.equal(parsePointer('/a~2'), null, '~ is followed by 0 or 1');
  assert.equal(formatPointer(['a/b', 'c~d', '']), '/a~1b/c~0d/');
  const data = { feed: [{ title: 'one' }, { title: 'two' }], '': 5 };
  assert.equal(valueAt(data, ['feed', '1', 'title']), 'two');
  assert.equal(valueAt(data, ['feed', '01']), undefined, 'no leading zeros');
  assert.equal(valueAt(data, ['feed', '2']), undefined);
  assert.equal(valueAt(data, ['']), 5);
});

test('set, append, prepend and remove copy the path and share the rest', () => {
  const data: JsonObject = { feed: [{ liked: false }, { liked: false }], user: { name: 'Ada' } };
  const liked = applyDataWrite(data, cost(data), { op: 'set', path: ['feed', '1', 'liked'], value: true });
  assert.ok(liked.ok);
  assert.deepEqual(liked.data.feed, [{ liked: false }, { liked: true }]);
  assert.equal((data.feed as JsonObject[])[1]!.liked, false, 'the input is unchanged');
  assert.equal(liked.data.user, data.user, 'untouched members are shared');
  const appended = applyDataWrite(data, cost(data), { op: 'append', path: ['feed'], rows: [{ liked: true }, { liked: true }], maxItems: 3 });
  assert.ok(appended.ok);
  assert.deepEqual(appended.data.feed, [{ liked: false }, { liked: true }, { liked: true }], 'append drops the oldest past maxItems');
  const prepended = applyDataWrite(data, cost(data), { op: 'prepend', path: ['feed'], rows: [{ new: 1 }], maxItems: 2 });
  assert.ok(prepended.ok);
  assert.deepEqual(prepended.data.feed, [{ new: 1 }, { liked: false }], 'prepend drops the last past maxItems');
  const removed = applyDataWrite(data, cost(data), { op: 'remove', path: ['user', 'name'] });
  assert.ok(removed.ok);
  assert.deepEqual(removed.data.user, {});
  const added = applyDataWrite(data, cost(data), { op: 'set', path: ['__proto__'], value: 1 });
  assert.ok(added.ok);
  assert.equal(Object.getPrototypeOf(added.data), Object.prototype, 'a "__proto__" member is a member');
  assert.equal(Object.keys(added.data).includes('__proto__'), true);
});

test('a write that cannot apply says why, with its code', () => {
  const data: JsonObject = { feed: [1], name: 'x' };
  const refused = (write: DataWrite) => {
    const outcome = applyDataWrite(data, cost(data), write);
    return outcome.ok ? 'ok' : outcome.code;
  };
  assert.equal(refused({ op: 'set', path: [], value: {} }), 'invalid_path');
  assert.equal(refused({ op: 'set', path: ['name', 'first'], value: 1 }), 'invalid_path');
  assert.equal(refused({ op: 'set', path: ['missing', 'x'], value: 1 }), 'not_found');
  assert.equal(refused({ op: 'set', path: ['feed', '1'], value: 1 }), 'not_found');
  assert.equal(refused({ op: 'remove', path: ['nope'] }), 'not_found');
  assert.equal(refused({ op: 'append', path: ['name'], rows: [1] }), 'not_array');
  assert.equal(refused({ op: 'prepend', path: ['nope'], rows: [1] }), 'not_found');
});

test('limits: bytes, depth and array length, with where', () => {
  const limits = { maxBytes: 100, maxDepth: 3, maxArrayItems: 2 };
  assert.equal(dataLimitProblem({ a: [1, 2] }, 10, limits), null);
  assert.deepEqual(dataLimitProblem({ a: [1, 2, 3] }, 10, limits)?.pointer, '/a');
  assert.deepEqual(dataLimitProblem({ a: { b: { c: {} } } }, 10, limits)?.pointer, '/a/b/c');
  assert.match(dataLimitProblem({}, 101, limits)!.message, /more than 100 bytes/);
});

const jsonLeaf = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 6 }));
const jsonValue: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, jsonLeaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 3 })),
})).value;
const segment = fc.oneof(fc.constantFrom('0', '1', '2', 'a', 'b', ''), fc.string({ maxLength: 2 }));
const write: fc.Arbitrary<DataWrite> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), path: fc.array(segment, { minLength: 1, maxLength: 3 }), value: jsonValue }),
  fc.record({ op: fc.constant('remove' as const), path: fc.array(segment, { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constantFrom('append' as const, 'prepend' as const), path: fc.array(segment, { minLength: 1, maxLength: 2 }), rows: fc.array(jsonValue, { maxLength: 3 }), maxItems: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }) }),
);

test('property: the cost a write answers is the measure of the data it answers', () => {
  fc.assert(
    fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'c'), jsonValue), fc.array(write, { maxLength: 12 }), (start, writes) => {
      let data: JsonObject = start;
      let bytes = cost(data);
      for (const next of writes) {
        const outcome = applyDataWrite(data, bytes, next);
        if (!outcome.ok) continue;
        assert.equal(outcome.cost, cost(outcome.data), `after ${JSON.stringify(next)}`);
        data = outcome.data;
        bytes = outcome.cost;
      }
    }),
    { numRuns: 400 },
  );
});

/** Writes aimed at the members of a small data object, most of them growing a list. */
const near = fc.constantFrom('a', 'b', 'c', '0', '1');
const limitWrite: fc.Arbitrary<DataWrite> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), path: fc.array(near, { minLength: 1, maxLength: 3 }), value: jsonValue }),
  fc.record({ op: fc.constantFrom('append' as const, 'prepend' as const), path: fc.array(near, { minLength: 1, maxLength: 2 }), rows: fc.array(jsonValue, { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constant('append' as const), path: fc.array(near, { minLength: 1, maxLength: 2 }), rows: fc.array(jsonValue, { minLength: 1, maxLength: 3 }), maxItems: fc.integer({ min: 1, max: 4 }) }),
);

test('property: the limits a write breaks, walked over what it wrote, are those of the whole data it answers', () => {
  const limits = { maxBytes: 400, maxDepth: 3, maxArrayItems: 3 };
  let broken = 0;
  fc.assert(
    fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'c'), jsonValue), fc.array(limitWrite, { maxLength: 12 }), (start, writes) => {
      let data: JsonObject = start;
      let bytes = cost(data);
      if (dataLimitProblem(data, bytes, limits) !== null) return;
      for (const next of writes) {
        const outcome = applyDataWrite(data, bytes, next);
        if (!outcome.ok) continue;
        const whole = dataLimitProblem(outcome.data, outcome.cost, limits);
        assert.deepEqual(writtenLimitProblem(outcome.data, outcome.cost, next, limits), whole, `after ${JSON.stringify(next)}`);
        // A refused write leaves the data as it was.
        if (whole !== null) {
          broken += 1;
          continue;
        }
        data = outcome.data;
        bytes = outcome.cost;
      }
    }),
    { numRuns: 400 },
  );
  assert.ok(broken > 30, `${broken} writes broke a limit`);
});
