// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTree } from '../../lib/file-tree.js';
import { item } from '../../test-support/fixtures.js';
import { FolderTree } from './folder-tree.js';

afterEach(cleanup);

const tree = buildTree([item('docs|a'), item('docs/a'), item('docs|site|b'), item('study'), item('study|x|y')]);

describe('FolderTree', () => {
  it('builds folders from both id forms, once each, with the current one selected', () => {
    render(<FolderTree tree={tree} current="docs/site" rootLabel="Study 1" onOpen={() => {}} />);
    expect(screen.getByRole('tree', { name: 'Folders' })).toBeTruthy();
    const items = screen.getAllByRole('treeitem').map((t) => t.dataset.treePath);
    // Ancestors of the current folder are expanded; `study` is both an item and a folder.
    expect(items).toEqual(['', 'docs', 'docs/site', 'study']);
    const current = screen.getAllByRole('treeitem').find((t) => t.dataset.treePath === 'docs/site');
    expect(current?.getAttribute('aria-selected')).toBe('true');
    expect(current?.getAttribute('tabindex')).toBe('0');
  });

  it('opens folders by click and by arrow keys', () => {
    const onOpen = vi.fn();
    render(<FolderTree tree={tree} current="" rootLabel="Study 1" onOpen={onOpen} />);
    fireEvent.click(screen.getByText('study'));
    expect(onOpen).toHaveBeenLastCalledWith('study');
    fireEvent.keyDown(screen.getByRole('tree'), { key: 'ArrowDown' });
    expect(onOpen).toHaveBeenLastCalledWith('docs');
  });

  it('shows a folder name another organization chose cleaned and cut (no bidi override, no megabyte)', () => {
    const long = `\u202E${'f'.repeat(5000)}`;
    const hostile = buildTree([item('Site documents|\u202Efdp.exe|x'), item(`${long}|y`)]);
    render(<FolderTree tree={hostile} current="Site documents/\u202Efdp.exe" rootLabel="Study 1" onOpen={() => {}} />);
    const tree = screen.getByRole('tree');
    expect(tree.textContent).not.toContain('\u202E');
    expect(tree.textContent).toContain('fdp.exe');
    expect(tree.textContent!.length).toBeLessThan(600);
    for (const label of tree.querySelectorAll('.tree-label'))
      expect(label.getAttribute('title')).not.toContain('\u202E');
  });
});
