// Section 1: document transfers through the client core, each side measured in its own
// process, beside the physical reference (OpenSSL) and the naive baseline (forge + JSON.stringify).
// Each measured transfer follows a small warm-up transfer in the same process (the steady
// state of a running app); the largest size is also measured as the first transfer of a
// fresh process, and both are reported.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { runScript } from './child.js';
import { memoryWindow } from './proc-memory.js';
import { referenceSeconds } from './reference.js';
import type { TransferJob, TransferResult } from './transfer-child.js';
import type { World } from './world.js';

const MIB = 1024 * 1024;
/** The warm-up transfer before each measured one. */
const WARM_UP_MIB = 8;
/** BENCH_CLIENT_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the transfer children. */
const clientFlags = process.env.BENCH_CLIENT_FLAGS?.split(' ').filter(Boolean) ?? [];

export interface TransferFigure {
  readonly sizeMiB: number;
  readonly direction: 'upload' | 'download';
  readonly seconds: number;
  readonly mbPerSec: number;
  readonly clientPeakRssDeltaMiB: number;
  readonly serverPeakRssDeltaMiB: number;
  readonly referenceSeconds: number;
  /** CPU time of the client process and of the server (all threads) during the transfer: less noisy than wall time on a shared VM. */
  readonly clientCpuSeconds: number;
  readonly serverCpuSeconds: number;
  /** On PostgreSQL: CPU time of the cluster's processes (backends, WAL writer, checkpointer) during the transfer. */
  readonly databaseCpuSeconds?: number;
  /** null when the naive way could not complete (see naiveError). */
  readonly naiveSeconds: number | null;
  /** Largest size only: the same transfer as the first of a fresh process (no warm-up). */
  readonly firstInProcess?: {
    readonly seconds: number;
    readonly clientPeakRssDeltaMiB: number;
    readonly serverPeakRssDeltaMiB: number;
  };
}

export interface TransferRun {
  readonly figures: TransferFigure[];
  /** Why a naive run did not complete, by "size direction". */
  readonly naiveErrors: Record<string, string>;
  readonly peakResetWorked: boolean;
  /** Size of the warm-up transfer that precedes each measured one. */
  readonly warmUpMiB: number;
  /** Where the time of each upload went: the client's first pass, and the PUT as the server logged it. */
  readonly uploadBreakdown: {
    readonly sizeMiB: number;
    readonly prepareSeconds?: number;
    readonly serverPutSeconds?: number;
    readonly serverGetSeconds?: number;
  }[];
}

/** A transfer child's result and the server's peak memory increase meanwhile. */
type Measured = TransferResult & { readonly serverDeltaMiB: number };

async function randomFile(file: string, bytes: number): Promise<void> {
  const h = await open(file, 'w');
  try {
    for (let done = 0; done < bytes; done += MIB) await h.write(randomBytes(Math.min(MIB, bytes - done)));
  } finally {
    await h.close();
  }
}

async function fileHash(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const c of createReadStream(file, { highWaterMark: MIB })) h.update(c as Buffer);
  return h.digest('hex');
}

export async function runTransfers(
  world: World,
  sizesMiB: readonly number[],
  log: (line: string) => void,
  options: { readonly naive?: boolean; readonly databasePid?: number } = {},
): Promise<TransferRun> {
  const figures: TransferFigure[] = [];
  const naiveErrors: Record<string, string> = {};
  let peakResetWorked = true;
  const uploadBreakdown: TransferRun['uploadBreakdown'] = [];
  const warmUpFile = path.join(world.dir, 'warm-up.bin');
  const warmUpCopy = path.join(world.dir, 'warm-up-copy.bin');
  await randomFile(warmUpFile, WARM_UP_MIB * MIB);
  const warmUp = (op: 'upload' | 'download'): TransferJob['warmUp'] => ({
    itemPath: 'bench/transfers/warm-up',
    file: op === 'upload' ? warmUpFile : warmUpCopy,
  });
  const largest = Math.max(...sizesMiB);
  for (const sizeMiB of sizesMiB) {
    const bytes = sizeMiB * MIB;
    const file = path.join(world.dir, `doc-${sizeMiB}.bin`);
    const copy = path.join(world.dir, `copy-${sizeMiB}.bin`);
    const naiveCopy = path.join(world.dir, `naive-copy-${sizeMiB}.bin`);
    await randomFile(file, bytes);
    // best of two: the reference is the floor, so noise should not raise it
    const reference = Math.min(await referenceSeconds(file), await referenceSeconds(file));
    const itemPath = `bench/transfers/doc-${sizeMiB}`;

    const measured = async (job: Omit<TransferJob, 'serverPid'>): Promise<Measured> => {
      const server = memoryWindow(world.server.pid);
      const r = await runScript<TransferResult>(
        'transfer-child.ts',
        { ...job, serverPid: world.server.pid, ...(options.databasePid ? { databasePid: options.databasePid } : {}) },
        { nodeFlags: ['--expose-gc', ...clientFlags], timeoutMs: 600_000 },
      );
      peakResetWorked &&= server.resetOk && r.resetOk;
      return { ...r, serverDeltaMiB: server.peakDeltaMiB() };
    };
    const naive = async (job: TransferJob, key: string): Promise<number | null> => {
      if (options.naive === false) {
        naiveErrors[key] = 'not run (--no-naive)';
        return null;
      }
      try {
        const r = await runScript<{ seconds: number }>('naive-child.ts', job, {
          nodeFlags: ['--max-old-space-size=8192'],
          timeoutMs: Math.max(60_000, sizeMiB * 1500),
        });
        return r.seconds;
      } catch (e) {
        naiveErrors[key] = (e as Error).message;
        return null;
      }
    };

    let first: { upload: Measured; download: Measured } | undefined;
    if (sizeMiB === largest) {
      log(`transfer ${sizeMiB} MiB: upload, first in a fresh process`);
      const firstPath = `${itemPath}-first`;
      const upload = await measured({ ...world.org, op: 'upload', itemPath: firstPath, file });
      log(`transfer ${sizeMiB} MiB: download, first in a fresh process`);
      const download = await measured({ ...world.org, op: 'download', itemPath: firstPath, file: copy });
      await rm(copy, { force: true });
      await world.client.deleteItem(world.org.containerId, firstPath).catch(() => undefined);
      first = { upload, download };
    }
    log(`transfer ${sizeMiB} MiB: upload`);
    // the server logs a request once its answer is sent, which may be after the client has it
    const beforeUp = world.server.mark();
    const up = await measured({ ...world.org, op: 'upload', itemPath, file, warmUp: warmUp('upload') });
    const serverPut = await world.server.requestMsAfter(`/items/${itemPath} `, beforeUp);
    log(`transfer ${sizeMiB} MiB: download`);
    const beforeDown = world.server.mark();
    const down = await measured({ ...world.org, op: 'download', itemPath, file: copy, warmUp: warmUp('download') });
    const serverGet = await world.server.requestMsAfter(`/content/${itemPath} `, beforeDown);
    uploadBreakdown.push({
      sizeMiB,
      ...(up.prepareSeconds !== undefined ? { prepareSeconds: up.prepareSeconds } : {}),
      ...(serverPut !== undefined ? { serverPutSeconds: serverPut / 1000 } : {}),
      ...(serverGet !== undefined ? { serverGetSeconds: serverGet / 1000 } : {}),
    });
    if ((await stat(copy)).size !== bytes || (await fileHash(copy)) !== (await fileHash(file)))
      throw new Error(`the ${sizeMiB} MiB download differs from the upload`);
    await rm(copy, { force: true });
    log(`transfer ${sizeMiB} MiB: naive upload`);
    const naiveUp = await naive(
      { ...world.org, op: 'upload', itemPath: `bench/transfers/naive-${sizeMiB}`, file },
      `${sizeMiB} upload`,
    );
    log(`transfer ${sizeMiB} MiB: naive download`);
    const naiveDown = await naive({ ...world.org, op: 'download', itemPath, file: naiveCopy }, `${sizeMiB} download`);
    await rm(naiveCopy, { force: true });
    await rm(file, { force: true });
    // the stored content is no longer needed; deleting it keeps the temp folder small
    await world.client.deleteItem(world.org.containerId, itemPath).catch(() => undefined);
    await world.client.deleteItem(world.org.containerId, `bench/transfers/naive-${sizeMiB}`).catch(() => undefined);

    for (const [direction, r, naiveSeconds] of [
      ['upload', up, naiveUp],
      ['download', down, naiveDown],
    ] as const) {
      figures.push({
        sizeMiB,
        direction,
        seconds: r.seconds,
        mbPerSec: bytes / 1e6 / r.seconds,
        clientPeakRssDeltaMiB: r.peakRssDeltaMiB,
        serverPeakRssDeltaMiB: r.serverDeltaMiB,
        referenceSeconds: reference,
        clientCpuSeconds: r.cpuSeconds,
        serverCpuSeconds: r.serverCpuSeconds,
        ...(r.databaseCpuSeconds !== undefined ? { databaseCpuSeconds: r.databaseCpuSeconds } : {}),
        naiveSeconds,
        ...(first
          ? {
              firstInProcess: {
                seconds: first[direction].seconds,
                clientPeakRssDeltaMiB: first[direction].peakRssDeltaMiB,
                serverPeakRssDeltaMiB: first[direction].serverDeltaMiB,
              },
            }
          : {}),
      });
    }
  }
  await rm(warmUpFile, { force: true });
  await rm(warmUpCopy, { force: true });
  return { figures, naiveErrors, peakResetWorked, uploadBreakdown, warmUpMiB: WARM_UP_MIB };
}
