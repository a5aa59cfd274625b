// The context menu of rows: a folder offers to open it (and, while only main keeps it, to remove it); items offer open, save as, manage
// access (read-only for another organization's items), sign off (documents) and ask for sign-off
// (one own document), and, for this organization's own items only (the exchange refuses anyone
// else), re-key (one item) and delete.
import type { ItemView } from '../../../shared/ipc/views.js';
import { SLOT_LABELS, type DialogSlot } from '../../lib/dialog-slots.js';
import type { Row } from '../../lib/rows.js';
import { describeEntry } from '../binder/describe-entry.js';
import type { MenuEntry } from '../../components/common/context-menu.js';
import { signOffMenuEntries } from '../signoffs/signable.js';
import { renameEntries } from './rename-entry.js';
import { NO_MOVE_NOTE } from './empty-folders.js';
import type { DownloadMode } from './use-downloads.js';

export interface RowActions {
  readonly openFolder: (path: string) => void;
  readonly download: (item: ItemView, mode: DownloadMode) => Promise<void>;
  readonly openSlot: (slot: DialogSlot, items?: readonly ItemView[]) => void;
  readonly deleteRows: (rows: Row[]) => void;
  /** How to remove a folder only main keeps (New folder's, still empty); undefined for any other. */
  readonly removeEmptyFolder?: (path: string) => (() => void) | undefined;
}

export function rowMenuEntries(targets: Row[], actions: RowActions): MenuEntry[] {
  const its = targets.flatMap((r) => (r.entry.kind === 'item' ? [r.entry.item] : []));
  const first = targets[0];
  if (first?.entry.kind === 'folder' && targets.length === 1) {
    const path = first.entry.path;
    const remove = actions.removeEmptyFolder?.(path);
    return [
      { id: 'open', label: 'Open folder', onSelect: () => actions.openFolder(path) },
      // said rather than faked: the exchange has no move (issue 38 §10)
      { id: 'no-move', label: NO_MOVE_NOTE, disabled: true, onSelect: () => undefined },
      ...(remove ? [{ id: 'remove-folder', label: 'Remove empty folder', onSelect: remove }] : []),
    ];
  }
  const one = its.length === 1 ? its[0] : undefined;
  const own = its.length > 0 && its.every((i) => i.ownedByMe);
  return [
    { id: 'open', label: 'Open', disabled: !one, onSelect: () => one && void actions.download(one, 'open') },
    { id: 'save-as', label: 'Save as…', disabled: !one, onSelect: () => one && void actions.download(one, 'saveAs') },
    {
      id: 'manage-access',
      label: own || its.length === 0 ? 'Manage access…' : 'Who has access…',
      disabled: its.length === 0,
      onSelect: () => actions.openSlot('manageAccess', its),
    },
    ...signOffMenuEntries(its, actions.openSlot),
    describeEntry(its, actions.openSlot),
    ...renameEntries(its, actions.openSlot),
    ...(own
      ? [
          { id: 'rekey', label: SLOT_LABELS.rekey, disabled: !one, onSelect: () => actions.openSlot('rekey', its) },
          {
            id: 'delete',
            label: 'Delete…',
            danger: true,
            onSelect: () => actions.deleteRows(targets),
          },
        ]
      : []),
  ];
}
