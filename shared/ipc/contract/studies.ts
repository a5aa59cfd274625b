// Studies: the list, a new study with its record, "Study details…", and the study's
// collaborators. Spread into `operations` in contract.ts.
import { z } from 'zod';
import type { Organization } from '../../types.js';
import { STUDY_FIELD_NAMES, studyFieldsSchema } from '../../study-record.js';
import { container, containerOrg, hexId, none } from '../args.js';
import { answers, op } from '../op.js';
import type { ContainerView, InviteAnswer, StudySaved } from './studies-views.js';

export const studiesOperations = {
  /** Newest first (ties by id): the window shows them in this order. */
  'containers.list': op(none, answers<ContainerView[]>()),
  /** A new study with its record (protocol.md §7): title required, the rest optional. */
  'containers.create': op(studyFieldsSchema, answers<StudySaved>()),
  /**
   * "Study details…": the owner edits the record; fields of other clients are kept. `changed`
   * names the fields the user changed (only those are applied to the record as it is now; all
   * when absent); `base` is the studyVersion the form started from: when the record changed
   * since, nothing is saved and the answer is the error 'study-changed' (send again without
   * `base` to overwrite).
   */
  'containers.updateStudy': op(
    studyFieldsSchema.extend({
      containerId: hexId,
      changed: z.array(z.enum(STUDY_FIELD_NAMES)).max(STUDY_FIELD_NAMES.length).optional(),
      base: z.string().max(128).optional(),
    }),
    answers<StudySaved>(),
  ),
  'collaborators.list': op(container, answers<Organization[]>()),
  'collaborators.add': op(containerOrg, answers<InviteAnswer>()),
  'collaborators.remove': op(containerOrg, answers<Organization[]>()),
} as const;
