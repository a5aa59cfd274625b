// "Rename…" (row menu, toolbar, F2): one document the profile owns. The exchange refuses a
// header re-save by anyone else, so another organization's document does not offer it.
import type { ItemView } from '../../../shared/ipc/views.js';
import type { MenuEntry } from '../../components/common/context-menu.js';
import type { DialogSlot } from '../../lib/dialog-slots.js';

/** The one document of the selection the profile may rename, if it is exactly that. */
export function renamable(items: readonly ItemView[]): ItemView | undefined {
  const [one] = items;
  return items.length === 1 && one?.ownedByMe && one.decryptedHeader?.type === 'document' ? one : undefined;
}

/** The row menu's entry: only where renaming is the profile's to do. */
export function renameEntries(
  items: readonly ItemView[],
  openSlot: (slot: DialogSlot, items?: readonly ItemView[]) => void,
): MenuEntry[] {
  const one = renamable(items);
  return one ? [{ id: 'rename', label: 'Rename…', onSelect: () => openSlot('rename', [one]) }] : [];
}
