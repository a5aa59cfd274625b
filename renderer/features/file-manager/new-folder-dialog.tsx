// New folder…: a folder in the folder shown. The exchange keeps folders only as parts of document
// paths, so the app keeps the new one for this profile until a document is put in it, and
// documents already on the exchange cannot be moved into it: the dialog says both.
import { useState } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';
import type { FileTree } from '../../lib/file-tree.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { NO_MOVE_NOTE, newFolderPath } from './empty-folders.js';

interface NewFolderDialogProps {
  readonly tree: FileTree;
  readonly parent: string;
  readonly parentLabel: string;
  readonly onCreate: (path: string) => void;
  readonly onClose: () => void;
  /** Main is keeping the folder. */
  readonly busy?: boolean;
  /** Why main did not keep it. */
  readonly problem?: AppError;
}

export function NewFolderDialog({ tree, parent, parentLabel, onCreate, onClose, busy, problem }: NewFolderDialogProps) {
  const [name, setName] = useState('');
  const check = newFolderPath(tree, parent, name);
  const create = () => {
    if (check.ok && !busy) onCreate(check.path);
  };
  return (
    <Dialog
      title="New folder"
      onClose={onClose}
      testId="new-folder-dialog"
      actions={
        <>
          <button type="button" data-testid="new-folder-create" disabled={!check.ok || busy} onClick={create}>
            Create
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create();
        }}
      >
        <label className="field-label" htmlFor="new-folder-name">
          {`Name of the new folder in “${parentLabel}”`}
        </label>
        <input
          id="new-folder-name"
          className="name-input"
          type="text"
          data-autofocus
          data-testid="new-folder-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-describedby="new-folder-hint"
        />
        {name.trim() && !check.ok ? (
          <p className="warning" role="status">
            {check.reason}
          </p>
        ) : null}
        {problem ? <ErrorDisplay context="The folder could not be made." error={problem} onRetry={create} /> : null}
        <p id="new-folder-hint" className="muted" data-testid="new-folder-note">
          The folder is kept on this computer, for this profile, until you upload a document into it: the exchange keeps
          folders only as part of a document’s place. {NO_MOVE_NOTE}: upload into the new folder, then delete the old
          copy if you want it gone.
        </p>
      </form>
    </Dialog>
  );
}
