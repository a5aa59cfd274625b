// What an organization's name may be (docs/protocol.md §6): it is shown to people, in lists and
// logs, so it holds 1 to 200 characters once trimmed and no C0 or C1 control character. One rule
// for the API and for direct registration (the CLI's org-add, the sandbox).
import { MAX_ORGANIZATION_NAME } from '../../shared/limits.js';
import { ApiError } from '../http/api-error.js';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u0080-\u009f]/;

/** The name trimmed, or 1009 naming what is wrong. */
export function checkOrganizationName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MAX_ORGANIZATION_NAME)
    throw new ApiError('invalidValue', `The field name must hold 1 to ${MAX_ORGANIZATION_NAME} characters.`);
  if (CONTROL.test(trimmed)) throw new ApiError('invalidValue', 'The field name holds a control character.');
  return trimmed;
}
