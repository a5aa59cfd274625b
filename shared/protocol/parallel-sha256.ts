// SHA-256 on a worker thread, so hashing a large body runs beside the cipher, the Base-64
// and the socket instead of after them: on a 200 MiB document the hashes are a third of
// the work. One worker per process serves every job; it is started on first use and does
// not keep the process alive. Node-only (never imported by the renderer).
//
// Bytes are copied into 1 MiB blocks that are transferred (not copied again) to the
// worker and back, and reused: no garbage and no fresh memory per block (touching new
// pages is expensive on virtual machines). Callers wait on ready() when more than
// IN_FLIGHT bytes are unhashed, so memory stays flat whatever the size.
import { createHash, type Hash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

const BLOCK = 1024 * 1024;
/** Unhashed bytes allowed before ready() waits. */
const IN_FLIGHT = 8 * BLOCK;

// Plain CommonJS run by `eval`: nothing to bundle or resolve, in Node and in Electron's main process.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', (m) => {
  if (m.op === 'open') jobs.set(m.id, Array.from({ length: m.count }, () => createHash('sha256')));
  else if (m.op === 'data') {
    const hashes = jobs.get(m.id);
    if (hashes) hashes[m.index].update(new Uint8Array(m.buffer, 0, m.length));
    parentPort.postMessage({ id: m.id, acked: m.length, buffer: m.buffer }, [m.buffer]);
  } else if (m.op === 'end') {
    const hashes = jobs.get(m.id);
    jobs.delete(m.id);
    if (hashes) parentPort.postMessage({ id: m.id, digests: hashes.map((h) => h.digest('hex')) });
  } else if (m.op === 'abort') jobs.delete(m.id);
});
`;

type Reply = { id: number; acked: number; buffer: ArrayBuffer } | { id: number; digests: string[] };

interface JobSink {
  acked(bytes: number, buffer: ArrayBuffer): void;
  done(digests: string[]): void;
  failed(error: Error): void;
}

let shared: { worker: Worker; jobs: Map<number, JobSink> } | undefined;
let nextId = 1;

function worker(): NonNullable<typeof shared> {
  if (shared) return shared;
  const w = new Worker(WORKER_SOURCE, { eval: true });
  const state = { worker: w, jobs: new Map<number, JobSink>() };
  w.unref();
  w.on('message', (m: Reply) => {
    const job = state.jobs.get(m.id);
    if (!job) return;
    if ('digests' in m) job.done(m.digests);
    else job.acked(m.acked, m.buffer);
  });
  const lost = (error: Error): void => {
    if (shared === state) shared = undefined;
    for (const job of state.jobs.values()) job.failed(error);
    state.jobs.clear();
  };
  w.on('error', lost);
  w.on('exit', (code) => lost(new Error(`the hashing worker stopped (exit code ${code})`)));
  shared = state;
  return state;
}

/** Jobs open on the worker (each keeps it referenced): for tests that check nothing is left behind. */
export function openHashJobs(): number {
  return shared?.jobs.size ?? 0;
}

export interface Sha256Set {
  /** Adds bytes to hash `index` (copied; the caller may reuse `data` at once). */
  update(index: number, data: Uint8Array): void;
  /** Resolves when few enough bytes are waiting to be hashed. */
  ready(): Promise<void>;
  /** True while ready() would wait. */
  readonly busy: boolean;
  /** Lower-case hex digests, by index. The set cannot be used afterwards. */
  digest(): Promise<string[]>;
  /** Drops the job (on failure); pending waits reject. */
  abort(): void;
}

/** `count` independent SHA-256 hashes; computed on the worker when `large`, here otherwise (a worker costs a few ms to start). */
export function sha256Set(count: number, large = true): Sha256Set {
  return large ? workerSet(count) : localSet(count);
}

function localSet(count: number): Sha256Set {
  const hashes: Hash[] = Array.from({ length: count }, () => createHash('sha256'));
  let state: 'open' | 'finished' | 'aborted' = 'open';
  const refusal = (): Error => new Error(state === 'aborted' ? 'hashing was stopped' : 'this hash set has been finished');
  return {
    update(index, data) {
      if (state !== 'open') throw refusal();
      hashes[index]!.update(data);
    },
    ready: () => (state === 'aborted' ? Promise.reject(refusal()) : Promise.resolve()),
    busy: false,
    digest() {
      if (state !== 'open') return Promise.reject(new Error('this hash set has been finished'));
      state = 'finished';
      return Promise.resolve(hashes.map((h) => h.digest('hex')));
    },
    abort() {
      if (state === 'open') state = 'aborted';
    },
  };
}

function workerSet(count: number): Sha256Set {
  const { worker: w, jobs } = worker();
  const id = nextId++;
  // Blocks come back from the worker once hashed and are filled again.
  const spare: ArrayBuffer[] = [];
  const newBlock = (): { buffer: Buffer; used: number } => {
    const memory = spare.pop();
    return { buffer: memory ? Buffer.from(memory) : Buffer.allocUnsafeSlow(BLOCK), used: 0 };
  };
  const blocks = Array.from({ length: count }, newBlock);
  let unacked = 0;
  let failure: Error | undefined;
  const waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let finish: { resolve: (d: string[]) => void; reject: (e: Error) => void } | undefined;
  let closed = false;

  const settleWaiter = (): void => {
    if (!failure && unacked > IN_FLIGHT) return;
    for (const w2 of waiters.splice(0)) {
      if (failure) w2.reject(failure);
      else w2.resolve();
    }
  };
  const end = (): void => {
    jobs.delete(id);
    if (jobs.size === 0) w.unref();
  };
  jobs.set(id, {
    acked(bytes, memory) {
      unacked -= bytes;
      spare.push(memory);
      settleWaiter();
    },
    done(digests) {
      end();
      finish?.resolve(digests);
    },
    failed(error) {
      failure = error;
      end();
      settleWaiter();
      finish?.reject(error);
    },
  });
  // Referenced while a job is open: a pending digest must keep the process alive.
  w.ref();
  w.postMessage({ id, op: 'open', count });

  const send = (index: number): void => {
    const block = blocks[index]!;
    if (block.used === 0) return;
    // allocUnsafeSlow: the block owns its whole ArrayBuffer, so transferring it moves nothing else
    const memory = block.buffer.buffer as ArrayBuffer;
    unacked += block.used;
    w.postMessage({ id, op: 'data', index, buffer: memory, length: block.used }, [memory]);
    blocks[index] = newBlock();
  };

  return {
    update(index, data) {
      if (closed) throw new Error('this hash set has been finished');
      let from = 0;
      while (from < data.length) {
        const block = blocks[index]!;
        const n = Math.min(BLOCK - block.used, data.length - from);
        block.buffer.set(data.subarray(from, from + n), block.used);
        block.used += n;
        from += n;
        if (block.used === BLOCK) send(index);
      }
    },
    get busy() {
      return unacked > IN_FLIGHT;
    },
    ready() {
      if (failure) return Promise.reject(failure);
      if (unacked <= IN_FLIGHT) return Promise.resolve();
      return new Promise((resolve, reject) => {
        waiters.push({ resolve, reject });
      });
    },
    digest() {
      if (closed) return Promise.reject(new Error('this hash set has been finished'));
      closed = true;
      if (failure) return Promise.reject(failure);
      for (let i = 0; i < count; i++) send(i);
      return new Promise((resolve, reject) => {
        finish = { resolve, reject };
        w.postMessage({ id, op: 'end' });
      });
    },
    abort() {
      if (!jobs.has(id)) return;
      closed = true;
      failure ??= new Error('hashing was stopped');
      w.postMessage({ id, op: 'abort' });
      end();
      settleWaiter();
      finish?.reject(failure);
    },
  };
}
