import { describe, expect, it } from 'vitest';
import { doc, item } from '../../test-support/fixtures.js';
import { fromFullList, reconciled, withAccessCount, withChanges, withoutPaths } from './items-cache.js';

describe('items cache', () => {
  it('marks the newest updatedAt as the next since, and merges changes by path', () => {
    const cache = fromFullList([
      item('a|1', { updatedAt: '2026-01-01T00:00:00Z' }),
      item('a|2', { updatedAt: '2026-01-03T00:00:00Z' }),
    ]);
    expect(cache.since).toBe('2026-01-03T00:00:00Z');
    const next = withChanges(cache, [
      item('a/2', { updatedAt: '2026-01-05T00:00:00Z' }),
      item('b', { updatedAt: '2026-01-04T00:00:00Z' }),
    ]);
    expect(next.items.map((i) => i.path).sort()).toEqual(['a/1', 'a/2', 'b']);
    expect(next.since).toBe('2026-01-05T00:00:00Z');
    expect(withChanges(next, []).since).toBe('2026-01-05T00:00:00Z');
  });

  it('compares updatedAt as instants when the offsets differ', () => {
    // 10:00+02:00 is 08:00Z: earlier than 09:00Z although it sorts later as text
    const cache = fromFullList([
      item('a|1', { updatedAt: '2026-01-01T09:00:00.000Z' }),
      item('a|2', { updatedAt: '2026-01-01T10:00:00.000+02:00' }),
    ]);
    expect(cache.since).toBe('2026-01-01T09:00:00.000Z');
    expect(withChanges(cache, [item('b', { updatedAt: '2026-01-01T10:30:00+02:00' })]).since).toBe(
      '2026-01-01T09:00:00.000Z',
    );
    expect(
      withChanges(cache, [
        item('b', { updatedAt: '2026-01-01T12:00:00+02:00' }),
        item('c', { updatedAt: '2026-01-01T09:00:00.000Z' }),
      ]).since,
    ).toBe('2026-01-01T12:00:00+02:00');
  });

  it('removes deleted items in either form', () => {
    const cache = fromFullList([item('a|1'), item('a|2')]);
    expect(withoutPaths(cache, ['a|1'])?.items.map((i) => i.path)).toEqual(['a/2']);
    expect(withoutPaths(undefined, ['a'])).toBeUndefined();
  });
});

describe('reconciled', () => {
  it('adds items newly shared, drops revoked ones, and keeps decrypted headers of unchanged items', () => {
    const a = item('docs|a', {
      updatedAt: '2026-01-01T00:00:00.000+00:00',
      header: { type: 'document', version: 'IRBX.2', name: 'A' },
    });
    const b = item('docs|b', { updatedAt: '2026-01-02T00:00:00.000+00:00' });
    const cache = fromFullList([a, b]);
    const grantedOld = item('docs|c', { updatedAt: '2025-12-01T00:00:00.000+00:00' });
    const fresh = [{ ...a, decryptedHeader: undefined }, grantedOld];
    const next = reconciled(cache, fresh);
    expect(next.items.map((i) => i.path).sort()).toEqual(['docs/a', 'docs/c']);
    expect(next.items.find((i) => i.path === 'docs/a')?.decryptedHeader).toMatchObject({ name: 'A' });
  });

  it('leaves to the cache what changed in it while the listing streamed, and still drops what others revoked', () => {
    const a = item('docs|a', { updatedAt: '2026-01-01T00:00:00.000Z' });
    const b = item('docs|b', { updatedAt: '2026-01-02T00:00:00.000Z' });
    const c = item('docs|c', { updatedAt: '2026-01-03T00:00:00.000Z' });
    const start = fromFullList([a, b, c]);
    // meanwhile here: a new version of a saved, b's header decrypted, c deleted, u uploaded
    const a2 = { ...a, updatedAt: '2026-01-05T00:00:00.000Z' };
    const u = item('docs|u', { updatedAt: '2026-01-06T00:00:00.000Z' });
    const now = withChanges(
      withoutPaths(withChanges(start, [a2, { ...b, decryptedHeader: doc('b.pdf', 1) }, u]), ['docs/c']),
      [],
    );
    // the listing, begun before all that, has a as it was and c; b was revoked by its owner
    const next = reconciled(now, [a, c], start);
    expect(next.items.map((i) => `${i.path}@${i.updatedAt.slice(8, 10)}`).sort()).toEqual(['docs/a@05', 'docs/u@06']);
    expect(next.since).toBe('2026-01-06T00:00:00.000Z');
  });
});

describe('withAccessCount', () => {
  it("sets one item's shared count from its details and leaves the cache alone when nothing changes", () => {
    const cache = fromFullList([item('docs|a'), item('docs|b')]);
    const counted = withAccessCount(cache, 'docs/b', 2);
    expect(counted?.items.map((i) => i.accessCount)).toEqual([undefined, 2]);
    expect(withAccessCount(counted, 'docs/b', 2)).toBe(counted);
    expect(withAccessCount(cache, 'docs/zzz', 1)).toBe(cache);
  });
});
