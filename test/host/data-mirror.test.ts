// The host's copy of a prototype's data, kept from change events alone, against a device channel
// backed by the real runtime: after any sequence of data writes it equals what the device's
// inspect reports (or says it is stale, when a change left its value out, until an inspect).
// And the capability gate refuses a data spec on a device without the data capabilities.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { FileRoots } from '../../src/host/file-roots.ts';
import { Host } from '../../src/host/host.ts';
import { prepareSpec } from '../../src/host/prepare.ts';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { createController, type PrototypeController } from '../../src/runtime/index.ts';
import type { PrototypeSpec } from '../../src/spec/index.ts';
import { ALL_CAPABILITIES, FakeDevice } from './fake-device.ts';

const WINDOW = { placement: { type: 'fullscreen' } };

/** A fake device whose show, tap and inspect run a real runtime controller. */
function runtimeDevice(capabilities = ALL_CAPABILITIES): { device: FakeDevice; controller: PrototypeController } {
  const device = new FakeDevice(capabilities);
  const controller = createController({
    clock: { now: () => 0, setTimeout: () => null, clearTimeout: () => {} },
    device: { dark: false },
    onEvent: (event) => device.emit(event),
  });
  device.handlers.set('show_prototype', (request) => {
    const result = controller.show((request as { spec: PrototypeSpec }).spec);
    return result.ok ? { success: true, revision: result.revision } : { success: false, error: result.message };
  });
  device.handlers.set('inspect_prototypes', () => ({ success: true, prototypes: [controller.inspect()] }));
  device.handlers.set('patch_prototype', (request) => {
    const { id, ops, baseRevision } = request as { id: string; ops: unknown; baseRevision?: number };
    const result = controller.patch(id, ops, baseRevision);
    return result.ok ? { success: true, revision: result.revision, prototypes: [controller.inspect()] } : { success: false, error: result.message, path: result.path };
  });
  return { device, controller };
}

function hostFor(device: FakeDevice): Host {
  return new Host({ prepareSpec, fileRoots: new FileRoots([process.cwd()]), launcher: { launch: async () => device } });
}

const json = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.constantFrom('a', 'b'), fc.constant(null), fc.constant({ x: 1 }), fc.constant([1, 2]));
const path = fc.constantFrom('/list', '/list/0', '/list/1', '/list/5', '/obj/a', '/obj/b', '/obj', '/missing/x');
const dataAction = fc.oneof(
  fc.record({ type: fc.constant('setData'), path, value: fc.record({ value: json }) }),
  fc.record({ type: fc.constantFrom('appendData', 'prependData'), path, value: fc.record({ value: json }), maxItems: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ type: fc.constantFrom('appendData', 'prependData'), path, value: fc.record({ data: fc.constantFrom('/list', '/big') }), spread: fc.constant(true) }),
  fc.record({ type: fc.constant('removeData'), path }),
);

const patchOp = fc.oneof(
  fc.record({ op: fc.constant('set'), path: path.map((pointer) => `/data${pointer}`), value: json }),
  fc.record({ op: fc.constantFrom('append', 'prepend'), path: path.map((pointer) => `/data${pointer}`), value: json, maxItems: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant('remove'), path: path.map((pointer) => `/data${pointer}`) }),
);
/** A person's tap on one of the buttons, or an agent's patch. */
const step = fc.oneof(fc.nat().map((tap) => ({ tap })), fc.array(patchOp, { minLength: 1, maxLength: 3 }).map((ops) => ({ ops })));

function specWith(buttons: unknown[][]): Record<string, unknown> {
  return {
    id: 'mirror',
    window: WINDOW,
    data: { list: [1, 2], obj: { a: 1 }, big: [Array.from({ length: 600 }, (_, i) => `row ${i}`)] },
    root: { type: 'column', children: buttons.map((onTap, index) => ({ type: 'button', label: `b${index}`, onTap })) },
  };
}

test('property: after any data writes and patches the host\'s copy of the data is the device\'s, or says it is stale', async () => {
  const seen = { mirrored: 0, stale: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(fc.array(dataAction, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), fc.array(step, { maxLength: 12 }), async (buttons, steps) => {
      const { device, controller } = runtimeDevice();
      const host = hostFor(device);
      const shown = await host.show({ spec: specWith(buttons) });
      assert.ok(shown.success, JSON.stringify(shown));
      for (const next of steps) {
        if ('tap' in next) controller.interact({ type: 'tap', key: `root.children[${next.tap % buttons.length}]` });
        else await host.patch({ id: 'mirror', ops: next.ops });
      }
      const entry = host.status().prototypes[0]!;
      const reported = controller.inspect()!;
      if (!entry.dataStale) assert.deepEqual(entry.data, reported.data);
      if (entry.dataStale) seen.stale++;
      else if (reported.revision > 1) seen.mirrored++;
      const inspected = await host.inspect();
      assert.ok(inspected.success);
      const refreshed = host.status().prototypes[0]!;
      assert.deepEqual([refreshed.data, refreshed.revision, refreshed.dataStale], [reported.data, reported.revision, undefined]);
    }),
    // The random runs rarely hit a write too large to mirror: one example always does.
    { numRuns: 150, examples: [[[[{ type: 'appendData', path: '/list', value: { data: '/big' }, spread: true }]], [{ tap: 0 }]]] },
  );
  assert.ok(seen.mirrored > 20 && seen.stale > 0, `both cases were met: ${JSON.stringify(seen)}`);
});

test('a show reports the revision, and a data change moves the status revision and data', async () => {
  const { device, controller } = runtimeDevice();
  const host = hostFor(device);
  const spec = specWith([[{ type: 'setData', path: '/obj/a', value: { value: 2 } }]]);
  const first = await host.show({ spec });
  const again = await host.show({ spec });
  assert.deepEqual([first.success && first.revision, again.success && again.revision], [1, 2]);
  controller.interact({ type: 'tap', key: 'root.children[0]' });
  const entry = host.status().prototypes[0]!;
  assert.deepEqual([entry.revision, entry.data], [3, { list: [1, 2], obj: { a: 2 }, big: (spec.data as { big: unknown }).big }]);
});

test('the gate refuses data and data actions on a device without them, at their paths, before sending', async () => {
  const withoutActions = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.dataActions)).device;
  const refused = await hostFor(withoutActions).show({ spec: specWith([[{ type: 'removeData', path: '/obj/a' }]]) });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.dataActions)], ['root.children[0].onTap[0]', true]);
  const withoutModel = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.dataModel)).device;
  const noModel = await hostFor(withoutModel).show({ spec: specWith([[{ type: 'emit', name: 'x' }]]) });
  assert.ok(!noModel.success);
  assert.deepEqual([noModel.path, noModel.error.includes(CAPABILITIES.dataModel)], ['data', true]);
  assert.deepEqual([withoutActions.requests, withoutModel.requests], [[], []]);
});

test('patch: refused on a device without prototype_patch_v1, or when the host can already tell it is wrong, before sending', async () => {
  const noPatch = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.patch)).device;
  const host = hostFor(noPatch);
  assert.ok((await host.show({ spec: specWith([[{ type: 'emit', name: 'x' }]]) })).success);
  const refused = await host.patch({ id: 'mirror', ops: [{ op: 'remove', path: '/data/list/0' }] });
  assert.ok(!refused.success && refused.error.includes(CAPABILITIES.patch));
  const { device } = runtimeDevice();
  const patching = hostFor(device);
  assert.ok((await patching.show({ spec: specWith([[{ type: 'emit', name: 'x' }]]) })).success);
  const unknownId = await patching.patch({ id: 'other', ops: [{ op: 'remove', path: '/data/list/0' }] });
  assert.ok(!unknownId.success && unknownId.path === 'id');
  const invalid = await patching.patch({ id: 'mirror', ops: [{ op: 'replaceNode', id: 'none', node: { type: 'spacer' } }] });
  assert.ok(!invalid.success && invalid.path === 'ops[0].id');
  assert.deepEqual([noPatch.requestTypes().filter((type) => type === 'patch_prototype'), device.requestTypes().filter((type) => type === 'patch_prototype')], [[], []]);
  const applied = await patching.patch({ id: 'mirror', ops: [{ op: 'remove', path: '/data/list/0' }] });
  assert.ok(applied.success && applied.revision === 2);
  assert.deepEqual(patching.status().prototypes[0]!.data!.list, [2], 'status adopts the patched prototype the device reports');
});

test('timers: a spec with onAppear and advanceClock are refused on a device without prototype_timers_v1', async () => {
  const noTimers = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.timers)).device;
  const host = hostFor(noTimers);
  const spec = { id: 't', window: WINDOW, root: { type: 'column', onAppear: [{ type: 'emit', name: 'shown' }], children: [] } };
  const refused = await host.show({ spec });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.timers)], ['root.onAppear', true]);
  assert.ok((await host.show({ spec: specWith([[{ type: 'emit', name: 'x' }]]) })).success);
  const advance = await host.advanceClock({ ms: 100 });
  assert.ok(!advance.success && advance.error.includes(CAPABILITIES.timers));
  assert.deepEqual(noTimers.requestTypes().filter((type) => type === 'advance_prototype_clock'), []);
});

test('storage: a spec with a storage block and clearStorage are refused on a device without prototype_storage_v1', async () => {
  const noStorage = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.storage)).device;
  const host = hostFor(noStorage);
  const refused = await host.show({ spec: { ...specWith([[{ type: 'emit', name: 'x' }]]), state: { k: 1 }, storage: { version: 1, keys: ['k'] } } });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.storage)], ['storage', true]);
  const clear = await host.clearStorage({ id: 'mirror' });
  assert.ok(!clear.success && clear.error.includes(CAPABILITIES.storage));
  assert.deepEqual(noStorage.requestTypes(), []);
});
