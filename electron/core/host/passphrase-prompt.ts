// Electron on Linux without a keyring (safeStorage is only obfuscation there) protects keys with
// a passphrase, asked the way the browser host asks it: the shell shows the unlock page, served
// by a browser host of its own that offers nothing but the lock (every call answers 423). The
// one-time code goes to the window in memory (loadURL), never on a command line. Plain Node:
// the shell only opens the window (electron/shell/passphrase-window.ts).
import { join } from 'node:path';
import type { PassphraseBoxOptions, PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { startBrowserHost } from './browser-host.js';
import { appLocked, HostLock } from './lock.js';

export interface PassphrasePrompt {
  /** Open this in the window: the unlock page, with the one-time code in the fragment. */
  readonly url: string;
  readonly origin: string;
  /** Settles once the page set (first run) or gave the right passphrase. */
  readonly unlocked: Promise<PassphraseSecretBox>;
  close(): Promise<void>;
}

export async function startPassphrasePrompt(options: {
  readonly dataDir: string;
  readonly rendererDir: string;
  readonly boxOptions?: PassphraseBoxOptions;
}): Promise<PassphrasePrompt> {
  const lock = new HostLock(options.dataDir, options.boxOptions);
  let opened: (box: PassphraseSecretBox) => void = () => {};
  const unlocked = new Promise<PassphraseSecretBox>((resolve) => (opened = resolve));
  const notOpen = async () => ({ ok: false, error: appLocked() }) as const;
  const host = await startBrowserHost({
    door: { call: notOpen, stage: notOpen },
    rendererDir: options.rendererDir,
    stagingDir: join(options.dataDir, 'staging'),
    gate: {
      state: () => lock.state(),
      unlock: async (passphrase) => opened(await lock.unlock(passphrase)),
    },
  });
  return { url: host.url, origin: host.origin, unlocked, close: () => host.close() };
}
