// Reading an archive back, as a folder or as a `.zip`, for `archive verify`: every file's SHA-256
// (streamed) and the bytes of the small ones the checks read. A zip entry whose name would leave
// the archive's root is reported, never followed.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { isInsideArchive } from '../../../shared/archive/archive-paths.js';

/** Files the checks read whole (SHA256SUMS, sign-offs, certificates); larger ones are only hashed. */
const SMALL_FILE_BYTES = 4 * 1024 * 1024;

export interface ArchiveContents {
  /** SHA-256 of every file, by its path in the archive. */
  readonly hashes: ReadonlyMap<string, string>;
  /** The bytes of the small files the checks need. */
  readonly small: ReadonlyMap<string, Buffer>;
  /** Names that would leave the archive's root (zip only). */
  readonly outside: readonly string[];
}

/** What the checks read whole. */
const checked = (name: string): boolean =>
  name === 'SHA256SUMS' || name.startsWith('signoffs/') || name.startsWith('certificates/');

async function hashStream(stream: Readable, keep: boolean): Promise<{ hash: string; bytes?: Buffer }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  await pipeline(stream, async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
      if (keep && size <= SMALL_FILE_BYTES) chunks.push(chunk);
    }
  });
  return { hash: hash.digest('hex'), ...(keep && size <= SMALL_FILE_BYTES ? { bytes: Buffer.concat(chunks) } : {}) };
}

async function readFolder(root: string, wanted: (name: string) => boolean): Promise<ArchiveContents> {
  const hashes = new Map<string, string>();
  const small = new Map<string, Buffer>();
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) {
        const file = path.join(root, name);
        const keep = wanted(name);
        const { hash, bytes } = await hashStream(createReadStream(file), keep);
        hashes.set(name, hash);
        if (bytes) small.set(name, bytes);
      }
      // links and other kinds are not part of an archive: not hashed, so a listed one fails
    }
  };
  await walk('');
  return { hashes, small, outside: [] };
}

function readZip(file: string, wanted: (name: string) => boolean): Promise<ArchiveContents> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, strictFileNames: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip file'));
      const hashes = new Map<string, string>();
      const small = new Map<string, Buffer>();
      const outside: string[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve({ hashes, small, outside }));
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/')) return zip.readEntry();
        if (!isInsideArchive(name)) {
          outside.push(name);
          return zip.readEntry();
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`cannot read ${name}`));
          hashStream(stream, wanted(name)).then(({ hash, bytes }) => {
            hashes.set(name, hash);
            if (bytes) small.set(name, bytes);
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** `keep`: which small files to return whole (default: what verification reads). */
export async function readArchive(
  location: string,
  keep: (name: string) => boolean = checked,
): Promise<ArchiveContents> {
  const info = await stat(location);
  if (info.isDirectory()) return readFolder(location, keep);
  return readZip(location, keep);
}
