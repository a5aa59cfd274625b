// One transfer: name, direction, state ("verified" once the hashes checked out), progress, speed,
// time left; Cancel while active, Retry when failed, cancelled or paused after a restart.
import type { TransferView } from '../../../shared/ipc/views.js';
import { formatBytes, formatRate, formatTimeLeft, percent } from '../../lib/format.js';
import { stateText } from './transfer-groups.js';
import { ErrorDisplay } from '../../components/common/error-display.js';

interface TransferRowProps {
  readonly transfer: TransferView;
  readonly onCancel: (id: string) => void;
  readonly onRetry: (id: string) => void;
}

export function TransferRow({ transfer: t, onCancel, onRetry }: TransferRowProps) {
  const pct = percent(t.bytes, t.total);
  const active = t.state === 'queued' || t.state === 'running' || t.state === 'paused';
  const canRetry = t.state === 'failed' || t.state === 'cancelled' || t.state === 'paused';
  return (
    <li
      className={`transfer-row state-${t.state}`}
      data-testid="transfer-row"
      data-state={t.state}
      data-transfer-id={t.id}
      aria-label={`${t.fileName}: ${stateText(t)}`}
    >
      <div className="transfer-main">
        <span className="transfer-direction" aria-label={t.direction === 'upload' ? 'Upload' : 'Download'}>
          {t.direction === 'upload' ? '↑' : '↓'}
        </span>
        <span className="transfer-name" title={t.itemPath}>
          {t.fileName}
        </span>
        <span className={`transfer-state ${t.state === 'verified' ? 'ok' : ''}`} data-testid="transfer-state">
          {stateText(t)}
        </span>
      </div>
      {active ? (
        <div className="transfer-progress">
          <progress max={100} value={pct} aria-label={`${t.fileName} progress`}>
            {pct}%
          </progress>
          <span>
            {formatBytes(t.bytes)} of {formatBytes(t.total)} · {pct}%
          </span>
          {t.state === 'running' ? (
            <span data-testid="transfer-rate">
              {formatRate(t.rate)} · {formatTimeLeft(t.bytes, t.total, t.rate)}
            </span>
          ) : null}
          {t.state === 'paused' ? (
            <span className="muted">Paused after a restart; choose Resume to continue.</span>
          ) : null}
        </div>
      ) : (
        <div className="transfer-progress">
          <span>{formatBytes(t.total)}</span>
        </div>
      )}
      {t.error && t.state !== 'verified' ? (
        <ErrorDisplay
          context={`${t.direction === 'upload' ? 'Upload' : 'Download'} of "${t.fileName}" failed.`}
          error={t.error}
        />
      ) : null}
      {t.warning && t.state === 'verified' ? (
        <p className="warning" data-testid="transfer-warning">
          Uploaded and verified, but not shared with the study’s owner: {t.warning.explanation || t.warning.message}
        </p>
      ) : null}
      <div className="transfer-actions">
        {active && t.state !== 'paused' ? (
          <button type="button" onClick={() => onCancel(t.id)} aria-label={`Cancel ${t.fileName}`}>
            Cancel
          </button>
        ) : null}
        {canRetry ? (
          <button
            type="button"
            onClick={() => onRetry(t.id)}
            aria-label={`${t.state === 'paused' ? 'Resume' : 'Retry'} ${t.fileName}`}
            data-testid="transfer-retry"
          >
            {t.state === 'paused' ? 'Resume' : 'Retry'}
          </button>
        ) : null}
        {t.state === 'paused' ? (
          <button type="button" onClick={() => onCancel(t.id)} aria-label={`Cancel ${t.fileName}`}>
            Cancel
          </button>
        ) : null}
      </div>
    </li>
  );
}
