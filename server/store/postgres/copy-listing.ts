// A listing read with `COPY (SELECT …) TO STDOUT (FORMAT binary)`: each row's JSON tail (about
// 1.3 KB of a 1.5 KB item) stays the bytes PostgreSQL sent, copied into the answer, where the
// cursor's rows went through pg's parser as strings, then were encoded to UTF-8 again (a
// 100,000-item listing spent a third of the server's CPU on that and on collecting the strings).
import type { Readable } from 'node:stream';
import pg from 'pg';
import { listSql, type ListQuery } from '../listing-sql.js';
import type { ListedWireRow } from '../rows.js';

/** COPY's binary format: signature, flags, header extension length (postgresql.org/docs/current/sql-copy.html). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const FIELDS = 5;

/**
 * The listing's COPY and the settings it runs under. COPY takes no parameters, so the values go
 * in as literals (escaped; numbers as numbers). Planned for all its rows, a whole listing would
 * sort the container's items (and their tails) rather than walk the path index, which already
 * gives them in order: sorting is ruled out then. A `since` refresh reads items_updated and sorts
 * the few rows it finds, as planned.
 */
export function listingCopy(columns: string, q: ListQuery): { settings: string[]; select: string; sql: string } {
  const { sql, params } = listSql(columns, q);
  const text = sql.replace(/@(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for @${name}`);
    const v = params[name];
    return typeof v === 'number' ? `${Math.trunc(v)}::bigint` : `${pg.escapeLiteral(String(v))}::text`;
  });
  return {
    settings: q.since === undefined ? ['SET LOCAL enable_sort = off'] : [],
    select: text,
    sql: `COPY (${text}) TO STDOUT (FORMAT binary)`,
  };
}

/**
 * The rows of a binary COPY of (path text, owner_id text, created_at bigint, updated_at bigint,
 * tail text), a batch for each piece of the answer as it arrives. Reading waits while the
 * caller handles a batch, so the connection stops reading and PostgreSQL waits in turn.
 * `ended` says whether the COPY's trailer came (else the connection is mid-COPY).
 */
export class CopiedRows {
  ended = false;
  constructor(private readonly stream: Readable) {
    // a failure is the next read's (the iterator rethrows it); none is left unhandled meanwhile
    stream.on('error', () => undefined);
  }

  async *batches(): AsyncGenerator<readonly ListedWireRow[]> {
    let rest: Buffer | undefined; // an unfinished row (or header) from the piece before
    let headerRead = false;
    for await (const piece of this.stream as AsyncIterable<Buffer>) {
      const buf = rest ? Buffer.concat([rest, piece]) : piece;
      let at = 0;
      if (!headerRead) {
        if (buf.length < HEADER_BYTES) {
          rest = buf;
          continue;
        }
        if (!buf.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY sent no binary header');
        const extension = buf.readInt32BE(SIGNATURE.length + 4);
        if (buf.length < HEADER_BYTES + extension) {
          rest = buf;
          continue;
        }
        at = HEADER_BYTES + extension;
        headerRead = true;
      }
      const rows: ListedWireRow[] = [];
      for (;;) {
        const row = readRow(buf, at);
        if (row === undefined) break;
        if (row === 'trailer') {
          this.ended = true;
          at = buf.length;
          break;
        }
        rows.push(row.row);
        at = row.next;
      }
      rest = at < buf.length ? buf.subarray(at) : undefined;
      if (rows.length > 0) yield rows;
    }
    if (!this.ended || rest) throw new Error('the listing’s COPY ended without its trailer');
  }
}

/** One row at `at`: the row and where the next begins, 'trailer' at the end, undefined when `buf` holds only part of it. */
function readRow(buf: Buffer, at: number): { row: ListedWireRow; next: number } | 'trailer' | undefined {
  if (at + 2 > buf.length) return undefined;
  const fields = buf.readInt16BE(at);
  if (fields === -1) return 'trailer';
  if (fields !== FIELDS) throw new Error(`COPY sent a row of ${fields} fields`);
  let p = at + 2;
  const bounds: number[] = [];
  for (let f = 0; f < FIELDS; f++) {
    if (p + 4 > buf.length) return undefined;
    const length = buf.readInt32BE(p);
    if (length < 0) throw new Error('COPY sent a NULL field in a listing');
    p += 4;
    if (p + length > buf.length) return undefined;
    bounds.push(p, p + length);
    p += length;
  }
  const [pathAt, pathEnd, ownerAt, ownerEnd, createdAt, , updatedAt, , tailAt, tailEnd] = bounds as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    row: [
      buf.toString('utf8', pathAt, pathEnd),
      buf.toString('latin1', ownerAt, ownerEnd),
      Number(buf.readBigInt64BE(createdAt)),
      Number(buf.readBigInt64BE(updatedAt)),
      buf.subarray(tailAt, tailEnd),
    ],
    next: p,
  };
}
