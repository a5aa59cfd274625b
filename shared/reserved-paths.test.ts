import { describe, expect, it } from 'vitest';
import { isReservedItemId, reservedPathWriter } from './reserved-paths.js';

const org = 'ab'.repeat(16);

describe('reserved paths (decisions §3)', () => {
  it('study and checklist, and anything below them, are the owner’s', () => {
    for (const id of ['study', 'checklist', 'study|x', 'checklist/a/b'])
      expect(reservedPathWriter(id)).toEqual({ kind: 'owner' });
  });

  it('receipts, signoffs and requests below an organization id are that organization’s', () => {
    for (const root of ['receipts', 'signoffs', 'requests']) {
      expect(reservedPathWriter(`${root}|${org}`)).toEqual({ kind: 'organization', organizationId: org });
      expect(reservedPathWriter(`${root}/${org}/x/y`)).toEqual({ kind: 'organization', organizationId: org });
      // the root itself, or anything that is not an organization id after it: no one
      for (const id of [root, `${root}|notes`, `${root}/${org.toUpperCase()}`, `${root}|${org}0`])
        expect(reservedPathWriter(id)).toEqual({ kind: 'none' });
    }
  });

  it('every other path is open, and only reserved ones are hidden from documents', () => {
    for (const id of ['studyx', 'documents|study', 'receipt', 'checklists|a', 'Study'])
      expect([reservedPathWriter(id).kind, isReservedItemId(id)]).toEqual(['anyone', false]);
    for (const id of ['study', 'checklist', 'receipts', `signoffs|${org}|x`, 'requests|x'])
      expect(isReservedItemId(id)).toBe(true);
  });
});
