// `profile renew NAME [--key FILE --cert FILE]` and `profile forget-old-keys NAME`: a new key
// becomes current once the exchange lists its certificate, the old one stays for reading, and
// the profile's own items are wrapped again for the new certificate before the command returns.
import { readFile } from 'node:fs/promises';
import type { RequestSigner } from '../../../shared/protocol/signing.js';
import { ExchangeClient } from '../../services/exchange-client.js';
import { openProfileKeys } from '../../services/keys/key-ring.js';
import type { Profile } from '../../services/profiles/profiles.js';
import { RewrapIncomplete, forgetOldKeys, renewProfile, rewrapOwnItems } from '../../services/keys/renewal.js';
import { UsageError, stringFlag, word } from '../args.js';
import type { CliContext } from '../context.js';

function profileClient(profile: Profile, signer: RequestSigner): ExchangeClient {
  return new ExchangeClient({ baseUrl: profile.baseUrl, organizationId: profile.organizationId, signer });
}

export async function renewCommand(ctx: CliContext): Promise<void> {
  const store = ctx.profiles();
  let profile = await store.get(word(ctx.args, 2, 'profile name'));
  const vault = await ctx.vault();
  const keyFile = stringFlag(ctx.args, 'key');
  const certFile = stringFlag(ctx.args, 'cert');
  if ((keyFile === undefined) !== (certFile === undefined))
    throw new UsageError(
      'profile renew takes both --key FILE and --cert FILE (or neither, to finish an earlier renewal).',
    );
  if (keyFile && certFile) {
    const added = await vault.importPem(await readFile(keyFile), await readFile(certFile));
    try {
      profile = await renewProfile(store, vault, profile, added.keyRef);
    } catch (error) {
      await vault.remove(added.keyRef);
      throw error;
    }
    ctx.progress(
      `${profile.name} now signs with the certificate ${profile.certificate?.thumbprint ?? ''}; the old key is kept for reading.\n`,
    );
  } else if (!profile.readingKeyRefs?.length) {
    throw new UsageError(`${profile.name} has no old key to move away from: give --key FILE and --cert FILE.`);
  }
  const keys = await openProfileKeys(vault, profile);
  const client = profileClient(profile, keys.signer);
  try {
    const { rewrapped } = await rewrapOwnItems(client, keys, {
      onProgress: (p) => ctx.progress(`re-wrapped ${p.done} of ${p.total}: ${p.item.path}\n`),
    });
    ctx.print(
      { profile, rewrapped },
      () => `Your items are wrapped for the new certificate (${rewrapped} re-wrapped now).`,
    );
  } catch (error) {
    if (error instanceof RewrapIncomplete) {
      for (const left of error.left) ctx.progress(`left: ${left.path} in study ${left.containerId}\n`);
      ctx.progress(`Run "profile renew ${profile.name}" again to finish.\n`);
    }
    throw error;
  } finally {
    client.close();
  }
}

export async function forgetOldKeysCommand(ctx: CliContext): Promise<void> {
  const store = ctx.profiles();
  const profile = await store.get(word(ctx.args, 2, 'profile name'));
  const vault = await ctx.vault();
  const keys = await openProfileKeys(vault, profile);
  const client = profileClient(profile, keys.signer);
  try {
    const forgotten = profile.readingKeyRefs?.length ?? 0;
    const next = await forgetOldKeys(store, vault, profile, client);
    ctx.print({ profile: next, forgotten }, () =>
      forgotten === 0
        ? `${profile.name} has no old keys.`
        : `Forgot ${forgotten} old key(s) of ${profile.name}; nothing needed them any more.`,
    );
  } finally {
    client.close();
  }
}
