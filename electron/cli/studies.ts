// `ping`, `containers`, `collaborators`, `orgs`, `admin`.
import { readFile, writeFile } from 'node:fs/promises';
import type { Container, UpdateOrganizationPayload } from '../../shared/types.js';
import { studyFieldsSchema, type StudyFields } from '../../shared/study-record.js';
import { StudyRecords } from '../services/study-records.js';
import { ExchangeClient } from '../services/exchange-client.js';
import { UsageError, boolFlag, requireFlag, stringFlag, word } from './args.js';
import type { CliContext } from './context.js';
import { containerLine, organizationLine, shown, studyLines, table } from './format.js';
import { UserFacingError } from '../../shared/app-error.js';

export async function pingCommand(ctx: CliContext): Promise<void> {
  if (boolFlag(ctx.args, 'auth') || boolFlag(ctx.args, 'sirb')) {
    const { client } = await ctx.open();
    const answer = boolFlag(ctx.args, 'sirb') ? await client.pingSirb() : await client.pingSite();
    ctx.print({ answer, authenticated: true, sirb: boolFlag(ctx.args, 'sirb') }, () => answer);
    return;
  }
  // Anonymous: no key is opened, so no passphrase is asked.
  const client = new ExchangeClient({ baseUrl: await ctx.baseUrlOnly(), organizationId: '', signer: () => '' });
  try {
    const answer = await client.ping();
    ctx.print({ answer }, () => answer);
  } finally {
    client.close();
  }
}

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

export async function orgsCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'orgs subcommand (list, show, cert)');
  const { client } = await ctx.open();
  switch (sub) {
    case 'list': {
      const all = await client.listOrganizations(stringFlag(ctx.args, 'name'));
      ctx.print(all, () => table(all, organizationLine));
      return;
    }
    case 'show': {
      const o = await client.getOrganization(word(ctx.args, 2, 'organization id'));
      ctx.print(o, () => organizationLine(o));
      return;
    }
    case 'cert': {
      const pem = await client.getCertificate(word(ctx.args, 2, 'organization id'));
      const out = stringFlag(ctx.args, 'out');
      if (out) await writeFile(out, pem);
      ctx.print({ certificate: pem }, () =>
        out ? `Certificate written to ${out}` : pem.trimEnd().split('\n').map(shown).join('\n'),
      );
      return;
    }
    default:
      throw new UsageError(`Unknown orgs subcommand "${sub}".`);
  }
}

export async function adminCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'admin subcommand (org-create, org-update, cert-put)');
  const { client } = await ctx.open();
  switch (sub) {
    case 'org-create': {
      const certFile = stringFlag(ctx.args, 'cert');
      const o = await client.createOrganization({
        name: requireFlag(ctx.args, 'name'),
        isSirb: boolFlag(ctx.args, 'sirb'),
        ...(certFile ? { certificate: await readFile(certFile, 'utf8') } : {}),
      });
      ctx.print(o, () => `Created ${organizationLine(o)}`);
      return;
    }
    case 'org-update': {
      const id = word(ctx.args, 2, 'organization id');
      const patch: { -readonly [K in keyof UpdateOrganizationPayload]: UpdateOrganizationPayload[K] } = {};
      const name = stringFlag(ctx.args, 'name');
      if (name) patch.name = name;
      if (boolFlag(ctx.args, 'sirb')) patch.isSirb = true;
      if (boolFlag(ctx.args, 'not-sirb')) patch.isSirb = false;
      if (boolFlag(ctx.args, 'disabled')) patch.isDisabled = true;
      if (boolFlag(ctx.args, 'enabled')) patch.isDisabled = false;
      if (Object.keys(patch).length === 0)
        throw new UsageError('Nothing to change: give --name, --sirb/--not-sirb or --disabled/--enabled.');
      const o = await client.updateOrganization(id, patch);
      ctx.print(o, () => `Updated ${organizationLine(o)}`);
      return;
    }
    case 'cert-put': {
      const id = word(ctx.args, 2, 'organization id');
      const bytes = await readFile(word(ctx.args, 3, 'certificate file'));
      const isPem = bytes.subarray(0, 64).toString('latin1').includes('-----BEGIN');
      const o = await client.putCertificate(id, bytes, isPem ? 'application/x-pem-file' : 'application/pkix-cert');
      ctx.print(o, () => `Certificate set: ${organizationLine(o)}`);
      return;
    }
    default:
      throw new UsageError(`Unknown admin subcommand "${sub}".`);
  }
}
