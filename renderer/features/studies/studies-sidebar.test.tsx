// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appError, container } from '../../test-support/fixtures.js';
import { StudiesSidebar, type StudiesSidebarProps } from './studies-sidebar.js';

afterEach(cleanup);

const base: StudiesSidebarProps = {
  containers: [],
  loading: false,
  canCreate: true,
  creating: false,
  onSelect: () => {},
  onCreate: () => {},
  onRetry: () => {},
};

describe('StudiesSidebar', () => {
  it('explains what a study is when there is none, and offers New study to an sIRB', () => {
    const onCreate = vi.fn();
    render(<StudiesSidebar {...base} onCreate={onCreate} />);
    expect(screen.getByTestId('studies-empty').textContent).toMatch(/A study is a shared, encrypted space/);
    expect(screen.getByTestId('studies-empty').textContent).toMatch(/New study/);
    fireEvent.click(screen.getByTestId('new-study'));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('has no New study for a pSite and says what to wait for', () => {
    render(<StudiesSidebar {...base} canCreate={false} />);
    expect(screen.queryByTestId('new-study')).toBeNull();
    expect(screen.getByTestId('studies-empty').textContent).toMatch(/invites your organization/);
  });

  it('lists studies in the order main answers them (newest first) with their owner and selects on click or Enter', () => {
    const onSelect = vi.fn();
    const list = [
      container('b'.repeat(32), '2026-03-01T00:00:00Z', { ownedByMe: false, ownerName: 'Regional IRB' }),
      container('a'.repeat(32), '2026-01-01T00:00:00Z'),
    ];
    render(<StudiesSidebar {...base} containers={list} selectedId={'a'.repeat(32)} onSelect={onSelect} />);
    const rows = screen.getAllByTestId('study-row');
    expect(rows.map((r) => r.dataset.containerId)).toEqual(['b'.repeat(32), 'a'.repeat(32)]);
    expect(rows[0]?.textContent).toContain('Regional IRB');
    expect(rows[1]?.textContent).toContain('Yours');
    expect(rows[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(rows[0]!);
    fireEvent.keyDown(rows[1]!, { key: 'Enter' });
    expect(onSelect.mock.calls).toEqual([['b'.repeat(32)], ['a'.repeat(32)]]);
    expect(screen.queryByTestId('studies-empty')).toBeNull();
  });

  it('shows a load failure with Retry', () => {
    const onRetry = vi.fn();
    render(<StudiesSidebar {...base} containers={undefined} error={appError({ code: 'network' })} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The list of studies could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('keeps the studies it had when a later refresh fails, and says the list is from before', () => {
    const list = [container('a'.repeat(32), '2026-01-01T00:00:00Z')];
    render(<StudiesSidebar {...base} containers={list} error={appError({ code: 'network' })} />);
    expect(screen.getByRole('alert').textContent).toContain('could not be refreshed; it shows what was loaded before.');
    expect(screen.getByRole('alert').textContent).not.toContain('could not be loaded');
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('says how many items are New in each study, and offers Changes and Mark as seen in its menu, by keyboard too', () => {
    const a = 'a'.repeat(32);
    const b = 'b'.repeat(32);
    const onMarkSeen = vi.fn();
    const onChanges = vi.fn();
    const list = [container(b, '2026-03-01T00:00:00Z'), container(a, '2026-01-01T00:00:00Z')];
    render(
      <StudiesSidebar
        {...base}
        containers={list}
        unseen={{ byStudy: { [a]: ['x', 'y/z', 'w'] } }}
        onMarkSeen={onMarkSeen}
        onChanges={onChanges}
      />,
    );
    const [first, second] = screen.getAllByRole('option');
    expect(within(second!).getByTestId('study-new-count').textContent).toBe('3 new');
    expect(within(first!).queryByTestId('study-new-count')).toBeNull();
    // nothing New in b: Mark as seen is there but disabled
    fireEvent.contextMenu(first!);
    expect(screen.getByTestId('menu-mark-seen').getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(screen.getByTestId('menu-changes'), { key: 'Enter' });
    expect(onChanges).toHaveBeenCalledWith(b);
    fireEvent.keyDown(second!, { key: 'F10', shiftKey: true });
    fireEvent.click(screen.getByTestId('menu-mark-seen'));
    expect(onMarkSeen).toHaveBeenCalledWith(a);
  });
});
