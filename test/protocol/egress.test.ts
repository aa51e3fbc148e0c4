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

test('an IPv6 address that carries a refused IPv4 address is judged as that address, in a URL and in a DNS answer', () => {
  const carried: Array<[string, RegExp]> = [
    ['::127.0.0.1', /carries 127\.0\.0\.1 \(IPv4-compatible\): 127\.0\.0\.1 is a loopback address/],
    ['::ffff:0:127.0.0.1', /carries 127\.0\.0\.1 \(IPv4-translated\)/],
    ['64:ff9b::127.0.0.1', /carries 127\.0\.0\.1 \(NAT64, 64:ff9b::\/96\)/],
    ['64:ff9b::a9fe:a9fe', /carries 169\.254\.169\.254 \(NAT64, 64:ff9b::\/96\): 169\.254\.169\.254 is a link-local address/],
    ['2002:7f00:1::', /carries 127\.0\.0\.1 \(6to4\)/],
    ['2002:a9fe:a9fe::', /carries 169\.254\.169\.254 \(6to4\)/],
    // Teredo: server 65.54.227.120, client 127.0.0.1 stored inverted (80ff:fffe).
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', /carries 127\.0\.0\.1 \(Teredo client\)/],
    ['2001:0:7f00:1:8000:63bf:a3b3:1ef6', /carries 127\.0\.0\.1 \(Teredo server\)/],
    ['64:ff9b::a00:202', /carries 10\.0\.2\.2 \(NAT64, 64:ff9b::\/96\): 10\.0\.2\.2 is an emulator's alias/],
    ['64:ff9b:1::7f00:1', /cannot be judged/],
  ];
  for (const [address, reason] of carried) {
    const inUrl = urlVerdict(`http://[${address}]/`);
    assert.equal(!inUrl.ok && reason.test(inUrl.reason), true, `${address}: ${JSON.stringify(inUrl)}`);
    assert.equal(checkAnswers('sneaky.test', [address], 443).ok, false, `${address} as a DNS answer`);
  }
  // A carried address is judged like itself: public passes, private only off the daemon ports.
  assert.equal(urlVerdict('http://[64:ff9b::5db8:d822]/').ok, true, 'NAT64 of 93.184.216.34');
  assert.equal(urlVerdict('http://[2002:5db8:d822::1]/').ok, true, '6to4 of 93.184.216.34');
  assert.equal(urlVerdict('http://[::ffff:0:c0a8:10a]:8080/').ok, true, 'IPv4-translated 192.168.1.10 off the daemon ports');
  assert.equal(urlVerdict('http://[::ffff:0:c0a8:10a]:3000/').ok, false, 'IPv4-translated 192.168.1.10 on a daemon port');
  assert.equal(urlVerdict('http://[2606:4700::1111]/').ok, true);
});

test("the machine's own addresses are refused in a URL and in a DNS answer, however spelled; an opened origin is the way in", () => {
  const machine = new Set(['192.0.2.2', 'fd00::2']);
  const refusedUrl = checkUrl(new URL('http://192.0.2.2:8080/'), 'http://192.0.2.2:8080/', none, machine);
  assert.equal(!refusedUrl.ok && refusedUrl.reason, '192.0.2.2 is an address of this machine');
  assert.equal(checkUrl(new URL('http://[fd00:0::2]/'), 'http://[fd00:0::2]/', none, machine).ok, false);
  assert.equal(checkUrl(new URL('http://[::ffff:192.0.2.2]/'), 'http://[::ffff:192.0.2.2]/', none, machine).ok, false);
  assert.equal(checkUrl(new URL('http://[64:ff9b::c000:202]/'), 'http://[64:ff9b::c000:202]/', none, machine).ok, false, 'NAT64 of an own address');
  const answer = checkAnswers('me.test', ['93.184.216.34', '192.0.2.2'], 443, machine);
  assert.equal(!answer.ok && answer.reason, 'me.test resolves to 192.0.2.2: 192.0.2.2 is an address of this machine');
  assert.equal(checkUrl(new URL('http://192.0.2.3:8080/'), 'http://192.0.2.3:8080/', none, machine).ok, true, 'a neighbour is not this machine');
  assert.equal(checkUrl(new URL('http://192.0.2.2:8080/'), 'http://192.0.2.2:8080/', new AllowedOrigins(['http://192.0.2.2:8080']), machine).ok, true);
});
