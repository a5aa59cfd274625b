// Items a study holds that are not its documents (docs/protocol.md, reserved paths): the
// study record names the study; receipts tell a document's owner who received it. Neither
// is listed among documents, found by search, nor shown by the command-line tool's listings.
import { STUDY_RECORD_PATH } from './study-title.js';

export const RECEIPTS_FOLDER = 'receipts';

/** True for `study` and anything at or under `receipts/` (pipe or slash form). */
export function isReservedItemId(id: string): boolean {
  if (id === STUDY_RECORD_PATH) return true;
  return id === RECEIPTS_FOLDER || id.startsWith(`${RECEIPTS_FOLDER}|`) || id.startsWith(`${RECEIPTS_FOLDER}/`);
}
