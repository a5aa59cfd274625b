// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import type { ActivityEntry } from '../../../shared/ipc/views.js';
import { appError, item } from '../../test-support/fixtures.js';
import { RekeyView } from '../sharing/rekey-view.js';
import { ToastList, useToasts } from '../../components/chrome/toasts.js';
import { ActivityView } from './activity-view.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const entries: ActivityEntry[] = [
  {
    time: '2026-01-02T10:00:00Z',
    profile: 'Sandbox sIRB',
    action: 'upload',
    ok: true,
    study: 'c1',
    item: 'protocol.pdf',
  },
  {
    time: '2026-01-02T11:00:00Z',
    profile: 'Sandbox sIRB',
    action: 'grant',
    ok: false,
    study: 'c1',
    item: 'protocol.pdf',
    organization: 'Riverside',
    detail: 'thumbprint differs',
  },
];

describe('ActivityView', () => {
  it('shows each entry with action, organization and outcome; filters and exports through callbacks', () => {
    const onAction = vi.fn();
    const onText = vi.fn();
    const onExport = vi.fn();
    render(
      <ActivityView
        entries={entries}
        action=""
        text=""
        onAction={onAction}
        onText={onText}
        exporting={false}
        onExport={onExport}
        onClose={() => {}}
      />,
    );
    const rows = screen.getAllByTestId('activity-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Upload');
    expect(rows[1]!.textContent).toContain('Riverside');
    expect(rows[1]!.textContent).toContain('Failed: thumbprint differs');
    fireEvent.change(screen.getByTestId('activity-filter-action'), { target: { value: 'grant' } });
    expect(onAction).toHaveBeenCalledWith('grant');
    fireEvent.change(screen.getByTestId('activity-filter-text'), { target: { value: 'proto' } });
    expect(onText).toHaveBeenCalledWith('proto');
    fireEvent.click(screen.getByTestId('activity-export'));
    expect(onExport).toHaveBeenCalledTimes(1);
  });

  it('shows study titles in the normal font, monospace only for a bare container id', () => {
    const two: ActivityEntry[] = [
      {
        time: '2026-01-02T10:00:00Z',
        profile: 'Sandbox sIRB',
        action: 'upload',
        ok: true,
        study: 'Protocol 2026-114: Sleep',
        item: 'a.pdf',
      },
      {
        time: '2026-01-02T11:00:00Z',
        profile: 'Sandbox sIRB',
        action: 'delete',
        ok: true,
        study: 'f'.repeat(32),
        item: 'b.pdf',
      },
    ];
    render(
      <ActivityView
        entries={two}
        action=""
        text=""
        onAction={() => {}}
        onText={() => {}}
        exporting={false}
        onExport={() => {}}
        onClose={() => {}}
      />,
    );
    const [titled, bare] = screen.getAllByTestId('activity-row').map((r) => r.querySelectorAll('td')[3]!);
    expect(titled!.textContent).toBe('Protocol 2026-114: Sleep');
    expect(titled!.classList.contains('mono')).toBe(false);
    expect(bare!.classList.contains('mono')).toBe(true);
  });

  it('says when a filter matches nothing', () => {
    render(
      <ActivityView
        entries={[]}
        action="revoke"
        text=""
        onAction={() => {}}
        onText={() => {}}
        exporting={false}
        onExport={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('activity-empty').textContent).toBe('Nothing matches this filter.');
  });
});

describe('RekeyView', () => {
  it('explains re-keying in one sentence, re-keys on request and shows the result or the failure', () => {
    const onRekey = vi.fn();
    const mine = item('docs|protocol', { ownedByMe: true });
    const { rerender } = render(
      <RekeyView item={mine} busy={false} names={new Map()} onRekey={onRekey} onClose={() => {}} />,
    );
    const reason = screen.getByTestId('rekey-reason').textContent ?? '';
    expect(reason.split('. ').length).toBe(1);
    // plain words (issue 38 §5): a new lock, not "re-key" or "wrap"
    expect(screen.getByRole('dialog').textContent).not.toMatch(/re-?key|wrap/i);
    expect(screen.getByRole('heading').textContent).toBe('Lock docs/protocol with a new key?');
    expect(reason).toContain('new version');
    fireEvent.click(screen.getByTestId('rekey-button'));
    expect(onRekey).toHaveBeenCalledTimes(1);
    rerender(
      <RekeyView
        item={mine}
        busy={false}
        names={new Map([['o1', 'Riverside']])}
        results={[{ itemPath: 'docs/protocol', organizationId: 'o1', ok: true }]}
        onRekey={onRekey}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('access-result').textContent).toContain('Riverside: done for the item.');
    expect(screen.queryByTestId('rekey-button')).toBeNull();
    rerender(
      <RekeyView
        item={mine}
        busy={false}
        names={new Map()}
        error={appError({ code: 1014 })}
        onRekey={onRekey}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('could not be locked with a new key');
  });

  it('cannot re-key an item owned by another organization', () => {
    render(
      <RekeyView
        item={item('x', { ownedByMe: false })}
        busy={false}
        names={new Map()}
        onRekey={() => {}}
        onClose={() => {}}
      />,
    );
    expect((screen.getByTestId('rekey-button') as HTMLButtonElement).disabled).toBe(true);
  });
});

function ToastHarness({ subscribe }: { subscribe: (l: (n: EventPayloads['notification']) => void) => () => void }) {
  const { toasts, dismiss } = useToasts(subscribe);
  return <ToastList toasts={toasts} onDismiss={dismiss} />;
}

describe('notification toasts', () => {
  it('shows each notification as a status toast that goes away by itself or on Dismiss', () => {
    vi.useFakeTimers();
    let emit: (n: EventPayloads['notification']) => void = () => {};
    const off = vi.fn();
    const subscribe = (l: typeof emit) => {
      emit = l;
      return off;
    };
    const { unmount } = render(<ToastHarness subscribe={subscribe} />);
    act(() => emit({ kind: 'success', title: '3 uploads verified', body: 'Every file was transferred and verified.' }));
    act(() => emit({ kind: 'failure', title: 'Grant failed', body: 'Riverside: thumbprint differs.' }));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts.map((t) => t.getAttribute('role'))).toEqual(['status', 'status']);
    expect(toasts[1]!.textContent).toContain('Grant failed');
    act(() => vi.advanceTimersByTime(7000));
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual([expect.stringContaining('Grant failed')]);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Grant failed' }));
    expect(screen.queryByTestId('toast')).toBeNull();
    unmount();
    expect(off).toHaveBeenCalledTimes(1);
  });
});
