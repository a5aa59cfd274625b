// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SLOT_LABELS, type DialogSlot, type SlotDialogProps } from '../lib/dialog-slots.js';
import { SLOT_DIALOGS, SlotDialog, type SlotDialogs } from './slot-dialogs.js';

afterEach(cleanup);

function stub(slot: DialogSlot) {
  return function Stub({ context }: SlotDialogProps) {
    return <p data-testid="stub">{`${slot} for ${context.profileId}`}</p>;
  };
}

describe('SlotDialog', () => {
  it('has a dialog registered for every slot', () => {
    expect(Object.keys(SLOT_DIALOGS).sort()).toEqual(Object.keys(SLOT_LABELS).sort());
  });

  it("shows the slot's own dialog with the context it was opened with", () => {
    const dialogs = Object.fromEntries(
      Object.keys(SLOT_LABELS).map((s) => [s, stub(s as DialogSlot)]),
    ) as unknown as SlotDialogs;
    render(<SlotDialog slot="activity" context={{ profileId: 'p1' }} dialogs={dialogs} onClose={() => {}} />);
    expect(screen.getByTestId('stub').textContent).toBe('activity for p1');
  });
});
