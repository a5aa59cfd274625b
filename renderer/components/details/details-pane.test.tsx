// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Organization } from '../../../shared/types.js';
import { doc, item } from '../../test-support/fixtures.js';
import { DetailsPane } from './details-pane.js';

afterEach(cleanup);

const org = (name: string): Organization => ({ id: name, url: '', name, isSirb: false, isDisabled: false, certificateUrl: '', thumbprint: '', createdAt: '', updatedAt: '' });

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
    expect(screen.getByTestId('detail-title').textContent).toBe('protocol-v3');
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
        record={{ header: rec.decryptedHeader!, content: { protocolNumber: 'P-17', principalInvestigator: { lastName: 'Lee' } } }}
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
});
