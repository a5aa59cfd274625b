// A labelled one-line input whose text its form keeps: the field most forms here are made of.
import type { InputHTMLAttributes, ReactNode } from 'react';

type TextFieldProps = {
  readonly label: ReactNode;
  readonly value: string;
  readonly onText: (text: string) => void;
  readonly testId?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'children'>;

export function TextField({ label, value, onText, testId, ...input }: TextFieldProps) {
  return (
    <label className="field-label">
      {label}
      <input {...input} data-testid={testId} value={value} onChange={(e) => onText(e.target.value)} />
    </label>
  );
}
