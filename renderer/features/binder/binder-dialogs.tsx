// Slot → the binder's dialogs (dialogs/slot-dialogs.tsx spreads this in).
import type { ComponentType } from 'react';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { BinderDialog } from './binder-dialog.js';
import { DescribeDialog } from './describe-dialog.js';
import { ExpiringDialog } from './expiring-dialog.js';
import type { BinderSlot } from './slots.js';

export const BINDER_DIALOGS: Readonly<Record<BinderSlot, ComponentType<SlotDialogProps>>> = {
  binder: BinderDialog,
  expiring: ExpiringDialog,
  describe: DescribeDialog,
};
