// What can be signed off and asked for: documents (records are not), and a request only by the
// document's owner, one document at a time. The row menu, the toolbar and the details pane ask here.
import type { ItemView } from '../../../shared/ipc/views.js';
import type { MenuEntry } from '../../components/common/context-menu.js';
import type { DialogSlot } from '../../lib/dialog-slots.js';

export function isSignable(item: ItemView): boolean {
  return item.decryptedHeader?.type === 'document';
}

/** Every item is a document: Sign off… applies to all of them at once. */
export function allSignable(items: readonly ItemView[]): boolean {
  return items.length > 0 && items.every(isSignable);
}

export function canRequest(items: readonly ItemView[]): boolean {
  return items.length === 1 && isSignable(items[0]!) && items[0]!.ownedByMe;
}

/** The row menu's Sign off… and Ask for sign-off… entries. */
export function signOffMenuEntries(
  items: readonly ItemView[],
  openSlot: (slot: DialogSlot, items?: readonly ItemView[]) => void,
): MenuEntry[] {
  return [
    {
      id: 'sign-off',
      label: 'Sign off…',
      disabled: !allSignable(items),
      onSelect: () => openSlot('signOff', items),
    },
    {
      id: 'request-signoff',
      label: 'Ask for sign-off…',
      disabled: !canRequest(items),
      onSelect: () => openSlot('requestSignOff', items),
    },
  ];
}
