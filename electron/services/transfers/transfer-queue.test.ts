import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyHandle } from '../keys/key-vault.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { newDocumentPath } from './document-upload.js';
import { TransferQueue, type TransferProgress, type TransferRunner } from './transfer-queue.js';
import { documentTransferRunner } from './transfer-runner.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-queue-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A runner each test drives by hand: it waits until released or aborted. */
function gatedRunner() {
  const gates = new Map<string, () => void>();
  let active = 0;
  let peak = 0;
  const runner: TransferRunner = (d, { signal, onProgress }) =>
    new Promise<void>((resolve, reject) => {
      active += 1;
      peak = Math.max(peak, active);
      onProgress(5, 10);
      const done = (fn: () => void) => () => {
        active -= 1;
        fn();
      };
      gates.set(d.remotePath, done(resolve));
      signal.addEventListener(
        'abort',
        done(() => reject(new Error('aborted'))),
        { once: true },
      );
    });
  return { runner, release: (p: string) => gates.get(p)?.(), peak: () => peak, has: (p: string) => gates.has(p) };
}

const input = (n: string) => ({
  kind: 'upload' as const,
  profileId: 'p',
  containerId: 'c',
  remotePath: n,
  localPath: `/tmp/${n}`,
});
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('TransferQueue', () => {
  it('keeps to the concurrency limit, reports progress, cancels and retries', async () => {
    const g = gatedRunner();
    const queue = new TransferQueue({ runner: g.runner, concurrency: 2 });
    const progress: TransferProgress[] = [];
    queue.on('progress', (p) => progress.push(p));
    const [a, b, c] = ['a', 'b', 'c'].map((n) => queue.enqueue(input(n)));
    await tick();
    expect(queue.list().map((d) => d.state)).toEqual(['running', 'running', 'queued']);
    expect(progress[0]).toMatchObject({ id: a!.id, bytes: 5, total: 10 });
    expect(progress[0]!.rate).toBeGreaterThan(0);
    queue.cancel(b!.id);
    await tick();
    expect(queue.get(b!.id)!.state).toBe('cancelled');
    expect(queue.get(c!.id)!.state).toBe('running');
    g.release('a');
    g.release('c');
    await tick();
    queue.retry(b!.id);
    await tick();
    g.release('b');
    await queue.idle();
    expect(queue.list().map((d) => d.state)).toEqual(['verified', 'verified', 'verified']);
    expect(g.peak()).toBe(2);
  });

  it('applies a raised concurrency limit at once', async () => {
    const g = gatedRunner();
    const queue = new TransferQueue({ runner: g.runner, concurrency: 1 });
    ['x', 'y', 'z'].forEach((n) => queue.enqueue(input(n)));
    await tick();
    expect(queue.list().map((d) => d.state)).toEqual(['running', 'queued', 'queued']);
    queue.setConcurrency(3);
    await tick();
    expect(queue.list().map((d) => d.state)).toEqual(['running', 'running', 'running']);
    ['x', 'y', 'z'].forEach((n) => g.release(n));
    await queue.idle();
  });

  it('records a failure with its message', async () => {
    const queue = new TransferQueue({ runner: async () => Promise.reject(new Error('disk full')) });
    const d = queue.enqueue(input('x'));
    await queue.idle();
    expect(queue.get(d.id)).toMatchObject({ state: 'failed', error: 'disk full' });
  });

  it('saves descriptors only, and brings unfinished ones back paused', async () => {
    const file = path.join(dir, 'transfers.json');
    const g = gatedRunner();
    const first = new TransferQueue({ runner: g.runner, concurrency: 1, file });
    first.enqueue(input('one'));
    first.enqueue(input('two'));
    await tick();
    await first.close();
    const text = await readFile(file, 'utf8');
    expect(text).not.toMatch(/PRIVATE|key"/);
    const second = new TransferQueue({ runner: async () => undefined, file });
    const loaded = await second.load();
    expect(loaded.map((d) => [d.remotePath, d.state])).toEqual([
      ['one', 'paused'],
      ['two', 'paused'],
    ]);
    second.resume(loaded[0]!.id);
    await second.idle();
    expect(second.get(loaded[0]!.id)!.state).toBe('verified');
    expect(second.get(loaded[1]!.id)!.state).toBe('paused');
  });

  it('keeps a failure as the window shows it across a restart: code, words and whether Retry makes sense', async () => {
    const file = path.join(dir, 'failed-transfers.json');
    const refused = Object.assign(new Error('error 2007'), {
      code: 2007,
      status: 403,
      details: 'not the owner of the item',
    });
    const first = new TransferQueue({ runner: async () => Promise.reject(refused), file });
    const d = first.enqueue(input('refused'));
    await first.idle();
    await first.close();
    const second = new TransferQueue({ runner: async () => undefined, file });
    const [loaded] = await second.load();
    expect(loaded).toMatchObject({
      id: d.id,
      state: 'failed',
      error: 'error 2007',
      failure: { code: 2007, status: 403, details: 'not the owner of the item', retryable: false },
    });
    second.retry(d.id);
    await second.idle();
    expect(second.get(d.id)).not.toHaveProperty('failure');
  });

  it("reads a list saved when a verified transfer was called 'done'", async () => {
    const file = path.join(dir, 'old-transfers.json');
    const at = new Date().toISOString();
    const saved = {
      id: 'a'.repeat(32),
      kind: 'upload',
      profileId: 'p',
      containerId: 'c',
      remotePath: 'r',
      localPath: 'l',
      bytes: 1,
      total: 1,
      createdAt: at,
      updatedAt: at,
    };
    await writeFile(file, JSON.stringify({ transfers: [{ ...saved, state: 'done' }] }));
    const queue = new TransferQueue({ runner: async () => undefined, file });
    expect((await queue.load()).map((d) => d.state)).toEqual(['verified']);
  });
});

describe('TransferQueue with the real transfers', () => {
  let f: ExchangeFixture;
  let keys: KeyHandle;
  beforeAll(async () => {
    f = await startFixture();
    keys = await f.keysOf(f.sirb);
  });
  afterAll(async () => {
    await f.close();
  });

  it('uploads and downloads documents, the same bytes coming back', async () => {
    const study = await f.sirb.client.createContainer();
    const queue = new TransferQueue({
      runner: documentTransferRunner(async () => ({ client: f.sirb.client, keys })),
      concurrency: 2,
    });
    const files = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const file = path.join(dir, `doc${n}.txt`);
        await writeFile(file, randomBytes(100_000 * n));
        return file;
      }),
    );
    const paths = files.map(() => newDocumentPath('documents'));
    files.forEach((file, i) =>
      queue.enqueue({
        kind: 'upload',
        profileId: 'sirb',
        containerId: study.id,
        remotePath: paths[i]!,
        localPath: file,
      }),
    );
    await queue.idle();
    expect(queue.list().map((d) => d.state)).toEqual(['verified', 'verified', 'verified']);
    paths.forEach((p, i) =>
      queue.enqueue({
        kind: 'download',
        profileId: 'sirb',
        containerId: study.id,
        remotePath: p,
        localPath: `${files[i]}.back`,
      }),
    );
    await queue.idle();
    for (const file of files) expect((await readFile(`${file}.back`)).equals(await readFile(file))).toBe(true);
    const downloads = queue.list().filter((d) => d.kind === 'download');
    expect(downloads.map((d) => d.bytes)).toEqual([100_000, 200_000, 300_000]);
  });
});
