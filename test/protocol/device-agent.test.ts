// The handshake and framing rules against the real device agent process (`protostage device`).
import assert from 'node:assert/strict';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { DeviceConnection } from '../../src/protocol/client.ts';
import { rawSocket, readFrames, readUntilClosedOr } from './raw-socket.ts';
import { MAX_FRAME_BYTES } from '../../src/protocol/constants.ts';
import { createLaunchToken } from '../../src/protocol/handshake.ts';
import { findFreePort } from '../../src/host/ports.ts';
import { startAgentProcess } from './agent-process.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
/** The agent process, started here by hand so that no connection is held open between tests. */
const device = { port: 0, token: createLaunchToken(), child: undefined as unknown as ChildProcess };

before(async () => {
  device.port = await findFreePort();
  device.child = await startAgentProcess(device.port, device.token);
});
after(async () => {
  const exited = new Promise((resolve) => device.child.once('exit', resolve));
  device.child.kill('SIGTERM');
  await exited;
});

test('the device refuses to start without a port and a long enough token', () => {
  const env = { ...process.env, PROTOSTAGE_DEVICE_PORT: '', PROTOSTAGE_DEVICE_TOKEN: '' };
  const missing = spawnSync(process.execPath, [CLI, 'device'], { env, encoding: 'utf8', timeout: 30_000 });
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /PROTOSTAGE_DEVICE_PORT must be a TCP port/);
  const shortToken = spawnSync(process.execPath, [CLI, 'device'], { env: { ...env, PROTOSTAGE_DEVICE_PORT: '4999', PROTOSTAGE_DEVICE_TOKEN: 'short' }, encoding: 'utf8', timeout: 30_000 });
  assert.equal(shortToken.status, 2);
  assert.match(shortToken.stderr, /at least 16 characters/);
});

test('a wrong token is closed with no reply, and the host reports it clearly', async () => {
  const socket = await rawSocket(device.port);
  socket.write(`${JSON.stringify({ type: 'hello', token: 'x'.repeat(43), protocolVersion: 1 })}\n`);
  assert.deepEqual(await readUntilClosedOr(socket, 5000), { text: '', closed: true });
  await assert.rejects(DeviceConnection.open(device.port, 'y'.repeat(43)), /closed the connection during hello \(wrong token/);
});

test('a first frame that is not hello is closed with no reply', async () => {
  const socket = await rawSocket(device.port);
  socket.write(`${JSON.stringify({ type: 'dismiss_prototype', requestId: 'r1', all: true })}\n`);
  assert.deepEqual(await readUntilClosedOr(socket, 5000), { text: '', closed: true });
});

test('after hello, a garbage line and an oversized frame get error frames and the connection keeps serving', async () => {
  const socket = await rawSocket(device.port);
  const frames = readFrames(socket, 5);
  socket.write(`${JSON.stringify({ type: 'hello', token: device.token, protocolVersion: 1 })}\n`);
  socket.write('}{ garbage\n');
  socket.write(Buffer.alloc(MAX_FRAME_BYTES + 10, 0x20));
  socket.write('\n');
  socket.write(`${JSON.stringify({ type: 'reboot_phone', requestId: 'x1' })}\n`);
  socket.write(`${JSON.stringify({ type: 'remove_prototype_asset', requestId: 'x2', id: 'never-uploaded' })}\n`);
  const [hello, garbage, oversized, unknown, removed] = await frames;
  socket.destroy();
  assert.equal(hello!.type, 'hello_result');
  assert.ok((hello!.capabilities as string[]).includes('prototype_v1'));
  assert.equal(garbage!.type, 'error');
  assert.match(String(garbage!.message), /not JSON/);
  assert.equal(oversized!.type, 'error');
  assert.match(String(oversized!.message), new RegExp(`larger than ${MAX_FRAME_BYTES} bytes`));
  assert.deepEqual([unknown!.type, unknown!.requestId], ['error', 'x1']);
  assert.deepEqual([removed!.type, removed!.requestId], ['prototype_result', 'x2']);
});

test('after all that, a new connection with the token still works', async () => {
  const connection = await DeviceConnection.open(device.port, device.token);
  const reply = await connection.request({ type: 'observe', screenshot: false });
  assert.equal(reply.type, 'observe_result');
  connection.close();
});

test('the device checks asset bytes against their declared type and accepts a real PNG', async () => {
  const connection = await DeviceConnection.open(device.port, device.token);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');
  const wrong = await connection.request({ type: 'put_prototype_asset', id: 'a', mimeType: 'image/jpeg', dataBase64: png });
  assert.equal(wrong.success, false);
  assert.match(wrong.error ?? '', /image\/jpeg signature/);
  const right = await connection.request({ type: 'put_prototype_asset', id: 'a', mimeType: 'image/png', dataBase64: png });
  assert.equal(right.success, true, right.error);
  connection.close();
});

test('a refused put answers a prototype_result with the reason; an sfnt font goes under either font type', async () => {
  const connection = await DeviceConnection.open(device.port, device.token);
  const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1').toString('base64');
  const refused = await connection.request({ type: 'put_prototype_asset', id: 'g', mimeType: 'image/gif', dataBase64: gif });
  assert.equal(refused.type, 'prototype_result', 'a result, not a bare error frame');
  assert.equal(refused.success, false);
  assert.match(refused.error ?? '', /MIME type image\/gif; accepted: image\/png, image\/jpeg, image\/webp, font\/ttf, font\/otf/);
  const trueTypeOutlines = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00]), Buffer.alloc(60)]).toString('base64');
  const cffOutlines = Buffer.concat([Buffer.from('OTTO', 'latin1'), Buffer.alloc(60)]).toString('base64');
  assert.equal((await connection.request({ type: 'put_prototype_asset', id: 'f1', mimeType: 'font/otf', dataBase64: trueTypeOutlines })).success, true);
  assert.equal((await connection.request({ type: 'put_prototype_asset', id: 'f2', mimeType: 'font/ttf', dataBase64: cffOutlines })).success, true);
  const collection = Buffer.concat([Buffer.from('ttcf', 'latin1'), Buffer.alloc(60)]).toString('base64');
  const ttc = await connection.request({ type: 'put_prototype_asset', id: 'f3', mimeType: 'font/ttf', dataBase64: collection });
  assert.equal(ttc.success, false, 'a TrueType collection is still refused');
  const tooBig = Buffer.concat([Buffer.from('OTTO', 'latin1'), Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
  const over = await connection.request({ type: 'put_prototype_asset', id: 'f4', mimeType: 'font/otf', dataBase64: tooBig });
  assert.deepEqual([over.type, over.success], ['prototype_result', false]);
  assert.match(over.error ?? '', /capped at 2097152/);
  for (const id of ['f1', 'f2']) await connection.request({ type: 'remove_prototype_asset', id });
  connection.close();
});

test('when the last connection closes the session ends: the prototype is dismissed and assets are dropped', async () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');
  const spec = { id: 'session', window: { placement: { type: 'fullscreen' } }, root: { type: 'image', asset: 'kept?' } };
  const first = await DeviceConnection.open(device.port, device.token);
  assert.equal((await first.request({ type: 'put_prototype_asset', id: 'kept?', mimeType: 'image/png', dataBase64: png })).success, true);
  const shown = await first.request({ type: 'show_prototype', spec });
  assert.equal(shown.success, true, shown.error);
  assert.equal(shown.missingAssets, undefined);
  first.close();
  // A connection opened before the device has seen the close joins the old session; it closes in
  // turn and the next one looks again, until the device has ended the session.
  let second = await DeviceConnection.open(device.port, device.token);
  for (let look = 0; ((await second.request({ type: 'inspect_prototypes' })).prototypes ?? []).length > 0; look++) {
    assert.ok(look < 200, 'the session never ended');
    second.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    second = await DeviceConnection.open(device.port, device.token);
  }
  const again = await second.request({ type: 'show_prototype', spec });
  assert.deepEqual(again.missingAssets, ['kept?']);
  second.close();
});

test('the asset caps count what the page store holds: after a dismissal, on a replace, when full and when exceeding', async () => {
  const connection = await DeviceConnection.open(device.port, device.token);
  const pngOf = (bytes: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8)]).toString('base64');
  const put = (id: string, bytes: number) => connection.request({ type: 'put_prototype_asset', id, mimeType: 'image/png', dataBase64: pngOf(bytes) });
  const showThenDismiss = async () => {
    const spec = { id: 'ledger', window: { placement: { type: 'fullscreen' } }, root: { type: 'text', text: 'x' } };
    assert.equal((await connection.request({ type: 'show_prototype', spec })).success, true);
    assert.equal((await connection.request({ type: 'dismiss_prototype', all: true })).success, true);
  };
  const big = 3_900_000;
  for (const id of ['a', 'b', 'c', 'd']) assert.equal((await put(id, big)).success, true, id);
  assert.equal((await put('a', big)).success, true, 'a replace counts its id once');
  const exceeding = await put('e', big);
  assert.match(exceeding.error ?? '', /would exceed 16777216 bytes/);
  await showThenDismiss();
  assert.equal((await put('e', big)).success, true, 'the dismissal emptied the store, and the caps know it');
  await connection.request({ type: 'remove_prototype_asset', id: 'e' });

  for (let index = 0; index < 20; index++) assert.equal((await put(`small${index}`, 100)).success, true);
  await showThenDismiss();
  for (let index = 0; index < 32; index++) assert.equal((await put(`new${index}`, 100)).success, true, `new${index} after the dismissal`);
  const full = await put('one-more', 100);
  assert.match(full.error ?? '', /the asset store is full \(32 assets\)/);
  assert.equal((await put('new0', 200)).success, true, 'a full store still takes a replace');
  for (let index = 0; index < 32; index++) await connection.request({ type: 'remove_prototype_asset', id: `new${index}` });
  connection.close();
});
