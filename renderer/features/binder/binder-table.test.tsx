// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BinderCell, BinderSummary, BinderView, FulfilmentStatus } from '../../../shared/binder/views.js';
import { FULFILMENT_STATUSES } from '../../../shared/binder/views.js';
import { BinderTable } from './binder-table.js';

afterEach(cleanup);

const RIVERSIDE = 'a'.repeat(32);
const LAKESIDE = 'b'.repeat(32);

function counts(cells: readonly BinderCell[]): Record<FulfilmentStatus, number> {
  const out = Object.fromEntries(FULFILMENT_STATUSES.map((s) => [s, 0])) as Record<FulfilmentStatus, number>;
  for (const c of cells) out[c.status]++;
  return out;
}

function summary(key: string, cells: readonly BinderCell[], fulfilled: number): BinderSummary {
  return { key, expected: cells.length, fulfilled, counts: counts(cells) };
}

const cells: BinderCell[] = [
  {
    itemId: 'pi-cv',
    organizationId: RIVERSIDE,
    status: 'expiring',
    daysLeft: 20,
    document: {
      path: 'cv-reyes.pdf',
      name: 'cv-reyes.pdf',
      expiresOn: '2026-12-18',
      updatedAt: '2026-11-20T10:00:00Z',
    },
  },
  { itemId: 'pi-cv', organizationId: LAKESIDE, status: 'missing', dueOn: '2026-12-15' },
  {
    itemId: 'gcp',
    organizationId: RIVERSIDE,
    status: 'received',
    document: { path: 'gcp.pdf', name: 'gcp.pdf', updatedAt: '2026-11-20T10:00:00Z' },
  },
  { itemId: 'gcp', organizationId: LAKESIDE, status: 'overdue', dueOn: '2026-11-01' },
];

const owner: BinderView = {
  containerId: 'c'.repeat(32),
  ownedByMe: true,
  today: '2026-11-28',
  warningDays: 30,
  organizations: [
    { id: RIVERSIDE, name: 'Riverside', isOwner: false },
    { id: LAKESIDE, name: 'Lakeside', isOwner: false },
  ],
  items: [
    {
      id: 'pi-cv',
      title: 'PI curriculum vitae',
      docType: 'cv',
      from: 'each-site',
      needsExpiry: true,
      dueOn: '2026-12-15',
    },
    { id: 'gcp', title: 'GCP training', docType: 'gcp-training', from: 'each-site', dueOn: '2026-11-01' },
  ],
  cells,
  organizationSummaries: [
    summary(RIVERSIDE, cells.slice(0, 1).concat(cells[2]!), 2),
    summary(LAKESIDE, [cells[1]!, cells[3]!], 0),
  ],
  itemSummaries: [summary('pi-cv', cells.slice(0, 2), 1), summary('gcp', cells.slice(2), 1)],
  problems: [],
};

const cell = (item: string, org: string) =>
  screen.getAllByTestId('binder-cell').find((c) => c.dataset.org === org && c.closest('tr')?.dataset.item === item)!;

describe('BinderTable', () => {
  it("shows the owner every site's status in words with the date, and summaries per site and per item", () => {
    render(<BinderTable binder={owner} onOpen={() => {}} />);
    expect(cell('pi-cv', RIVERSIDE).textContent).toContain('expiring in 20 days');
    expect(cell('pi-cv', RIVERSIDE).textContent).toContain('cv-reyes.pdf');
    expect(cell('pi-cv', LAKESIDE).textContent).toMatch(/^missing, due Dec 15, 2026$/);
    expect(cell('gcp', LAKESIDE).textContent).toBe('overdue since Nov 1, 2026');
    const orgSummaries = screen.getAllByTestId('binder-org-summary').map((s) => s.textContent);
    expect(orgSummaries).toEqual(['2 of 2 — 1 expiring', '0 of 2 — 1 overdue']);
    const itemSummaries = screen.getAllByTestId('binder-item-summary').map((s) => s.textContent);
    expect(itemSummaries).toEqual(['1 of 2 — 1 expiring', '1 of 2 — 1 overdue']);
  });

  it('opens a document, and says what a missing item expects and by when', () => {
    const onOpen = vi.fn();
    render(<BinderTable binder={owner} onOpen={onOpen} />);
    fireEvent.click(within(cell('pi-cv', RIVERSIDE)).getByRole('button'));
    expect(onOpen).toHaveBeenCalledWith('cv-reyes.pdf');
    fireEvent.click(within(cell('pi-cv', LAKESIDE)).getByRole('button'));
    expect(screen.getByTestId('binder-explained').textContent).toBe(
      'Lakeside is expected to send “PI curriculum vitae” (Curriculum vitae) by Dec 15, 2026, with its expiry date.',
    );
  });

  it('filters by status: rows without a match go, other cells say nothing', () => {
    render(<BinderTable binder={owner} onOpen={() => {}} />);
    fireEvent.change(screen.getByTestId('binder-filter'), { target: { value: 'overdue' } });
    expect(screen.getAllByTestId('binder-row').map((r) => r.dataset.item)).toEqual(['gcp']);
    expect(cell('gcp', RIVERSIDE).textContent).toBe('—');
    fireEvent.change(screen.getByTestId('binder-filter'), { target: { value: 'expired' } });
    expect(screen.getByTestId('binder-none').textContent).toBe('Nothing is expired.');
  });

  it('lets a site drop a file onto its missing item, and shows no drop where a document is in', () => {
    const site: BinderView = {
      ...owner,
      ownedByMe: false,
      organizations: [{ id: LAKESIDE, name: 'Lakeside', isOwner: false }],
      cells: cells.filter((c) => c.organizationId === LAKESIDE),
    };
    const onUpload = vi.fn();
    render(<BinderTable binder={site} onOpen={() => {}} onUpload={onUpload} />);
    expect(screen.queryAllByTestId('binder-item-summary')).toHaveLength(0);
    const zone = within(cell('pi-cv', LAKESIDE)).getByTestId('binder-drop');
    const file = new File(['cv'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    expect(onUpload).toHaveBeenCalledWith(expect.objectContaining({ id: 'pi-cv' }), [file]);
    fireEvent.click(within(cell('pi-cv', LAKESIDE)).getByRole('button'));
    expect(screen.getByTestId('binder-explained').textContent).toMatch(
      /^You are expected to send “PI curriculum vitae”/,
    );
  });

  it('shows a hostile title and name as text, cleaned', () => {
    const hostile: BinderView = {
      ...owner,
      organizations: [{ id: RIVERSIDE, name: 'River\u202eside', isOwner: false }],
      items: [{ ...owner.items[0]!, title: '=HYPERLINK("x")\u0007' }],
    };
    render(<BinderTable binder={hostile} onOpen={() => {}} />);
    expect(screen.getAllByTestId('binder-org')[0]!.textContent).not.toContain('\u202e');
    expect(screen.getByTestId('binder-row').textContent).not.toContain('\u0007');
  });
});
