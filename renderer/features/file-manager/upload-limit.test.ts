import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from '../../../shared/limits.js';
import { MAX_DOCUMENT_BYTES, maxDocumentBytes } from '../../../shared/upload-limit.js';
import { checkSizes } from './upload-limit.js';

const MIB = 1024 * 1024;

describe('upload limit', () => {
  it('is about 224 MiB: three quarters of 300 MiB less the other fields, whole AES blocks', () => {
    expect(Math.floor(MAX_DOCUMENT_BYTES / MIB)).toBe(224);
    expect(MAX_DOCUMENT_BYTES).toBeLessThan(Math.floor((MAX_REQUEST_BYTES * 3) / 4));
    // The padded ciphertext of the largest document, Base-64 encoded, still fits with the overhead.
    const cipher = (Math.floor(MAX_DOCUMENT_BYTES / 16) + 1) * 16;
    expect(Math.ceil(cipher / 3) * 4 + 2048).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
    expect(maxDocumentBytes(1000, 2000)).toBe(0);
    expect(maxDocumentBytes(4 * 1024, 0)).toBe(3071);
  });

  it('refuses too-large files with the limit in the message and keeps the rest', () => {
    const files = [
      { name: 'small.pdf', size: 10 },
      { name: 'huge.mov', size: MAX_DOCUMENT_BYTES + 1 },
      { name: 'edge.bin', size: MAX_DOCUMENT_BYTES },
    ];
    const { accepted, refused } = checkSizes(files);
    expect(accepted.map((f) => f.name)).toEqual(['small.pdf', 'edge.bin']);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.message).toContain('huge.mov');
    expect(refused[0]?.message).toContain('300 MiB');
    expect(refused[0]?.message).toContain('224 MiB');
    expect(refused[0]?.message).toContain(MAX_DOCUMENT_BYTES.toLocaleString('en-US'));
  });
});
