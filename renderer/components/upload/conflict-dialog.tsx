// A name conflict on upload: replace (new version) / keep both / skip, with "apply to all".
import { useState } from 'react';
import type { ConflictChoice } from '../../lib/conflicts.js';
import { Dialog } from '../common/dialog.js';

export interface ConflictDialogProps {
  /** The item path that already exists. */
  readonly path: string;
  /** Conflicts still waiting after this one. */
  readonly remaining: number;
  readonly onAnswer: (choice: ConflictChoice, applyToAll: boolean) => void;
  readonly onCancel: () => void;
}

export function ConflictDialog({ path, remaining, onAnswer, onCancel }: ConflictDialogProps) {
  const [applyToAll, setApplyToAll] = useState(false);
  return (
    <Dialog title="A document with this name already exists" onClose={onCancel} testId="conflict-dialog">
      <p>
        <strong>{path}</strong> is already in this study.
      </p>
      <ul className="choice-list">
        <li>
          <button type="button" data-autofocus onClick={() => onAnswer('keepBoth', applyToAll)}>
            Keep both
          </button>{' '}
          Upload under a new name and leave the existing document as it is.
        </li>
        <li>
          <button type="button" onClick={() => onAnswer('replace', applyToAll)}>
            Replace
          </button>{' '}
          Upload as a new version of the existing document.
        </li>
        <li>
          <button type="button" onClick={() => onAnswer('skip', applyToAll)}>
            Skip
          </button>{' '}
          Do not upload this file.
        </li>
      </ul>
      {remaining > 0 ? (
        <label className="checkbox">
          <input type="checkbox" checked={applyToAll} onChange={(e) => setApplyToAll(e.target.checked)} />
          Apply to all {remaining + 1} conflicts
        </label>
      ) : null}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel upload
        </button>
      </div>
    </Dialog>
  );
}
