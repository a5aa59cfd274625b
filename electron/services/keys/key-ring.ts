// A profile's keys: the current key, which signs and receives new items, and the reading keys
// kept from before a renewal, so whatever is still wrapped for an old certificate opens. The key
// of an item is chosen by its keyHash (docs/protocol.md, "The item envelope"): each key unwraps
// in turn and the first whose result hashes to keyHash is the one; content is never tried.
import { FailureError } from '../../../shared/failure-error.js';
import { decodeBase64Strict } from '../../../shared/protocol/base64-decode.js';
import type { CertificateInfo } from '../../../shared/protocol/certificates.js';
import {
  EnvelopeError,
  type ItemFields,
  type ItemKey,
  type PublicKeyInput,
} from '../../../shared/protocol/envelope.js';
import type { KeyHandle, KeyVault } from './key-vault.js';

export class KeyRingError extends FailureError<'no-key-opens'> {
  override readonly name = 'KeyRingError';
}

/** One key of the ring as it may be shown: its reference and certificate, never the key. */
export interface RingKey {
  readonly keyRef: string;
  readonly current: boolean;
  readonly certificate: CertificateInfo | undefined;
}

/** A profile's keys behind one handle: the current key's signer and certificate, every key's reading. */
export interface ProfileKeys extends KeyHandle {
  readonly ring: readonly RingKey[];
  /** The reference of the key that opens the item (checked by keyHash), or undefined when none does. */
  keyOf(item: ItemFields): string | undefined;
}

/** The ring over opened handles, the current key first. */
export function keyRing(current: KeyHandle, reading: readonly KeyHandle[]): ProfileKeys {
  const handles = [current, ...reading.filter((h) => h.keyRef !== current.keyRef)];
  const ring = handles.map((h, i) => ({ keyRef: h.keyRef, current: i === 0, certificate: h.certificate }));

  /** The item key and which handle opened it; a malformed item fails at once, whatever the key. */
  const open = (item: ItemFields): { key: ItemKey; handle: KeyHandle } => {
    let hashMismatch: EnvelopeError | undefined;
    for (const handle of handles) {
      try {
        return { key: handle.openItemKey(item), handle };
      } catch (error) {
        if (!(error instanceof EnvelopeError)) throw error;
        if (error.failure === 'key-hash') hashMismatch ??= error;
        else if (error.failure !== 'wrong-key') throw error;
      }
    }
    // A key that unwrapped but to another hash: the owner is re-keying, not a missing key.
    if (hashMismatch) throw hashMismatch;
    throw new KeyRingError('no-key-opens', noKeyMessage(item, ring));
  };

  return {
    keyRef: current.keyRef,
    signer: current.signer,
    certificate: current.certificate,
    wrapForSelf: (key) => current.wrapForSelf(key),
    ring,
    openItemKey: (item) => open(item).key,
    rewrap: (wrapped, recipient: PublicKeyInput) => {
      for (const handle of handles) {
        try {
          return handle.rewrap(wrapped, recipient);
        } catch (error) {
          if (!(error instanceof EnvelopeError) || error.failure !== 'wrong-key') throw error;
        }
      }
      throw new KeyRingError('no-key-opens', 'None of this profile\u2019s keys can unwrap this key.');
    },
    keyOf: (item) => {
      try {
        return open(item).handle.keyRef;
      } catch {
        return undefined;
      }
    },
  };
}

/** What can be said of an item no key opens: the size of the key it was wrapped for, and ours. */
function noKeyMessage(item: ItemFields, ring: readonly RingKey[]): string {
  const bits = (decodeBase64Strict(item.key)?.length ?? 0) * 8;
  const held = ring
    .map(
      (k) =>
        `${k.current ? 'current' : 'reading'} key${k.certificate ? ` "${k.certificate.subject}" (SHA-1 fingerprint ${k.certificate.thumbprint}, ${k.certificate.keyBits} bits)` : ' without a certificate'}`,
    )
    .join('; ');
  const size =
    bits > 0 && !ring.some((k) => k.certificate?.keyBits === bits)
      ? ` It was wrapped for a certificate with a ${bits}-bit key, which this profile does not hold.`
      : '';
  return `None of this profile\u2019s keys opens this item: its key was wrapped for another certificate.${size} This profile holds: ${held}. Ask the item\u2019s owner to re-wrap it for your current certificate, or restore the key it was wrapped for from a backup.`;
}

/** Opens a profile's current and reading keys from the vault, each decrypted once. */
export async function openProfileKeys(
  vault: KeyVault,
  profile: { readonly keyRef: string; readonly readingKeyRefs?: readonly string[] },
): Promise<ProfileKeys> {
  const current = await vault.open(profile.keyRef);
  const reading: KeyHandle[] = [];
  for (const ref of profile.readingKeyRefs ?? []) reading.push(await vault.open(ref));
  return keyRing(current, reading);
}
