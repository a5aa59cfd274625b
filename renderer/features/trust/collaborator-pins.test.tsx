// @vitest-environment happy-dom
// Settings, per collaborator: the fingerprint in groups of four, a quiet "not verified" mark,
// "Mark as verified…" recording how it was compared (keyboard only: focus moves into the form and
// back), and a changed certificate worded more strongly for a verified collaborator.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollaboratorPinView } from '../../../shared/ipc/contract/trust.js';
import type { CertificateChangeView } from '../../../shared/ipc/views.js';
import { CollaboratorCertificatesSection } from './collaborator-certificates-section.js';
import { appError } from '../../test-support/fixtures.js';
import { CollaboratorPins } from './collaborator-pins.js';

afterEach(cleanup);

const SHA = '0123456789abcdef'.repeat(4);
const riverside: CollaboratorPinView = {
  organizationId: 'a'.repeat(32),
  name: 'Riverside Medical Center',
  subject: 'CN=Riverside Medical Center',
  sha256: SHA,
  acceptedAt: '2026-01-05T10:00:00Z',
  how: 'first-use',
};
const lakeside: CollaboratorPinView = {
  organizationId: 'b'.repeat(32),
  name: 'Lakeside University',
  subject: 'CN=Lakeside University',
  sha256: 'f'.repeat(64),
  acceptedAt: '2026-01-06T10:00:00Z',
  how: 'approved',
  verified: { note: 'compared by phone with Lakeside’s coordinator', at: '2026-01-07T10:00:00Z' },
};

const frames = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('CollaboratorPins', () => {
  it('shows each fingerprint to read aloud, a quiet mark for the unverified and the note for the verified', () => {
    render(<CollaboratorPins collaborators={[riverside, lakeside]} loading={false} onMarkVerified={vi.fn()} />);
    const [r, l] = screen.getAllByTestId('collaborator-pin');
    expect(within(r!).getByTestId('pin-fingerprint').textContent).toBe(
      '0123 4567 89AB CDEF 0123 4567 89AB CDEF 0123 4567 89AB CDEF 0123 4567 89AB CDEF',
    );
    expect(within(r!).getByTestId('pin-unverified').textContent).toBe('not verified');
    expect(within(r!).queryByTestId('pin-verified')).toBeNull();
    expect(within(l!).getByTestId('pin-verified-note').textContent).toContain(
      'compared by phone with Lakeside’s coordinator',
    );
    expect(within(l!).queryByTestId('pin-unverified')).toBeNull();
    expect(within(r!).getByTestId('pin-mark-verified').textContent).toBe('Mark as verified…');
    expect(within(l!).getByTestId('pin-mark-verified').textContent).toBe('Change…');
  });

  it('records how it was compared, from the keyboard, and gives focus back', async () => {
    const onMarkVerified = vi.fn();
    render(<CollaboratorPins collaborators={[riverside]} loading={false} onMarkVerified={onMarkVerified} />);
    const opener = screen.getByTestId('pin-mark-verified');
    // a native button in the tab order
    expect(opener.tagName).toBe('BUTTON');
    expect(opener.getAttribute('tabindex')).toBeNull();
    opener.focus();
    fireEvent.click(opener);
    const note = screen.getByTestId('verify-note');
    expect(document.activeElement).toBe(note);
    expect(screen.getByLabelText('How did you compare the fingerprint with Riverside Medical Center?')).toBe(note);
    // nothing to save yet
    expect((screen.getByTestId('verify-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(note, { key: 'Escape' });
    await frames();
    expect(screen.queryByTestId('verify-form')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('pin-mark-verified'));

    fireEvent.click(screen.getByTestId('pin-mark-verified'));
    fireEvent.change(screen.getByTestId('verify-note'), {
      target: { value: '  compared by phone with Riverside’s coordinator ' },
    });
    fireEvent.submit(screen.getByTestId('verify-form'));
    expect(onMarkVerified).toHaveBeenCalledWith(
      riverside.organizationId,
      'compared by phone with Riverside’s coordinator',
    );
    await frames();
    expect(document.activeElement).toBe(screen.getByTestId('pin-mark-verified'));
  });

  it('lets a verified mark be removed with an empty note, and shows a refused save where it happened', () => {
    const onMarkVerified = vi.fn();
    render(
      <CollaboratorPins
        collaborators={[riverside, lakeside]}
        loading={false}
        saveError={{
          organizationId: lakeside.organizationId,
          error: appError({ code: 'internal', message: 'pins file unreadable', explanation: '' }),
        }}
        onMarkVerified={onMarkVerified}
      />,
    );
    const [r, l] = screen.getAllByTestId('collaborator-pin');
    expect(within(l!).getByTestId('error-display').textContent).toContain('The mark was not saved.');
    expect(within(r!).queryByTestId('error-display')).toBeNull();
    fireEvent.click(within(l!).getByTestId('pin-mark-verified'));
    fireEvent.change(screen.getByTestId('verify-note'), { target: { value: '' } });
    expect(screen.getByTestId('verify-save').textContent).toBe('Remove the mark');
    fireEvent.submit(screen.getByTestId('verify-form'));
    expect(onMarkVerified).toHaveBeenCalledWith(lakeside.organizationId, '');
  });
});

describe('a changed certificate in Settings', () => {
  const change = (verifiedNote?: string): CertificateChangeView => ({
    organizationId: lakeside.organizationId,
    name: 'Lakeside University',
    oldThumbprint: '1'.repeat(40),
    grantCount: 2,
    studyCount: 1,
    decision: {
      accepted: {
        subject: lakeside.subject,
        issuer: 'CN=Consortium CA',
        sha256: lakeside.sha256,
        validFrom: '2026-01-01T00:00:00Z',
        validTo: '2027-01-01T00:00:00Z',
        namesOrganization: true,
      },
      offered: {
        subject: 'CN=Riverside Medical Center',
        issuer: 'CN=Consortium CA',
        validFrom: '2026-01-01T00:00:00Z',
        validTo: '2027-01-01T00:00:00Z',
        sha256: SHA,
        namesOrganization: false,
      },
      ...(verifiedNote ? { verifiedNote } : {}),
    },
  });
  const renderSection = (c: CertificateChangeView, onAccept = vi.fn()) =>
    render(
      <CollaboratorCertificatesSection
        changes={[c]}
        expiring={[]}
        loading={false}
        onRewrap={vi.fn()}
        decide={{ deciding: false, onAccept, onKeep: vi.fn() }}
      />,
    );

  it('is a decision with both certificates, worded more strongly once the collaborator was verified', () => {
    const onAccept = vi.fn();
    renderSection(change(), onAccept);
    const quiet = screen.getByTestId('certificate-decision').textContent ?? '';
    expect(quiet).toContain('(not verified)');
    expect(screen.getByTestId('certificate-comparison').textContent).toContain('0123 4567 89AB CDEF');
    expect(screen.queryByTestId('certificate-rewrap')).toBeNull();
    fireEvent.click(screen.getByTestId('certificate-accept'));
    expect(onAccept).toHaveBeenCalledWith(lakeside.organizationId, SHA);
    cleanup();
    renderSection(change('compared by phone with Lakeside’s coordinator'));
    const strong = screen.getByTestId('certificate-decision');
    expect(strong.textContent).toContain(
      'whose certificate you verified (compared by phone with Lakeside’s coordinator)',
    );
    expect(strong.textContent).toContain('Do not accept it before comparing its fingerprint');
    expect(strong.className).toBe('warning');
  });
});
