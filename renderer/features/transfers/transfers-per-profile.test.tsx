// @vitest-environment happy-dom
// Issue 38 §8: one list per profile, a summary line, the size from the start, a red Failed tab
// that comes forward on a failure, and the folder's rows for uploads in progress.
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayloads, ExchangeApi } from '../../../shared/ipc/contract.js';
import type { TransferView } from '../../../shared/ipc/views.js';
import { useTransfers } from './transfers.js';
import { transferSummary } from './transfer-summary.js';
import { apiWrapper } from '../../test-support/api-wrapper.js';
import { appError, transfer } from '../../test-support/fixtures.js';
import { PendingUploads, pendingUploads } from '../file-manager/pending-uploads.js';
import { TransfersPanel } from './transfers-panel.js';

afterEach(cleanup);

const MB = 1024 * 1024;
const props = { onCancel: () => {}, onRetry: () => {}, onClear: () => {} };

describe('one transfers list per profile', () => {
  it("lists only the window's profile, from the first list and from main's events", async () => {
    const sirb = transfer({ id: 'a', profileId: 'sirb', fileName: 'irb-letter.pdf' });
    const site = transfer({ id: 'b', profileId: 'riverside', fileName: 'site-log.pdf' });
    let changed: ((list: EventPayloads['transfers.changed']) => void) | undefined;
    const api = {
      'transfers.list': async () => ({ ok: true, value: [sirb, site] }),
      on: (name: string, fn: (list: TransferView[]) => void) => {
        if (name === 'transfers.changed') changed = fn;
        return () => undefined;
      },
    } as unknown as ExchangeApi;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useTransfers('riverside'), { wrapper: apiWrapper(api, client) });
    await waitFor(() => expect(result.current.data?.map((t) => t.id)).toEqual(['b']));
    act(() => changed?.([sirb, site, transfer({ id: 'c', profileId: 'sirb' })]));
    expect(result.current.data?.map((t) => t.id)).toEqual(['b']);
  });
});

describe('the summary line', () => {
  it('counts the batch, its bytes and the time left', () => {
    const batch = [
      transfer({ id: '1', state: 'verified', bytes: 60 * MB, total: 60 * MB, finishedAt: '2026-01-02T03:05:00Z' }),
      transfer({ id: '2', state: 'verified', bytes: 60 * MB, total: 60 * MB, finishedAt: '2026-01-02T03:05:01Z' }),
      transfer({ id: '3', state: 'verified', bytes: 60 * MB, total: 60 * MB, finishedAt: '2026-01-02T03:05:02Z' }),
      transfer({ id: '4', state: 'running', bytes: 0, total: 100 * MB, rate: 5 * MB }),
      // ended before this batch began: not counted
      transfer({ id: 'old', state: 'verified', total: 9 * MB, finishedAt: '2025-12-01T00:00:00Z' }),
    ];
    expect(transferSummary(batch)).toBe('3 of 4 · 180 MB of 280 MB · about 20 s left');
    expect(transferSummary(batch.filter((t) => t.state === 'verified'))).toBeUndefined();
  });

  it('shows in the panel while something moves', () => {
    render(<TransfersPanel transfers={[transfer({ state: 'queued', bytes: 0, total: 4 * MB, rate: 0 })]} {...props} />);
    expect(screen.getByTestId('transfers-summary').textContent).toBe('0 of 1 · 0 bytes of 4.0 MB');
    // a queued file already says its size
    expect(screen.getByTestId('transfer-row').textContent).toContain('0 bytes of 4.0 MB');
  });
});

describe('a failure', () => {
  it('brings the Failed tab forward, in red, with the cause and Retry, even with the panel open', () => {
    const running = transfer({ id: 'x', fileName: 'site-binder.pdf' });
    const { rerender } = render(<TransfersPanel transfers={[running]} {...props} />);
    expect(screen.getByTestId('transfers-tab-active').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('transfers-tab-failed').classList.contains('has-failures')).toBe(false);
    const failed = {
      ...running,
      state: 'failed' as const,
      error: appError({ code: 1021, message: 'Request body too slow', explanation: 'The exchange stopped waiting.' }),
    };
    rerender(<TransfersPanel transfers={[failed]} {...props} />);
    const tab = screen.getByTestId('transfers-tab-failed');
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(tab.classList.contains('has-failures')).toBe(true);
    const row = screen.getByTestId('transfer-row');
    expect(within(row).getByRole('alert').textContent).toContain('The exchange stopped waiting.');
    expect(within(row).getByTestId('transfer-retry').textContent).toBe('Retry');
  });

  it('a cancel is not a failure: the tab stays plain', () => {
    render(<TransfersPanel transfers={[transfer({ state: 'cancelled' })]} {...props} />);
    expect(screen.getByTestId('transfers-tab-failed').classList.contains('has-failures')).toBe(false);
  });
});

describe('uploads in progress in their folder', () => {
  const c = 'c'.repeat(32);
  it('shows the uploads still moving into the folder in view, with their size', () => {
    const list = [
      transfer({
        id: 'q',
        itemPath: 'Protocol/aa',
        fileName: 'amendment.pdf',
        state: 'queued',
        bytes: 0,
        total: 2 * MB,
      }),
      transfer({
        id: 'r',
        itemPath: 'Protocol/bb',
        fileName: 'budget.xlsx',
        state: 'running',
        bytes: MB,
        total: 4 * MB,
      }),
      transfer({ id: 'f', itemPath: 'Protocol/cc', state: 'failed' }),
      transfer({ id: 'v', itemPath: 'Protocol/dd', state: 'verified' }),
      transfer({ id: 'o', itemPath: 'Consent forms/ee', state: 'running' }),
      transfer({ id: 'd', itemPath: 'Protocol/ff', state: 'running', direction: 'download' }),
      transfer({ id: 's', itemPath: 'Protocol/gg', state: 'running', containerId: 'd'.repeat(32) }),
    ];
    const shown = pendingUploads(list, c, 'Protocol');
    expect(shown.map((t) => t.id)).toEqual(['q', 'r']);
    render(<PendingUploads uploads={shown} />);
    const rows = screen.getAllByTestId('pending-upload');
    expect(rows.map((r) => r.textContent)).toEqual([
      'amendment.pdfWaiting · 0 bytes of 2.0 MB',
      'budget.xlsxUploading · 1.0 MB of 4.0 MB',
    ]);
    expect((within(rows[1]!).getByRole('progressbar') as HTMLProgressElement).value).toBe(25);
  });

  it('shows nothing when nothing moves into the folder', () => {
    render(<PendingUploads uploads={[]} />);
    expect(screen.queryByTestId('pending-uploads')).toBeNull();
  });
});
