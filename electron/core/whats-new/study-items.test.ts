// The watcher's compact columns: versions as the seen file has always written them (a restart
// after this change reports nothing changed), names dropped when a header or key changes, owners
// kept once, and another exchange's malformed hashes or times still telling a change.
import { describe, expect, it } from 'vitest';
import type { Item } from '../../../shared/types.js';
import { versionOf } from './study-diff.js';
import { Owners, StudyItems } from './study-items.js';

const hex = (c: string) => c.repeat(64);

function item(id: string, over: Partial<Item> = {}): Item {
  return {
    id,
    header: 'sealed',
    headerHash: hex('a'),
    headerHashAlgorithm: 'SHA256',
    contentHash: hex('b'),
    contentHashAlgorithm: 'SHA256',
    key: 'wrapped',
    keyHash: hex('c'),
    keyHashAlgorithm: 'SHA256',
    iv: 'iv',
    algorithm: 'AES',
    url: `https://x/items/${id}`,
    contentUrl: '',
    ownerUrl: 'https://x/organizations/org-1',
    containerUrl: '',
    permissionsUrl: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...over,
  };
}

describe('StudyItems', () => {
  it('writes versions as before: the first 12 hex digits of the content and header hashes', () => {
    const i = item('docs|a', { contentHash: '0123456789ab' + hex('f'), headerHash: '00000000000f' + hex('e') });
    expect(versionOf(i)).toBe('0123456789ab00000000000f');
    const items = new StudyItems(new Owners());
    items.set(i);
    expect([...items.versions()]).toEqual([{ id: 'docs|a', ownerId: 'org-1', version: versionOf(i) }]);
  });

  it('keeps names while the header and key stay, and forgets them when either changes', () => {
    const owners = new Owners();
    const items = new StudyItems(owners);
    const a = item('docs|a');
    items.set(a);
    expect(items.isNamed('docs|a')).toBe(false);
    items.name(a, { name: 'a.pdf', title: 'Consent', record: false });
    expect(items.namesOf('docs|a')).toEqual({
      id: 'docs|a',
      ownerId: 'org-1',
      name: 'a.pdf',
      title: 'Consent',
      record: false,
    });
    // a whole listing: a new set, the names carried over for the same version
    const next = new StudyItems(owners);
    next.set(a);
    next.keepNames('docs|a', items);
    expect(next.isNamed('docs|a')).toBe(true);
    // the key re-wrapped: the header must be opened again
    next.set(item('docs|a', { keyHash: hex('d') }));
    expect(next.isNamed('docs|a')).toBe(false);
    // names for an older version are not taken
    next.name(a, { name: 'old.pdf', title: '', record: false });
    expect(next.isNamed('docs|a')).toBe(false);
  });

  it('tells a change in malformed hashes and times, and keeps the newest time as listed', () => {
    const items = new StudyItems(new Owners());
    const odd = item('docs|a', { headerHash: 'not hex at all', updatedAt: 'yesterday' });
    items.set(odd);
    expect(items.same(odd)).toBe(true);
    expect(items.same(item('docs|a', { headerHash: 'not hex at all either', updatedAt: 'yesterday' }))).toBe(false);
    items.set(item('docs|b', { updatedAt: '2026-03-01T10:00:00.123456Z' }));
    items.set(item('docs|c', { updatedAt: '2026-02-01T10:00:00Z' }));
    expect(items.newest).toBe('2026-03-01T10:00:00.123456Z');
    expect(items.ownerOf('docs|c')).toBe('org-1');
  });
});
