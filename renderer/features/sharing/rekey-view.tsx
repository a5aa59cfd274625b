// Re-key one item ("Lock with a new key": the words a coordinator knows): a new key, a new
// version, every grantee's copy of the key replaced.
import type { AccessResult, AppError, ItemView } from '../../../shared/ipc/views.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { AccessResults } from './access-results.js';
import { shownName } from '../../../shared/headers.js';

const REKEY_REASON =
  'This saves a new version of the document, locked with a new key that every organization with access receives, so an old key (one that may have leaked, or that an organization whose access was removed still holds) no longer opens it.';

interface RekeyViewProps {
  readonly item?: ItemView;
  readonly busy: boolean;
  readonly results?: readonly AccessResult[];
  readonly error?: AppError;
  readonly names: ReadonlyMap<string, string>;
  readonly onRekey: () => void;
  readonly onClose: () => void;
}

export function RekeyView({ item, busy, results, error, names, onRekey, onClose }: RekeyViewProps) {
  const label = item ? shownName(item.decryptedHeader, itemSlashPath(item)) : '';
  const done = !!results;
  return (
    <Dialog
      title={item ? `Lock ${label} with a new key?` : 'Lock with a new key'}
      onClose={onClose}
      testId="rekey-dialog"
      actions={
        <>
          <button type="button" data-autofocus onClick={onClose}>
            {done ? 'Close' : 'Cancel'}
          </button>
          {done ? null : (
            <button
              type="button"
              className="primary"
              data-testid="rekey-button"
              disabled={busy || !item || !item.ownedByMe}
              onClick={onRekey}
            >
              {busy ? 'Locking…' : 'Lock with a new key'}
            </button>
          )}
        </>
      }
    >
      <p data-testid="rekey-reason">{REKEY_REASON}</p>
      {!item ? (
        <p className="muted">Select one document to lock with a new key.</p>
      ) : !item.ownedByMe ? (
        <p className="warning">Only the organization that owns this document can lock it with a new key.</p>
      ) : null}
      <div role="status" aria-live="polite" className="status-line">
        {busy ? 'Locking: saving a new version and giving the new key to every organization with access…' : ''}
      </div>
      {error ? <ErrorDisplay context="The document could not be locked with a new key." error={error} /> : null}
      {results ? (
        <AccessResults title="Locked with a new key: organizations given the new key" results={results} names={names} />
      ) : null}
    </Dialog>
  );
}
