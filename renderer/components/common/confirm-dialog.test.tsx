// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.js';

afterEach(cleanup);

function Opener({ onConfirm, platform }: { onConfirm: () => void; platform?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete…
      </button>
      {open ? (
        <ConfirmDialog
          title="Delete this item?"
          message="It will be removed for every organization."
          confirmLabel="Delete"
          platform={platform}
          onConfirm={() => {
            setOpen(false);
            onConfirm();
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('focuses the safe button, and returns focus to the opener when closed', () => {
    const onConfirm = vi.fn();
    render(<Opener onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete…' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('confirms only through the destructive button; Windows puts it first', () => {
    const onConfirm = vi.fn();
    render(<Opener onConfirm={onConfirm} platform="win32" />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const buttons = screen.getByRole('alertdialog').querySelectorAll('.dialog-actions button');
    expect([...buttons].map((b) => b.textContent)).toEqual(['Delete', 'Cancel']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', () => {
    render(<Opener onConfirm={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = screen.getByRole('alertdialog');
    const del = screen.getByRole('button', { name: 'Delete' });
    del.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('Cancel');
  });
});
