// "Sign-offs requested" wired to main (signoffs.requested). Its action shows the document in its
// study (lib/reveal.ts) and opens Sign off… for it with the meaning asked; cancelling that comes
// back to the list, signing closes both (the details pane then shows the sign-off).
import { useState } from 'react';
import type { RequestedView } from '../../../shared/signoffs/views.js';
import { toAppError } from '../../bridge/api.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { requestReveal } from '../../lib/reveal.js';
import { RequestedList } from './requested-view.js';
import { SignOffFlow } from './sign-off-flow.js';
import { useRequestedSignOffs } from './use-signoffs.js';

export function RequestedDialog({ context, onClose }: SlotDialogProps) {
  const { profileId } = context;
  const requested = useRequestedSignOffs(profileId);
  const [signing, setSigning] = useState<RequestedView | undefined>();
  if (signing)
    return (
      <SignOffFlow
        profileId={profileId}
        containerId={signing.containerId}
        documents={[{ itemPath: signing.itemPath, name: signing.documentName }]}
        initialMeaning={signing.meaning}
        onClose={() => setSigning(undefined)}
        onSigned={onClose}
      />
    );
  return (
    <RequestedList
      requests={requested.data}
      loading={requested.isFetching}
      error={requested.error ? toAppError(requested.error) : undefined}
      onRetry={() => void requested.refetch()}
      onSign={(r) => {
        requestReveal({ containerId: r.containerId, itemPaths: [r.itemPath] });
        setSigning(r);
      }}
      onClose={onClose}
    />
  );
}
