import { describe, expect, it } from 'vitest';
import { PassphraseSecretBox, SecretBoxError } from './secret-box.js';

const fast = { log2N: 10 };

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

  it('reads its parameters from the blob', async () => {
    const blob = await new PassphraseSecretBox('p', { log2N: 11 }).encrypt(Buffer.from('data'));
    expect((await new PassphraseSecretBox('p', fast).decrypt(blob)).toString()).toBe('data');
  });

  it('refuses a wrong passphrase and a changed blob', async () => {
    const blob = await new PassphraseSecretBox('right', fast).encrypt(Buffer.from('data'));
    await expect(new PassphraseSecretBox('wrong', fast).decrypt(blob)).rejects.toMatchObject({ failure: 'wrong-secret' });
    const changed = Buffer.from(blob);
    changed[changed.length - 1]! ^= 1;
    await expect(new PassphraseSecretBox('right', fast).decrypt(changed)).rejects.toBeInstanceOf(SecretBoxError);
    await expect(new PassphraseSecretBox('right', fast).decrypt(Buffer.from('nonsense'))).rejects.toMatchObject({ failure: 'malformed' });
  });

  it('refuses an empty passphrase', () => {
    expect(() => new PassphraseSecretBox('')).toThrow(/passphrase is required/);
  });
});
