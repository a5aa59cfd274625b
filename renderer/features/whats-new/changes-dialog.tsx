// The Changes view wired to changes.list (kept current while open); choosing an entry asks the
// browser to reveal it (lib/reveal.ts) and closes the view.
import { toAppError } from '../../bridge/api.js';
import { useChanges } from './unseen.js';
import { requestReveal } from '../../lib/reveal.js';
import { ChangesView } from './changes-view.js';

interface ChangesDialogProps {
  readonly profileId: string;
  /** One study's changes, or every study's. */
  readonly containerId?: string;
  readonly studyTitle?: string;
  readonly onClose: () => void;
  readonly onExpiring?: () => void;
}

export function ChangesDialog({ profileId, containerId, studyTitle, onClose, onExpiring }: ChangesDialogProps) {
  const changes = useChanges(profileId, containerId);
  return (
    <ChangesView
      changes={changes.data}
      loading={changes.isFetching}
      error={changes.error ? toAppError(changes.error) : undefined}
      onRetry={() => void changes.refetch()}
      studyTitle={studyTitle}
      onSelect={(c) => {
        onClose();
        requestReveal({ containerId: c.containerId, itemPaths: [c.itemPath] });
      }}
      onClose={onClose}
      onExpiring={onExpiring}
    />
  );
}
