// A profile's keys: the current one and those kept for reading since a renewal, each with its
// certificate's thumbprint and validity; the background re-wrap of the profile's own items after
// a renewal, and "Forget old keys" once nothing needs them.
import type { ReactNode } from 'react';
import type { KeyView, ProfileView } from '../../../shared/ipc/views.js';
import type { RewrapProgress } from './rewrap-progress.js';
import { formatDate } from '../../lib/format.js';

/** The keys as main listed them, or (an older answer without them) what the counts say. */
function keysOf(profile: ProfileView): readonly KeyView[] {
  if (profile.keys) return profile.keys;
  const reading: KeyView[] = Array.from({ length: profile.readingKeyCount ?? 0 }, () => ({ role: 'reading' }));
  return [
    { role: 'current', certificate: profile.certificate.thumbprint ? profile.certificate : undefined },
    ...reading,
  ];
}

function RewrapStatus({ progress, reading }: { readonly progress: RewrapProgress; readonly reading: number }) {
  if (!progress.finished)
    return (
      <p role="status" data-testid="rewrap-progress">
        Sharing your documents again: {progress.done} of {progress.total}{' '}
        <progress value={progress.done} max={Math.max(progress.total, 1)} aria-label="Sharing your documents again" />
      </p>
    );
  if (progress.error)
    return (
      <p className="warning" role="status" data-testid="rewrap-progress">
        Sharing your documents again stopped: {progress.error} It resumes the next time this profile is opened.
      </p>
    );
  if ((progress.oldKeysNeeded ?? 0) > 0)
    return (
      <p className="muted" role="status" data-testid="rewrap-progress">
        Your documents are shared again ({progress.done}). {progress.oldKeysNeeded} item
        {progress.oldKeysNeeded === 1 ? '' : 's'} shared with you still open only with an old key: ask the owners to
        share them again with your new certificate.
      </p>
    );
  return (
    <p role="status" data-testid="rewrap-progress">
      Your documents are shared again ({progress.done}); nothing needs the old key{reading === 1 ? '' : 's'} any more.
    </p>
  );
}

export function ProfileKeys({
  profile,
  busy,
  rewrap,
  onForgetOldKeys,
  error,
}: {
  readonly profile: ProfileView;
  readonly busy?: boolean;
  readonly rewrap?: RewrapProgress;
  /** Forgets the reading keys; main refuses, saying what still needs one, while any item does. */
  readonly onForgetOldKeys?: (profileId: string) => void;
  /** Why the last action here was refused (e.g. what still needs an old key). */
  readonly error?: ReactNode;
}) {
  const keys = keysOf(profile);
  const reading = keys.filter((k) => k.role === 'reading').length;
  const free = rewrap?.finished && !rewrap.error && !rewrap.oldKeysNeeded;
  return (
    <section className="settings-section" aria-labelledby={`keys-${profile.id}`} data-testid="profile-keys">
      <h4 id={`keys-${profile.id}`} className="section-title">
        Keys
      </h4>
      <table className="key-table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Certificate SHA-1 fingerprint</th>
            <th scope="col">Valid until</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k, i) => (
            <tr key={i} data-testid="profile-key" data-role={k.role}>
              <th scope="row">{k.role === 'current' ? 'Current' : 'Reading'}</th>
              {k.certificate ? (
                <>
                  <td className="mono">{k.certificate.thumbprint}</td>
                  <td>{formatDate(k.certificate.validTo)}</td>
                </>
              ) : (
                <td colSpan={2} className="muted">
                  certificate not recorded
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {reading > 0 ? (
        <p className="muted" data-testid="key-backup-reading">
          {reading} older key{reading === 1 ? '' : 's'} kept for reading what was shared with{' '}
          {reading === 1 ? 'it' : 'them'}; the backup includes {reading === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      {rewrap ? <RewrapStatus progress={rewrap} reading={reading} /> : null}
      {reading > 0 && onForgetOldKeys ? (
        <button
          type="button"
          className={free ? 'primary' : undefined}
          disabled={busy}
          data-testid="key-forget-old"
          onClick={() => onForgetOldKeys(profile.id)}
        >
          Forget old keys
        </button>
      ) : null}
      {error}
    </section>
  );
}
