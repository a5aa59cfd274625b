// "Changes": what other organizations added or changed, and what a whole listing no longer has,
// latest noticed first (a document shared late, older than others, is news when it arrives) and
// bounded (the oldest entries fall off). Kept with the seen state per profile.
import type { ChangeView } from '../../../shared/ipc/views.js';
import type { SignOffMeaning } from '../../../shared/signoffs/meanings.js';

/** One entry as persisted: names already cleaned when it was noted (never raw header text). */
export interface ChangeEntry {
  readonly containerId: string;
  readonly studyTitle: string;
  /** Slash form. */
  readonly itemPath: string;
  readonly name: string;
  readonly kind: ChangeView['kind'];
  readonly byId?: string;
  readonly byName?: string;
  /** A sign-off request's due day. */
  readonly dueOn?: string;
  /** An answered sign-off request's meaning. */
  readonly meaning?: SignOffMeaning;
  /** The item's updatedAt, or when the app noticed it gone (what the window shows). */
  readonly at: string;
  /** When the refresh noticed it; absent in entries kept before it was noted (their `at` stands in). */
  readonly noticedAt?: string;
}

export const CHANGES_KEPT = 1_000;

const noticed = (e: ChangeEntry): number => Date.parse(e.noticedAt ?? e.at);
const newerFirst = (a: ChangeEntry, b: ChangeEntry): number => noticed(b) - noticed(a);

export class ChangeLog {
  private list: ChangeEntry[];

  constructor(
    entries: readonly ChangeEntry[] = [],
    private readonly kept = CHANGES_KEPT,
  ) {
    // stable sort: entries noted in one refresh keep their order among equal times
    this.list = [...entries].sort(newerFirst).slice(0, kept);
  }

  add(entries: readonly ChangeEntry[]): void {
    if (entries.length === 0) return;
    this.list = [...entries, ...this.list].sort(newerFirst).slice(0, this.kept);
  }

  /** A study no longer visible: its entries go with it. */
  dropStudy(containerId: string): void {
    this.list = this.list.filter((e) => e.containerId !== containerId);
  }

  entries(): readonly ChangeEntry[] {
    return this.list;
  }

  views(unseen: (containerId: string, itemPath: string) => boolean, containerId?: string, limit = 100): ChangeView[] {
    const out: ChangeView[] = [];
    for (const e of this.list) {
      if (out.length >= limit) break;
      if (containerId && e.containerId !== containerId) continue;
      const { noticedAt: _, ...shown } = e;
      // a request names a document; its New mark is the document's own entry's
      const marked = e.kind === 'added' || e.kind === 'changed';
      out.push({ ...shown, unseen: marked && unseen(e.containerId, e.itemPath) });
    }
    return out;
  }
}
