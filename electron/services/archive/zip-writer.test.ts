// The archive's own zip writer, read back by Info-ZIP's unzip (the inspector's tool) and by yauzl
// (the app's verifier): stored entries whole and byte-exact, a streamed entry with and without
// ZIP64 fields in its local header, a discarded entry leaving no trace, modes and times kept,
// ZIP64 end records once the entries outnumber the 16-bit count, and entries and a central
// directory past 4 GiB (in a sparse file); a dropped entry longer than the rest cut off at the
// end, a name that is not well-formed refused, and the file's own write failure told apart.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ZipWriter } from './zip-writer.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-zip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const mtime = new Date('2026-11-20T10:00:00Z');
const file = { mode: 0o100644, mtime };

/** Streams `bytes` into an entry in pieces, as a download does. */
async function streamed(zip: ZipWriter, name: string, bytes: Buffer, sizeHint?: number): Promise<void> {
  const entry = await zip.beginEntry(name, { ...file, ...(sizeHint === undefined ? {} : { sizeHint }) });
  const pieces = Array.from({ length: Math.ceil(bytes.length / 70_000) }, (_, i) =>
    bytes.subarray(i * 70_000, (i + 1) * 70_000),
  );
  await pipeline(Readable.from(pieces), entry.stream);
  await entry.commit();
}

/**
 * The entries' names and the bytes of those `read` asks for, as yauzl reads them (it checks each
 * CRC-32 as it reads); the others' bytes are left empty.
 */
async function readWithYauzl(zip: string, read: (name: string) => boolean = () => true): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zip, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      if (!read(entry.fileName)) {
        found.set(entry.fileName, Buffer.alloc(0));
        archive.readEntry();
        return;
      }
      archive.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          found.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return found;
}

describe('zip writer', () => {
  it('writes entries unzip and yauzl read byte for byte; a discarded one leaves nothing', async () => {
    const zip = path.join(dir, 'a.zip');
    const big = randomBytes(1_000_000);
    const other = randomBytes(300_000);
    const w = await ZipWriter.create(zip);
    await w.addBuffer('manifest.json', Buffer.from('{"a":1}\n'), file);
    await streamed(w, 'documents/ü ünïcode.bin', big, big.length);
    // a document whose hashes fail after its bytes went in
    const failed = await w.beginEntry('documents/failed.bin', { ...file, sizeHint: 500_000 });
    await new Promise<void>((resolve, reject) =>
      failed.stream.write(randomBytes(500_000), (e) => (e ? reject(e) : resolve())),
    );
    await failed.discard();
    await streamed(w, 'documents/unknown size.bin', other); // ZIP64 field reserved in its local header
    await w.addBuffer('verify.sh', Buffer.from('#!/bin/sh\n'), { mode: 0o100755, mtime });
    await w.addBuffer('empty', Buffer.alloc(0), file);
    await w.finish();

    // nothing of the failed entry's 500,000 bytes is left in the file
    expect((await stat(zip)).size).toBeLessThan(1_000_000 + 300_000 + 2_000);
    expect(execFileSync('unzip', ['-tq', zip], { encoding: 'utf8' })).toMatch(/No errors detected/);
    const listing = execFileSync('unzip', ['-Z', zip], { encoding: 'utf8' });
    expect(listing).toMatch(/^-rwxr-xr-x .* verify\.sh$/m);
    expect(listing).toMatch(/^-rw-r--r-- .* manifest\.json$/m);
    expect(listing).not.toContain('failed.bin');

    const out = path.join(dir, 'a');
    execFileSync('unzip', ['-q', zip, '-d', out]);
    expect((await readFile(path.join(out, 'documents', 'ü ünïcode.bin'))).equals(big)).toBe(true);
    expect((await readFile(path.join(out, 'documents', 'unknown size.bin'))).equals(other)).toBe(true);
    expect((await stat(path.join(out, 'manifest.json'))).mtime.toISOString()).toBe(mtime.toISOString());

    const read = await readWithYauzl(zip);
    expect([...read.keys()]).toEqual([
      'manifest.json',
      'documents/ü ünïcode.bin',
      'documents/unknown size.bin',
      'verify.sh',
      'empty',
    ]);
    expect(read.get('documents/ü ünïcode.bin')!.equals(big)).toBe(true);
    expect(read.get('empty')!.length).toBe(0);
  });

  it('an entry committed before its bytes are all in is refused; another cannot start meanwhile', async () => {
    const w = await ZipWriter.create(path.join(dir, 'b.zip'));
    const entry = await w.beginEntry('x', file);
    await expect(w.addBuffer('y', Buffer.from('y'), file)).rejects.toThrow(/still being written/);
    await expect(entry.commit()).rejects.toThrow(/before its bytes/);
    await entry.discard();
    await w.addBuffer('y', Buffer.from('y'), file);
    await w.finish();
    expect([...(await readWithYauzl(path.join(dir, 'b.zip'))).keys()]).toEqual(['y']);
  });

  it('ends with ZIP64 records once there are 65,535 entries or more', async () => {
    const zip = path.join(dir, 'many.zip');
    const w = await ZipWriter.create(zip);
    const count = 0xffff + 2;
    for (let i = 0; i < count; i++) await w.addBuffer(`f/${i}`, Buffer.from(String(i)), file);
    await w.finish();
    const bytes = await readFile(zip);
    // the ZIP64 end of central directory record and its locator precede the classic end record
    expect(bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]), bytes.length - 200)).toBeGreaterThan(0);
    expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8', maxBuffer: 1 << 24 }).split('\n')).toHaveLength(
      count + 1,
    );
    const last = `f/${count - 1}`;
    const read = await readWithYauzl(zip, (name) => name === last);
    expect(read.size).toBe(count);
    expect(read.get(last)!.toString()).toBe(String(count - 1));
  }, 180_000); // 65,537 entries on a shared machine
});

describe('zip writer: past 4 GiB, cut ends, names and failures', () => {
  const FOUR_GIB = 2 ** 32;

  it('writes entries whose local headers and central directory begin past 4 GiB (a sparse file)', async () => {
    const zip = path.join(dir, 'far.zip');
    // the first entry's header begins 50 bytes before 4 GiB and its bytes cross it; the rest is beyond
    const w = await ZipWriter.create(zip, { startAt: FOUR_GIB - 50 });
    const first = randomBytes(1000);
    const second = randomBytes(70_000);
    await w.addBuffer('first.bin', first, file);
    await streamed(w, 'documents/second.bin', second, second.length);
    await w.addBuffer('third.txt', Buffer.from('third\n'), file);
    await w.finish();
    try {
      const { size, blocks } = await stat(zip);
      expect(size).toBeGreaterThan(FOUR_GIB + 70_000);
      // sparse: the 4 GiB before the zip were never written
      expect(blocks * 512).toBeLessThan(64 << 20);

      expect(execFileSync('unzip', ['-tq', zip], { encoding: 'utf8' })).toMatch(/No errors detected/);
      const details = execFileSync('unzip', ['-Zv', zip], { encoding: 'utf8' });
      // where each local header begins, as the central directory says (ZIP64 extra past 4 GiB)
      expect(
        [...details.matchAll(/offset of local header from start of archive:\s+(\d+)/g)].map((m) => Number(m[1])),
      ).toEqual([FOUR_GIB - 50, FOUR_GIB - 50 + 30 + 9 + 9 + 1000, expect.any(Number)]);
      expect(details).toMatch(/minimum software version required to extract:\s+4\.5/);
      // the central directory itself begins past 4 GiB: ZIP64 end record and locator
      const tail = Buffer.alloc(200);
      const handle = await open(zip, 'r');
      await handle.read(tail, 0, tail.length, size - tail.length);
      await handle.close();
      const record = tail.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
      expect(record).toBeGreaterThan(0);
      const cdOffset = Number(tail.readBigUInt64LE(record + 48));
      expect(cdOffset).toBeGreaterThan(FOUR_GIB);
      expect(tail.readUInt32LE(tail.length - 22 + 16)).toBe(0xffffffff);

      const read = await readWithYauzl(zip);
      expect([...read.keys()]).toEqual(['first.bin', 'documents/second.bin', 'third.txt']);
      expect(read.get('first.bin')!.equals(first)).toBe(true);
      expect(read.get('documents/second.bin')!.equals(second)).toBe(true);
    } finally {
      await rm(zip, { force: true });
    }
  });

  it('cuts off a dropped entry that reached further than the rest of the zip', async () => {
    const zip = path.join(dir, 'cut.zip');
    const w = await ZipWriter.create(zip);
    await w.addBuffer('a.txt', Buffer.from('a\n'), file);
    // far more than the 64 KiB in which readers look for the end record
    const dropped = await w.beginEntry('documents/dropped.bin', { ...file, sizeHint: 400_000 });
    await pipeline(Readable.from([randomBytes(400_000)]), dropped.stream);
    await dropped.discard();
    expect(dropped.writeError()).toBeUndefined();
    await w.addBuffer('b.txt', Buffer.from('b\n'), file);
    await w.finish();
    expect((await stat(zip)).size).toBeLessThan(1_000);
    expect(execFileSync('unzip', ['-tq', zip], { encoding: 'utf8' })).toMatch(/No errors detected/);
    expect([...(await readWithYauzl(zip)).keys()]).toEqual(['a.txt', 'b.txt']);
  });

  it('refuses a name that is not well-formed UTF-16 (UTF-8 would write U+FFFD for it)', async () => {
    const w = await ZipWriter.create(path.join(dir, 'names.zip'));
    await expect(w.addBuffer('documents/\ud800.pdf', Buffer.from('x'), file)).rejects.toThrow(/not well-formed/);
    await expect(w.beginEntry('documents/\udc01.pdf', file)).rejects.toThrow(/not well-formed/);
    await w.addBuffer('documents/😀.pdf', Buffer.from('x'), file);
    await w.finish();
    expect([...(await readWithYauzl(path.join(dir, 'names.zip'))).keys()]).toEqual(['documents/😀.pdf']);
  });

  it("tells the file's own write failure (a closed handle) from its source's", async () => {
    const w = await ZipWriter.create(path.join(dir, 'failing.zip'));
    const fromSource = await w.beginEntry('documents/a.bin', file);
    // a download that fails after some bytes went in: the source's error, not the file's
    async function* failing(): AsyncGenerator<Buffer> {
      yield randomBytes(10_000);
      throw new Error('its content hash failed');
    }
    await expect(pipeline(Readable.from(failing()), fromSource.stream)).rejects.toThrow(/content hash/);
    await fromSource.discard();
    expect(fromSource.writeError()).toBeUndefined();

    const entry = await w.beginEntry('documents/b.bin', file);
    await w.close(); // the file handle is gone: the next write of the entry's bytes fails
    await expect(pipeline(Readable.from([randomBytes(10_000)]), entry.stream)).rejects.toThrow();
    expect(entry.writeError()).toMatchObject({ code: 'EBADF' });
    await entry.discard();
  });
});
