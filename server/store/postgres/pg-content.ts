// Content as chunk rows: written from the upload's temporary file inside the item's
// transaction, read back a window of chunks per query. Memory stays at two windows per
// transfer whatever the size (300 MiB is 400 chunks).
import { open } from 'node:fs/promises';
import type pg from 'pg';

/** A multiple of 3, so each chunk but the last encodes to Base-64 without padding. */
export const CHUNK_BYTES = 3 * 256 * 1024;

/**
 * Chunks per statement, each way (1.5 MiB). Every statement is a round trip between two
 * processes, and on a loaded machine waiting for each side to be scheduled cost more than
 * the bytes (bench/README.md). Two windows at a time: four windows' chunks per query pushed
 * the server's peak memory past its 64 MiB target (the hex text of a result is held whole).
 */
export const WINDOW_CHUNKS = 2;

/** Copies the file into chunk rows of a new content; the next window is read while one is sent. */
export async function writeChunks(db: pg.PoolClient, contentId: string, file: string): Promise<number> {
  const fh = await open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    await db.query('INSERT INTO contents (id, size) VALUES ($1, $2)', [contentId, size]);
    const readChunk = async (position: number): Promise<Buffer> => {
      // a fresh buffer per chunk: node-postgres may still hold the one before
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size - position));
      for (let done = 0; done < chunk.length; ) {
        const { bytesRead } = await fh.read(chunk, done, chunk.length - done, position + done);
        if (bytesRead === 0) throw new Error(`the upload's file ended at ${position + done} of ${size} bytes`);
        done += bytesRead;
      }
      return chunk;
    };
    const readWindow = async (position: number): Promise<Buffer[]> => {
      const chunks: Buffer[] = [];
      for (let at = position; at < size && chunks.length < WINDOW_CHUNKS; at += CHUNK_BYTES) chunks.push(await readChunk(at));
      return chunks;
    };
    let next = size > 0 ? readWindow(0) : undefined;
    for (let seq = 0, position = 0; next; ) {
      const chunks = await next;
      position += chunks.reduce((n, c) => n + c.length, 0);
      next = position < size ? readWindow(position) : undefined;
      // one statement per window; each Buffer goes as a binary parameter: no hex text of it is ever made
      const rows = chunks.map((_, i) => `($1, $${2 * i + 2}::int, $${2 * i + 3}::bytea)`).join(', ');
      await db.query(`INSERT INTO content_chunks (content_id, seq, data) VALUES ${rows}`, [contentId, ...chunks.flatMap((c, i) => [seq + i, c])]);
      seq += chunks.length;
    }
    return size;
  } finally {
    await fh.close();
  }
}

/**
 * A reader of one content's bytes (`StoredContent.read`): each query fetches a window of
 * chunks, and the next window is asked for as soon as one is used, so the database works
 * while the caller encodes and sends. Runs on the transaction's connection (one snapshot).
 */
export function chunkReader(db: pg.PoolClient, contentId: string, size: number): (into: Buffer, length: number, position: number) => Promise<number> {
  const chunkCount = Math.ceil(size / CHUNK_BYTES);
  const windows = new Map<number, Promise<Buffer[]>>();
  // (results come as hex text that node-postgres decodes: its binary results are read as UTF-8 text, which bytea's bytes are not)
  const fetchWindow = (w: number): Promise<Buffer[]> =>
    db
      .query<{ data: Buffer }>('SELECT data FROM content_chunks WHERE content_id = $1 AND seq >= $2 AND seq < $3 ORDER BY seq', [
        contentId,
        w * WINDOW_CHUNKS,
        (w + 1) * WINDOW_CHUNKS,
      ])
      .then((r) => r.rows.map((row) => row.data));
  const windowAt = (w: number): Promise<Buffer[]> => {
    for (const k of windows.keys()) if (k < w) windows.delete(k);
    let p = windows.get(w);
    if (!p) windows.set(w, (p = fetchWindow(w)));
    if ((w + 1) * WINDOW_CHUNKS < chunkCount && !windows.has(w + 1)) {
      const ahead = fetchWindow(w + 1);
      ahead.catch(() => undefined); // awaited when reached; a failure then is the reader's
      windows.set(w + 1, ahead);
    }
    return p;
  };
  return async (into, length, position) => {
    let done = 0;
    while (done < length && position + done < size) {
      const at = position + done;
      const seq = Math.floor(at / CHUNK_BYTES);
      const chunk = (await windowAt(Math.floor(seq / WINDOW_CHUNKS)))[seq % WINDOW_CHUNKS];
      if (!chunk) break;
      const copied = chunk.copy(into, done, at - seq * CHUNK_BYTES, Math.min(chunk.length, at - seq * CHUNK_BYTES + length - done));
      if (copied === 0) break;
      done += copied;
    }
    return done;
  };
}
