// Calls the app's operations the way the page does: POST /api/call/<op> on the browser host with
// the run's token and the host's own Origin. Test setup uses it where the UI would be slow
// (thousands of records) or where the journey is not about the UI (adding a profile).
import type { RunningHost } from '../host-fixture.js';

export interface HostCallError {
  readonly code: string;
  readonly message: string;
  readonly details?: string;
}

export class HostCallFailed extends Error {
  constructor(
    readonly operation: string,
    readonly error: HostCallError,
  ) {
    super(`${operation} failed: ${error.code} ${error.message} ${error.details ?? ''}`);
  }
}

export function hostAccess(host: RunningHost): { origin: string; token: string } {
  const url = new URL(host.url);
  const token = /token=([0-9a-f]+)/.exec(url.hash)?.[1];
  if (!token) throw new Error(`no token in ${host.url}`);
  return { origin: url.origin, token };
}

export async function callHost<T = unknown>(host: RunningHost, operation: string, args: Record<string, unknown> = {}): Promise<T> {
  const { origin, token } = hostAccess(host);
  const res = await fetch(`${origin}/api/call/${operation}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: true; value: T } | { ok: false; error: HostCallError };
  if (!body.ok) throw new HostCallFailed(operation, body.error);
  return body.value;
}

/** Stages a file on the host the way the page does (PUT /api/stage) and returns its reference. */
export async function stageOnHost(host: RunningHost, name: string, bytes: Buffer | string): Promise<string> {
  const { origin, token } = hostAccess(host);
  const body = Buffer.from(bytes);
  const res = await fetch(`${origin}/api/stage?name=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, Origin: origin, 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.length) },
    body,
  });
  const answer = (await res.json()) as { ok: true; value: { ref: string } } | { ok: false; error: HostCallError };
  if (!answer.ok) throw new HostCallFailed('stage', answer.error);
  return answer.value.ref;
}

/** Runs `work` over `inputs` with at most `limit` in flight. */
export async function inParallel<I>(inputs: readonly I[], limit: number, work: (input: I) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < inputs.length) {
      const input = inputs[next++]!;
      await work(input);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
}
