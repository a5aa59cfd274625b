// Named studies (decisions §6): reading, writing and granting the `study` record of a
// container. The owner writes it and grants it to every collaborator, so invited sites
// see the title as soon as they are invited.
import type { Container } from '../../shared/types.js';
import {
  STUDY_RECORD_PATH,
  fallbackStudyTitle,
  mergeStudyRecord,
  parseStudyRecord,
  studyRecordHeader,
  type StudyFields,
  type StudyRecord,
} from '../../shared/study-record.js';
import type { CallOptions, ExchangeClient } from './exchange-client.js';
import { CancelledError, ExchangeError, NetworkError } from './exchange-errors.js';
import type { SharingService } from './sharing.js';
import { readRecord, writeRecord, type RecordKeys } from './transfers/records.js';

interface StudyTitle {
  readonly title: string;
  /** The record when it could be read and decrypted; absent while only the fallback title exists. */
  readonly record?: StudyRecord;
}

function isNotFound(e: unknown): boolean {
  return e instanceof ExchangeError && e.status === 404;
}

export class StudyRecords {
  /** Records read this session, keyed by container id and the item's content hash. */
  private readonly cache = new Map<string, { readonly contentHash: string; readonly record: StudyRecord }>();

  constructor(
    private readonly client: ExchangeClient,
    private readonly keys: RecordKeys,
    private readonly sharing: Pick<SharingService, 'grant' | 'update' | 'revoke'>,
  ) {}

  /** The record, or undefined when there is none (yet). Other failures are thrown. */
  async read(containerId: string, options: CallOptions = {}): Promise<StudyRecord | undefined> {
    let meta;
    try {
      meta = await this.client.getItem(containerId, STUDY_RECORD_PATH, options);
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
    const hit = this.cache.get(containerId);
    if (hit && hit.contentHash === meta.contentHash + meta.keyHash) return hit.record;
    const opened = await readRecord(this.client, this.keys, containerId, STUDY_RECORD_PATH, options);
    const record = parseStudyRecord(opened.content);
    this.cache.set(containerId, { contentHash: opened.item.contentHash + opened.item.keyHash, record });
    return record;
  }

  /** The title to show: the record's, or "Study <8 hex>" while none can be read. */
  async title(container: Pick<Container, 'id'>, options: CallOptions = {}): Promise<StudyTitle> {
    try {
      const record = await this.read(container.id, options);
      if (record) return { title: record.title, record };
    } catch {
      // unreadable (no key for us yet, damaged, unreachable): the fallback until it can be read
    }
    return { title: fallbackStudyTitle(container.id) };
  }

  /**
   * Creates or edits the record (fields of other clients kept), then grants it to every
   * collaborator that lacks it. Returns the record written and the organizations granted.
   */
  async save(containerId: string, fields: StudyFields, options: CallOptions = {}): Promise<{ record: StudyRecord; granted: string[] }> {
    let previous: StudyRecord | undefined;
    try {
      previous = await this.read(containerId, options);
    } catch (e) {
      // A record we cannot read is replaced rather than merged: its owner (us) rewrites it.
      if (e instanceof ExchangeError || e instanceof NetworkError || e instanceof CancelledError) throw e;
    }
    const record = mergeStudyRecord(previous, fields);
    await writeRecord(this.client, this.keys, containerId, STUDY_RECORD_PATH, { header: studyRecordHeader(record), content: record }, options);
    this.cache.delete(containerId);
    // A PUT seals the record under a new key: grantees that had it get the new key, the rest a grant.
    const [members, access] = await Promise.all([
      this.client.listContainerOrganizations(containerId, options),
      this.client.getItemAccess(containerId, STUDY_RECORD_PATH, options),
    ]);
    const had = new Set(access.map((o) => o.id));
    const granted: string[] = [];
    for (const org of members) {
      if (org.id === this.client.organizationId) continue;
      if (had.has(org.id)) await this.sharing.update(containerId, STUDY_RECORD_PATH, org.id, options);
      else {
        await this.sharing.grant(containerId, STUDY_RECORD_PATH, org.id, options);
        granted.push(org.id);
      }
    }
    return { record, granted };
  }

  /** After inviting an organization: give it the record, when there is one. */
  async grantTo(containerId: string, organizationId: string, options: CallOptions = {}): Promise<boolean> {
    try {
      await this.client.getItem(containerId, STUDY_RECORD_PATH, options);
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
    const access = await this.client.getItemAccess(containerId, STUDY_RECORD_PATH, options);
    if (access.some((o) => o.id === organizationId)) return false;
    await this.sharing.grant(containerId, STUDY_RECORD_PATH, organizationId, options);
    return true;
  }

  /** Before revoking a collaborator: its grant of the record goes with it. */
  async revokeFrom(containerId: string, organizationId: string, options: CallOptions = {}): Promise<boolean> {
    try {
      const access = await this.client.getItemAccess(containerId, STUDY_RECORD_PATH, options);
      if (!access.some((o) => o.id === organizationId)) return false;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
    await this.sharing.revoke(containerId, STUDY_RECORD_PATH, organizationId, options);
    return true;
  }
}
