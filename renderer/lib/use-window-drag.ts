// Files dragged from the desktop anywhere over the window: which folder a drop there would go to
// (the folder row or tree item under the pointer, marked `data-drop-folder`, else the current
// folder), and a drop outside any such target uploads to the current folder. Without an `onDrop`
// (no study open) a drop is refused, so the browser never navigates away to the dropped file.
import { useEffect, useRef, useState } from 'react';

export const DROP_FOLDER_ATTRIBUTE = 'data-drop-folder';

const hasFiles = (event: DragEvent): boolean => [...(event.dataTransfer?.types ?? [])].includes('Files');

const closest = (event: DragEvent, selector: string): boolean =>
  event.target instanceof Element && !!event.target.closest(selector);
/** Drags over a dialog (and its backdrop) or onto a file input are never uploaded. */
const OWN_DROPS = '.dialog-backdrop, input[type="file"]';
const forUpload = (event: DragEvent): boolean => hasFiles(event) && !closest(event, OWN_DROPS);
/**
 * Over a dialog, only its file input takes a file; anywhere else there the drop is refused, or
 * the browser would navigate to the file and the dialog's unsaved state would be lost.
 */
const refusedByDialog = (event: DragEvent): boolean =>
  hasFiles(event) && closest(event, '.dialog-backdrop') && !closest(event, 'input[type="file"]');

/** The folder a drop on `target` goes to: the nearest marked folder, else `current`. */
export function dropFolderOf(target: EventTarget | null, current: string): string {
  const marked = target instanceof Element ? target.closest(`[${DROP_FOLDER_ATTRIBUTE}]`) : null;
  return marked?.getAttribute(DROP_FOLDER_ATTRIBUTE) ?? current;
}

interface WindowDragOptions {
  /** The folder shown (the study's root is ''). */
  readonly folder?: string;
  /** Files dropped where no target took them; absent: drops are refused. */
  readonly onDrop?: (folder: string, data: DataTransfer) => void;
}

/** While files are dragged over the window: the folder a drop would go to (undefined: no drag). */
export function useWindowFileDrag({ folder = '', onDrop }: WindowDragOptions): string | undefined {
  const [target, setTarget] = useState<string | undefined>();
  const latest = useRef({ folder, onDrop });
  latest.current = { folder, onDrop };

  useEffect(() => {
    // Capture: seen even where a row or the list stops the event for its own drop.
    const over = (e: DragEvent): void => {
      if (!forUpload(e)) {
        setTarget(undefined);
        return;
      }
      const next = dropFolderOf(e.target, latest.current.folder);
      setTarget((t) => (t === next ? t : next));
    };
    const end = (e: DragEvent): void => {
      // Leaving the window (no element entered), a drop or a cancelled drag ends the hint.
      if (e.type === 'dragleave' && e.relatedTarget !== null) return;
      setTarget(undefined);
    };
    // Bubble: only what no row, tree item or list took for itself.
    const allow = (e: DragEvent): void => {
      if (refusedByDialog(e)) {
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'none';
        return;
      }
      if (!forUpload(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = latest.current.onDrop ? 'copy' : 'none';
    };
    const drop = (e: DragEvent): void => {
      if (refusedByDialog(e)) return void e.preventDefault();
      if (!forUpload(e)) return;
      e.preventDefault();
      const { folder: current, onDrop: take } = latest.current;
      if (take && e.dataTransfer) take(current, e.dataTransfer);
    };
    const listeners: [string, (e: DragEvent) => void, boolean][] = [
      ['dragenter', over, true],
      ['dragover', over, true],
      ['dragleave', end, true],
      ['drop', end, true],
      ['dragend', end, true],
      ['dragover', allow, false],
      ['drop', drop, false],
    ];
    for (const [type, listener, capture] of listeners)
      window.addEventListener(type, listener as EventListener, capture);
    return () => {
      for (const [type, listener, capture] of listeners)
        window.removeEventListener(type, listener as EventListener, capture);
    };
  }, []);
  return target;
}
