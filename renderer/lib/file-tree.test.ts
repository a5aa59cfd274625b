import { describe, expect, it } from 'vitest';
import { doc, item } from '../test-support/fixtures.js';
import { ancestry, buildTree, folderEntries, mergeItems } from './file-tree.js';

describe('buildTree', () => {
  it('treats the pipe and slash forms of an id as one item, keeping the newer', () => {
    const tree = buildTree([
      item('documents|abc', { updatedAt: '2026-01-01T00:00:00Z' }),
      item('documents/abc', { updatedAt: '2026-02-01T00:00:00Z' }),
    ]);
    expect([...tree.items.keys()]).toEqual(['documents/abc']);
    expect(tree.items.get('documents/abc')?.updatedAt).toBe('2026-02-01T00:00:00Z');
    expect(tree.folders.get('')?.folders).toEqual(['documents']);
    expect(tree.folders.get('documents')?.items).toHaveLength(1);
  });

  it('shows a path that is both an item and a folder as both', () => {
    const tree = buildTree([item('study'), item('study|site-a|consent'), item('top')]);
    const root = folderEntries(tree, '');
    expect(root.map((e) => `${e.kind}:${e.path}`).sort()).toEqual(['folder:study', 'item:study', 'item:top']);
    const study = folderEntries(tree, 'study');
    expect(study.map((e) => `${e.kind}:${e.path}`)).toEqual(['folder:study/site-a']);
    expect(folderEntries(tree, 'study/site-a').map((e) => e.name)).toEqual(['consent']);
  });

  it('creates every intermediate folder and counts children', () => {
    const tree = buildTree([item('a|b|c|d'), item('a|x')]);
    expect([...tree.folders.keys()].sort()).toEqual(['', 'a', 'a/b', 'a/b/c']);
    const a = folderEntries(tree, '');
    expect(a).toEqual([expect.objectContaining({ kind: 'folder', path: 'a', childCount: 2 })]);
  });

  it('lists nothing for an unknown folder', () => {
    expect(folderEntries(buildTree([item('a')]), 'nope')).toEqual([]);
  });
});

describe('mergeItems', () => {
  it('keeps a decrypted header when the same version comes back without one', () => {
    const withHeader = item('d|1', { header: doc('a.pdf', 10) });
    const again = item('d/1');
    const merged = mergeItems([withHeader], [again]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.decryptedHeader).toEqual(doc('a.pdf', 10));
  });

  it('keeps the later instant when one item comes with two offsets', () => {
    const later = item('d|1', { updatedAt: '2026-01-01T09:00:00Z' });
    const earlier = item('d/1', { updatedAt: '2026-01-01T10:00:00+02:00' });
    expect(mergeItems([later], [earlier])[0]?.updatedAt).toBe('2026-01-01T09:00:00Z');
    expect(mergeItems([earlier], [later])[0]?.updatedAt).toBe('2026-01-01T09:00:00Z');
    expect(buildTree([later, earlier]).items.get('d/1')?.updatedAt).toBe('2026-01-01T09:00:00Z');
  });

  it('drops the old header when a newer version arrives', () => {
    const old = item('d|1', { header: doc('a.pdf', 10), updatedAt: '2026-01-01T00:00:00Z' });
    const merged = mergeItems([old], [item('d|1', { updatedAt: '2026-03-01T00:00:00Z' })]);
    expect(merged[0]?.decryptedHeader).toBeUndefined();
  });
});

describe('ancestry', () => {
  it('walks from the root to the folder', () => {
    expect(ancestry('a/b|c')).toEqual([
      { path: '', name: '' },
      { path: 'a', name: 'a' },
      { path: 'a/b', name: 'b' },
      { path: 'a/b/c', name: 'c' },
    ]);
    expect(ancestry('')).toEqual([{ path: '', name: '' }]);
  });
});
