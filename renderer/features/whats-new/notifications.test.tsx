// @vitest-environment happy-dom
// The browser host's desktop notifications and their setting. The page's side against main's real
// settings handlers and store (through the door); the browser's Notification API is stubbed on
// window: that is the browser's, not our code.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventName, EventPayloads } from '../../../shared/ipc/contract.js';
/* eslint-disable no-restricted-imports -- the window's real other side (main's settings on disk), not code the renderer runs */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../../electron/core/app-context.js';
import { appHandlers } from '../../../electron/core/app/app-handlers.js';
import type { EventSink } from '../../../electron/core/platform.js';
import { SettingsStore } from '../../../electron/core/settings/settings-store.js';
import { doorApi } from '../../../electron/core/test-support/window-api.js';
/* eslint-enable no-restricted-imports */
import { ApiProvider } from '../../data/api-context.js';
import { createQueryClient } from '../../data/query-client.js';
import { onReveal, type RevealTarget } from '../../lib/reveal.js';
import { useDesktopNotifications } from './desktop-notifications.js';
import { NotificationSettings } from './notification-settings.js';

/** The browser's Notification API as a page sees it: what was shown, what the user answers when asked. */
class StubNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static asked = 0;
  static shown: StubNotification[] = [];
  static async requestPermission(): Promise<NotificationPermission> {
    StubNotification.asked++;
    StubNotification.permission = StubNotification.answer;
    return StubNotification.answer;
  }
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    StubNotification.shown.push(this);
  }
  close(): void {
    this.closed = true;
  }
}

const dirs: string[] = [];
const sinks = new Set<EventSink>();
const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
  for (const s of sinks) s(event, payload);
};

/** A window on main's real settings handlers, in the browser host or Electron. */
async function windowOn(host: 'browser' | 'electron') {
  const dir = await mkdtemp(join(tmpdir(), 'notify-settings-'));
  dirs.push(dir);
  const settings = new SettingsStore(dir);
  const ctx = {
    settings,
    options: { version: 'test', platform: { kind: host } },
    sandbox: { exists: () => false },
    activeProfileId: () => undefined,
    transfers: { setConcurrency: () => undefined },
    // the refresh's gate hears the switch too (its own tests cover what it does with it)
    watchGate: { setNotifying: () => undefined },
    // no profile here: turning notifications on has nothing New to tell
    session: () => Promise.reject(new Error('no profile')),
  };
  const api = doorApi(appHandlers(ctx as unknown as AppContext), (sink) => {
    sinks.add(sink);
    return () => sinks.delete(sink);
  });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider api={api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ApiProvider>
  );
  return { settings, wrapper };
}

function Notifications() {
  useDesktopNotifications();
  return null;
}

const arrival: EventPayloads['changes.notify'] = {
  title: '3 new documents in Protocol 2025-031',
  body: 'From Riverside Medical Center: a.pdf, b.pdf, c.pdf',
  containerId: 'a'.repeat(32),
  itemPaths: ['x/1', 'x/2', 'x/3'],
};

beforeEach(() => {
  StubNotification.permission = 'default';
  StubNotification.answer = 'granted';
  StubNotification.asked = 0;
  StubNotification.shown = [];
  vi.stubGlobal('Notification', StubNotification);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sinks.clear();
});

afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('desktop notifications in the page', () => {
  it('shows main’s notification when allowed; its click focuses the window and reveals the documents', async () => {
    const { wrapper } = await windowOn('browser');
    render(<Notifications />, { wrapper });
    const revealed: RevealTarget[] = [];
    const off = onReveal((t) => revealed.push(t));
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    try {
      act(() => emit('changes.notify', arrival));
      expect(StubNotification.shown).toEqual([]);
      StubNotification.permission = 'denied';
      act(() => emit('changes.notify', arrival));
      expect(StubNotification.shown).toEqual([]);
      StubNotification.permission = 'granted';
      act(() => emit('changes.notify', arrival));
      const [note] = StubNotification.shown;
      expect(note).toMatchObject({
        title: arrival.title,
        options: { body: arrival.body, tag: `study-exchange:${arrival.containerId}`, renotify: true },
      });
      expect(revealed).toEqual([]);
      note!.onclick!();
      expect(focus).toHaveBeenCalled();
      expect(note!.closed).toBe(true);
      expect(revealed).toEqual([{ containerId: arrival.containerId, itemPaths: arrival.itemPaths }]);
    } finally {
      off();
      focus.mockRestore();
    }
  });
});

describe('Settings › Notifications', () => {
  it('turning on asks the browser on that click; allowed, the setting is saved; hide names follows', async () => {
    const { settings, wrapper } = await windowOn('browser');
    render(<NotificationSettings />, { wrapper });
    const on = await screen.findByRole('switch', { name: /Notify me when documents arrive/ });
    const hide = screen.getByRole('checkbox', { name: /Hide names in notifications/ }) as HTMLInputElement;
    await waitFor(() => expect((on as HTMLInputElement).disabled).toBe(false));
    expect(StubNotification.asked).toBe(0);
    expect(hide.disabled).toBe(true);
    fireEvent.click(on);
    await waitFor(() => expect((on as HTMLInputElement).checked).toBe(true));
    expect(StubNotification.asked).toBe(1);
    expect((await settings.get()).notifications).toBe(true);
    await waitFor(() => expect(hide.disabled).toBe(false));
    fireEvent.click(hide);
    await waitFor(() => expect(hide.checked).toBe(true));
    expect((await settings.get()).notificationsHideNames).toBe(true);
    fireEvent.click(on);
    await waitFor(() => expect((on as HTMLInputElement).checked).toBe(false));
    expect((await settings.get()).notifications).toBe(false);
    expect(StubNotification.asked).toBe(1);
  });

  it('refused by the browser: the switch says so and stays off, and nothing is saved', async () => {
    const { settings, wrapper } = await windowOn('browser');
    StubNotification.answer = 'denied';
    render(<NotificationSettings />, { wrapper });
    const on = (await screen.findByRole('switch')) as HTMLInputElement;
    await waitFor(() => expect(on.disabled).toBe(false));
    fireEvent.click(on);
    const problem = await screen.findByTestId('settings-notifications-problem');
    expect(problem.textContent).toMatch(/The browser blocks notifications for this page/);
    expect(on.getAttribute('aria-describedby')).toBe(problem.id);
    expect(on.checked).toBe(false);
    expect((await settings.get()).notifications).toBe(false);
  });

  it('on, but the browser no longer allows them: said beside the switch', async () => {
    const { settings, wrapper } = await windowOn('browser');
    await settings.update({ notifications: true });
    StubNotification.permission = 'denied';
    render(<NotificationSettings />, { wrapper });
    expect((await screen.findByTestId('settings-notifications-problem')).textContent).toMatch(/blocks notifications/);
  });

  it('in Electron main shows them: turning on asks the page’s browser nothing', async () => {
    const { settings, wrapper } = await windowOn('electron');
    render(<NotificationSettings />, { wrapper });
    const on = (await screen.findByRole('switch')) as HTMLInputElement;
    await waitFor(() => expect(on.disabled).toBe(false));
    fireEvent.click(on);
    await waitFor(() => expect(on.checked).toBe(true));
    expect(StubNotification.asked).toBe(0);
    expect((await settings.get()).notifications).toBe(true);
    expect(screen.queryByTestId('settings-notifications-problem')).toBeNull();
  });
});
