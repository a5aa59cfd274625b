// Headless Chromium shows no notifications: the page's Notification is recorded instead (title,
// body, tag, and its click kept to be clicked), asking the real API for permission.
import type { BrowserContext, Page } from '@playwright/test';

export interface RecordedNotification {
  readonly title: string;
  readonly body?: string;
  readonly tag?: string;
}

/** Before the page opens: `origin` may notify, and every notification the page makes is recorded. */
export async function recordNotifications(context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['notifications'], { origin });
  await context.addInitScript(() => {
    const Real = window.Notification;
    const made: { title: string; body?: string; tag?: string; click: () => void }[] = [];
    (window as unknown as { __notifications: typeof made }).__notifications = made;
    class Recorded extends EventTarget {
      static get permission() {
        return Real.permission;
      }
      static requestPermission() {
        return Real.requestPermission();
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions = {}) {
        super();
        made.push({ title, body: options.body, tag: options.tag, click: () => this.onclick?.() });
      }
      close() {}
    }
    window.Notification = Recorded as unknown as typeof Notification;
  });
}

/** The notifications the page made, oldest first. */
export function recordedNotifications(page: Page): Promise<RecordedNotification[]> {
  return page.evaluate(() =>
    (window as unknown as { __notifications: RecordedNotification[] }).__notifications.map(({ title, body, tag }) => ({
      title,
      body,
      tag,
    })),
  );
}

/** Clicks the page's `index`th notification, as the user would in the system's list. */
export function clickNotification(page: Page, index: number): Promise<void> {
  return page.evaluate((i) => {
    (window as unknown as { __notifications: { click(): void }[] }).__notifications[i]!.click();
  }, index);
}
