// "Sign off…": the meaning (21 CFR 11.50), an optional comment, who signs (printed name and role,
// kept per profile and confirmed at the first sign-off of a session: 11.200), with whom the
// sign-off is shared, and the passphrase, asked every time. The window names the documents and
// these choices; main builds the statement from the documents it verified and signs it.
import { useId, useState } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';
import {
  MAX_SIGNER_NAME,
  MAX_SIGNER_ROLE,
  MEANING_WORDS,
  SIGNOFF_MEANINGS,
  commentProblem,
  lineTextProblem,
  type SignOffMeaning,
} from '../../../shared/signoffs/meanings.js';
import type { SignerView, SignResult } from '../../../shared/signoffs/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { FormError } from '../../components/common/form-error.js';
import { FormDialog } from './form-dialog.js';
import { NoteField } from './note-field.js';
import type { SignOffInput } from './use-signoffs.js';

/** A document to sign: its path (slash form) and cleaned name. */
export interface SignTarget {
  readonly itemPath: string;
  readonly name: string;
}

const MEANING_HINTS: Readonly<Record<SignOffMeaning, string>> = {
  reviewed: 'You examined it.',
  approved: 'You agree with it and approve it.',
  acknowledged: 'You received it and take note of it.',
  'read-and-understood': 'You read it and understand it.',
  authored: 'You wrote it.',
};

/** The least a new signing passphrase has (main refuses shorter ones). */
const MIN_NEW_PASSPHRASE = 8;

/** "The printed name starts like a spreadsheet formula…": main's rule, said before main refuses it. */
const said = (field: string, problem: string | undefined) => (problem ? `The ${field} ${problem}.` : undefined);

interface SignOffDialogProps {
  readonly documents: readonly SignTarget[];
  /** The organization that signs (the active profile's). */
  readonly organizationName: string;
  readonly signer?: SignerView;
  readonly signerError?: AppError;
  readonly initialMeaning?: SignOffMeaning;
  readonly busy: boolean;
  readonly error?: AppError;
  /** Per document, after a call that signed some and not others. */
  readonly results?: readonly SignResult[];
  readonly onSign: (input: SignOffInput) => void;
  readonly onClose: () => void;
}

export function SignOffDialog(props: SignOffDialogProps) {
  const { documents, signer, busy } = props;
  const fieldId = useId();
  const [meaning, setMeaning] = useState<SignOffMeaning | undefined>(props.initialMeaning);
  const [comment, setComment] = useState('');
  const [editingSigner, setEditingSigner] = useState(false);
  const [name, setName] = useState<string | undefined>();
  const [role, setRole] = useState<string | undefined>();
  const [shareWith, setShareWith] = useState<'owner' | 'everyone'>('everyone');
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);

  const shownName = name ?? signer?.name ?? '';
  const shownRole = role ?? signer?.role ?? '';
  // The name is confirmed once a session, and whenever it is changed.
  const askSigner = !!signer && (!signer.confirmedThisSession || !signer.name || editingSigner);
  const newPassphrase = signer?.unlock === 'signing-unset';
  const problems = {
    meaning: meaning ? undefined : 'Choose what your sign-off means.',
    name: askSigner
      ? shownName.trim()
        ? said('printed name', lineTextProblem(shownName.trim(), MAX_SIGNER_NAME))
        : 'Enter your printed name.'
      : undefined,
    role: askSigner && shownRole.trim() ? said('role', lineTextProblem(shownRole.trim(), MAX_SIGNER_ROLE)) : undefined,
    comment: comment.trim() ? said('comment', commentProblem(comment.trim())) : undefined,
    passphrase: !passphrase
      ? 'Enter the passphrase: nothing is signed without it.'
      : newPassphrase && passphrase.length < MIN_NEW_PASSPHRASE
        ? `A signing passphrase has at least ${MIN_NEW_PASSPHRASE} characters.`
        : newPassphrase && passphrase !== repeat
          ? 'The two passphrases differ.'
          : undefined,
  };
  const firstProblem = Object.values(problems).find(Boolean);
  const failed = (props.results ?? []).filter((r) => !r.ok);

  const submit = (): void => {
    setTried(true);
    if (firstProblem || busy || !signer || !meaning) return;
    const trimmedRole = shownRole.trim();
    props.onSign({
      itemPaths: documents.map((d) => d.itemPath),
      meaning,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
      shareWith,
      passphrase,
      ...(askSigner ? { signer: { name: shownName.trim(), ...(trimmedRole ? { role: trimmedRole } : {}) } } : {}),
      ...(newPassphrase ? { setPassphrase: true } : {}),
    });
    // the passphrase is typed again for every attempt, right or wrong (main's answer says which)
    setPassphrase('');
    setRepeat('');
    setTried(false);
  };

  const problem = (key: keyof typeof problems) =>
    tried && problems[key] ? (
      <p id={`${fieldId}-${key}`} className="warning" data-testid={`signoff-problem-${key}`}>
        {problems[key]}
      </p>
    ) : null;
  const described = (key: keyof typeof problems) =>
    tried && problems[key] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId}-${key}` } : {};
  const one = documents.length === 1 ? documents[0] : undefined;
  const title = one ? `Sign off ${shownText(one.name, 80)}` : `Sign off ${documents.length} documents`;
  const passphraseLabel =
    signer?.unlock === 'profile' ? 'Passphrase' : newPassphrase ? 'New signing passphrase' : 'Signing passphrase';

  return (
    <FormDialog
      title={title}
      formLabel={title}
      testId="signoff"
      submitLabel="Sign off"
      busyLabel="Signing…"
      busy={busy}
      ready={!!signer}
      onSubmit={submit}
      onClose={props.onClose}
    >
      {one ? null : (
        <ul className="signoff-targets" aria-label="Documents to sign off" data-testid="signoff-targets">
          {documents.map((d) => (
            <li key={d.itemPath}>{shownText(d.name)}</li>
          ))}
        </ul>
      )}
      <p className="muted">
        {`Your sign-off is signed with ${shownText(props.organizationName)}’s key over ${one ? 'this version' : 'the current version of each'}: anyone with your organization’s certificate can check it.`}
      </p>
      <fieldset
        data-testid="signoff-meanings"
        aria-describedby={tried && problems.meaning ? `${fieldId}-meaning` : undefined}
      >
        <legend>Meaning</legend>
        {SIGNOFF_MEANINGS.map((m, i) => (
          <label key={m} className="check signoff-meaning-option">
            <input
              type="radio"
              name={`${fieldId}-meaning`}
              value={m}
              checked={meaning === m}
              onChange={() => setMeaning(m)}
              data-testid={`signoff-meaning-${m}`}
              data-autofocus={(meaning ? meaning === m : i === 0) || undefined}
            />
            <span>
              {MEANING_WORDS[m]} <span className="muted">{MEANING_HINTS[m]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {problem('meaning')}
      <NoteField
        what="Comment"
        value={comment}
        onText={setComment}
        rows={2}
        testId="signoff-comment-input"
        {...described('comment')}
      />
      {problem('comment')}
      <fieldset data-testid="signoff-signer">
        <legend>Signed by</legend>
        {props.signerError ? (
          <FormError error={props.signerError} context="Who signs could not be read." testId="signoff-signer-error" />
        ) : !signer ? (
          <p className="muted">Loading…</p>
        ) : askSigner ? (
          <>
            <p className="muted" data-testid="signoff-confirm-signer">
              {signer.name && !editingSigner
                ? 'Confirm your printed name and role for this session: they are shown with every sign-off you make.'
                : 'Your printed name and role are shown with every sign-off you make, and kept for this profile.'}
            </p>
            <div className="field-row">
              <label className="field-label">
                Printed name
                <input
                  value={shownName}
                  onChange={(e) => setName(e.target.value)}
                  maxLength={MAX_SIGNER_NAME}
                  autoComplete="name"
                  data-testid="signoff-name-input"
                  {...described('name')}
                />
              </label>
              <label className="field-label">
                Role (optional)
                <input
                  value={shownRole}
                  onChange={(e) => setRole(e.target.value)}
                  maxLength={MAX_SIGNER_ROLE}
                  autoComplete="organization-title"
                  data-testid="signoff-role-input"
                  {...described('role')}
                />
              </label>
            </div>
            {problem('name')}
            {problem('role')}
          </>
        ) : (
          <p className="signoff-as">
            <span data-testid="signoff-as">
              {`${shownText(signer.name)}${signer.role ? `, ${shownText(signer.role)}` : ''} · ${shownText(props.organizationName)}`}
            </span>{' '}
            <button type="button" onClick={() => setEditingSigner(true)} data-testid="signoff-change-signer">
              Change…
            </button>
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>Shared with</legend>
        <label className="check">
          <input
            type="radio"
            name={`${fieldId}-share`}
            checked={shareWith === 'everyone'}
            onChange={() => setShareWith('everyone')}
            data-testid="signoff-share-everyone"
          />
          Everyone with access to the document
        </label>
        <label className="check">
          <input
            type="radio"
            name={`${fieldId}-share`}
            checked={shareWith === 'owner'}
            onChange={() => setShareWith('owner')}
            data-testid="signoff-share-owner"
          />
          Only the document’s owner
        </label>
      </fieldset>
      {newPassphrase ? (
        <p className="muted" data-testid="signoff-new-passphrase">
          Your keys are protected by this computer’s keychain. Choose a signing passphrase: it is asked for every
          sign-off and kept nowhere but as a check.
        </p>
      ) : null}
      <div className="field-row">
        <label className="field-label">
          {passphraseLabel}
          <input
            type="password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
            autoComplete={newPassphrase ? 'new-password' : 'current-password'}
            data-testid="signoff-passphrase"
            {...described('passphrase')}
          />
        </label>
        {newPassphrase ? (
          <label className="field-label">
            Repeat it
            <input
              type="password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              autoComplete="new-password"
              data-testid="signoff-passphrase-repeat"
            />
          </label>
        ) : null}
      </div>
      {problem('passphrase')}
      {props.error ? <FormError error={props.error} context="Nothing was signed." testId="signoff-error" /> : null}
      {failed.length ? (
        <div className="form-error" role="alert" data-testid="signoff-failed">
          <p className="error-context">
            {`${failed.length} of ${props.results!.length} could not be signed off; the others were.`}
          </p>
          <ul>
            {failed.map((r) => (
              <li key={r.itemPath}>
                {`${shownText(documents.find((d) => d.itemPath === r.itemPath)?.name ?? r.itemPath)}: ${r.error?.explanation || r.error?.message || 'not signed'}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </FormDialog>
  );
}
