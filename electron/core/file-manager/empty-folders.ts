// New folder's empty folders, kept by main per profile in the data folder
// (`empty-folders/<profileId>.json`, mode 0600 in a 0700 folder, atomic writes, like the seen
// state and the pins), per study: they outlive the window's storage and a restart, and one
// profile never sees another's. The file is read through its schema and each path checked again:
// a damaged file keeps nothing rather than something the door would refuse; one that cannot be
// read at all is an error, never written over. The store keeps each profile's file in memory once
// read (every listing asks) and writes changes through; once the profile is removed it keeps and
// writes nothing more for it.
import path from 'node:path';
import { z } from 'zod';
import {
  emptyFolderKey,
  emptyFolderProblem,
  isAtOrBelow,
  MAX_EMPTY_FOLDERS,
} from '../../../shared/file-manager/empty-folders.js';
import { UserFacingError } from '../../../shared/app-error.js';
import { readJsonFile, writeJsonAtomic } from '../../services/atomic-file.js';

const fileSchema = z.object({ version: z.literal(1), studies: z.record(z.string(), z.array(z.string())) });
type FolderFile = z.infer<typeof fileSchema>;

export function emptyFoldersFile(dataDir: string, profileId: string): string {
  return path.join(dataDir, 'empty-folders', `${profileId}.json`);
}

/** A listing's item paths seen (`see`, slash form), then the kept folders they fill forgotten (`done`). */
export interface ListingWatch {
  see(paths: Iterable<string>): void;
  done(): Promise<void>;
}

const sorted = (paths: Iterable<string>): string[] => [...paths].sort();
const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((p, i) => p === b[i]);

/** One per app: reads and changes are made one at a time (read, change, write), whichever profile. */
export class EmptyFolderStore {
  private queue: Promise<unknown> = Promise.resolve();
  /** Each profile's file as last read or written: read once, then changed only through `change`. */
  private readonly files = new Map<string, FolderFile>();
  /**
   * Profiles removed from the app: nothing is kept or written for them again. A profile added
   * again, even from a backup, gets a new random id (ProfileStore.add), so the mark lasts the
   * app's life; after a restart the file is gone with the profile (removeProfileFiles).
   */
  private readonly forgotten = new Set<string>();

  constructor(private readonly dataDir: string) {}

  list(profileId: string, containerId: string): Promise<string[]> {
    return this.inTurn(async () => sorted((await this.read(profileId)).studies[containerId] ?? []));
  }

  /** Keeps `folder` (slash form, checked at the door); refused when the study keeps the most already. */
  add(profileId: string, containerId: string, folder: string): Promise<string[]> {
    return this.change(profileId, containerId, (kept) => {
      if (kept.includes(folder)) return kept;
      if (kept.length >= MAX_EMPTY_FOLDERS)
        throw new UserFacingError(
          'too-many-folders',
          `This study already has ${MAX_EMPTY_FOLDERS} empty folders.`,
          'Upload a document into one of them, or remove one, before making another.',
        );
      return [...kept, folder];
    });
  }

  /** Forgets each folder and every kept folder below it. */
  remove(profileId: string, containerId: string, folders: readonly string[]): Promise<string[]> {
    return this.change(profileId, containerId, (kept) =>
      kept.filter((p) => !folders.some((gone) => isAtOrBelow(p, gone))),
    );
  }

  /** Folders handed over from the window's storage: as many as fit. */
  adopt(profileId: string, containerId: string, folders: readonly string[]): Promise<string[]> {
    return this.change(profileId, containerId, (kept) =>
      [...new Set([...kept, ...folders])].slice(0, MAX_EMPTY_FOLDERS),
    );
  }

  /**
   * What a listing of the study shows: the kept folders it has items in are forgotten when it ends
   * (`done`). Undefined when the study keeps none (a listing then costs nothing more).
   */
  async listingWatch(profileId: string, containerId: string): Promise<ListingWatch | undefined> {
    // a file that cannot be read now does not fail the listing: the window shows that error
    // where it lists the kept folders (folders.listEmpty)
    const kept = new Set(await this.list(profileId, containerId).catch(() => []));
    if (kept.size === 0) return undefined;
    const filled = new Set<string>();
    return {
      see: (paths) => {
        for (const p of paths)
          // each folder above the item (slash form), nearest first
          for (let at = p.lastIndexOf('/'); at > 0; at = p.lastIndexOf('/', at - 1)) {
            const folder = p.slice(0, at);
            if (kept.has(folder)) filled.add(folder);
          }
      },
      done: async () => {
        if (filled.size) await this.remove(profileId, containerId, [...filled]).catch(() => undefined);
      },
    };
  }

  private change(
    profileId: string,
    containerId: string,
    edit: (kept: readonly string[]) => readonly string[],
  ): Promise<string[]> {
    return this.inTurn(async () => {
      if (this.forgotten.has(profileId))
        throw new UserFacingError(
          'not-found',
          'The profile was removed, and its empty folders with it.',
          'Choose another profile.',
        );
      const file = await this.read(profileId);
      const kept = file.studies[containerId] ?? [];
      const changed = edit(kept);
      if (sameList(changed, kept)) return sorted(kept);
      const studies = { ...file.studies };
      if (changed.length) studies[containerId] = [...changed];
      else delete studies[containerId];
      const written: FolderFile = { version: 1, studies };
      await writeJsonAtomic(emptyFoldersFile(this.dataDir, profileId), written);
      this.files.set(profileId, written);
      return sorted(changed);
    });
  }

  /**
   * A profile removed: after the changes asked before this (a write in flight ends first), its
   * copy goes and nothing is kept or written for it again, so deleting its file
   * (removeProfileFiles, afterwards) is final, even for a listing that ends later.
   */
  forget(profileId: string): Promise<void> {
    return this.inTurn(async () => {
      this.forgotten.add(profileId);
      this.files.delete(profileId);
    });
  }

  /** Runs `job` after every read and change asked before it. */
  private inTurn<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Only in turn: a change's write then never races a read. What was read is kept, an absent or
   * damaged file as none (the next change replaces it); a file that could not be read at all is
   * an error, kept for nothing, so no change writes over what it may hold.
   */
  private async read(profileId: string): Promise<FolderFile> {
    if (this.forgotten.has(profileId)) return { version: 1, studies: {} };
    const kept = this.files.get(profileId);
    if (kept) return kept;
    const file = await this.load(profileId);
    this.files.set(profileId, file);
    return file;
  }

  private async load(profileId: string): Promise<FolderFile> {
    const raw = await readJsonFile<unknown>(emptyFoldersFile(this.dataDir, profileId)).catch((e: unknown) => {
      if (e instanceof SyntaxError) return undefined; // damaged: not JSON
      throw new UserFacingError(
        'data-unreadable',
        `The empty folders kept for this profile could not be read (${(e as NodeJS.ErrnoException).code ?? String(e)}).`,
        'Nothing was changed. Check that the data folder is readable by this app, then try again.',
        true,
      );
    });
    const parsed = fileSchema.safeParse(raw);
    // absent (undefined), not JSON, or not the schema's: none
    if (!parsed.success) return { version: 1, studies: {} };
    const studies: Record<string, string[]> = {};
    for (const [id, paths] of Object.entries(parsed.data.studies)) {
      const valid = paths.filter((p) => !emptyFolderProblem(p)).map(emptyFolderKey);
      if (valid.length) studies[id] = [...new Set(valid)].slice(0, MAX_EMPTY_FOLDERS);
    }
    return { version: 1, studies };
  }
}
