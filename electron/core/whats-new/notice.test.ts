// Main's own notices: on Electron they are notifications on the screen, so the settings decide;
// in the browser host they are toasts in the app's page, so they always show.
import { describe, expect, it } from 'vitest';
import { notifyUser } from './notice.js';

const notice = { title: 'Study created', body: 'Protocol 7', nameless: { title: 'Study created', body: '' } };

function sink(kind: 'electron' | 'browser', settings: { notifications: boolean; notificationsHideNames: boolean }) {
  const shown: string[] = [];
  return {
    shown,
    sink: {
      settings: { get: async () => settings },
      options: {
        platform: { kind, notify: (t: string, b: string, k?: string) => void shown.push(`${t}|${b}|${k ?? ''}`) },
      },
    },
  };
}

describe('notifyUser', () => {
  it('on Electron follows the settings: off, names hidden, shown', async () => {
    const off = sink('electron', { notifications: false, notificationsHideNames: false });
    await notifyUser(off.sink, notice);
    expect(off.shown).toEqual([]);
    const hidden = sink('electron', { notifications: true, notificationsHideNames: true });
    await notifyUser(hidden.sink, notice);
    expect(hidden.shown).toEqual(['Study created||success']);
  });

  it('in the browser host is a toast in the page, shown whatever the desktop settings say', async () => {
    const off = sink('browser', { notifications: false, notificationsHideNames: true });
    await notifyUser(off.sink, notice);
    expect(off.shown).toEqual(['Study created|Protocol 7|success']);
  });

  it('says a failure is one (the browser host’s toast shows it in red)', async () => {
    const page = sink('browser', { notifications: true, notificationsHideNames: false });
    await notifyUser(page.sink, {
      title: '1 transfer failed',
      body: 'Open the transfers panel to retry.',
      failure: true,
    });
    expect(page.shown).toEqual(['1 transfer failed|Open the transfers panel to retry.|failure']);
  });
});
