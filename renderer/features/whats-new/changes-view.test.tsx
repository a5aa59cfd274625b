// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { ChangeView } from '../../../shared/ipc/views.js';
import { ApiProvider } from '../../data/api-context.js';
import { onReveal, type RevealTarget } from '../../lib/reveal.js';
import { ChangesDialog } from './changes-dialog.js';
import { ChangesView } from './changes-view.js';

afterEach(cleanup);

const STUDY = 'c'.repeat(32);
const NOW = Date.parse('2026-03-01T12:00:00Z');
const change = (over: Partial<ChangeView>): ChangeView => ({
  containerId: STUDY,
  studyTitle: 'Protocol 2025-031',
  itemPath: 'site-a/visit-2/report',
  name: 'Monitoring report.pdf',
  kind: 'added',
  byId: '2'.repeat(32),
  byName: 'Riverside Medical Center',
  at: '2026-03-01T11:55:00Z',
  unseen: true,
  ...over,
});
const LIST = [
  change({}),
  change({ itemPath: 'consent', name: 'Consent v3.pdf', kind: 'changed', unseen: false, at: '2026-02-27T09:00:00Z' }),
  change({ itemPath: 'site-b/old', name: 'Old letter.pdf', kind: 'gone', unseen: false, byName: undefined }),
];

function view(changes: ChangeView[] | undefined, onSelect = vi.fn()) {
  render(
    <ChangesView
      changes={changes}
      loading={false}
      onRetry={() => {}}
      onSelect={onSelect}
      onClose={() => {}}
      now={NOW}
    />,
  );
  return onSelect;
}

describe('ChangesView', () => {
  it('lists who, what, where and when, newest first as main gives them, New marked and gone worded', () => {
    view(LIST);
    const entries = screen.getAllByTestId('change-entry');
    expect(entries.map((e) => e.dataset.kind)).toEqual(['added', 'changed', 'gone']);
    const first = entries[0]!;
    expect(first.textContent).toContain('New');
    expect(first.textContent).toContain('Monitoring report.pdf');
    expect(first.textContent).toContain('by Riverside Medical Center');
    expect(first.textContent).toContain('Protocol 2025-031 › site-a › visit-2');
    expect(within(first).getByText('5 min ago').getAttribute('title')).toBeTruthy();
    expect(first.getAttribute('aria-label')).toMatch(/^New: Monitoring report\.pdf, added by Riverside Medical Center/);
    expect(entries[1]!.textContent).not.toContain('New');
    expect(entries[1]!.textContent).toContain('2 days ago');
    expect(entries[1]!.textContent).toContain('Protocol 2025-031'); // at the study's root
    expect(entries[2]!.textContent).toContain('no longer available');
    // "gone" leads nowhere: not a control
    expect(entries[2]!.tagName).not.toBe('BUTTON');
    expect(screen.getAllByRole('button', { name: /Show it$/ })).toHaveLength(2);
  });

  it('moves with arrow keys, Home and End, and selects with a click or Enter', () => {
    const onSelect = view(LIST);
    const [first, second] = screen.getAllByRole('button', { name: /Show it$/ });
    // the dialog starts on the newest entry
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'ArrowDown' }); // the gone entry is not a stop
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'Home' });
    expect(document.activeElement).toBe(first);
    fireEvent.click(second!);
    expect(onSelect).toHaveBeenCalledWith(LIST[1]);
  });

  it('says when nothing came from other organizations', () => {
    view([]);
    expect(screen.getByTestId('changes-empty').textContent).toMatch(/^Nothing new from other organizations since/);
    expect(screen.queryByTestId('changes-list')).toBeNull();
  });
});

describe('ChangesDialog', () => {
  it('reveals the chosen entry in the browser and closes', async () => {
    const asked: unknown[] = [];
    const api = {
      on: () => () => undefined,
      'changes.list': async (args: unknown) => (asked.push(args), { ok: true, value: LIST }),
    } as unknown as ExchangeApi;
    const revealed: RevealTarget[] = [];
    const off = onReveal((t) => revealed.push(t));
    const onClose = vi.fn();
    render(
      <ApiProvider api={api}>
        <QueryClientProvider client={new QueryClient()}>
          <ChangesDialog profileId="p1" containerId={STUDY} studyTitle="Protocol 2025-031" onClose={onClose} />
        </QueryClientProvider>
      </ApiProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Changes in Protocol 2025-031' })).toBeTruthy();
    const entries = await screen.findAllByRole('button', { name: /Show it$/ });
    fireEvent.click(entries[0]!);
    off();
    expect(asked).toEqual([{ containerId: STUDY }]);
    expect(revealed).toEqual([{ containerId: STUDY, itemPaths: ['site-a/visit-2/report'] }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
