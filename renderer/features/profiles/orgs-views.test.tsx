// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { certificate, org, preview } from '../../test-support/org-fixtures.js';
import { CollaboratorsView, type CollaboratorsViewProps } from '../sharing/collaborators-view.js';
import { OrganizationsView } from './organizations-view.js';

afterEach(cleanup);

const owner = org('1', 'Central IRB', { isSirb: true });
const riverside = org('2', 'Riverside Medical Center');
const lakeside = org('3', 'Lakeside University');

function collabProps(overrides: Partial<CollaboratorsViewProps> = {}): CollaboratorsViewProps {
  return {
    studyLabel: 'Study 1234',
    ownerId: owner.id,
    isOwner: true,
    collaborators: [riverside, owner],
    query: 'L',
    onQuery: vi.fn(),
    directory: [lakeside, riverside, org('4', 'Lost Site', { isDisabled: true })],
    onInvite: vi.fn(),
    onRemove: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
}

describe('CollaboratorsView', () => {
  it('lists the owner first and invites from the directory matches that are not members yet', () => {
    const p = collabProps();
    render(<CollaboratorsView {...p} />);
    expect(screen.getAllByTestId('collaborator-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Central IRB'),
      expect.stringContaining('Riverside'),
    ]);
    const options = screen.getAllByTestId('invite-option') as HTMLButtonElement[];
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Lakeside University'),
      expect.stringContaining('Lost Site'),
    ]);
    fireEvent.change(screen.getByTestId('invite-search'), { target: { value: 'Lak' } });
    expect(p.onQuery).toHaveBeenCalledWith('Lak');
    fireEvent.click(options[0]!);
    expect(p.onInvite).toHaveBeenCalledWith(lakeside);
  });

  it('shows a disabled organization as disabled and does not offer it for an invitation', () => {
    const p = collabProps();
    render(<CollaboratorsView {...p} />);
    const lost = screen
      .getAllByTestId('invite-option')
      .find((o) => o.textContent?.includes('Lost Site')) as HTMLButtonElement;
    expect(lost.textContent).toContain('disabled');
    expect(lost.disabled).toBe(true);
    fireEvent.click(lost);
    expect(p.onInvite).not.toHaveBeenCalled();
  });

  it('revokes after a confirmation that says what the organization loses', () => {
    const p = collabProps();
    render(<CollaboratorsView {...p} />);
    const rows = screen.getAllByTestId('collaborator-row');
    expect(within(rows[0]!).queryByTestId('collaborator-remove')).toBeNull();
    fireEvent.click(within(rows[1]!).getByTestId('collaborator-remove'));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('Riverside Medical Center will lose this study');
    expect(confirm.textContent).toContain('open any of its items');
    expect(p.onRemove).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(p.onRemove).toHaveBeenCalledWith(riverside);
  });

  it('is read-only for organizations that do not own the study', () => {
    render(<CollaboratorsView {...collabProps({ isOwner: false })} />);
    expect(screen.queryByTestId('invite-search')).toBeNull();
    expect(screen.queryByTestId('collaborator-remove')).toBeNull();
    expect(screen.getByTestId('collaborators-dialog').textContent).toContain("Only the study's owner");
  });
});

describe('OrganizationsView', () => {
  it('searches by prefix, selects, and shows details with the certificate', () => {
    const onQuery = vi.fn();
    const onSelect = vi.fn();
    const { rerender } = render(
      <OrganizationsView
        query=""
        onQuery={onQuery}
        organizations={[lakeside, riverside]}
        onSelect={onSelect}
        onClose={() => {}}
      />,
    );
    fireEvent.change(screen.getByTestId('organizations-search'), { target: { value: 'Ri' } });
    expect(onQuery).toHaveBeenCalledWith('Ri');
    fireEvent.click(screen.getAllByTestId('organization-row')[1]!);
    expect(onSelect).toHaveBeenCalledWith(riverside);
    const details = preview(org('2', 'Riverside Medical Center', { isDisabled: true }), {
      certificate: certificate({ subject: 'CN=Riverside Medical Center' }),
    });
    rerender(
      <OrganizationsView
        query=""
        onQuery={onQuery}
        organizations={[lakeside, riverside]}
        selectedId={riverside.id}
        details={details}
        onSelect={onSelect}
        onClose={() => {}}
      />,
    );
    const pane = screen.getByTestId('organization-details');
    expect(within(pane).getByTestId('organization-status').textContent).toBe('Disabled');
    expect(within(pane).getByTestId('cert-subject').textContent).toBe('CN=Riverside Medical Center');
    expect(pane.textContent).toContain('pSite');
    expect(screen.getAllByTestId('organization-row')[1]!.getAttribute('aria-pressed')).toBe('true');
  });
});
