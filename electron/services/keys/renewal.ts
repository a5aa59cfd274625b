// Renewing a profile's key: the new key becomes current once the exchange's directory lists
// its certificate (the administrator registered it), and the old key stays as a reading key.
// Then the profile's own copies of its items' keys (the owner's `key`) are wrapped again for
// the new certificate, one Update item access (PUT) each, for the owner itself: docs/protocol.md,
// "Item access". Items already re-wrapped open with the current key and are skipped, so the work
// resumes wherever it stopped; when nothing needs an old key any more it may be forgotten.
import { FailureError } from '../../../shared/failure-error.js';
import { shownName } from '../../../shared/headers.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { openHeader, wrapKey } from '../../../shared/protocol/envelope.js';
import { shownText } from '../../../shared/shown-text.js';
import { STUDY_RECORD_PATH, fallbackStudyTitle } from '../../../shared/study-title.js';
import type { Item } from '../../../shared/types.js';
import { ExchangeClient } from '../exchange-client.js';
import { ExchangeError } from '../exchange-errors.js';
import { openProfileKeys, type ProfileKeys } from './key-ring.js';
import type { KeyVault } from './key-vault.js';
import type { Profile, ProfileStore } from '../profiles/profiles.js';
import type { CallOptions } from '../exchange-client.js';
import { SharingService } from '../sharing/sharing.js';
import { StudyRecords, ownerOf } from '../study-records.js';

export class RenewalError extends FailureError<'not-registered' | 'no-certificate' | 'same-key' | 'old-keys-needed'> {
  override readonly name = 'RenewalError';
}

/**
 * Makes `newKeyRef` (a vault key with its certificate) the profile's current key, after checking
 * with the exchange, signed by the new key, that the directory lists that certificate. On a
 * refusal nothing changes and the message says which step is missing.
 */
export async function renewProfile(
  store: ProfileStore,
  vault: KeyVault,
  profile: Profile,
  newKeyRef: string,
  options: CallOptions & { readonly userAgent?: string } = {},
): Promise<Profile> {
  if (newKeyRef === profile.keyRef || profile.readingKeyRefs?.includes(newKeyRef))
    throw new RenewalError('same-key', 'This key is already one of the profile\u2019s keys.');
  const next = await vault.open(newKeyRef);
  const certificate = next.certificate;
  if (!certificate)
    throw new RenewalError(
      'no-certificate',
      'The new key has no certificate yet: send its certificate request to the consortium, then add the certificate it issues.',
    );
  const client = new ExchangeClient({
    baseUrl: profile.baseUrl,
    organizationId: profile.organizationId,
    signer: next.signer,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  let listed: string | undefined;
  try {
    listed = (await client.getOrganization(profile.organizationId, options)).thumbprint?.toLowerCase();
  } catch (error) {
    // The exchange verifies signatures with the registered certificate: 2003 means it still has another.
    if (error instanceof ExchangeError && error.code === 2003) listed = undefined;
    else throw error;
  } finally {
    client.close();
  }
  if (listed !== certificate.thumbprint) {
    throw new RenewalError(
      'not-registered',
      `The exchange does not list the new certificate (SHA-1 fingerprint ${certificate.thumbprint}) for this organization yet${listed ? `; it lists ${listed}` : ''}. ` +
        'Send the certificate to the consortium\u2019s administrator to register it, then renew again. Nothing changed.',
    );
  }
  const summary = await vault.describe(newKeyRef);
  return store.update(profile.id, {
    keyRef: newKeyRef,
    readingKeyRefs: [profile.keyRef, ...(profile.readingKeyRefs ?? [])],
    ...(summary.certificate ? { certificate: summary.certificate } : {}),
  });
}

interface ItemRef {
  readonly containerId: string;
  readonly path: string;
}

interface RewrapProgress {
  readonly done: number;
  readonly total: number;
  readonly item: ItemRef;
}

/** Thrown when the re-wrap stops part way: what is done stays done; `left` is what remains. */
export class RewrapIncomplete extends Error {
  override readonly name = 'RewrapIncomplete';
  constructor(
    readonly done: number,
    readonly left: readonly ItemRef[],
    override readonly cause: unknown,
  ) {
    super(
      `${done} of your items were wrapped again for the new certificate and ${left.length} are left (${describeCause(cause)}); run the renewal again to finish.`,
    );
  }
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

async function everyItem(
  client: ExchangeClient,
  options: CallOptions,
  visit: (containerId: string, item: Item) => void,
): Promise<void> {
  for (const container of await client.listContainers(options)) {
    for await (const page of client.listItemPages(container.id, undefined, { ...options, recurse: true })) {
      for (const item of page) visit(container.id, item);
    }
  }
}

/** The profile's own items whose own copy of the key opens only with a reading key. */
export async function ownItemsOnOldKeys(
  client: ExchangeClient,
  keys: ProfileKeys,
  options: CallOptions = {},
): Promise<(ItemRef & { readonly item: Item })[]> {
  const found: (ItemRef & { item: Item })[] = [];
  await everyItem(client, options, (containerId, item) => {
    if (ownerOf(item) !== client.organizationId) return;
    const opener = keys.keyOf(item);
    if (opener !== undefined && opener !== keys.keyRef) found.push({ containerId, path: item.id, item });
  });
  return found;
}

/**
 * Wraps the profile's own copies of its items' keys for its current certificate where they
 * still open only with a reading key. Safe to run again: what is done is skipped.
 */
export async function rewrapOwnItems(
  client: ExchangeClient,
  keys: ProfileKeys,
  options: CallOptions & { readonly onProgress?: (p: RewrapProgress) => void } = {},
): Promise<{ readonly rewrapped: number }> {
  const own = keys.certificate;
  if (!own)
    throw new RenewalError('no-certificate', 'This profile has no certificate, so nothing can be wrapped for it.');
  const todo = await ownItemsOnOldKeys(client, keys, options);
  let done = 0;
  for (const entry of todo) {
    try {
      await client.updateItemAccess(
        entry.containerId,
        entry.path,
        client.organizationId,
        wrapKey(keys.openItemKey(entry.item).key, own.publicKey),
        options,
      );
    } catch (error) {
      throw new RewrapIncomplete(
        done,
        todo.slice(done).map(({ containerId, path }) => ({ containerId, path })),
        error,
      );
    }
    done++;
    options.onProgress?.({ done, total: todo.length, item: { containerId: entry.containerId, path: entry.path } });
  }
  return { rewrapped: done };
}

/** Items that still open only with one of the reading keys (none: the old keys may be forgotten). */
export async function itemsOnOldKeys(
  client: ExchangeClient,
  keys: ProfileKeys,
  options: CallOptions = {},
): Promise<{ containerId: string; path: string; ownerId: string; keyRef: string; item: Item }[]> {
  const found: { containerId: string; path: string; ownerId: string; keyRef: string; item: Item }[] = [];
  await everyItem(client, options, (containerId, item) => {
    const opener = keys.keyOf(item);
    if (opener !== undefined && opener !== keys.keyRef)
      found.push({ containerId, path: item.id, ownerId: ownerOf(item), keyRef: opener, item });
  });
  return found;
}

/** How many documents a refusal names before "and N more". */
const NAMED = 3;

/** A document as the user knows it: its header's file or record name, else its path. */
function documentName(keys: ProfileKeys, item: Item): string {
  const fallback = toSlashForm(item.id);
  try {
    return shownName(openHeader(item, keys.openItemKey(item)), fallback);
  } catch {
    return fallback;
  }
}

/** `"consent.pdf" in "Heart Study", … and N more`: documents and study titles, never ids. */
async function namedDocuments(
  keys: ProfileKeys,
  needed: readonly { readonly containerId: string; readonly item: Item }[],
  studyTitle: (containerId: string) => Promise<string>,
): Promise<string> {
  const named = await Promise.all(
    needed.slice(0, NAMED).map(async ({ containerId, item }) => {
      const title = await studyTitle(containerId).catch(() => fallbackStudyTitle(containerId));
      const study = `"${shownText(title, 80, fallbackStudyTitle(containerId))}"`;
      return item.id === STUDY_RECORD_PATH
        ? `the study record of ${study}`
        : `"${documentName(keys, item)}" in ${study}`;
    }),
  );
  return named.join(', ') + (needed.length > NAMED ? ` and ${needed.length - NAMED} more` : '');
}

/**
 * Removes the reading keys from the profile and the vault, refused while an item still needs one
 * (the refusal names the first few documents and their studies: `studyTitle`, the session's
 * cached titles in the app, else each study's record is read).
 */
export async function forgetOldKeys(
  store: ProfileStore,
  vault: KeyVault,
  profile: Profile,
  client: ExchangeClient,
  options: CallOptions & { readonly studyTitle?: (containerId: string) => Promise<string> } = {},
): Promise<Profile> {
  const reading = profile.readingKeyRefs ?? [];
  if (reading.length === 0) return profile;
  const keys = await openProfileKeys(vault, profile);
  const needed = await itemsOnOldKeys(client, keys, options);
  if (needed.length > 0) {
    // Reading titles shares nothing: the sharing service (needed for writing) gets no anchors.
    const records = options.studyTitle
      ? undefined
      : new StudyRecords(client, keys, new SharingService(client, keys, []));
    const studyTitle = options.studyTitle ?? (async (id: string) => (await records!.title(id, options)).title);
    throw new RenewalError(
      'old-keys-needed',
      `${needed.length} item(s) still open only with an old key: ${await namedDocuments(keys, needed, studyTitle)}. ` +
        'Re-wrap your own items and ask the owners of the others to re-wrap them for your new certificate. Nothing was forgotten.',
    );
  }
  const next = await store.update(profile.id, { readingKeyRefs: [] });
  const inUse = new Set((await store.list()).flatMap((p) => [p.keyRef, ...(p.readingKeyRefs ?? [])]));
  for (const ref of reading) if (!inUse.has(ref)) await vault.remove(ref);
  return next;
}
