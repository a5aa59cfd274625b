// A name conflict on upload: replace (new version) / keep both / skip, with "apply to all".
import { useState } from 'react';
import type { Conflict, ConflictChoice } from './conflicts.js';
import { Dialog } from '../../components/common/dialog.js';

interface ConflictDialogProps {
  readonly conflict: Conflict;
  /** Conflicts still waiting after this one. */
  readonly remaining: number;
  readonly onAnswer: (choice: ConflictChoice, applyToAll: boolean) => void;
  readonly onCancel: () => void;
}

export function ConflictDialog({ conflict, remaining, onAnswer, onCancel }: ConflictDialogProps) {
  const [applyToAll, setApplyToAll] = useState(false);
  const canReplace = conflict.existing.ownedByMe;
  return (
    <Dialog title="A document with this name already exists" onClose={onCancel} testId="conflict-dialog">
      <p>
        <strong data-testid="conflict-name">{conflict.file.relativePath}</strong>: a document with this name is already
        in the folder.
      </p>
      <ul className="choice-list">
        <li>
          <button
            type="button"
            data-autofocus
            data-testid="conflict-keep-both"
            onClick={() => onAnswer('keepBoth', applyToAll)}
          >
            Keep both
          </button>{' '}
          Upload it as another document and leave the existing one as it is.
        </li>
        <li>
          <button
            type="button"
            data-testid="conflict-replace"
            disabled={!canReplace}
            onClick={() => onAnswer('replace', applyToAll)}
          >
            Replace
          </button>{' '}
          {canReplace
            ? 'Upload it as a new version of the existing document.'
            : 'Not possible here: the existing document belongs to another organization, and only its owner can replace it.'}
        </li>
        <li>
          <button type="button" data-testid="conflict-skip" onClick={() => onAnswer('skip', applyToAll)}>
            Skip
          </button>{' '}
          Do not upload this file.
        </li>
      </ul>
      {remaining > 0 ? (
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="conflict-apply-all"
            checked={applyToAll}
            onChange={(e) => setApplyToAll(e.target.checked)}
          />
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
