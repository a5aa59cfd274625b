// The binder's operations (decisions §8–§9): what each document is, what the study's owner
// expects from each site, what is fulfilled and what expires. Spread into `operations` in
// contract.ts; main's handlers are in electron/core/binder/.
import { z } from 'zod';
import { checklistItemsSchema } from '../../binder/checklist-schema.js';
import { describeChangeSchema } from '../../binder/describe-schema.js';
import type {
  BinderView,
  ChecklistTemplate,
  ChecklistView,
  DescribeResult,
  ExpiringView,
  StudyMark,
} from '../../binder/views.js';
import { container, hexId, itemPath } from '../args.js';
import { answers, op } from '../op.js';

export const binderOperations = {
  /**
   * Describe…: sets (a value), removes (null) or keeps (absent) the fields of §8 on documents the
   * profile owns. Each is saved again with the same content (contentHash unchanged, so receipts
   * and sign-offs of that version stay valid); header fields of other clients are kept.
   */
  'binder.describe': op(
    describeChangeSchema.extend({ containerId: hexId, itemPaths: z.array(itemPath).min(1).max(500) }),
    answers<DescribeResult[]>(),
  ),
  /** The study's expected documents (the `checklist` record), whether this profile may edit them, and what was wrong with them. */
  'binder.checklist': op(container, answers<ChecklistView>()),
  /** The owner saves the expected documents (granted to every collaborator, like the study record). */
  'binder.setChecklist': op(
    z.strictObject({ containerId: hexId, items: checklistItemsSchema }),
    answers<ChecklistView>(),
  ),
  /** The two starting points: the sIRB reliance set and the site regulatory set. */
  'binder.templates': op(z.strictObject({}), answers<ChecklistTemplate[]>()),
  /** The computed binder (§9): rows, columns, cells and summaries, as this profile sees it today. */
  'binder.status': op(container, answers<BinderView>()),
  /** The same as CSV (every cell neutralised), for Export. */
  'binder.statusCsv': op(container, answers<{ csv: string; fileName: string }>()),
  /** Every document in every study that expires within `withinDays` (the preference when absent) or has expired. */
  'binder.expiring': op(
    z.strictObject({ withinDays: z.number().int().min(0).max(3660).optional() }),
    answers<ExpiringView>(),
  ),
  /** Studies with expired documents or overdue expected items (the studies list's mark). */
  'binder.studyMarks': op(z.strictObject({}), answers<StudyMark[]>()),
} as const;
