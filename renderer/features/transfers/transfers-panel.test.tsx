// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appError, transfer } from '../../test-support/fixtures.js';
import { TransferRow } from './transfer-row.js';
import { TransfersPanel } from './transfers-panel.js';

afterEach(cleanup);

const list = [
  transfer({
    id: 'run',
    fileName: 'protocol.pdf',
    state: 'running',
    bytes: 1024 * 1024,
    total: 4 * 1024 * 1024,
    rate: 1024 * 1024,
  }),
  transfer({ id: 'paused', fileName: 'restored.pdf', state: 'paused', rate: 0 }),
  transfer({
    id: 'bad',
    fileName: 'broken.docx',
    state: 'failed',
    error: appError({ code: 'network', message: 'socket hang up', explanation: 'The exchange could not be reached.' }),
  }),
  transfer({ id: 'done', fileName: 'consent.pdf', state: 'verified', bytes: 100, total: 100 }),
];

describe('TransferRow', () => {
  it('shows progress, speed and time left while running, and cancels', () => {
    const onCancel = vi.fn();
    render(
      <ul>
        <TransferRow transfer={list[0]!} onCancel={onCancel} onRetry={() => {}} />
      </ul>,
    );
    const row = screen.getByTestId('transfer-row');
    expect(row.textContent).toContain('1.0 MB of 4.0 MB · 25%');
    expect(screen.getByTestId('transfer-rate').textContent).toBe('1.0 MB/s · 3 s left');
    expect(screen.getByTestId('transfer-state').textContent).toBe('Uploading');
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(25);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel protocol.pdf' }));
    expect(onCancel).toHaveBeenCalledWith('run');
  });

  it('shows a verified upload that could not be shared with the owner as verified, with the reason and no Retry', () => {
    const warned = transfer({
      id: 'warned',
      fileName: 'site-report.pdf',
      state: 'verified',
      bytes: 100,
      total: 100,
      warning: appError({ code: 'untrusted-certificate', explanation: 'The owner’s certificate is not trusted.' }),
    });
    render(
      <ul>
        <TransferRow transfer={warned} onCancel={() => {}} onRetry={() => {}} />
      </ul>,
    );
    expect(screen.getByTestId('transfer-state').textContent).toBe('verified');
    expect(screen.getByTestId('transfer-warning').textContent).toBe(
      'Uploaded and verified, but not shared with the study’s owner: The owner’s certificate is not trusted.',
    );
    expect(screen.queryByTestId('transfer-retry')).toBeNull();
  });

  it('shows a restored transfer as paused with Resume', () => {
    const onRetry = vi.fn();
    render(
      <ul>
        <TransferRow transfer={list[1]!} onCancel={() => {}} onRetry={onRetry} />
      </ul>,
    );
    expect(screen.getByTestId('transfer-state').textContent).toBe('Paused');
    expect(screen.getByText(/Paused after a restart/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume restored.pdf' }));
    expect(onRetry).toHaveBeenCalledWith('paused');
  });
});

describe('TransfersPanel', () => {
  it('splits transfers into Active, Failed and Completed tabs with counts', () => {
    const onRetry = vi.fn();
    const onClear = vi.fn();
    render(<TransfersPanel transfers={list} onCancel={() => {}} onRetry={onRetry} onClear={onClear} />);
    expect(screen.getByTestId('transfers-tab-active').textContent).toBe('Active (2)');
    expect(screen.getByTestId('transfers-tab-failed').textContent).toBe('Failed (1)');
    expect(screen.getByTestId('transfers-tab-completed').textContent).toBe('Completed (1)');
    expect(screen.getAllByTestId('transfer-row').map((r) => r.dataset.transferId)).toEqual(['run', 'paused']);

    fireEvent.click(screen.getByTestId('transfers-tab-failed'));
    const failed = screen.getByTestId('transfer-row');
    expect(within(failed).getByRole('alert').textContent).toContain('The exchange could not be reached.');
    fireEvent.click(within(failed).getByTestId('transfer-retry'));
    expect(onRetry).toHaveBeenCalledWith('bad');

    fireEvent.click(screen.getByTestId('transfers-tab-completed'));
    const done = screen.getByTestId('transfer-row');
    expect(done.dataset.state).toBe('verified');
    expect(within(done).getByTestId('transfer-state').textContent).toBe('verified');
    fireEvent.click(screen.getByRole('button', { name: 'Clear completed' }));
    expect(onClear).toHaveBeenCalledWith('completed');
  });

  it('moves between tabs with the arrow keys', () => {
    render(<TransfersPanel transfers={list} onCancel={() => {}} onRetry={() => {}} onClear={() => {}} />);
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowLeft' });
    expect(screen.getByTestId('transfers-tab-completed').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('transfers-tab-completed'));
  });

  it('is a one-line status bar while idle, opens when a transfer starts, and folds again when it is done', () => {
    const props = { onCancel: () => {}, onRetry: () => {}, onClear: () => {} };
    const done = list[3]!;
    const { rerender } = render(<TransfersPanel transfers={[done]} {...props} />);
    const panel = screen.getByTestId('transfers-panel');
    expect(panel.classList.contains('collapsed')).toBe(true);
    expect(screen.getByRole('tabpanel', { hidden: true }).hidden).toBe(true);
    expect(screen.getByTestId('transfers-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('transfers-tab-completed').textContent).toBe('Completed (1)');

    rerender(<TransfersPanel transfers={[done, list[0]!]} {...props} />);
    expect(panel.classList.contains('collapsed')).toBe(false);
    expect(screen.getByTestId('transfers-tab-active').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('transfer-row').dataset.transferId).toBe('run');

    rerender(<TransfersPanel transfers={[done, { ...list[0]!, state: 'verified' }]} {...props} />);
    expect(panel.classList.contains('collapsed')).toBe(true);
  });

  it('opens on the Failed tab when a transfer fails, and stays open', () => {
    const props = { onCancel: () => {}, onRetry: () => {}, onClear: () => {} };
    const { rerender } = render(<TransfersPanel transfers={[list[0]!]} {...props} />);
    fireEvent.click(screen.getByTestId('transfers-toggle'));
    expect(screen.getByTestId('transfers-panel').classList.contains('collapsed')).toBe(true);
    rerender(<TransfersPanel transfers={[{ ...list[2]!, id: 'run' }]} {...props} />);
    expect(screen.getByTestId('transfers-panel').classList.contains('collapsed')).toBe(false);
    expect(screen.getByTestId('transfers-tab-failed').getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByTestId('transfer-row')).getByRole('alert').textContent).toContain('could not be reached');
  });

  it('does not open for the list it loads with, only for what happens after', () => {
    const props = { onCancel: () => {}, onRetry: () => {}, onClear: () => {} };
    const { rerender } = render(<TransfersPanel transfers={[]} ready={false} {...props} />);
    rerender(<TransfersPanel transfers={[list[2]!, list[3]!]} {...props} />);
    expect(screen.getByTestId('transfers-panel').classList.contains('collapsed')).toBe(true);
    expect(screen.getByTestId('transfers-tab-failed').textContent).toBe('Failed (1)');
    fireEvent.click(screen.getByTestId('transfers-tab-failed'));
    expect(screen.getByTestId('transfers-panel').classList.contains('collapsed')).toBe(false);
  });
});
