// A failure where it happened: plain words first, then the service's code, message, details and
// request id under "Details", and Retry when trying again can help.
import type { AppError } from '../../../shared/ipc/views.js';
import { describeCode } from '../../lib/error-words.js';

interface ErrorDisplayProps {
  /** What was being done, e.g. "The study list could not be loaded." */
  readonly context: string;
  readonly error: AppError;
  readonly onRetry?: () => void;
  readonly onDismiss?: () => void;
}

export function ErrorDisplay({ context, error, onRetry, onDismiss }: ErrorDisplayProps) {
  const explanation = error.explanation || describeCode(error.code) || error.message;
  return (
    <div className="error-display" role="alert" data-testid="error-display">
      <p className="error-context">{context}</p>
      <p className="error-explanation">{explanation}</p>
      <details className="error-details">
        <summary>Details</summary>
        <dl>
          <dt>Code</dt>
          <dd data-testid="error-code">{String(error.code)}</dd>
          <dt>Message</dt>
          <dd>{error.message || '—'}</dd>
          <dt>Details</dt>
          <dd>{error.details || '—'}</dd>
          <dt>Request id</dt>
          <dd>{error.requestId ?? '—'}</dd>
          {error.status !== undefined ? (
            <>
              <dt>HTTP status</dt>
              <dd>{error.status}</dd>
            </>
          ) : null}
        </dl>
      </details>
      <div className="error-actions">
        {error.retryable && onRetry ? (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        ) : null}
        {onDismiss ? (
          <button type="button" onClick={onDismiss}>
            Dismiss
          </button>
        ) : null}
      </div>
    </div>
  );
}
