// The binder from the command line (decisions §8–§9): what a document is (`items put` flags,
// `items describe`), the expected documents (`checklist show|set`) and what expires across
// studies (`expiring`). Statuses come from the same computeFulfilment as the window's.
import { readFile } from 'node:fs/promises';
import { binderCsv } from '../../shared/binder/binder-csv.js';
import { binderJson, binderView } from '../../shared/binder/binder-view.js';
import { calendarDay, isCalendarDate } from '../../shared/binder/calendar-date.js';
import { checklistItemsSchema } from '../../shared/binder/checklist-schema.js';
import {
  describeChangeSchema,
  describeFieldsSchema,
  type DescribeChange,
  type DescribeFields,
} from '../../shared/binder/describe-schema.js';
import { documentTypeName } from '../../shared/binder/document-types.js';
import { expiringDocuments, type StudyDocuments } from '../../shared/binder/expiring.js';
import { statusWords } from '../../shared/binder/status-words.js';
import { DEFAULT_EXPIRY_WARNING_DAYS, EXPIRY_WARNING_DAYS, type ExpiryWarningDays } from '../../shared/binder/views.js';
import { openHeader } from '../../shared/protocol/envelope.js';
import type { Item, RecordHeader } from '../../shared/types.js';
import { binderOrganizations, fulfilmentDocuments } from '../services/binder/binder-documents.js';
import { checklistsOf } from '../services/binder/checklist-records.js';
import { describeDocument } from '../services/binder/describe-document.js';
import { ownerSignOffs } from '../services/signoffs/owner-signoffs.js';
import { StudyRecords } from '../services/study-records.js';
import { UsageError, boolFlag, stringFlag, word } from './args.js';
import type { CliContext, CliSession } from './context.js';
import { MAX_ORGANIZATION_NAME } from '../../shared/limits.js';
import { shown } from './format.js';
import { signOffReaderOf } from './signoffs.js';

const asList = (answer: Item | Item[]): Item[] => (Array.isArray(answer) ? answer : [answer]);

/** Zod's first complaint as a usage error. */
function usage(result: {
  success: boolean;
  error?: { issues: readonly { message: string; path: readonly PropertyKey[] }[] };
}): never {
  const issue = result.error?.issues[0];
  throw new UsageError(`${issue?.path.join('.') || 'value'}: ${issue?.message ?? 'not valid'}`);
}

/** --type, --expires, --person, --version-label as an upload's header fields; undefined without --type. */
export function uploadFields(ctx: CliContext): DescribeFields | undefined {
  const docType = stringFlag(ctx.args, 'type');
  const expiresOn = stringFlag(ctx.args, 'expires');
  const person = stringFlag(ctx.args, 'person');
  const versionLabel = stringFlag(ctx.args, 'version-label');
  if (!docType) {
    if (expiresOn || person || versionLabel)
      throw new UsageError('--expires, --person and --version-label need --type.');
    return undefined;
  }
  const parsed = describeFieldsSchema.safeParse({
    docType,
    ...(expiresOn ? { expiresOn } : {}),
    ...(person ? { person: { name: person } } : {}),
    ...(versionLabel ? { versionLabel } : {}),
  });
  return parsed.success ? parsed.data : usage(parsed);
}

/** The flags of `items describe`: a value sets a field, an empty one ("") removes it. */
function describeChange(ctx: CliContext): DescribeChange {
  const value = (name: 'type' | 'expires' | 'person' | 'version-label') => {
    const v = ctx.args.flags[name];
    return typeof v === 'string' ? v : undefined;
  };
  const raw: Record<string, unknown> = {};
  const type = value('type');
  const expires = value('expires');
  const person = value('person');
  const label = value('version-label');
  if (type !== undefined) raw.docType = type === '' ? null : type;
  if (expires !== undefined) raw.expiresOn = expires === '' ? null : expires;
  if (person !== undefined) raw.person = person === '' ? null : { name: person };
  if (label !== undefined) raw.versionLabel = label === '' ? null : label;
  if (Object.keys(raw).length === 0)
    throw new UsageError('items describe needs --type, --expires, --person or --version-label ("" removes one).');
  const parsed = describeChangeSchema.safeParse(raw);
  return parsed.success ? parsed.data : usage(parsed);
}

export async function itemsDescribe(ctx: CliContext, containerId: string): Promise<void> {
  const path = word(ctx.args, 2, 'remote path');
  const change = describeChange(ctx);
  const session = await ctx.open();
  const item = await describeDocument(session.client, ctx.sharing(session), containerId, path, change);
  ctx.print(
    { path, contentHash: item.contentHash, updatedAt: item.updatedAt },
    () => `Described ${shown(path)} (same content)`,
  );
}

/** "Today" for the CLI: --today DATE (what the binder looks like that day), else this computer's calendar day. */
function todayOf(ctx: CliContext): string {
  const given = stringFlag(ctx.args, 'today');
  if (given === undefined) return calendarDay(new Date());
  if (!isCalendarDate(given)) throw new UsageError('--today takes a date, YYYY-MM-DD.');
  return given;
}

function withinOf(ctx: CliContext): number {
  const within = stringFlag(ctx.args, 'within');
  if (within === undefined) return DEFAULT_EXPIRY_WARNING_DAYS;
  const n = Number(within);
  if (!Number.isSafeInteger(n) || n < 0 || n > 3660) throw new UsageError('--within takes a number of days (0-3660).');
  return n;
}

const openerOf =
  (session: CliSession) =>
  (item: Item): RecordHeader | undefined => {
    try {
      return openHeader(item, session.keys.openItemKey(item));
    } catch {
      return undefined;
    }
  };

export async function checklistCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'checklist subcommand (show, set)');
  const containerId = await ctx.container();
  const session = await ctx.open();
  const { client } = session;
  const container = await client.getContainer(containerId);
  const checklists = checklistsOf({ client, keys: session.keys, sharing: ctx.sharing(session) });
  if (sub === 'set') {
    const file = word(ctx.args, 2, 'FILE.json');
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      throw new UsageError(`${file} is not readable JSON: ${(e as Error).message}`);
    }
    // the file holds §9's items array (or a whole checklist record)
    const items = Array.isArray(json) ? json : (json as { items?: unknown } | null)?.items;
    const parsed = checklistItemsSchema.safeParse(items);
    if (!parsed.success) usage(parsed);
    const saved = await checklists.save(containerId, container.ownerId, parsed.data);
    ctx.print({ items: saved.items.length, notShared: saved.notShared }, () =>
      [
        `Saved ${saved.items.length} expected items.`,
        ...saved.notShared.map((n) => `Not shared with ${shown(n.organizationName)}: ${shown(n.reason)}`),
      ].join('\n'),
    );
    return;
  }
  if (sub !== 'show') throw new UsageError(`Unknown checklist subcommand "${sub}".`);
  const within = withinOf(ctx);
  const [checklist, organizations, listed] = await Promise.all([
    checklists.read(containerId, container.ownerId),
    binderOrganizations(client, container),
    client.listItems(containerId, undefined, { recurse: true }),
  ]);
  for (const problem of checklist.problems) ctx.progress(`warning: ${shown(problem)}\n`);
  const hasOwnerSignOff = await ownerSignOffs(
    await signOffReaderOf(ctx, session),
    containerId,
    container.ownerId,
    checklist.items,
  );
  const binder = binderView({
    containerId,
    items: checklist.items,
    problems: checklist.problems,
    ownerId: container.ownerId,
    organizations,
    viewerId: client.organizationId,
    documents: fulfilmentDocuments(asList(listed), openerOf(session)),
    today: todayOf(ctx),
    warningDays: ((EXPIRY_WARNING_DAYS as readonly number[]).includes(within)
      ? within
      : DEFAULT_EXPIRY_WARNING_DAYS) as ExpiryWarningDays,
    hasOwnerSignOff,
  });
  if (boolFlag(ctx.args, 'csv')) {
    ctx.io.stdout(binderCsv(binder));
    return;
  }
  ctx.print(binderJson(binder), () => {
    if (!checklist.exists) return 'This study has no expected documents yet.';
    const names = new Map(binder.organizations.map((o) => [o.id, o.name]));
    const titles = new Map(binder.items.map((i) => [i.id, i.title]));
    const lines: string[] = [];
    for (const s of binder.organizationSummaries) {
      lines.push(`${shown(names.get(s.key))}: ${s.fulfilled} of ${s.expected}`);
      for (const c of binder.cells.filter((cell) => cell.organizationId === s.key))
        lines.push(
          `  ${shown(titles.get(c.itemId))}: ${statusWords(c)}${c.document ? `  ${shown(c.document.name)}` : ''}`,
        );
    }
    return lines.join('\n');
  });
}

export async function expiringCommand(ctx: CliContext): Promise<void> {
  const session = await ctx.open();
  const { client } = session;
  const within = withinOf(ctx);
  const today = todayOf(ctx);
  const studies = new StudyRecords(client, session.keys, ctx.sharing(session));
  const open = openerOf(session);
  const collected: StudyDocuments[] = [];
  for (const c of await client.listContainers()) {
    const listed = asList(await client.listItems(c.id, undefined, { recurse: true }));
    collected.push({
      containerId: c.id,
      studyTitle: (await studies.title(c)).title,
      documents: fulfilmentDocuments(listed, open).filter((d) => d.fields?.expiresOn),
    });
  }
  const names = new Map<string, string>();
  for (const id of new Set(collected.flatMap((s) => s.documents.map((d) => d.ownerId))))
    names.set(
      id,
      await client.getOrganization(id).then(
        (o) => shown(o.name).slice(0, MAX_ORGANIZATION_NAME) || id,
        () => id,
      ),
    );
  const documents = expiringDocuments(collected, {
    today,
    withinDays: within,
    viewerId: client.organizationId,
    organizationName: (id) => names.get(id) ?? id,
  });
  ctx.print({ today, withinDays: within, documents }, () =>
    documents.length === 0
      ? `Nothing expires within ${within} days.`
      : documents
          .map(
            (d) =>
              `${d.expiresOn}  ${d.expired ? 'expired' : 'expires'} ${d.daysLeft === 0 ? 'today' : d.expired ? `${-d.daysLeft} days ago` : `in ${d.daysLeft} days`}  ${shown(d.ownerName)}  ${shown(d.docType ? documentTypeName(d.docType) : '')}${d.person ? ` (${shown(d.person.name)})` : ''}  ${shown(d.name)}  [${shown(d.studyTitle)}]`,
          )
          .join('\n'),
  );
}
