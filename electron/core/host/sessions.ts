// The browser host's sign-in: the URL it prints (and the launch file it opens the browser on)
// carries a one-time code in the fragment, so it never reaches a server log or a Referer. The
// page trades it once for the run's only session: an HttpOnly, SameSite=Strict cookie plus a
// secret the page keeps in sessionStorage and sends on every request (shared/ipc/host-auth.ts).
// Cookies ignore ports, so a page of another local program on 127.0.0.1 receives the cookie;
// it never sees the secret, and the cookie alone opens nothing. The code is then spent.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SECRET_HEADER, SECRET_PROTOCOL_PREFIX } from '../../../shared/ipc/host-auth.js';

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const HEX64 = /^[0-9a-f]{64}$/;

interface Session {
  readonly id: string;
  readonly secret: string;
}

type Request = Pick<IncomingMessage, 'headers'>;

export class HostSessions {
  readonly code = randomBytes(32).toString('hex');
  /** The session that redeemed the code: the only one this run ever has. */
  private session: Session | undefined;

  /** Cookies are not kept apart by port: the name carries it, so two hosts never mix. */
  constructor(readonly cookieName: string) {}

  get codeSpent(): boolean {
    return this.session !== undefined;
  }

  /** The session for the right, unspent code; undefined otherwise (and the code stays spent). */
  exchange(given: unknown): Session | undefined {
    if (this.session || typeof given !== 'string' || !same(given, this.code)) return undefined;
    this.session = { id: randomBytes(32).toString('hex'), secret: randomBytes(32).toString('hex') };
    return this.session;
  }

  setCookie(id: string): string {
    return `${this.cookieName}=${id}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** The request carries the session's cookie (enough only for a one-time download URL). */
  holdsCookie(req: Request): boolean {
    const session = this.session;
    if (!session) return false;
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0 || part.slice(0, eq).trim() !== this.cookieName) continue;
      const value = part.slice(eq + 1).trim();
      if (HEX64.test(value) && same(value, session.id)) return true;
    }
    return false;
  }

  /** The request carries the cookie and the secret (a header, or a subprotocol on the event socket). */
  holds(req: Request): boolean {
    const session = this.session;
    if (!session || !this.holdsCookie(req)) return false;
    const header = req.headers[SECRET_HEADER];
    const offered = typeof header === 'string' ? [header] : secretsOffered(req);
    return offered.some((s) => HEX64.test(s) && same(s, session.secret));
  }
}

function secretsOffered(req: Request): string[] {
  const protocols = req.headers['sec-websocket-protocol'];
  if (typeof protocols !== 'string') return [];
  return protocols
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.startsWith(SECRET_PROTOCOL_PREFIX))
    .map((p) => p.slice(SECRET_PROTOCOL_PREFIX.length));
}
