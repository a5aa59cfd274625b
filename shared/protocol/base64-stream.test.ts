import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64Strict } from './base64-decode.js';
import { Base64StreamDecoder } from './base64-stream.js';

/** Feeds the text cut at the given offsets. */
function check(text: string, cuts: readonly number[]): Base64StreamDecoder {
  const c = new Base64StreamDecoder();
  let at = 0;
  for (const cut of [...cuts, text.length]) {
    c.feed(text.slice(at, cut));
    at = cut;
  }
  return c;
}

function randomCuts(length: number, count: number): number[] {
  const cuts = Array.from({ length: count }, () => Math.floor(Math.random() * (length + 1)));
  return cuts.sort((a, b) => a - b);
}

const VALID = [
  '',
  'AAAA',
  'AA==',
  'AAA=',
  'QUJD',
  randomBytes(1000).toString('base64'),
  randomBytes(1001).toString('base64'),
  randomBytes(1002).toString('base64'),
];
const INVALID = [
  'A',
  'AA',
  'AAA',
  'AAAAA',
  'A===',
  '====',
  'AA=A',
  'AA==AAAA',
  'AAA=AAAA',
  'AAA==',
  'AA===',
  'AAAA=',
  'AB-_',
  'AB C',
  'ABC\n',
  'ABCŁ',
  'ABC\u00e9',
  `${randomBytes(300).toString('base64')}!${randomBytes(300).toString('base64')}`,
];

describe('Base64StreamDecoder', () => {
  it('accepts valid Base-64 however it is cut, and counts its characters', () => {
    for (const text of VALID) {
      for (let round = 0; round < 30; round++) {
        const c = check(text, randomCuts(text.length, round % 6));
        expect(c.ok, text).toBe(true);
        expect(c.plausible).toBe(true);
        expect(c.size).toBe(text.length);
      }
      // one character at a time
      expect(
        check(
          text,
          Array.from({ length: text.length }, (_, i) => i),
        ).ok,
      ).toBe(true);
    }
  });

  it('refuses invalid Base-64 however it is cut', () => {
    for (const text of INVALID) {
      expect(decodeBase64Strict(text), text).toBeUndefined();
      for (let round = 0; round < 30; round++) {
        expect(check(text, randomCuts(text.length, round % 6)).ok, JSON.stringify(text)).toBe(false);
      }
      expect(
        check(
          text,
          Array.from({ length: text.length }, (_, i) => i),
        ).ok,
      ).toBe(false);
    }
  });

  it('rules a piece out as soon as a complete group is bad', () => {
    const c = new Base64StreamDecoder();
    c.feed('AAAA');
    expect(c.plausible).toBe(true);
    c.feed('A!AA');
    expect(c.plausible).toBe(false);
    c.feed('AAAA');
    expect(c.ok).toBe(false);
  });

  it('refuses anything after the padded group', () => {
    const c = new Base64StreamDecoder();
    c.feed('AAA=');
    expect(c.ok).toBe(true);
    c.feed('A');
    expect(c.plausible).toBe(false);
    expect(c.ok).toBe(false);
  });

  it('decodes straight into a target with room, and hands on only what did not fit, in order', () => {
    const bytes = randomBytes(300_001);
    const text = bytes.toString('base64');
    for (const room of [1000, 4096, 65_536]) {
      const blocks: Buffer[] = [];
      let block = Buffer.alloc(room);
      let used = 0;
      let direct = 0;
      const full = (): void => {
        blocks.push(block.subarray(0, used));
        block = Buffer.alloc(room);
        used = 0;
      };
      const c = new Base64StreamDecoder(
        (decoded) => {
          for (let from = 0; from < decoded.length;) {
            const n = decoded.copy(block, used, from);
            used += n;
            from += n;
            if (used === room) full();
          }
        },
        {
          space: (n) => (room - used >= n ? { buffer: block, offset: used } : undefined),
          filled: (n) => {
            direct += n;
            used += n;
            if (used === room) full();
          },
        },
      );
      let at = 0;
      for (const cut of [...randomCuts(text.length, 40), text.length]) {
        c.feed(text.slice(at, cut));
        at = cut;
      }
      if (used > 0) full();
      expect(c.ok).toBe(true);
      expect(Buffer.concat(blocks).equals(bytes)).toBe(true);
      expect(direct).toBeGreaterThan(0);
    }
  });

  it('with a target, still refuses invalid text', () => {
    const target = { space: () => ({ buffer: Buffer.alloc(100_000), offset: 0 }), filled: () => undefined };
    for (const text of INVALID.filter((t) => t.length >= 4)) {
      const c = new Base64StreamDecoder(undefined, target);
      c.feed(text);
      expect(c.ok, text).toBe(false);
    }
  });
});
