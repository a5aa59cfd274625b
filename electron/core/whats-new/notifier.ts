// Desktop notifications for documents other organizations sent: arrivals from the shared refresh
// are gathered over a short window (one notification for a refresh of many studies, not one per
// study), worded (wording.ts) and handed to the sink: the `changes.notify` event, which the
// browser host's page shows as a Web Notification and Electron's shell as its own.
import type { ChangeView, Settings } from '../../../shared/ipc/views.js';
import type { ArrivalBatch, StudyWatch } from './study-watch.js';
import { notificationsFor, type DesktopNotification, type StudyArrivals } from './wording.js';

/** How long arrivals gather before they are notified: one refresh round of every study fits. */
export const BATCH_WINDOW_MS = 3000;

/** The most Changes entries read when notifications are turned on. */
const ANNOUNCED_MAX = 10_000;

/** Runs `run` after `ms`; answers a cancel. */
export type Schedule = (run: () => void, ms: number) => () => void;

const realSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};

export interface NotifierOptions {
  /** Read as each batching window closes: notifications on or off, names hidden or not. */
  readonly settings: () => Promise<Pick<Settings, 'notifications' | 'notificationsHideNames'>>;
  readonly sink: (notification: DesktopNotification) => void;
  readonly windowMs?: number;
  readonly schedule?: Schedule;
}

interface Gathering {
  containerId: string;
  studyTitle: string;
  joined: boolean;
  items: Map<string, { itemPath: string; name: string; byName: string }>;
}

export class Notifier {
  private readonly pending = new Map<string, Gathering>();
  private cancel: (() => void) | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: NotifierOptions) {}

  /** Takes one refresh's arrivals; the window starts with the first since the last notification. */
  add(batch: ArrivalBatch): void {
    if (!batch.joined && batch.items.length === 0) return;
    let g = this.pending.get(batch.containerId);
    if (!g) {
      g = { containerId: batch.containerId, studyTitle: batch.studyTitle, joined: false, items: new Map() };
      this.pending.set(batch.containerId, g);
    }
    g.studyTitle = batch.studyTitle || g.studyTitle;
    g.joined ||= batch.joined;
    for (const i of batch.items) g.items.set(i.itemPath, { itemPath: i.itemPath, name: i.name, byName: i.byName });
    this.cancel ??= (this.options.schedule ?? realSchedule)(
      () => void this.flush(),
      this.options.windowMs ?? BATCH_WINDOW_MS,
    );
  }

  /** Follows a profile's refresh; only while `active` (the active profile's arrivals are its user's news). */
  follow(watch: Pick<StudyWatch, 'onArrivals'>, active: () => boolean): () => void {
    return watch.onArrivals((batch) => {
      if (active()) this.add(batch);
    });
  }

  /**
   * Notifications were just turned on: what is New now is told at once, as one notification
   * (the sandbox's demo document the user has not seen, say).
   */
  async announceUnseen(watch: Pick<StudyWatch, 'changes'>): Promise<void> {
    const byStudy = new Map<string, { studyTitle: string; items: ChangeView[] }>();
    for (const c of await watch.changes(undefined, ANNOUNCED_MAX)) {
      if (!c.unseen) continue;
      const study = byStudy.get(c.containerId) ?? { studyTitle: c.studyTitle, items: [] };
      study.items.push(c);
      byStudy.set(c.containerId, study);
    }
    for (const [containerId, { studyTitle, items }] of byStudy)
      this.add({ containerId, studyTitle, joined: false, items: items.map((i) => ({ ...i, byName: i.byName ?? '' })) });
    await this.flush();
  }

  /** Notifies what gathered now (the window's end); nothing when notifications are off. */
  flush(): Promise<void> {
    this.cancel?.();
    this.cancel = undefined;
    const studies: StudyArrivals[] = [...this.pending.values()].map((g) => ({ ...g, items: [...g.items.values()] }));
    this.pending.clear();
    this.flushing = this.flushing.then(async () => {
      if (studies.length === 0) return;
      const { notifications, notificationsHideNames } = await this.options.settings();
      if (!notifications) return;
      for (const n of notificationsFor(studies, notificationsHideNames)) this.options.sink(n);
    });
    // Settings that cannot be read notify nothing this time, and never stop the next window.
    this.flushing = this.flushing.catch(() => undefined);
    return this.flushing;
  }

  /** Drops what gathered (the profile switched or the app closes): it is not the new profile's news. */
  clear(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.pending.clear();
  }
}
