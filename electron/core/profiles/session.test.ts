import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../services/keys/secret-box.js';
import type { Profile } from '../../services/profiles/profiles.js';
import { openSession } from './session.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'session-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('openSession', () => {
  it('refuses a production profile saved with plain http before the rule, before its key is opened', async () => {
    const profile: Profile = {
      id: 'a'.repeat(32),
      name: 'Old production',
      environment: 'production',
      baseUrl: 'http://exchange.example.org',
      organizationId: 'b'.repeat(32),
      roleHints: {},
      keyRef: 'c'.repeat(32),
      createdAt: '',
      updatedAt: '',
    };
    const vault = new KeyVault(dir, new PassphraseSecretBox('unused', { log2N: 14 }));
    await expect(openSession(profile, vault, 'test', () => {})).rejects.toMatchObject({
      code: 'insecure-exchange',
      message: expect.stringMatching(/https/),
    });
  });
});
