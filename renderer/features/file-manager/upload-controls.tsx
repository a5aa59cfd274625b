// "Upload…" and "Upload folder…": native pickers in Electron (files.pick), <input type=file> in
// the browser host. The inputs stay in the DOM (visually hidden) so tests can set files on them.
// Compact (a narrow toolbar with a selection's actions to keep), "Upload folder…" folds into a
// menu beside Upload… first, before the selection's actions would fold into More.
import { useRef } from 'react';
import { filesFromInput, type DroppedFile } from '../../lib/drop-walk.js';
import { OverflowMenu } from '../../components/common/overflow-menu.js';

interface UploadControlsProps {
  readonly disabled: boolean;
  readonly nativeFiles: boolean;
  readonly onFiles: (files: DroppedFile[], folder: boolean) => void;
  readonly onNativePick: (folders: boolean) => void;
  readonly compact?: boolean;
}

export function UploadControls({ disabled, nativeFiles, onFiles, onNativePick, compact }: UploadControlsProps) {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const take = (input: HTMLInputElement): void => {
    if (input.files?.length) onFiles(filesFromInput(input.files), input === folderInput.current);
    input.value = '';
  };
  const pickFolder = (): void => (nativeFiles ? onNativePick(true) : folderInput.current?.click());
  return (
    <div className="upload-controls">
      <button
        type="button"
        className="primary"
        disabled={disabled}
        data-testid="upload-button"
        onClick={() => (nativeFiles ? onNativePick(false) : filesInput.current?.click())}
      >
        Upload…
      </button>
      {compact ? (
        <OverflowMenu
          testId="upload-more"
          label="Upload"
          text=""
          buttonLabel="More ways to upload"
          entries={[{ id: 'upload-folder', label: 'Upload folder…', disabled, onSelect: pickFolder }]}
        />
      ) : (
        <button type="button" disabled={disabled} data-testid="upload-folder-button" onClick={pickFolder}>
          Upload folder…
        </button>
      )}
      <input
        ref={filesInput}
        type="file"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Files to upload"
        data-testid="upload-input"
        onChange={(e) => take(e.currentTarget)}
      />
      <input
        ref={(el) => {
          folderInput.current = el;
          // webkitdirectory is not in React's typings; set it on the element.
          if (el) el.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Folder to upload"
        data-testid="upload-folder-input"
        onChange={(e) => take(e.currentTarget)}
      />
    </div>
  );
}
