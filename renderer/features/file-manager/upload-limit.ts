// Files too large for one request are refused before anything is staged or encrypted, with the
// limit named (the arithmetic is shared/upload-limit.ts).
import { describeLimit, MAX_DOCUMENT_BYTES } from '../../../shared/upload-limit.js';
import { formatBytes } from '../../lib/format.js';

interface SizedFile {
  readonly name: string;
  readonly size: number;
}

interface SizeCheck<F extends SizedFile> {
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
