// An item with its content (protocol.md §2: GET /containers/{id}/content/{path}), streamed
// from the store (a file, or PostgreSQL's chunk rows) as the Base-64 the service answers
// with; never whole in memory.
import type { ServerResponse } from 'node:http';
import { Base64BlockEncoder } from '../../shared/protocol/envelope-stream.js';
import { alignedBlock } from '../store/content-io.js';
import { ApiError } from '../http/api-error.js';
import { roomToWrite } from '../http/responses.js';
import type { RouteContext } from '../http/router.js';
import { toItem } from './wire.js';
import type { StoredContent } from '../store/store.js';
import { containerFor, itemPathFromUrl } from './route-helpers.js';

/** The item with its content, streamed from the store; never whole in memory. */
export async function itemContent(ctx: RouteContext): Promise<void> {
  const path = itemPathFromUrl(ctx.rest, 1);
  const c = await containerFor(ctx);
  const sent = await ctx.app.store.readContent(c.id, path, ctx.caller.org.id, async (row, content) => {
    const json = JSON.stringify({ ...toItem(row), content: '' });
    const cut = json.lastIndexOf('""');
    const head = Buffer.from(json.slice(0, cut + 1), 'utf8');
    const tail = Buffer.from(json.slice(cut + 1), 'utf8');
    const { size } = content;
    ctx.res.statusCode = 200;
    ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
    ctx.res.setHeader(
      'Content-Length',
      head.length + (content.encoding === 'base64' ? size : 4 * Math.ceil(size / 3)) + tail.length,
    );
    ctx.res.write(head);
    if (content.encoding === 'base64') await sendAsStored(content, ctx.res);
    else await sendBase64(content, ctx.res);
    ctx.res.end(tail);
    return true;
  });
  if (!sent) throw new ApiError('notFound', `Item ${path} was not found.`);
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
async function sendBase64(file: StoredContent, res: ServerResponse): Promise<void> {
  const { size, direct } = file;
  let pending: Promise<number> | undefined;
  try {
    const base64 = new Base64BlockEncoder();
    // aligned for direct reads of large content (content-io.ts)
    const reads = direct
      ? [alignedBlock(ENCODE_BLOCK), alignedBlock(ENCODE_BLOCK)]
      : [Buffer.allocUnsafeSlow(ENCODE_BLOCK), Buffer.allocUnsafeSlow(ENCODE_BLOCK)];
    const spare: Buffer[] = [];
    const readAt = (which: number, position: number) =>
      file.read(reads[which]!, Math.min(ENCODE_BLOCK, size - position), position);
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
  }
}

/** Content stored as the Base-64 text it arrived as (old data folders): sent as it is, 1 MiB per read. */
async function sendAsStored(file: StoredContent, res: ServerResponse): Promise<void> {
  for (let position = 0; position < file.size;) {
    const block = Buffer.allocUnsafe(Math.min(MIB, file.size - position));
    const bytesRead = await file.read(block, block.length, position);
    if (bytesRead === 0) throw new Error(`stored content ended at ${position} of ${file.size} bytes`);
    position += bytesRead;
    if (!res.write(block.subarray(0, bytesRead)) && !(await roomToWrite(res))) return;
  }
}
