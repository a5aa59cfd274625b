// A plain node:http server on a random loopback port whose answers each test scripts;
// it records every request with its body and whether the signature verifies.
import { createHash, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAuthorization, verifyRequest } from '../../../shared/protocol/signing.js';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
  readonly bodyHash: string;
  /** undefined when unsigned. */
  readonly signatureValid: boolean | undefined;
}

export type Responder = (req: RecordedRequest, res: ServerResponse, index: number) => void;

export interface LoopbackServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  respond(handler: Responder): void;
  close(): Promise<void>;
}

export async function startLoopback(publicKey: KeyObject | string): Promise<LoopbackServer> {
  let handler: Responder = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('pong');
  };
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const bodyHash = createHash('sha256').update(body).digest('hex');
      let signatureValid: boolean | undefined;
      const auth = req.headers.authorization;
      if (auth) {
        const headers: [string, string][] = [];
        for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
        const result = verifyRequest({
          method: req.method!,
          target: req.url!,
          headers,
          payloadHash: bodyHash,
          authorization: parseAuthorization(auth),
          publicKey,
        });
        signatureValid = result.ok;
      }
      const recorded: RecordedRequest = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body,
        bodyHash,
        signatureValid,
      };
      requests.push(recorded);
      handler(recorded, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    requests,
    respond(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function sendError(
  res: ServerResponse,
  status: number,
  code: number,
  details = '',
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { code, status, message: `error ${code}`, details }, headers);
}
