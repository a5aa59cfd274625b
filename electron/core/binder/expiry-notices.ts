// The daily expiry notice (issue 35): the first refresh of each day tells, through the
// notification settings, what expires within the warning period or has expired ("Riverside's
// GCP training certificate expires in 14 days"). Per app, remembered per profile for the day.
import { expiryWords } from '../../../shared/binder/status-words.js';
import type { ExpiringDocument } from '../../../shared/binder/views.js';
import type { Settings } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
import type { DesktopNotification } from '../whats-new/wording.js';
import type { Session } from '../profiles/session.js';
import { expiringView } from './expiring.js';

export interface ExpiryNoticeOptions {
  readonly settings: () => Promise<Pick<Settings, 'notifications' | 'notificationsHideNames' | 'expiryWarningDays'>>;
  readonly sink: (notification: DesktopNotification) => void;
  /** The user's calendar day (the binder clock). */
  readonly today: () => string;
}

/** One document's line: "Riverside's GCP training certificate expires in 14 days". */
export function expiryLine(d: ExpiringDocument): string {
  const what = shownText(d.typeName ?? d.name, 80);
  const who = d.person ? ` (${shownText(d.person.name, 60)})` : '';
  const owner = shownText(d.ownerName, 60);
  const when =
    d.daysLeft === 0
      ? 'expires today'
      : d.expired
        ? `expired ${expiryWords(d.daysLeft)}`
        : `expires ${expiryWords(d.daysLeft)}`;
  return `${owner}\u2019s ${what}${who} ${when}`;
}

/** The day's notice for these documents (soonest first), or none. */
export function expiryNotification(
  documents: readonly ExpiringDocument[],
  hideNames: boolean,
  warningDays: number,
): DesktopNotification | undefined {
  const first = documents[0];
  if (!first) return undefined;
  const n = documents.length;
  const expired = documents.filter((d) => d.expired).length;
  const target = { containerId: first.containerId, itemPaths: [first.path] };
  if (hideNames) {
    const body =
      expired > 0
        ? `${n} ${n === 1 ? 'document has' : 'documents have'} expired or expire within ${warningDays} days`
        : `${n} ${n === 1 ? 'document expires' : 'documents expire'} within ${warningDays} days`;
    return { title: 'Expiring documents', body, ...target };
  }
  const title = n === 1 ? shownText(first.studyTitle, 80) : `${n} documents expire soon or have expired`;
  const body = n === 1 ? expiryLine(first) : `${expiryLine(first)}, and ${n - 1} more`;
  return { title, body, ...target };
}

export class ExpiryNotices {
  /** The day each profile was last told. */
  private readonly toldOn = new Map<string, string>();

  constructor(private readonly options: ExpiryNoticeOptions) {}

  /** Follows a profile's refresh; only while `active`. Answers how to stop. */
  follow(s: Session, active: () => boolean): () => void {
    // the fields of what listings bring are kept for the notice from now on
    s.watch.wantNames();
    return s.watch.onRound(() => {
      if (active()) void this.check(s).catch(() => undefined);
    });
  }

  /** After a refresh: the day's notice, once per profile and day, when notifications are on. */
  async check(s: Session): Promise<DesktopNotification | undefined> {
    const day = this.options.today();
    if (this.toldOn.get(s.profile.id) === day) return undefined;
    const settings = await this.options.settings();
    if (!settings.notifications) return undefined;
    this.toldOn.set(s.profile.id, day);
    const view = await expiringView(s, { today: day, withinDays: settings.expiryWarningDays, prepare: false });
    const notification = expiryNotification(
      view.documents,
      settings.notificationsHideNames,
      settings.expiryWarningDays,
    );
    if (notification) this.options.sink(notification);
    return notification;
  }
}
