// The study's binder (slot 'binder'): the owner's matrix of every site, or a site's own column,
// Export CSV, and for the owner "Edit expected documents…" (the checklist editor, in the same
// dialog). A site drops a file onto a missing item; the upload form then shows what it will be
// (the item's type) and asks only for what the item needs: an expiry date, a person.
import { useState } from 'react';
import type { ChecklistItem } from '../../../shared/binder/checklist.js';
import { toAppError } from '../../bridge/api.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { downloadText } from '../../lib/file-read.js';
import { requestReveal } from '../../lib/reveal.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { BinderTable } from './binder-table.js';
import { ChecklistPanel } from './checklist-panel.js';
import { ExpectedUpload } from './expected-upload.js';
import { useBinder, useBinderCsv } from './use-binder.js';
import './binder.css';

export function BinderDialog({ context, onClose }: SlotDialogProps) {
  const { profileId } = context;
  const containerId = context.containerId ?? '';
  const binder = useBinder(profileId, containerId);
  const csv = useBinderCsv(containerId);
  const [editing, setEditing] = useState(false);
  const [dropped, setDropped] = useState<{ item: ChecklistItem; files: File[] } | undefined>();
  const [status, setStatus] = useState('');
  const view = binder.data;

  if (editing)
    return (
      <Dialog title="Expected documents" onClose={() => setEditing(false)} testId="checklist-dialog" wide>
        <ChecklistPanel
          profileId={profileId}
          containerId={containerId}
          onDone={(saved) => {
            setEditing(false);
            if (saved) setStatus('The expected documents are saved and shared with every collaborator.');
          }}
        />
      </Dialog>
    );

  return (
    <Dialog
      title={view && !view.ownedByMe ? 'Binder: what is expected from us' : 'Binder'}
      onClose={onClose}
      testId="binder-dialog"
      wide
      actions={
        <>
          {view?.ownedByMe ? (
            <button type="button" data-testid="binder-edit" onClick={() => setEditing(true)}>
              Edit expected documents…
            </button>
          ) : null}
          <button
            type="button"
            data-testid="binder-export"
            disabled={!view || csv.isPending}
            onClick={() =>
              csv.mutate(undefined, { onSuccess: (answer) => downloadText(answer.csv, answer.fileName, 'text/csv') })
            }
          >
            Export CSV
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <p className="status-line" role="status" aria-live="polite" data-testid="binder-message">
        {status}
      </p>
      {binder.error ? (
        <ErrorDisplay
          context="The binder could not be made."
          error={toAppError(binder.error)}
          onRetry={() => void binder.refetch()}
        />
      ) : null}
      {csv.error ? (
        <ErrorDisplay
          context="The binder could not be exported."
          error={toAppError(csv.error)}
          onRetry={() => csv.mutate(undefined)}
          onDismiss={() => csv.reset()}
        />
      ) : null}
      {binder.isPending ? <p className="muted">Loading…</p> : null}
      {view?.problems.length ? (
        <details className="warning" data-testid="binder-problems">
          <summary>{`The expected documents have ${view.problems.length} problem${view.problems.length === 1 ? '' : 's'}; they are shown as far as they can be read.`}</summary>
          <ul>
            {view.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {view && view.items.length === 0 ? (
        <p className="muted" data-testid="binder-empty">
          {view.ownedByMe
            ? 'No expected documents yet. Choose “Edit expected documents…” to start from a template.'
            : 'The study’s owner expects no documents from you yet.'}
        </p>
      ) : null}
      {view && view.items.length ? (
        <>
          <p className="muted">
            {view.ownedByMe
              ? `What each site has sent of what you expect, as of today; expiring means within ${view.warningDays} days.`
              : `What the study’s owner expects from you. Drop a file onto a missing item to send it; expiring means within ${view.warningDays} days.`}
          </p>
          <BinderTable
            binder={view}
            onOpen={(path) => {
              requestReveal({ containerId, itemPaths: [path] });
              onClose();
            }}
            onUpload={view.ownedByMe ? undefined : (item, files) => setDropped({ item, files })}
          />
        </>
      ) : null}
      {dropped ? (
        <ExpectedUpload
          profileId={profileId}
          containerId={containerId}
          item={dropped.item}
          files={dropped.files}
          onDone={(message) => {
            setDropped(undefined);
            if (message) setStatus(message);
          }}
        />
      ) : null}
    </Dialog>
  );
}
