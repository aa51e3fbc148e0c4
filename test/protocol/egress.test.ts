/**
 * The destination policy (seeds/001 "Destination policy"): every class of refused destination,
 * what stays permitted, ambiguous spellings, and the origins a person may open by flag.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AllowedOrigins, allowedOriginsFrom, checkAddress, checkAnswers, checkUrl, parseAllowedOrigin } from '../../src/protocol/egress.ts';

const none = new AllowedOrigins();
const urlVerdict = (text: string, allowed = none) => checkUrl(new URL(text), text, allowed);

test('loopback, unspecified, link-local, broadcast, multicast and emulator host addresses are refused, however written', () => {
  for (const address of ['127.0.0.1', '127.8.9.10', '::1', '0.0.0.0', '::', '169.254.169.254', 'fe80::1', '255.255.255.255', '224.0.0.251', 'ff02::1', '10.0.2.2', '10.0.3.2', '::ffff:127.0.0.1', '::ffff:169.254.1.1']) {
    const verdict = checkAddress(address, 443);
    assert.equal(verdict.ok, false, address);
  }
});

test('private addresses are permitted except on the daemon ports; public ones always', () => {
  for (const port of [3000, 3005, 3010, 8765]) {
    assert.equal(checkAddress('192.168.1.10', port).ok, false, `192.168.1.10:${port}`);
    assert.equal(checkAddress('10.1.2.3', port).ok, false, `10.1.2.3:${port}`);
    assert.equal(checkAddress('172.16.0.5', port).ok, false, `172.16.0.5:${port}`);
    assert.equal(checkAddress('fd12::1', port).ok, false, `[fd12::1]:${port}`);
    assert.equal(checkAddress('93.184.216.34', port).ok, true, `public :${port}`);
  }
  for (const port of [80, 443, 2999, 3011, 8080, 8764, 8766]) assert.equal(checkAddress('192.168.1.10', port).ok, true, `192.168.1.10:${port}`);
  assert.equal(checkAddress('2606:4700::1111', 443).ok, true);
});

test('localhost and *.localhost names are refused before any lookup, with or without a trailing dot', () => {
  for (const url of ['http://localhost/', 'https://LOCALHOST:8443/x', 'http://api.localhost/', 'http://localhost./']) {
    const verdict = urlVerdict(url);
    assert.equal(verdict.ok, false, url);
  }
  assert.equal(urlVerdict('https://localhost.example.com/').ok, true);
});

test('an address spelled ambiguously is refused even where its plain spelling would pass', () => {
  // 93.184.216.34 written as one number, in hex, in octal, in three parts and percent-encoded.
  for (const url of ['http://1572395042/', 'http://0x5d.0xb8.0xd8.0x22/', 'http://0135.0270.0330.042/', 'http://93.184.55330/', 'http://%39%33.184.216.34/']) {
    const verdict = urlVerdict(url);
    assert.equal(verdict.ok, false, url);
    if (!verdict.ok) assert.match(verdict.reason, /ambiguous/);
  }
  assert.equal(urlVerdict('http://93.184.216.34/').ok, true);
  // A loopback address in short form is refused for its spelling and would be for its class anyway.
  assert.equal(urlVerdict('http://127.1/').ok, false);
  assert.equal(urlVerdict('http://2130706433/').ok, false);
  assert.equal(urlVerdict('http://[::1]:8080/').ok, false);
});

test('a name is refused when it has no answer or any refused answer', () => {
  assert.equal(checkAnswers('api.test', [], 443).ok, false);
  assert.equal(checkAnswers('api.test', ['93.184.216.34'], 443).ok, true);
  const rebinding = checkAnswers('api.test', ['93.184.216.34', '127.0.0.1'], 443);
  assert.equal(rebinding.ok, false);
  if (!rebinding.ok) assert.match(rebinding.reason, /api\.test resolves to 127\.0\.0\.1/);
  assert.equal(checkAnswers('nas.test', ['192.168.1.20'], 3000).ok, false);
  assert.equal(checkAnswers('nas.test', ['192.168.1.20'], 8080).ok, true);
});

test('only http and https are sent', () => {
  assert.equal(urlVerdict('ftp://example.com/').ok, false);
  assert.equal(urlVerdict('file:///etc/passwd').ok, false);
});

test('an opened origin passes exactly: scheme, host and port', () => {
  const allowed = new AllowedOrigins(['http://127.0.0.1:8080']);
  assert.equal(urlVerdict('http://127.0.0.1:8080/feed?x=1', allowed).ok, true);
  assert.equal(urlVerdict('http://127.0.0.1:8081/feed', allowed).ok, false);
  assert.equal(urlVerdict('https://127.0.0.1:8080/feed', allowed).ok, false);
  assert.equal(urlVerdict('http://localhost:8080/feed', allowed).ok, false);
});

test('--allow-request-origin takes origins only, normalized, and says what is wrong with anything else', () => {
  assert.deepEqual(parseAllowedOrigin('http://127.0.0.1:8080'), { origin: 'http://127.0.0.1:8080' });
  assert.deepEqual(parseAllowedOrigin('HTTP://Example.COM:80/'), { origin: 'http://example.com' });
  for (const bad of ['127.0.0.1:8080', 'http://127.0.0.1:8080/feed', 'http://user@127.0.0.1:8080', 'ftp://example.com', 'http://127.0.0.1:8080?x']) {
    const parsed = parseAllowedOrigin(bad);
    assert.ok('error' in parsed, bad);
  }
  const list = allowedOriginsFrom(['http://127.0.0.1:8080', 'nope']);
  assert.ok('error' in list && list.error.startsWith('--allow-request-origin:'));
  const fine = allowedOriginsFrom(['http://127.0.0.1:8080']);
  assert.ok(fine instanceof AllowedOrigins && fine.list.length === 1);
});
