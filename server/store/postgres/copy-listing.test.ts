// The listing's binary COPY rows read back whole however the answer is cut into pieces.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ListedWireRow } from '../rows.js';
import { CopiedRows, listingCopy } from './copy-listing.js';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

function field(value: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(value.length);
  return Buffer.concat([length, value]);
}

function bigint(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(n));
  return b;
}

/** A binary COPY of the rows, as PostgreSQL writes it (an 8-byte header extension included). */
function copyOf(rows: readonly (readonly [string, string, number, number, string])[]): Buffer {
  const header = Buffer.concat([SIGNATURE, Buffer.alloc(4), Buffer.from([0, 0, 0, 8]), Buffer.alloc(8)]);
  const body = rows.map(([path, owner, created, updated, tail]) =>
    Buffer.concat([
      Buffer.from([0, 5]),
      field(Buffer.from(path)),
      field(Buffer.from(owner)),
      field(bigint(created)),
      field(bigint(updated)),
      field(Buffer.from(tail)),
    ]),
  );
  return Buffer.concat([header, ...body, Buffer.from([0xff, 0xff])]);
}

async function read(pieces: Buffer[]): Promise<{ rows: ListedWireRow[]; ended: boolean }> {
  const copied = new CopiedRows(Readable.from(pieces));
  const rows: ListedWireRow[] = [];
  for await (const batch of copied.batches()) rows.push(...batch);
  return { rows, ended: copied.ended };
}

const ROWS = [
  ['a|b', 'f'.repeat(32), -1, 0, '"header":"AA=="}'],
  ['データ|€ and "quotes"', '0'.repeat(32), 253402300800000, 1_700_000_000_000, '"key":"x"}'],
  ['z', '1'.repeat(32), 5, 6, ''],
] as const;

describe('binary COPY of a listing', () => {
  it('gives every row whole, its tail as the bytes sent, wherever the pieces are cut', async () => {
    const whole = copyOf(ROWS);
    const expected = ROWS.map(([p, o, c, u, t]) => [p, o, c, u, Buffer.from(t)]);
    for (let cut = 1; cut < whole.length; cut++) {
      const { rows, ended } = await read([whole.subarray(0, cut), whole.subarray(cut)]);
      expect(rows, `cut at ${cut}`).toEqual(expected);
      expect(ended).toBe(true);
    }
    const bytes = await read([...whole].map((b) => Buffer.from([b])));
    expect(bytes.rows).toEqual(expected);
  });

  it('fails an answer that ends before its trailer, or sends rows of another shape', async () => {
    const whole = copyOf(ROWS);
    await expect(read([whole.subarray(0, whole.length - 2)])).rejects.toThrow('without its trailer');
    await expect(read([whole.subarray(0, whole.length - 9)])).rejects.toThrow('without its trailer');
    const odd = Buffer.from(whole);
    odd.writeInt16BE(4, 19 + 8);
    await expect(read([odd])).rejects.toThrow('a row of 4 fields');
    await expect(read([Buffer.from('<html>a proxy page, not a COPY</html>')])).rejects.toThrow('no binary header');
  });

  it('puts values in as escaped literals (COPY takes no parameters), and rules out a sort for a whole listing only', () => {
    const whole = listingCopy('i.path', {
      containerId: "c'; DROP TABLE items; --",
      orgId: 'o',
      path: '',
      recurse: true,
    });
    expect(whole.sql).toContain(`'c''; DROP TABLE items; --'::text`);
    expect(whole.sql).toMatch(/^COPY \(SELECT .*\) TO STDOUT \(FORMAT binary\)$/s);
    expect(whole.settings).toEqual(['SET LOCAL enable_sort = off']);
    const since = listingCopy('i.path', {
      containerId: 'c',
      orgId: 'o',
      path: '',
      recurse: true,
      since: 1_700_000_000_000.9,
    });
    expect(since.sql).toContain('1700000000000::bigint');
    expect(since.settings).toEqual([]);
  });
});
