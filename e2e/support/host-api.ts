// Calls the app's operations the way the page does: POST /api/call/<op> on the browser host with
// the run's session cookie and secret and the host's own Origin. Test setup uses it where the UI would be slow
// (thousands of records) or where the journey is not about the UI (adding a profile).
import { expect } from '@playwright/test';
import { SECRET_HEADER } from '../../shared/ipc/host-auth.js';
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

/** The host's origin and the headers of its signed-in session (as the page sends them). */
export function hostAccess(host: RunningHost): { origin: string; headers: Record<string, string> } {
  const origin = new URL(host.url).origin;
  return {
    origin,
    headers: { Origin: origin, Cookie: `${host.cookie.name}=${host.cookie.value}`, [SECRET_HEADER]: host.secret },
  };
}

export async function callHost<T = unknown>(
  host: RunningHost,
  operation: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const { origin, headers } = hostAccess(host);
  const res = await fetch(`${origin}/api/call/${operation}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as { ok: true; value: T } | { ok: false; error: HostCallError };
  if (!body.ok) throw new HostCallFailed(operation, body.error);
  return body.value;
}

/** Stages a file on the host the way the page does (PUT /api/stage) and returns its reference. */
export async function stageOnHost(host: RunningHost, name: string, bytes: Buffer | string): Promise<string> {
  const { origin, headers } = hostAccess(host);
  const body = Buffer.from(bytes);
  const res = await fetch(`${origin}/api/stage?name=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.length) },
    body,
  });
  const answer = (await res.json()) as { ok: true; value: { ref: string } } | { ok: false; error: HostCallError };
  if (!answer.ok) throw new HostCallFailed('stage', answer.error);
  return answer.value.ref;
}

/**
 * Uploads `name` into a study's `folder` through the host (replacing `replacePath` when given) and
 * waits until its transfer is verified; answers the item's path.
 */
export async function uploadVerified(
  host: RunningHost,
  containerId: string,
  folder: string,
  name: string,
  bytes: Buffer,
  replacePath?: string,
): Promise<string> {
  const ref = await stageOnHost(host, name, bytes);
  const [t] = await callHost<{ id: string; itemPath: string }[]>(host, 'transfers.upload', {
    containerId,
    folder,
    files: [{ ref, relativePath: name, ...(replacePath ? { conflict: 'replace', replacePath } : {}) }],
  });
  await expect
    .poll(
      async () =>
        (await callHost<{ id: string; state: string }[]>(host, 'transfers.list')).find((x) => x.id === t!.id)?.state,
      { timeout: 30_000 },
    )
    .toBe('verified');
  return t!.itemPath;
}

/** Runs `work` over `inputs` with at most `limit` in flight. */
export async function inParallel<I>(
  inputs: readonly I[],
  limit: number,
  work: (input: I) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < inputs.length) {
      const input = inputs[next++]!;
      await work(input);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
}
