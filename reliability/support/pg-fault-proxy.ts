// A loopback TCP proxy between a server and PostgreSQL that fails on cue: it freezes (forwards
// nothing either way and closes nothing, as a partitioned network or a frozen host).
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface FaultProxy {
  readonly port: number;
  /** Bytes arriving from now on are dropped, in both directions. */
  freeze(): void;
  /** Bytes arriving from now on are forwarded again. */
  thaw(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((down) => {
    const up = connect(targetPort, '127.0.0.1');
    for (const s of [down, up]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        down.destroy();
        up.destroy();
      });
    }
    down.on('data', (b: Buffer) => frozen || up.write(b));
    up.on('data', (b: Buffer) => frozen || down.write(b));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => (frozen = true),
    thaw: () => (frozen = false),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
