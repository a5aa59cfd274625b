// A profile whose current key has never been backed up says so once: "Back up now…" opens
// Settings on the profile, Dismiss remembers it for this key (a renewal's new key asks again).
import type { ProfileView } from '../../../shared/ipc/views.js';
import { Notice } from '../../components/common/notice.js';

export interface BackupNoticeProps {
  readonly profile: ProfileView;
  readonly onBackUp: () => void;
  readonly onDismiss: () => void;
}

export function BackupNotice({ profile, onBackUp, onDismiss }: BackupNoticeProps) {
  return (
    <Notice
      level="warning"
      testId="backup-notice"
      actions={
        <>
          <button type="button" data-testid="backup-now" onClick={onBackUp}>
            Back up now…
          </button>
          <button type="button" data-testid="backup-dismiss" onClick={onDismiss} aria-label="Dismiss the backup notice">
            Dismiss
          </button>
        </>
      }
    >
      The key of “{profile.name}” has never been backed up: if this computer is lost, nothing shared with{' '}
      {profile.organizationName} can be opened again.
    </Notice>
  );
}
