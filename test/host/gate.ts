/**
 * The capability gate as tests meet it: a device channel backed by the real runtime, advertising
 * what a test chooses, and the check that a spec is refused without one capability.
 */
import assert from 'node:assert/strict';
import { FileRoots } from '../../src/host/file-roots.ts';
import { Host } from '../../src/host/host.ts';
import { prepareSpec } from '../../src/host/prepare.ts';
import { createController, type PrototypeController } from '../../src/runtime/index.ts';
import type { PrototypeSpec } from '../../src/spec/index.ts';
import { ALL_CAPABILITIES, FakeDevice } from './fake-device.ts';

export function runtimeDevice(capabilities = ALL_CAPABILITIES): FakeDevice & { controller: PrototypeController } {
  const device = Object.assign(new FakeDevice(capabilities), { controller: null as unknown as PrototypeController });
  const controller = createController({ clock: { now: () => 0, setTimeout: () => null, clearTimeout: () => {} }, device: { dark: false }, onEvent: (event) => device.emit(event) });
  device.handlers.set('show_prototype', (request) => {
    const result = controller.show((request as { spec: PrototypeSpec }).spec);
    return result.ok ? { success: true, revision: result.revision } : { success: false, error: result.message };
  });
  device.handlers.set('press_back', () => {
    const result = controller.back();
    return result.ok ? { success: true, back: result.back, lastSequence: controller.inspect()?.lastSequence ?? 0 } : { success: false, error: result.reason };
  });
  device.controller = controller;
  return device;
}

export const hostFor = (device: FakeDevice) => new Host({ prepareSpec, fileRoots: new FileRoots([process.cwd()]), launcher: { launch: async () => device } });

/** A device without `capability` refuses `spec` at `path`, naming the capability, and is sent nothing. */
export async function assertRefusedWithout(capability: string, spec: unknown, path: string): Promise<void> {
  const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== capability));
  const refused = await hostFor(device).show({ spec });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(capability)], [path, true]);
  assert.deepEqual(device.requests, []);
}
