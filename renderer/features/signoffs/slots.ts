// The sign-off dialogs the window opens by slot (lib/dialog-slots.ts): Sign off… (the selected
// documents), Ask for sign-off… (one document its owner holds), Sign-offs requested (this
// organization's list). Their components are in slot-dialogs.tsx.
export type SignOffSlot = 'signOff' | 'requestSignOff' | 'requestedSignOffs';

export const SIGNOFF_SLOT_LABELS: Readonly<Record<SignOffSlot, string>> = {
  signOff: 'Sign off…',
  requestSignOff: 'Ask for sign-off…',
  requestedSignOffs: 'Sign-offs requested…',
};
