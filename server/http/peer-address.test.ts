// Whose bucket a request counts in: the socket's peer, or behind a trusted proxy the address
// that proxy appended to X-Forwarded-For; nobody else's X-Forwarded-For is read.
import type { IncomingMessage } from 'node:http';
import { expect, it } from 'vitest';
import { budgetPeer, peerAddress } from './peer-address.js';

function req(remoteAddress: string, xff?: string | string[]): IncomingMessage {
  return {
    socket: { remoteAddress },
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  } as unknown as IncomingMessage;
}

const proxies = new Set(['10.0.0.5', '10.0.0.6']);

it('is the socket peer when it is not a trusted proxy, whatever X-Forwarded-For says', () => {
  expect(peerAddress(req('192.0.2.7', '198.51.100.1'), proxies)).toBe('192.0.2.7');
  expect(peerAddress(req('::ffff:192.0.2.7'), proxies)).toBe('192.0.2.7');
  expect(peerAddress(req('2001:db8::1', '198.51.100.1'), new Set())).toBe('2001:db8::1');
});

it('behind trusted proxies is the right-most address that is not one of them', () => {
  expect(peerAddress(req('10.0.0.5', '198.51.100.1'), proxies)).toBe('198.51.100.1');
  // what the client wrote itself stands left of what the proxy appended
  expect(peerAddress(req('10.0.0.5', '203.0.113.9, 198.51.100.1'), proxies)).toBe('198.51.100.1');
  expect(peerAddress(req('::ffff:10.0.0.5', '198.51.100.1, 10.0.0.6'), proxies)).toBe('198.51.100.1');
  expect(peerAddress(req('10.0.0.5', ['203.0.113.9', '198.51.100.2']), proxies)).toBe('198.51.100.2');
});

it('behind a trusted proxy without a usable X-Forwarded-For is the last trusted hop', () => {
  expect(peerAddress(req('10.0.0.5'), proxies)).toBe('10.0.0.5');
  expect(peerAddress(req('10.0.0.5', 'not-an-address'), proxies)).toBe('10.0.0.5');
  expect(peerAddress(req('10.0.0.5', '198.51.100.1, junk, 10.0.0.6'), proxies)).toBe('10.0.0.6');
});

it('counts an IPv4 peer by its address and an IPv6 peer by its /64 (decisions §5)', () => {
  expect(budgetPeer('192.0.2.7')).toBe('192.0.2.7');
  expect(budgetPeer('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  expect(budgetPeer('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
  expect(budgetPeer('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  expect(budgetPeer('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(budgetPeer('::1')).toBe('0:0:0:0::/64');
  expect(budgetPeer('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  expect(budgetPeer('unknown')).toBe('unknown');
});
