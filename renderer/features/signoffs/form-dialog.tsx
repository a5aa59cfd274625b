// The frame of the sign-off room's forms (Sign off…, Ask for sign-off…): a wide dialog whose
// form is submitted by the primary button in its actions row, Cancel first.
import { useId, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../components/common/dialog.js';

interface FormDialogProps {
  readonly title: string;
  /** The form's accessible name. */
  readonly formLabel: string;
  /** Test ids: `${testId}-dialog`, `${testId}-cancel`, `${testId}-submit`. */
  readonly testId: string;
  readonly submitLabel: string;
  /** The submit button's words while the call runs. */
  readonly busyLabel: string;
  readonly busy: boolean;
  /** False while what the form needs is still loading: the submit button waits. */
  readonly ready: boolean;
  readonly onSubmit: () => void;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

export function FormDialog(props: FormDialogProps) {
  const formId = useId();
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      testId={`${props.testId}-dialog`}
      wide
      actions={
        <>
          <button type="button" onClick={props.onClose} data-testid={`${props.testId}-cancel`}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="primary"
            disabled={props.busy || !props.ready}
            data-testid={`${props.testId}-submit`}
          >
            {props.busy ? props.busyLabel : props.submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-label={props.formLabel}>
        {props.children}
      </form>
    </Dialog>
  );
}
