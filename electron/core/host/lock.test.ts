import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueIdentity } from '../../../shared/protocol/certificates.js';
import { KeyVault } from '../../services/keys/key-vault.js';
import { boxParameters, PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { HostLock, passphraseWeakness } from './lock.js';
import { tempDirPerTest } from '../../services/test-support/temp-dir.js';

const fast = { log2N: 14 };
const GOOD = 'maple lantern orbit quietly';
const dir = tempDirPerTest('host-lock');

describe('the browser host passphrase', () => {
  it('is set on first run (a weak one refused with a hint), then checked on every later start', async () => {
    const first = new HostLock(dir(), fast);
    expect(await first.state()).toBe('new');
    await expect(first.unlock('short')).rejects.toMatchObject({ code: 'weak-passphrase' });
    expect(await first.state()).toBe('new');
    await first.unlock(GOOD);
    expect(await first.state()).toBe('open');

    const later = new HostLock(dir(), fast);
    expect(await later.state()).toBe('locked');
    await expect(later.unlock('maple lantern orbit loudly')).rejects.toMatchObject({ code: 'wrong-passphrase' });
    await expect(later.unlock('')).rejects.toMatchObject({ code: 'wrong-passphrase' });
    expect(await later.state()).toBe('locked');
    const box = await later.unlock(GOOD);
    expect(await later.state()).toBe('open');
    expect((await box.decrypt(await box.encrypt(Buffer.from('x')))).toString()).toBe('x');
    // Only a check value made with it is stored, never the passphrase.
    for (const name of await readdir(dir())) expect((await readFile(join(dir(), name))).includes(GOOD)).toBe(false);
  });

  it("moves keys protected by an earlier version's random passphrase file to the user's, and removes the file", async () => {
    const legacy = 'random-legacy-passphrase';
    await writeFile(join(dir(), 'host-passphrase'), legacy, { mode: 0o600 });
    const identity = issueIdentity('Legacy Clinic');
    const { keyRef } = await new KeyVault(dir(), new PassphraseSecretBox(legacy, fast)).importPem(
      identity.privateKeyPem,
      identity.certificatePem,
    );
    const box = await new HostLock(dir(), fast).unlock(GOOD);
    expect(await readdir(dir())).not.toContain('host-passphrase');
    const opened = await new KeyVault(dir(), box).open(keyRef);
    expect(opened.certificate?.subject).toContain('Legacy Clinic');
    await expect(new KeyVault(dir(), new PassphraseSecretBox(legacy, fast)).open(keyRef)).rejects.toMatchObject({
      failure: 'wrong-secret',
    });
  });

  it('reads its check file once (a locked host asks its state on every request), then keeps what it read or wrote', async () => {
    await new HostLock(dir(), fast).unlock(GOOD);
    const lock = new HostLock(dir(), fast);
    expect(await lock.state()).toBe('locked');
    // gone behind the app's back: the host does not look again, so it stays locked (not 'new')
    await rm(join(dir(), 'passphrase-check'));
    expect(await lock.state()).toBe('locked');
    await expect(lock.unlock('maple lantern orbit loudly')).rejects.toMatchObject({ code: 'wrong-passphrase' });
    await lock.unlock(GOOD);
    expect(await lock.state()).toBe('open');
  });

  it('refuses, and overwrites nothing, when its check file is there but cannot be read', async () => {
    await new HostLock(dir(), fast).unlock(GOOD);
    const checkFile = join(dir(), 'passphrase-check');
    const kept = await readFile(checkFile);
    // A directory at its path reads as EISDIR (tests run as root, where chmod does not stop reads).
    await rename(checkFile, `${checkFile}.kept`);
    await mkdir(checkFile);
    const lock = new HostLock(dir(), fast);
    await expect(lock.state()).rejects.toMatchObject({
      code: 'data-unreadable',
      message: expect.stringMatching(/passphrase-check/),
    });
    await expect(lock.unlock('another strong passphrase')).rejects.toMatchObject({ code: 'data-unreadable' });
    // not cached as 'new': once the file reads again, the host is locked with the passphrase it had
    await rm(checkFile, { recursive: true });
    await rename(`${checkFile}.kept`, checkFile);
    expect(await lock.state()).toBe('locked');
    await expect(lock.unlock('another strong passphrase')).rejects.toMatchObject({ code: 'wrong-passphrase' });
    await lock.unlock(GOOD);
    expect(await readFile(checkFile)).toEqual(kept);
  });

  it(
    'seals the check file and keys of an earlier version (scrypt 2^15) again at 2^17 at the next unlock',
    { timeout: 60_000 },
    async () => {
      const earlier = { log2N: 15 };
      await new HostLock(dir(), earlier).unlock(GOOD);
      const identity = issueIdentity('Earlier Clinic');
      const { keyRef } = await new KeyVault(dir(), new PassphraseSecretBox(GOOD, earlier)).importPem(
        identity.privateKeyPem,
        identity.certificatePem,
      );
      const checkFile = join(dir(), 'passphrase-check');
      const keyFile = join(dir(), 'keys', `${keyRef}.key`);
      expect(boxParameters(await readFile(checkFile)).log2N).toBe(15);
      expect(boxParameters(await readFile(keyFile)).log2N).toBe(15);

      const box = await new HostLock(dir()).unlock(GOOD);
      expect(boxParameters(await readFile(checkFile)).log2N).toBe(17);
      const vault = new KeyVault(dir(), box);
      expect(await vault.resealOutdated()).toBe(1);
      expect(boxParameters(await readFile(keyFile)).log2N).toBe(17);
      expect((await vault.open(keyRef)).certificate?.subject).toContain('Earlier Clinic');
      // Already at 2^17: nothing to do the next time.
      expect(await vault.resealOutdated()).toBe(0);
      expect(await new HostLock(dir()).state()).toBe('locked');
    },
  );

  it('explains what makes a passphrase weak', () => {
    expect(passphraseWeakness('abc')).toMatch(/at least 12 characters/);
    expect(passphraseWeakness('aaaaaaaaaaaaaaaa')).toMatch(/different characters/);
    expect(passphraseWeakness(GOOD)).toBeUndefined();
  });
});
