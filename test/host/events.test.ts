import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EVENT_BUFFER_SIZE, EventBuffers } from '../../src/host/events.ts';
import type { PrototypeEvent } from '../../src/protocol/messages.ts';

const event = (sequence: number, kind: PrototypeEvent['kind'] = 'change', name: string | null = null, id = 'p'): PrototypeEvent => ({
  timestamp: sequence,
  id,
  sequence,
  kind,
  name,
  payload: kind === 'dismissed' ? { reason: 'user' } : null,
  state: {},
  pages: {},
});

test('take consumes the first match after a strict cursor, honouring name and kind filters', () => {
  const buffers = new EventBuffers();
  [event(1), event(2, 'emit', 'save'), event(3, 'emit', 'share'), event(4)].forEach((e) => buffers.push(e));
  assert.equal(buffers.take({ id: 'p', afterSequence: 1 })?.sequence, 2);
  assert.equal(buffers.take({ id: 'p', afterSequence: 1 })?.sequence, 3, 'the match was consumed');
  assert.equal(buffers.take({ id: 'p', eventName: 'save' }), undefined);
  assert.equal(buffers.take({ id: 'p', kind: 'change', afterSequence: 4 }), undefined, 'afterSequence is strict');
  assert.equal(buffers.take({ id: 'p', kind: 'change' })?.sequence, 1);
  assert.equal(buffers.take({ id: 'other' }), undefined);
});

test('each prototype keeps its latest 64 events and counts the dropped ones', () => {
  const buffers = new EventBuffers();
  for (let sequence = 1; sequence <= EVENT_BUFFER_SIZE + 5; sequence++) buffers.push(event(sequence));
  assert.equal(buffers.buffered('p').length, EVENT_BUFFER_SIZE);
  assert.equal(buffers.buffered('p')[0]!.sequence, 6);
  assert.equal(buffers.droppedCount('p'), 5);
  assert.equal(buffers.missedAfter('p', 2), 5, 'a cursor at 2 missed sequences 3 to 5');
  assert.equal(buffers.missedAfter('p', 5), undefined);
  assert.equal(buffers.missedAfter('q', 0), undefined);
});

test('a waiting call gets the next matching event, which is consumed rather than buffered', async () => {
  const buffers = new EventBuffers();
  const waiting = buffers.wait({ id: 'p', kind: 'emit' }, 5000);
  buffers.push(event(1));
  buffers.push(event(2, 'emit', 'save'));
  assert.deepEqual(await waiting, { status: 'event', event: event(2, 'emit', 'save') });
  assert.deepEqual(buffers.buffered('p').map((e) => e.sequence), [1]);
});

test('a timeout settles as timedOut', async () => {
  const buffers = new EventBuffers();
  assert.deepEqual(await buffers.wait({ id: 'p', kind: 'emit' }, 10), { status: 'timedOut' });
});

test('a dismissal settles calls waiting on that prototype only', async () => {
  const buffers = new EventBuffers();
  const onP = buffers.wait({ id: 'p', kind: 'emit' }, 5000);
  const onQ = buffers.wait({ id: 'q', kind: 'emit' }, 30);
  buffers.push(event(7, 'dismissed'));
  assert.deepEqual(await onP, { status: 'dismissed', event: event(7, 'dismissed') });
  assert.deepEqual(await onQ, { status: 'timedOut' });
  assert.equal(buffers.dismissalAfter('p', 6)?.sequence, 7);
  assert.equal(buffers.dismissalAfter('p', 7), undefined);
});

test('losing the device settles every waiting call and forgets the old sequences', async () => {
  const buffers = new EventBuffers();
  buffers.push(event(1, 'emit', 'old'));
  const waiting = buffers.wait({ id: 'p', kind: 'change' }, 5000);
  buffers.settleAll('gone');
  assert.deepEqual(await waiting, { status: 'deviceLost', reason: 'gone' });
  assert.deepEqual(buffers.buffered('p'), []);
});

test('an aborted wait ends at once and leaves the next matching event for the next caller', async () => {
  const buffers = new EventBuffers();
  const abort = new AbortController();
  const waiting = buffers.wait({ id: 'p', kind: 'emit' }, 5000, abort.signal);
  abort.abort();
  assert.deepEqual(await waiting, { status: 'cancelled' });
  assert.equal(buffers.waiting, 0);
  buffers.push(event(3, 'emit', 'save'));
  assert.equal(buffers.take({ id: 'p', kind: 'emit' })?.sequence, 3);
  assert.deepEqual(await buffers.wait({ id: 'p' }, 5000, abort.signal), { status: 'cancelled' }, 'an already aborted signal does not wait');
});

test('endWaitsFor settles the calls waiting on one prototype with the given outcome', async () => {
  const buffers = new EventBuffers();
  const onP = buffers.wait({ id: 'p' }, 5000);
  const onQ = buffers.wait({ id: 'q' }, 30);
  buffers.endWaitsFor('p', { status: 'gone', report: { reason: 'replaced', by: 'q' } });
  assert.deepEqual(await onP, { status: 'gone', report: { reason: 'replaced', by: 'q' } });
  assert.deepEqual(await onQ, { status: 'timedOut' });
});
