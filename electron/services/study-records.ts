// Named studies (protocol.md §7): reading, writing and granting the `study` record of a
// container. The owner writes it and grants it to every collaborator, so invited sites
// see the title as soon as they are invited.
import { UserFacingError } from '../../shared/app-error.js';
import type { Container, Item } from '../../shared/types.js';
import {
  STUDY_RECORD_PATH,
  fallbackStudyTitle,
  mergeStudyRecord,
  parseStudyRecord,
  studyRecordHeader,
  type StudyFieldName,
  type StudyFields,
  type StudyRecord,
} from '../../shared/study-record.js';
import type { CallOptions, ExchangeClient } from './exchange-client.js';
import { CancelledError, ExchangeError, NetworkError } from './exchange-errors.js';
import type { SharingService } from './sharing/sharing.js';
import { readRecord, writeRecord, type RecordKeys } from './transfers/records.js';
import { CHECKLIST_PATH } from '../../shared/reserved-paths.js';
import {
  grantOwnerRecord,
  revokeOwnerRecord,
  shareWithCollaborators,
  type NotShared,
} from './records/owner-records.js';

export type { NotShared };

interface StudyTitle {
  readonly title: string;
  /** The record when it could be read and decrypted; absent while only the fallback title exists. */
  readonly record?: StudyRecord;
  /** The record's content hash: changes with every save. */
  readonly version?: string;
}

/** What an edit changed, and the version of the record it started from. */
export interface StudyEdit {
  /** Only these fields are applied to the record as it is now (all when absent). */
  readonly changed?: readonly StudyFieldName[];
  /** The version the edit started from: when the record has changed since, nothing is saved. */
  readonly base?: string;
}

/** A study by id, or with its owner when the caller already has the container. */
export type StudyRef = string | (Pick<Container, 'id'> & { readonly ownerId?: string });

export interface SavedStudy {
  readonly record: StudyRecord;
  /** Organizations given the record for the first time. */
  readonly granted: string[];
  /** Collaborators that could not be given (or re-keyed for) the record: they keep the old title or the fallback. */
  readonly notShared: NotShared[];
}

function isNotFound(e: unknown): boolean {
  return e instanceof ExchangeError && e.status === 404;
}

export function ownerOf(item: Pick<Item, 'ownerUrl'>): string {
  return item.ownerUrl.split('/').filter(Boolean).pop() ?? '';
}

/** "saved; not shared with X because …" in one sentence, for dialogs, the CLI and the activity log. */
export function notSharedText(notShared: readonly NotShared[]): string {
  return notShared.map((n) => `not shared with ${n.organizationName} because: ${n.reason}`).join('; ');
}

export class StudyRecords {
  /** Records read this session, keyed by container id and the item's content hash. */
  private readonly cache = new Map<
    string,
    { readonly contentHash: string; readonly keyHash: string; readonly record: StudyRecord }
  >();

  constructor(
    private readonly client: ExchangeClient,
    private readonly keys: RecordKeys,
    private readonly sharing: Pick<SharingService, 'grant' | 'update' | 'revoke'>,
  ) {}

  private async container(
    ref: StudyRef,
    options: CallOptions,
  ): Promise<{ readonly id: string; readonly ownerId: string }> {
    if (typeof ref !== 'string' && ref.ownerId) return { id: ref.id, ownerId: ref.ownerId };
    return this.client.getContainer(typeof ref === 'string' ? ref : ref.id, options);
  }

  private async meta(containerId: string, options: CallOptions): Promise<Item | undefined> {
    try {
      return await this.client.getItem(containerId, STUDY_RECORD_PATH, options);
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  /**
   * The record, or undefined when there is none (yet). Only the container owner's record names
   * the study (protocol.md §7): a collaborator may save path `study` first (the exchange lets
   * anyone create a free path), and its record is ignored. Other failures are thrown.
   */
  async read(ref: StudyRef, options: CallOptions = {}): Promise<StudyRecord | undefined> {
    return (await this.current(await this.container(ref, options), options))?.record;
  }

  private async current(
    container: { readonly id: string; readonly ownerId: string },
    options: CallOptions,
  ): Promise<{ record: StudyRecord; version: string } | undefined> {
    const meta = await this.meta(container.id, options);
    if (!meta || ownerOf(meta) !== container.ownerId) return undefined;
    const hit = this.cache.get(container.id);
    if (hit && hit.contentHash === meta.contentHash && hit.keyHash === meta.keyHash)
      return { record: hit.record, version: hit.contentHash };
    const opened = await readRecord(this.client, this.keys, container.id, STUDY_RECORD_PATH, options);
    // replaced between the two requests by someone else's: still not the study's record
    if (ownerOf(opened.item) !== container.ownerId) return undefined;
    if (opened.header.type !== 'study')
      throw new Error(`The record at "study" has header type ${JSON.stringify(opened.header.type)}, not "study".`);
    const record = parseStudyRecord(opened.content);
    this.cache.set(container.id, { contentHash: opened.item.contentHash, keyHash: opened.item.keyHash, record });
    return { record, version: opened.item.contentHash };
  }

  /** The title to show: the record's, or "Study <8 hex>" while none can be read. */
  async title(container: StudyRef, options: CallOptions = {}): Promise<StudyTitle> {
    const id = typeof container === 'string' ? container : container.id;
    try {
      const found = await this.current(await this.container(container, options), options);
      if (found) return { title: found.record.title, ...found };
    } catch {
      // unreadable (no key for us yet, damaged, unreachable): the fallback until it can be read
    }
    return { title: fallbackStudyTitle(id) };
  }

  /**
   * Creates or edits the record (fields of other clients kept), then grants it to every
   * collaborator that lacks it and re-keys it for those that had it, each on its own: one
   * collaborator that cannot receive it is reported in `notShared` and the rest still get it.
   * Only the container's owner may call it.
   */
  async save(ref: StudyRef, fields: StudyFields, edit: StudyEdit = {}, options: CallOptions = {}): Promise<SavedStudy> {
    const container = await this.container(ref, options);
    if (container.ownerId !== this.client.organizationId) {
      throw new UserFacingError(
        'not-study-owner',
        'Only the organization that owns this study can change its title and details.',
        'The study record belongs to the study\u2019s owner; ask its coordinator to make the change.',
      );
    }
    const meta = await this.meta(container.id, options);
    if (meta && ownerOf(meta) !== container.ownerId) {
      throw new UserFacingError(
        'study-record-taken',
        `Another organization (${ownerOf(meta)}) saved an item at the study record\u2019s path "study" of this study, and the exchange lets only its writer replace it. The title was not saved.`,
        'Ask that organization to delete its item "study"; until then the study shows its fallback title.',
      );
    }
    let previous: StudyRecord | undefined;
    try {
      previous = (await this.current(container, options))?.record;
    } catch (e) {
      // A record we cannot read is replaced rather than merged: its owner (us) rewrites it.
      if (e instanceof ExchangeError || e instanceof NetworkError || e instanceof CancelledError) throw e;
    }
    // An edit made on an older version would silently undo what was saved since: the user decides.
    if (edit.base !== undefined && (meta?.contentHash ?? '') !== edit.base) {
      throw new UserFacingError(
        'study-changed',
        'The study details were changed since you opened them.',
        'Reload to see the current details, or overwrite them with yours (only the fields you changed are replaced).',
      );
    }
    const record = mergeStudyRecord(previous, fields, edit.changed);
    await writeRecord(
      this.client,
      this.keys,
      container.id,
      STUDY_RECORD_PATH,
      { header: studyRecordHeader(record), content: record },
      options,
    );
    this.cache.delete(container.id);
    return {
      record,
      ...(await shareWithCollaborators(this.client, this.sharing, container.id, STUDY_RECORD_PATH, options)),
    };
  }

  /** After inviting an organization: give it the record, when there is one (and the checklist, decisions §9). */
  async grantTo(containerId: string, organizationId: string, options: CallOptions = {}): Promise<boolean> {
    await grantOwnerRecord(this.client, this.sharing, containerId, CHECKLIST_PATH, organizationId, options);
    const meta = await this.meta(containerId, options);
    // none yet, or not ours to grant (only the owner's record names the study)
    if (!meta || ownerOf(meta) !== this.client.organizationId) return false;
    const access = await this.client.getItemAccess(containerId, STUDY_RECORD_PATH, options);
    if (access.some((o) => o.id === organizationId)) return false;
    await this.sharing.grant(containerId, STUDY_RECORD_PATH, organizationId, options);
    return true;
  }

  /** Before revoking a collaborator: its grants of the record and the checklist go with it. */
  async revokeFrom(containerId: string, organizationId: string, options: CallOptions = {}): Promise<boolean> {
    await revokeOwnerRecord(this.client, this.sharing, containerId, CHECKLIST_PATH, organizationId, options);
    return revokeOwnerRecord(this.client, this.sharing, containerId, STUDY_RECORD_PATH, organizationId, options);
  }
}
