// Items of a study: listing (with lazily decrypted headers), details, records, delete, re-key.
import { parentItemPath, toSlashForm } from '../../../shared/item-path.js';
import { mapLimit } from '../../../shared/map-limit.js';
import type { AccessResult, ItemView } from '../../../shared/ipc/views.js';
import { isReservedItemId } from '../../../shared/reserved-paths.js';
import type { Item } from '../../../shared/types.js';
import { readRecord, writeRecord } from '../../services/transfers/records.js';
import { toAppError } from '../../../shared/app-error.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import { ItemListings } from './item-listings.js';
import type { EmptyFolderStore } from './empty-folders.js';
import type { Session } from '../profiles/session.js';
import { recordForDisplay } from './record-display.js';
import { itemView } from '../studies/views.js';

type ItemHandlers = Pick<
  Handlers,
  | 'items.list'
  | 'items.listOpen'
  | 'items.listNext'
  | 'items.listClose'
  | 'items.headers'
  | 'items.details'
  | 'items.readRecord'
  | 'items.writeRecord'
  | 'items.delete'
  | 'items.rekey'
>;

const asArray = (r: Item | Item[]): Item[] => (Array.isArray(r) ? r : [r]);

/**
 * The listed items as the window's rows. Headers already decrypted come along; the rest are
 * decrypted for the rows in view. The study record and receipts are not documents
 * (docs/protocol.md §7).
 */
function listedViews(s: Session, containerId: string, items: readonly Item[]): ItemView[] {
  const views: ItemView[] = [];
  for (const i of items) if (!isReservedItemId(i.id)) views.push(itemView(s, containerId, i, false));
  return views;
}

/**
 * `listings`: the app's open listings, closed per window by the shell and all on a profile switch.
 * `emptyFolders`: New folder's kept folders, forgotten once a listing has items in them.
 */
export function itemHandlers(
  ctx: AppContext,
  listings = new ItemListings(),
  emptyFolders?: EmptyFolderStore,
): ItemHandlers {
  return {
    'items.list': async ({ containerId, since }) => {
      const s = await ctx.session();
      const watch = await emptyFolders?.listingWatch(s.profile.id, containerId);
      const views = listedViews(
        s,
        containerId,
        asArray(await s.client.listItems(containerId, undefined, { recurse: true, ...(since ? { since } : {}) })),
      );
      watch?.see(views.map((v) => v.path));
      await watch?.done();
      return views;
    },
    'items.listOpen': async ({ containerId, since }, caller) => {
      const s = await ctx.session();
      const watch = await emptyFolders?.listingWatch(s.profile.id, containerId);
      const listingId = listings.start(async function* (signal) {
        try {
          for await (const page of s.client.listItemPages(containerId, undefined, {
            recurse: true,
            signal,
            ...(since ? { since } : {}),
          })) {
            const views = listedViews(s, containerId, page);
            watch?.see(views.map((v) => v.path));
            yield views;
          }
        } finally {
          // what was listed holds, whether the listing ended, broke off or was closed
          await watch?.done();
        }
      }, caller?.senderId ?? '');
      return { listingId };
    },
    'items.listNext': ({ listingId }) => listings.next(listingId),
    'items.listClose': ({ listingId }) => {
      listings.close(listingId);
      return null;
    },
    'items.headers': async ({ containerId, itemPaths }) => {
      // The rows in view: their folders are listed (one level each, not the whole study),
      // headers decrypted, and who has access counted for the "Shared with" column.
      const s = await ctx.session();
      const wanted = new Set(itemPaths.map(toSlashForm));
      const folders = [...new Set([...wanted].map(parentItemPath))];
      const found = new Map<string, Item>();
      for (const folder of folders) {
        const listed = await s.client.listItems(containerId, folder || undefined);
        // A folder that is also an item answers with the item itself: fetch its children one by one.
        const items = Array.isArray(listed)
          ? listed
          : await mapLimit(
              [...wanted].filter((p) => parentItemPath(p) === folder),
              8,
              (p) => s.client.getItem(containerId, p).catch(() => undefined),
            );
        for (const i of items) if (i && wanted.has(toSlashForm(i.id))) found.set(toSlashForm(i.id), i);
      }
      return mapLimit([...found.values()], 8, async (i) => {
        const access = await s.client.getItemAccess(containerId, i.id).catch(() => undefined);
        return {
          ...itemView(s, containerId, i, true),
          ...(access ? { accessCount: Math.max(0, access.length - 1) } : {}),
        };
      });
    },
    'items.details': async ({ containerId, itemPath }) => {
      const s = await ctx.session();
      const [item, access] = await Promise.all([
        s.client.getItem(containerId, itemPath),
        s.client.getItemAccess(containerId, itemPath),
      ]);
      return { item: itemView(s, containerId, item, true), access };
    },
    'items.readRecord': async ({ containerId, itemPath }) => {
      const s = await ctx.session();
      const r = await readRecord(s.client, s.keys, containerId, itemPath);
      void s.watch.markSeen(containerId, [itemPath]).catch(() => undefined); // opened: no longer New
      return { header: r.header, content: recordForDisplay(r.content, r.bytes.length) };
    },
    'items.writeRecord': async ({ containerId, itemPath, header, content }) => {
      const s = await ctx.session();
      const saved = await writeRecord(s.client, s.keys, containerId, itemPath, { header, content });
      s.search.markStale(containerId);
      return itemView(s, containerId, saved.item, true);
    },
    'items.delete': async ({ containerId, itemPaths }) => {
      const s = await ctx.session();
      const results: AccessResult[] = [];
      for (const itemPath of itemPaths) {
        try {
          await s.client.deleteItem(containerId, itemPath);
          s.search.markStale(containerId);
          results.push({ itemPath, organizationId: s.profile.organizationId, ok: true });
          await ctx.record({ action: 'delete', ok: true, study: containerId, item: toSlashForm(itemPath) });
        } catch (e) {
          results.push({ itemPath, organizationId: s.profile.organizationId, ok: false, error: toAppError(e) });
          await ctx.record({
            action: 'delete',
            ok: false,
            study: containerId,
            item: toSlashForm(itemPath),
            detail: toAppError(e).message,
          });
        }
      }
      return results;
    },
    'items.rekey': async ({ containerId, itemPath }) => {
      const s = await ctx.session();
      const r = await s.sharing.rekey(containerId, itemPath);
      await ctx.record({
        action: 'rekey',
        ok: true,
        study: containerId,
        item: toSlashForm(itemPath),
        detail: `${r.updated.length} organization(s) re-granted`,
      });
      return r.updated.map((organizationId) => ({ itemPath, organizationId, ok: true }));
    },
  };
}
