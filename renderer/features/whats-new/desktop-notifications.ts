// The browser host's desktop notifications: main words and batches them (`changes.notify`), the
// page shows them with the Web Notifications API when the browser allows it; a click brings the
// window forward and reveals the documents. In Electron main shows its own and sends `reveal`
// (the window meets it with every other reveal request: data/reveal.ts).
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { useArrivalEvents } from './arrival-events.js';
import { requestReveal } from '../../lib/reveal.js';

export type NotificationAllowance = NotificationPermission | 'unsupported';

function webNotifications(): typeof Notification | undefined {
  return typeof window !== 'undefined' && typeof window.Notification === 'function' ? window.Notification : undefined;
}

/** What the browser allows now ('unsupported' without the API). */
export function notificationAllowance(): NotificationAllowance {
  return webNotifications()?.permission ?? 'unsupported';
}

/**
 * Asks the browser to allow notifications. Call it straight from the user's gesture (the switch
 * turned on): browsers ignore a request made later. Answers at once when already decided.
 */
export async function askNotificationAllowance(): Promise<NotificationAllowance> {
  const api = webNotifications();
  if (!api) return 'unsupported';
  if (api.permission !== 'default') return api.permission;
  return api.requestPermission();
}

/**
 * Shows one notification when allowed; one per study at a time (its tag): a newer batch replaces
 * it, and alerts again (`renotify`: a replaced notification is otherwise silent; not in TS's DOM types).
 */
export function showDesktopNotification(n: EventPayloads['changes.notify']): void {
  const api = webNotifications();
  if (api?.permission !== 'granted') return;
  const options = { body: n.body, tag: `study-exchange:${n.containerId}`, renotify: true };
  const note = new api(n.title, options as NotificationOptions);
  note.onclick = () => {
    window.focus();
    note.close();
    requestReveal({ containerId: n.containerId, itemPaths: n.itemPaths });
  };
}

/** Mounted once by the window. */
export function useDesktopNotifications(): void {
  useArrivalEvents(showDesktopNotification);
}
