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
