// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConflict, planConflicts, startConflicts, uploadList, type UploadFile } from './conflicts.js';
import { ConflictDialog } from './conflict-dialog.js';

afterEach(cleanup);

const existing = [
  { path: 'docs/1', fileName: 'a.pdf', ownedByMe: true },
  { path: 'docs/2', fileName: 'b.pdf', ownedByMe: true },
  { path: 'docs/3', fileName: 'c.pdf', ownedByMe: false },
];
const files = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'].map((name, i) => ({ ref: `r${i}`, relativePath: name }));

/** The dialog driven by the real planning functions, as the upload flow uses them. */
function Flow({ onDone }: { onDone: (list: UploadFile[]) => void }) {
  const plan = planConflicts('docs', files, existing);
  const [state, setState] = useState(startConflicts(plan));
  const first = state.pending[0];
  if (!first) return <p data-testid="done">done</p>;
  return (
    <ConflictDialog
      conflict={first}
      remaining={state.pending.length - 1}
      onAnswer={(choice, all) => {
        const next = answerConflict(state, choice, all);
        setState(next);
        if (next.pending.length === 0) onDone(uploadList(plan, next));
      }}
      onCancel={() => {}}
    />
  );
}

describe('ConflictDialog', () => {
  it('asks per file, then applies a choice to all remaining conflicts', () => {
    const onDone = vi.fn();
    render(<Flow onDone={onDone} />);
    expect(screen.getByRole('dialog').getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByTestId('conflict-name').textContent).toBe('a.pdf');
    // Keep both is the safe default.
    expect(document.activeElement).toBe(screen.getByTestId('conflict-keep-both'));
    fireEvent.click(screen.getByTestId('conflict-replace'));
    expect(screen.getByTestId('conflict-name').textContent).toBe('b.pdf');
    expect(screen.getByText('Apply to all 2 conflicts')).toBeTruthy();
    fireEvent.click(screen.getByTestId('conflict-apply-all'));
    fireEvent.click(screen.getByTestId('conflict-skip'));
    expect(screen.getByTestId('done')).toBeTruthy();
    expect(onDone).toHaveBeenCalledWith([
      { ref: 'r3', relativePath: 'd.pdf' },
      { ref: 'r0', relativePath: 'a.pdf', conflict: 'replace', replacePath: 'docs/1' },
    ]);
  });

  it('disables Replace for a document another organization owns, and says why', () => {
    const onAnswer = vi.fn();
    const conflict = { file: { ref: 'r', relativePath: 'c.pdf' }, existing: existing[2]! };
    render(<ConflictDialog conflict={conflict} remaining={0} onAnswer={onAnswer} onCancel={() => {}} />);
    expect((screen.getByTestId('conflict-replace') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/only its owner can replace it/)).toBeTruthy();
    expect(screen.queryByTestId('conflict-apply-all')).toBeNull();
    fireEvent.click(screen.getByTestId('conflict-keep-both'));
    expect(onAnswer).toHaveBeenCalledWith('keepBoth', false);
  });

  it('closes on Escape with the cancel callback', () => {
    const onCancel = vi.fn();
    render(
      <ConflictDialog
        conflict={{ file: { ref: 'r', relativePath: 'a.pdf' }, existing: existing[0]! }}
        remaining={0}
        onAnswer={() => {}}
        onCancel={onCancel}
      />,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
