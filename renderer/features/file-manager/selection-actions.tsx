// The selection's actions (Open, Save as…, Manage access…) on the toolbar while the details pane is
// closed: otherwise they would be only in the row's context menu, with nothing on screen to say so.
// First in the bar, so they are what stays inline; study actions fold into More before them.
import type { ItemView } from '../../../shared/ipc/views.js';
import type { FoldAction } from '../../components/common/folding-actions.js';
import { allSignable } from '../signoffs/signable.js';
import { renamable } from './rename-entry.js';

interface SelectionHandlers {
  readonly onOpen: (item: ItemView) => void;
  readonly onSaveAs: (item: ItemView) => void;
  readonly onManageAccess: (items: readonly ItemView[]) => void;
  /** Sign off… the selected documents (features/signoffs). */
  readonly onSignOff?: (items: readonly ItemView[]) => void;
  /** Rename… one own document (features/file-manager). */
  readonly onRename?: (item: ItemView) => void;
}

function action(id: string, label: string, onSelect: () => void): FoldAction {
  return {
    id,
    label,
    onSelect,
    button: (
      <button type="button" data-testid={id} onClick={onSelect}>
        {label}
      </button>
    ),
  };
}

/** What the selected items offer: Open for one document, Save as… for one item, Manage access… for any items, Sign off… for documents. */
export function selectionActions(items: readonly ItemView[], handlers: SelectionHandlers): FoldAction[] {
  const one = items.length === 1 ? items[0] : undefined;
  const isDocument = !!one && (!one.decryptedHeader || one.decryptedHeader.type === 'document');
  return [
    ...(one && isDocument ? [action('selection-open', 'Open', () => handlers.onOpen(one))] : []),
    ...(one ? [action('selection-save-as', 'Save as…', () => handlers.onSaveAs(one))] : []),
    ...(items.length > 0
      ? [
          action(
            'selection-manage-access',
            items.every((i) => i.ownedByMe) ? 'Manage access…' : 'Who has access…',
            () => handlers.onManageAccess(items),
          ),
        ]
      : []),
    ...(handlers.onSignOff && allSignable(items)
      ? [action('selection-sign-off', 'Sign off…', () => handlers.onSignOff?.(items))]
      : []),
    ...(handlers.onRename && renamable(items)
      ? [action('selection-rename', 'Rename…', () => handlers.onRename?.(items[0]!))]
      : []),
  ];
}
