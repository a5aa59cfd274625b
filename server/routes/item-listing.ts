// Item listings (protocol.md §2: GET /containers/{id}/items[/{path}]): one item as an object,
// or the items below a path as an array streamed from a read connection of its own.
import type { ServerResponse } from 'node:http';
import { parseIsoTimestamp } from '../../shared/iso-date.js';
import { ApiError } from '../http/api-error.js';
import { roomToWrite, sendJson } from '../http/responses.js';
import type { RouteContext } from '../http/router.js';
import type { ListedWireRow } from '../store/rows.js';
import { toItem, wireItemHead } from './wire.js';
import { containerFor, itemPathFromUrl } from './route-helpers.js';

function listQuery(ctx: RouteContext): { recurse: boolean; owner?: string; since?: number } {
  const recurseText = ctx.query.get('recurse');
  let recurse = false;
  if (recurseText !== undefined) {
    const v = recurseText.toLowerCase();
    if (v !== 'true' && v !== 'false' && v !== '')
      throw new ApiError('invalidValue', 'The query parameter recurse must be true or false.');
    recurse = v !== 'false';
  }
  const sinceText = ctx.query.get('since');
  let since: number | undefined;
  if (sinceText !== undefined) {
    since = parseIsoTimestamp(sinceText);
    if (since === undefined)
      throw new ApiError(
        'invalidValue',
        'The query parameter since must be an ISO 8601 date, or a date-time with Z or an offset.',
      );
  }
  const owner = ctx.query.get('owner');
  return { recurse, ...(owner !== undefined ? { owner } : {}), ...(since !== undefined ? { since } : {}) };
}

export async function listItems(ctx: RouteContext): Promise<void> {
  const q = listQuery(ctx);
  const path = itemPathFromUrl(ctx.rest, 0);
  const c = await containerFor(ctx);
  const orgId = ctx.caller.org.id;
  if (path !== '') {
    const single = await ctx.app.store.getVisibleItem(c.id, path, orgId);
    if (single) return sendJson(ctx.res, 200, toItem(single));
  }
  await ctx.app.store.listItems({ containerId: c.id, orgId, path, ...q }, (batches) =>
    sendItemList(ctx.res, c.id, batches),
  );
}

/** Bytes of JSON gathered before each write of a listing. */
const LIST_CHUNK = 1024 * 1024;
/** UTF-8 bytes one UTF-16 code unit can take (a surrogate pair: 4 bytes for 2 units). */
const MAX_UTF8_PER_UNIT = 3;

/**
 * A listing's JSON array, written in ~1 MiB pieces as the rows are read (chunked transfer
 * encoding), never as one array of Items plus one string plus one Buffer: 100,000 items
 * are ~150 MiB of JSON. Each item's text is encoded straight into the piece being filled
 * (joining the texts into a string and encoding that cost a quarter more CPU). Reading
 * waits while the socket is full, so the client parses while the server reads (reading it
 * all first kept the client idle for a second); the rows come from a connection of the
 * listing's own, one snapshot throughout.
 */
async function sendItemList(
  res: ServerResponse,
  containerId: string,
  batches: AsyncIterable<readonly ListedWireRow[]>,
): Promise<void> {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  let piece = Buffer.allocUnsafe(LIST_CHUNK);
  let at = 0;
  piece[at++] = 0x5b; // [
  let first = true;
  // leaving the loop early (a client gone) ends the batches, which frees their connection at once
  for await (const rows of batches) {
    for (const row of rows) {
      const head = wireItemHead(containerId, row);
      const tail = row[4];
      // a tail in bytes is copied as it came from the database, never decoded and encoded again
      const room =
        1 +
        head.length * MAX_UTF8_PER_UNIT +
        (typeof tail === 'string' ? tail.length * MAX_UTF8_PER_UNIT : tail.length);
      if (at + room > piece.length) {
        // each write hands over a buffer of its own: the socket may still hold the last one
        const more = at === 0 || res.write(piece.subarray(0, at));
        piece = Buffer.allocUnsafe(Math.max(LIST_CHUNK, room));
        at = 0;
        if (!more && !(await roomToWrite(res))) return;
      }
      if (!first) piece[at++] = 0x2c; // ,
      first = false;
      at += piece.write(head, at);
      at += typeof tail === 'string' ? piece.write(tail, at) : tail.copy(piece, at);
    }
  }
  if (at === piece.length) {
    res.write(piece);
    piece = Buffer.allocUnsafe(1);
    at = 0;
  }
  piece[at++] = 0x5d; // ]
  res.end(piece.subarray(0, at));
}
