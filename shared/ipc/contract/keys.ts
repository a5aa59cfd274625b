// Keys: renewal, the re-wrap of the profile's own items, forgetting old keys, backup and its
// notice. Spread into `operations` in contract.ts; private keys never leave main.
import { z } from 'zod';
import { MIN_BACKUP_PASSWORD } from '../../backup-password.js';
import { id, none, pem, profile } from '../args.js';
import { answers, op } from '../op.js';
import type { ProfileView } from './profiles-views.js';

export const keysOperations = {
  /** The profile's keys (current and reading) as one PKCS#12 file saved where the user picks in main's dialog; the password is used once, never kept. */
  /**
   * A new key (a file by reference, or one generated here with profiles.generateKey) and the certificate issued for it
   * become current once the directory lists that certificate; the old key stays for reading.
   */
  'profiles.renew': op(
    z.strictObject({ profileId: id, keyFile: id.optional(), pendingKeyId: id.optional(), certificatePem: pem }),
    answers<ProfileView>(),
  ),
  /** The profile's own items wrapped again for its current certificate where they still need an old key (safe to repeat). */
  'profiles.rewrapOwnItems': op(profile, answers<{ rewrapped: number }>()),
  /** Forgets the reading keys once nothing needs them (refused, with what still does, before). */
  'profiles.forgetOldKeys': op(profile, answers<ProfileView>()),
  'profiles.backup': op(
    z.strictObject({ profileId: id, password: z.string().min(MIN_BACKUP_PASSWORD).max(1024) }),
    // Without a save dialog (the browser host) the file is offered once at `download`, like a document.
    answers<{ saved: boolean; profile: ProfileView; download?: string }>(),
  ),
  /** The profiles whose "never backed up" notice was dismissed for their current key (a renewal's new key brings it back). */
  'notices.list': op(none, answers<{ backupDismissed: string[] }>()),
  'notices.dismissBackup': op(profile, answers<{ backupDismissed: string[] }>()),
} as const;

export interface KeysEventPayloads {
  /**
   * The background re-wrap of a renewed profile's own items: progress, then finished with how many
   * items still need an old key (none: the old keys may be forgotten) or what stopped it.
   */
  'keys.rewrap': {
    profileId: string;
    done: number;
    total: number;
    finished: boolean;
    oldKeysNeeded?: number;
    error?: string;
  };
}
