// Content chunk rows: whatever the size (empty, one chunk, several chunks and a short last
// one), the bytes read back at any offset and length are the bytes written.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../test-support/pg-cluster.js';
import { migrateDatabase } from './pg-migrate.js';
import { CHUNK_BYTES, chunkReader, writeChunks } from './pg-content.js';

let pool: pg.Pool;
let dir: string;
beforeAll(async () => {
  const url = await createDatabase(inject('pgAdminUrl'));
  await migrateDatabase(url);
  pool = new pg.Pool({ connectionString: url, max: 2 });
  dir = await mkdtemp(join(tmpdir(), 'pg-content-'));
});
afterAll(async () => {
  await pool.end();
  await rm(dir, { recursive: true, force: true });
});

/** Writes `bytes` as a content in a committed transaction; its id. */
async function store(bytes: Buffer): Promise<string> {
  const file = join(dir, `${randomBytes(6).toString('hex')}.bin`);
  await writeFile(file, bytes);
  const id = `c-${randomBytes(6).toString('hex')}`;
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    expect(await writeChunks(db, id, file)).toBe(bytes.length);
    await db.query('COMMIT');
  } finally {
    db.release();
  }
  return id;
}

describe('PostgreSQL content chunks', () => {
  const sizes = {
    empty: 0,
    'one byte': 1,
    'one chunk exactly': CHUNK_BYTES,
    'five chunks and a short one': 5 * CHUNK_BYTES + 12_345,
  };
  for (const [name, size] of Object.entries(sizes)) {
    it(`${name}: read back whole in the server's blocks and at unaligned offsets`, async () => {
      const bytes = randomBytes(size);
      const id = await store(bytes);
      const db = await pool.connect();
      try {
        // the content route's reads: one chunk's worth at a time, from the start
        const { read, close } = chunkReader(db, id, size);
        const block = Buffer.alloc(CHUNK_BYTES);
        const back: Buffer[] = [];
        for (let at = 0; at < size;) {
          const n = await read(block, Math.min(CHUNK_BYTES, size - at), at);
          expect(n).toBeGreaterThan(0);
          back.push(Buffer.from(block.subarray(0, n)));
          at += n;
        }
        expect(Buffer.concat(back).equals(bytes)).toBe(true);
        // read to the end, the COPY is over: the connection takes its next statement
        expect(close()).toBe(true);
        expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        // reads across chunk edges, backwards, and past the end
        const unaligned = chunkReader(db, id, size);
        for (const at of [1, CHUNK_BYTES - 3, 2 * CHUNK_BYTES - 5, 2, size - 7].filter((p) => p >= 0 && p < size)) {
          const length = Math.min(CHUNK_BYTES + 10, size - at);
          const into = Buffer.alloc(length);
          expect(await unaligned.read(into, length, at)).toBe(length);
          expect(into.equals(bytes.subarray(at, at + length))).toBe(true);
        }
        expect(await unaligned.read(Buffer.alloc(4), 4, size)).toBe(0);
        expect(unaligned.close()).toBe(true);
      } finally {
        db.release();
      }
    });
  }

  it('a COPY that fails midway fails the write, its transaction keeps none of it, and the connection goes on', async () => {
    const file = join(dir, 'cut.bin');
    await writeFile(file, randomBytes(8 * CHUNK_BYTES));
    const db = await pool.connect();
    try {
      await db.query('BEGIN');
      // PostgreSQL refuses the sixth row, as it would one that found the disk full (the constraint goes with the rollback)
      await db.query(
        "ALTER TABLE content_chunks ADD CONSTRAINT cut_midway CHECK (content_id <> 'c-cut' OR seq < 5) NOT VALID",
      );
      await expect(writeChunks(db, 'c-cut', file)).rejects.toThrow(/cut_midway/);
      await db.query('ROLLBACK');
      expect(
        (await db.query('SELECT count(*)::int AS n FROM content_chunks WHERE content_id = $1', ['c-cut'])).rows,
      ).toEqual([{ n: 0 }]);
      expect((await db.query('SELECT count(*)::int AS n FROM contents WHERE id = $1', ['c-cut'])).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await db.query('ROLLBACK');
      db.release();
    }
  });

  it('a content left half read says so: its connection is not handed on with the rest of a COPY on it', async () => {
    const size = 4 * CHUNK_BYTES;
    const id = await store(randomBytes(size));
    const db = await pool.connect();
    const reader = chunkReader(db, id, size);
    expect(await reader.read(Buffer.alloc(100), 100, 0)).toBe(100);
    expect(reader.close()).toBe(false);
    // as the store does with it: closed, not released for reuse
    db.release(new Error('left half read'));
    const next = await pool.connect();
    try {
      expect(
        (await next.query('SELECT count(*)::int AS n FROM content_chunks WHERE content_id = $1', [id])).rows,
      ).toEqual([{ n: 4 }]);
    } finally {
      next.release();
    }
  });
});
