// Content files written and read past the page cache (direct I/O), with the fallbacks:
// exact bytes and sizes whatever the alignment, failures reported, and a large item
// stored and served whole by the real server.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openContent, openItemKey, sealItem } from '../../shared/protocol/envelope.js';
import { alignedBlock, contentReader, ContentFileWriter, DIRECT_IO_FROM } from './content-io.js';
import { createWorld } from '../test-support/world.js';

// Ordinary reopens (leaving direct I/O) fail with EMFILE while this is set.
let failReopen = false;
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  const open = ((path: string, flags?: string | number, mode?: number) =>
    failReopen && flags === constants.O_WRONLY
      ? Promise.reject(Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' }))
      : real.open(path, flags, mode)) as typeof real.open;
  return { ...real, open };
});

/** Runs `body` as if no WebAssembly memory fit in the address space (ulimit -v). */
async function withoutWasmMemory<T>(body: () => Promise<T>): Promise<T> {
  const real = WebAssembly.Memory;
  (WebAssembly as { Memory: unknown }).Memory = function Memory() {
    throw new RangeError('WebAssembly.Memory(): could not allocate memory');
  };
  try {
    return await body();
  } finally {
    (WebAssembly as { Memory: unknown }).Memory = real;
  }
}

const MIB = 1024 * 1024;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'content-io-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Whether this folder's file system takes O_DIRECT at all (tmpfs before Linux 6.6 does not). */
function directSupported(folder: string): boolean {
  const probe = join(folder, 'probe');
  try {
    closeSync(openSync(probe, constants.O_WRONLY | constants.O_CREAT | (constants.O_DIRECT ?? 0)));
    return constants.O_DIRECT !== undefined;
  } catch {
    return false;
  } finally {
    rmSync(probe, { force: true });
  }
}

/** Open descriptors of this process on `file` that have O_DIRECT set. */
function directHandlesOn(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) !== file) return false;
      const flags = /flags:\s+(\d+)/.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))![1]!;
      return (parseInt(flags, 8) & (constants.O_DIRECT ?? 0)) !== 0;
    } catch {
      return false;
    }
  }).length;
}

/** Writes `data` in blocks of `blockSize` (the last one shorter), as the body reader does. */
async function writeInBlocks(
  file: string,
  data: Buffer,
  blockSize: number,
  direct: boolean,
): Promise<{ sawDirect: boolean }> {
  const w = new ContentFileWriter(file, { direct, highWaterMark: 4 * MIB });
  let sawDirect = false;
  for (let at = 0; at < data.length; at += blockSize) {
    const block = alignedBlock(MIB);
    const n = data.copy(block, 0, at, Math.min(data.length, at + blockSize));
    // looked at while a block is being written (the file is open then)
    if (!w.write(block, n, () => (sawDirect ||= directHandlesOn(file) > 0))) await w.room();
  }
  await w.end();
  return { sawDirect };
}

describe('ContentFileWriter', () => {
  for (const size of [0, 1, 4095, 4096, MIB, 3 * MIB + 17]) {
    it(`stores ${size} bytes exactly, direct and not`, async () => {
      const data = randomBytes(size);
      for (const direct of [true, false]) {
        const file = join(dir, `exact-${size}-${direct}`);
        await writeInBlocks(file, data, MIB, direct);
        expect(statSync(file).size).toBe(size);
        expect(readFileSync(file).equals(data)).toBe(true);
      }
    });
  }

  it('goes past the page cache where the file system allows it', async () => {
    const file = join(dir, 'direct');
    const { sawDirect } = await writeInBlocks(file, randomBytes(3 * MIB), MIB, true);
    expect(sawDirect).toBe(directSupported(dir));
    expect(directHandlesOn(file)).toBe(0);
  });

  it('blocks that are not whole (a short one before others) still give the exact bytes', async () => {
    const data = randomBytes(2 * MIB + 5000);
    const file = join(dir, 'uneven');
    const w = new ContentFileWriter(file, { direct: true, highWaterMark: 4 * MIB });
    const pieces = [100, MIB, 3000, MIB / 2, MIB / 2 + 1900];
    let at = 0;
    for (const n of pieces) {
      const block = alignedBlock(MIB);
      data.copy(block, 0, at, at + n);
      w.write(block, n, () => undefined);
      at += n;
    }
    await w.end();
    expect(at).toBe(data.length);
    expect(readFileSync(file).equals(data)).toBe(true);
  });

  it('a reopen that fails while leaving direct I/O is reported by the writer, never as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown): void => void unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    failReopen = true;
    try {
      const errors: Error[] = [];
      const w = new ContentFileWriter(join(dir, 'reopen-fails'), {
        direct: true,
        highWaterMark: 4 * MIB,
        onError: (e) => errors.push(e),
      });
      w.write(alignedBlock(MIB), 100, () => undefined);
      // at offset 100: not aligned, so the writer leaves direct I/O and reopens
      w.write(alignedBlock(MIB), 5000, () => undefined);
      await expect(w.end()).rejects.toMatchObject({ code: 'EMFILE' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['EMFILE']);
      expect(unhandled).toEqual([]);
    } finally {
      failReopen = false;
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('where no aligned memory can be had, blocks are ordinary memory and the bytes are still exact', async () => {
    const data = randomBytes(3 * MIB + 100);
    const file = join(dir, 'no-wasm');
    await withoutWasmMemory(async () => {
      expect(alignedBlock(MIB)).toHaveLength(MIB);
      await writeInBlocks(file, data, MIB, true);
    });
    expect(readFileSync(file).equals(data)).toBe(true);
  });

  it('a file that cannot be created fails at once: onError, room() and end() all report it', async () => {
    const errors: Error[] = [];
    const w = new ContentFileWriter(join(dir, 'no-such-folder', 'x'), {
      direct: true,
      highWaterMark: MIB,
      onError: (e) => errors.push(e),
    });
    w.write(alignedBlock(MIB), MIB, () => undefined);
    await expect(w.room()).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(w.end()).rejects.toMatchObject({ code: 'ENOENT' });
    expect(errors).toHaveLength(1);
  });

  it('destroy() closes the file without writing what is still queued', async () => {
    const file = join(dir, 'destroyed');
    const w = new ContentFileWriter(file, { direct: true, highWaterMark: MIB });
    let written = 0;
    for (let i = 0; i < 8; i++) w.write(alignedBlock(MIB), MIB, () => written++);
    await w.destroy();
    expect(written).toBeLessThan(8);
    expect(directHandlesOn(file)).toBe(0);
    expect(() => w.write(alignedBlock(MIB), 1, () => undefined)).toThrow(/closed/);
  });
});

describe('contentReader', () => {
  it('reads the same bytes direct (aligned blocks) and not (any buffer), to the last partial block', async () => {
    const data = randomBytes(2 * MIB + 12345);
    const file = join(dir, 'read-me');
    await writeInBlocks(file, data, MIB, false);
    const fh = await open(file, 'r');
    try {
      const reader = await contentReader(fh, true);
      const readAll = async (into: Buffer): Promise<Buffer> => {
        const parts: Buffer[] = [];
        for (let at = 0; at < data.length;) {
          const n = await reader.read(into, Math.min(768 * 1024, data.length - at), at);
          expect(n).toBeGreaterThan(0);
          parts.push(Buffer.from(into.subarray(0, n)));
          at += n;
        }
        return Buffer.concat(parts);
      };
      expect((await readAll(alignedBlock(768 * 1024))).equals(data)).toBe(true);
      expect(directHandlesOn(file)).toBe(directSupported(dir) ? 1 : 0);
      // memory that is not aligned: the system refuses the direct read, and the reader goes on without it
      expect((await readAll(Buffer.allocUnsafeSlow(768 * 1024 + 1))).equals(data)).toBe(true);
      await reader.close();
      expect(directHandlesOn(file)).toBe(0);
    } finally {
      await fh.close();
    }
  });
});

describe('large content through the reference server', () => {
  it(`an item over ${DIRECT_IO_FROM / MIB} MiB is stored at its exact size and served whole`, async () => {
    await roundTrip();
  });

  it('the same where no aligned memory can be had (a limited address space)', async () => {
    await withoutWasmMemory(roundTrip);
  });

  async function roundTrip(): Promise<void> {
    const w = await createWorld();
    try {
      const c = (await w.client.post(w.sirb, '/containers', {})).json();
      const content = randomBytes(DIRECT_IO_FROM + 3 * MIB + 7);
      const put = await w.client.put(
        w.sirb,
        `${c.url}/items/big`,
        sealItem({ header: { type: 'study', version: 'IRBX.2' }, content }, w.sirb.identity.certificatePem),
      );
      expect(put.status).toBe(201);
      const stored = readdirSync(join(w.store.dataDir!, 'content'));
      expect(stored).toHaveLength(1);
      // AES-CBC with PKCS#7 padding: the next multiple of 16
      expect(statSync(join(w.store.dataDir!, 'content', stored[0]!)).size).toBe(
        Math.floor(content.length / 16) * 16 + 16,
      );
      const got = await w.client.get(w.sirb, `${c.url}/content/big`);
      expect(got.status).toBe(200);
      const item = got.json();
      expect(openContent(item, openItemKey(item, w.sirb.keyPem)).equals(content)).toBe(true);
    } finally {
      await w.close();
    }
  }
});
