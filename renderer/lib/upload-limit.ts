// The largest document one request can carry (decisions §5): the body is JSON whose content is the
// Base-64 of AES-CBC ciphertext, so 300 MiB of request is about 224 MiB of document. Checked before
// anything is staged or encrypted, and the limit is named in the message.
import { MAX_REQUEST_BYTES } from '../../shared/types.js';
import { formatBytes } from './format.js';

/** Room kept for the other JSON fields (header, key, hashes, iv, names). */
export const HEADER_OVERHEAD_BYTES = 2048;
const MIB = 1024 * 1024;

/** Base-64 turns 3 bytes into 4; the ciphertext is whole AES blocks and always adds padding. */
export function maxDocumentBytes(limitBytes = MAX_REQUEST_BYTES, overheadBytes = HEADER_OVERHEAD_BYTES): number {
  const groups = Math.floor((limitBytes - overheadBytes) / 4);
  const cipherMax = Math.floor((groups * 3) / 16) * 16;
  return Math.max(0, cipherMax - 1);
}

export const MAX_DOCUMENT_BYTES = maxDocumentBytes();

export function describeLimit(): string {
  return `one request to the exchange carries at most ${Math.round(MAX_REQUEST_BYTES / MIB)} MiB, which is about ${Math.floor(MAX_DOCUMENT_BYTES / MIB)} MiB of document`;
}

export interface SizedFile {
  readonly name: string;
  readonly size: number;
}

export interface SizeCheck<F extends SizedFile> {
  readonly accepted: F[];
  readonly refused: { file: F; message: string }[];
}

export function checkSizes<F extends SizedFile>(files: readonly F[], limit = MAX_DOCUMENT_BYTES): SizeCheck<F> {
  const accepted: F[] = [];
  const refused: { file: F; message: string }[] = [];
  for (const file of files) {
    if (file.size > limit) {
      refused.push({
        file,
        message: `"${file.name}" is ${formatBytes(file.size)}, too large to upload: ${describeLimit()} (${limit.toLocaleString('en-US')} bytes).`,
      });
    } else accepted.push(file);
  }
  return { accepted, refused };
}
