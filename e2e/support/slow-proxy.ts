// A loopback TCP proxy that forwards app→exchange bytes at a limited rate, so an upload is still
// in flight when the test stops the exchange behind it. It forwards each new connection to the
// target port, so an exchange restarted on that port is reached again.
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface SlowProxy {
  readonly port: number;
  /** Changes the rate for the bytes still to come. */
  setRate(bytesPerSecond: number): void;
  close(): Promise<void>;
}

export async function startSlowProxy(targetPort: number, bytesPerSecond: number): Promise<SlowProxy> {
  const sockets = new Set<Socket>();
  let rate = bytesPerSecond;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      // Hold the next chunk back for as long as this one "takes" at the limited rate.
      client.pause();
      setTimeout(() => client.resume(), Math.ceil((chunk.length / rate) * 1000));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    setRate: (next) => {
      rate = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
