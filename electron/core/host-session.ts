// The browser host's sign-in: the URL it prints and launches carries a one-time code (in the
// fragment, so it never reaches a server log or a Referer). The page trades it once for a
// session held in an HttpOnly, SameSite=Strict cookie that scripts cannot read; the code is
// then spent, so a copy of the URL (shell history, a screenshot, another local user reading
// the launched browser's command line) opens nothing.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class HostSessions {
  readonly code = randomBytes(32).toString('hex');
  private spent = false;
  private readonly ids = new Set<string>();

  /** Cookies are not kept apart by port: the name carries it, so two hosts never mix. */
  constructor(readonly cookieName: string) {}

  /** A new session id for the right, unspent code; undefined otherwise (and the code stays spent). */
  exchange(given: unknown): string | undefined {
    if (this.spent || typeof given !== 'string' || !same(given, this.code)) return undefined;
    this.spent = true;
    const id = randomBytes(32).toString('hex');
    this.ids.add(id);
    return id;
  }

  setCookie(id: string): string {
    return `${this.cookieName}=${id}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** Whether the request carries a session this host issued. */
  holds(req: Pick<IncomingMessage, 'headers'>): boolean {
    const header = req.headers.cookie ?? '';
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0 || part.slice(0, eq).trim() !== this.cookieName) continue;
      const value = part.slice(eq + 1).trim();
      if (/^[0-9a-f]{64}$/.test(value) && this.ids.has(value)) return true;
    }
    return false;
  }
}
