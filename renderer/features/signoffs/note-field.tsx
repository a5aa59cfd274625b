// The free text a sign-off (its comment) or a request (its message) carries: optional, and no
// longer than main accepts (MAX_COMMENT, the same commentProblem rule for both).
import type { TextareaHTMLAttributes } from 'react';
import { MAX_COMMENT } from '../../../shared/signoffs/meanings.js';

type NoteFieldProps = {
  /** What the note is, as its label says it ("Comment", "Message"). */
  readonly what: string;
  readonly value: string;
  readonly onText: (text: string) => void;
  readonly testId: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'maxLength' | 'children'>;

export function NoteField({ what, value, onText, testId, ...textarea }: NoteFieldProps) {
  return (
    <label className="field-label">
      {`${what} (optional)`}
      <textarea
        {...textarea}
        value={value}
        onChange={(e) => onText(e.target.value)}
        maxLength={MAX_COMMENT}
        data-testid={testId}
      />
    </label>
  );
}
