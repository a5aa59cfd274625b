// New folder…: a folder in the folder shown. The exchange keeps folders only as parts of document
// paths, so the new one lives in this window until a document is put in it, and documents
// already on the exchange cannot be moved into it: the dialog says both.
import { useState } from 'react';
import type { FileTree } from '../../lib/file-tree.js';
import { Dialog } from '../../components/common/dialog.js';
import { NO_MOVE_NOTE, newFolderPath } from './empty-folders.js';

interface NewFolderDialogProps {
  readonly tree: FileTree;
  readonly parent: string;
  readonly parentLabel: string;
  readonly onCreate: (path: string) => void;
  readonly onClose: () => void;
}

export function NewFolderDialog({ tree, parent, parentLabel, onCreate, onClose }: NewFolderDialogProps) {
  const [name, setName] = useState('');
  const check = newFolderPath(tree, parent, name);
  const create = () => {
    if (check.ok) onCreate(check.path);
  };
  return (
    <Dialog
      title="New folder"
      onClose={onClose}
      testId="new-folder-dialog"
      actions={
        <>
          <button type="button" data-testid="new-folder-create" disabled={!check.ok} onClick={create}>
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
        <p id="new-folder-hint" className="muted" data-testid="new-folder-note">
          The folder stays in this window until you upload a document into it: the exchange keeps folders only as part
          of a document’s place. {NO_MOVE_NOTE}: upload into the new folder, then delete the old copy if you want it
          gone.
        </p>
      </form>
    </Dialog>
  );
}
