// `collaborators list|add|remove`: the organizations a study is shared with.
// `access list|grant|update|revoke`: those one item is shared with (`access rewrap`: keys/rewrap.ts).
import { StudyRecords } from '../services/study-records.js';
import { UsageError, word } from './args.js';
import { rememberingSharing, rewrapCommand } from './keys/rewrap.js';
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

export async function accessCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'access subcommand (list, grant, update, revoke, rewrap)');
  if (sub === 'rewrap') return rewrapCommand(ctx);
  const containerId = await ctx.container();
  const opened = await ctx.open();
  const { client } = opened;
  const remote = word(ctx.args, 2, 'remote path');
  const { sharing, settled } = rememberingSharing(ctx, opened);
  let list;
  switch (sub) {
    case 'list':
      list = await client.getItemAccess(containerId, remote);
      break;
    case 'grant':
      list = await sharing.grant(containerId, remote, word(ctx.args, 3, 'organization id'));
      break;
    case 'update':
      list = await sharing.update(containerId, remote, word(ctx.args, 3, 'organization id'));
      break;
    case 'revoke':
      list = await sharing.revoke(containerId, remote, word(ctx.args, 3, 'organization id'));
      break;
    default:
      throw new UsageError(`Unknown access subcommand "${sub}".`);
  }
  await settled();
  ctx.print(list, () => table(list, organizationLine));
}
