// Describe… (slot 'describe'): what the selected documents are (decisions §8). One document
// shows its fields to change (a field emptied is removed); several at once (a dropped batch
// typed afterwards) change only what is filled in, and leave the rest as each one has it. Main
// saves each again with the same content, so receipts and sign-offs stay valid.
import { useState } from 'react';
import { DOCUMENT_TYPES } from '../../../shared/binder/document-types.js';
import type { DocumentFieldName, DocumentFields } from '../../../shared/binder/header-fields.js';
import type { DescribeChange } from '../../../shared/binder/describe-schema.js';
import type { DescribeResult } from '../../../shared/binder/views.js';
import type { ItemView } from '../../../shared/ipc/views.js';
import { shownName } from '../../../shared/headers.js';
import { toAppError } from '../../bridge/api.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { DescribeFieldInputs, NO_FIELDS, type FieldValues } from './describe-fields.js';
import { TypePicker } from './type-picker.js';
import { useDescribe } from './use-binder.js';

/** The change Describe… asks for: with one document an emptied field is removed, with several it is kept. */
export function describeChange(
  type: string,
  values: FieldValues,
  before: DocumentFields | undefined,
  several: boolean,
): DescribeChange {
  const person = values.person.trim();
  const label = values.versionLabel.trim();
  const had = (name: DocumentFieldName) => before?.[name] !== undefined || !!before?.unreadable?.includes(name);
  const change: { -readonly [K in keyof DescribeChange]: DescribeChange[K] } = {};
  if (type) change.docType = type;
  else if (!several && had('docType')) change.docType = null;
  if (values.expiresOn) change.expiresOn = values.expiresOn;
  else if (!several && had('expiresOn')) change.expiresOn = null;
  if (person) change.person = { name: person };
  else if (!several && had('person')) change.person = null;
  if (label) change.versionLabel = label;
  else if (!several && had('versionLabel')) change.versionLabel = null;
  return change;
}

export function DescribeDialog({ context, onClose }: SlotDialogProps) {
  const items: readonly ItemView[] = (context.items ?? []).filter((i) => i.ownedByMe);
  const others = (context.items?.length ?? 0) - items.length;
  const several = items.length > 1;
  const first = several ? undefined : items[0]?.fields;
  const [type, setType] = useState(first?.docType ?? '');
  const [values, setValues] = useState<FieldValues>(
    first
      ? { expiresOn: first.expiresOn ?? '', person: first.person?.name ?? '', versionLabel: first.versionLabel ?? '' }
      : NO_FIELDS,
  );
  const [failed, setFailed] = useState<DescribeResult[]>([]);
  const describe = useDescribe(context.profileId, context.containerId ?? '');
  const change = describeChange(type, values, first, several);
  const names = items.map((i) => shownName(i.decryptedHeader, i.path.split('/').pop() ?? i.path));
  const save = () =>
    describe.mutate(
      { itemPaths: items.map((i) => i.path), change },
      {
        onSuccess: (results) => {
          const bad = results.filter((r) => !r.ok);
          if (bad.length) setFailed(bad);
          else onClose();
        },
      },
    );
  return (
    <Dialog
      title={several ? `Describe ${items.length} documents` : 'Describe document'}
      onClose={onClose}
      testId="describe-dialog"
      actions={
        <>
          <button
            type="button"
            data-testid="describe-save"
            disabled={!items.length || describe.isPending || Object.keys(change).length === 0}
            onClick={save}
          >
            {describe.isPending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <p data-testid="describe-names">
        {names.slice(0, 5).join(', ')}
        {names.length > 5 ? `, and ${names.length - 5} more` : ''}
      </p>
      {others ? (
        <p className="muted">{`${others} selected ${others === 1 ? 'document belongs' : 'documents belong'} to another organization and ${others === 1 ? 'is' : 'are'} left as ${others === 1 ? 'it is' : 'they are'}.`}</p>
      ) : null}
      {several ? <p className="muted">Fields left empty stay as each document has them.</p> : null}
      <TypePicker
        label="What it is"
        types={DOCUMENT_TYPES}
        value={type}
        onChange={setType}
        emptyLabel={several ? 'Leave as it is' : 'Not said'}
        testId="describe-type"
      />
      {first?.unreadable?.includes('expiresOn') ? (
        <p className="warning" data-testid="describe-unreadable">
          The expiry date it carries is an unreadable date: set one, or leave it empty to remove it.
        </p>
      ) : null}
      <DescribeFieldInputs values={values} onChange={setValues} keepHint={several ? 'Leave as it is' : undefined} />
      {describe.error ? (
        <ErrorDisplay
          context="The documents could not be described."
          error={toAppError(describe.error)}
          onRetry={save}
        />
      ) : null}
      {failed.length ? (
        <div className="error-display" role="alert" data-testid="describe-failed">
          <p className="error-context">{`${failed.length} of ${items.length} could not be changed:`}</p>
          <ul>
            {failed.map((r) => (
              <li
                key={r.itemPath}
              >{`${r.itemPath.split('/').pop()}: ${r.error?.message ?? 'failed'} (${String(r.error?.code ?? '')})`}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Dialog>
  );
}
