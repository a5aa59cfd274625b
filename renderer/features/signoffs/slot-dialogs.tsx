// Slot → dialog for the sign-off slots (dialogs/slot-dialogs.tsx spreads them into its map).
import type { ComponentType } from 'react';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { RequestSlotDialog } from './request-slot.js';
import { RequestedDialog } from './requested-dialog.js';
import { SignOffSlotDialog } from './sign-off-slot.js';
import type { SignOffSlot } from './slots.js';
import './signoffs.css';

export const SIGNOFF_SLOT_DIALOGS: Readonly<Record<SignOffSlot, ComponentType<SlotDialogProps>>> = {
  signOff: SignOffSlotDialog,
  requestSignOff: RequestSlotDialog,
  requestedSignOffs: RequestedDialog,
};
