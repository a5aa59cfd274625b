// The pill that names where files dragged over the window would go (or why they cannot be dropped).
import { Upload } from 'lucide-react';
import { shownText } from '../../../shared/shown-text.js';
import { useWindowFileDrag } from '../../lib/use-window-drag.js';

/** "Drop to upload to “<folder>”": the folder's name (another organization may have chosen it) cleaned and cut. */
export function dropHintText(folderName: string): string {
  return `Drop to upload to “${shownText(folderName, 60)}”`;
}

export function DropHint({ text, refused = false }: { readonly text: string; readonly refused?: boolean }) {
  return (
    <div className={`drop-hint ${refused ? 'refused' : ''}`} data-testid="drop-hint" aria-hidden="true">
      <Upload size={16} aria-hidden="true" />
      <span className="drop-hint-text">{text}</span>
    </div>
  );
}

/** With no study open, files dragged over the window are told where they cannot go (and a drop does nothing). */
export function NoStudyDropHint() {
  const dragging = useWindowFileDrag({}) !== undefined;
  return dragging ? (
    <DropHint refused text="No study is open: choose a study on the left, then drop the files on it." />
  ) : null;
}
