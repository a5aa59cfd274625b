// Files main may read for upload: only those the user chose in a dialog or dropped (and,
// in the browser host, the staged copies the host wrote). The renderer holds references.
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FileRef } from '../../../shared/ipc/views.js';
import type { LocalFile } from '../platform.js';
import { UserFacingError } from '../../../shared/app-error.js';

interface RegisteredFile extends LocalFile {
  readonly ref: string;
  readonly name: string;
}

export class FileRegistry {
  private readonly files = new Map<string, RegisteredFile>();

  register(file: LocalFile): FileRef {
    const ref = file.ref ?? randomBytes(16).toString('hex');
    const entry: RegisteredFile = { ...file, ref, name: file.name ?? basename(file.path) };
    this.files.set(ref, entry);
    return { ref, name: entry.name, size: entry.size };
  }

  get(ref: string): RegisteredFile {
    const f = this.files.get(ref);
    if (!f)
      throw new UserFacingError('unknown-file', 'The file is no longer available.', 'Choose or drop the file again.');
    return f;
  }

  /** Forgets a reference; a temporary (staged) copy is deleted. */
  async release(ref: string): Promise<void> {
    const f = this.files.get(ref);
    this.files.delete(ref);
    if (f?.temporary) await rm(dirname(f.path), { recursive: true, force: true });
  }
}

/** Where the browser host stages the files dropped on its page: plaintext copies, one folder each. */
export function stagingDirOf(dataDir: string): string {
  return join(dataDir, 'staging');
}

/** Whether a path is a staged copy (staging/<ref>/<name>), which main may delete. */
export function isStagedCopy(dataDir: string, path: string): boolean {
  return dirname(dirname(path)) === stagingDirOf(dataDir);
}

/**
 * At start: the staged copies of a previous run deleted, but for those a listed transfer still
 * reads (a failed or paused upload's Retry). Nothing else refers to them after a restart.
 */
export async function sweepStaging(dataDir: string, inUse: readonly string[]): Promise<void> {
  const dir = stagingDirOf(dataDir);
  const kept = new Set(inUse.filter((p) => isStagedCopy(dataDir, p)).map((p) => dirname(p)));
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return; // no staging folder: not the browser host, or nothing staged yet
  }
  await Promise.all(
    entries.filter((e) => !kept.has(join(dir, e))).map((e) => rm(join(dir, e), { recursive: true, force: true })),
  );
}
