// Content files next to the database: DATA/tmp holds bodies while they arrive,
// DATA/content the committed ones. A file is renamed into content/ only after the request
// is verified; the database row that names it commits after the rename, and a replaced or
// deleted item's file is removed after the commit. So after a crash at any moment the
// database names only files that exist, and the start-up sweep removes the rest.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { newId } from '../ids.js';
import type { Db } from './database.js';
import { referencedContentFiles } from './items.js';

export function contentFolders(dataDir: string): { tmpDir: string; contentDir: string } {
  const tmpDir = join(dataDir, 'tmp');
  const contentDir = join(dataDir, 'content');
  mkdirSync(tmpDir, { recursive: true });
  mkdirSync(contentDir, { recursive: true });
  return { tmpDir, contentDir };
}

/**
 * Content files hold the decoded ciphertext (`.bin`); data folders from before that hold
 * the Base-64 text as received (`.b64`) and are served as they are.
 */
export function isBase64ContentFile(name: string): boolean {
  return name.endsWith('.b64');
}

/** Moves a verified temporary file into content/; returns its new name. */
export function promoteTempFile(tempFile: string, contentDir: string): string {
  const name = `${newId()}.bin`;
  renameSync(tempFile, join(contentDir, name));
  return name;
}

export function removeContentFile(contentDir: string, name: string): void {
  rmSync(join(contentDir, name), { force: true });
}

/** Start-up: empty tmp/ and delete content files no item refers to. Returns how many went. */
export function sweepContent(db: Db, tmpDir: string, contentDir: string): number {
  let removed = 0;
  for (const f of readdirSync(tmpDir)) {
    rmSync(join(tmpDir, f), { force: true, recursive: true });
    removed++;
  }
  const referenced = referencedContentFiles(db);
  for (const f of readdirSync(contentDir)) {
    if (!referenced.has(f)) {
      rmSync(join(contentDir, f), { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}
