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

const sequences = (read: { events: PrototypeEvent[] }) => read.events.map((e) => e.sequence);

test('a read after a strict cursor honours name and kind filters and takes nothing away', () => {
  const buffers = new EventBuffers();
  [event(1), event(2, 'emit', 'save'), event(3, 'emit', 'share'), event(4)].forEach((e) => buffers.push(e));
  assert.deepEqual(buffers.read({ id: 'p', afterSequence: 1 }, 1), { events: [event(2, 'emit', 'save')], more: true });
  assert.deepEqual(sequences(buffers.read({ id: 'p', afterSequence: 1 }, 1)), [2], 'the same cursor reads the same event again');
  assert.deepEqual(sequences(buffers.read({ id: 'p', eventName: 'save' }, 10)), [2]);
  assert.deepEqual(sequences(buffers.read({ id: 'p', kind: 'change', afterSequence: 4 }, 10)), [], 'afterSequence is strict');
  assert.deepEqual(buffers.read({ id: 'p', kind: 'change' }, 10), { events: [event(1), event(4)], more: false });
  assert.deepEqual(sequences(buffers.read({ id: 'other' }, 10)), []);
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

test('every call waiting for a matching event gets it, and it stays buffered', async () => {
  const buffers = new EventBuffers();
  const first = buffers.wait({ id: 'p', kind: 'emit' }, 5000);
  const second = buffers.wait({ id: 'p', kind: 'emit' }, 5000);
  buffers.push(event(1));
  buffers.push(event(2, 'emit', 'save'));
  assert.deepEqual(await first, { status: 'event', event: event(2, 'emit', 'save') });
  assert.deepEqual(await second, { status: 'event', event: event(2, 'emit', 'save') });
  assert.deepEqual(buffers.buffered('p').map((e) => e.sequence), [1, 2]);
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
  assert.deepEqual(sequences(buffers.read({ id: 'p', kind: 'emit' }, 10)), [3]);
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
