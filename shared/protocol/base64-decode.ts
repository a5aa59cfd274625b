// Strict, fast Base-64 decoding for large values. Node's decoder is lenient (it skips
// invalid characters, accepts the URL-safe alphabet and stops at '='), so validity is
// checked by comparing the decoded length with the exact length the text implies and
// by looking for the two URL-safe characters: native scans, no per-character JS loop
// (a validating regex overflows the stack on multi-MiB strings).

/** Padding characters at the end of a Base-64 text (0–2), or -1 when there are more. */
function paddingOf(text: string): number {
  const n = text.length;
  if (n === 0 || text.charCodeAt(n - 1) !== 0x3d) return 0;
  if (text.charCodeAt(n - 2) !== 0x3d) return 1;
  return n >= 3 && text.charCodeAt(n - 3) === 0x3d ? -1 : 2;
}

/**
 * Decodes RFC 4648 standard Base-64 with padding; undefined when the text is not valid
 * (wrong length, a character outside the alphabet, '=' anywhere but the end).
 */
export function decodeBase64Strict(text: string, knownAscii = false): Buffer | undefined {
  if (text.length % 4 !== 0) return undefined;
  const decoded = Buffer.allocUnsafe((text.length / 4) * 3);
  const length = strictLength(text, decoded, knownAscii);
  return length === undefined ? undefined : decoded.subarray(0, length);
}

/**
 * The same check, decoding into `into` at `offset` (room for 3/4 of the text's length)
 * instead of new memory: for large texts checked piece by piece. The decoded length, or
 * undefined.
 */
export function decodeBase64Into(text: string, into: Buffer, offset = 0, knownAscii = false): number | undefined {
  return strictLength(text, into, knownAscii, offset);
}

function strictLength(text: string, into: Buffer, knownAscii: boolean, offset = 0): number | undefined {
  if (text.length % 4 !== 0) return undefined;
  const pad = paddingOf(text);
  if (pad < 0) return undefined;
  const expected = (text.length / 4) * 3 - pad;
  if (into.length - offset < expected) throw new RangeError('the buffer has no room for the decoded bytes');
  if (into.write(text, offset, 'base64') !== expected) return undefined;
  if (text.indexOf('-') !== -1 || text.indexOf('_') !== -1) return undefined;
  // Node decodes a character above U+00FF by its low byte: 'Ł' (U+0141) would pass as 'A'.
  if (!knownAscii && Buffer.byteLength(text, 'utf8') !== text.length) return undefined;
  return expected;
}
