// "New study" and "Study details…": the study record's fields (protocol.md §7). The title is
// required; protocol number, principal investigator, sponsor and description are optional.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';
import type { StudyFieldName, StudyFields } from '../../../shared/study-record.js';
import { STUDY_TITLE_MAX } from '../../../shared/study-title.js';
import { Dialog } from '../../components/common/dialog.js';
import { FormError } from '../../components/common/form-error.js';

interface StudyFormProps {
  readonly mode: 'create' | 'edit';
  readonly initial?: StudyFields;
  /** Only the owner edits; others see the same fields read-only. */
  readonly readOnly?: boolean;
  readonly busy: boolean;
  readonly error?: AppError;
  /** The fields, and which of them the user changed from `initial` (all of them when creating). */
  readonly onSubmit: (fields: StudyFields, changed: StudyFieldName[]) => void;
  readonly onClose: () => void;
  /** Shown under the error (e.g. the choice after someone else saved meanwhile). */
  readonly notice?: ReactNode;
}

/** The fields as the record takes them: trimmed, empty optional fields left out. */
export function studyFieldsFrom(form: {
  title: string;
  protocolNumber: string;
  piName: string;
  piEmail: string;
  sponsor: string;
  description: string;
}): StudyFields {
  const text = (v: string) => (v.trim() ? v.trim() : undefined);
  const fields: Record<string, unknown> = {
    title: form.title.trim(),
    protocolNumber: text(form.protocolNumber),
    principalInvestigator: text(form.piName)
      ? { name: form.piName.trim(), ...(text(form.piEmail) ? { email: form.piEmail.trim() } : {}) }
      : undefined,
    sponsor: text(form.sponsor),
    description: text(form.description),
  };
  for (const k of Object.keys(fields)) if (fields[k] === undefined) delete fields[k];
  return fields as unknown as StudyFields;
}

/** The fields of `next` that differ from `initial` (an edit sends only these to be applied). */
export function changedStudyFields(initial: StudyFields | undefined, next: StudyFields): StudyFieldName[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const names: StudyFieldName[] = ['title', 'protocolNumber', 'principalInvestigator', 'sponsor', 'description'];
  return names.filter((k) => !same(initial?.[k], next[k]));
}

function studyTitleProblem(title: string): string | undefined {
  if (!title.trim()) return 'Give the study a title.';
  if (title.trim().length > STUDY_TITLE_MAX) return `A title has at most ${STUDY_TITLE_MAX} characters.`;
  return undefined;
}

export function StudyForm({ mode, initial, readOnly = false, busy, error, onSubmit, onClose, notice }: StudyFormProps) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [protocolNumber, setProtocolNumber] = useState(initial?.protocolNumber ?? '');
  const [piName, setPiName] = useState(initial?.principalInvestigator?.name ?? '');
  const [piEmail, setPiEmail] = useState(initial?.principalInvestigator?.email ?? '');
  const [sponsor, setSponsor] = useState(initial?.sponsor ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [tried, setTried] = useState(false);
  const problem = studyTitleProblem(title);
  const formId = mode === 'create' ? 'new-study-form' : 'study-details-form';

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    setTried(true);
    if (problem || readOnly || busy) return;
    const fields = studyFieldsFrom({ title, protocolNumber, piName, piEmail, sponsor, description });
    onSubmit(fields, changedStudyFields(mode === 'create' ? undefined : initial, fields));
  };

  const field = (
    label: string,
    value: string,
    set: (v: string) => void,
    testId: string,
    extra: { required?: boolean; type?: string; max?: number } = {},
  ) => (
    <label className="field-label">
      {label}
      <input
        type={extra.type ?? 'text'}
        value={value}
        onChange={(e) => set(e.target.value)}
        readOnly={readOnly}
        required={extra.required}
        maxLength={extra.max ?? 200}
        data-testid={testId}
        {...(extra.required
          ? {
              'aria-invalid': tried && !!problem,
              'aria-describedby': tried && problem ? `${formId}-problem` : undefined,
              'data-autofocus': true,
            }
          : {})}
      />
    </label>
  );

  return (
    <Dialog
      title={mode === 'create' ? 'New study' : 'Study details'}
      onClose={onClose}
      testId={mode === 'create' ? 'new-study-dialog' : 'study-details-dialog'}
      actions={
        <>
          <button type="button" onClick={onClose} data-testid="study-form-cancel">
            {readOnly ? 'Close' : 'Cancel'}
          </button>
          {readOnly ? null : (
            <button type="submit" form={formId} className="primary" disabled={busy} data-testid="study-form-save">
              {busy ? (mode === 'create' ? 'Creating…' : 'Saving…') : mode === 'create' ? 'Create study' : 'Save'}
            </button>
          )}
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {field('Title (required)', title, setTitle, 'study-title-input', { required: true, max: STUDY_TITLE_MAX })}
        {tried && problem ? (
          <p id={`${formId}-problem`} className="warning" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="field-row">
          {field('Protocol number', protocolNumber, setProtocolNumber, 'study-protocol-input', { max: 100 })}
          {field('Sponsor', sponsor, setSponsor, 'study-sponsor-input')}
        </div>
        <div className="field-row">
          {field('Principal investigator', piName, setPiName, 'study-pi-input')}
          {field('Investigator’s email', piEmail, setPiEmail, 'study-pi-email-input', { type: 'email', max: 320 })}
        </div>
        <label className="field-label">
          Description
          <textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            readOnly={readOnly}
            rows={3}
            maxLength={4000}
            data-testid="study-description-input"
          />
        </label>
        <p className="muted">
          {mode === 'create'
            ? 'The title is encrypted in the study and shared with every organization you invite.'
            : readOnly
              ? 'Only the organization that owns the study can change these.'
              : 'Every collaborator sees the change; fields written by other software are kept.'}
        </p>
        {error ? (
          <FormError
            error={error}
            testId="study-form-error"
            context={mode === 'create' ? 'The study could not be set up.' : 'The study details could not be saved.'}
          />
        ) : null}
        {notice}
      </form>
    </Dialog>
  );
}
