// Strict streaming Base-64 decoding for text that arrives in pieces (RFC 4648 standard
// alphabet, with padding), one decoder for both ends: the server checks an upload's `content`
// and stores its bytes as it arrives, the client decodes a download's `content` for the
// decipher (envelope-stream.ts).
//
// Whole 4-character groups are checked at once by the native strict decoder (a
// per-character loop cost 1.5 s of a 100 MiB upload); only the 0–3 characters that do
// not yet fill a group are carried to the next piece. '=' may only end the final group.
import { decodeBase64Into } from './base64-decode.js';

/** Bytes checked per string: short strings stay in V8's young generation and are collected at once. */
const PIECE = 64 * 1024;

/** Where decoded bytes may go directly, when it has room: no copy from a scratch buffer. */
interface DecodeTarget {
  /** The buffer and offset to decode up to `bytes` bytes into, or undefined when there is less room. */
  space(bytes: number): { readonly buffer: Buffer; readonly offset: number } | undefined;
  /** `bytes` were decoded into the space last given. */
  filled(bytes: number): void;
}

export class Base64StreamDecoder {
  /**
   * onDecoded receives the decoded bytes of each valid run of groups that did not go to
   * `target` (a view of a buffer reused at once: copy it).
   */
  constructor(
    private readonly onDecoded?: (bytes: Buffer) => void,
    private readonly target?: DecodeTarget,
  ) {}

  /** Where pieces are decoded to be checked; grown for a larger piece. */
  private scratch = Buffer.allocUnsafe((PIECE / 4) * 3);
  private length = 0;
  private ascii = false;
  private carry = '';
  /** A group with padding was seen: the text must end there. */
  private ended = false;
  private bad = false;

  /** ASCII bytes (checked as such by the caller): no character above U+007F to rule out. */
  feedAscii(bytes: Buffer): void {
    this.ascii = true;
    try {
      for (let at = 0; at < bytes.length && !this.bad; at += PIECE)
        this.feed(bytes.toString('latin1', at, Math.min(bytes.length, at + PIECE)));
    } finally {
      this.ascii = false;
    }
  }

  feed(text: string): void {
    if (this.bad || text.length === 0) return;
    if (this.ended) {
      this.bad = true;
      return;
    }
    let rest = text;
    if (this.carry.length > 0) {
      const need = 4 - this.carry.length;
      if (rest.length < need) {
        this.carry += rest;
        this.length += text.length;
        return;
      }
      if (!this.groups(this.carry + rest.slice(0, need))) return;
      this.carry = '';
      rest = rest.slice(need);
    }
    const whole = rest.length - (rest.length % 4);
    if (whole > 0 && !this.groups(whole === rest.length ? rest : rest.slice(0, whole))) return;
    this.carry = rest.slice(whole);
    if (this.ended && this.carry.length > 0) {
      this.bad = true;
      return;
    }
    this.length += text.length;
  }

  /** Checks complete groups; padding, if any, ends the text. */
  private groups(text: string): boolean {
    const most = (text.length / 4) * 3;
    const room = this.ended ? undefined : this.target?.space(most);
    if (!room && this.scratch.length < most) this.scratch = Buffer.allocUnsafe(most);
    const into = room ?? { buffer: this.scratch, offset: 0 };
    const decoded = this.ended ? undefined : decodeBase64Into(text, into.buffer, into.offset, this.ascii);
    if (decoded === undefined) {
      this.bad = true;
      return false;
    }
    if (room) this.target!.filled(decoded);
    else this.onDecoded?.(this.scratch.subarray(0, decoded));
    if (text.charCodeAt(text.length - 1) === 61 /* = */) this.ended = true;
    return true;
  }

  /** False once a character has ruled the text out (the 0–3 carried characters are judged with the next piece). */
  get plausible(): boolean {
    return !this.bad;
  }

  get ok(): boolean {
    return !this.bad && this.carry.length === 0;
  }

  /** Characters seen (the decoded text's length when ok). */
  get size(): number {
    return this.length;
  }
}
