// Where an archive is written: a folder, or the same tree in a `.zip` (docs/protocol.md, "A study
// archive"). Either is written under a temporary name beside the destination and renamed into
// place only when complete, so a cut export never leaves something that looks like a whole
// archive. Each document streams into its file or zip entry as it is decrypted (written once,
// never whole in memory), and is taken out again if its hashes then fail.
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import { ZipWriter, type ZipEntryOptions } from './zip-writer.js';
import { isInsideArchive } from '../../../shared/archive/archive-paths.js';

export interface EntryOptions {
  /** Executable (verify.sh). */
  readonly executable?: boolean;
  readonly mtime?: Date;
}

export interface ArchiveSink {
  readonly kind: 'folder' | 'zip';
  /** A small file written whole. */
  addBytes(relativePath: string, bytes: Buffer | string, options?: EntryOptions): Promise<void>;
  /**
   * A document: `fill(open)` streams it into `open()` and resolves only once it is verified. When
   * `fill` rejects, whatever it wrote is taken out again: nothing of it stays in the archive.
   */
  addVerified(
    relativePath: string,
    fill: (open: () => Writable) => Promise<void>,
    options?: EntryOptions & { readonly size?: number },
  ): Promise<void>;
  /** Writes what is left and renames the archive into place. */
  finish(): Promise<string>;
  /** Removes whatever was written. */
  abort(): Promise<void>;
}

function checked(relativePath: string): string {
  if (!isInsideArchive(relativePath))
    throw new Error(`archive path outside the archive: ${JSON.stringify(relativePath)}`);
  return relativePath;
}

const partialName = (destination: string): string =>
  path.join(path.dirname(destination), `.${path.basename(destination)}.${randomBytes(6).toString('hex')}.partial`);

async function refuseExisting(destination: string): Promise<void> {
  const there = await stat(destination).then(
    () => true,
    () => false,
  );
  if (there) throw new Error(`${destination} already exists; choose another name or remove it first.`);
}

export async function folderSink(destination: string): Promise<ArchiveSink> {
  await refuseExisting(destination);
  const root = partialName(destination);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const place = async (relativePath: string): Promise<string> => {
    const file = path.join(root, ...checked(relativePath).split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    return file;
  };
  const finishEntry = async (file: string, options: EntryOptions): Promise<void> => {
    await chmod(file, options.executable ? 0o755 : 0o644);
    if (options.mtime) await utimes(file, options.mtime, options.mtime);
  };
  return {
    kind: 'folder',
    async addBytes(relativePath, bytes, options = {}) {
      const file = await place(relativePath);
      await writeFile(file, bytes);
      await finishEntry(file, options);
    },
    async addVerified(relativePath, fill, options = {}) {
      const file = await place(relativePath);
      try {
        await fill(() => createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (e) {
        await rm(file, { force: true });
        throw e;
      }
      await finishEntry(file, options);
    },
    async finish() {
      await chmod(root, 0o755);
      await rename(root, destination);
      return destination;
    },
    async abort() {
      await rm(root, { recursive: true, force: true });
    },
  };
}

export async function zipSink(destination: string): Promise<ArchiveSink> {
  await refuseExisting(destination);
  const partial = partialName(destination);
  const zip = await ZipWriter.create(partial);
  const entry = (options: EntryOptions, size?: number): ZipEntryOptions => ({
    mode: options.executable ? 0o100755 : 0o100644,
    mtime: options.mtime ?? new Date(),
    ...(size === undefined ? {} : { sizeHint: size }),
  });
  return {
    kind: 'zip',
    async addBytes(relativePath, bytes, options = {}) {
      await zip.addBuffer(checked(relativePath), Buffer.from(bytes), entry(options));
    },
    async addVerified(relativePath, fill, options = {}) {
      const open = await zip.beginEntry(checked(relativePath), entry(options, options.size));
      try {
        await fill(() => open.stream);
        await open.commit();
      } catch (e) {
        await open.discard();
        throw e;
      }
    },
    async finish() {
      await zip.finish();
      await chmod(partial, 0o644);
      await rename(partial, destination);
      return destination;
    },
    async abort() {
      await zip.close();
      await rm(partial, { force: true });
    },
  };
}
