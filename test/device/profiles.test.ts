import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEVICE_PROFILES, oriented, parseDeviceProfile } from '../../src/device/profiles.ts';
import { deviceSettingsArgs, deviceSetupFrom } from '../../src/device/device-flags.ts';

const parsed = (text: string) => {
  const profile = parseDeviceProfile(text);
  assert.ok(!('error' in profile), `"${text}" parses`);
  return profile;
};

test('the catalogue has the phones, a foldable, a tablet and a desktop window, each with its size in dp', () => {
  const sizes = Object.fromEntries(Object.values(DEVICE_PROFILES).map((profile) => [profile.name, `${profile.width}x${profile.height}`]));
  assert.deepEqual(sizes, { 'compact-phone': '360x800', phone: '412x915', 'large-phone': '430x932', foldable: '701x841', tablet: '1280x800', desktop: '1440x900' });
  assert.equal(DEVICE_PROFILES.desktop!.keyboardHeight, 0, 'a desktop window types on a hardware keyboard');
  assert.equal(DEVICE_PROFILES.desktop!.systemBars.top, 0, 'and has no status bar');
  assert.ok(DEVICE_PROFILES.phone!.cutout.top > 0, 'a phone has a camera cutout');
});

test('a custom size is WIDTHxHEIGHT in dp, or pixels at a density', () => {
  assert.deepEqual([parsed('390x844').width, parsed('390x844').height, parsed('390x844').density], [390, 844, 1]);
  const pixels = parsed('1080x2400@2.625');
  assert.deepEqual([pixels.width, pixels.height, pixels.density], [411, 914, 2.625]);
  assert.equal(parsed('800x1280').keyboardHeight, 320, 'a tablet-sized screen gets a tablet keyboard');
});

test('a bad profile says what is accepted', () => {
  for (const [text, expected] of [
    ['watch', /neither a device profile \(compact-phone 360×800, .*\) nor a size/],
    ['100x100', /100×100 dp; each side must be from 200 to 4096 dp/],
    ['1080x2400@9', /density .* must be from 0\.75 to 5/],
    ['412×915', /neither a device profile/],
  ] as const) {
    const profile = parseDeviceProfile(text);
    assert.ok('error' in profile, text);
    assert.match(profile.error, expected);
  }
});

test('turning a phone to landscape swaps its sides, moves the camera to the start edge and shortens the keyboard; turning back restores it', () => {
  const phone = DEVICE_PROFILES.phone!;
  const landscape = oriented(phone, 'landscape');
  assert.deepEqual([landscape.width, landscape.height], [915, 412]);
  assert.deepEqual(landscape.cutout, { top: 0, bottom: 0, start: 24, end: 0 });
  assert.deepEqual(landscape.systemBars, phone.systemBars, 'the status bar stays on top, the gesture area at the bottom');
  assert.equal(landscape.keyboardHeight, 206);
  assert.equal(oriented(phone, 'portrait'), phone, 'already portrait');
  assert.deepEqual(oriented(landscape, 'portrait').cutout, phone.cutout);
  const tablet = oriented(DEVICE_PROFILES.tablet!, 'portrait');
  assert.deepEqual([tablet.width, tablet.height], [800, 1280]);
});

test('the device flags: --device (or --profile) with a size, the orientation, and the settings; each bad one named', () => {
  const setup = deviceSetupFrom({ device: '390x844', orientation: 'landscape', dark: true, 'font-scale': '2' });
  assert.ok(!('error' in setup));
  assert.deepEqual([setup.profile.name, setup.orientation, setup.dark, setup.rtl, setup.fontScale, setup.reducedMotion], ['390x844', 'landscape', true, false, 2, false]);
  assert.deepEqual(deviceSettingsArgs(setup), ['--orientation', 'landscape', '--dark', '--font-scale', '2']);
  const alias = deviceSetupFrom({ profile: 'tablet' });
  assert.ok(!('error' in alias) && alias.profile.name === 'tablet');
  for (const [values, expected] of [
    [{ device: 'watch' }, /^--device: "watch" is neither/],
    [{ device: 'phone', profile: 'tablet' }, /same flag; give one/],
    [{ orientation: 'sideways' }, /--orientation must be portrait or landscape, not "sideways"/],
    [{ 'font-scale': '9' }, /--font-scale must be a number from 0\.5 to 3, not "9"/],
  ] as const) {
    const result = deviceSetupFrom(values);
    assert.ok('error' in result);
    assert.match(result.error, expected);
  }
});
