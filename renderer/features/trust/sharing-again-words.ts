// The words for giving an organization's new certificate what it could read before, said the way a
// coordinator thinks of it (who can read what: issue 38), once for the notice, Settings and the renewal.

export const SHARE_AGAIN = 'Share again with the new certificate';
export const SHARING_AGAIN = 'Sharing again…';
export const NOTHING_SHARED_AGAIN = 'Nothing was shared again.';
export const CANNOT_SHARE_AGAIN = 'Nothing can be shared with it again:';

/** Settings' status line after sharing again with a collaborator's new certificate. */
export function sharedAgainStatus(done: number, failed: number): string {
  return `${done} of your documents shared again for the new certificate${failed ? `; ${failed} failed: try again` : ''}.`;
}

/** Settings' status line after a profile's own renewal. */
export function renewedStatus(profileName: string): string {
  return `"${profileName}" now uses its new key; the old one is kept for reading, and your documents stay readable and are shared again in the background.`;
}
