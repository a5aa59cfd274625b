// "Ask for sign-off…" wired to main: the organizations with access to the document (its access
// list, this organization left out) and signoffs.request; it closes once the request is written.
import { toAppError } from '../../bridge/api.js';
import { useAccessLists } from '../sharing/access.js';
import { useProfiles } from '../profiles/profiles.js';
import { RequestDialog } from './request-dialog.js';
import type { SignTarget } from './sign-off-dialog.js';
import { useRequestSignOff } from './use-signoffs.js';

/** YYYY-MM-DD of `now` on this computer's calendar (a due date is a day, not an instant). */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface RequestFlowProps {
  readonly profileId: string;
  readonly containerId: string;
  readonly document: SignTarget;
  readonly onClose: () => void;
}

export function RequestFlow({ profileId, containerId, document, onClose }: RequestFlowProps) {
  const profiles = useProfiles();
  const own = profiles.data?.find((p) => p.id === profileId)?.organizationId;
  const [access] = useAccessLists(profileId, containerId, [document.itemPath]);
  const request = useRequestSignOff(profileId, containerId);
  const organizations = access?.data && own ? access.data.filter((o) => o.id !== own) : undefined;
  return (
    <RequestDialog
      document={document}
      organizations={organizations}
      organizationsError={access?.error ? toAppError(access.error) : undefined}
      busy={request.isPending}
      error={request.error ? toAppError(request.error) : undefined}
      onRequest={(input) => request.mutate(input, { onSuccess: onClose })}
      onClose={onClose}
      today={localDay()}
    />
  );
}
