// Main's side of the file-manager basics for the active profile (issue 38 §10): Rename.
import { toSlashForm } from '../../../shared/item-path.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import { itemView } from '../studies/views.js';
import { renameDocument } from './rename-document.js';

export function fileManagerHandlers(ctx: AppContext): Pick<Handlers, 'items.rename'> {
  return {
    'items.rename': async ({ containerId, itemPath, name }) => {
      const s = await ctx.session();
      try {
        const item = await renameDocument(s.client, s.sharing, containerId, itemPath, name);
        s.search.markStale(containerId);
        await ctx.record({
          action: 'update',
          ok: true,
          study: containerId,
          item: toSlashForm(itemPath),
          detail: 'renamed',
        });
        return itemView(s, containerId, item, true);
      } catch (e) {
        await ctx.record({
          action: 'update',
          ok: false,
          study: containerId,
          item: toSlashForm(itemPath),
          detail: `not renamed: ${e instanceof Error ? e.message : String(e)}`,
        });
        throw e;
      }
    },
  };
}
