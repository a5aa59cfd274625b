// `containers list|create|show|rename`: the studies of the exchange, with their study records.
import type { Container } from '../../shared/types.js';
import { studyFieldsSchema, type StudyFields } from '../../shared/study-record.js';
import { StudyRecords } from '../services/study-records.js';
import { UsageError, requireFlag, stringFlag, word } from './args.js';
import type { CliContext } from './context.js';
import { containerLine, shown, studyLines, table } from './format.js';
import { UserFacingError } from '../../shared/app-error.js';

/** The study record's fields from the command line (--title and its companions). */
function studyFieldsFrom(ctx: CliContext, title: string): StudyFields {
  const pi = stringFlag(ctx.args, 'pi');
  const piEmail = stringFlag(ctx.args, 'pi-email');
  const fields = {
    title,
    protocolNumber: stringFlag(ctx.args, 'protocol'),
    principalInvestigator: pi ? { name: pi, ...(piEmail ? { email: piEmail } : {}) } : undefined,
    sponsor: stringFlag(ctx.args, 'sponsor'),
    description: stringFlag(ctx.args, 'description'),
  };
  const checked = studyFieldsSchema.safeParse(fields);
  if (!checked.success) throw new UsageError(checked.error.issues.map((i) => i.message).join('; '));
  return checked.data;
}

export async function containersCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'containers subcommand (list, create, show, rename)');
  if (sub === 'create') studyFieldsFrom(ctx, requireFlag(ctx.args, 'title'));
  const session = await ctx.open();
  const { client } = session;
  const studies = new StudyRecords(client, session.keys, ctx.sharing(session));
  const titled = async (c: Container) => ({ ...c, title: (await studies.title(c)).title });
  switch (sub) {
    case 'list': {
      const all = await Promise.all((await client.listContainers()).map(titled));
      ctx.print(all, () => table(all, containerLine, 'No studies.'));
      return;
    }
    case 'create': {
      const fields = studyFieldsFrom(ctx, requireFlag(ctx.args, 'title'));
      const c = await client.createContainer();
      try {
        await studies.save(c, fields);
      } catch (e) {
        // The study exists; naming it again must not make a second one.
        throw new UserFacingError(
          'study-not-named',
          `Created study ${c.id}, but its title could not be saved: ${e instanceof Error ? e.message : String(e)}`,
          `Finish it with: containers rename ${c.id} TITLE`,
        );
      }
      ctx.print({ ...c, title: fields.title }, () => `Created study "${shown(fields.title)}" ${shown(c.id)}`);
      return;
    }
    case 'show': {
      const c = await client.getContainer(word(ctx.args, 2, 'container id'));
      const record = await studies.read(c).catch(() => undefined);
      const view = {
        ...c,
        title: record?.title ?? (await studies.title(c)).title,
        ...(record ? { study: record } : {}),
      };
      ctx.print(view, () => [containerLine(view), `created ${shown(c.createdAt)}`, ...studyLines(record)].join('\n'));
      return;
    }
    case 'rename': {
      const c = await client.getContainer(word(ctx.args, 2, 'container id'));
      const title = studyFieldsFrom(ctx, word(ctx.args, 3, 'new title')).title;
      // save() refuses an organization that does not own the study (protocol.md §7)
      const { record, granted, notShared } = await studies.save(c, { title }, { changed: ['title'] });
      ctx.print({ id: c.id, title: record.title, granted, notShared }, () =>
        [
          `Renamed study ${shown(c.id)} to "${shown(record.title)}"`,
          ...notShared.map(
            (n) => `Saved, but not shared with ${shown(n.organizationName)} because: ${shown(n.reason)}`,
          ),
        ].join('\n'),
      );
      return;
    }
    default:
      throw new UsageError(`Unknown containers subcommand "${sub}".`);
  }
}
