// Encodings shared by signing, the envelope and the server's validation.
import { createHash } from 'node:crypto';

const HEX_UPPER = '0123456789ABCDEF';

function isUnreservedByte(b: number): boolean {
  return (
    (b >= 0x41 && b <= 0x5a) || // A-Z
    (b >= 0x61 && b <= 0x7a) || // a-z
    (b >= 0x30 && b <= 0x39) || // 0-9
    b === 0x2d || // -
    b === 0x5f || // _
    b === 0x2e || // .
    b === 0x7e // ~
  );
}

/** Strict encoding of raw bytes; lets callers keep bytes that are not valid UTF-8 as they came. */
export function strictEncodeBytes(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    if (isUnreservedByte(b)) out += String.fromCharCode(b);
    else out += '%' + HEX_UPPER[b >> 4] + HEX_UPPER[b & 0x0f];
  }
  return out;
}

/** RFC 3986 strict encoder: unreserved A-Z a-z 0-9 - _ . ~ kept, every other UTF-8 byte %XY. */
export function strictEncode(value: string): string {
  return strictEncodeBytes(Buffer.from(value, 'utf8'));
}

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  return -1;
}

/**
 * Percent-decodes to bytes. Lenient on purpose: a `%` not followed by two hex digits stays a
 * literal `%`, so client and server canonicalize any target the same way instead of failing.
 * Other characters become their UTF-8 bytes; `+` stays `+`.
 */
export function percentDecodeBytes(value: string): Buffer {
  const raw = Buffer.from(value, 'utf8');
  const out = Buffer.alloc(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i]!;
    if (b === 0x25 && i + 2 < raw.length) {
      const hi = hexDigit(raw[i + 1]!);
      const lo = hexDigit(raw[i + 2]!);
      if (hi >= 0 && lo >= 0) {
        out[n++] = (hi << 4) | lo;
        i += 2;
        continue;
      }
    }
    out[n++] = b;
  }
  return out.subarray(0, n);
}

// A flat character-class run (not a repeated group): V8 matches it without recursion, so
// hundreds of MiB of content cannot overflow the stack.
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** RFC 4648 standard alphabet with padding; '' is valid (empty). */
export function isBase64(value: string): boolean {
  if (value.length % 4 !== 0) return false;
  if (!BASE64_RE.test(value)) return false;
  // Canonical form only: the unused low bits of the last symbol must be zero, so that a
  // value decodes to exactly one byte string and re-encodes to itself.
  if (value.endsWith('==')) return (base64Index(value.charCodeAt(value.length - 3)) & 0x0f) === 0;
  if (value.endsWith('=')) return (base64Index(value.charCodeAt(value.length - 2)) & 0x03) === 0;
  return true;
}

function base64Index(code: number): number {
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61 + 26;
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 52;
  if (code === 0x2b) return 62;
  return 63; // '/'
}

/** Lower-case hex, optionally of an exact length in characters. */
export function isLowerHex(value: string, length?: number): boolean {
  if (length !== undefined && value.length !== length) return false;
  return value.length % 2 === 0 && /^[0-9a-f]*$/.test(value);
}

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}
