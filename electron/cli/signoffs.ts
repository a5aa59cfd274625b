// Sign-offs from the command line (docs/protocol.md §10): sign a document's current version,
// list a document's sign-offs as checked, request sign-offs of your document, and list what
// others asked of your organization. The key is unlocked as for every key use (the stored key's
// passphrase: STUDY_EXCHANGE_PASSPHRASE or the prompt); the printed name is given each time.
import type { z } from 'zod';
import { toSlashForm } from '../../shared/item-path.js';
import {
  MEANING_WORDS,
  commentSchema,
  dateOnlySchema,
  meaningSchema,
  signerNameSchema,
  signerRoleSchema,
} from '../../shared/signoffs/statement.js';
import { REASON_WORDS, type SignOffView } from '../../shared/signoffs/views.js';
import { localDate } from '../services/signoffs/request-views.js';
import { requestedOfUs, requestsForDocument, type RequestContext } from '../services/signoffs/signoff-requests.js';
import { SignOffReader } from '../services/signoffs/signoff-reader.js';
import { writeRequest, writeSignOff, type SignOffSession } from '../services/signoffs/signoff-writer.js';
import { StudyRecords } from '../services/study-records.js';
import { pinnedHistory } from '../core/signoffs/pinned-history.js';
import { UsageError, requireFlag, stringFlag, word } from './args.js';
import type { CliContext, CliSession } from './context.js';
import { shown, table } from './format.js';

/** A flag's value through its schema, or a usage error naming the flag. */
function checked<T>(schema: z.ZodType<T>, value: string | undefined, flag: string): T | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--${flag}: ${parsed.error.issues[0]?.message ?? 'not valid'}.`);
  return parsed.data;
}

async function sessionOf(ctx: CliContext, orgIsTarget = false): Promise<SignOffSession> {
  const session = await ctx.open({ orgIsTarget });
  // through the profile's pins, as every key wrapped for another organization
  return { ...session, sharing: ctx.sharing(session) };
}

/**
 * The session's sign-off reader: a profile's ring (current and reading keys) lets its own earlier
 * sign-offs verify, and the certificates accepted for each collaborator (the pins' history) its
 * pre-renewal ones.
 */
export async function signOffReaderOf(ctx: CliContext, session: CliSession): Promise<SignOffReader> {
  const anchors = await ctx.trustAnchors();
  const pins = ctx.pins(session);
  return new SignOffReader({
    client: session.client,
    keys: session.keys,
    trustAnchors: async () => anchors,
    earlierCertificates: pinnedHistory(() => pins),
  });
}

async function requestContext(ctx: CliContext): Promise<RequestContext> {
  const session = await ctx.open({ orgIsTarget: true });
  const { client, keys } = session;
  const directory = new Map((await client.listOrganizations()).map((o) => [o.id, o.name]));
  return {
    client,
    keys,
    reader: await signOffReaderOf(ctx, session),
    organizationName: async (id) => directory.get(id) ?? id,
    today: localDate(),
  };
}

function signOffLine(v: SignOffView): string {
  const who = `${shown(v.signer.name)}${v.signer.role ? ` (${shown(v.signer.role)})` : ''}, ${shown(v.organization.name)}`;
  const state = v.valid ? 'valid' : `NOT VALID: ${REASON_WORDS[v.reason!]}`;
  const version = v.thisVersion ? 'this version' : 'an earlier version';
  const comment = v.comment ? `\n    "${shown(v.comment)}"` : '';
  return `${MEANING_WORDS[v.meaning]} by ${who} at ${v.signedAt} (UTC): ${version}, ${state}${comment}`;
}

async function signCommand(ctx: CliContext): Promise<void> {
  const path = word(ctx.args, 1, 'the document PATH');
  const containerId = await ctx.container();
  const meaning = checked(meaningSchema, requireFlag(ctx.args, 'meaning'), 'meaning')!;
  const name = checked(signerNameSchema, requireFlag(ctx.args, 'name'), 'name')!;
  const role = checked(signerRoleSchema, stringFlag(ctx.args, 'role'), 'role');
  const comment = checked(commentSchema, stringFlag(ctx.args, 'comment'), 'comment');
  const { keys } = await ctx.open();
  if (!keys.certificate) throw new UsageError('This identity has no certificate, so it cannot sign.');
  const written = await writeSignOff(
    await sessionOf(ctx),
    { sign: keys.signer, thumbprint: keys.certificate.thumbprint },
    containerId,
    path,
    { meaning, signer: { name, ...(role ? { role } : {}) }, ...(comment ? { comment } : {}), shareWith: 'everyone' },
  );
  for (const n of written.notShared)
    ctx.progress(`warning: not shared with ${n.organizationId}: ${shown(n.message)}\n`);
  ctx.print(written, () => `${MEANING_WORDS[meaning]} by ${shown(name)}: ${written.path}`);
}

async function requestCommand(ctx: CliContext): Promise<void> {
  const path = word(ctx.args, 2, 'the document PATH');
  const containerId = await ctx.container();
  const meaning = checked(meaningSchema, requireFlag(ctx.args, 'meaning'), 'meaning')!;
  const organizationIds = [...requireFlag(ctx.args, 'org').split(','), ...ctx.args.words.slice(3)]
    .map((o) => o.trim())
    .filter(Boolean);
  for (const o of organizationIds)
    if (!/^[0-9a-f]{32}$/.test(o)) throw new UsageError(`--org: "${o}" is not an organization id.`);
  const dueOn = checked(dateOnlySchema, stringFlag(ctx.args, 'due'), 'due');
  const message = checked(commentSchema, stringFlag(ctx.args, 'message'), 'message');
  // --org names the organizations asked here, never the identity to act as
  const written = await writeRequest(await sessionOf(ctx, true), containerId, path, {
    meaning,
    organizationIds,
    ...(dueOn ? { dueOn } : {}),
    ...(message ? { message } : {}),
  });
  for (const n of written.notShared)
    ctx.progress(`warning: not shared with ${n.organizationId}: ${shown(n.message)}\n`);
  ctx.print(
    { path: toSlashForm(written.item.id), ...written.content, notShared: written.notShared },
    () =>
      `Requested "${MEANING_WORDS[meaning]}" of ${written.content.organizations.length} organization(s): ${toSlashForm(written.item.id)}`,
  );
}

/** `signoff PATH …` signs; `signoff request PATH …` asks for sign-offs. */
export async function signoffCommand(ctx: CliContext): Promise<void> {
  if (ctx.args.words[1] === 'request') return requestCommand(ctx);
  return signCommand(ctx);
}

/** `signoffs list PATH --container ID`: the document's sign-offs, each checked, with its requests when it is yours. */
export async function signoffsCommand(ctx: CliContext): Promise<void> {
  if (ctx.args.words[1] !== 'list') throw new UsageError('signoffs takes "list PATH".');
  const path = word(ctx.args, 2, 'the document PATH');
  const containerId = await ctx.container();
  const rc = await requestContext(ctx);
  const document = await rc.client.getItem(containerId, path);
  const signOffs = await rc.reader.forItem(containerId, document, rc.organizationName);
  const requests = await requestsForDocument(rc, containerId, document);
  ctx.print({ signOffs, requests }, () => {
    const lines = [table(signOffs, signOffLine, 'No sign-offs.')];
    for (const r of requests) {
      const waiting = r.organizations.filter((o) => !o.answered).map((o) => shown(o.name));
      lines.push(
        `Requested "${MEANING_WORDS[r.meaning]}"${r.dueOn ? ` by ${r.dueOn}` : ''}: ${
          r.answered ? 'answered' : `waiting for ${waiting.join(', ')}${r.overdue ? ' (overdue)' : ''}`
        }${r.reopened ? ' (reopened: the document was replaced)' : ''}`,
      );
    }
    return lines.join('\n');
  });
}

/** `requests`: what other organizations asked of this one, outstanding first. */
export async function requestsCommand(ctx: CliContext): Promise<void> {
  const rc = await requestContext(ctx);
  const session = await ctx.open({ orgIsTarget: true });
  const records = new StudyRecords(session.client, session.keys, ctx.sharing(session));
  const containers = await rc.client.listContainers();
  const asked = await requestedOfUs(
    rc,
    containers.map((c) => c.id),
    async (id) => (await records.title(id)).title,
  );
  ctx.print(asked, () =>
    table(
      asked,
      (r) =>
        `${r.answered ? 'answered' : r.overdue ? 'OVERDUE ' : 'waiting '}  ${MEANING_WORDS[r.meaning]} of ${shown(r.documentName)} (${r.itemPath}) in ${shown(r.studyTitle)} [${r.containerId}], from ${shown(r.from.name)}${r.dueOn ? `, due ${r.dueOn}` : ''}${r.message ? `\n    "${shown(r.message)}"` : ''}`,
      'No sign-offs requested of this organization.',
    ),
  );
}
