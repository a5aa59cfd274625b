// Slot → dialog. Issue 7 replaces the placeholders by adding entries to SLOT_DIALOGS.
import type { ComponentType } from 'react';
import { Dialog } from '../components/common/dialog.js';
import { SLOT_LABELS, type DialogSlot, type SlotContext } from './dialog-slots.js';

export interface SlotDialogProps {
  readonly context: SlotContext;
  readonly onClose: () => void;
}

export const SLOT_DIALOGS: Partial<Record<DialogSlot, ComponentType<SlotDialogProps>>> = {};

export function SlotDialog({ slot, context, onClose }: SlotDialogProps & { readonly slot: DialogSlot }) {
  const Implemented = SLOT_DIALOGS[slot];
  if (Implemented) return <Implemented context={context} onClose={onClose} />;
  const title = SLOT_LABELS[slot].replace('…', '');
  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId={`slot-dialog-${slot}`}
      actions={
        <button type="button" data-autofocus onClick={onClose}>
          Close
        </button>
      }
    >
      <p>{title} is not available yet in this version; it arrives with the next update of the app.</p>
    </Dialog>
  );
}
