// A document the open rule refused (shared/open-rule.ts): it names the file's real type and
// offers to keep it instead; nothing was written or handed to another program.
import { Dialog } from '../../components/common/dialog.js';

export interface BlockedOpen {
  readonly fileName: string;
  readonly realType: string;
  readonly reason: string;
}

interface BlockedOpenDialogProps {
  readonly blocked: BlockedOpen;
  readonly onSaveAs: () => void;
  readonly onShowInFolder?: () => void;
  readonly onClose: () => void;
}

export function BlockedOpenDialog({ blocked, onSaveAs, onShowInFolder, onClose }: BlockedOpenDialogProps) {
  return (
    <Dialog
      title="Not opened"
      role="alertdialog"
      testId="blocked-open-dialog"
      onClose={onClose}
      actions={[
        <button key="close" type="button" data-autofocus onClick={onClose}>
          Close
        </button>,
        ...(onShowInFolder
          ? [
              <button key="show" type="button" data-testid="blocked-show-in-folder" onClick={onShowInFolder}>
                Show in folder
              </button>,
            ]
          : []),
        <button key="save" type="button" data-testid="blocked-save-as" onClick={onSaveAs}>
          Save as…
        </button>,
      ]}
    >
      <p>
        “<span data-testid="blocked-file-name">{blocked.fileName}</span>” is{' '}
        <strong data-testid="blocked-real-type">{blocked.realType}</strong>, not a document the app opens for you.
      </p>
      <p>{blocked.reason} Save it only if you expected it from the sender, and check it before you run it.</p>
    </Dialog>
  );
}
