// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Organization } from '../../../shared/types.js';
import { doc, item } from '../../test-support/fixtures.js';
import { DetailsPane } from './details-pane.js';
import { RecordView } from './record-view.js';

afterEach(cleanup);

const org = (name: string): Organization => ({
  id: name,
  url: '',
  name,
  isSirb: false,
  isDisabled: false,
  certificateUrl: '',
  thumbprint: '',
  createdAt: '',
  updatedAt: '',
});

describe('DetailsPane', () => {
  it('names the file once, says its type in words, and keeps media type, path and hashes under More', () => {
    const it1 = item('docs|abc', { header: doc('protocol-v3.pdf', 482113) });
    const onSaveAs = vi.fn();
    render(
      <DetailsPane
        item={it1}
        details={{ item: it1, access: [org('Central IRB'), org('North Site')] }}
        loading={false}
        ownerName="Central IRB"
        selectionCount={1}
        onRetry={() => {}}
        onSaveAs={onSaveAs}
      />,
    );
    const pane = screen.getByRole('complementary', { name: 'Details' });
    expect(screen.getByTestId('details-name').textContent).toBe('protocol-v3.pdf');
    expect(pane.textContent?.split('protocol-v3.pdf').length).toBe(2);
    // the title the app gives every upload is the file name without its extension: not repeated
    expect(screen.queryByTestId('detail-title')).toBeNull();
    expect(screen.getByTestId('detail-type').textContent).toBe('PDF document');
    expect(screen.getByTestId('details-name').querySelector('svg')?.dataset.kind).toBe('pdf');
    const more = screen.getByTestId('details-more') as HTMLDetailsElement;
    expect(more.open).toBe(false);
    expect(more.contains(screen.getByTestId('detail-media-type'))).toBe(true);
    expect(screen.getByTestId('detail-media-type').textContent).toBe('application/pdf');
    expect(more.contains(screen.getByTestId('detail-path'))).toBe(true);
    expect(screen.getByTestId('detail-size').textContent).toBe('471 KB');
    expect(screen.getByTestId('detail-access').textContent).toBe('2 organizations: Central IRB, North Site');
    expect(pane.textContent).toContain('Central IRB (you)');
    expect(pane.textContent).toContain('a'.repeat(64));
    expect(pane.textContent).toContain('b'.repeat(64));
    expect(pane.textContent).toContain('c'.repeat(64));
    fireEvent.click(screen.getByTestId('details-save-as'));
    expect(onSaveAs).toHaveBeenCalled();
  });

  it('shows a structured record as labelled fields, not JSON', () => {
    const rec = item('study', { header: { type: 'study', version: 'IRBX.2', name: 'Trial A' } });
    render(
      <DetailsPane
        item={rec}
        loading={false}
        ownerName="Central IRB"
        record={{
          header: rec.decryptedHeader!,
          content: { protocolNumber: 'P-17', principalInvestigator: { lastName: 'Lee' } },
        }}
        selectionCount={1}
        onRetry={() => {}}
      />,
    );
    const view = screen.getByTestId('record-view');
    expect(view.textContent).toContain('Protocol number');
    expect(view.textContent).toContain('P-17');
    expect(view.textContent).toContain('Last name');
    expect(view.textContent).not.toContain('{');
    expect(screen.getByTestId('detail-type').textContent).toBe('Study record');
    expect(screen.getByTestId('details-name').textContent).toBe('Trial A');
    expect(screen.getByTestId('details-more').textContent).toContain('study (version IRBX.2)');
  });

  it('says what to do when nothing or several things are selected', () => {
    const { rerender } = render(<DetailsPane loading={false} ownerName="" selectionCount={0} onRetry={() => {}} />);
    expect(screen.getByTestId('details-pane').textContent).toMatch(/Select a document/);
    rerender(<DetailsPane loading={false} ownerName="" selectionCount={3} onRetry={() => {}} />);
    expect(screen.getByTestId('details-pane').textContent).toBe('3 selected.');
  });

  it('shows a title that says more than the file name', () => {
    const it1 = item('docs|abc', { header: { ...doc('protocol-v3.pdf', 10), name: 'Protocol version 3' } });
    render(<DetailsPane item={it1} loading={false} ownerName="" selectionCount={1} onRetry={() => {}} />);
    expect(screen.getByTestId('detail-title').textContent).toBe('Protocol version 3');
  });

  it('cleans and cuts every header field another organization wrote, and keeps the raw type under More', () => {
    const hostile = '\u202E' + 'Z'.repeat(100_000);
    const rec = item('records|abc', {
      header: {
        type: 'visit\u202Eexe.pdf',
        version: '1\u202E',
        name: 'Visit 1',
        note: hostile,
        ['bad\u202Ekey' + 'k'.repeat(5000)]: 'x',
        nested: { deep: hostile },
      },
    });
    render(<DetailsPane item={rec} loading={false} ownerName="" selectionCount={1} onRetry={() => {}} />);
    const pane = screen.getByTestId('details-pane');
    expect(pane.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/u);
    expect(pane.textContent!.length).toBeLessThan(5000);
    expect(screen.getByTestId('detail-type').textContent).toBe('Visitexe.pdf record');
    expect(screen.getByTestId('detail-note').textContent).toMatch(/^Z{150,}…$/);
    expect(screen.getByTestId('detail-record-type').textContent).toBe('visit⟨U+202E⟩exe.pdf (version 1⟨U+202E⟩)');
  });

  it('shows a folder name taken from a hostile path cleaned when the header cannot be read', () => {
    const bad = item('Site documents|\u202Efdp.exe|x\u202Eyz', { headerProblem: 'bad key' });
    render(<DetailsPane item={bad} loading={false} ownerName="" selectionCount={1} onRetry={() => {}} />);
    expect(screen.getByTestId('details-name').textContent).not.toContain('\u202E');
  });

  it('keeps the window when a record cannot be shown: the pane says so and the rest stays', () => {
    const rec = item('records|abc', { header: { type: 'visit', version: '1', name: 'Visit 1' } });
    const broken = {
      get field(): string {
        throw new Error('hostile getter');
      },
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <p>outside</p>
        <DetailsPane
          item={rec}
          loading={false}
          ownerName=""
          record={{ header: rec.decryptedHeader!, content: broken }}
          selectionCount={1}
          onRetry={() => {}}
        />
      </div>,
    );
    expect(screen.getByText('outside')).toBeTruthy();
    expect(screen.getByTestId('details-pane').textContent).toMatch(/could not be shown/);
    vi.restoreAllMocks();
  });

  it("renders the reviewer's hostile records: a 200,000-entry array and 3,000 levels of nesting", () => {
    const { unmount } = render(<RecordView content={{ rows: Array.from({ length: 200_000 }, (_, i) => i) }} />);
    const view = screen.getByTestId('record-view');
    expect(view.querySelectorAll('dd').length).toBeLessThan(1100);
    expect(view.textContent).toContain('199,800 more');
    unmount();
    const deep = JSON.parse(`{"visit":1,"deep":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`) as unknown;
    render(<RecordView content={deep} />);
    expect(screen.getByTestId('record-view').textContent).toContain('nested deeper, not shown');
  });
});
