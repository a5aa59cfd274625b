// The pill that names where files dragged over the window would go (or why they cannot be dropped).
import { Upload } from 'lucide-react';
import { useWindowFileDrag } from '../../lib/use-window-drag.js';

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
  return dragging ? <DropHint refused text="No study is open: choose a study on the left, then drop the files on it." /> : null;
}
