// A loopback TCP proxy that drops connections on cue: a rule cuts a connection once it has
// carried more than some bytes upstream (request) or downstream (response). Rules are used
// up one connection at a time, so "cut the first two uploads, let the third through" is one
// list. Works below HTTP, so the client sees a real reset mid-body.
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface CutRule {
  /** Cut once the client has sent more than this many bytes on the connection. */
  readonly upstreamAfter?: number;
  /** Cut once the server has sent more than this many bytes on the connection. */
  readonly downstreamAfter?: number;
  /** Only for connections that have already sent at least this much upstream (e.g. an upload's response). */
  readonly whenUpstreamAtLeast?: number;
}

export interface CutProxy {
  readonly port: number;
  readonly url: string;
  /** Rules still waiting for a connection to cut. */
  readonly pending: number;
  /** Connections cut so far. */
  readonly cuts: number;
  setRules(rules: CutRule[]): void;
  close(): Promise<void>;
}

export async function startCutProxy(targetPort: number): Promise<CutProxy> {
  let rules: CutRule[] = [];
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server = createServer((down) => {
    const up = connect({ host: '127.0.0.1', port: targetPort });
    sockets.add(down);
    sockets.add(up);
    let sent = 0;
    let received = 0;
    let rule: CutRule | undefined;
    const cut = (): void => {
      cuts++;
      if (rule) rules = rules.filter((r) => r !== rule);
      rule = undefined;
      // a reset, as a dropped network gives, not a polite FIN
      down.resetAndDestroy();
      up.resetAndDestroy();
    };
    const claim = (): CutRule | undefined => {
      // one rule per connection; it stays with the connection until it fires
      if (!rule)
        rule = rules.find(
          (r) => !claimed.has(r) && (r.whenUpstreamAtLeast === undefined || sent >= r.whenUpstreamAtLeast),
        );
      if (rule) claimed.add(rule);
      return rule;
    };
    down.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      const r = claim();
      if (r?.upstreamAfter !== undefined && sent > r.upstreamAfter) {
        const room = chunk.length - (sent - r.upstreamAfter);
        if (room > 0) up.write(chunk.subarray(0, room));
        return cut();
      }
      if (!up.write(chunk)) down.pause();
    });
    up.on('drain', () => down.resume());
    up.on('data', (chunk: Buffer) => {
      received += chunk.length;
      const r = claim();
      if (r?.downstreamAfter !== undefined && received > r.downstreamAfter) {
        const room = chunk.length - (received - r.downstreamAfter);
        if (room > 0) down.write(chunk.subarray(0, room));
        // let the partial bytes reach the client before the reset
        setImmediate(cut);
        up.pause();
        return;
      }
      if (!down.write(chunk)) up.pause();
    });
    down.on('drain', () => up.resume());
    const end = (): void => {
      down.destroy();
      up.destroy();
    };
    down.on('close', () => {
      sockets.delete(down);
      if (rule) claimed.delete(rule);
      end();
    });
    up.on('close', () => {
      sockets.delete(up);
      end();
    });
    down.on('error', () => undefined);
    up.on('error', () => undefined);
  });
  const claimed = new Set<CutRule>();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://localhost:${port}`,
    get pending() {
      return rules.length;
    },
    get cuts() {
      return cuts;
    },
    setRules(r) {
      rules = [...r];
      claimed.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
