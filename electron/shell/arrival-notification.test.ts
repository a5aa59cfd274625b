// The shell's notification of arrivals, bundled with `electron` aliased to the stand-in (as
// shell.test.ts runs the whole shell): Electron's Notification is shown with the core's words, and
// its click brings the window forward and sends it the `reveal` event.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CHANNEL } from '../../shared/ipc/channels.js';
import type { StandInRecord } from './test-support/electron-stand-in.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
let dir: string;
let shell: { showArrivalNotification: (n: unknown, w: () => unknown) => void; BrowserWindow: new (o: any) => any };
/** What the stand-in recorded (it makes its record on load). */
let record: StandInRecord;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shell-notify-'));
  const entry = join(dir, 'entry.ts');
  await writeFile(
    entry,
    `export { showArrivalNotification } from ${JSON.stringify(resolve('electron/shell/arrival-notification.ts'))};\n` +
      `export { BrowserWindow } from 'electron';\n`,
  );
  await build({
    entryPoints: [entry],
    outfile: join(dir, 'shell.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'error',
    alias: { electron: resolve('electron/shell/test-support/electron-stand-in.ts') },
  });
  shell = createRequire(import.meta.url)(join(dir, 'shell.cjs'));
  record = (globalThis as { __electronStandIn?: StandInRecord }).__electronStandIn!;
});

afterAll(async () => {
  delete (globalThis as { __electronStandIn?: StandInRecord }).__electronStandIn;
  await rm(dir, { recursive: true, force: true });
});

const payload = {
  title: '3 new documents in Protocol 2025-031',
  body: 'From Riverside Medical Center: a.pdf, b.pdf, c.pdf',
  containerId: 'a'.repeat(32),
  itemPaths: ['x/1', 'x/2', 'x/3'],
};

describe("the shell's arrival notification", () => {
  it('shows nothing where the system has no notifications', () => {
    record.notificationsSupported = false;
    shell.showArrivalNotification(payload, () => undefined);
    expect(record.notifications ?? []).toEqual([]);
  });

  it("shows Electron's Notification with the core's words; a click focuses the window and reveals the items", () => {
    record.notificationsSupported = true;
    const window = new shell.BrowserWindow({});
    shell.showArrivalNotification(payload, () => window);
    const [note] = record.notifications!;
    expect(note).toMatchObject({ options: { title: payload.title, body: payload.body }, shown: 1 });
    const entry = record.windows.at(-1)!;
    expect(entry.webContents.sent ?? []).toEqual([]);
    for (const l of note!.listeners.click ?? []) l({});
    expect(entry.focused).toBe(1);
    expect(entry.webContents.sent).toEqual([
      [EVENT_CHANNEL, 'reveal', { containerId: payload.containerId, itemPaths: payload.itemPaths }],
    ]);
  });

  it('a click after the window is gone does nothing', () => {
    shell.showArrivalNotification(payload, () => undefined);
    const note = record.notifications!.at(-1)!;
    expect(() => {
      for (const l of note.listeners.click ?? []) l({});
    }).not.toThrow();
  });
});
