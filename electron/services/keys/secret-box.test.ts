import { describe, expect, it } from 'vitest';
import { boxParameters, DEFAULT_LOG2N, MIN_LOG2N, PassphraseSecretBox, SecretBoxError } from './secret-box.js';

const fast = { log2N: MIN_LOG2N };

describe('PassphraseSecretBox', () => {
  it('round-trips and never stores the plaintext', async () => {
    const box = new PassphraseSecretBox('correct horse', fast);
    const plain = Buffer.from(`-----BEGIN ${'PRIVATE'} KEY-----secret`);
    const blob = await box.encrypt(plain);
    expect(blob.includes(plain)).toBe(false);
    expect(await box.decrypt(blob)).toEqual(plain);
    expect(box.kind).toBe('passphrase');
  });

  it('uses a fresh salt each time', async () => {
    const box = new PassphraseSecretBox('p', fast);
    const a = await box.encrypt(Buffer.from('x'));
    const b = await box.encrypt(Buffer.from('x'));
    expect(a.equals(b)).toBe(false);
  });

  it('reads its parameters from the blob: a box of an earlier version (2^15) still opens', async () => {
    const blob = await new PassphraseSecretBox('p', { log2N: 15 }).encrypt(Buffer.from('data'));
    expect(boxParameters(blob)).toEqual({ log2N: 15, r: 8, p: 1 });
    expect((await new PassphraseSecretBox('p', fast).decrypt(blob)).toString()).toBe('data');
  });

  it('writes N = 2^17, r = 8 by default (maxmem set, so the derivation runs) and opens it again', async () => {
    const box = new PassphraseSecretBox('p');
    const blob = await box.encrypt(Buffer.from('data'));
    expect(boxParameters(blob)).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(DEFAULT_LOG2N).toBe(17);
    expect((await box.decrypt(blob)).toString()).toBe('data');
  });

  it('never writes below 2^14, whatever the override asks (2^1 used to lock the user out)', async () => {
    for (const log2N of [1, 10, 13, Number.NaN]) {
      const box = new PassphraseSecretBox('p', { log2N });
      const blob = await box.encrypt(Buffer.from('data'));
      expect(boxParameters(blob).log2N).toBeGreaterThanOrEqual(MIN_LOG2N);
      expect((await box.decrypt(blob)).toString()).toBe('data');
    }
    expect(MIN_LOG2N).toBe(14);
  });

  it('refuses a wrong passphrase and a changed blob', async () => {
    const blob = await new PassphraseSecretBox('right', fast).encrypt(Buffer.from('data'));
    await expect(new PassphraseSecretBox('wrong', fast).decrypt(blob)).rejects.toMatchObject({
      failure: 'wrong-secret',
    });
    const changed = Buffer.from(blob);
    changed[changed.length - 1]! ^= 1;
    await expect(new PassphraseSecretBox('right', fast).decrypt(changed)).rejects.toBeInstanceOf(SecretBoxError);
    await expect(new PassphraseSecretBox('right', fast).decrypt(Buffer.from('nonsense'))).rejects.toMatchObject({
      failure: 'malformed',
    });
  });

  it('refuses an empty passphrase', () => {
    expect(() => new PassphraseSecretBox('')).toThrow(/passphrase is required/);
  });
});
