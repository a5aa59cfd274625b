// The study's expected documents as stored (decisions §9): the `checklist` record at the
// container's owner's path, read through the capped small-record reader (1 MiB, decisions §5)
// and never trusted; saved by the owner with PUT and granted like the study record.
import { UserFacingError } from '../../../shared/app-error.js';
import { checklistRecord, parseChecklist, type ParsedChecklist } from '../../../shared/binder/checklist-read.js';
import { CHECKLIST_PATH, checklistHeader, type ChecklistItem } from '../../../shared/binder/checklist.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { CancelledError, ExchangeError, NetworkError } from '../exchange-errors.js';
import { shareWithCollaborators, type NotShared } from '../records/owner-records.js';
import { MAX_CHECKLIST_BYTES } from '../../../shared/limits.js';
import { readSmallRecord } from '../records/small-record.js';
import type { SharingService } from '../sharing/sharing.js';
import { writeRecord, type RecordKeys } from '../transfers/records.js';
import { ownerOf } from '../study-records.js';

/** A study's checklist as read: its items (checked), what was wrong, and whether there is one. */
export interface ReadChecklist extends ParsedChecklist {
  /** A readable checklist of the container's owner exists. */
  readonly exists: boolean;
  readonly updatedAt?: string;
  readonly contentHash?: string;
}

export interface SavedChecklist extends ReadChecklist {
  readonly notShared: NotShared[];
}

const none = (problems: string[] = []): ReadChecklist => ({
  exists: false,
  items: [],
  problems,
  unknownItemFields: new Map(),
  unknownFields: {},
});

const isNotFound = (e: unknown): boolean => e instanceof ExchangeError && (e.status === 404 || e.status === 403);
/** Failures that say nothing about the record (the exchange unreachable, the call cancelled): the caller retries. */
const isTransient = (e: unknown): boolean =>
  e instanceof NetworkError || e instanceof CancelledError || (e instanceof ExchangeError && e.status >= 500);

export class ChecklistRecords {
  constructor(
    private readonly client: ExchangeClient,
    private readonly keys: RecordKeys,
    private readonly sharing: Pick<SharingService, 'grant' | 'update' | 'revoke'>,
  ) {}

  /**
   * The checklist of a study whose owner is `ownerId`. One saved by anyone else is ignored (said
   * in `problems`); one too large, not decryptable or not a checklist is shown as none, with why.
   * Only a failure to reach the exchange is thrown.
   */
  async read(containerId: string, ownerId: string, options: CallOptions = {}): Promise<ReadChecklist> {
    let meta;
    try {
      meta = await this.client.getItem(containerId, CHECKLIST_PATH, options);
    } catch (e) {
      if (isNotFound(e)) return none();
      throw e;
    }
    const notOwners = 'An item at "checklist" saved by another organization than the study\u2019s owner is ignored.';
    if (ownerOf(meta) !== ownerId) return none([notOwners]);
    try {
      const record = await readSmallRecord(this.client, this.keys, containerId, CHECKLIST_PATH, {
        ...options,
        maxContentBytes: MAX_CHECKLIST_BYTES,
      });
      if (record.tooLarge) return none(['The checklist is larger than 1 MiB and is ignored.']);
      if (ownerOf(record.item) !== ownerId) return none([notOwners]);
      if (record.header.type !== 'checklist') return none(['The record at "checklist" is not a checklist.']);
      const parsed = parseChecklist(record.content);
      return {
        ...parsed,
        exists: true,
        updatedAt: record.item.updatedAt,
        contentHash: record.item.contentHash,
      };
    } catch (e) {
      if (isTransient(e)) throw e;
      if (isNotFound(e)) return none();
      return none([`The checklist could not be read: ${e instanceof Error ? e.message : String(e)}`]);
    }
  }

  /**
   * The owner saves the items (checked by checklistItemsSchema before they get here), keeping
   * fields of other clients, then every collaborator gets it (§9: granted like the study record).
   */
  async save(
    containerId: string,
    ownerId: string,
    items: readonly ChecklistItem[],
    options: CallOptions = {},
  ): Promise<SavedChecklist> {
    if (ownerId !== this.client.organizationId) {
      throw new UserFacingError(
        'not-study-owner',
        'Only the organization that owns this study can change its expected documents.',
        'The checklist belongs to the study\u2019s owner; ask its coordinator to make the change.',
      );
    }
    const previous = await this.read(containerId, ownerId, options);
    const content = checklistRecord(items, previous.exists ? previous : undefined);
    if (Buffer.byteLength(JSON.stringify(content)) > MAX_CHECKLIST_BYTES) {
      throw new UserFacingError(
        'checklist-too-large',
        'The checklist is larger than 1 MiB.',
        'Shorten titles or remove items: other clients ignore a checklist over 1 MiB.',
      );
    }
    const saved = await writeRecord(
      this.client,
      this.keys,
      containerId,
      CHECKLIST_PATH,
      { header: checklistHeader(), content },
      options,
    );
    const { notShared } = await shareWithCollaborators(this.client, this.sharing, containerId, CHECKLIST_PATH, options);
    return {
      ...parseChecklist(content),
      exists: true,
      updatedAt: saved.item.updatedAt,
      contentHash: saved.item.contentHash,
      notShared,
    };
  }
}

/** The checklists of a session (stateless: nothing is cached between calls). */
export const checklistsOf = (s: {
  readonly client: ExchangeClient;
  readonly keys: RecordKeys;
  readonly sharing: Pick<SharingService, 'grant' | 'update' | 'revoke'>;
}): ChecklistRecords => new ChecklistRecords(s.client, s.keys, s.sharing);
