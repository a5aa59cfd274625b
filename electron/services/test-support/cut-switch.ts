// A loopback TCP proxy the exchange fixture can put in front of its exchange, so a test can make
// the exchange unreachable without giving up its port: while cut, a request (all of them, or those
// whose request line matches) has its connection reset, as a dropped network does, and the
// client sees ECONNRESET (a NetworkError). The port stays the proxy's for the fixture's life, so
// no other listener can take it between "down" and "up". Below HTTP, so it changes nothing else
// (streamed bodies, 100-continue), unlike tamper-proxy.ts, which buffers answers to rewrite them;
// reliability/support/cut-proxy.ts cuts by bytes carried, for uploads; this one cuts by request.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface CutSwitch {
  readonly port: number;
  /** Connections reset so far. */
  readonly cuts: number;
  /** Resets every request from now on, or those whose request line (`GET /path HTTP/1.1`) `match` takes. */
  cut(match?: (requestLine: string) => boolean): void;
  uncut(): void;
  close(): Promise<void>;
}

const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.[01]$/gm;

export async function startCutSwitch(targetPort: number): Promise<CutSwitch> {
  let match: ((requestLine: string) => boolean) | undefined;
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server = createServer((down) => {
    const up = connect({ host: '127.0.0.1', port: targetPort });
    for (const s of [down, up]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    const reset = (): void => {
      down.resetAndDestroy();
      up.destroy();
    };
    down.on('data', (chunk: Buffer) => {
      // a request's head comes in one chunk on loopback: its request line decides
      const lines = match ? (chunk.toString('latin1').replace(/\r/g, '').match(REQUEST_LINE) ?? []) : [];
      if (match && lines.some(match)) {
        cuts++;
        return reset();
      }
      if (!up.write(chunk)) down.pause();
    });
    up.on('drain', () => down.resume());
    up.on('data', (chunk: Buffer) => {
      if (!down.write(chunk)) up.pause();
    });
    down.on('drain', () => up.resume());
    down.on('close', () => up.destroy());
    up.on('close', () => down.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get cuts() {
      return cuts;
    },
    cut(m = () => true) {
      match = m;
    },
    uncut() {
      match = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
