// Protostage's own app logic in Chromium: a button enabledWhen disables is drawn in Material 3's
// disabled look, reported disabled, refused by tapOn with its condition, and follows what is typed;
// an if action branches as the person's input decides.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byTag, pageOf, useDevice, validSpec } from './helpers.ts';

const device = useDevice();

const SIGN_IN = validSpec({
  id: 'sign-in-logic', window: { placement: { type: 'fullscreen' } }, state: { email: '', password: '' },
  root: { type: 'column', style: { width: 'fill', height: 'fill', background: 'surface', padding: { start: 16, end: 16, top: 16 }, spacing: 12 }, children: [
    { type: 'textField', stateKey: 'email', testTag: 'email', label: 'Email' },
    { type: 'textField', stateKey: 'password', testTag: 'password', label: 'Password', secure: true },
    { type: 'button', label: 'Sign in', testTag: 'sign_in', enabledWhen: { all: [{ key: 'email', notEquals: '' }, { key: 'password', notEquals: '' }] },
      onTap: [{ type: 'if', when: { key: 'password', equals: 'secret' }, then: [{ type: 'emit', name: 'signed_in' }], else: [{ type: 'emit', name: 'wrong_password' }] }] },
  ] },
});

test('enabledWhen: drawn disabled, reported disabled, refused with its condition; typing enables it, and the if action picks the branch', async () => {
  const { device: phone, log } = device();
  await phone.show(SIGN_IN, { reset: true });
  const before = (await phone.observe()).hierarchy;
  assert.equal(byTag(before, 'sign_in').enabled, false);
  const look = await pageOf(phone).evaluate(() => {
    const button = document.querySelector('[data-testid="sign_in"]')!;
    const probe = document.createElement('div');
    probe.style.color = 'color-mix(in srgb, var(--md-sys-color-on-surface) 12%, transparent)';
    button.parentElement!.appendChild(probe);
    const expected = getComputedStyle(probe).color;
    probe.remove();
    return { background: getComputedStyle(button).backgroundColor, expected };
  });
  assert.equal(look.background, look.expected, 'the container is onSurface at 12%');
  const since = log.events.length;
  const refused = await phone.tap({ testTag: 'sign_in' });
  assert.ok(!refused.ok);
  assert.match(refused.message, /testTag "sign_in" is disabled: its enabledWhen \{"all":\[\{"key":"email","notEquals":""\}/);
  assert.ok((await phone.type('ada@example.com', 'email')).ok);
  assert.ok((await phone.type('guess', 'password')).ok);
  await phone.settled();
  assert.equal(byTag((await phone.observe()).hierarchy, 'sign_in').enabled, true, 'it follows the state live');
  assert.ok((await phone.tap({ testTag: 'sign_in' })).ok);
  assert.equal((await log.next((event) => event.kind === 'emit', since)).name, 'wrong_password');
});

const TRANSIENT = validSpec({
  id: 'transient', window: { placement: { type: 'fullscreen' } }, state: { n: 0, toast: true },
  root: { type: 'column', style: { width: 'fill', height: 'fill', background: 'surface' },
    onAppear: [{ type: 'startTimer', id: 'tick', afterMs: 500, onFire: [{ type: 'increment', key: 'n' }] }],
    children: [
      { type: 'text', testTag: 'count', text: 'Ticks {n}' },
      { type: 'snackbar', testTag: 'toast', openWhen: { key: 'toast', equals: true }, text: 'Saved', durationMs: 1_000 },
    ] },
});

test('a paused clock holds the timers, the snackbar and its animation; advanceClock moves them on and running again lets them go', async () => {
  const { device: phone } = device();
  await phone.configure({ clock: 'paused' });
  assert.equal(phone.report().clock, 'paused');
  await phone.show(TRANSIENT, { reset: true });
  const running = () => pageOf(phone).evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length);
  assert.equal(await running(), 0, 'no animation runs on the paused clock');
  // Real time passes well beyond every due time; the paused clock lets none fall due.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const held = (await phone.observe()).hierarchy;
  assert.equal(byTag(held, 'count').text, 'Ticks 0');
  assert.ok(held.some((node) => node.testTag === 'toast'), 'the snackbar is still there to look at');

  assert.deepEqual(await phone.advanceClock(600), { ok: true, fired: 1 });
  await phone.settled();
  const ticked = (await phone.observe()).hierarchy;
  assert.equal(byTag(ticked, 'count').text, 'Ticks 1');
  assert.ok(ticked.some((node) => node.testTag === 'toast'));

  assert.deepEqual(await phone.advanceClock(1_000), { ok: true, fired: 0 });
  await phone.settled();
  assert.ok(!(await phone.observe()).hierarchy.some((node) => node.testTag === 'toast'), 'past its duration the snackbar and its exit are gone');

  await phone.configure({ clock: 'running' });
  assert.equal(phone.report().clock, 'running');
  await phone.show({ ...(TRANSIENT as object), id: 'transient-again' }, { reset: true });
  await pageOf(phone).waitForFunction(() => document.querySelector('[data-testid="count"]')?.textContent === 'Ticks 1');
});
