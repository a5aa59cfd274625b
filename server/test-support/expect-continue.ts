// Test helper: a request sent as the app sends one that announces its payload hash: headers
// first, with `Expect: 100-continue`, and the body only once the server says 100 Continue.
import type { Socket } from 'node:net';
import { request } from 'node:http';
import type { RawRequest, TestResponse } from './signed-client.js';

export interface ContinuedResponse extends TestResponse {
  /** Whether the server said 100 Continue, so that the body was sent at all. */
  readonly continued: boolean;
  /** Bytes the client's socket wrote in all: the headers, plus the body only if it went. */
  readonly bytesWritten: number;
}

export function sendExpectingContinue(port: number, r: RawRequest): Promise<ContinuedResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { Expect: '100-continue' };
    for (const [k, v] of Object.entries(r.headers)) if (v !== null) headers[k] = v;
    let continued = false;
    let socket: Socket | undefined;
    const req = request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          text,
          json: () => JSON.parse(text),
          continued,
          bytesWritten: socket?.bytesWritten ?? 0,
        });
      });
    });
    req.on('socket', (s) => (socket = s));
    req.on('continue', () => {
      continued = true;
      req.end(r.body);
    });
    req.on('error', reject);
  });
}
