// @vitest-environment happy-dom
// The sign-off views as a coordinator meets them: the details' list (21 CFR 11.50's manifestation,
// this or an earlier version, a clear mark and reason when one does not verify, another
// organization's text cleaned), the Sign off… form (nothing without a meaning, a confirmed name
// and the passphrase; the passphrase typed again every time), Ask for sign-off…, and the list of
// sign-offs requested.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestedView, SignerView, SignOffRequestView, SignOffView } from '../../../shared/signoffs/views.js';
import { appError } from '../../test-support/fixtures.js';
import { RequestDialog } from './request-dialog.js';
import { RequestsStatus } from './request-status.js';
import { RequestedList } from './requested-view.js';
import { SignOffDialog } from './sign-off-dialog.js';
import { SignOffsSection } from './signoffs-section.js';

afterEach(cleanup);

const RIVERSIDE = { id: '2'.repeat(32), name: 'Riverside Medical Center' };
const LAKESIDE = { id: '3'.repeat(32), name: 'Lakeside University' };

function signOff(overrides: Partial<SignOffView> = {}): SignOffView {
  return {
    path: `signoffs/${RIVERSIDE.id}/${'a'.repeat(32)}/1`,
    signer: { name: 'Dana Reyes', role: 'Study coordinator' },
    organization: RIVERSIDE,
    signedAt: '2026-11-28T10:15:30Z',
    meaning: 'acknowledged',
    valid: true,
    thisVersion: true,
    contentHash: 'b'.repeat(64),
    ...overrides,
  };
}

describe('SignOffsSection', () => {
  it('shows each sign-off with name, role, organization, date and time with zone, meaning and comment, and its version', () => {
    render(
      <SignOffsSection
        signOffs={[
          signOff({ comment: 'Staff trained.' }),
          signOff({ path: 'p2', meaning: 'approved', thisVersion: false, signer: { name: 'Sam Lee' } }),
        ]}
        loading={false}
        onRetry={() => {}}
      />,
    );
    const [first, second] = screen.getAllByTestId('signoff');
    expect(within(first!).getByTestId('signoff-meaning').textContent).toBe('Acknowledged');
    expect(within(first!).getByTestId('signoff-version').textContent).toBe(' · this version');
    expect(within(first!).getByTestId('signoff-signer').textContent).toBe(
      'Dana Reyes, Study coordinator · Riverside Medical Center',
    );
    const time = within(first!).getByTestId('signoff-time');
    expect(time.getAttribute('datetime')).toBe('2026-11-28T10:15:30Z');
    // seconds and a zone name, not only a date
    expect(time.textContent).toMatch(/:30\s?(AM|PM)? ?\S+$/);
    expect(time.textContent).not.toBe('2026-11-28T10:15:30Z');
    expect(within(first!).getByTestId('signoff-comment').textContent).toBe('Staff trained.');
    expect(within(second!).getByTestId('signoff-version').textContent).toBe(' · an earlier version');
    expect(within(second!).getByTestId('signoff-signer').textContent).toBe('Sam Lee · Riverside Medical Center');
    expect(screen.queryByTestId('signoff-problem')).toBeNull();
  });

  it('marks a sign-off that does not verify, with the reason, and cleans the text another organization wrote', () => {
    render(
      <SignOffsSection
        signOffs={[
          signOff({ valid: false, reason: 'certificate-untrusted', signer: { name: 'Mallory\u202e\u0007 Evil' } }),
          signOff({ path: 'p2', valid: false, reason: 'signature' }),
          signOff({ path: 'p3', valid: false, reason: 'certificate-not-organizations' }),
          signOff({ path: 'p4', valid: false, reason: 'wrong-document' }),
        ]}
        loading={false}
        onRetry={() => {}}
      />,
    );
    const entries = screen.getAllByTestId('signoff');
    expect(entries.map((e) => e.getAttribute('data-valid'))).toEqual(['false', 'false', 'false', 'false']);
    expect(screen.getAllByTestId('signoff-problem').map((p) => p.textContent)).toEqual([
      '✗ Does not verify: certificate not trusted',
      '✗ Does not verify: signature does not verify',
      '✗ Does not verify: certificate not this organization’s',
      '✗ Does not verify: wrong document',
    ]);
    const name = within(entries[0]!).getByTestId('signoff-signer').textContent!;
    expect(name.includes('\u202e') || name.includes('\u0007')).toBe(false);
    expect(name).toContain('Mallory');
  });

  it('says when there is none, and shows a failure to load with Retry', () => {
    const retry = vi.fn();
    render(<SignOffsSection signOffs={[]} loading={false} onRetry={retry} error={appError()} />);
    expect(screen.getByTestId('signoffs-none')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });
});

function request(overrides: Partial<SignOffRequestView> = {}): SignOffRequestView {
  return {
    path: `requests/${'1'.repeat(32)}/r1`,
    containerId: 'c'.repeat(32),
    itemPath: 'Approvals/consent',
    meaning: 'acknowledged',
    requestedAt: '2026-11-20T09:00:00Z',
    dueOn: '2026-11-27',
    organizations: [
      { ...RIVERSIDE, answered: true, signedAt: '2026-11-21T09:00:00Z' },
      { ...LAKESIDE, answered: false },
    ],
    answered: false,
    overdue: true,
    reopened: false,
    ...overrides,
  };
}

describe('RequestsStatus', () => {
  it('tells the owner who answered, who has not, what is overdue, and when the document was replaced', () => {
    render(
      <RequestsStatus
        requests={[request(), request({ path: 'r2', overdue: false, reopened: true })]}
        onRetry={() => {}}
      />,
    );
    const [first, second] = screen.getAllByTestId('signoff-request');
    expect(within(first!).getByTestId('signoff-request-summary').textContent).toBe('1 of 2 answered');
    expect(within(first!).getByTestId('signoff-request-overdue').textContent).toBe('Overdue');
    expect(
      within(first!)
        .getAllByTestId('signoff-request-org')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^Riverside Medical Center: signed off /), 'Lakeside University: not yet']);
    expect(within(first!).queryByTestId('signoff-request-reopened')).toBeNull();
    expect(within(second!).queryByTestId('signoff-request-overdue')).toBeNull();
    expect(within(second!).getByTestId('signoff-request-reopened')).toBeTruthy();
  });
});

const signer = (overrides: Partial<SignerView> = {}): SignerView => ({
  name: 'Dana Reyes',
  role: 'Study coordinator',
  confirmedThisSession: true,
  unlock: 'profile',
  ...overrides,
});

function signDialog(props: Partial<Parameters<typeof SignOffDialog>[0]> = {}) {
  const onSign = vi.fn();
  render(
    <SignOffDialog
      documents={[{ itemPath: 'Approvals/consent', name: 'consent-form.pdf' }]}
      organizationName="Riverside Medical Center"
      signer={signer()}
      busy={false}
      onSign={onSign}
      onClose={() => {}}
      {...props}
    />,
  );
  return onSign;
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('SignOffDialog', () => {
  it('signs nothing without a meaning and the passphrase, then sends them and empties the passphrase', () => {
    const onSign = signDialog();
    expect(screen.getByRole('dialog').getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByText('Sign off consent-form.pdf')).toBeTruthy();
    fireEvent.click(screen.getByTestId('signoff-submit'));
    expect(onSign).not.toHaveBeenCalled();
    expect(screen.getByTestId('signoff-problem-meaning')).toBeTruthy();
    expect(screen.getByTestId('signoff-problem-passphrase').textContent).toMatch(/nothing is signed without it/);
    fireEvent.click(screen.getByTestId('signoff-meaning-read-and-understood'));
    type('signoff-comment-input', '  Read v3.  ');
    fireEvent.click(screen.getByTestId('signoff-share-owner'));
    type('signoff-passphrase', 'correct horse');
    // a confirmed signer is shown, not asked
    expect(screen.getByTestId('signoff-as').textContent).toBe(
      'Dana Reyes, Study coordinator · Riverside Medical Center',
    );
    fireEvent.click(screen.getByTestId('signoff-submit'));
    expect(onSign).toHaveBeenCalledWith({
      itemPaths: ['Approvals/consent'],
      meaning: 'read-and-understood',
      comment: 'Read v3.',
      shareWith: 'owner',
      passphrase: 'correct horse',
    });
    expect((screen.getByTestId('signoff-passphrase') as HTMLInputElement).value).toBe('');
  });

  it('asks for the printed name and role at the first sign-off of a session, and refuses a name a spreadsheet would run', () => {
    const onSign = signDialog({ signer: signer({ confirmedThisSession: false }), initialMeaning: 'acknowledged' });
    expect(screen.getByTestId('signoff-confirm-signer').textContent).toMatch(/Confirm your printed name/);
    expect((screen.getByTestId('signoff-name-input') as HTMLInputElement).value).toBe('Dana Reyes');
    expect((screen.getByTestId('signoff-meaning-acknowledged') as HTMLInputElement).checked).toBe(true);
    type('signoff-name-input', '=HYPERLINK("x")');
    type('signoff-passphrase', 'pw');
    fireEvent.click(screen.getByTestId('signoff-submit'));
    expect(onSign).not.toHaveBeenCalled();
    expect(screen.getByTestId('signoff-problem-name').textContent).toMatch(/formula/);
    type('signoff-name-input', ' Dana M. Reyes ');
    type('signoff-role-input', '');
    type('signoff-passphrase', 'pw');
    fireEvent.click(screen.getByTestId('signoff-submit'));
    expect(onSign).toHaveBeenCalledWith(
      expect.objectContaining({ meaning: 'acknowledged', signer: { name: 'Dana M. Reyes' }, shareWith: 'everyone' }),
    );
  });

  it('lets a confirmed signer change the name, which is then confirmed again', () => {
    const onSign = signDialog({ initialMeaning: 'approved' });
    fireEvent.click(screen.getByTestId('signoff-change-signer'));
    type('signoff-role-input', 'Principal investigator');
    type('signoff-passphrase', 'pw');
    fireEvent.click(screen.getByTestId('signoff-submit'));
    expect(onSign.mock.calls[0]![0].signer).toEqual({ name: 'Dana Reyes', role: 'Principal investigator' });
  });

  it('asks twice for a new signing passphrase when the keys are in the keychain and none is set', () => {
    const onSign = signDialog({ signer: signer({ unlock: 'signing-unset' }), initialMeaning: 'reviewed' });
    expect(screen.getByTestId('signoff-new-passphrase')).toBeTruthy();
    type('signoff-passphrase', 'long enough');
    type('signoff-passphrase-repeat', 'long enougH');
    fireEvent.click(screen.getByTestId('signoff-submit'));
    expect(onSign).not.toHaveBeenCalled();
    expect(screen.getByTestId('signoff-problem-passphrase').textContent).toBe('The two passphrases differ.');
    type('signoff-passphrase', 'long enough');
    type('signoff-passphrase-repeat', 'long enough');
    fireEvent.click(screen.getByTestId('signoff-submit'));
    expect(onSign).toHaveBeenCalledWith(expect.objectContaining({ passphrase: 'long enough', setPassphrase: true }));
  });

  it('shows a refusal in the dialog with its code, and which documents of several were not signed', () => {
    signDialog({
      documents: [
        { itemPath: 'a', name: 'one.pdf' },
        { itemPath: 'b', name: 'two.pdf' },
      ],
      error: appError({
        code: 'wrong-passphrase',
        message: 'Wrong passphrase.',
        explanation: 'The passphrase is wrong.',
      }),
      results: [
        { itemPath: 'a', ok: true, signOffPath: 'signoffs/x/y/z' },
        { itemPath: 'b', ok: false, error: appError({ explanation: 'The document is gone.' }) },
      ],
    });
    expect(screen.getByText('Sign off 2 documents')).toBeTruthy();
    expect(
      within(screen.getByTestId('signoff-targets'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['one.pdf', 'two.pdf']);
    expect(screen.getByTestId('signoff-error-code').textContent).toBe('wrong-passphrase');
    expect(screen.getByTestId('signoff-failed').textContent).toContain('two.pdf: The document is gone.');
  });
});

describe('RequestDialog', () => {
  const today = '2026-11-28';
  it('asks everyone with access unless left out, with a meaning, a due date and a message', () => {
    const onRequest = vi.fn();
    render(
      <RequestDialog
        document={{ itemPath: 'Approvals/consent', name: 'consent-form.pdf' }}
        organizations={[RIVERSIDE, LAKESIDE]}
        busy={false}
        onRequest={onRequest}
        onClose={() => {}}
        today={today}
      />,
    );
    const boxes = screen.getAllByTestId('request-organization') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true]);
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[1]!);
    fireEvent.click(screen.getByTestId('request-submit'));
    expect(screen.getByTestId('request-problem').textContent).toBe('Choose at least one organization.');
    fireEvent.click(boxes[1]!);
    type('request-due', '2026-11-01');
    fireEvent.click(screen.getByTestId('request-submit'));
    expect(screen.getByTestId('request-problem').textContent).toBe('The due date has passed.');
    expect(onRequest).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('request-meaning'), { target: { value: 'approved' } });
    type('request-due', '2026-12-15');
    type('request-message', ' Please approve. ');
    fireEvent.click(screen.getByTestId('request-submit'));
    expect(onRequest).toHaveBeenCalledWith({
      itemPath: 'Approvals/consent',
      meaning: 'approved',
      organizationIds: [LAKESIDE.id],
      dueOn: '2026-12-15',
      message: 'Please approve.',
    });
  });

  it('says when no other organization has access yet', () => {
    render(
      <RequestDialog
        document={{ itemPath: 'x', name: 'x.pdf' }}
        organizations={[]}
        busy={false}
        onRequest={() => {}}
        onClose={() => {}}
        today={today}
      />,
    );
    expect(screen.getByTestId('request-no-organizations').textContent).toMatch(/share it first/);
  });
});

function requested(overrides: Partial<RequestedView> = {}): RequestedView {
  return {
    path: 'requests/x/1',
    containerId: 'c'.repeat(32),
    studyTitle: 'Protocol 2025-031',
    itemPath: 'Approvals/consent',
    documentName: 'consent-form.pdf',
    from: { id: '1'.repeat(32), name: 'Sandbox IRB' },
    meaning: 'acknowledged',
    requestedAt: '2026-11-20T09:00:00Z',
    dueOn: '2026-12-01',
    answered: false,
    overdue: false,
    reopened: false,
    ...overrides,
  };
}

describe('RequestedList', () => {
  it('lists waiting requests first, each with one action, and answered ones after without it', () => {
    const onSign = vi.fn();
    const waiting = requested({ path: 'w', overdue: true, reopened: true, message: 'By Friday, please.' });
    render(
      <RequestedList
        requests={[requested({ path: 'a', answered: true, documentName: 'protocol.pdf' }), waiting]}
        loading={false}
        onRetry={() => {}}
        onSign={onSign}
        onClose={() => {}}
      />,
    );
    const first = within(screen.getByTestId('requested-waiting')).getByTestId('requested-entry');
    expect(within(first).getByTestId('requested-name').textContent).toBe('consent-form.pdf');
    expect(first.textContent).toContain('in Protocol 2025-031');
    expect(first.textContent).toContain('asked by Sandbox IRB');
    expect(within(first).getByTestId('requested-meaning').textContent).toBe('Acknowledged');
    expect(within(first).getByTestId('requested-overdue')).toBeTruthy();
    expect(within(first).getByTestId('requested-reopened')).toBeTruthy();
    expect(first.textContent).toContain('By Friday, please.');
    fireEvent.click(within(first).getByRole('button', { name: 'Show consent-form.pdf and sign it off' }));
    expect(onSign).toHaveBeenCalledWith(waiting);
    const answered = within(screen.getByTestId('requested-answered-list')).getByTestId('requested-entry');
    expect(within(answered).queryByRole('button')).toBeNull();
  });

  it('says when nothing was asked', () => {
    render(<RequestedList requests={[]} loading={false} onRetry={() => {}} onSign={() => {}} onClose={() => {}} />);
    expect(screen.getByTestId('requested-empty')).toBeTruthy();
  });
});
