import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openItemKey, sealItem } from '../../../shared/protocol/envelope.js';
import type { Item, RecordHeader } from '../../../shared/types.js';
import type { Session } from '../profiles/session.js';
import { HeaderCache } from './header-cache.js';
import { itemView, ownerIdOf } from './views.js';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ME = 'a'.repeat(32);
const C = 'c'.repeat(32);

function sessionCounting(): { session: Session; opened: () => number } {
  let opens = 0;
  const keys = {
    openItemKey: (item: Item) => {
      opens++;
      return openItemKey(item, privateKey);
    },
  };
  return {
    session: { profile: { organizationId: ME }, keys, headers: new HeaderCache() } as unknown as Session,
    opened: () => opens,
  };
}

function wireItem(id: string, name: string, owner = ME): Item {
  const header = { type: 'record', version: 'IRBX.2', name } as unknown as RecordHeader;
  const { content: _content, ...fields } = sealItem({ header, content: Buffer.from('x') }, publicKey);
  return {
    ...fields,
    id,
    url: `/containers/${C}/items/${id.replaceAll('|', '/')}`,
    contentUrl: '',
    ownerUrl: `/organizations/${owner}`,
    containerUrl: `/containers/${C}`,
    permissionsUrl: '',
    createdAt: '2026-01-01T00:00:00.000+00:00',
    updatedAt: '2026-01-01T00:00:00.000+00:00',
  };
}

describe('itemView', () => {
  it('gives the slash path, the owner and whether it is mine', () => {
    const { session } = sessionCounting();
    const v = itemView(session, C, wireItem('a|b|c', 'one', 'b'.repeat(32)), false);
    expect(v.path).toBe('a/b/c');
    expect(v.ownerId).toBe('b'.repeat(32));
    expect(v.ownedByMe).toBe(false);
    expect(v.decryptedHeader).toBeUndefined();
    expect(itemView(session, C, wireItem('x', 'two'), false).ownedByMe).toBe(true);
  });

  it('opens a header once, and gives it again without decrypting until the item changes', () => {
    const { session, opened } = sessionCounting();
    const item = wireItem('f|doc', 'report');
    expect(itemView(session, C, { ...item }, true).decryptedHeader?.name).toBe('report');
    expect(itemView(session, C, { ...item }, false).decryptedHeader?.name).toBe('report');
    expect(itemView(session, C, { ...item }, true).decryptedHeader?.name).toBe('report');
    expect(opened()).toBe(1);
    // a new version (new key and header) is opened again, and only when asked
    const replaced = wireItem('f|doc', 'report v2');
    expect(itemView(session, C, { ...replaced }, false).decryptedHeader).toBeUndefined();
    expect(itemView(session, C, { ...replaced }, true).decryptedHeader?.name).toBe('report v2');
    expect(opened()).toBe(2);
    // another container's item of the same id is not confused with it
    expect(itemView(session, 'd'.repeat(32), { ...replaced }, false).decryptedHeader).toBeUndefined();
  });

  it('reports a header that cannot be opened', () => {
    const { session } = sessionCounting();
    const item = { ...wireItem('bad', 'x'), headerHash: '0'.repeat(64) };
    const v = itemView(session, C, item, true);
    expect(v.decryptedHeader).toBeUndefined();
    expect(v.headerProblem).toMatch(/./);
  });
});

describe('ownerIdOf', () => {
  it('takes the last segment, with or without a trailing slash', () => {
    expect(ownerIdOf({ ownerUrl: '/organizations/abc' })).toBe('abc');
    expect(ownerIdOf({ ownerUrl: '/organizations/abc/' })).toBe('abc');
    expect(ownerIdOf({ ownerUrl: '' })).toBe('');
  });
});
