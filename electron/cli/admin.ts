// `orgs list|show|cert` (the exchange's directory) and `admin org-create|org-update|cert-put`.
import { readFile, writeFile } from 'node:fs/promises';
import type { UpdateOrganizationPayload } from '../../shared/types.js';
import { UsageError, boolFlag, requireFlag, stringFlag, word } from './args.js';
import type { CliContext } from './context.js';
import { organizationLine, shown, table } from './format.js';

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
