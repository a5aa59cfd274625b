// The core's `changes.notify` as Electron's own notification (the page shows none in Electron):
// a click brings the window forward and asks it to reveal the documents (the `reveal` event).
import { Notification, type BrowserWindow } from 'electron';
import type { EventPayloads } from '../../shared/ipc/contract.js';
import { EVENT_CHANNEL } from '../../shared/ipc/channels.js';

// Held until clicked or closed: a notification the garbage collector takes loses its click.
const shown = new Set<Notification>();

export function showArrivalNotification(
  n: EventPayloads['changes.notify'],
  windowOf: () => BrowserWindow | undefined,
): void {
  if (!Notification.isSupported()) return;
  const note = new Notification({ title: n.title, body: n.body });
  shown.add(note);
  note.on('close', () => shown.delete(note));
  note.on('click', () => {
    shown.delete(note);
    const w = windowOf();
    if (!w || w.isDestroyed()) return;
    if (w.isMinimized()) w.restore();
    w.show();
    w.focus();
    const reveal: EventPayloads['reveal'] = { containerId: n.containerId, itemPaths: n.itemPaths };
    w.webContents.send(EVENT_CHANNEL, 'reveal', reveal);
  });
  note.show();
}
