// Content as chunk rows: written from the upload's temporary file inside the item's
// transaction, read back one chunk at a time. Memory stays at a chunk or two per transfer
// whatever the size (300 MiB is 400 chunks).
import { open } from 'node:fs/promises';
import type pg from 'pg';

/** A multiple of 3, so each chunk but the last encodes to Base-64 without padding. */
export const CHUNK_BYTES = 3 * 256 * 1024;

/** Copies the file into chunk rows of a new content; the next chunk is read while one is sent. */
export async function writeChunks(db: pg.PoolClient, contentId: string, file: string): Promise<number> {
  const fh = await open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    await db.query('INSERT INTO contents (id, size) VALUES ($1, $2)', [contentId, size]);
    const readAt = async (position: number): Promise<Buffer> => {
      // a fresh buffer per chunk: node-postgres may still hold the one before
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size - position));
      for (let done = 0; done < chunk.length; ) {
        const { bytesRead } = await fh.read(chunk, done, chunk.length - done, position + done);
        if (bytesRead === 0) throw new Error(`the upload's file ended at ${position + done} of ${size} bytes`);
        done += bytesRead;
      }
      return chunk;
    };
    let next = size > 0 ? readAt(0) : undefined;
    for (let seq = 0, position = 0; next; seq++) {
      const chunk = await next;
      position += chunk.length;
      next = position < size ? readAt(position) : undefined;
      // the Buffer goes as a binary parameter: no hex text of it is ever made
      await db.query('INSERT INTO content_chunks (content_id, seq, data) VALUES ($1, $2, $3)', [contentId, seq, chunk]);
    }
    return size;
  } finally {
    await fh.close();
  }
}

/** Reads up to `length` bytes at `position` of a content into `into`; 0 at the end. */
export async function readChunk(db: pg.PoolClient, contentId: string, into: Buffer, length: number, position: number): Promise<number> {
  let done = 0;
  while (done < length) {
    const at = position + done;
    const seq = Math.floor(at / CHUNK_BYTES);
    const offset = at - seq * CHUNK_BYTES;
    const want = Math.min(length - done, CHUNK_BYTES - offset);
    // (results come as hex text that node-postgres decodes: binary results are per connection, not per query)
    const r = await db.query<{ data: Buffer }>(
      'SELECT substring(data FROM $3::int FOR $4::int) AS data FROM content_chunks WHERE content_id = $1 AND seq = $2',
      [contentId, seq, offset + 1, want],
    );
    const data = r.rows[0]?.data;
    if (!data || data.length === 0) break;
    data.copy(into, done);
    done += data.length;
    if (data.length < want) break;
  }
  return done;
}
