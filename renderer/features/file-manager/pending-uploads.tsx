// Uploads into the folder in view, shown in it while they run: a row each with its size and
// progress, until the verified document's own row replaces it (a failed one leaves the folder
// and is in the transfers panel's Failed tab).
import type { TransferView } from '../../../shared/ipc/views.js';
import { parentItemPath } from '../../../shared/item-path.js';
import { formatBytes, percent } from '../../lib/format.js';
import { stateText } from '../transfers/transfer-groups.js';

/** The profile's uploads still moving into `folder` of this study. */
export function pendingUploads(
  transfers: readonly TransferView[],
  containerId: string,
  folder: string,
): TransferView[] {
  return transfers.filter(
    (t) =>
      t.direction === 'upload' &&
      t.containerId === containerId &&
      (t.state === 'queued' || t.state === 'running' || t.state === 'paused') &&
      parentItemPath(t.itemPath) === folder,
  );
}

export function PendingUploads({ uploads }: { readonly uploads: readonly TransferView[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="pending-uploads" aria-label="Uploading to this folder" data-testid="pending-uploads">
      {uploads.map((t) => {
        const pct = percent(t.bytes, t.total);
        return (
          <li key={t.id} className="pending-upload" data-testid="pending-upload" data-state={t.state}>
            <span className="pending-name">{t.fileName}</span>
            <progress max={100} value={pct} aria-label={`${t.fileName}: ${stateText(t)}, ${pct}%`} />
            <span className="pending-words">
              {stateText(t)} · {formatBytes(t.bytes)} of {formatBytes(t.total)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
