// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportCsv, type DeliveryCell, type DistributionReport } from '../../../shared/delivery.js';
import type { SignOffView } from '../../../shared/signoffs/views.js';
import { csvRecords } from '../../../e2e/support/csv.js';
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
  it('tells the owner who received which version, and first who has not yet, once', () => {
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
    expect(rows[0]).toBe('East Site: not yet');
    expect(rows[1]).toMatch(/^North Site: this version, opened /);
    expect(rows[2]).toMatch(/^South Site: earlier version, opened /);
    expect(screen.getByTestId('delivery').textContent!.split('East Site')).toHaveLength(2);
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

const base = {
  loading: false,
  onRetry: () => {},
  onExport: () => {},
  onReveal: () => {},
  onClose: () => {},
};

const signOff = (org: string, overrides: Partial<SignOffView> = {}): SignOffView => ({
  path: `signoffs/${org}/x`,
  signer: { name: 'Dana Reyes', role: 'Research Coordinator' },
  organization: { id: org, name: org },
  signedAt: '2026-11-05T10:00:00Z',
  meaning: 'acknowledged',
  valid: true,
  thisVersion: true,
  contentHash: 'h',
  ...overrides,
});

/** Two documents of one name in two folders, one at the top of the study. */
const logs: DistributionReport = {
  containerId: 'c',
  sending: true,
  organizations: [
    { id: 'north', name: 'North Site' },
    { id: 'south', name: 'South Site' },
  ],
  rows: [
    {
      itemPath: 'Site files/North/delegation-log.xlsx',
      name: 'delegation-log.xlsx',
      updatedAt: '2026-11-02T00:00:00Z',
      cells: [cell('North', 'none'), cell('South', 'this', '2026-11-03T00:00:00Z')],
    },
    {
      itemPath: 'Site files/South/delegation-log.xlsx',
      name: 'delegation-log.xlsx',
      updatedAt: '2026-11-02T00:00:00Z',
      cells: [cell('North', 'this', '2026-11-03T00:00:00Z'), cell('South', 'earlier', '2026-11-01T00:00:00Z')],
    },
    {
      itemPath: 'protocol.pdf',
      name: 'protocol.pdf',
      updatedAt: '2026-11-01T00:00:00Z',
      cells: [cell('North', 'none'), undefined],
    },
  ],
};

describe('DistributionReportView', () => {
  const names = () =>
    screen.getAllByTestId('report-row').map((r) => within(r).getByTestId('report-reveal').textContent);
  const paths = () => screen.getAllByTestId('report-row').map((r) => r.getAttribute('data-path'));

  it('shows each document × organization in words, sorts by any column, and exports', () => {
    const onExport = vi.fn();
    render(<DistributionReportView {...base} report={report} onExport={onExport} sending />);
    expect(names()).toEqual(['Approval', 'Budget', 'Consent']);
    const approval = screen.getAllByTestId('report-row')[0]!;
    expect(
      within(approval)
        .getAllByTestId('report-cell')
        .map((c) => c.textContent),
    ).toEqual(['Earlier version', 'No access']);
    expect(within(approval).getAllByRole('cell')[2]!.textContent).toBe('1 of 1');
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

  it('tells two documents of one name apart by their folder, and sorts by it', () => {
    render(<DistributionReportView {...base} report={logs} />);
    expect(screen.getAllByTestId('report-folder').map((f) => f.textContent)).toEqual([
      'Site files/North',
      'Site files/South',
      'Top of the study',
    ]);
    fireEvent.click(screen.getByTestId('report-sort-folder'));
    expect(paths()).toEqual([
      'protocol.pdf',
      'Site files/North/delegation-log.xlsx',
      'Site files/South/delegation-log.xlsx',
    ]);
    fireEvent.click(screen.getByTestId('report-sort-folder'));
    expect(paths()).toEqual([
      'Site files/South/delegation-log.xlsx',
      'Site files/North/delegation-log.xlsx',
      'protocol.pdf',
    ]);
  });

  it('"Not yet" is the strong state: the word, marked as the one to act on, unlike the others', () => {
    render(<DistributionReportView {...base} report={logs} />);
    const states = screen.getAllByTestId('report-state');
    const notYet = states.filter((s) => s.classList.contains('state-not-yet'));
    expect(notYet.map((s) => s.textContent)).toEqual(['● Not yet', '● Not yet']);
    expect(states.filter((s) => !s.classList.contains('state-not-yet')).map((s) => s.textContent)).toEqual([
      'This version',
      'This version',
      'Earlier version',
      'No access',
    ]);
  });

  it('filters by document or folder, organization and state, and says how many are shown', () => {
    render(<DistributionReportView {...base} report={logs} />);
    expect(screen.getByTestId('report-count').textContent).toBe('3 documents');
    fireEvent.change(screen.getByTestId('report-filter-state'), { target: { value: 'none' } });
    expect(paths()).toEqual(['Site files/North/delegation-log.xlsx', 'protocol.pdf']);
    fireEvent.change(screen.getByTestId('report-filter-text'), { target: { value: 'north' } });
    expect(paths()).toEqual(['Site files/North/delegation-log.xlsx']);
    expect(screen.getByTestId('report-count').textContent).toBe('1 of 3 documents');
    fireEvent.change(screen.getByTestId('report-filter-text'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('report-filter-organization'), { target: { value: 'south' } });
    expect(screen.getByTestId('report-none-match')).toBeTruthy();
    fireEvent.change(screen.getByTestId('report-filter-state'), { target: { value: 'no-access' } });
    expect(paths()).toEqual(['protocol.pdf']);
    fireEvent.change(screen.getByTestId('report-filter-state'), { target: { value: '' } });
    // an organization alone keeps the documents it has access to
    expect(paths()).toEqual(['Site files/North/delegation-log.xlsx', 'Site files/South/delegation-log.xlsx']);
  });

  it('reveals a document by a click on its row, or its name from the keyboard', () => {
    const onReveal = vi.fn();
    render(<DistributionReportView {...base} report={logs} onReveal={onReveal} />);
    fireEvent.click(screen.getAllByTestId('report-cell')[1]!);
    expect(onReveal).toHaveBeenLastCalledWith('Site files/North/delegation-log.xlsx');
    const name = screen.getAllByTestId('report-reveal')[1]!;
    expect(name.tagName).toBe('BUTTON');
    fireEvent.click(name);
    expect(onReveal).toHaveBeenLastCalledWith('Site files/South/delegation-log.xlsx');
    expect(onReveal).toHaveBeenCalledTimes(2);
  });

  it('shows each organization’s sign-off beside its receipt: meaning, version, and a mark when it does not verify', () => {
    const signOffs = new Map([
      [
        'Site files/North/delegation-log.xlsx',
        [signOff('south', { meaning: 'approved' }), signOff('north', { valid: false, reason: 'signature' })],
      ],
      ['Site files/South/delegation-log.xlsx', [signOff('north', { thisVersion: false })]],
    ]);
    render(<DistributionReportView {...base} report={logs} signOffs={signOffs} />);
    const [first, second] = screen.getAllByTestId('report-row');
    const lines = (row: HTMLElement) =>
      within(row)
        .getAllByTestId('report-cell')
        .map((c) => c.querySelector('[data-testid="report-signoff"]')?.textContent ?? '');
    expect(lines(first!)).toEqual([
      '✗ Signed off: Acknowledged, this version, does not verify: signature does not verify',
      'Signed off: Approved, this version',
    ]);
    expect(within(first!).getAllByTestId('report-signoff')[0]!.getAttribute('data-valid')).toBe('false');
    expect(lines(second!)).toEqual(['Signed off: Acknowledged, earlier version', '']);
  });

  it('says when this profile sends no receipts, and where that is switched; no switch of its own', () => {
    render(<DistributionReportView {...base} report={{ ...report, rows: [] }} sending={false} />);
    expect(screen.getByTestId('report-empty')).toBeTruthy();
    expect(screen.getByTestId('report-sending-off').textContent).toContain('Settings');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('reportCsv with sign-offs', () => {
  it('adds each organization’s sign-off to its line, a hostile name neutralised', () => {
    const signOffs = new Map([
      [
        'Site files/North/delegation-log.xlsx',
        [signOff('south', { signer: { name: '=HYPERLINK("x")' }, meaning: 'approved' })],
      ],
    ]);
    const records = csvRecords(reportCsv(logs, signOffs));
    const south = records.find(
      (r) => r.path === 'Site files/North/delegation-log.xlsx' && r['organization id'] === 'south',
    )!;
    expect(south).toMatchObject({
      status: 'this version',
      'sign-off': 'Approved',
      'sign-off version': 'this version',
      'sign-off verifies': 'yes',
      'signed by': `'=HYPERLINK("x")`,
      'signed at': '2026-11-05T10:00:00Z',
    });
    const north = records.find(
      (r) => r.path === 'Site files/North/delegation-log.xlsx' && r['organization id'] === 'north',
    )!;
    expect(north).toMatchObject({ status: 'not yet', 'sign-off': '' });
    // without sign-offs the CSV is the command-line tool's, unchanged
    expect(Object.keys(csvRecords(reportCsv(logs))[0]!)).not.toContain('sign-off');
  });
});
