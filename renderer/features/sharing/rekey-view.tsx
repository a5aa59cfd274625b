// Re-key one item: a new key, a new version, every grantee's copy of the key replaced.
import type { AccessResult, AppError, ItemView } from '../../../shared/ipc/views.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { AccessResults } from './access-results.js';
import { shownName } from '../../../shared/headers.js';

const REKEY_REASON =
  'Re-keying encrypts the item again under a new key as a new version and wraps that key for every organization that has access, so an old key that may have leaked no longer opens it.';

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
      title={item ? `Re-key ${label}?` : 'Re-key'}
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
              {busy ? 'Re-keying…' : 'Re-key'}
            </button>
          )}
        </>
      }
    >
      <p data-testid="rekey-reason">{REKEY_REASON}</p>
      {!item ? (
        <p className="muted">Select one item to re-key.</p>
      ) : !item.ownedByMe ? (
        <p className="warning">Only the organization that owns this item can re-key it.</p>
      ) : null}
      <div role="status" aria-live="polite" className="status-line">
        {busy ? 'Re-keying: encrypting a new version and updating every organization with access…' : ''}
      </div>
      {error ? <ErrorDisplay context="The item could not be re-keyed." error={error} /> : null}
      {results ? <AccessResults title="Re-keyed: organizations updated" results={results} names={names} /> : null}
    </Dialog>
  );
}
