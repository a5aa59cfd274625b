// Rename… (slot 'rename'): a document's name and file name. Main saves its header again with the
// same content at the same path, so who has it, its receipts and its sign-offs stay as they are.
import { useState } from 'react';
import { renameTo } from '../../../shared/file-manager/rename.js';
import { headerName, shownName } from '../../../shared/headers.js';
import { toAppError } from '../../bridge/api.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { renamable } from './rename-entry.js';
import { useRename } from './use-rename.js';

export function RenameDialog({ context, onClose }: SlotDialogProps) {
  const item = renamable(context.items ?? []);
  const current = item ? shownName(item.decryptedHeader, item.path.split('/').pop() ?? item.path) : '';
  const [name, setName] = useState(current);
  const [touched, setTouched] = useState(false);
  const rename = useRename(context.profileId, context.containerId ?? '');
  const check = item ? renameTo(headerName(item.decryptedHeader) || current, name) : undefined;
  const save = () => {
    if (!item || !check?.ok) return;
    rename.mutate({ itemPath: item.path, name }, { onSuccess: onClose });
  };
  return (
    <Dialog
      title="Rename document"
      onClose={onClose}
      testId="rename-dialog"
      actions={
        <>
          <button type="button" data-testid="rename-save" disabled={!check?.ok || rename.isPending} onClick={save}>
            {rename.isPending ? 'Renaming…' : 'Rename'}
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      {item ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label className="field-label" htmlFor="rename-name">
            New name
          </label>
          <input
            id="rename-name"
            className="name-input"
            type="text"
            data-autofocus
            data-testid="rename-input"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
            }}
            aria-describedby="rename-hint"
          />
          <p id="rename-hint" className="muted">
            {touched && check && !check.ok
              ? check.reason
              : check?.ok && check.name !== name.trim()
                ? `It will be saved as “${check.name}”.`
                : 'Everyone with access sees the new name. Its receipts and sign-offs stay: the content is the same.'}
          </p>
        </form>
      ) : (
        <p>Only a document of your organization can be renamed.</p>
      )}
      {rename.error ? (
        <ErrorDisplay context="The document could not be renamed." error={toAppError(rename.error)} onRetry={save} />
      ) : null}
    </Dialog>
  );
}
