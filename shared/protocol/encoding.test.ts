import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isBase64, isLowerHex, percentDecodeBytes, sha256Hex, strictEncode, strictEncodeBytes } from './encoding.js';

describe('strictEncode', () => {
  it('keeps exactly the unreserved characters', () => {
    const unreserved = '-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    expect(strictEncode(unreserved)).toBe(unreserved);
  });

  it.each([
    [' ', '%20'],
    ['+', '%2B'],
    ['|', '%7C'],
    ['/', '%2F'],
    ['%', '%25'],
    ["!*'()", '%21%2A%27%28%29'],
    ['ሴ', '%E1%88%B4'],
    ['é', '%C3%A9'],
    ['😀', '%F0%9F%98%80'],
    ['\n', '%0A'],
    ['', ''],
  ])('%j → %s', (input, expected) => {
    expect(strictEncode(input)).toBe(expected);
  });

  it('encodes every byte that is not unreserved, with upper-case hex', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const encoded = strictEncodeBytes(all);
    expect(encoded).toMatch(/^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})+$/);
    expect(percentDecodeBytes(encoded).equals(all)).toBe(true);
  });
});

describe('percentDecodeBytes', () => {
  it('decodes %XY in either case and keeps + and malformed escapes literal', () => {
    expect(percentDecodeBytes('a%7cb%7C').toString()).toBe('a|b|');
    expect(percentDecodeBytes('a+b').toString()).toBe('a+b');
    expect(percentDecodeBytes('100%').toString()).toBe('100%');
    expect(percentDecodeBytes('%4').toString()).toBe('%4');
    expect(percentDecodeBytes('%g1').toString()).toBe('%g1');
    expect([...percentDecodeBytes('%ff')]).toEqual([0xff]);
  });
});

describe('isBase64', () => {
  it('checks 60 MB of content without overflowing the stack', () => {
    const big = Buffer.alloc(45 * 1024 * 1024, 7).toString('base64');
    expect(isBase64(big)).toBe(true);
    expect(isBase64(big.slice(0, -4) + 'A=B=')).toBe(false);
  });

  it('accepts padded standard Base-64 and the empty string', () => {
    for (const n of [0, 1, 2, 3, 4, 31, 32, 256]) {
      const value = randomBytes(n).toString('base64');
      expect(isBase64(value), value).toBe(true);
    }
    expect(isBase64('')).toBe(true);
    expect(isBase64('+/+/')).toBe(true);
  });

  it.each([
    ['missing padding', 'QQ'],
    ['missing one pad', 'QUI'],
    ['length not a multiple of 4', 'QUJDR'],
    ['too much padding', 'Q==='],
    ['padding in the middle', 'QQ==QUJD'],
    ['URL alphabet -', 'ab-d'],
    ['URL alphabet _', 'ab_d'],
    ['space', 'QU JD'],
    ['line break', 'QUJD\nQUJD'],
    ['trailing newline', 'QUJD\n'],
    ['leading space', ' QUJD'],
    ['non-zero bits under padding (1 byte)', 'QR=='],
    ['non-zero bits under padding (2 bytes)', 'QUL='],
    ['only padding', '===='],
    ['non-ASCII', 'QUJ\u00e9'],
  ])('rejects %s', (_label, value) => {
    expect(isBase64(value)).toBe(false);
  });
});

describe('isLowerHex', () => {
  it('accepts lower-case hex of even length, and of an exact length when asked', () => {
    expect(isLowerHex('00ff')).toBe(true);
    expect(isLowerHex('')).toBe(true);
    expect(isLowerHex(randomBytes(16).toString('hex'), 32)).toBe(true);
  });

  it.each([
    ['upper case', 'ABCD', undefined],
    ['mixed case', 'abCd', undefined],
    ['odd length', 'abc', undefined],
    ['not hex', 'zz', undefined],
    ['0x prefix', '0xab', undefined],
    ['space', 'ab cd', undefined],
    ['wrong length', 'abcd', 6],
    ['too long', 'a'.repeat(66), 64],
  ])('rejects %s', (_label, value, length) => {
    expect(isLowerHex(value, length)).toBe(false);
  });
});

describe('sha256Hex', () => {
  it('hashes strings as UTF-8 and buffers as bytes', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('é')).toBe(sha256Hex(Buffer.from([0xc3, 0xa9])));
    const data = randomBytes(1000);
    expect(sha256Hex(data)).toBe(createHash('sha256').update(data).digest('hex'));
  });
});
