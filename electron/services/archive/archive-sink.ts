// Where an archive is written: a folder, or the same tree in a `.zip` (docs/protocol.md, "A study
// archive"). Either is written under a temporary name beside the destination and renamed into
// place only when complete, so a cut export never leaves something that looks like a whole
// archive. Each document streams into its file or zip entry as it is decrypted (written once,
// never whole in memory), and is taken out again if its hashes then fail. A failure of the
// archive's own writing (disk full, I/O) is told apart from a document's: it ends the export.
import fs, { createWriteStream } from 'node:fs';
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
   * `fill` rejects, whatever it wrote is taken out again: nothing of it stays in the archive, and
   * the rejection is a `DocumentFailed` unless writing the archive itself failed meanwhile.
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

/**
 * A document's own failure in `addVerified` (its download or its checks, `reason`): it is left
 * out and the archive goes on. Every other error of a sink is the archive's own and ends it.
 */
export class DocumentFailed extends Error {
  override readonly name = 'DocumentFailed';
  constructor(readonly reason: unknown) {
    super('The document could not be added to the archive.', { cause: reason });
  }
}

/** The archive's own writing failed (disk full, I/O error): said so, with the system's words. */
function writeFailed(error: unknown): Error {
  return new Error(`The archive could not be written: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
  });
}

async function own<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw writeFailed(e);
  }
}

/**
 * The fs functions a write stream uses, noting the first error of the file's own open, write or
 * close: an error from its source (a failed download destroys the stream with it) is not one.
 */
function notingFailures(): { readonly fs: Pick<typeof fs, 'open' | 'write' | 'writev' | 'close'>; error?: Error } {
  const noted: { error?: Error } = {};
  type Callback = (error: Error | null, ...results: unknown[]) => void;
  const wrap =
    (f: (...args: never[]) => void) =>
    (...args: unknown[]): void => {
      const done = args.pop() as Callback;
      const call = f as (...args: unknown[]) => void;
      call(...args, (error: Error | null, ...results: unknown[]) => {
        if (error) noted.error ??= error;
        done(error, ...results);
      });
    };
  const wrapped = { open: wrap(fs.open), write: wrap(fs.write), writev: wrap(fs.writev), close: wrap(fs.close) };
  return Object.assign(noted, { fs: wrapped as unknown as Pick<typeof fs, 'open' | 'write' | 'writev' | 'close'> });
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
      await own(async () => {
        const file = await place(relativePath);
        await writeFile(file, bytes);
        await finishEntry(file, options);
      });
    },
    async addVerified(relativePath, fill, options = {}) {
      const file = await own(() => place(relativePath));
      const written = notingFailures();
      try {
        await fill(() => createWriteStream(file, { flags: 'wx', mode: 0o600, fs: written.fs }));
      } catch (e) {
        await own(() => rm(file, { force: true }));
        throw written.error ? writeFailed(written.error) : new DocumentFailed(e);
      }
      await own(() => finishEntry(file, options));
    },
    async finish() {
      return own(async () => {
        await chmod(root, 0o755);
        await rename(root, destination);
        return destination;
      });
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
      await own(() => zip.addBuffer(checked(relativePath), Buffer.from(bytes), entry(options)));
    },
    async addVerified(relativePath, fill, options = {}) {
      const open = await own(() => zip.beginEntry(checked(relativePath), entry(options, options.size)));
      try {
        await fill(() => open.stream);
      } catch (e) {
        await own(() => open.discard());
        const failure = open.writeError();
        throw failure ? writeFailed(failure) : new DocumentFailed(e);
      }
      await own(() => open.commit());
    },
    async finish() {
      return own(async () => {
        await zip.finish();
        await chmod(partial, 0o644);
        await rename(partial, destination);
        return destination;
      });
    },
    async abort() {
      await zip.close();
      await rm(partial, { force: true });
    },
  };
}
