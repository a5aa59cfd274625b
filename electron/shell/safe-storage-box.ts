// Secrets at rest through Electron safeStorage (async API). On Linux with only the
// `basic_text` backend the OS offers no protection, so the caller switches to a passphrase.
import { safeStorage } from 'electron';
import { SecretBoxError, type SecretBox } from '../services/keys/secret-box.js';

export function safeStorageIsWeak(): boolean {
  return process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
}

export const safeStorageBox: SecretBox = {
  kind: 'safeStorage',
  isAvailable: () => safeStorage.isAsyncEncryptionAvailable(),
  async encrypt(plain) {
    // safeStorage takes strings; Base-64 keeps arbitrary bytes intact.
    return safeStorage.encryptStringAsync(plain.toString('base64'));
  },
  async decrypt(blob) {
    try {
      const { result } = await safeStorage.decryptStringAsync(blob);
      return Buffer.from(result, 'base64');
    } catch {
      throw new SecretBoxError('wrong-secret', 'The system keychain could not decrypt the stored key.');
    }
  },
};
