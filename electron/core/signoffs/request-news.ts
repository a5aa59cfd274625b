// Sign-off requests asked of this organization, as news: the shared refresh hands over other
// organizations' new records, and every one on a study's first listing (whats-new/study-watch.ts
// `recordNews`), and again those whose check could not reach the exchange (record-news.ts); the
// requests among them that ask this organization, are written by the document's owner and are
// not answered yet become Changes entries ("Sign-off requested: <document> by <date>, from
// <org>"; choosing one reveals the document) and one desktop notification through the
// notification settings (off: none; names hidden: the count only; none for a first listing).
// Everything in a request is another organization's text: cleaned here.
import type { Settings } from '../../../shared/ipc/views.js';
import { cleanFileName } from '../../../shared/file-name.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { cutText, shownText } from '../../../shared/shown-text.js';
import type { RequestedView } from '../../../shared/signoffs/views.js';
import { parseRequestPath } from '../../services/signoffs/signoff-paths.js';
import { requestedOfUs } from '../../services/signoffs/signoff-requests.js';
import { MAX_NOTIFIED_BODY, MAX_NOTIFIED_NAME, type DesktopNotification } from '../whats-new/wording.js';
import type { ChangeEntry } from '../whats-new/change-log.js';
import type { RecordBatch, RecordHook } from '../whats-new/record-news.js';
import type { StudySession } from '../studies/study-session.js';
import { requestContext, type SignOffsState } from './signoff-handlers.js';

export interface RequestNewsOptions {
  readonly state: SignOffsState;
  /** Read at each notification: on or off, names hidden or not. */
  readonly settings: () => Promise<Pick<Settings, 'notifications' | 'notificationsHideNames'>>;
  readonly sink: (notification: DesktopNotification) => void;
  readonly now?: () => Date;
}

const documentName = (r: RequestedView) => cutText(cleanFileName(r.documentName, 'document'), MAX_NOTIFIED_NAME);
const sender = (r: RequestedView) => shownText(r.from.name, MAX_NOTIFIED_NAME, 'another organization');
const by = (r: RequestedView) => (r.dueOn ? ` by ${r.dueOn}` : '');

/** One study's new requests as one notification; undefined for none. */
export function requestNotification(
  studyTitle: string,
  requests: readonly RequestedView[],
  hideNames: boolean,
): DesktopNotification | undefined {
  const first = requests[0];
  if (!first) return undefined;
  const n = requests.length;
  const target = { containerId: first.containerId, itemPaths: [...new Set(requests.map((r) => r.itemPath))] };
  const counted = n === 1 ? 'Sign-off requested' : `${n} sign-offs requested`;
  if (hideNames) return { title: counted, body: '', ...target };
  const study = shownText(studyTitle, MAX_NOTIFIED_NAME, 'Untitled study');
  const body =
    n === 1
      ? `${documentName(first)}${by(first)}, from ${sender(first)}`
      : `${requests
          .slice(0, 3)
          .map((r) => `${documentName(r)}${by(r)}`)
          .join(', ')}${n > 3 ? ` and ${n - 3} more` : ''}, from ${[...new Set(requests.map(sender))].join(', ')}`;
  return {
    title: cutText(`${counted} in ${study}`, MAX_NOTIFIED_BODY),
    body: cutText(body, MAX_NOTIFIED_BODY),
    ...target,
  };
}

export class RequestNews {
  constructor(private readonly options: RequestNewsOptions) {}

  /**
   * The refresh's hook for one profile's session: entries always, a notification while `active`
   * but not for a study's first listing (what a profile starts from, or a study just shared, which
   * the arrivals notifier already tells: one notification, not one per outstanding request).
   */
  hook(active: () => boolean): RecordHook {
    return { wants: (id) => parseRequestPath(id) !== undefined, tell: (s, news) => this.tell(s, news, active) };
  }

  private async tell(s: StudySession, news: RecordBatch, active: () => boolean): Promise<ChangeEntry[]> {
    const paths = new Set(news.recordIds.filter((id) => parseRequestPath(id)).map(toSlashForm));
    if (paths.size === 0) return [];
    const now = this.options.now?.() ?? new Date();
    const asked = (
      await requestedOfUs(requestContext(this.options.state, s, now), [news.containerId], async () => news.studyTitle, {
        only: paths,
      })
    ).filter((r) => !r.answered);
    if (asked.length > 0 && !news.firstListing && active()) await this.notify(news.studyTitle, asked);
    return asked.map((r): ChangeEntry => ({
      containerId: news.containerId,
      studyTitle: news.studyTitle,
      itemPath: r.itemPath,
      name: cleanFileName(r.documentName, 'document'),
      kind: 'signoff-requested',
      byId: r.from.id,
      byName: shownText(r.from.name, undefined, r.from.id),
      at: r.requestedAt,
      noticedAt: news.noticedAt,
      ...(r.dueOn ? { dueOn: r.dueOn } : {}),
    }));
  }

  private async notify(studyTitle: string, asked: readonly RequestedView[]): Promise<void> {
    // settings that cannot be read notify nothing
    const settings = await this.options.settings().catch(() => undefined);
    if (!settings?.notifications) return;
    const n = requestNotification(studyTitle, asked, settings.notificationsHideNames);
    if (n) this.options.sink(n);
  }
}
