// Several features' news from the same records (sign-off requests asked of this organization,
// answers to its own requests) as the one `recordNews` hook the refresh takes. One that fails
// tells nothing; the others still tell.
import type { RecordNews } from './study-changes.js';

export function everyRecordNews(...hooks: readonly RecordNews[]): RecordNews {
  return async (s, news) => {
    const told = await Promise.all(hooks.map((hook) => hook(s, news).catch(() => [])));
    return told.flat();
  };
}
