// Where an archive is written: a folder, or the same tree in a `.zip` (docs/protocol.md, "A study
// archive"). Either is written under a temporary name beside the destination and renamed into
// place only when complete, so a cut export never leaves something that looks like a whole
// archive. The zip streams (yazl, zip64 when needed): each document goes in from a verified file,
// never whole in memory.
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
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
   * A document: `write(file)` must create and verify `file` (a download); the sink then takes it in.
   * Resolves once the sink no longer needs anything of the call (the zip may still be reading
   * the previous document while the next one downloads).
   */
  addVerifiedFile(relativePath: string, write: (file: string) => Promise<void>, options?: EntryOptions): Promise<void>;
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
    async addVerifiedFile(relativePath, write, options = {}) {
      const file = await place(relativePath);
      await write(file);
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
  const zip = new yazl.ZipFile();
  const out = createWriteStream(partial, { mode: 0o600 });
  const written = pipeline(zip.outputStream, out);
  written.catch(() => undefined); // read in finish() or abort()
  const scratch = `${partial}.files`;
  await mkdir(scratch, { recursive: true, mode: 0o700 });
  // The document the zip is still reading; the next one may download meanwhile, not be added.
  let reading: Promise<void> = Promise.resolve();
  let counter = 0;
  const entry = (options: EntryOptions) => ({
    mode: options.executable ? 0o100755 : 0o100644,
    mtime: options.mtime ?? new Date(),
    // documents are mostly compressed formats already; storing keeps the export at disk speed
    compress: false,
  });
  return {
    kind: 'zip',
    async addBytes(relativePath, bytes, options = {}) {
      zip.addBuffer(Buffer.from(bytes), checked(relativePath), entry(options));
    },
    async addVerifiedFile(relativePath, write, options = {}) {
      const file = path.join(scratch, `${++counter}`);
      try {
        await write(file);
      } catch (e) {
        await rm(file, { force: true });
        throw e;
      }
      const size = (await stat(file)).size;
      await reading;
      reading = new Promise<void>((resolve, reject) => {
        zip.addReadStreamLazy(checked(relativePath), { ...entry(options), size }, (cb) => {
          const stream = createReadStream(file);
          stream.on('close', () => void rm(file, { force: true }).then(() => resolve(), reject));
          stream.on('error', reject);
          cb(null, stream);
        });
      });
      reading.catch(() => undefined);
    },
    async finish() {
      await reading;
      zip.end();
      await written;
      await rm(scratch, { recursive: true, force: true });
      await chmod(partial, 0o644);
      await rename(partial, destination);
      return destination;
    },
    async abort() {
      if (!out.closed) {
        const closed = once(out, 'close');
        out.destroy();
        await closed.catch(() => undefined);
      }
      await rm(partial, { force: true });
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
