// "Riverside Medical Center has a new certificate — 42 of your documents in 3 studies still have
// keys for the old one": the new certificate and its check under Details, and Re-wrap for the
// new certificate (with progress) when the check passes; why nothing can be re-wrapped when not.
import type { AppError, CertificateChangeView } from '../../../shared/ipc/views.js';
import { formatDate } from '../../lib/format.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { Notice, plural } from '../../components/common/notice.js';
import { CertificateComparison, decisionWords } from './certificate-decision.js';
import './trust.css';
import { CANNOT_SHARE_AGAIN, NOTHING_SHARED_AGAIN, SHARE_AGAIN, SHARING_AGAIN } from './sharing-again-words.js';

const MIN_RSA_BITS = 2048;

/** The check's reason without repeating the organization's name the line starts with. */
function shortProblem(c: CertificateChangeView): string {
  const prefix = `The certificate of ${c.name} cannot receive keys: `;
  return c.problem?.startsWith(prefix) ? c.problem.slice(prefix.length) : (c.problem ?? '');
}

export interface CertificateChangeNoticeProps {
  readonly change: CertificateChangeView;
  readonly now: number;
  /** A re-wrap runs (for this organization or another: one at a time). */
  readonly busy: boolean;
  /** This organization's re-wrap, while it runs. */
  readonly progress?: { readonly done: number; readonly total: number };
  /** Why this organization's last re-wrap was refused. */
  readonly error?: AppError;
  readonly onRewrap: () => void;
  /** While the new certificate awaits the user's decision (change.decision): the two answers. */
  readonly onAccept?: () => void;
  readonly onKeep?: () => void;
  /** An Accept or Keep is under way, or why it was refused. */
  readonly deciding?: boolean;
  readonly decisionError?: AppError;
  /** Hides the notice for this session (never while a decision is asked: that one must be answered). */
  readonly onDismiss?: () => void;
}

function CheckResult({ change, now }: { readonly change: CertificateChangeView; readonly now: number }) {
  const c = change.certificate;
  if (!c) return <p>The new certificate could not be read from the directory.</p>;
  const inForce = Date.parse(c.validFrom) <= now && !c.expired;
  return (
    <>
      <dl>
        <dt>Subject</dt>
        <dd>{c.subject}</dd>
        <dt>Issuer</dt>
        <dd>{c.issuer}</dd>
        <dt>Key</dt>
        <dd>
          RSA {c.keyBits} bits {c.keyBits >= MIN_RSA_BITS ? '(at least 2048: ok)' : '(under 2048: too small)'}
        </dd>
        <dt>Valid</dt>
        <dd>
          {formatDate(c.validFrom)} – {formatDate(c.validTo)} {inForce ? '(valid today)' : '(not valid today)'}
        </dd>
        <dt>SHA-1 fingerprint</dt>
        <dd className="mono">{c.thumbprint}</dd>
        <dt>Old SHA-1 fingerprint</dt>
        <dd className="mono">{change.oldThumbprint}</dd>
      </dl>
      <p data-testid="certificate-check">
        {change.problem
          ? `Check against your trust anchors failed: ${change.problem}.`
          : 'Check against your trust anchors passed: issued by your consortium’s certificate authority, RSA of at least 2048 bits, valid today.'}
      </p>
    </>
  );
}

export function CertificateChangeNotice({
  change,
  now,
  busy,
  progress,
  error,
  onRewrap,
  onAccept,
  onKeep,
  deciding = false,
  decisionError,
  onDismiss,
}: CertificateChangeNoticeProps) {
  const n = change.grantCount;
  const decision = change.decision;
  if (decision)
    return (
      <Notice
        level={decision.verifiedNote ? 'error' : 'warning'}
        testId="certificate-change-notice"
        detailsLabel={`Compare the certificates of ${change.name}`}
        actions={
          <>
            <button type="button" data-testid="certificate-accept" disabled={deciding} onClick={onAccept}>
              Accept the new certificate
            </button>
            <button type="button" data-testid="certificate-keep" disabled={deciding} onClick={onKeep}>
              Keep the old one
            </button>
          </>
        }
        details={<CertificateComparison decision={decision} />}
        below={decisionError ? <ErrorDisplay context="Nothing was decided." error={decisionError} /> : undefined}
      >
        <span data-testid="certificate-decision">{decisionWords(change.name, decision)}</span>
      </Notice>
    );
  return (
    <Notice
      level={change.problem ? 'error' : 'warning'}
      testId="certificate-change-notice"
      detailsLabel={`Details of the new certificate of ${change.name}`}
      actions={
        change.problem ? undefined : progress ? (
          <span role="status">
            <progress value={progress.done} max={Math.max(progress.total, 1)} aria-label="Sharing again" /> Sharing
            again {progress.done} of {progress.total}…
          </span>
        ) : (
          <button type="button" data-testid="certificate-rewrap" disabled={busy} onClick={onRewrap}>
            {busy ? SHARING_AGAIN : SHARE_AGAIN}
          </button>
        )
      }
      details={<CheckResult change={change} now={now} />}
      below={error ? <ErrorDisplay context={NOTHING_SHARED_AGAIN} error={error} /> : undefined}
      {...(onDismiss && !progress ? { onDismiss, dismissLabel: `Dismiss the notice about ${change.name}` } : {})}
    >
      <strong>{change.name}</strong> has a new certificate — {n} of your documents in{' '}
      {plural(change.studyCount, 'study', 'studies')} still {n === 1 ? 'has a key' : 'have keys'} for the old one.
      {change.problem ? (
        <>
          {' '}
          <span className="notice-check-failed" data-testid="certificate-change-problem">
            {CANNOT_SHARE_AGAIN} {shortProblem(change)}.
          </span>
        </>
      ) : null}
    </Notice>
  );
}
