// A checkbox with its words beside it, whose state its form keeps.
import type { InputHTMLAttributes, ReactNode } from 'react';

type CheckFieldProps = {
  /** The words beside the box. */
  readonly children: ReactNode;
  readonly checked: boolean;
  readonly onCheck: (checked: boolean) => void;
  readonly testId?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'children'>;

export function CheckField({ children, checked, onCheck, testId, ...input }: CheckFieldProps) {
  return (
    <label className="check">
      <input
        {...input}
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(e) => onCheck(e.target.checked)}
      />
      {children}
    </label>
  );
}
