// Content chunk rows: whatever the size (empty, one chunk, several windows and a short last
// chunk), the bytes read back at any offset and length are the bytes written.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../test-support/pg-cluster.js';
import { migrateDatabase } from './pg-migrate.js';
import { CHUNK_BYTES, WINDOW_CHUNKS, chunkReader, writeChunks } from './pg-content.js';

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
  const sizes = { empty: 0, 'one byte': 1, 'one chunk exactly': CHUNK_BYTES, 'two windows and a short chunk': (2 * WINDOW_CHUNKS + 1) * CHUNK_BYTES + 12_345 };
  for (const [name, size] of Object.entries(sizes)) {
    it(`${name}: read back whole in the server's blocks and at unaligned offsets`, async () => {
      const bytes = randomBytes(size);
      const id = await store(bytes);
      const db = await pool.connect();
      try {
        // the content route's reads: one chunk's worth at a time, from the start
        const read = chunkReader(db, id, size);
        const block = Buffer.alloc(CHUNK_BYTES);
        const back: Buffer[] = [];
        for (let at = 0; at < size; ) {
          const n = await read(block, Math.min(CHUNK_BYTES, size - at), at);
          expect(n).toBeGreaterThan(0);
          back.push(Buffer.from(block.subarray(0, n)));
          at += n;
        }
        expect(Buffer.concat(back).equals(bytes)).toBe(true);
        // reads across chunk and window edges, and past the end
        const unaligned = chunkReader(db, id, size);
        for (const at of [1, CHUNK_BYTES - 3, WINDOW_CHUNKS * CHUNK_BYTES - 5, size - 7].filter((p) => p >= 0 && p < size)) {
          const length = Math.min(CHUNK_BYTES + 10, size - at);
          const into = Buffer.alloc(length);
          expect(await unaligned(into, length, at)).toBe(length);
          expect(into.equals(bytes.subarray(at, at + length))).toBe(true);
        }
        expect(await unaligned(Buffer.alloc(4), 4, size)).toBe(0);
      } finally {
        db.release();
      }
    });
  }
});
