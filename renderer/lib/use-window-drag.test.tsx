// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DROP_FOLDER_ATTRIBUTE, useWindowFileDrag } from './use-window-drag.js';

afterEach(cleanup);

/** A drag event as the desktop sends it: its DataTransfer lists "Files". */
function fileDrag(type: string, target: Element, relatedTarget: Element | null = null): Event {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], dropEffect: 'none' } });
  Object.defineProperty(event, 'relatedTarget', { value: relatedTarget });
  act(() => void target.dispatchEvent(event));
  return event;
}

function Harness({ onDrop }: { onDrop?: (folder: string, data: DataTransfer) => void }) {
  const target = useWindowFileDrag({ folder: 'Consent forms', onDrop });
  return (
    <div>
      <header data-testid="chrome">chrome</header>
      <div data-testid="row" {...{ [DROP_FOLDER_ATTRIBUTE]: 'Consent forms/Archive' }}>
        <span data-testid="inside-row">Archive</span>
      </div>
      <output data-testid="target">{target ?? 'none'}</output>
      <div className="dialog-backdrop">
        <p data-testid="dialog-body">Import a certificate</p>
        <input type="file" data-testid="file-input" aria-label="Certificate file" />
      </div>
    </div>
  );
}

describe('useWindowFileDrag', () => {
  it('names the current folder over any part of the window, a marked folder under the pointer, and ends when the drag leaves', () => {
    render(<Harness onDrop={() => {}} />);
    expect(screen.getByTestId('target').textContent).toBe('none');
    const over = fileDrag('dragover', screen.getByTestId('chrome'));
    expect(screen.getByTestId('target').textContent).toBe('Consent forms');
    expect(over.defaultPrevented).toBe(true);
    fileDrag('dragover', screen.getByTestId('inside-row'));
    expect(screen.getByTestId('target').textContent).toBe('Consent forms/Archive');
    // Moving between elements is not leaving; leaving the window (nothing entered) is.
    fileDrag('dragleave', screen.getByTestId('inside-row'), screen.getByTestId('chrome'));
    expect(screen.getByTestId('target').textContent).toBe('Consent forms/Archive');
    fileDrag('dragleave', screen.getByTestId('chrome'));
    expect(screen.getByTestId('target').textContent).toBe('none');
  });

  it('uploads a drop outside any target to the current folder', () => {
    const onDrop = vi.fn();
    render(<Harness onDrop={onDrop} />);
    fileDrag('dragover', screen.getByTestId('chrome'));
    const drop = fileDrag('drop', screen.getByTestId('chrome'));
    expect(drop.defaultPrevented).toBe(true);
    expect(onDrop).toHaveBeenCalledWith('Consent forms', expect.objectContaining({ types: ['Files'] }));
    expect(screen.getByTestId('target').textContent).toBe('none');
  });

  it('leaves drags over a dialog to it: a file input there takes its own drop, nothing is uploaded', () => {
    const onDrop = vi.fn();
    render(<Harness onDrop={onDrop} />);
    fileDrag('dragover', screen.getByTestId('chrome'));
    const over = fileDrag('dragover', screen.getByTestId('file-input'));
    expect(screen.getByTestId('target').textContent).toBe('none');
    expect(over.defaultPrevented).toBe(false);
    expect(fileDrag('drop', screen.getByTestId('file-input')).defaultPrevented).toBe(false);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('refuses a drop anywhere else over a dialog, so the page never opens the file and loses the dialog', () => {
    const onDrop = vi.fn();
    render(<Harness onDrop={onDrop} />);
    const over = fileDrag('dragover', screen.getByTestId('dialog-body'));
    expect(over.defaultPrevented).toBe(true);
    expect((over as unknown as { dataTransfer: { dropEffect: string } }).dataTransfer.dropEffect).toBe('none');
    expect(screen.getByTestId('target').textContent).toBe('none');
    expect(fileDrag('drop', screen.getByTestId('dialog-body')).defaultPrevented).toBe(true);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('refuses a drop when there is nowhere to upload, so the page never opens the file', () => {
    render(<Harness />);
    const over = fileDrag('dragover', screen.getByTestId('chrome'));
    expect((over as unknown as { dataTransfer: { dropEffect: string } }).dataTransfer.dropEffect).toBe('none');
    expect(fileDrag('drop', screen.getByTestId('chrome')).defaultPrevented).toBe(true);
  });
});
