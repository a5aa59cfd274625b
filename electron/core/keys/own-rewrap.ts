// After a renewal, the profile's own items are wrapped again for its new certificate in the
// background, once per session of a profile that keeps reading keys: so the work resumes by
// itself after a restart (what was done is skipped). Progress and the end go out as events;
// the session keeps the run (Session.ownRewrap), so a switch back to the profile starts none.
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { itemsOnOldKeys, rewrapOwnItems } from '../../services/keys/renewal.js';
import type { Session } from '../profiles/session.js';

/** Starts the re-wrap unless the session's profile has no reading key or it already ran; returns its end. */
export function resumeOwnRewrap(
  s: Session,
  emit: (event: 'keys.rewrap', payload: EventPayloads['keys.rewrap']) => void,
): Promise<void> | undefined {
  if (!s.profile.readingKeyRefs?.length || s.ownRewrap) return undefined;
  const profileId = s.profile.id;
  let total = 0;
  return (s.ownRewrap = rewrapOwnItems(s.client, s.keys, {
    onProgress: (p) => {
      total = p.total;
      emit('keys.rewrap', { profileId, done: p.done, total: p.total, finished: false });
    },
  })
    .then(async ({ rewrapped }) => {
      const needed = await itemsOnOldKeys(s.client, s.keys);
      emit('keys.rewrap', {
        profileId,
        done: rewrapped,
        total: rewrapped,
        finished: true,
        oldKeysNeeded: needed.length,
      });
    })
    .catch((error: unknown) => {
      emit('keys.rewrap', {
        profileId,
        done: 0,
        total,
        finished: true,
        error: error instanceof Error ? error.message : String(error),
      });
    }));
}
