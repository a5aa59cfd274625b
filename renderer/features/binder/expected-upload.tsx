// A site's files dropped onto one expected item: already typed as the item expects, uploaded at
// the study's top and granted to the study's owner (main does both from `expectedItemId`). Asks
// only for what typing cannot know: the expiry date (needed when the item says so), the person,
// a version label.
import { useState } from 'react';
import type { ChecklistItem } from '../../../shared/binder/checklist.js';
import { documentTypeName } from '../../../shared/binder/document-types.js';
import type { DescribeFields } from '../../../shared/binder/describe-schema.js';
import { shownText } from '../../../shared/shown-text.js';
import { toAppError } from '../../bridge/api.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { DescribeFieldInputs, NO_FIELDS, type FieldValues } from './describe-fields.js';
import { useUploadExpected } from './use-binder.js';

interface ExpectedUploadProps {
  readonly profileId: string;
  readonly containerId: string;
  readonly item: ChecklistItem;
  readonly files: readonly File[];
  /** With what to say once the upload started, or nothing when cancelled. */
  readonly onDone: (message?: string) => void;
}

/** The upload's §8 fields: the item's type and what was typed. */
export function uploadFields(item: ChecklistItem, values: FieldValues): DescribeFields {
  const person = values.person.trim();
  const versionLabel = values.versionLabel.trim();
  return {
    docType: item.docType,
    ...(values.expiresOn ? { expiresOn: values.expiresOn } : {}),
    ...(person ? { person: { name: person } } : {}),
    ...(versionLabel ? { versionLabel } : {}),
  };
}

export function ExpectedUpload({ profileId, containerId, item, files, onDone }: ExpectedUploadProps) {
  const [values, setValues] = useState<FieldValues>(NO_FIELDS);
  const upload = useUploadExpected(profileId, containerId);
  const title = shownText(item.title);
  const names = files.map((f) => f.name).join(', ');
  const missingExpiry = !!item.needsExpiry && !values.expiresOn;
  const missingPerson = !!item.perPerson && !values.person.trim();
  return (
    <Dialog
      title={`Send for “${title}”`}
      onClose={() => onDone()}
      testId="expected-upload"
      actions={
        <>
          <button
            type="button"
            data-testid="expected-upload-send"
            disabled={upload.isPending || missingExpiry || missingPerson}
            onClick={() =>
              upload.mutate(
                { itemId: item.id, files: [...files], describe: uploadFields(item, values) },
                { onSuccess: () => onDone(`Uploading ${names} for “${title}”, shared with the study’s owner.`) },
              )
            }
          >
            {upload.isPending ? 'Sending…' : 'Upload'}
          </button>
          <button type="button" onClick={() => onDone()}>
            Cancel
          </button>
        </>
      }
    >
      <p>
        <strong>{names}</strong>
        {` will be uploaded as ${documentTypeName(item.docType)} and shared with the study’s owner.`}
      </p>
      <DescribeFieldInputs values={values} onChange={setValues} expiryRequired={item.needsExpiry} />
      {missingExpiry ? <p className="muted">This item needs the document’s expiry date.</p> : null}
      {missingPerson ? <p className="muted">This item is one per person: name the person it is about.</p> : null}
      {upload.error ? (
        <ErrorDisplay context="The upload could not be started." error={toAppError(upload.error)} />
      ) : null}
    </Dialog>
  );
}
