import { describe, expect, it } from 'vitest';
import { doc, item } from '../test-support/fixtures.js';
import { buildTree, folderEntries } from './file-tree.js';
import { filterRows, nextSort, sortRows, toRow } from './rows.js';

const OTHER = '2'.repeat(32);
const names = new Map([[OTHER, 'Site Hospital']]);

function rowsOf() {
  const tree = buildTree([
    { ...item('docs|aaa', { header: doc('Protocol.pdf', 3000), updatedAt: '2026-01-03T00:00:00Z' }), accessCount: 3 },
    item('docs|bbb', {
      header: doc('consent-form.docx', 100, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      updatedAt: '2026-01-05T00:00:00Z',
      ownedByMe: false,
      ownerId: OTHER,
    }),
    item('docs|ccc', { updatedAt: '2026-01-04T00:00:00Z' }),
    item('docs|zeta|x'),
    item('docs|alpha|y'),
  ]);
  return folderEntries(tree, 'docs').map((e) => toRow(e, { names }));
}

describe('toRow', () => {
  it('shows the file name, media type, size, owner and shared count of a document', () => {
    const rows = rowsOf();
    const protocol = rows.find((r) => r.key === 'item:docs/aaa');
    expect(protocol).toMatchObject({
      label: 'Protocol.pdf',
      type: 'PDF document',
      size: 3000,
      owner: 'You',
      sharedWith: 3,
    });
    expect(rows.find((r) => r.key === 'item:docs/bbb')?.owner).toBe('Site Hospital');
    // Header not decrypted yet: the path segment and a placeholder type.
    expect(rows.find((r) => r.key === 'item:docs/ccc')).toMatchObject({ label: 'ccc', type: '…', size: undefined });
  });

  it('has no shared count until main has counted one', () => {
    const tree = buildTree([
      { ...item('docs|aaa', { header: doc('Protocol.pdf', 3000) }), accessCount: 2 },
      item('docs|bbb'),
    ]);
    const rows = folderEntries(tree, 'docs').map((e) => toRow(e, { names }));
    expect(rows.find((r) => r.key === 'item:docs/aaa')?.sharedWith).toBe(2);
    expect(rows.find((r) => r.key === 'item:docs/bbb')?.sharedWith).toBeUndefined();
  });
});

describe('sortRows', () => {
  it('puts folders first, then sorts by name either way', () => {
    const asc = sortRows(rowsOf(), { column: 'name', direction: 'asc' }).map((r) => r.label);
    expect(asc).toEqual(['alpha', 'zeta', 'ccc', 'consent-form.docx', 'Protocol.pdf']);
    const desc = sortRows(rowsOf(), { column: 'name', direction: 'desc' }).map((r) => r.label);
    expect(desc).toEqual(['zeta', 'alpha', 'Protocol.pdf', 'consent-form.docx', 'ccc']);
  });

  it('sorts by size and update time with unknown values last', () => {
    const bySize = sortRows(rowsOf(), { column: 'size', direction: 'asc' })
      .filter((r) => r.entry.kind === 'item')
      .map((r) => r.label);
    expect(bySize).toEqual(['consent-form.docx', 'Protocol.pdf', 'ccc']);
    const byUpdated = sortRows(rowsOf(), { column: 'updated', direction: 'desc' })
      .filter((r) => r.entry.kind === 'item')
      .map((r) => r.label);
    expect(byUpdated).toEqual(['consent-form.docx', 'ccc', 'Protocol.pdf']);
  });

  it('sorts by owner and shared-with count', () => {
    const byOwner = sortRows(rowsOf(), { column: 'owner', direction: 'asc' })
      .filter((r) => r.entry.kind === 'item')
      .map((r) => r.owner);
    expect(byOwner).toEqual(['Site Hospital', 'You', 'You']);
    const byShared = sortRows(rowsOf(), { column: 'shared', direction: 'asc' })
      .filter((r) => r.entry.kind === 'item')
      .map((r) => r.label);
    expect(byShared[0]).toBe('Protocol.pdf');
  });
});

describe('filterRows', () => {
  it('matches the shown name, the path segment and the type, ignoring case', () => {
    expect(filterRows(rowsOf(), 'PROTO').map((r) => r.label)).toEqual(['Protocol.pdf']);
    expect(filterRows(rowsOf(), 'aaa').map((r) => r.label)).toEqual(['Protocol.pdf']);
    expect(filterRows(rowsOf(), 'word doc').map((r) => r.label)).toEqual(['consent-form.docx']);
    expect(
      filterRows(rowsOf(), 'folder')
        .map((r) => r.label)
        .sort(),
    ).toEqual(['alpha', 'zeta']);
    expect(filterRows(rowsOf(), '  ')).toHaveLength(5);
    expect(filterRows(rowsOf(), 'nothing-like-this')).toEqual([]);
  });
});

describe('nextSort', () => {
  it('flips on the same column and picks a natural direction on a new one', () => {
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'updated')).toEqual({ column: 'updated', direction: 'desc' });
    expect(nextSort({ column: 'size', direction: 'asc' }, 'owner')).toEqual({ column: 'owner', direction: 'asc' });
  });
});
