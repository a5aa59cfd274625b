// One notice of the window: a line of text with its actions, and what there is to know besides
// under a "Details" disclosure that opens below the line.
import type { ReactNode } from 'react';
import './notices.css';

export interface NoticeProps {
  readonly level: 'info' | 'warning' | 'error';
  readonly testId: string;
  readonly children: ReactNode;
  readonly actions?: ReactNode;
  readonly details?: ReactNode;
  /** Names what the disclosure holds for a screen reader ("Details of …"). */
  readonly detailsLabel?: string;
  /** Shown in full under the line (an action's failure, where it happened). */
  readonly below?: ReactNode;
  /** Hides the notice (for this session, as its owner decides); with the label naming what is hidden. */
  readonly onDismiss?: () => void;
  readonly dismissLabel?: string;
}

export function Notice({
  level,
  testId,
  children,
  actions,
  details,
  detailsLabel,
  below,
  onDismiss,
  dismissLabel,
}: NoticeProps) {
  return (
    <li className={`notice notice-${level}`} data-testid={testId}>
      <span className="notice-text">{children}</span>
      {actions ? <span className="notice-actions">{actions}</span> : null}
      {details ? (
        <details className="notice-details">
          <summary aria-label={detailsLabel}>Details</summary>
          <div className="notice-details-body">{details}</div>
        </details>
      ) : null}
      {onDismiss ? (
        <button
          type="button"
          className="link"
          data-testid="notice-dismiss"
          aria-label={dismissLabel}
          onClick={onDismiss}
        >
          Dismiss
        </button>
      ) : null}
      {below ? <div className="notice-below">{below}</div> : null}
    </li>
  );
}

export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
