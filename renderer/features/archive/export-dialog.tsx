// Export study…: what the archive holds and how to check it, then documents and bytes as they
// are written, with the time left and Cancel; at the end what went in and what did not, each
// with its reason (decisions §11: never left out silently). Below, Verify an archive….
import { useEffect, useRef, useState } from 'react';
import { toAppError } from '../../bridge/api.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { formatBytes, formatTimeLeft } from '../../lib/format.js';
import { useCancelExport, useExportProgress, useExportStudy } from './use-export.js';
import { VerifySection } from './verify-section.js';
import './archive.css';

const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The time left at the rate since the export began. */
function timeLeft(started: number, done: number, total: number): string {
  const seconds = (Date.now() - started) / 1000;
  return seconds > 0 ? formatTimeLeft(done, total, done / seconds) : '';
}

export function ExportStudyDialog({ context, onClose }: SlotDialogProps) {
  const containerId = context.containerId ?? '';
  const exporting = useExportStudy(containerId);
  const cancel = useCancelExport();
  const progress = useExportProgress(containerId);
  const [onlyMine, setOnlyMine] = useState(false);
  const started = useRef(0);
  const result = exporting.data;
  const running = exporting.isPending;
  // The focused button goes when the export starts and when it ends: its successor (Cancel, then
  // Close) takes focus, so a keyboard user stays in the dialog rather than on the page's body.
  const phase = running ? 'running' : result?.saved ? 'done' : 'ready';
  const successor = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phase !== 'ready') successor.current?.focus();
  }, [phase]);
  const start = () => {
    started.current = Date.now();
    exporting.mutate(onlyMine);
  };
  const actions = running ? (
    <button type="button" data-testid="export-cancel" ref={successor} onClick={() => cancel.mutate()}>
      Cancel
    </button>
  ) : result?.saved ? (
    <button type="button" data-testid="export-close" ref={successor} onClick={onClose}>
      Close
    </button>
  ) : (
    <>
      <button type="button" data-testid="export-dismiss" onClick={onClose}>
        Close
      </button>
      <button type="button" className="primary" data-testid="export-start" onClick={start}>
        Export…
      </button>
    </>
  );
  return (
    <Dialog title="Export study" onClose={onClose} testId="export-study" actions={actions}>
      {!running && !result?.saved && (
        <>
          <p>
            A .zip with every document you can open, in its folders, the expected documents, who received which version
            and who signed off, and the activity log. An inspector can check it without this app:
            <code> sh verify.sh</code> inside it (sha256sum and openssl only).
          </p>
          <label className="archive-only-mine">
            <input
              type="checkbox"
              data-testid="export-only-mine"
              checked={onlyMine}
              onChange={(e) => setOnlyMine(e.target.checked)}
            />
            Only this organization&apos;s documents
          </label>
        </>
      )}
      {running && (
        <div role="status" aria-live="polite" data-testid="export-progress">
          <progress
            className="archive-progress"
            max={progress?.bytesTotal || 1}
            value={progress?.bytesDone ?? 0}
            aria-label="Export progress"
          />
          <p>
            {progress
              ? `${progress.documentsDone} of ${progress.documentsTotal} documents · ${formatBytes(progress.bytesDone)} of ${formatBytes(progress.bytesTotal)} ${timeLeft(started.current, progress.bytesDone, progress.bytesTotal)}`
              : 'Listing the study…'}
          </p>
        </div>
      )}
      {result?.saved && (
        <div role="status" data-testid="export-summary">
          <p>
            {result.fileName} written: {counted(result.documents ?? 0, 'document')} ({formatBytes(result.bytes ?? 0)}),{' '}
            {counted(result.signoffs ?? 0, 'sign-off')}.
          </p>
          <div data-testid="export-left-out">
            {result.notIncluded && result.notIncluded.length > 0 ? (
              <>
                <p>Not included ({result.notIncluded.length}); the archive names each with the reason:</p>
                <ul data-testid="export-not-included">
                  {result.notIncluded.map((l, i) => (
                    <li key={i}>
                      {l.name}: {l.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>Nothing was left out: every document listed for the archive went in.</p>
            )}
          </div>
        </div>
      )}
      {result && !result.saved && !running && <p role="status">The export was cancelled; nothing was written.</p>}
      {exporting.error && (
        <ErrorDisplay context="The study could not be exported." error={toAppError(exporting.error)} onRetry={start} />
      )}
      {!running && <VerifySection />}
    </Dialog>
  );
}
