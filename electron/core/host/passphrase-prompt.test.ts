// The passphrase prompt Electron shows without a keyring is the browser host's unlock page on a
// host of its own: the page that traded the code sets the passphrase on first run and gives it
// later; a weak or wrong one is refused; nothing else is offered.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRET_HEADER } from '../../../shared/ipc/host-auth.js';
import { issueIdentity } from '../../../shared/protocol/certificates.js';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { tempDirPerTest } from '../../services/test-support/temp-dir.js';
import { startPassphrasePrompt, type PassphrasePrompt } from './passphrase-prompt.js';

const fast = { log2N: 14 };
const GOOD = 'maple lantern orbit quietly';
const dir = tempDirPerTest('passphrase-prompt');

/** The unlock page's steps over HTTP: sign in with the code, then post to the lock. */
async function page(prompt: PassphrasePrompt) {
  const code = new URL(prompt.url).hash.slice('#token='.length);
  const signedIn = await fetch(`${prompt.origin}/api/session`, {
    method: 'POST',
    headers: { Origin: prompt.origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
  const { secret } = ((await signedIn.json()) as { value: { secret: string } }).value;
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${prompt.origin}${path}`, {
      method: 'POST',
      headers: { Origin: prompt.origin, Cookie: cookie, [SECRET_HEADER]: secret, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: r.status,
      body: (await r.json()) as { ok: boolean; value?: { state: string }; error?: { code: string } },
    };
  };
  return { post, html: async () => (await fetch(`${prompt.origin}/`)).text() };
}

async function prompt(): Promise<PassphrasePrompt> {
  const renderer = join(dir(), 'renderer');
  await mkdir(renderer, { recursive: true });
  await writeFile(join(renderer, 'unlock.html'), '<!doctype html><title>unlock page</title>');
  return startPassphrasePrompt({ dataDir: join(dir(), 'data'), rendererDir: renderer, boxOptions: fast });
}

describe('the passphrase prompt', () => {
  it('serves the unlock page, takes a first passphrase (not a weak one), then asks for it again', async () => {
    const first = await prompt();
    try {
      const p = await page(first);
      expect(await p.html()).toContain('unlock page');
      expect((await p.post('/api/lock', {})).body.value?.state).toBe('new');
      expect((await p.post('/api/call/profiles.list', {})).status).toBe(423);
      expect((await p.post('/api/unlock', { passphrase: 'short' })).body.error?.code).toBe('weak-passphrase');
      expect((await p.post('/api/unlock', { passphrase: GOOD })).status).toBe(200);
      const box = await first.unlocked;
      expect((await box.decrypt(await box.encrypt(Buffer.from('x')))).toString()).toBe('x');
    } finally {
      await first.close();
    }
    const later = await prompt();
    try {
      const p = await page(later);
      expect((await p.post('/api/lock', {})).body.value?.state).toBe('locked');
      expect((await p.post('/api/unlock', { passphrase: 'maple lantern orbit loudly' })).body.error?.code).toBe(
        'wrong-passphrase',
      );
      expect((await p.post('/api/unlock', { passphrase: GOOD })).status).toBe(200);
      await later.unlocked;
    } finally {
      await later.close();
    }
  });

  it('asks for the passphrase keys were sealed with (STUDY_EXCHANGE_PASSPHRASE before), not a new one', async () => {
    const identity = issueIdentity('Env Clinic');
    const sealedWith = 'the passphrase from the environment';
    const { keyRef } = await new KeyVault(join(dir(), 'data'), new PassphraseSecretBox(sealedWith, fast)).importPem(
      identity.privateKeyPem,
      identity.certificatePem,
    );
    const asking = await prompt();
    try {
      const p = await page(asking);
      expect((await p.post('/api/lock', {})).body.value?.state).toBe('locked');
      expect((await p.post('/api/unlock', { passphrase: GOOD })).body.error?.code).toBe('wrong-passphrase');
      expect((await p.post('/api/unlock', { passphrase: sealedWith })).status).toBe(200);
      expect(
        (await new KeyVault(join(dir(), 'data'), await asking.unlocked).open(keyRef)).certificate?.subject,
      ).toContain('Env Clinic');
    } finally {
      await asking.close();
    }
  });
});
