// The checklist editor wired to main: the saved checklist (or none yet), the templates, the
// study's collaborators for "chosen organizations", and Save (binder.setChecklist).
import { DOCUMENT_TYPES } from '../../../shared/binder/document-types.js';
import { toAppError } from '../../bridge/api.js';
import { useCollaborators } from '../studies/studies.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { ChecklistEditor } from './checklist-editor.js';
import { useChecklist, useChecklistTemplates, useSetChecklist } from './use-binder.js';

interface ChecklistPanelProps {
  readonly profileId: string;
  readonly containerId: string;
  /** `saved` once the checklist was saved; false when the editor was left without saving. */
  readonly onDone: (saved: boolean) => void;
}

export function ChecklistPanel({ profileId, containerId, onDone }: ChecklistPanelProps) {
  const checklist = useChecklist(profileId, containerId);
  const templates = useChecklistTemplates();
  const collaborators = useCollaborators(profileId, containerId);
  const save = useSetChecklist(profileId, containerId);
  const error = checklist.error ?? templates.error;
  if (error)
    return (
      <ErrorDisplay
        context="The expected documents could not be read."
        error={toAppError(error)}
        onRetry={() => {
          void checklist.refetch();
          void templates.refetch();
        }}
      />
    );
  if (!checklist.data || !templates.data) return <p className="muted">Loading…</p>;
  return (
    <>
      {checklist.data.problems.length ? (
        <details className="warning" data-testid="checklist-read-problems">
          <summary>Some of the saved list could not be read; saving keeps only what is shown.</summary>
          <ul>
            {checklist.data.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <ChecklistEditor
        initial={checklist.data.items}
        templates={templates.data}
        types={DOCUMENT_TYPES}
        collaborators={collaborators.data ?? []}
        saving={save.isPending}
        error={save.error ? toAppError(save.error) : undefined}
        onSave={(items) => save.mutate(items, { onSuccess: () => onDone(true) })}
        onCancel={() => onDone(false)}
      />
    </>
  );
}
