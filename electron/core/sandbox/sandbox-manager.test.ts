// The embedded sandbox's CA is trusted for the profiles the sandbox made, and for no other: a
// profile the user labels "sandbox" may point at any exchange. A real sandbox (reference server,
// SQLite, files) and real profile and key stores.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { ProfileStore, type Profile } from '../../services/profiles/profiles.js';
import { SandboxManager, sandboxTrustAnchorsFor } from './sandbox-manager.js';

let dir: string;
let profiles: ProfileStore;
let sandbox: SandboxManager;
let created: Profile[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-manager-'));
  profiles = new ProfileStore(dir);
  sandbox = new SandboxManager(
    dir,
    profiles,
    new KeyVault(join(dir, 'vault'), new PassphraseSecretBox('test', { log2N: 14 })),
    () => {},
    false,
  );
  created = await sandbox.create();
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('SandboxManager', () => {
  it('trusts its CA for its own profiles only, not for another profile labelled "sandbox"', async () => {
    expect(created.length).toBeGreaterThan(0);
    const anchors = await sandbox.trustAnchors();
    expect(anchors.length).toBeGreaterThan(0);
    for (const p of created) expect(await sandbox.trustAnchorsFor(p)).toEqual(anchors);
    // the command line, given the data folder, trusts the same for the same profiles
    for (const p of created) expect(await sandboxTrustAnchorsFor(dir, p.id)).toEqual(anchors);
    const labelled = await profiles.add({
      name: 'Labelled sandbox',
      environment: 'sandbox',
      baseUrl: 'https://exchange.example.org',
      organizationId: 'a'.repeat(32),
      roleHints: {},
      keyRef: created[0]!.keyRef,
    });
    expect(await sandbox.trustAnchorsFor(labelled)).toEqual([]);
    expect(await sandboxTrustAnchorsFor(dir, labelled.id)).toEqual([]);
  });
});
