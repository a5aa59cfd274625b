// Items: list, save (PUT), add (POST), delete, content (interface §4, decisions §3).
import { open, type FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MAX_SEGMENTS } from '../../shared/item-path.js';
import { isBase64ContentFile, promoteTempFile, removeContentFile } from '../content-files.js';
import { alignedBlock, contentReader, DIRECT_IO_FROM } from '../content-io.js';
import { newId } from '../format.js';
import { ApiError } from '../http/api-error.js';
import { roomToWrite, sendEmpty, sendJson } from '../http/responses.js';
import type { Route, RouteContext } from '../http/router.js';
import {
  deleteItem,
  getItem,
  getVisibleItem,
  insertItem,
  iterateListedItems,
  replaceItem,
  toItem,
  wireItemJson,
  type ListedWireRow,
} from '../store/items.js';
import { Base64BlockEncoder } from '../../shared/protocol/envelope-stream.js';
import { itemPayload } from './item-payload.js';
import { containerFor, itemPathFromUrl } from './route-helpers.js';

const ANY = ['sIRB', 'pSite'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

function listQuery(ctx: RouteContext): { recurse: boolean; owner?: string; since?: number } {
  const recurseText = ctx.query.get('recurse');
  let recurse = false;
  if (recurseText !== null) {
    const v = recurseText.toLowerCase();
    if (v !== 'true' && v !== 'false' && v !== '') throw new ApiError('invalidValue', 'The query parameter recurse must be true or false.');
    recurse = v !== 'false';
  }
  const sinceText = ctx.query.get('since');
  let since: number | undefined;
  if (sinceText !== null) {
    since = ISO_DATE.test(sinceText) ? Date.parse(sinceText) : NaN;
    if (!Number.isFinite(since)) throw new ApiError('invalidValue', 'The query parameter since must be an ISO 8601 date or date-time.');
  }
  const owner = ctx.query.get('owner') ?? undefined;
  return { recurse, ...(owner !== undefined ? { owner } : {}), ...(since !== undefined ? { since } : {}) };
}

async function listItems(ctx: RouteContext): Promise<void> {
  const q = listQuery(ctx);
  const path = itemPathFromUrl(ctx.rest, 0);
  const c = containerFor(ctx);
  const orgId = ctx.caller.org.id;
  if (path !== '') {
    const single = getVisibleItem(ctx.app.db, c.id, path, orgId);
    if (single) return sendJson(ctx.res, 200, toItem(single));
  }
  await ctx.app.readers.use((reader) => sendItemList(ctx.res, c.id, iterateListedItems(reader, { containerId: c.id, orgId, path, ...q })));
}

/** Bytes of JSON text gathered before each write of a listing. */
const LIST_CHUNK = 1024 * 1024;

/**
 * A listing's JSON array, written in ~1 MiB pieces as the rows are read (chunked transfer
 * encoding), never as one array of Items plus one string plus one Buffer: 100,000 items
 * are ~150 MiB of JSON. Reading waits while the socket is full, so the client parses
 * while the server reads (reading it all first kept the client idle for a second); the
 * rows come from a connection of the listing's own, one snapshot throughout.
 */
async function sendItemList(res: ServerResponse, containerId: string, rows: IterableIterator<ListedWireRow>): Promise<void> {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  let parts: string[] = ['['];
  let length = 1;
  let first = true;
  try {
    for (const row of rows) {
      const json = wireItemJson(containerId, row);
      parts.push(first ? json : `,${json}`);
      first = false;
      length += json.length + 1;
      if (length >= LIST_CHUNK) {
        const more = res.write(parts.join(''));
        parts = [];
        length = 0;
        if (!more && !(await roomToWrite(res))) return;
      }
    }
  } finally {
    // a listing cut short frees its statement (and so its connection) at once
    rows.return?.();
  }
  parts.push(']');
  res.end(parts.join(''));
}

/** PUT (the path is the id) and POST (a generated segment is added below the path). */
function writeItem(ctx: RouteContext, mode: 'save' | 'add'): void {
  const payload = itemPayload(ctx.body.item);
  const given = itemPathFromUrl(ctx.rest, mode === 'add' ? 0 : 1, mode === 'add' ? MAX_SEGMENTS - 1 : MAX_SEGMENTS);
  const path = mode === 'add' ? (given === '' ? newId() : `${given}|${newId()}`) : given;
  const c = containerFor(ctx);
  const { db, contentDir } = ctx.app;
  const orgId = ctx.caller.org.id;
  const existing = getItem(db, c.id, path);
  if (existing && existing.owner_id !== orgId) throw new ApiError('notAllowed', 'Only the owner of the item may replace it.');

  const contentFile = promoteTempFile(payload.tempFile, contentDir);
  const fields = { ...payload, contentFile };
  let replacedFile: string | undefined;
  let created = false;
  try {
    db.transaction(() => {
      const current = getItem(db, c.id, path);
      if (current && current.owner_id !== orgId) throw new ApiError('notAllowed', 'Only the owner of the item may replace it.');
      const now = ctx.app.now();
      if (current) {
        replaceItem(db, current, fields, now);
        replacedFile = current.content_file;
      } else {
        insertItem(db, c.id, path, orgId, fields, now);
        created = true;
      }
    }).immediate();
  } catch (e) {
    removeContentFile(contentDir, contentFile);
    throw e;
  }
  if (replacedFile) removeContentFile(contentDir, replacedFile);
  const item = toItem(getVisibleItem(db, c.id, path, orgId)!);
  if (created) sendJson(ctx.res, 201, item, { Location: item.url });
  else sendJson(ctx.res, 200, item);
}

function removeItem(ctx: RouteContext): void {
  const path = itemPathFromUrl(ctx.rest, 1);
  const c = containerFor(ctx);
  const row = getVisibleItem(ctx.app.db, c.id, path, ctx.caller.org.id);
  if (!row) throw new ApiError('notFound', `Item ${path} was not found.`);
  if (row.owner_id !== ctx.caller.org.id) throw new ApiError('notAllowed', 'Only the owner of the item may delete it.');
  // row first (its grants go with it by cascade), then the file: a crash in between leaves an orphan the sweep removes
  deleteItem(ctx.app.db, row);
  removeContentFile(ctx.app.contentDir, row.content_file);
  sendEmpty(ctx.res, 204);
}

/** The item with its content, streamed from the file; never whole in memory. */
async function itemContent(ctx: RouteContext): Promise<void> {
  const path = itemPathFromUrl(ctx.rest, 1);
  const c = containerFor(ctx);
  const row = getVisibleItem(ctx.app.db, c.id, path, ctx.caller.org.id);
  if (!row) throw new ApiError('notFound', `Item ${path} was not found.`);
  // opened before anything is sent: a concurrent replace may unlink the file, the open handle still reads it
  const file = await open(join(ctx.app.contentDir, row.content_file), 'r');
  try {
    const size = (await file.stat()).size;
    const stored = isBase64ContentFile(row.content_file) ? 'base64' : 'binary';
    const json = JSON.stringify({ ...toItem(row), content: '' });
    const cut = json.lastIndexOf('""');
    const head = Buffer.from(json.slice(0, cut + 1), 'utf8');
    const tail = Buffer.from(json.slice(cut + 1), 'utf8');
    ctx.res.statusCode = 200;
    ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
    ctx.res.setHeader('Content-Length', head.length + (stored === 'base64' ? size : 4 * Math.ceil(size / 3)) + tail.length);
    ctx.res.write(head);
    if (stored === 'base64') {
      // 1 MiB reads: the default 64 KiB made 4,300 reads and socket writes of a 280 MB content
      await pipeline(file.createReadStream({ autoClose: false, highWaterMark: MIB }), ctx.res, { end: false });
    } else {
      await sendBase64(file, size, ctx.res);
    }
    ctx.res.end(tail);
  } finally {
    await file.close();
  }
}

const MIB = 1024 * 1024;
/** Stored bytes encoded per read: a multiple of 3, so every block but the last encodes without padding. */
const ENCODE_BLOCK = 3 * 256 * 1024;
/** Base-64 text of one read (with up to 2 bytes carried from a short read before it). */
const TEXT_BLOCK = Math.ceil((ENCODE_BLOCK + 2) / 3) * 4;
/** Text blocks kept for reuse (the socket holds a few at a time). */
const SPARE_TEXT_BLOCKS = 4;

/**
 * Sends `size` stored bytes as Base-64 text. Two read buffers (the next read overlaps the
 * encoding) and text blocks refilled once the socket has them (write's callback): fresh
 * blocks per read outlived a scavenge in the socket queue and cost a full collection every
 * few blocks.
 */
async function sendBase64(fh: FileHandle, size: number, res: ServerResponse): Promise<void> {
  const direct = size >= DIRECT_IO_FROM;
  const file = await contentReader(fh, direct);
  let pending: Promise<number> | undefined;
  try {
    const base64 = new Base64BlockEncoder();
    // aligned for direct reads of large content (content-io.ts)
    const reads = direct ? [alignedBlock(ENCODE_BLOCK), alignedBlock(ENCODE_BLOCK)] : [Buffer.allocUnsafeSlow(ENCODE_BLOCK), Buffer.allocUnsafeSlow(ENCODE_BLOCK)];
    const spare: Buffer[] = [];
    const readAt = (which: number, position: number) => file.read(reads[which]!, Math.min(ENCODE_BLOCK, size - position), position);
    let position = 0;
    let which = 0;
    pending = size > 0 ? readAt(0, 0) : undefined;
    while (pending) {
      const bytesRead = await pending;
      // the file is never changed in place; a shorter one is a fault, not an answer to send
      if (bytesRead === 0) throw new Error(`stored content ended at ${position} of ${size} bytes`);
      const bytes = reads[which]!.subarray(0, bytesRead);
      position += bytesRead;
      which ^= 1;
      pending = position < size ? readAt(which, position) : undefined;
      const text = spare.pop() ?? Buffer.allocUnsafeSlow(TEXT_BLOCK);
      const more = res.write(text.subarray(0, base64.encodeInto(bytes, false, text, 0)), (error) => {
        if (!error && spare.length < SPARE_TEXT_BLOCKS) spare.push(text);
      });
      if (!more && !(await roomToWrite(res))) return;
    }
    const end = Buffer.allocUnsafe(4);
    res.write(end.subarray(0, base64.encodeInto(Buffer.alloc(0), true, end, 0)));
  } finally {
    // a read still in flight when the client went away ends before its file is closed
    await pending?.catch(() => undefined);
    await file.close();
  }
}

export const itemRoutes: Route[] = [
  { method: 'GET', pattern: '/containers/:containerId/items/*', display: '/containers/{containerId}/items[/{itemPath}]', body: 'none', roles: ANY, handle: listItems },
  { method: 'PUT', pattern: '/containers/:containerId/items/*', display: '/containers/{containerId}/items/{itemPath}', body: 'item', roles: ANY, handle: (ctx) => writeItem(ctx, 'save') },
  { method: 'POST', pattern: '/containers/:containerId/items/*', display: '/containers/{containerId}/items[/{itemPath}]', body: 'item', roles: ANY, handle: (ctx) => writeItem(ctx, 'add') },
  { method: 'DELETE', pattern: '/containers/:containerId/items/*', display: '/containers/{containerId}/items/{itemPath}', body: 'none', roles: ANY, handle: removeItem },
  { method: 'GET', pattern: '/containers/:containerId/content/*', display: '/containers/{containerId}/content/{itemPath}', body: 'none', roles: ANY, handle: itemContent },
];
