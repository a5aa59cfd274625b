// The encrypting worker's own code (see encrypt-worker.ts, which starts it): reads a file,
// enciphers it and hashes the plaintext, block by block, handing each block's ciphertext to
// the main thread (moved, not copied) and staying at most `ahead` blocks in front of it.
// Only node: built-ins here: it runs as its own bundle (dist/electron/encrypt-thread.cjs).
import { createCipheriv, createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

/** What the main thread sends. */
export type Command =
  | {
      readonly op: 'start';
      readonly id: number;
      readonly file: string;
      readonly size: number;
      readonly key: Uint8Array;
      readonly iv: Uint8Array;
      readonly cipher: string;
      readonly block: number;
      readonly ahead: number;
    }
  | { readonly op: 'credit' | 'stop'; readonly id: number };

/** What the worker answers, per job. */
export type Reply =
  | { readonly id: number; readonly cipherText: ArrayBuffer; readonly length: number; readonly read: number }
  | {
      readonly id: number;
      readonly done: true;
      readonly last: Uint8Array;
      readonly read: number;
      readonly plainHash: string;
    }
  | { readonly id: number; readonly error: { readonly message: string; readonly code?: string } };

interface Job {
  credit: number;
  stopped: boolean;
  wake?: () => void;
}

const port = parentPort;
const jobs = new Map<number, Job>();
const reply = (m: Reply, transfer: ArrayBuffer[] = []): void => port?.postMessage(m, transfer);

/** Moved whole to the other thread, so it must own all of its memory (a small Buffer lives in the shared pool). */
function owned(b: Buffer): Buffer {
  if (b.byteOffset === 0 && b.buffer.byteLength === b.length) return b;
  const copy = Buffer.allocUnsafeSlow(b.length);
  b.copy(copy);
  return copy;
}

async function run(job: Job, m: Extract<Command, { op: 'start' }>): Promise<void> {
  let fd: number | undefined;
  try {
    fd = openSync(m.file, 'r');
    const cipher = createCipheriv(m.cipher, m.key, m.iv);
    const hash = createHash('sha256');
    const block = Buffer.allocUnsafe(m.block);
    let read = 0;
    for (;;) {
      while (job.credit <= 0 && !job.stopped) await new Promise<void>((resolve) => (job.wake = resolve));
      if (job.stopped) return;
      const n = readSync(fd, block, 0, block.length, read);
      if (n === 0) break;
      read += n;
      // A file that grew is read no further: the caller sees more bytes than it expected.
      if (read > m.size) break;
      hash.update(block.subarray(0, n));
      const cipherText = owned(cipher.update(block.subarray(0, n)));
      job.credit--;
      reply({ id: m.id, cipherText: cipherText.buffer as ArrayBuffer, length: cipherText.length, read }, [
        cipherText.buffer as ArrayBuffer,
      ]);
    }
    reply({ id: m.id, done: true, last: cipher.final(), read, plainHash: hash.digest('hex') });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    reply({ id: m.id, error: { message: String(e?.message ?? e), ...(e?.code ? { code: e.code } : {}) } });
  } finally {
    jobs.delete(m.id);
    if (fd !== undefined) closeSync(fd);
  }
}

port?.on('message', (m: Command) => {
  if (m.op === 'start') {
    const job: Job = { credit: m.ahead, stopped: false };
    jobs.set(m.id, job);
    void run(job, m);
    return;
  }
  const job = jobs.get(m.id);
  if (!job) return;
  if (m.op === 'credit') job.credit++;
  else job.stopped = true;
  const wake = job.wake;
  job.wake = undefined;
  wake?.();
});
