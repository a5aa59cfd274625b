// Every OS notification main raises on its own (a study created, bulk access results, a batch of
// transfers) goes through the user's notification settings, as arrivals do (notifier.ts): none
// while they are off, and with names hidden the words that name no study, document or
// organization (a notification shows on a screen others may see).
import type { Settings } from '../../../shared/ipc/views.js';

export interface Notice {
  readonly title: string;
  readonly body: string;
  /** The same without any name; omitted when the notice names nothing. */
  readonly nameless?: { readonly title: string; readonly body: string };
  /** Something failed (a batch of transfers): shown as a failure where the app can. */
  readonly failure?: boolean;
}

export interface NoticeSink {
  readonly settings: { get(): Promise<Pick<Settings, 'notifications' | 'notificationsHideNames'>> };
  readonly options: {
    readonly platform: {
      readonly notify: (title: string, body: string, kind?: 'success' | 'failure') => void;
      readonly kind?: 'electron' | 'browser';
    };
  };
}

/** Shows the notice as the settings allow; settings that cannot be read show nothing. */
export async function notifyUser(sink: NoticeSink, notice: Notice): Promise<void> {
  // The browser host's notify is a toast inside the app's own page, not a notification on the
  // screen (its desktop notifications are the page's, from changes.notify): it always shows.
  const kind = notice.failure ? 'failure' : 'success';
  if (sink.options.platform.kind === 'browser') return sink.options.platform.notify(notice.title, notice.body, kind);
  // settings that cannot be read (or a sink without them) show nothing
  const settings = await Promise.resolve()
    .then(() => sink.settings.get())
    .catch(() => undefined);
  if (!settings?.notifications) return;
  const shown = settings.notificationsHideNames ? (notice.nameless ?? notice) : notice;
  sink.options.platform.notify(shown.title, shown.body, kind);
}
