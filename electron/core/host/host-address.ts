// The loopback addresses the browser host answers as, known once it listens: a request's Host
// must name one (refuses DNS-rebinding names) and a call's Origin must be one (other pages).
import type { IncomingMessage } from 'node:http';

export class HostAddress {
  readonly origin: string;
  /** This port on 127.0.0.1 and on localhost. */
  readonly origins: readonly string[];

  constructor(readonly port: number) {
    this.origin = `http://127.0.0.1:${port}`;
    this.origins = [this.origin, `http://localhost:${port}`];
  }

  hostOk(req: IncomingMessage): boolean {
    return this.origins.includes(`http://${req.headers.host}`);
  }

  originOk(req: IncomingMessage): boolean {
    return this.origins.includes(req.headers.origin ?? '');
  }
}
