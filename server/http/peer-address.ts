// The address a request comes from, for the budget of unverified work (unverified-budget.ts).
// Behind a load balancer every socket comes from the balancer, so its X-Forwarded-For is
// read, but only when the socket's peer is an address the operator trusts (serve
// --trust-proxy): anyone else could write any address there and pick its own bucket.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** `::ffff:127.0.0.1` and `127.0.0.1` are one peer. */
export function normalAddress(a: string): string {
  const s = a.trim().toLowerCase();
  return s.startsWith('::ffff:') && isIP(s.slice(7)) === 4 ? s.slice(7) : s;
}

/**
 * The socket's peer; when that is a trusted proxy, the right-most address of X-Forwarded-For
 * that is not itself a trusted proxy (each proxy appends the peer it saw, so entries to the
 * left of it are the client's own words).
 */
export function peerAddress(req: IncomingMessage, trusted: ReadonlySet<string>): string {
  let peer = normalAddress(req.socket.remoteAddress ?? 'unknown');
  if (!trusted.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalAddress(hops[i]!);
    if (isIP(hop) === 0) break;
    peer = hop;
    if (!trusted.has(hop)) break;
  }
  return peer;
}

/**
 * The key a peer's share of the unverified budget is counted under (decisions §5): an IPv4
 * address, or the /64 an IPv6 address is in (one host usually holds a whole /64, so counting
 * its addresses one by one would give it 2^64 shares).
 */
export function budgetPeer(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::', 2) as [string, string?];
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const front = groups(head);
  // an embedded IPv4 tail (e.g. 64:ff9b::192.0.2.1) is two groups, and only the first four count
  const back = groups(tail).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const all = address.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front;
  return `${all
    .slice(0, 4)
    .map((g) => (g.includes('.') ? '0' : Number.parseInt(g, 16).toString(16)))
    .join(':')}::/64`;
}
