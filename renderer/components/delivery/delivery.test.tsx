// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryCell, DistributionReport } from '../../../shared/delivery.js';
import { DeliverySection } from './delivery-section.js';
import { DistributionReportView } from './distribution-report.js';

afterEach(cleanup);

const cell = (name: string, state: DeliveryCell['state'], receivedAt?: string): DeliveryCell => ({
  organizationId: name.toLowerCase().replace(/\s/g, ''),
  organizationName: name,
  state,
  ...(receivedAt ? { receivedAt, action: 'opened' as const } : {}),
});

describe('DeliverySection', () => {
  it('tells the owner who received which version, and who has not yet', () => {
    const delivery = {
      itemPath: 'documents/a',
      sending: true,
      cells: [
        cell('North Site', 'this', '2026-11-26T09:00:00Z'),
        cell('South Site', 'earlier', '2026-11-20T09:00:00Z'),
        cell('East Site', 'none'),
      ],
    };
    render(<DeliverySection ownedByMe delivery={delivery} loading={false} onRetry={() => {}} />);
    expect(screen.getByTestId('delivery-summary').textContent).toBe('Received by 2 of 3 organizations with access');
    const rows = screen.getAllByTestId('delivery-org').map((li) => li.textContent);
    expect(rows[0]).toMatch(/^North Site: this version, opened /);
    expect(rows[1]).toMatch(/^South Site: earlier version, opened /);
    expect(rows[2]).toBe('East Site: not yet');
    expect(screen.getByTestId('delivery-waiting').textContent).toBe('Not received yet: East Site');
    expect(screen.queryByTestId('delivery-sending-off')).toBeNull();
    expect(screen.getByTestId('delivery-reported').textContent).toBe(
      'Dates and versions are reported by the receiving site.',
    );
    expect(screen.queryByTestId('delivery-flag')).toBeNull();
  });

  it('flags a receipt dated before the version it names', () => {
    const early = { ...cell('North Site', 'this', '2026-11-01T09:00:00Z'), receivedBeforeVersion: true as const };
    render(
      <DeliverySection
        ownedByMe
        delivery={{ itemPath: 'a', sending: true, cells: [early] }}
        loading={false}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByTestId('delivery-org').textContent).toMatch(
      /^North Site: this version, opened .*, dated before this version was saved$/,
    );
  });

  it('says when this profile does not send receipts, to an owner and to a receiver', () => {
    render(
      <DeliverySection
        ownedByMe
        delivery={{ itemPath: 'a', sending: false, cells: [] }}
        loading={false}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByTestId('delivery-summary').textContent).toBe('Not shared with any other organization');
    expect(screen.getByTestId('delivery-sending-off').textContent).toMatch(/Receipts are off for this profile/);
    cleanup();
    render(<DeliverySection ownedByMe={false} sending={false} loading={false} onRetry={() => {}} />);
    expect(screen.getByTestId('delivery-receiver').textContent).toMatch(/Receipts are off for this profile/);
  });
});

const report: DistributionReport = {
  containerId: 'c',
  sending: true,
  organizations: [
    { id: 'north', name: 'North Site' },
    { id: 'south', name: 'South Site' },
  ],
  rows: [
    {
      itemPath: 'documents/b',
      name: 'Budget',
      updatedAt: '2026-11-02T00:00:00Z',
      cells: [cell('North', 'none'), cell('South', 'this', '2026-11-03T00:00:00Z')],
    },
    {
      itemPath: 'documents/a',
      name: 'Approval',
      updatedAt: '2026-11-01T00:00:00Z',
      cells: [cell('North', 'earlier', '2026-11-01T00:00:00Z'), undefined],
    },
    {
      itemPath: 'documents/c',
      name: 'Consent',
      updatedAt: '2026-11-03T00:00:00Z',
      cells: [
        cell('North', 'this', '2026-11-04T00:00:00Z'),
        { ...cell('South', 'this', '2026-11-02T00:00:00Z'), receivedBeforeVersion: true },
      ],
    },
  ],
};

describe('DistributionReportView', () => {
  const names = () => screen.getAllByTestId('report-row').map((r) => within(r).getByRole('rowheader').textContent);

  it('shows each document × organization in words, sorts by any column, and exports', () => {
    const onExport = vi.fn();
    render(
      <DistributionReportView
        report={report}
        loading={false}
        onRetry={() => {}}
        onExport={onExport}
        sending
        onSending={() => {}}
        onClose={() => {}}
      />,
    );
    expect(names()).toEqual(['Approval', 'Budget', 'Consent']);
    const approval = screen.getAllByTestId('report-row')[0]!;
    expect(
      within(approval)
        .getAllByTestId('report-cell')
        .map((c) => c.textContent),
    ).toEqual(['earlier version', 'no access']);
    expect(within(approval).getAllByRole('cell')[1]!.textContent).toBe('1 of 1');
    expect(screen.getAllByTestId('report-flag').map((f) => f.closest('tr')!.getAttribute('data-path'))).toEqual([
      'documents/c',
    ]);
    expect(screen.getByTestId('distribution-report').textContent).toContain('as reported by the receiving site');
    expect(within(approval).getAllByTestId('report-cell')[0]!.getAttribute('title')).toMatch(
      /\(reported by the receiving site\)$/,
    );

    fireEvent.click(screen.getAllByTestId('report-sort-org')[0]!);
    expect(names()).toEqual(['Budget', 'Approval', 'Consent']);
    expect(screen.getAllByTestId('report-sort-org')[0]!.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getAllByTestId('report-sort-org')[0]!);
    expect(names()).toEqual(['Consent', 'Approval', 'Budget']);
    fireEvent.click(screen.getByTestId('report-sort-received'));
    expect(names()).toEqual(['Approval', 'Budget', 'Consent']);
    fireEvent.click(screen.getByTestId('report-export'));
    expect(onExport).toHaveBeenCalled();
  });

  it('turns sending off through its switch and says it is off', () => {
    const onSending = vi.fn();
    render(
      <DistributionReportView
        report={{ ...report, rows: [] }}
        loading={false}
        onRetry={() => {}}
        onExport={() => {}}
        sending={false}
        onSending={onSending}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('report-empty')).toBeTruthy();
    expect(screen.getByTestId('report-sending-off')).toBeTruthy();
    fireEvent.click(screen.getByTestId('report-sending'));
    expect(onSending).toHaveBeenCalledWith(true);
  });
});
