// The sign-offs feature's operations (docs/protocol.md §10). Main builds and signs every
// statement itself from the item it has verified: the window names documents and a meaning,
// never the bytes that get signed, and the key never leaves main.
import { z } from 'zod';
import {
  commentSchema,
  dateOnlySchema,
  meaningSchema,
  signerNameSchema,
  signerRoleSchema,
} from '../../signoffs/statement.js';
import type { RequestedView, SignerView, SignOffRequestView, SignOffView, SignResult } from '../../signoffs/views.js';
import { hexId, item, itemPath } from '../args.js';
import { answers, op } from '../op.js';

const passphrase = z.string().min(1).max(1024);

export const signoffsOperations = {
  /** The active profile's signer (printed name and role), whether it was confirmed this session, and how signing unlocks. */
  'signoffs.signer': op(z.strictObject({}), answers<SignerView>()),
  /** Keeps the printed name and role for the profile and confirms them for this session (11.200). */
  'signoffs.setSigner': op(
    z.strictObject({ name: signerNameSchema, role: signerRoleSchema.optional() }),
    answers<SignerView>(),
  ),
  /**
   * Keys sealed by the system keychain have no passphrase: this sets the signing passphrase
   * (kept only as a check value). Changing one needs `current`; a wrong one changes nothing.
   */
  'signoffs.setPassphrase': op(
    z.strictObject({ passphrase: z.string().min(8).max(1024), current: passphrase.optional() }),
    answers<SignerView>(),
  ),
  /**
   * Signs each document's current version with `meaning`: nothing is signed without the right
   * passphrase (a wrong one is the error 'wrong-passphrase' and nothing is written), nor before
   * the signer was confirmed this session ('signer-not-confirmed'). `shareWith` 'owner' grants
   * the sign-off to the document's owner only; 'everyone' to every organization with access to it.
   */
  'signoffs.sign': op(
    z.strictObject({
      containerId: hexId,
      itemPaths: z.array(itemPath).min(1).max(200),
      meaning: meaningSchema,
      comment: commentSchema.optional(),
      passphrase,
      shareWith: z.enum(['owner', 'everyone']),
    }),
    answers<SignResult[]>(),
  ),
  /** The document's sign-offs this profile can read, newest first, each checked as §10 says. */
  'signoffs.forItem': op(item, answers<SignOffView[]>()),
  /** The document's owner asks organizations to sign off its current version; granted to them. */
  'signoffs.request': op(
    item.extend({
      meaning: meaningSchema,
      organizationIds: z.array(hexId).min(1).max(1000),
      dueOn: dateOnlySchema.optional(),
      message: commentSchema.optional(),
    }),
    answers<SignOffRequestView>(),
  ),
  /** The requests this organization made for the document: who answered, who has not, overdue. */
  'signoffs.requestsForItem': op(item, answers<SignOffRequestView[]>()),
  /** Requests asked of this organization in every study, outstanding first, then by due date. */
  'signoffs.requested': op(z.strictObject({}), answers<RequestedView[]>()),
};
