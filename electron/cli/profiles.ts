// `profile add|list|remove|import-p12|backup|renew|forget-old-keys|generate-key|set-cert`, and
// `ping` (the profile's connection, or the exchange's without one).
import { readFile, writeFile } from 'node:fs/promises';
import { ENVIRONMENTS, type Environment } from '../../shared/ipc/views.js';
import type { Profile, ProfileInput } from '../services/profiles/profiles.js';
import { restoreProfile } from '../services/keys/profile-backup.js';
import { PinStore } from '../core/trust/pin-store.js';
import { backupCommand, p12Password } from './keys/backup.js';
import { forgetOldKeysCommand, renewCommand } from './keys/renewal.js';
import { KeyVault, type KeySummary } from '../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../services/keys/secret-box.js';
import { ExchangeClient } from '../services/exchange-client.js';
import { UsageError, boolFlag, requireFlag, stringFlag, stringFlags, word } from './args.js';
import { readTrustAnchors, type CliContext } from './context.js';
import { profileLine } from './format.js';

function environment(ctx: CliContext): Environment {
  const env = stringFlag(ctx.args, 'environment') ?? 'production';
  if (!(ENVIRONMENTS as readonly string[]).includes(env))
    throw new UsageError(`--environment must be one of ${ENVIRONMENTS.join(', ')}.`);
  return env as Environment;
}

/** The profile's fields from the command line, all but its keys. */
async function profileFields(ctx: CliContext): Promise<Omit<ProfileInput, 'keyRef'>> {
  const baseUrl = requireFlag(ctx.args, 'base-url');
  const trustFiles = stringFlags(ctx.args, 'trust-ca');
  try {
    new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url is not an address: ${baseUrl}`);
  }
  return {
    name: requireFlag(ctx.args, 'name'),
    environment: environment(ctx),
    baseUrl,
    organizationId: requireFlag(ctx.args, 'org'),
    roleHints: {
      ...(boolFlag(ctx.args, 'sirb') ? { sirb: true } : {}),
      ...(boolFlag(ctx.args, 'admin') ? { admin: true } : {}),
    },
    ...(trustFiles.length
      ? { trustAnchors: (await Promise.all(trustFiles.map((f) => readFile(f, 'utf8')))).flatMap(readTrustAnchors) }
      : {}),
  };
}

async function saveProfile(ctx: CliContext, summary: KeySummary): Promise<Profile> {
  return ctx.profiles().add({
    ...(await profileFields(ctx)),
    keyRef: summary.keyRef,
    ...(summary.certificate ? { certificate: summary.certificate } : {}),
  });
}

export async function profileCommand(ctx: CliContext): Promise<void> {
  const sub = word(
    ctx.args,
    1,
    'profile subcommand (add, list, remove, import-p12, backup, renew, forget-old-keys, generate-key, set-cert)',
  );
  switch (sub) {
    case 'list': {
      const all = await ctx.profiles().list();
      ctx.print(all, () => (all.length === 0 ? 'No profiles.' : all.map(profileLine).join('\n')));
      return;
    }
    case 'add': {
      requireFlag(ctx.args, 'name');
      requireFlag(ctx.args, 'base-url');
      requireFlag(ctx.args, 'org');
      const vault = await ctx.vault();
      const summary = await vault.importPem(
        await readFile(requireFlag(ctx.args, 'key')),
        await readFile(requireFlag(ctx.args, 'cert')),
      );
      const profile = await saveProfile(ctx, summary).catch(async (error: unknown) => {
        await vault.remove(summary.keyRef);
        throw error;
      });
      ctx.print(profile, () => `Added ${profileLine(profile)}`);
      return;
    }
    case 'import-p12': {
      // A backup of this app brings back the key history too; any other PKCS#12 file its one key.
      const file = word(ctx.args, 2, 'PKCS#12 file');
      const fields = await profileFields(ctx);
      const password = await p12Password(ctx, `Password of ${file}: `, false);
      const profile = await restoreProfile(
        ctx.profiles(),
        await ctx.vault(),
        await readFile(file),
        password,
        fields,
        (id, pins) => new PinStore(ctx.dataDir, id).restore(pins),
      );
      ctx.print(
        profile,
        () =>
          `Added ${profileLine(profile)}${profile.readingKeyRefs?.length ? ` with ${profile.readingKeyRefs.length} reading key(s)` : ''}`,
      );
      return;
    }
    case 'backup':
      return backupCommand(ctx);
    case 'renew':
      return renewCommand(ctx);
    case 'forget-old-keys':
      return forgetOldKeysCommand(ctx);
    case 'generate-key': {
      const bits = Number(stringFlag(ctx.args, 'bits') ?? '2048');
      if (!Number.isInteger(bits) || bits < 2048)
        throw new UsageError('--bits must be a whole number of at least 2048.');
      requireFlag(ctx.args, 'name');
      requireFlag(ctx.args, 'base-url');
      const org = requireFlag(ctx.args, 'org');
      const subject = {
        commonName: requireFlag(ctx.args, 'common-name'),
        // the CA is asked to name the organization in the certificate (SAN urn:study-exchange:org:<id>)
        ...(/^[0-9a-f]{32}$/.test(org) ? { organizationId: org } : {}),
        ...(stringFlag(ctx.args, 'organization') ? { organization: stringFlag(ctx.args, 'organization')! } : {}),
        ...(stringFlag(ctx.args, 'country') ? { country: stringFlag(ctx.args, 'country')! } : {}),
      };
      const vault = await ctx.vault();
      const { summary, csrPem } = await vault.generate(subject, bits);
      const profile = await saveProfile(ctx, summary).catch(async (error: unknown) => {
        await vault.remove(summary.keyRef);
        throw error;
      });
      const out = stringFlag(ctx.args, 'out');
      if (out) await writeFile(out, csrPem);
      ctx.print({ profile, csr: csrPem }, () =>
        out
          ? `Added ${profileLine(profile)}\nCertificate request written to ${out}; send it for registration, then run "profile set-cert ${profile.name} CERT_FILE".`
          : csrPem.trimEnd(),
      );
      return;
    }
    case 'set-cert': {
      const store = ctx.profiles();
      const profile = await store.get(word(ctx.args, 2, 'profile name'));
      const summary = await (
        await ctx.vault()
      ).attachCertificate(profile.keyRef, await readFile(word(ctx.args, 3, 'certificate file')));
      const next = await store.update(profile.id, {
        ...(summary.certificate ? { certificate: summary.certificate } : {}),
      });
      ctx.print(next, () => `Updated ${profileLine(next)}`);
      return;
    }
    case 'remove': {
      const store = ctx.profiles();
      const profile = await store.get(word(ctx.args, 2, 'profile name'));
      await store.remove(profile.id);
      // Its keys (current and reading) go too unless another profile still uses them; no passphrase needed to delete.
      const inUse = new Set((await store.list()).flatMap((p) => [p.keyRef, ...(p.readingKeyRefs ?? [])]));
      const vault = new KeyVault(ctx.dataDir, new PassphraseSecretBox('-'));
      for (const ref of [profile.keyRef, ...(profile.readingKeyRefs ?? [])])
        if (!inUse.has(ref)) await vault.remove(ref);
      ctx.print({ removed: profile.id }, () => `Removed profile ${profile.name}.`);
      return;
    }
    default:
      throw new UsageError(`Unknown profile subcommand "${sub}".`);
  }
}

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
