// The owner's expected documents (decisions §9): start from a template, add, remove and reorder
// items, and set each one's fields. One fieldset per item (a table of nine columns does not fit
// at 1024 px); every control is a native one, so it is reachable and named for the keyboard.
import { useState } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import {
  addRow,
  changeRow,
  draftOf,
  draftProblems,
  moveRow,
  removeRow,
  toChecklistItems,
  type DraftRow,
} from './checklist-draft.js';
import type { ChecklistItem } from '../../../shared/binder/checklist.js';
import type { SignOffMeaning } from '../../../shared/signoffs/meanings.js';
import type { ChecklistTemplate } from '../../../shared/binder/views.js';
import { MeaningOptions } from '../signoffs/meaning-options.js';
import { TypePicker, type TypeChoice } from './type-picker.js';

export interface Collaborator {
  readonly id: string;
  readonly name: string;
}

interface ChecklistEditorProps {
  readonly initial: readonly ChecklistItem[];
  readonly templates: readonly ChecklistTemplate[];
  readonly types: readonly TypeChoice[];
  readonly collaborators: readonly Collaborator[];
  readonly saving: boolean;
  readonly error?: AppError;
  readonly onSave: (items: ChecklistItem[]) => void;
  readonly onCancel: () => void;
}

function TypeSelect({
  value,
  types,
  onChange,
  label,
}: {
  value: string;
  types: readonly TypeChoice[];
  onChange: (code: string) => void;
  label: string;
}) {
  const groups = [...new Set(types.map((t) => t.group))];
  const known = types.some((t) => t.code === value);
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid="item-type">
      {known ? null : <option value={value}>{`${shownText(value)} (not known to this app)`}</option>}
      {groups.map((g) => (
        <optgroup key={g} label={g}>
          {types
            .filter((t) => t.group === g)
            .map((t) => (
              <option key={t.code} value={t.code}>
                {t.name}
              </option>
            ))}
        </optgroup>
      ))}
    </select>
  );
}

function ItemFields({
  row,
  index,
  count,
  types,
  collaborators,
  onChange,
  onMove,
  onRemove,
}: {
  row: DraftRow;
  index: number;
  count: number;
  types: readonly TypeChoice[];
  collaborators: readonly Collaborator[];
  onChange: (change: Partial<ChecklistItem>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { item } = row;
  const title = shownText(item.title) || `Item ${index + 1}`;
  const fromKind = Array.isArray(item.from) ? 'chosen' : (item.from as string);
  const chosen: readonly string[] = Array.isArray(item.from) ? item.from : [];
  return (
    <fieldset className="checklist-item" data-testid="checklist-item" data-id={item.id}>
      <legend>{`${index + 1}. ${title}`}</legend>
      <div className="checklist-fields">
        <label className="field-label">
          Title
          <input
            type="text"
            value={item.title}
            maxLength={200}
            data-testid="item-title"
            onChange={(e) => onChange({ title: e.target.value })}
          />
        </label>
        <label className="field-label">
          Type
          <TypeSelect
            label={`Type of ${title}`}
            value={item.docType}
            types={types}
            onChange={(docType) => onChange({ docType })}
          />
        </label>
        <label className="field-label">
          From
          <select
            value={fromKind}
            data-testid="item-from"
            onChange={(e) =>
              onChange({
                from: e.target.value === 'chosen' ? [...chosen] : (e.target.value as 'each-site' | 'owner'),
              })
            }
          >
            <option value="each-site">Each site</option>
            <option value="owner">Us</option>
            <option value="chosen">Chosen organizations</option>
          </select>
        </label>
        <label className="field-label">
          Due
          <input
            type="date"
            value={item.dueOn ?? ''}
            data-testid="item-due"
            onChange={(e) => onChange({ dueOn: e.target.value || undefined })}
          />
        </label>
        <label className="field-label">
          Sign-off needed
          <select
            value={item.signOff ?? ''}
            data-testid="item-signoff"
            onChange={(e) => onChange({ signOff: (e.target.value || undefined) as SignOffMeaning | undefined })}
          >
            <option value="">None</option>
            <MeaningOptions />
          </select>
        </label>
      </div>
      {fromKind === 'chosen' ? (
        <fieldset className="checklist-orgs">
          <legend>Expected from</legend>
          {collaborators.length === 0 ? <p className="muted">This study has no collaborators yet.</p> : null}
          {collaborators.map((c) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                checked={chosen.includes(c.id)}
                onChange={(e) =>
                  onChange({ from: e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id) })
                }
              />
              {shownText(c.name)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="checklist-flags">
        <label className="check">
          <input
            type="checkbox"
            checked={item.required ?? true}
            data-testid="item-required"
            onChange={(e) => onChange({ required: e.target.checked })}
          />
          Required
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={!!item.needsExpiry}
            data-testid="item-needs-expiry"
            onChange={(e) => onChange({ needsExpiry: e.target.checked || undefined })}
          />
          Needs an expiry date
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={!!item.perPerson}
            data-testid="item-per-person"
            onChange={(e) => onChange({ perPerson: e.target.checked || undefined })}
          />
          One per person
        </label>
        <span className="checklist-move">
          <button type="button" disabled={index === 0} aria-label={`Move ${title} up`} onClick={() => onMove(-1)}>
            Up
          </button>
          <button
            type="button"
            disabled={index === count - 1}
            aria-label={`Move ${title} down`}
            onClick={() => onMove(1)}
          >
            Down
          </button>
          <button type="button" aria-label={`Remove ${title}`} data-testid="item-remove" onClick={onRemove}>
            Remove
          </button>
        </span>
      </div>
    </fieldset>
  );
}

export function ChecklistEditor(props: ChecklistEditorProps) {
  const { types, collaborators } = props;
  const [rows, setRows] = useState<DraftRow[]>(() => draftOf(props.initial));
  const [template, setTemplate] = useState<string>(props.templates[0]?.id ?? '');
  const [newType, setNewType] = useState('');
  const problems = draftProblems(rows);
  const typeName = (code: string) => types.find((t) => t.code === code)?.name ?? code;

  const useTemplate = () => {
    const chosen = props.templates.find((t) => t.id === template);
    if (chosen) setRows(draftOf(chosen.items));
  };

  return (
    <div className="checklist-editor" data-testid="checklist-editor">
      <div className="checklist-template">
        <label className="field-label">
          Start from a template
          <select value={template} data-testid="checklist-template" onChange={(e) => setTemplate(e.target.value)}>
            {props.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="checklist-use-template" onClick={useTemplate}>
          {rows.length ? 'Replace with template' : 'Use template'}
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="muted" data-testid="checklist-empty">
          No expected documents yet: start from a template or add items below.
        </p>
      ) : null}
      <div className="checklist-items">
        {rows.map((row, i) => (
          <ItemFields
            key={row.key}
            row={row}
            index={i}
            count={rows.length}
            types={types}
            collaborators={collaborators}
            onChange={(change) => setRows((r) => changeRow(r, row.key, change))}
            onMove={(by) => setRows((r) => moveRow(r, row.key, by))}
            onRemove={() => setRows((r) => removeRow(r, row.key))}
          />
        ))}
      </div>
      <div className="checklist-add">
        <TypePicker
          label="Type of the new item"
          types={types}
          value={newType}
          onChange={setNewType}
          testId="checklist-new-type"
        />
        <button
          type="button"
          data-testid="checklist-add"
          disabled={!newType}
          onClick={() => setRows((r) => addRow(r, newType, typeName(newType)))}
        >
          Add item
        </button>
      </div>
      {problems.length ? (
        <ul className="form-error" data-testid="checklist-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {props.error ? <ErrorDisplay context="The checklist could not be saved." error={props.error} /> : null}
      <div className="dialog-actions">
        <button
          type="button"
          data-testid="checklist-save"
          disabled={props.saving || problems.length > 0}
          onClick={() => props.onSave(toChecklistItems(rows))}
        >
          {props.saving ? 'Saving…' : 'Save checklist'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
