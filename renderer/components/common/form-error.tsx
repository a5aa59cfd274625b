// A refusal shown inside the form that caused it: plain words, then the service's code, message and
// details in full view (not folded away), because the user has to act on them right there.
import type { AppError } from '../../../shared/ipc/views.js';
import { describeCode } from '../../lib/error-words.js';

export function FormError({
  error,
  context,
  testId,
}: {
  readonly error: AppError;
  readonly context?: string;
  readonly testId: string;
}) {
  const explanation = error.explanation || describeCode(error.code) || error.message;
  return (
    <div className="form-error" role="alert" data-testid={testId}>
      {context ? <p className="error-context">{context}</p> : null}
      <p className="error-explanation">{explanation}</p>
      <dl className="form-error-fields">
        <dt>Code</dt>
        <dd data-testid={`${testId}-code`}>{String(error.code)}</dd>
        <dt>Message</dt>
        <dd data-testid={`${testId}-message`}>{error.message || '—'}</dd>
        <dt>Details</dt>
        <dd data-testid={`${testId}-details`}>{error.details || '—'}</dd>
        {error.requestId ? (
          <>
            <dt>Request id</dt>
            <dd>{error.requestId}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
