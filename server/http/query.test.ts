// The routes' query and the signed one are the same decoding (protocol.md §3): whatever a
// query holds, re-encoding what the route reads gives back the canonical query signed.
import { describe, expect, it } from 'vitest';
import { strictEncode } from '../../shared/protocol/encoding.js';
import { canonicalQuery } from '../../shared/protocol/signing.js';
import { ApiError } from './api-error.js';
import { readQuery } from './query.js';

function canonicalOf(params: ReadonlyMap<string, string>): string {
  return [...params]
    .map(([n, v]) => [strictEncode(n), strictEncode(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
}

describe('readQuery', () => {
  it.each([
    'name=Plus+X',
    'name=Plus%2BX',
    'name=Plus%20X',
    'since=2026-11-01T00:00:00.000+00:00&recurse=true',
    'a&b=&c==',
    'x=%E2%9C%93&y=%zz&z=100%',
    '&&name=a&',
    'caf%C3%A9=cr%C3%A8me',
  ])('reads %s as the canonicalizer does', (query) => {
    expect(canonicalOf(readQuery(query))).toBe(canonicalQuery(query));
  });

  it('reads + as a plus and %20 as a space', () => {
    expect(readQuery('name=Plus+X').get('name')).toBe('Plus+X');
    expect(readQuery('name=Plus%20X').get('name')).toBe('Plus X');
  });

  it.each(['a=1&a=2', 'a=2&a=1', 'a&a=', 'a=1&%61=1'])('refuses the repeated parameter in %s (1009)', (query) => {
    let error: unknown;
    try {
      readQuery(query);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body().code).toBe(1009);
  });

  it('refuses bytes that are not UTF-8 rather than read U+FFFD', () => {
    expect(() => readQuery('name=%FF')).toThrow(ApiError);
    expect(() => readQuery('%C3=x')).toThrow(ApiError);
  });
});
