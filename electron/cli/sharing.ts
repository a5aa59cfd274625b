// `collaborators list|add|remove`: the organizations a study is shared with.
import { StudyRecords } from '../services/study-records.js';
import { UsageError, word } from './args.js';
import type { CliContext } from './context.js';
import { organizationLine, shown, table } from './format.js';

export async function collaboratorsCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'collaborators subcommand (list, add, remove)');
  const containerId = await ctx.container();
  const session = await ctx.open();
  const { client, keys } = session;
  const studies = new StudyRecords(client, keys, ctx.sharing(session));
  let list;
  switch (sub) {
    case 'list':
      list = await client.listContainerOrganizations(containerId);
      break;
    case 'add': {
      const org = word(ctx.args, 2, 'organization id');
      list = await client.grantContainerAccess(containerId, org);
      // The invited site sees the study by its title (protocol.md §7); the invitation stands either way.
      try {
        await studies.grantTo(containerId, org);
      } catch (e) {
        ctx.progress(
          `warning: the study’s title could not be shared with ${shown(org)}: ${shown(e instanceof Error ? e.message : String(e))}\n`,
        );
      }
      break;
    }
    case 'remove': {
      const org = word(ctx.args, 2, 'organization id');
      await studies.revokeFrom(containerId, org);
      list = await client.revokeContainerAccess(containerId, org);
      break;
    }
    default:
      throw new UsageError(`Unknown collaborators subcommand "${sub}".`);
  }
  ctx.print(list, () => table(list, organizationLine));
}
