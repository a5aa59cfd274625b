// Upload… (the toolbar's file picker) asks once, for the chosen batch, what the documents are
// (decisions §8): a type from the vocabulary, and optionally expiry, person and version label.
// Skippable: "Upload without describing" sends them as they are. A dropped batch is never
// asked (Describe… on several rows types it afterwards).
import { useCallback, useRef, useState } from 'react';
import { DOCUMENT_TYPES } from '../../../shared/binder/document-types.js';
import type { DescribeFields } from '../../../shared/binder/describe-schema.js';
import { cleanFileName } from '../../../shared/file-name.js';
import { Dialog } from '../../components/common/dialog.js';
import type { DroppedFile } from '../../lib/drop-walk.js';
import { DescribeFieldInputs, NO_FIELDS, type FieldValues } from './describe-fields.js';
import { TypePicker } from './type-picker.js';

/** What the dialog answers: the fields to upload with, `undefined` to upload undescribed, `null` when cancelled. */
export type UploadDescription = DescribeFields | undefined | null;

/** The fields of a description, or nothing when no type was chosen (§8 fields need a type). */
export function uploadDescription(type: string, values: FieldValues): DescribeFields | undefined {
  if (!type) return undefined;
  const person = values.person.trim();
  const versionLabel = values.versionLabel.trim();
  return {
    docType: type,
    ...(values.expiresOn ? { expiresOn: values.expiresOn } : {}),
    ...(person ? { person: { name: person } } : {}),
    ...(versionLabel ? { versionLabel } : {}),
  };
}

interface UploadDescribeDialogProps {
  readonly names: readonly string[];
  readonly onAnswer: (answer: UploadDescription) => void;
}

export function UploadDescribeDialog({ names, onAnswer }: UploadDescribeDialogProps) {
  const [type, setType] = useState('');
  const [values, setValues] = useState<FieldValues>(NO_FIELDS);
  const shown = names.map((n) => cleanFileName(n.split('/').pop() ?? n));
  const fields = uploadDescription(type, values);
  const filledWithoutType = !type && (values.expiresOn || values.person.trim() || values.versionLabel.trim());
  return (
    <Dialog
      title={names.length === 1 ? 'What is this document?' : `What are these ${names.length} documents?`}
      onClose={() => onAnswer(null)}
      testId="upload-describe"
      actions={
        <>
          <button
            type="button"
            className="primary"
            data-testid="upload-describe-send"
            disabled={!fields}
            onClick={() => onAnswer(fields)}
          >
            Upload
          </button>
          <button type="button" data-testid="upload-describe-skip" onClick={() => onAnswer(undefined)}>
            Upload without describing
          </button>
          <button type="button" data-testid="upload-describe-cancel" onClick={() => onAnswer(null)}>
            Cancel
          </button>
        </>
      }
    >
      <p data-testid="upload-describe-names">
        <strong>
          {shown.slice(0, 5).join(', ')}
          {shown.length > 5 ? `, and ${shown.length - 5} more` : ''}
        </strong>
      </p>
      {names.length > 1 ? <p className="muted">What you choose applies to every file of this upload.</p> : null}
      <TypePicker
        label="What it is"
        types={DOCUMENT_TYPES}
        value={type}
        onChange={setType}
        emptyLabel="Not said"
        testId="upload-describe-type"
      />
      <DescribeFieldInputs values={values} onChange={setValues} />
      {filledWithoutType ? (
        <p className="muted" data-testid="upload-describe-needs-type">
          Choose what it is to upload it with these details.
        </p>
      ) : null}
    </Dialog>
  );
}

/**
 * Upload… asks before it uploads: `ask(names)` shows the dialog and resolves with its answer;
 * `uploadFiles` asks for files chosen with Upload… (not a folder) and then hands them on.
 * `dialog` is what to render (nothing while no batch waits).
 */
export function useDescribeFirst(
  upload: (files: DroppedFile[], folder: string, describe?: DescribeFields) => Promise<void>,
) {
  const [asking, setAsking] = useState<readonly string[] | undefined>();
  const resolveRef = useRef<((answer: UploadDescription) => void) | undefined>(undefined);
  const ask = useCallback(
    (names: readonly string[]): Promise<UploadDescription> =>
      new Promise((resolve) => {
        // a batch still waiting (a second pick) is cancelled: one question at a time
        resolveRef.current?.(null);
        resolveRef.current = resolve;
        setAsking(names);
      }),
    [],
  );
  const uploadFiles = async (files: DroppedFile[], folder: string, fromFolder: boolean): Promise<void> => {
    if (fromFolder) return upload(files, folder);
    const describe = await ask(files.map((f) => f.relativePath));
    if (describe !== null) await upload(files, folder, describe);
  };
  const dialog = asking ? (
    <UploadDescribeDialog
      names={asking}
      onAnswer={(answer) => {
        const resolve = resolveRef.current;
        resolveRef.current = undefined;
        setAsking(undefined);
        resolve?.(answer);
      }}
    />
  ) : null;
  return { ask, uploadFiles, dialog };
}
