// A zip of stored (uncompressed) entries written to a file, for the study archive. Documents are
// mostly compressed formats already, so storing keeps the export at disk speed. Written in place
// rather than through a zip library: a document streams into its entry straight from the
// decryptor (one write of its bytes, CRC-32 by zlib's native code), and when its hashes then fail
// the entry is dropped: the next entry is written over it and the file is cut to the zip's end
// when it is finished, so a document that failed never appears in the archive. The local header is completed once the bytes are in (the file
// is seekable), so no data descriptors; ZIP64 fields wherever a size, an offset or the number of
// entries needs them (APPNOTE 6.3.10, 4.3.14–4.3.16, 4.5.3).
import { open, type FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';
// Node ≥ 20.15 (package.json's engines ask for 20.19; Electron 45 carries Node 22)
import { crc32 } from 'node:zlib';
import { isWellFormed } from '../../../shared/file-name.js';

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
/** General purpose flag bit 11: names are UTF-8. */
const UTF8 = 0x0800;
const VERSION_ZIP64 = 45;
const VERSION_STORED = 20;
/** Made by: Unix (3), spec 4.5; the mode then sits in the external attributes' high half. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;

export interface ZipEntryOptions {
  /** Unix mode with the file type bits, e.g. 0o100644. */
  readonly mode: number;
  readonly mtime: Date;
  /**
   * The size the entry will have, when known: under 4 GiB its local header carries no ZIP64
   * field. Unknown or larger, the header reserves one.
   */
  readonly sizeHint?: number;
}

/** An entry being streamed: write its bytes into `stream`, then `commit` or `discard` it. */
export interface OpenZipEntry {
  readonly stream: Writable;
  /** Completes the entry; the stream must have finished. */
  commit(): Promise<void>;
  /** Removes the entry and everything written for it. */
  discard(): Promise<void>;
  /** The first error writing the entry's bytes to the file: the zip's own failure, not its source's. */
  writeError(): Error | undefined;
}

export interface ZipWriterOptions {
  /**
   * Where the first entry begins; the bytes before it are no part of the zip. Tests start past
   * 4 GiB in a sparse file this way.
   */
  readonly startAt?: number;
}

/** A name as UTF-8: a lone surrogate would be written as U+FFFD and could collide with another name. */
function encodeName(name: string): Buffer {
  if (!isWellFormed(name)) throw new Error(`a zip entry name is not well-formed UTF-16: ${JSON.stringify(name)}`);
  return Buffer.from(name, 'utf8');
}

interface Entry {
  readonly name: Buffer;
  readonly options: ZipEntryOptions;
  readonly offset: number;
  readonly crc: number;
  readonly size: number;
}

/** MS-DOS date and time (local time, as zip tools read them); the UT field below carries UTC. */
function dosDateTime(d: Date): { time: number; date: number } {
  if (d.getFullYear() < 1980) return { time: 0, date: (1 << 5) | 1 };
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((Math.min(d.getFullYear(), 2107) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** Extended timestamp (0x5455): the modification time in Unix seconds. */
function timestampField(mtime: Date): Buffer {
  const b = Buffer.alloc(9);
  b.writeUInt16LE(0x5455, 0);
  b.writeUInt16LE(5, 2);
  b.writeUInt8(1, 4);
  b.writeInt32LE(Math.max(0, Math.min(0x7fffffff, Math.floor(mtime.getTime() / 1000))), 5);
  return b;
}

/** A ZIP64 extended information field (0x0001) of the given 8-byte values. */
function zip64Field(values: readonly number[]): Buffer {
  const b = Buffer.alloc(4 + 8 * values.length);
  b.writeUInt16LE(0x0001, 0);
  b.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return b;
}

function localHeader(name: Buffer, options: ZipEntryOptions, zip64: boolean, crc = 0, size = 0): Buffer {
  const { time, date } = dosDateTime(options.mtime);
  const extra = Buffer.concat([...(zip64 ? [zip64Field([size, size])] : []), timestampField(options.mtime)]);
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_STORED, 4);
  b.writeUInt16LE(UTF8, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  b.writeUInt32LE(crc, 14);
  b.writeUInt32LE(zip64 ? MAX32 : size, 18);
  b.writeUInt32LE(zip64 ? MAX32 : size, 22);
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(extra.length, 28);
  return Buffer.concat([b, name, extra]);
}

function centralHeader(e: Entry): Buffer {
  const { time, date } = dosDateTime(e.options.mtime);
  const big = e.size >= MAX32;
  const far = e.offset >= MAX32;
  const wide = [...(big ? [e.size, e.size] : []), ...(far ? [e.offset] : [])];
  const extra = Buffer.concat([...(wide.length ? [zip64Field(wide)] : []), timestampField(e.options.mtime)]);
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(wide.length ? VERSION_ZIP64 : VERSION_STORED, 6);
  b.writeUInt16LE(UTF8, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(big ? MAX32 : e.size, 20);
  b.writeUInt32LE(big ? MAX32 : e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt16LE(extra.length, 30);
  b.writeUInt16LE(0, 32); // comment
  b.writeUInt16LE(0, 34); // disk
  b.writeUInt16LE(0, 36); // internal attributes
  b.writeUInt32LE((e.options.mode << 16) >>> 0, 38);
  b.writeUInt32LE(far ? MAX32 : e.offset, 42);
  return Buffer.concat([b, e.name, extra]);
}

function endRecords(count: number, cdOffset: number, cdSize: number): Buffer {
  const zip64 = count >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4); // the record's size after this field
    record.writeUInt16LE(MADE_BY, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    record.writeUInt32LE(0, 16);
    record.writeUInt32LE(0, 20);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(cdSize), 40);
    record.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, MAX16), 8);
  end.writeUInt16LE(Math.min(count, MAX16), 10);
  end.writeUInt32LE(Math.min(cdSize, MAX32), 12);
  end.writeUInt32LE(Math.min(cdOffset, MAX32), 16);
  return Buffer.concat([...parts, end]);
}

/** Small entries are gathered up to this many bytes and written at once (one write each was slow). */
const GATHER_BYTES = 1 << 20;

export class ZipWriter {
  /** Where the next entry begins, counting the gathered bytes not yet written. */
  private offset: number;
  private readonly entries: Entry[] = [];
  private gathered: Buffer[] = [];
  private gatheredBytes = 0;
  /** An entry being streamed: no other may start meanwhile. */
  private open = false;

  private constructor(
    private readonly file: FileHandle,
    startAt: number,
  ) {
    this.offset = startAt;
  }

  /** Creates `path` (which must not exist). */
  static async create(path: string, { startAt = 0 }: ZipWriterOptions = {}): Promise<ZipWriter> {
    const file = await open(path, 'wx', 0o600);
    return new ZipWriter(file, startAt);
  }

  private async writeAt(buffers: readonly Buffer[], position: number): Promise<number> {
    let at = position;
    for (const b of buffers) {
      let done = 0;
      while (done < b.length) {
        const { bytesWritten } = await this.file.write(b, done, b.length - done, at);
        done += bytesWritten;
        at += bytesWritten;
      }
    }
    return at - position;
  }

  private claim(): void {
    if (this.open) throw new Error('a zip entry is still being written');
  }

  private async flush(): Promise<void> {
    const buffers = this.gathered;
    const at = this.offset - this.gatheredBytes;
    this.gathered = [];
    this.gatheredBytes = 0;
    await this.writeAt(buffers, at);
  }

  /** An entry whose bytes are at hand. */
  async addBuffer(name: string, bytes: Buffer, options: ZipEntryOptions): Promise<void> {
    this.claim();
    const encoded = encodeName(name);
    const crc = crc32(bytes);
    const header = localHeader(encoded, options, bytes.length >= MAX32, crc, bytes.length);
    this.entries.push({ name: encoded, options, offset: this.offset, crc, size: bytes.length });
    this.gathered.push(header, bytes);
    this.gatheredBytes += header.length + bytes.length;
    this.offset += header.length + bytes.length;
    if (this.gatheredBytes >= GATHER_BYTES) await this.flush();
  }

  /** An entry streamed in; its CRC-32 and size are taken as the bytes pass. */
  async beginEntry(name: string, options: ZipEntryOptions): Promise<OpenZipEntry> {
    this.claim();
    const encoded = encodeName(name);
    this.open = true;
    const zip64 = options.sizeHint === undefined || options.sizeHint >= MAX32;
    const offset = this.offset;
    let header: Buffer;
    try {
      await this.flush();
      header = localHeader(encoded, options, zip64);
      await this.writeAt([header], offset);
    } catch (e) {
      this.open = false;
      throw e;
    }
    const dataStart = offset + header.length;
    let position = dataStart;
    let crc = 0;
    let writeError: Error | undefined;
    // the write in progress, awaited before the entry is cut off (a destroyed stream does not wait)
    let pending: Promise<unknown> = Promise.resolve();
    const put = (chunks: Buffer[], done: (error?: Error | null) => void): void => {
      for (const c of chunks) crc = crc32(c, crc);
      pending = this.writeAt(chunks, position).then(
        (n) => {
          position += n;
          done();
        },
        (error: Error) => {
          writeError ??= error;
          done(error);
        },
      );
    };
    const stream = new Writable({
      highWaterMark: 1 << 20,
      write: (chunk: Buffer, _encoding, done) => put([chunk], done),
      writev: (chunks, done) =>
        put(
          chunks.map((c) => c.chunk as Buffer),
          done,
        ),
    });
    let settled = false;
    const settle = (): void => {
      if (settled) throw new Error('this zip entry was already committed or discarded');
      settled = true;
      this.open = false;
    };
    return {
      stream,
      commit: async () => {
        if (!stream.writableFinished) throw new Error('a zip entry was committed before its bytes were all written');
        await pending;
        const size = position - dataStart;
        if (!zip64 && size >= MAX32) throw new Error(`${name} grew past the size it announced`);
        // crc, then the sizes: in the 32-bit fields, or in the ZIP64 field reserved first among the extras
        const fields = Buffer.alloc(4);
        fields.writeUInt32LE(crc >>> 0, 0);
        await this.writeAt([fields], offset + 14);
        if (zip64) await this.writeAt([zip64Field([size, size]).subarray(4)], offset + 30 + encoded.length + 4);
        else {
          const sizes = Buffer.alloc(8);
          sizes.writeUInt32LE(size, 0);
          sizes.writeUInt32LE(size, 4);
          await this.writeAt([sizes], offset + 18);
        }
        settle();
        this.offset = position;
        this.entries.push({ name: encoded, options, offset, crc: crc >>> 0, size });
      },
      // its bytes stay until the next entry overwrites them or finish() cuts the file
      discard: async () => {
        if (!stream.destroyed) stream.destroy();
        await pending.catch(() => undefined);
        settle();
        this.offset = offset;
      },
      writeError: () => writeError,
    };
  }

  /**
   * Writes the central directory and closes the file, cut where the zip ends: a dropped entry
   * may have reached further, and readers look for the end record only in the last 64 KiB.
   */
  async finish(): Promise<void> {
    this.claim();
    await this.flush();
    const central = Buffer.concat(this.entries.map(centralHeader));
    const end = endRecords(this.entries.length, this.offset, central.length);
    const length = this.offset + (await this.writeAt([central, end], this.offset));
    await this.file.truncate(length);
    await this.file.close();
  }

  /** Closes the file as it is (the caller removes it). */
  async close(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }
}
