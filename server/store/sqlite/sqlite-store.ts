// The embedded store: SQLite in DATA/exchange.sqlite and content files in DATA/content
// (content-files.ts says how a crash at any moment leaves them consistent). better-sqlite3
// is synchronous; the methods only wrap it in promises to meet the Store interface.
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { contentReader, DIRECT_IO_FROM } from '../content-io.js';
import type { ListedWireRow, VisibleItemRow } from '../rows.js';
import type { SaveOutcome, Store } from '../store.js';
import {
  addCollaborator,
  containerMembers,
  insertContainer,
  isMember,
  listVisibleContainers,
  removeCollaborator,
  visibleContainer,
} from './containers.js';
import {
  contentFolders,
  isBase64ContentFile,
  promoteTempFile,
  removeContentFile,
  sweepContent,
} from './content-files.js';
import { openDatabase, type Db } from './database.js';
import {
  deleteItem,
  getItem,
  getVisibleItem,
  grantItemKey,
  hasItemKey,
  insertItem,
  itemReaders,
  iterateListedItems,
  replaceItem,
  revokeItemKey,
  updateItemKey,
} from './items.js';
import { getOrganization, insertOrganization, listOrganizations, updateOrganization } from './organizations.js';
import { ReadConnections } from './read-connections.js';
import { recordRequestId } from './seen-requests.js';
import { addTrustedCa, loadTrustedCas } from './trust-store.js';

/** Rows handed to a listing at a time. */
const LIST_BATCH = 1000;

/** Rows of an open statement in batches; the statement is freed when the batches end or stop. */
async function* inBatches(rows: IterableIterator<ListedWireRow>): AsyncGenerator<readonly ListedWireRow[]> {
  try {
    let batch: ListedWireRow[] = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === LIST_BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    rows.return?.();
  }
}

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly db: Db;
  readonly tmpDir: string;
  readonly contentDir: string;
  private readonly readers: ReadConnections;

  /** Opens (and migrates) the data folder's store; the start-up sweep runs when `sweep` is given. */
  constructor(
    readonly dataDir: string,
    sweep?: (removed: number) => void,
  ) {
    this.db = openDatabase(dataDir);
    const { tmpDir, contentDir } = contentFolders(dataDir);
    this.tmpDir = tmpDir;
    this.contentDir = contentDir;
    if (sweep) sweep(sweepContent(this.db, tmpDir, contentDir));
    this.readers = new ReadConnections(dataDir);
  }

  async getOrganization(id: string) {
    return getOrganization(this.db, id);
  }
  async listOrganizations(namePrefix?: string) {
    return listOrganizations(this.db, namePrefix);
  }
  async insertOrganization(...a: Parameters<Store['insertOrganization']>) {
    return insertOrganization(this.db, ...a);
  }
  async updateOrganization(...a: Parameters<Store['updateOrganization']>) {
    return updateOrganization(this.db, ...a);
  }

  async insertContainer(ownerId: string, now: number) {
    return insertContainer(this.db, ownerId, now);
  }
  async visibleContainer(containerId: string, orgId: string) {
    return visibleContainer(this.db, containerId, orgId);
  }
  async listVisibleContainers(orgId: string) {
    return listVisibleContainers(this.db, orgId);
  }
  async containerMembers(...a: Parameters<Store['containerMembers']>) {
    return containerMembers(this.db, ...a);
  }
  async addCollaborator(...a: Parameters<Store['addCollaborator']>) {
    addCollaborator(this.db, ...a);
  }
  async removeCollaborator(...a: Parameters<Store['removeCollaborator']>) {
    removeCollaborator(this.db, ...a);
  }

  async getVisibleItem(containerId: string, path: string, orgId: string) {
    return getVisibleItem(this.db, containerId, path, orgId);
  }

  async itemOwner(containerId: string, path: string) {
    return getItem(this.db, containerId, path)?.owner_id;
  }

  async saveItem(...[containerId, path, ownerId, w, now]: Parameters<Store['saveItem']>) {
    const db = this.db;
    // the file is in content/ before the row that names it commits (content-files.ts)
    const contentFile = promoteTempFile(w.tempFile, this.contentDir);
    const fields = { ...w, contentFile };
    let outcome: SaveOutcome = 'notOwner';
    let replacedFile: string | undefined;
    try {
      db.transaction(() => {
        const current = getItem(db, containerId, path);
        if (current && current.owner_id !== ownerId) return;
        if (current) {
          outcome = { created: false, row: replaceItem(db, current, fields, now) };
          replacedFile = current.content_file;
        } else {
          outcome = { created: true, row: insertItem(db, containerId, path, ownerId, fields, now) };
        }
      }).immediate();
    } catch (e) {
      removeContentFile(this.contentDir, contentFile);
      throw e;
    }
    if (outcome === 'notOwner') removeContentFile(this.contentDir, contentFile);
    if (replacedFile) removeContentFile(this.contentDir, replacedFile);
    return outcome;
  }

  async deleteItem(row: VisibleItemRow) {
    // row first (its grants go with it by cascade), then the file: a crash in between leaves an orphan the sweep removes
    const contentFile = deleteItem(this.db, row);
    if (contentFile) removeContentFile(this.contentDir, contentFile);
  }

  async readContent<T>(...[containerId, path, orgId, send]: Parameters<Store['readContent']>): Promise<T | undefined> {
    const row = getVisibleItem(this.db, containerId, path, orgId);
    if (!row) return undefined;
    // opened before anything is sent: a concurrent replace may unlink the file, the open handle still reads it
    const fh = await open(join(this.contentDir, row.content_file), 'r');
    try {
      const size = (await fh.stat()).size;
      const encoding = isBase64ContentFile(row.content_file) ? 'base64' : 'binary';
      const direct = encoding === 'binary' && size >= DIRECT_IO_FROM;
      const reader = await contentReader(fh, direct);
      try {
        return (await send(row, {
          size,
          encoding,
          direct,
          read: (into, length, position) => reader.read(into, length, position),
        })) as T;
      } finally {
        await reader.close();
      }
    } finally {
      await fh.close();
    }
  }

  async listItems(...[q, consume]: Parameters<Store['listItems']>) {
    // a connection of the listing's own: the statement stays open while the client reads
    await this.readers.use((reader) => consume(inBatches(iterateListedItems(reader, q))));
  }

  async itemReaders(row: VisibleItemRow) {
    return itemReaders(this.db, row);
  }
  async grantItemKey(...[c, row, orgId, key]: Parameters<Store['grantItemKey']>) {
    const db = this.db;
    return db
      .transaction(() => {
        if (!isMember(db, c, orgId)) return 'notMember' as const;
        if (hasItemKey(db, row, orgId)) return 'alreadyHasAccess' as const;
        grantItemKey(db, row, orgId, key);
        return 'granted' as const;
      })
      .immediate();
  }
  async updateItemKey(row: VisibleItemRow, orgId: string, key: string) {
    const db = this.db;
    return db
      .transaction(() => {
        if (!hasItemKey(db, row, orgId)) return false;
        updateItemKey(db, row, orgId, key);
        return true;
      })
      .immediate();
  }
  async revokeItemKey(row: VisibleItemRow, orgId: string) {
    const db = this.db;
    return db
      .transaction(() => {
        if (!hasItemKey(db, row, orgId)) return false;
        revokeItemKey(db, row, orgId);
        return true;
      })
      .immediate();
  }

  async recordRequestId(...a: Parameters<Store['recordRequestId']>) {
    return recordRequestId(this.db, ...a);
  }

  async trustedCas() {
    return loadTrustedCas(this.dataDir);
  }
  async addTrustedCa(name: string, pem: string) {
    addTrustedCa(this.dataDir, name, pem);
  }

  async close() {
    // a listing still ending (its client gone) finishes with its own connection first
    await this.readers.close();
    this.db.close();
  }
}
