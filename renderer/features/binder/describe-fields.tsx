// The fields of decisions §8 a person types: expiry date, the person a document is about, a
// version label. Shared by the upload against an expected item and Describe….
import { useId } from 'react';
import { PERSON_NAME_MAX, VERSION_LABEL_MAX } from '../../../shared/binder/header-fields.js';

export interface FieldValues {
  readonly expiresOn: string;
  readonly person: string;
  readonly versionLabel: string;
}

export const NO_FIELDS: FieldValues = { expiresOn: '', person: '', versionLabel: '' };

interface DescribeFieldInputsProps {
  readonly values: FieldValues;
  readonly onChange: (values: FieldValues) => void;
  /** Say that the expiry date is asked for (the expected item needs it). */
  readonly expiryRequired?: boolean;
  /** Placeholder words when several documents are described at once ("leave as it is"). */
  readonly keepHint?: string;
}

export function DescribeFieldInputs({ values, onChange, expiryRequired, keepHint }: DescribeFieldInputsProps) {
  const id = useId();
  return (
    <div className="describe-fields">
      <label className="field-label" htmlFor={`${id}-expires`}>
        {expiryRequired ? 'Expires on (needed)' : 'Expires on'}
      </label>
      <input
        id={`${id}-expires`}
        type="date"
        value={values.expiresOn}
        aria-required={expiryRequired || undefined}
        data-testid="describe-expires"
        onChange={(e) => onChange({ ...values, expiresOn: e.target.value })}
      />
      <label className="field-label" htmlFor={`${id}-person`}>
        Person it is about
      </label>
      <input
        id={`${id}-person`}
        type="text"
        value={values.person}
        maxLength={PERSON_NAME_MAX}
        placeholder={keepHint}
        data-testid="describe-person"
        onChange={(e) => onChange({ ...values, person: e.target.value })}
      />
      <label className="field-label" htmlFor={`${id}-version`}>
        Version label
      </label>
      <input
        id={`${id}-version`}
        type="text"
        value={values.versionLabel}
        maxLength={VERSION_LABEL_MAX}
        placeholder={keepHint ?? 'e.g. v3.0'}
        data-testid="describe-version"
        onChange={(e) => onChange({ ...values, versionLabel: e.target.value })}
      />
    </div>
  );
}
