// Asked before a format that can carry code is opened (shared/open-rule.ts): it names the file's
// type and the risk, and offers to keep the file instead. Cancel is the safe default; main opens
// nothing unless Open anyway sends the user's choice with the call.
import { Dialog } from '../../components/common/dialog.js';

export interface OpenRisk {
  readonly fileName: string;
  readonly realType: string;
  readonly risk: string;
}

interface OpenRiskDialogProps {
  readonly asked: OpenRisk;
  readonly onOpenAnyway: () => void;
  readonly onSaveAs: () => void;
  readonly onCancel: () => void;
}

export function OpenRiskDialog({ asked, onOpenAnyway, onSaveAs, onCancel }: OpenRiskDialogProps) {
  return (
    <Dialog
      title="Open this file?"
      role="alertdialog"
      testId="open-risk-dialog"
      onClose={onCancel}
      actions={[
        <button key="cancel" type="button" data-autofocus data-testid="open-risk-cancel" onClick={onCancel}>
          Cancel
        </button>,
        <button key="save" type="button" data-testid="open-risk-save-as" onClick={onSaveAs}>
          Save as…
        </button>,
        <button key="open" type="button" className="danger" data-testid="open-risk-open" onClick={onOpenAnyway}>
          Open anyway
        </button>,
      ]}
    >
      <p>
        “<span data-testid="open-risk-file-name">{asked.fileName}</span>” is{' '}
        <strong data-testid="open-risk-type">{asked.realType}</strong>.
      </p>
      <p data-testid="open-risk-text">{asked.risk}</p>
      <p>Open it only if you expected it from the sender. To check it first, save it instead.</p>
    </Dialog>
  );
}
