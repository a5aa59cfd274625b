// What the refresh keeps of each study, and what of it outlives the app (seen-store.ts, one file
// per profile): the items New to the user, what a restart compares a listing with, the records
// whose news is still to be checked, and Changes.
// Loaded once; saved when something moved (`dirty`).
import type { ChangeView, UnseenView } from '../../../shared/ipc/views.js';
import { toPipeForm, toSlashForm } from '../../../shared/item-path.js';
import { fallbackStudyTitle } from '../../../shared/study-title.js';
import { ChangeLog, type ChangeEntry } from './change-log.js';
import { NewsRetry } from './news-retry.js';
import { KNOWN_KEPT, type SeenStore, type StudySeen } from './seen-store.js';
import type { StudyItems } from './study-items.js';

export interface StudyState {
  title: string;
  /** As listed in this run (absent until the first listing after a start). */
  items?: StudyItems;
  /** What an earlier run knew, until the first listing of this run. */
  remembered?: StudySeen;
  listedWholeAt: number;
  revision: number;
  /** The listing whose changes were last told: one compared with an earlier. */
  toldAt: number;
  /** Item ids (pipe form) New to the user. */
  readonly unseen: Set<string>;
  /** Records whose news could not be checked yet (record-news.ts). */
  readonly retry: NewsRetry;
}

export const newStudyState = (title: string): StudyState => ({
  title,
  listedWholeAt: 0,
  revision: 0,
  toldAt: 0,
  unseen: new Set(),
  retry: new NewsRetry(),
});

export class StudyStates {
  readonly studies = new Map<string, StudyState>();
  /** Something moved that the file keeps. */
  dirty = false;
  private log = new ChangeLog();
  private loading?: Promise<void>;

  constructor(
    private readonly store: SeenStore,
    /** Told the studies an earlier run knew, when its file is read. */
    private readonly remembered: (ids: readonly string[]) => void,
  ) {}

  load(): Promise<void> {
    return (this.loading ??= this.store.load().then((state) => {
      if (!state) return;
      this.remembered(Object.keys(state.studies));
      this.log = new ChangeLog(state.changes);
      for (const [id, seen] of Object.entries(state.studies))
        this.studies.set(id, {
          ...newStudyState(fallbackStudyTitle(id)),
          remembered: seen,
          unseen: new Set(seen.unseen),
          retry: new NewsRetry(seen.retry),
        });
    }));
  }

  /** Studies no longer visible (revoked, deleted): forgotten with their New marks and entries. */
  dropGone(visible: ReadonlySet<string>): { gone: string[]; unseenMoved: boolean } {
    const gone: string[] = [];
    let unseenMoved = false;
    for (const [id, st] of this.studies)
      if (!visible.has(id)) {
        unseenMoved ||= st.unseen.size > 0;
        this.studies.delete(id);
        this.log.dropStudy(id);
        this.dirty = true;
        gone.push(id);
      }
    return { gone, unseenMoved };
  }

  addChanges(entries: readonly ChangeEntry[]): void {
    if (entries.length === 0) return;
    this.log.add(entries);
    this.dirty = true;
  }

  changes(containerId?: string, limit?: number): ChangeView[] {
    const unseen = (id: string, path: string) => this.studies.get(id)?.unseen.has(toPipeForm(path)) ?? false;
    return this.log.views(unseen, containerId, limit);
  }

  /** Clears New: these items, or everything under `folderPath` ('' or neither given: the whole study). Answers how many. */
  markSeen(containerId: string, itemPaths?: readonly string[], folderPath?: string): number {
    const st = this.studies.get(containerId);
    let cleared = 0;
    if (st) {
      for (const p of itemPaths ?? []) if (st.unseen.delete(toPipeForm(p))) cleared++;
      if (folderPath !== undefined || !itemPaths) {
        const folder = toPipeForm(folderPath ?? '').replace(/\|+$/, '');
        for (const id of st.unseen)
          if (!folder || id.startsWith(`${folder}|`)) {
            st.unseen.delete(id);
            cleared++;
          }
      }
    }
    return cleared;
  }

  unseenView(): UnseenView {
    const byStudy: Record<string, string[]> = {};
    for (const [id, st] of this.studies) if (st.unseen.size > 0) byStudy[id] = [...st.unseen].map(toSlashForm);
    return { byStudy };
  }

  /** Writes what the file keeps: per study its versions (a large one: its watermark only) and New marks, and Changes. */
  persist(self: string): Promise<void> {
    this.dirty = false;
    const studies: Record<string, StudySeen> = {};
    for (const [id, st] of this.studies) {
      const retry = st.retry.seen();
      const left = retry ? { retry } : {};
      if (!st.items) {
        const { retry: _, ...remembered } = st.remembered ?? { unseen: [] };
        studies[id] = { ...remembered, unseen: [...st.unseen], ...left };
        continue;
      }
      const watermark = st.items.newest;
      let known: Record<string, string> | undefined;
      if (st.items.size <= KNOWN_KEPT) {
        known = {};
        for (const { id: itemId, ownerId, version } of st.items.versions())
          known[itemId] = (ownerId === self ? '*' : '') + version;
      }
      studies[id] = {
        ...(watermark ? { watermark } : {}),
        ...(known ? { known } : {}),
        unseen: [...st.unseen],
        ...left,
      };
    }
    return this.store.save({ version: 1, studies, changes: this.log.entries() });
  }
}
