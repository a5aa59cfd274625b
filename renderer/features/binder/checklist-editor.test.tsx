// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_TYPES } from '../../../shared/binder/document-types.js';
import { CHECKLIST_TEMPLATES } from '../../../shared/binder/templates.js';
import { addRow, draftOf, draftProblems, moveRow, removeRow } from './checklist-draft.js';
import { ChecklistEditor } from './checklist-editor.js';

afterEach(cleanup);

const SITE = 'd'.repeat(32);

function editor(onSave = vi.fn()) {
  render(
    <ChecklistEditor
      initial={[]}
      templates={CHECKLIST_TEMPLATES}
      types={DOCUMENT_TYPES}
      collaborators={[{ id: SITE, name: 'Riverside' }]}
      saving={false}
      onSave={onSave}
      onCancel={() => {}}
    />,
  );
  return onSave;
}

const titles = () => screen.getAllByTestId('item-title').map((i) => (i as HTMLInputElement).value);

describe('checklist draft', () => {
  it('adds with a unique id, moves within bounds, removes, and names what cannot be saved', () => {
    let rows = addRow([], 'cv', 'Curriculum vitae');
    rows = addRow(rows, 'cv', 'Curriculum vitae');
    expect(rows.map((r) => r.item.id)).toEqual(['curriculum-vitae', 'curriculum-vitae-2']);
    expect(moveRow(rows, rows[0]!.key, -1)).toEqual(rows);
    expect(moveRow(rows, rows[0]!.key, 1).map((r) => r.item.id)).toEqual(['curriculum-vitae-2', 'curriculum-vitae']);
    expect(removeRow(rows, rows[0]!.key)).toHaveLength(1);
    const bad = draftOf([
      { id: 'a', title: ' ', docType: 'cv', from: 'each-site' },
      { id: 'a', title: 'B', docType: 'cv', from: [], dueOn: '2026-02-30' },
    ]);
    expect(draftProblems(bad)).toEqual([
      'Item 1 needs a title.',
      'Item 2: the id "a" is used twice.',
      'Item 2: the due date is not a date.',
      'Item 2: choose at least one organization it is expected from.',
    ]);
  });
});

describe('ChecklistEditor', () => {
  it('starts from the sIRB template, reorders, removes, adds, sets fields, and saves the items in order', () => {
    const onSave = editor();
    expect(screen.getByTestId('checklist-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('checklist-use-template'));
    const template = CHECKLIST_TEMPLATES.find((t) => t.id === 'sirb-reliance')!;
    expect(titles()).toEqual(template.items.map((i) => i.title));
    // the second item up, the first (now second) removed
    fireEvent.click(screen.getByRole('button', { name: `Move ${template.items[1]!.title} up` }));
    expect(titles()[0]).toBe(template.items[1]!.title);
    fireEvent.click(screen.getByRole('button', { name: `Remove ${template.items[0]!.title}` }));
    expect(titles()).toHaveLength(template.items.length - 1);
    // a new item of a searched type
    fireEvent.change(screen.getByTestId('checklist-new-type-search'), { target: { value: 'lab cert' } });
    fireEvent.change(screen.getByTestId('checklist-new-type-list'), { target: { value: 'lab-certification' } });
    fireEvent.click(screen.getByTestId('checklist-add'));
    const last = screen.getAllByTestId('checklist-item').at(-1)!;
    expect((within(last).getByTestId('item-title') as HTMLInputElement).value).toBe('Laboratory certification');
    fireEvent.change(within(last).getByTestId('item-due'), { target: { value: '2026-12-31' } });
    fireEvent.click(within(last).getByTestId('item-needs-expiry'));
    fireEvent.change(within(last).getByTestId('item-from'), { target: { value: 'chosen' } });
    fireEvent.click(within(last).getByRole('checkbox', { name: 'Riverside' }));
    fireEvent.change(within(last).getByTestId('item-signoff'), { target: { value: 'reviewed' } });
    fireEvent.click(screen.getByTestId('checklist-save'));
    const saved = onSave.mock.calls[0]![0] as { id: string }[];
    expect(saved).toHaveLength(template.items.length);
    expect(saved[0]!.id).toBe(template.items[1]!.id);
    expect(saved.at(-1)).toEqual({
      id: 'laboratory-certification',
      title: 'Laboratory certification',
      docType: 'lab-certification',
      from: [SITE],
      required: true,
      dueOn: '2026-12-31',
      needsExpiry: true,
      signOff: 'reviewed',
    });
  });

  it('does not save a list with an item without a title, and says why', () => {
    const onSave = editor();
    fireEvent.click(screen.getByTestId('checklist-use-template'));
    fireEvent.change(screen.getAllByTestId('item-title')[2]!, { target: { value: '' } });
    expect(screen.getByTestId('checklist-problems').textContent).toBe('Item 3 needs a title.');
    expect((screen.getByTestId('checklist-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('checklist-save'));
    expect(onSave).not.toHaveBeenCalled();
  });
});
