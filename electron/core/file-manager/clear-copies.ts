// Decrypted copies made for Open, drag-out and the browser host's downloads: the only
// plaintext of a document the app leaves outside a place the user chose. They live in one
// folder the app owns (0700), each in its own slot, and are removed on quit, at the next
// start (after a crash), and once a slot is older than a day. A re-key's temporary folders
// (sx-rekey-<pid>-…, services/sharing/sharing.ts) hold a decrypted document too: at start those a
// crashed process left are removed with the rest.
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { processAlive } from '../../../shared/protocol/process-alive.js';

export const MAX_COPY_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export class ClearCopies {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly root: string,
    private readonly maxAgeMs = MAX_COPY_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Makes the folder (owner only) and removes whatever an earlier run left in it. */
  async start(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    const info = await lstat(this.root);
    // A link or a file planted in its place would send decrypted copies elsewhere.
    if (!info.isDirectory()) throw new Error(`${this.root} is not a folder the app owns.`);
    if (typeof process.getuid === 'function' && info.uid !== process.getuid())
      throw new Error(`${this.root} belongs to another user.`);
    await chmod(this.root, 0o700);
    await this.removeAll();
    await sweepRekeyFolders();
    this.timer = setInterval(() => void this.sweep().catch(() => {}), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** A fresh folder (owner only) for one copy. */
  async newSlot(): Promise<string> {
    const slot = join(this.root, `${this.now()}-${randomBytes(8).toString('hex')}`);
    await mkdir(slot, { mode: 0o700 });
    return slot;
  }

  /** Removes a slot (or a file's slot) inside the folder; anything outside is left alone. */
  async remove(path: string): Promise<void> {
    const rel = relative(this.root, path);
    if (!rel || rel.startsWith('..') || rel.includes(':')) return;
    await rm(join(this.root, rel.split(sep)[0]!), { recursive: true, force: true });
  }

  /** Removes slots older than the limit; returns how many went. */
  async sweep(): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.root).catch(() => [] as string[])) {
      const path = join(this.root, name);
      const made = Number(name.split('-')[0]) || (await stat(path).catch(() => undefined))?.mtimeMs || 0;
      if (this.now() - made >= this.maxAgeMs) {
        await rm(path, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.removeAll();
  }

  private async removeAll(): Promise<void> {
    for (const name of await readdir(this.root).catch(() => [] as string[])) {
      await rm(join(this.root, name), { recursive: true, force: true }).catch(() => {});
    }
  }
}

/** The prefix of a re-key's temporary folder; the pid of the process that made it follows. */
export const REKEY_PREFIX = 'sx-rekey-';
/** An earlier version's folder names no process: it is swept once it is an hour old. */
const UNNAMED_REKEY_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes this user's re-key folders in `dir` whose process is gone (or that name none: an
 * earlier version's, an hour old); a re-key still running in another process keeps its own. Returns how many.
 */
export async function sweepRekeyFolders(dir = tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(REKEY_PREFIX)) continue;
    const path = join(dir, name);
    const info = await lstat(path).catch(() => undefined);
    if (!info?.isDirectory() || (typeof process.getuid === 'function' && info.uid !== process.getuid())) continue;
    const pid = Number(/^sx-rekey-(\d+)-/.exec(name)?.[1] ?? NaN);
    if (Number.isInteger(pid) ? processAlive(pid) : Date.now() - info.mtimeMs < UNNAMED_REKEY_GRACE_MS) continue;
    await rm(path, { recursive: true, force: true }).catch(() => {});
    removed += 1;
  }
  return removed;
}
