// The largest document one request can carry (protocol.md §6): the body is JSON whose content is the
// Base-64 of AES-CBC ciphertext, so 300 MiB of request is about 224 MiB of document. The window
// checks it before anything is staged, main before anything is encrypted; both name it the same way.
import { MAX_REQUEST_BYTES } from './limits.js';

/** Room kept for the other JSON fields (header, key, hashes, iv, names). */
const HEADER_OVERHEAD_BYTES = 2048;
const MIB = 1024 * 1024;

/** Base-64 turns 3 bytes into 4; the ciphertext is whole AES blocks and always adds padding. */
export function maxDocumentBytes(limitBytes = MAX_REQUEST_BYTES, overheadBytes = HEADER_OVERHEAD_BYTES): number {
  const groups = Math.floor((limitBytes - overheadBytes) / 4);
  const cipherMax = Math.floor((groups * 3) / 16) * 16;
  return Math.max(0, cipherMax - 1);
}

export const MAX_DOCUMENT_BYTES = maxDocumentBytes();

export function describeLimit(limitBytes = MAX_REQUEST_BYTES): string {
  return `one request to the exchange carries at most ${Math.round(limitBytes / MIB)} MiB, which is about ${Math.floor(maxDocumentBytes(limitBytes) / MIB)} MiB of document`;
}
