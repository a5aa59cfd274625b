// The details pane's sign-offs wired to main: the document's sign-offs (signoffs.forItem), its
// owner's requests (signoffs.requestsForItem), and the buttons that open Sign off… and Ask for
// sign-off…. Documents only: records are not signed off.
import type { ItemView } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import { RequestsStatus } from './request-status.js';
import { isSignable } from './signable.js';
import { SignOffsSection } from './signoffs-section.js';
import { useSignOffRequests, useSignOffs } from './use-signoffs.js';
import './signoffs.css';

interface DocumentSignOffsProps {
  readonly profileId: string;
  readonly containerId: string;
  readonly item: ItemView;
  readonly onSignOff: () => void;
  readonly onRequest: () => void;
}

export function DocumentSignOffs({ profileId, containerId, item, onSignOff, onRequest }: DocumentSignOffsProps) {
  const document = isSignable(item);
  const path = document ? itemSlashPath(item) : undefined;
  const signOffs = useSignOffs(profileId, containerId, path, item.contentHash);
  const requests = useSignOffRequests(
    profileId,
    containerId,
    document && item.ownedByMe ? path : undefined,
    item.contentHash,
  );
  if (!document) return null;
  return (
    <SignOffsSection
      signOffs={signOffs.data}
      loading={signOffs.isFetching}
      error={signOffs.error ? toAppError(signOffs.error) : undefined}
      onRetry={() => void signOffs.refetch()}
      requests={
        item.ownedByMe ? (
          <RequestsStatus
            requests={requests.data}
            error={requests.error ? toAppError(requests.error) : undefined}
            onRetry={() => void requests.refetch()}
          />
        ) : undefined
      }
      actions={
        <>
          <button type="button" onClick={onSignOff} data-testid="details-sign-off">
            Sign off…
          </button>
          {item.ownedByMe ? (
            <button type="button" onClick={onRequest} data-testid="details-request-signoff">
              Ask for sign-off…
            </button>
          ) : null}
        </>
      }
    />
  );
}
