// Find's names, opened only when Find needs them: once Find is in use, a listing keeps (as
// listed) the items whose header no listing opened, until Find's next build opens them; nothing
// is kept before (the window's loop alone never opens 100,000 headers nor keeps sealed ones).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isReservedItemId } from '../../../shared/reserved-paths.js';
import type { Item } from '../../../shared/types.js';
import { itemView } from '../studies/views.js';
import type { StudySession as Session } from '../studies/study-session.js';
import { namesOf, type NamedItem, type StudyItems } from './study-items.js';

/** Headers opened between two turns of the event loop (an RSA unwrap each). */
const OPEN_BATCH = 100;

export class NamesToOpen {
  /** Find has asked for names: listings keep what is to open from now on. */
  wanted = false;
  /** By study, by item id: as listed. */
  private readonly kept = new Map<string, Map<string, Item>>();

  /** After a listing of a study: keeps the listed items not opened (a whole listing replaces what was kept). */
  keep(containerId: string, items: StudyItems, listed: readonly Item[], whole: boolean): void {
    if (!this.wanted) return;
    const kept = (!whole && this.kept.get(containerId)) || new Map<string, Item>();
    for (const item of listed) if (!isReservedItemId(item.id) && !items.isNamed(item.id)) kept.set(item.id, item);
    if (kept.size > 0) this.kept.set(containerId, kept);
    else this.kept.delete(containerId);
  }

  forget(containerId: string): void {
    this.kept.delete(containerId);
  }

  /** Whether some item is neither opened nor kept (listed before Find was used): the study must be listed again. */
  missing(containerId: string, items: StudyItems): boolean {
    const kept = this.kept.get(containerId);
    for (const id of items.keys()) if (!isReservedItemId(id) && !items.isNamed(id) && !kept?.has(id)) return true;
    return false;
  }

  /**
   * Calls `each` for every item but reserved ones: first those already opened, then the kept ones
   * as their headers are opened, a batch per turn of the event loop. `current` answers the
   * study's items as they are now (a listing meanwhile may replace them, or open one).
   */
  async open(
    s: Session,
    containerId: string,
    current: () => StudyItems | undefined,
    each: (item: NamedItem) => void,
  ): Promise<void> {
    const items = current();
    if (!items) return;
    const kept = this.kept.get(containerId);
    this.kept.delete(containerId);
    let n = 0;
    for (const id of items.keys()) {
      if (++n % 1_000 === 0) await nextTurn();
      const named = items.namesOf(id);
      if (named && !isReservedItemId(id)) each(named);
    }
    n = 0;
    for (const item of kept?.values() ?? []) {
      const now = current();
      if (!now || now.isNamed(item.id)) continue;
      if (n > 0 && n % OPEN_BATCH === 0) await nextTurn();
      n++;
      now.name(item, namesOf(itemView(s, containerId, item, true).decryptedHeader));
      const named = now.namesOf(item.id);
      if (named) each(named);
    }
  }
}
