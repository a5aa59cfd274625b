// An upload that says what its documents are (decisions §8), or that goes against an expected
// item of the study's checklist (§9): the item gives the type unless the upload says otherwise,
// and a document of a type the checklist expects from this organization is granted to the
// study's owner (a site's documents are otherwise its own).
import { UserFacingError } from '../../../shared/app-error.js';
import { expectsFrom } from '../../../shared/binder/checklist.js';
import type { DescribeFields } from '../../../shared/binder/describe-schema.js';
import type { Session } from '../profiles/session.js';
import { checklistsOf } from '../../services/binder/checklist-records.js';

export async function uploadAgainstChecklist(
  s: Session,
  containerId: string,
  describe: DescribeFields | undefined,
  expectedItemId: string | undefined,
): Promise<{ describe?: DescribeFields; shareWithOwner?: boolean }> {
  if (!describe && !expectedItemId) return {};
  const container = await s.client.getContainer(containerId);
  const self = s.profile.organizationId;
  const checklist = await checklistsOf(s).read(containerId, container.ownerId);
  let fields = describe;
  if (expectedItemId) {
    const expected = checklist.items.find((i) => i.id === expectedItemId);
    if (!expected)
      throw new UserFacingError(
        'no-expected-item',
        'The study\u2019s expected documents have no such item.',
        'The checklist may have changed; open the binder again.',
      );
    fields = { ...describe, docType: describe?.docType ?? expected.docType };
  }
  const docType = fields?.docType;
  const expected =
    self !== container.ownerId &&
    checklist.items.some((i) => i.docType === docType && expectsFrom(i, self, container.ownerId));
  return { ...(fields ? { describe: fields } : {}), ...(expected ? { shareWithOwner: true } : {}) };
}
