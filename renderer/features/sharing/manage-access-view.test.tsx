// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appError, doc, item } from '../../test-support/fixtures.js';
import { certificate, org, preview } from '../../test-support/org-fixtures.js';
import { ManageAccessView, type ManageAccessViewProps } from './manage-access-view.js';

afterEach(cleanup);

const owner = org('1', 'Central IRB', { isSirb: true });
const riverside = org('2', 'Riverside Medical Center');
const longName = 'Riverside Medical Center Department of Clinical Research and Regulatory Affairs, North Campus';
const lakeside = org('3', 'Lakeside University');

function props(overrides: Partial<ManageAccessViewProps> = {}): ManageAccessViewProps {
  return {
    items: [item('docs|protocol', { header: doc('protocol.pdf', 100), ownerId: owner.id })],
    holders: [
      { organization: riverside, items: 1 },
      { organization: owner, items: 1 },
    ],
    collaborators: [owner, riverside, lakeside],
    onShowCertificate: vi.fn(),
    onHideCertificate: vi.fn(),
    onShare: vi.fn(),
    onShareAgain: vi.fn(),
    onRemove: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
}

const checkOf = (entry: HTMLElement) => within(entry).getByTestId('access-check') as HTMLInputElement;
const entryOf = (o: { id: string }) =>
  screen.getAllByTestId('access-entry').find((e) => e.getAttribute('data-org-id') === o.id)!;

describe('ManageAccessView', () => {
  it("shows another organization's document read-only: who has access, and who can change it", () => {
    const p = props({
      items: [item('docs|protocol', { header: doc('protocol.pdf', 100), ownerId: owner.id, ownedByMe: false })],
    });
    render(<ManageAccessView {...p} />);
    expect(screen.getByRole('heading', { name: 'Who has access: protocol.pdf' })).toBeTruthy();
    expect(screen.getAllByTestId('access-entry')).toHaveLength(3);
    for (const entry of screen.getAllByTestId('access-entry')) expect(checkOf(entry).disabled).toBe(true);
    for (const id of ['update-button', 'revoke-button', 'show-certificate', 'share-with-study', 'grant-button'])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('access-read-only').textContent).toBe(
      'Only Central IRB, the owner, can change who has access.',
    );
  });

  it('lists every organization of the study with a checkbox, its role and what its receipt says, owner first', () => {
    const p = props({
      delivery: new Map([[riverside.id, 'this' as const]]),
    });
    render(<ManageAccessView {...p} />);
    const entries = screen.getAllByTestId('access-entry');
    expect(entries.map((e) => e.getAttribute('data-org-id'))).toEqual([owner.id, lakeside.id, riverside.id]);
    expect(entries[0]!.textContent).toContain('sIRB · owner');
    expect(checkOf(entries[0]!)).toMatchObject({ checked: true, disabled: true });
    expect(entryOf(riverside).textContent).toContain('Riverside Medical Center · Site · has this version');
    expect(checkOf(entryOf(riverside))).toMatchObject({ checked: true, disabled: true });
    expect(entryOf(lakeside).textContent).toContain('Lakeside University · Site · no access');
    expect(checkOf(entryOf(lakeside))).toMatchObject({ checked: false, disabled: false });
    // the checkbox is named by the organization
    expect(screen.getByRole('checkbox', { name: 'Lakeside University' })).toBe(checkOf(entryOf(lakeside)));
    // no certificate until asked for, no Revoke, nothing red
    expect(screen.queryByTestId('grantee-certificate')).toBeNull();
    expect(screen.queryByText(/Revoke|Grant|wrap/)).toBeNull();
    expect(document.querySelector('.danger')).toBeNull();
    expect(within(entryOf(riverside)).getByTestId('revoke-button').textContent).toBe('Remove access…');
    expect(within(entryOf(riverside)).getByTestId('update-button').textContent).toBe('Share again');
  });

  it('shares with the ticked organizations with one Share button, naming them first', () => {
    const p = props({ collaborators: [owner, riverside, lakeside, org('5', longName)] });
    render(<ManageAccessView {...p} />);
    const share = screen.getByTestId('grant-button') as HTMLButtonElement;
    expect(share.textContent).toBe('Share');
    expect(share.disabled).toBe(true);
    fireEvent.click(checkOf(entryOf(lakeside)));
    fireEvent.click(screen.getByRole('checkbox', { name: longName }));
    expect(screen.getByTestId('share-hint').textContent).toBe(
      `Lakeside University and ${longName} will be able to open this document.`,
    );
    fireEvent.click(share);
    expect(p.onShare).toHaveBeenCalledWith([lakeside, expect.objectContaining({ name: longName })]);
  });

  it('"Choose everyone in this study" ticks every organization that can still be given access', () => {
    const p = props({ collaborators: [owner, riverside, lakeside, org('5', longName)] });
    render(<ManageAccessView {...p} />);
    fireEvent.click(screen.getByTestId('share-with-study'));
    fireEvent.click(screen.getByTestId('grant-button'));
    expect((p.onShare as ReturnType<typeof vi.fn>).mock.calls[0]![0].map((o: { name: string }) => o.name)).toEqual([
      'Lakeside University',
      longName,
    ]);
  });

  it('shows a disabled organization as disabled, and it cannot be ticked', () => {
    const closed = org('4', 'Lakeview Clinic', { isDisabled: true });
    render(<ManageAccessView {...props({ collaborators: [owner, riverside, lakeside, closed] })} />);
    expect(entryOf(closed).textContent).toContain('disabled in the exchange');
    expect(checkOf(entryOf(closed)).disabled).toBe(true);
  });

  it('shows the certificate on request, and hides it again', () => {
    const p = props();
    const { rerender } = render(<ManageAccessView {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show certificate of Lakeside University' }));
    expect(p.onShowCertificate).toHaveBeenCalledWith(lakeside);
    rerender(
      <ManageAccessView
        {...p}
        certificateOf={lakeside}
        preview={preview(lakeside, { certificate: certificate({ subject: 'CN=Lakeside University' }) })}
      />,
    );
    const cert = screen.getByTestId('grantee-certificate');
    expect(cert.textContent).toContain('CN=Lakeside University');
    expect(within(cert).getByTestId('cert-thumbprint').textContent).toBe('ab'.repeat(20));
    expect(screen.queryByTestId('thumbprint-mismatch')).toBeNull();
    fireEvent.click(screen.getByTestId('hide-certificate'));
    expect(p.onHideCertificate).toHaveBeenCalledTimes(1);
  });

  it('blocks sharing with an organization whose certificate check failed, and says why', () => {
    const p = props({
      certificateOf: lakeside,
      preview: preview(lakeside, {
        thumbprintMatches: false,
        certificate: certificate({ thumbprint: 'cd'.repeat(20) }),
      }),
    });
    render(<ManageAccessView {...p} />);
    const block = screen.getByTestId('thumbprint-mismatch');
    expect(block.getAttribute('role')).toBe('alert');
    expect(block.textContent).toContain('differs');
    expect(block.textContent).toContain(lakeside.thumbprint);
    fireEvent.click(checkOf(entryOf(lakeside)));
    expect((screen.getByTestId('grant-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the organization has no certificate', () => {
    render(
      <ManageAccessView
        {...props({ certificateOf: lakeside, preview: preview(lakeside, { certificate: undefined }) })}
      />,
    );
    expect(screen.getByTestId('no-certificate').textContent).toContain('no certificate');
  });

  it('removes access only after confirmation, and names what is lost; shares again in one click', () => {
    const p = props();
    render(<ManageAccessView {...p} />);
    fireEvent.click(screen.getByTestId('revoke-button'));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('Remove access for Riverside Medical Center?');
    expect(confirm.textContent).toContain('Riverside Medical Center will no longer be able to open this document');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(p.onRemove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('revoke-button'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove access' }));
    expect(p.onRemove).toHaveBeenCalledWith(riverside.id);
    fireEvent.click(screen.getByTestId('update-button'));
    expect(p.onShareAgain).toHaveBeenCalledWith(riverside.id);
  });

  it('for a selection: counts per organization, progress, and per-organization results', () => {
    const items = [
      item('a', { ownerId: owner.id }),
      item('b', { ownerId: owner.id }),
      item('c', { ownerId: owner.id }),
    ];
    render(
      <ManageAccessView
        {...props({
          items,
          holders: [
            { organization: owner, items: 3 },
            { organization: riverside, items: 2 },
          ],
          busy: 'Sharing 3 items with Lakeside University…',
          results: {
            title: 'Shared with Lakeside University',
            results: [
              { itemPath: 'a', organizationId: lakeside.id, ok: true },
              { itemPath: 'b', organizationId: lakeside.id, ok: true },
              {
                itemPath: 'c',
                organizationId: lakeside.id,
                ok: false,
                error: appError({ code: 1014, explanation: 'You do not own this item.' }),
              },
              { itemPath: 'a', organizationId: riverside.id, ok: true },
            ],
          },
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Manage access: 3 items' })).toBeTruthy();
    expect(entryOf(riverside).textContent).toContain('can open 2 of 3 items');
    expect(entryOf(riverside).getAttribute('data-access')).toBe('some');
    // Riverside has access to only 2 of 3: it may still be ticked (while nothing runs)
    expect(checkOf(entryOf(riverside)).checked).toBe(false);
    expect(screen.getByTestId('access-progress').textContent).toContain('3 items');
    expect(checkOf(entryOf(lakeside)).disabled).toBe(true);
    const results = screen.getAllByTestId('access-result');
    expect(results[0]!.textContent).toContain(
      'Lakeside University: 2 of 3 done; 1 failed (c). You do not own this item.',
    );
    expect(results[0]!.textContent).toContain('1014');
    expect(results[1]!.textContent).toContain('Riverside Medical Center: done for the item.');
  });
});
