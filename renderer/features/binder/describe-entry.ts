// "Describe…" in the rows' context menu: what the selected documents are (decisions §8). Only
// documents the profile owns can be described (main saves them again).
import type { ItemView } from '../../../shared/ipc/views.js';
import type { MenuEntry } from '../../components/common/context-menu.js';
import type { DialogSlot } from '../../lib/dialog-slots.js';

export function describable(items: readonly ItemView[]): ItemView[] {
  return items.filter((i) => i.ownedByMe && i.decryptedHeader?.type === 'document');
}

export function describeEntry(
  items: readonly ItemView[],
  openSlot: (slot: DialogSlot, items?: readonly ItemView[]) => void,
): MenuEntry {
  const own = describable(items);
  return {
    id: 'describe',
    label: own.length > 1 ? `Describe ${own.length} documents…` : 'Describe…',
    disabled: own.length === 0,
    onSelect: () => openSlot('describe', own),
  };
}
