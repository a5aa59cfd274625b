// Content as chunk rows, moved in both directions by one COPY in binary format: written
// from the upload's temporary file inside the item's transaction, read back as a stream.
// node-postgres reads every result column as text (bytea as hex, twice the bytes, decoded
// by the server), while COPY's binary rows arrive as the stored bytes. Both directions
// follow the socket's backpressure, so memory stays flat whatever the size.
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** A multiple of 3, so each chunk but the last encodes to Base-64 without padding. */
export const CHUNK_BYTES = 3 * 256 * 1024;

/** COPY's binary format: signature, flags, header extension length (postgresql.org/docs/current/sql-copy.html). */
const COPY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const COPY_TRAILER = Buffer.from([0xff, 0xff]);

/**
 * Copies the file into chunk rows of a new content. Two blocks take turns: the next chunk is
 * read from the file while the row before goes to PostgreSQL, and a block is read into again
 * only once the socket has taken it (its write's callback). A fresh buffer per chunk made
 * 200 MiB of garbage per 200 MiB upload, and the collections it cost.
 *
 * One write at a time, each a whole row: pg-copy-streams loses its connection when PostgreSQL
 * refuses the COPY (a full disk, a timeout), and a write it still held back then would fail
 * outside any caller, in a 'drain' event.
 */
export async function writeChunks(
  db: pg.PoolClient,
  contentId: string,
  file: string,
  timeoutMs?: number,
): Promise<number> {
  const fh = await open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    await db.query('INSERT INTO contents (id, size) VALUES ($1, $2)', [contentId, size]);
    if (size === 0) return 0;
    const statement = copyFrom('COPY content_chunks (content_id, seq, data) FROM STDIN (FORMAT binary)');
    // pg's limit for this statement, over the pool's (which is for short ones)
    if (timeoutMs !== undefined) Object.assign(statement, { query_timeout: timeoutMs });
    const copy = db.query(statement);
    let refused: Error | undefined;
    copy.on('error', (e) => (refused = e));
    // resolves once PostgreSQL has taken every row (still uncommitted: the item's transaction decides); rejects when it refuses them
    const copied = finished(copy);
    copied.catch(() => undefined);
    const send = async (b: Buffer): Promise<void> => {
      if (refused) throw refused;
      const written = new Promise<void>((resolve, reject) => copy.write(b, (e) => (e ? reject(e) : resolve())));
      // a refused COPY never calls back its last write
      await Promise.race([written, copied]);
    };
    try {
      await send(COPY_HEADER);
      // each row: three fields, each its length and bytes: content_id (text), seq (int4), data (bytea)
      const id = Buffer.from(contentId, 'utf8');
      const headBytes = 2 + 4 + id.length + 4 + 4 + 4;
      const blocks = [
        Buffer.allocUnsafeSlow(headBytes + Math.min(CHUNK_BYTES, size)),
        Buffer.allocUnsafeSlow(headBytes + Math.min(CHUNK_BYTES, size)),
      ];
      let sent: Promise<void> = Promise.resolve();
      for (let seq = 0, position = 0; position < size; seq++) {
        const length = Math.min(CHUNK_BYTES, size - position);
        const row = blocks[seq % 2]!.subarray(0, headBytes + length);
        for (let done = 0; done < length;) {
          const { bytesRead } = await fh.read(row, headBytes + done, length - done, position + done);
          if (bytesRead === 0) throw new Error(`the upload's file ended at ${position + done} of ${size} bytes`);
          done += bytesRead;
        }
        let at = row.writeInt16BE(3, 0);
        at = row.writeInt32BE(id.length, at);
        at += id.copy(row, at);
        at = row.writeInt32BE(4, at);
        at = row.writeInt32BE(seq, at);
        row.writeInt32BE(length, at);
        // the other block's row has gone before this one follows it
        await sent;
        sent = send(row);
        sent.catch(() => undefined); // awaited on the next turn or below
        position += length;
      }
      await sent;
      copy.end(COPY_TRAILER);
      await copied;
    } catch (e) {
      // a COPY cut short on this side is failed (CopyFail): PostgreSQL keeps none of its rows
      if (!refused) copy.destroy(e as Error);
      throw refused ?? e;
    }
    return size;
  } finally {
    await fh.close();
  }
}

/** A content's bytes as the content route reads them (`StoredContent.read`). */
export interface ChunkReader {
  read(into: Buffer, length: number, position: number): Promise<number>;
  /**
   * Ends the reading: true when the connection is ready for its next statement. False when
   * a COPY was left half read (the client went away): the connection must then be dropped,
   * since PostgreSQL would otherwise go on sending the rest of the content on it.
   */
  close(): boolean;
}

/**
 * Reads one content through `COPY (SELECT data ...) TO STDOUT (FORMAT binary)` on the
 * caller's connection (its transaction's snapshot). Reads in order stream from one COPY;
 * a read elsewhere finishes that COPY and starts one at the chunk holding the position.
 */
export function chunkReader(db: pg.PoolClient, contentId: string, size: number): ChunkReader {
  let copy: CopyOut | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const readAt = async (into: Buffer, length: number, position: number): Promise<number> => {
    if (position >= size) return 0;
    if (copy && copy.position !== position) {
      await copy.drain();
      copy = undefined;
    }
    if (!copy) {
      const first = Math.floor(position / CHUNK_BYTES);
      const sql = `COPY (SELECT data FROM content_chunks WHERE content_id = ${db.escapeLiteral(contentId)} AND seq >= ${first} ORDER BY seq) TO STDOUT (FORMAT binary)`;
      copy = new CopyOut(db.query(copyTo(sql)), first * CHUNK_BYTES);
      await copy.skip(position - first * CHUNK_BYTES);
    }
    const n = await copy.read(into, Math.min(length, size - position));
    // past the last byte: the trailer and the end of the COPY, so the connection is free again
    if (copy.position >= size) await copy.drain();
    return n;
  };
  return {
    // one read at a time: each continues where the one before ended
    read: (into, length, position) => {
      const next = queue.then(() => readAt(into, length, position));
      queue = next.catch(() => undefined);
      return next;
    },
    close: () => !copy || copy.ended,
  };
}

/** The data fields of one binary COPY's rows (one bytea column), as one run of bytes. */
class CopyOut {
  private readonly chunks: AsyncIterator<Buffer>;
  private buf: Buffer = Buffer.alloc(0);
  private at = 0;
  private headerRead = false;
  /** Bytes of the current row's field not read yet. */
  private fieldLeft = 0;
  ended = false;

  constructor(
    stream: Readable,
    /** Content position of the next byte. */
    public position: number,
  ) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    // a failure is the next read's (the iterator rethrows it); none is left unhandled meanwhile
    stream.on('error', () => undefined);
  }

  /** Up to `length` bytes into the start of `into`; fewer only at the end of the content. */
  async read(into: Buffer, length: number): Promise<number> {
    let done = 0;
    while (done < length) {
      if (this.fieldLeft === 0 && !(await this.nextField())) break;
      if (this.at === this.buf.length) await this.fill();
      const n = this.buf.copy(into, done, this.at, this.at + Math.min(length - done, this.fieldLeft));
      this.at += n;
      this.fieldLeft -= n;
      done += n;
    }
    this.position += done;
    return done;
  }

  async skip(bytes: number): Promise<void> {
    const scratch = Buffer.allocUnsafe(Math.min(bytes, CHUNK_BYTES));
    for (let left = bytes; left > 0;) {
      const n = await this.read(scratch, Math.min(left, scratch.length));
      if (n === 0) throw new Error('the content ended before the position read');
      left -= n;
    }
  }

  /** Reads to the end of the COPY, so the connection can take its next statement. */
  async drain(): Promise<void> {
    while (!this.ended) {
      const r = await this.chunks.next();
      if (r.done) this.ended = true;
    }
  }

  /** Moves to the next row's field; false at the trailer. */
  private async nextField(): Promise<boolean> {
    if (!this.headerRead) {
      const header = await this.take(COPY_HEADER.length);
      if (!header.subarray(0, 11).equals(COPY_HEADER.subarray(0, 11))) throw new Error('COPY sent no binary header');
      await this.take(header.readInt32BE(15));
      this.headerRead = true;
    }
    const fields = (await this.take(2)).readInt16BE(0);
    if (fields === -1) {
      await this.drain();
      return false;
    }
    if (fields !== 1) throw new Error(`COPY sent a row of ${fields} fields`);
    const length = (await this.take(4)).readInt32BE(0);
    if (length < 0) throw new Error('COPY sent a NULL chunk');
    this.fieldLeft = length;
    return this.fieldLeft > 0 || this.nextField();
  }

  /** `n` bytes of framing, gathered across the stream's chunks. */
  private async take(n: number): Promise<Buffer> {
    const out = Buffer.allocUnsafe(n);
    for (let done = 0; done < n;) {
      if (this.at === this.buf.length) await this.fill();
      const c = this.buf.copy(out, done, this.at, this.at + n - done);
      this.at += c;
      done += c;
    }
    return out;
  }

  private async fill(): Promise<void> {
    const r = await this.chunks.next();
    if (r.done) {
      this.ended = true;
      throw new Error(`the content's COPY ended early, at ${this.position} bytes`);
    }
    this.buf = r.value;
    this.at = 0;
  }
}
