// A profile's key backup: whether its current key has been backed up, and "Back up this key…": a
// password asked twice (never kept), then main's save dialog writes the PKCS#12 file (the browser
// host offers it as a download).
import { useId, useState } from 'react';
import { MIN_BACKUP_PASSWORD as MIN_PASSWORD } from '../../../shared/backup-password.js';
import type { ProfileView } from '../../../shared/ipc/views.js';

interface KeyBackupProps {
  readonly profile: ProfileView;
  readonly busy?: boolean;
  readonly onBackup: (profileId: string, password: string) => void;
}

export function KeyBackup({ profile, busy, onBackup }: KeyBackupProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const id = useId();
  const problem =
    password.length < MIN_PASSWORD
      ? `At least ${MIN_PASSWORD} characters.`
      : again.length > 0 && again !== password
        ? 'The two passwords differ.'
        : undefined;
  return (
    <div className="key-backup" data-testid="key-backup">
      {profile.backedUp ? (
        <p className="muted" data-testid="key-backup-status">
          This key is backed up.
        </p>
      ) : (
        <p className="warning" role="status" data-testid="key-backup-status">
          This key has never been backed up: if this computer is lost, nothing shared with {profile.organizationName}{' '}
          can be opened again.
        </p>
      )}
      {open ? (
        <form
          className="key-backup-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (problem || again !== password) return;
            onBackup(profile.id, password);
            setPassword('');
            setAgain('');
            setOpen(false);
          }}
        >
          <label htmlFor={`${id}-pw`}>Backup password</label>
          <input
            id={`${id}-pw`}
            type="password"
            autoComplete="new-password"
            value={password}
            data-testid="key-backup-password"
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <label htmlFor={`${id}-again`}>The same password again</label>
          <input
            id={`${id}-again`}
            type="password"
            autoComplete="new-password"
            value={again}
            data-testid="key-backup-again"
            onChange={(e) => setAgain(e.currentTarget.value)}
          />
          <p className="muted" aria-live="polite" data-testid="key-backup-problem">
            {problem ?? 'Keep the password apart from the file: both are needed to restore the key.'}
          </p>
          <button
            type="submit"
            disabled={busy || problem !== undefined || again !== password}
            data-testid="key-backup-save"
          >
            Save the backup…
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" disabled={busy} data-testid="key-backup-open" onClick={() => setOpen(true)}>
          Back up this key…
        </button>
      )}
    </div>
  );
}
