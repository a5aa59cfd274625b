// A document's sign-offs in the details pane (docs/protocol.md §10, Sign-offs), each shown as
// 21 CFR 11.50 asks: the signer's printed name and role, the organization, the date and time with
// its zone, the meaning, and the comment; "this version" or "an earlier version"; and, when it
// does not verify, a mark that says so and why. Everything in a statement is another
// organization's text: cleaned and cut (shownText) wherever it is shown.
import type { ReactNode } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';
import { MEANING_WORDS } from '../../../shared/signoffs/meanings.js';
import { REASON_WORDS, type SignOffView } from '../../../shared/signoffs/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { formatDateTimeZone } from '../../lib/format.js';
import { ErrorDisplay } from '../../components/common/error-display.js';

/** "Jane Doe, Research Coordinator" (the role when given). */
export function signerLine(signer: SignOffView['signer']): string {
  return signer.role ? `${shownText(signer.name)}, ${shownText(signer.role)}` : shownText(signer.name);
}

export function SignOffEntry({ signOff }: { readonly signOff: SignOffView }) {
  const version = signOff.thisVersion ? 'this version' : 'an earlier version';
  return (
    <li
      className={signOff.valid ? 'signoff' : 'signoff signoff-invalid'}
      data-testid="signoff"
      data-valid={signOff.valid}
      data-version={signOff.thisVersion ? 'this' : 'earlier'}
    >
      {signOff.valid ? null : (
        <p className="signoff-problem" data-testid="signoff-problem">
          <span aria-hidden="true">✗ </span>
          {`Does not verify: ${signOff.reason ? REASON_WORDS[signOff.reason] : 'not checked'}`}
        </p>
      )}
      <p className="signoff-meaning">
        <strong data-testid="signoff-meaning">{MEANING_WORDS[signOff.meaning]}</strong>
        <span className="signoff-version" data-testid="signoff-version">{` · ${version}`}</span>
      </p>
      <p data-testid="signoff-signer">
        <span className="signoff-name">{signerLine(signOff.signer)}</span>
        {` · ${shownText(signOff.organization.name)}`}
      </p>
      <p className="muted">
        <time dateTime={signOff.signedAt} data-testid="signoff-time">
          {formatDateTimeZone(signOff.signedAt)}
        </time>
      </p>
      {signOff.comment ? (
        <p className="signoff-comment" data-testid="signoff-comment">
          {shownText(signOff.comment, 2000)}
        </p>
      ) : null}
    </li>
  );
}

interface SignOffsSectionProps {
  readonly signOffs?: readonly SignOffView[];
  readonly loading: boolean;
  readonly error?: AppError;
  readonly onRetry: () => void;
  /** "Sign off…" (and, for the owner, "Ask for sign-off…"): buttons of the section. */
  readonly actions?: ReactNode;
  /** The owner's requests and who answered them. */
  readonly requests?: ReactNode;
}

export function SignOffsSection({ signOffs, loading, error, onRetry, actions, requests }: SignOffsSectionProps) {
  const valid = signOffs?.filter((s) => s.valid).length ?? 0;
  return (
    <section className="signoffs" aria-label="Sign-offs" data-testid="signoffs">
      <h3 className="section-title">Sign-offs</h3>
      {error ? <ErrorDisplay context="The sign-offs could not be loaded." error={error} onRetry={onRetry} /> : null}
      {!signOffs ? (
        <p className="muted">{loading ? 'Loading…' : '—'}</p>
      ) : signOffs.length === 0 ? (
        <p className="muted" data-testid="signoffs-none">
          No one has signed off this document yet.
        </p>
      ) : (
        <>
          <p className="visually-hidden">{`${valid} of ${signOffs.length} sign-offs verify.`}</p>
          <ul className="signoff-list" data-testid="signoff-list">
            {signOffs.map((s) => (
              <SignOffEntry key={s.path} signOff={s} />
            ))}
          </ul>
        </>
      )}
      {requests}
      {actions ? <div className="row-actions">{actions}</div> : null}
    </section>
  );
}
