// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.js';

afterEach(cleanup);

describe('Dialog', () => {
  it('closes on Escape even after the focused control disappeared (focus on the page)', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Collaborators" onClose={onClose}>
        <p>body</p>
      </Dialog>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with a dialog opened inside another, Escape from the page closes only the topmost', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Dialog title="Outer" onClose={outer}>
        <Dialog title="Inner" onClose={inner} role="alertdialog">
          <p>sure?</p>
        </Dialog>
      </Dialog>,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    // From inside the inner dialog, its own handler closes it and the outer one hears nothing.
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(2);
    expect(outer).not.toHaveBeenCalled();
  });
});
