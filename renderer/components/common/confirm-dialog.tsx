// Confirmation for destructive actions: the safe button ("Cancel") has the initial focus, so
// Enter does nothing harmful; button order follows the platform.
import { Dialog } from './dialog.js';

interface ConfirmDialogProps {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** Windows puts the action first; macOS and Linux put Cancel first. */
  readonly platform?: string;
}

export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel, platform }: ConfirmDialogProps) {
  const cancel = (
    <button key="cancel" type="button" data-autofocus onClick={onCancel}>
      Cancel
    </button>
  );
  const confirm = (
    <button key="confirm" type="button" className="danger" onClick={onConfirm}>
      {confirmLabel}
    </button>
  );
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      role="alertdialog"
      testId="confirm-dialog"
      actions={platform === 'win32' ? [confirm, cancel] : [cancel, confirm]}
    >
      <p>{message}</p>
    </Dialog>
  );
}
