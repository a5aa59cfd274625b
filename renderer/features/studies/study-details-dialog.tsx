// "Study details…": the owner edits the study record. The form keeps the version of the record
// it was opened on; only the fields the user changed are sent, applied by main to the record as
// it is then. When someone saved the record meanwhile (another machine, the CLI), nothing is
// overwritten silently: the user chooses to reload the current details or to overwrite them.
import { useState } from 'react';
import type { ContainerView } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { useContainers, useUpdateStudy, type StudyEditRequest } from './studies.js';
import { StudyForm } from './study-form.js';

interface StudyDetailsDialogProps {
  readonly profileId: string;
  readonly container: ContainerView;
  /** The title shown while the study has no readable record. */
  readonly fallbackTitle: string;
  readonly onClose: () => void;
  /** After a save: what to tell the user (including collaborators that did not get the change). */
  readonly onSaved: (message: string) => void;
}

function startingPoint(c: ContainerView, fallbackTitle: string) {
  return { fields: c.study ?? { title: fallbackTitle }, version: c.studyVersion ?? '' };
}

export function StudyDetailsDialog({ profileId, container, fallbackTitle, onClose, onSaved }: StudyDetailsDialogProps) {
  const update = useUpdateStudy(profileId, container.id);
  const containers = useContainers(profileId);
  // what the form was opened on: kept while the list refreshes underneath, replaced only by Reload
  const [start, setStart] = useState(() => startingPoint(container, fallbackTitle));
  const [formKey, setFormKey] = useState(0);
  const [last, setLast] = useState<StudyEditRequest | undefined>();
  const [reloading, setReloading] = useState(false);
  const error = update.error ? toAppError(update.error) : undefined;
  const changedMeanwhile = error?.code === 'study-changed' && last !== undefined;

  const save = (request: StudyEditRequest) => {
    setLast(request);
    update.mutate(request, {
      onSuccess: (saved) => {
        onSaved(saved.notShared ?? `The details of \u201c${saved.title}\u201d were saved.`);
        onClose();
      },
    });
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = (await containers.refetch()).data?.find((c) => c.id === container.id);
      if (fresh) setStart(startingPoint(fresh, fallbackTitle));
      update.reset();
      setFormKey((k) => k + 1);
    } finally {
      setReloading(false);
    }
  };

  return (
    <StudyForm
      key={formKey}
      mode="edit"
      initial={start.fields}
      readOnly={!container.ownedByMe}
      busy={update.isPending || reloading}
      error={changedMeanwhile ? undefined : error}
      onClose={() => {
        update.reset();
        onClose();
      }}
      onSubmit={(fields, changed) => save({ fields, changed, base: start.version })}
      notice={
        changedMeanwhile ? (
          <div className="warning" role="alert" data-testid="study-changed">
            <p>
              Someone saved these study details after you opened them. Reload to see theirs (your changes here are
              dropped), or overwrite: the fields you changed replace theirs, the others stay as they saved them.
            </p>
            <button
              type="button"
              onClick={() => void reload()}
              disabled={update.isPending || reloading}
              data-testid="study-changed-reload"
            >
              Reload
            </button>{' '}
            <button
              type="button"
              onClick={() => save({ fields: last.fields, changed: last.changed })}
              disabled={update.isPending || reloading}
              data-testid="study-changed-overwrite"
            >
              Overwrite
            </button>
          </div>
        ) : null
      }
    />
  );
}
