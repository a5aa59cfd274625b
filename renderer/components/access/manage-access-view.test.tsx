// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appError, doc, item } from '../../test-support/fixtures.js';
import { certificate, org, preview } from '../../test-support/org-fixtures.js';
import { ManageAccessView, type ManageAccessViewProps } from './manage-access-view.js';

afterEach(cleanup);

const owner = org('1', 'Central IRB', { isSirb: true });
const riverside = org('2', 'Riverside Medical Center');
const lakeside = org('3', 'Lakeside University');

function props(overrides: Partial<ManageAccessViewProps> = {}): ManageAccessViewProps {
  return {
    items: [item('docs|protocol', { header: doc('protocol.pdf', 100), ownerId: owner.id })],
    holders: [
      { organization: riverside, items: 1 },
      { organization: owner, items: 1 },
    ],
    collaborators: [owner, riverside, lakeside],
    onPickGrantee: vi.fn(),
    onCancelPreview: vi.fn(),
    onGrant: vi.fn(),
    onUpdate: vi.fn(),
    onRevoke: vi.fn(),
    onShareWithStudy: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
}

describe('ManageAccessView', () => {
  it("shows another organization's document read-only: who has access, and who can change it", () => {
    const p = props({
      items: [item('docs|protocol', { header: doc('protocol.pdf', 100), ownerId: owner.id, ownedByMe: false })],
    });
    render(<ManageAccessView {...p} />);
    expect(screen.getByRole('heading', { name: 'Who has access: protocol.pdf' })).toBeTruthy();
    expect(screen.getAllByTestId('access-entry')).toHaveLength(2);
    for (const id of ['update-button', 'revoke-button', 'grantee-search', 'share-with-study', 'grant-button'])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('access-read-only').textContent).toBe(
      'Only Central IRB, the owner, can change who has access.',
    );
  });

  it('lists the owner first, offers only collaborators without access, filtered by name', () => {
    const p = props();
    render(<ManageAccessView {...p} />);
    const entries = screen.getAllByTestId('access-entry');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Central IRB'),
      expect.stringContaining('Riverside'),
    ]);
    expect(entries[0]!.textContent).toContain('owner');
    // No update/revoke for the owner itself.
    expect(within(entries[0]!).queryByTestId('revoke-button')).toBeNull();
    expect(screen.getAllByTestId('grantee-option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('Lakeside University'),
    ]);
    fireEvent.change(screen.getByTestId('grantee-search'), { target: { value: 'zzz' } });
    expect(screen.queryAllByTestId('grantee-option')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('grantee-search'), { target: { value: 'lake' } });
    fireEvent.click(screen.getByTestId('grantee-option'));
    expect(p.onPickGrantee).toHaveBeenCalledWith(lakeside);
  });

  it('shows a disabled collaborator as disabled and does not offer it', () => {
    const closed = org('4', 'Lakeview Clinic', { isDisabled: true });
    const p = props({ collaborators: [owner, riverside, lakeside, closed] });
    render(<ManageAccessView {...p} />);
    fireEvent.change(screen.getByTestId('grantee-search'), { target: { value: 'lake' } });
    const [open, disabled] = screen.getAllByTestId('grantee-option') as HTMLButtonElement[];
    expect(open!.textContent).toContain('Lakeside University');
    expect(open!.disabled).toBe(false);
    expect(disabled!.textContent).toContain('Lakeview Clinic');
    expect(disabled!.textContent).toContain('disabled');
    expect(disabled!.disabled).toBe(true);
    fireEvent.click(disabled!);
    expect(p.onPickGrantee).not.toHaveBeenCalled();
  });

  it('shows the grantee certificate before granting, and grants', () => {
    const p = props({
      preview: preview(lakeside, { certificate: certificate({ subject: 'CN=Lakeside University' }) }),
    });
    render(<ManageAccessView {...p} />);
    const cert = screen.getByTestId('grantee-certificate');
    expect(cert.textContent).toContain('CN=Lakeside University');
    expect(cert.textContent).toContain('CN=Study Exchange CA');
    expect(within(cert).getByTestId('cert-thumbprint').textContent).toBe('ab'.repeat(20));
    expect(screen.queryByTestId('thumbprint-mismatch')).toBeNull();
    fireEvent.click(screen.getByTestId('grant-button'));
    expect(p.onGrant).toHaveBeenCalledWith(lakeside.id);
  });

  it('blocks the grant, with an explanation, when the thumbprint differs from the directory', () => {
    const p = props({
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
    const grant = screen.getByTestId('grant-button') as HTMLButtonElement;
    expect(grant.disabled).toBe(true);
    fireEvent.click(grant);
    expect(p.onGrant).not.toHaveBeenCalled();
  });

  it('blocks when the organization has no certificate', () => {
    render(
      <ManageAccessView
        {...props({ preview: preview(lakeside, { certificate: undefined, thumbprintMatches: true }) })}
      />,
    );
    expect(screen.getByTestId('no-certificate').textContent).toContain('no certificate');
    expect((screen.getByTestId('grant-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('revokes only after confirmation, and names what is lost', () => {
    const p = props();
    render(<ManageAccessView {...p} />);
    fireEvent.click(screen.getByTestId('revoke-button'));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('Riverside Medical Center will no longer be able to open this item');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(p.onRevoke).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('revoke-button'));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(p.onRevoke).toHaveBeenCalledWith(riverside.id);
    fireEvent.click(screen.getByTestId('update-button'));
    expect(p.onUpdate).toHaveBeenCalledWith(riverside.id);
    fireEvent.click(screen.getByTestId('share-with-study'));
    expect(p.onShareWithStudy).toHaveBeenCalledTimes(1);
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
          busy: 'Giving Lakeside University access to 3 items…',
          results: {
            title: 'Access for Lakeside University',
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
    expect(screen.getAllByTestId('access-entry')[1]!.textContent).toContain('2 of 3 items');
    // Riverside has access to only 2 of 3: it may still be offered.
    expect(screen.getAllByTestId('grantee-option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('Riverside'),
      expect.stringContaining('Lakeside'),
    ]);
    expect(screen.getByTestId('access-progress').textContent).toContain('3 items');
    expect((screen.getByTestId('share-with-study') as HTMLButtonElement).disabled).toBe(true);
    const results = screen.getAllByTestId('access-result');
    expect(results[0]!.textContent).toContain(
      'Lakeside University: 2 of 3 done; 1 failed (c). You do not own this item.',
    );
    expect(results[0]!.textContent).toContain('1014');
    expect(results[1]!.textContent).toContain('Riverside Medical Center: done for the item.');
  });
});
