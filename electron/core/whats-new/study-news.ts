// What one study's listing tells, in the words each listener needs: the file list's
// `study.changed` (headers opened), the Changes entries (names cleaned, senders named) and the
// notifier's arrivals. What another organization wrote is hostile: only cleaned names leave here.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { shownName } from '../../../shared/headers.js';
import type { ItemView, StudyChangedEvent } from '../../../shared/ipc/views.js';
import { itemBaseName, toSlashForm } from '../../../shared/item-path.js';
import { isReservedItemId } from '../../../shared/reserved-paths.js';
import { shownText } from '../../../shared/shown-text.js';
import { itemView, ownerIdOf } from '../studies/views.js';
import type { StudySession as Session } from '../studies/study-session.js';
import type { ChangeEntry } from './change-log.js';
import type { StudyDiff } from './study-diff.js';
import { namesOf } from './study-items.js';

/**
 * What one refresh found of one study from other organizations (the notifier's input): the items
 * New in it, or (`joined`, no items) that the study was just shared with the profile. Never the
 * profile's own items, never a study's first listing on a profile's first run.
 */
export interface ArrivalBatch {
  readonly containerId: string;
  readonly studyTitle: string;
  readonly joined: boolean;
  readonly items: readonly { readonly itemPath: string; readonly name: string; readonly byName: string }[];
}

/** Headers opened between two turns of the event loop (an RSA unwrap each). */
const OPEN_BATCH = 100;

export interface StudyNews {
  /** For the file list; absent when nothing it shows moved. */
  readonly event?: StudyChangedEvent;
  readonly entries: ChangeEntry[];
  readonly arrived: ArrivalBatch['items'][number][];
}

const orgName = async (s: Session, id: string): Promise<string> =>
  shownText(await s.organizationName(id).catch(() => id), undefined, id);

export async function newsOf(
  s: Session,
  containerId: string,
  studyTitle: string,
  d: StudyDiff,
  noticedAt: string,
): Promise<StudyNews> {
  const views = new Map<string, ItemView>();
  for (const item of d.changed) {
    if (isReservedItemId(item.id)) continue;
    if (views.size > 0 && views.size % OPEN_BATCH === 0) await nextTurn();
    const view = itemView(s, containerId, item, true);
    views.set(item.id, view);
    // opened anyway: Find and a later "gone" entry read the names from the watcher's columns
    d.items.name(item, namesOf(view.decryptedHeader));
  }
  const removedPaths = d.removed.filter((r) => !isReservedItemId(r.id)).map((r) => toSlashForm(r.id));
  const entries: ChangeEntry[] = [];
  const arrived: ArrivalBatch['items'][number][] = [];
  for (const { item, added } of d.arrivals) {
    const itemPath = toSlashForm(item.id);
    const view = views.get(item.id) ?? itemView(s, containerId, item, true);
    const name = shownName(view.decryptedHeader, itemBaseName(itemPath));
    const byId = ownerIdOf(item);
    const byName = await orgName(s, byId);
    entries.push({
      containerId,
      studyTitle,
      itemPath,
      name,
      kind: added ? 'added' : 'changed',
      byId,
      byName,
      at: item.updatedAt,
      noticedAt,
    });
    arrived.push({ itemPath, name, byName });
  }
  for (const r of d.removed) {
    if (r.own || isReservedItemId(r.id)) continue;
    const itemPath = toSlashForm(r.id);
    // its name if its header was opened while it was listed; it cannot be read any more
    const name = r.names?.name || itemBaseName(itemPath);
    entries.push({
      containerId,
      studyTitle,
      itemPath,
      name,
      kind: 'gone',
      ...(r.ownerId ? { byId: r.ownerId, byName: await orgName(s, r.ownerId) } : {}),
      at: noticedAt,
    });
  }
  const event =
    views.size > 0 || removedPaths.length > 0 ? { containerId, changed: [...views.values()], removedPaths } : undefined;
  return { ...(event ? { event } : {}), entries, arrived };
}
