// The item write payload (protocol.md §4) from a streamed body: every field checked with
// the code of protocol.md §5; `content` was checked for Base-64 while it was written to disk.
import type { ItemFields } from '../../shared/protocol/envelope.js';
import { ApiError } from '../http/api-error.js';
import type { StreamedItem } from '../http/body-reader.js';
import { refuseNul, requireBase64, requireHex, requirePresent, requireString, requireValue } from '../http/validate.js';

/** The envelope's fields (as the client wrote them) and where the content landed. */
interface ItemPayload extends Omit<ItemFields, 'algorithm'> {
  readonly tempFile: string;
  readonly contentLength: number;
}

const ORDER = [
  'header',
  'headerHash',
  'headerHashAlgorithm',
  'content',
  'contentHash',
  'contentHashAlgorithm',
  'key',
  'keyHash',
  'keyHashAlgorithm',
  'iv',
  'algorithm',
] as const;

export function itemPayload(item: StreamedItem | undefined): ItemPayload {
  if (!item) throw new ApiError('invalidValue', 'The body is missing.');
  if (item.jsonError) {
    const what =
      item.jsonError.failure === 'stream-field-type'
        ? 'The field content must be a string.'
        : `The body is not a valid JSON object (${item.jsonError.failure}).`;
    throw new ApiError('invalidValue', what);
  }
  const f = item.fields;
  refuseNul(f);
  for (const name of ORDER) {
    if (name === 'content') {
      if (!item.sawContent) throw new ApiError('fieldMissing', 'The field content is required.');
    } else {
      requirePresent(f, name);
    }
  }
  for (const name of ORDER) if (name !== 'content') requireString(f, name);
  requireValue(f, 'headerHashAlgorithm', 'SHA256');
  requireValue(f, 'contentHashAlgorithm', 'SHA256');
  requireValue(f, 'keyHashAlgorithm', 'SHA256');
  requireValue(f, 'algorithm', 'AES');
  const header = requireBase64(f, 'header');
  const key = requireBase64(f, 'key');
  if (!item.contentIsBase64) throw new ApiError('notBase64', 'The field content is not Base-64.');
  if (item.contentLength === 0) throw new ApiError('notBase64', 'The field content is not Base-64 (it is empty).');
  return {
    header,
    key,
    headerHash: requireHex(f, 'headerHash', 64),
    contentHash: requireHex(f, 'contentHash', 64),
    keyHash: requireHex(f, 'keyHash', 64),
    iv: requireHex(f, 'iv', 32),
    tempFile: item.tempFile,
    contentLength: item.contentLength,
  };
}
