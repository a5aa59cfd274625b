// Reading sign-offs and requests (docs/protocol.md §10) for the app and the command-line tool:
// records fetched through the capped small-record reader (64 KiB, decisions §5) once per
// version, certificates fetched and parsed once per reader (a session), and every sign-off
// checked as §10 says each time it is shown (the checks are cheap; the certificates may change).
import { mapLimit } from '../../../shared/map-limit.js';
import { shownText } from '../../../shared/shown-text.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { REQUESTS_FOLDER, SIGNOFFS_FOLDER } from '../../../shared/reserved-paths.js';
import {
  requestContentSchema,
  type SignOffMeaning,
  type SignOffRequestContent,
} from '../../../shared/signoffs/statement.js';
import type { SignOffView } from '../../../shared/signoffs/views.js';
import type { Item } from '../../../shared/types.js';
import type { CertificateInfo } from '../../../shared/protocol/certificates.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { ExchangeError } from '../exchange-errors.js';
import { ownerIdOf } from '../receipts/receipt-record.js';
import { readSmallRecord, unreachable } from '../records/small-record.js';
import type { RecordKeys } from '../transfers/records.js';
import {
  CertificateBook,
  checkSignOff,
  knownCertificate,
  type CheckInput,
  type CheckedSignOff,
  type KnownCertificate,
} from './signoff-crypto.js';
import { itemHash, parseRequestPath, parseSignOffPath } from './signoff-paths.js';

const PARALLEL = 8;

export interface SignOffReaderOptions {
  readonly client: ExchangeClient;
  readonly keys: Pick<RecordKeys, 'openItemKey'> & {
    /** The profile's own certificates (current and reading keys'): its own earlier sign-offs verify. */
    readonly ring?: readonly { readonly certificate: CertificateInfo | undefined }[];
  };
  /** The profile's trust anchors (PEM CA certificates). */
  readonly trustAnchors: () => Promise<readonly string[]>;
  /** Certificates accepted earlier for an organization (the trust pins' history), PEM. */
  readonly earlierCertificates?: (organizationId: string) => Promise<readonly string[]>;
}

/** A sign-off record as read: the item as listed and what its content held (undefined: unreadable). */
type ReadRecord = CheckInput;

/** A sign-off as checked, with the record it came from. */
export interface CheckedRecord {
  readonly item: Item;
  readonly checked: CheckedSignOff;
}

/** A request as its reader may trust it: written by the organization in its path. */
export interface ReadRequest {
  readonly item: Item;
  readonly requesterId: string;
  readonly content: SignOffRequestContent;
}

export class SignOffReader {
  private readonly records = new Map<string, { readonly version: string; readonly read: ReadRecord }>();
  private readonly requestsRead = new Map<
    string,
    { readonly version: string; readonly request: ReadRequest | undefined }
  >();
  /** organization id → certificates that are or were its (the directory's, seen this session; pins; own ring). */
  private readonly certificates = new Map<string, Map<string, KnownCertificate>>();
  private readonly parsed = new Map<string, KnownCertificate>();

  constructor(private readonly options: SignOffReaderOptions) {}

  private parse(pem: string): KnownCertificate | undefined {
    let known = this.parsed.get(pem);
    if (!known) {
      try {
        known = knownCertificate(pem);
      } catch {
        return undefined;
      }
      this.parsed.set(pem, known);
    }
    return known;
  }

  private remember(organizationId: string, pem: string): void {
    const known = this.parse(pem);
    if (!known) return;
    let of = this.certificates.get(organizationId);
    if (!of) this.certificates.set(organizationId, (of = new Map()));
    of.set(known.thumbprint, known);
  }

  /**
   * The book for these sign-offs: each organization's certificates, asked of the directory (and
   * the pins) once, and again only when a sign-off names a thumbprint not known for it yet.
   */
  async book(signOffs: readonly ReadRecord[], options: CallOptions = {}): Promise<CertificateBook> {
    const self = this.options.client.organizationId;
    for (const k of this.options.keys.ring ?? []) if (k.certificate) this.remember(self, k.certificate.pem);
    const wanted = new Map<string, Set<string>>();
    for (const r of signOffs) {
      const thumbprint = (r.content as { certificate?: unknown } | undefined)?.certificate;
      if (typeof thumbprint !== 'string') continue;
      const owner = ownerIdOf(r.item);
      if (!wanted.has(owner)) wanted.set(owner, new Set());
      wanted.get(owner)!.add(thumbprint);
    }
    await mapLimit([...wanted], PARALLEL, async ([organizationId, thumbprints]) => {
      const known = this.certificates.get(organizationId);
      if (known && [...thumbprints].every((t) => known.has(t))) return;
      try {
        this.remember(organizationId, await this.options.client.getCertificate(organizationId, options));
      } catch (e) {
        if (unreachable(e)) throw e;
      }
      for (const pem of (await this.options.earlierCertificates?.(organizationId)) ?? [])
        this.remember(organizationId, pem);
    });
    const anchors = await this.options.trustAnchors();
    return new CertificateBook(anchors, (organizationId) => [
      ...(this.certificates.get(organizationId)?.values() ?? []),
    ]);
  }

  private async readRecord(containerId: string, item: Item, options: CallOptions): Promise<ReadRecord> {
    const version = `${item.contentHash}/${item.keyHash}/${item.ownerUrl}`;
    const hit = this.records.get(item.id);
    if (hit?.version === version) return hit.read;
    let read: ReadRecord;
    try {
      const opened = await readSmallRecord(this.options.client, this.options.keys, containerId, item.id, options);
      if (opened.tooLarge) read = { item, header: undefined, content: undefined, tooLarge: true };
      // the answer with content must be the version listed, by the same owner; else it is not checked as one
      else if (opened.item.ownerUrl !== item.ownerUrl) read = { item, header: undefined, content: undefined };
      else read = { item: opened.item, header: opened.header, content: opened.content };
    } catch (e) {
      if (unreachable(e)) throw e;
      read = { item, header: undefined, content: undefined }; // not decryptable or tampered: malformed
    }
    this.records.set(item.id, { version, read });
    return read;
  }

  private async listed(containerId: string, folder: string, options: CallOptions): Promise<Item[]> {
    try {
      const listed = await this.options.client.listItems(containerId, folder, { recurse: true, ...options });
      return Array.isArray(listed) ? listed : [listed];
    } catch (e) {
      if (e instanceof ExchangeError && e.status === 404) return [];
      throw e;
    }
  }

  /** Every sign-off record this profile can read in the study (of `itemId` only, when given), read. */
  async signOffRecords(containerId: string, itemId?: string, options: CallOptions = {}): Promise<ReadRecord[]> {
    const hash = itemId === undefined ? undefined : itemHash(itemId);
    const items = (await this.listed(containerId, SIGNOFFS_FOLDER, options)).filter((i) => {
      const named = parseSignOffPath(i.id);
      return named !== undefined && (hash === undefined || named.hash === hash);
    });
    return mapLimit(items, PARALLEL, (i) => this.readRecord(containerId, i, options));
  }

  /** The document's sign-offs, each checked (records that do not parse at all included, as malformed). */
  async checkedForItem(
    containerId: string,
    document: Pick<Item, 'id'>,
    options: CallOptions = {},
  ): Promise<CheckedRecord[]> {
    return this.checked(containerId, document.id, options);
  }

  /** Every sign-off of the study, each checked (its itemId hashes to its path: it is of the document it names). */
  async checkedInStudy(containerId: string, options: CallOptions = {}): Promise<CheckedRecord[]> {
    return this.checked(containerId, undefined, options);
  }

  private async checked(
    containerId: string,
    itemId: string | undefined,
    options: CallOptions,
  ): Promise<CheckedRecord[]> {
    const records = await this.signOffRecords(containerId, itemId, options);
    const book = await this.book(records, options);
    const of = itemId === undefined ? {} : { itemId: toSlashForm(itemId) };
    return records.map((r) => ({ item: r.item as Item, checked: checkSignOff(r, { containerId, ...of, book }) }));
  }

  /** As the window and the command-line tool show them: newest first; records that do not parse are left out. */
  async forItem(
    containerId: string,
    document: Pick<Item, 'id' | 'contentHash'>,
    organizationName: (id: string) => Promise<string>,
    options: CallOptions = {},
  ): Promise<SignOffView[]> {
    const checked = await this.checkedForItem(containerId, document, options);
    const views = await Promise.all(checked.map((c) => signOffView(c, document.contentHash, organizationName)));
    return views
      .filter((v): v is SignOffView => v !== undefined)
      .sort((a, b) => b.signedAt.localeCompare(a.signedAt) || a.path.localeCompare(b.path));
  }

  /** Requests this profile can read in the study, each written by the organization its path names. */
  async requests(containerId: string, options: CallOptions = {}): Promise<ReadRequest[]> {
    const items = (await this.listed(containerId, REQUESTS_FOLDER, options)).filter((i) => {
      const named = parseRequestPath(i.id);
      return named !== undefined && named.organizationId === ownerIdOf(i);
    });
    const read = await mapLimit(items, PARALLEL, async (item) => {
      const version = `${item.contentHash}/${item.keyHash}/${item.ownerUrl}`;
      const hit = this.requestsRead.get(item.id);
      if (hit?.version === version) return hit.request;
      let request: ReadRequest | undefined;
      try {
        const opened = await readSmallRecord(this.options.client, this.options.keys, containerId, item.id, options);
        if (!opened.tooLarge && opened.item.ownerUrl === item.ownerUrl && opened.header.type === 'signoff-request') {
          const parsed = requestContentSchema.safeParse(opened.content);
          if (parsed.success) request = { item: opened.item, requesterId: ownerIdOf(item), content: parsed.data };
        }
      } catch (e) {
        if (unreachable(e)) throw e;
        request = undefined;
      }
      this.requestsRead.set(item.id, { version, request });
      return request;
    });
    return read.filter((r): r is ReadRequest => r !== undefined);
  }
}

/** The view of one checked sign-off; undefined when it did not parse (nothing to show). */
async function signOffView(
  c: CheckedRecord,
  currentContentHash: string,
  organizationName: (id: string) => Promise<string>,
): Promise<SignOffView | undefined> {
  const content = c.checked.content;
  if (!content) return undefined;
  const s = content.statement;
  const clean = (t: string) => (c.checked.valid ? t : shownText(t));
  return {
    path: toSlashForm(c.item.id),
    signer: { name: clean(s.signer.name), ...(s.signer.role ? { role: clean(s.signer.role) } : {}) },
    organization: { id: c.checked.organizationId, name: await organizationName(c.checked.organizationId) },
    signedAt: s.signedAt,
    meaning: s.meaning,
    ...(s.comment ? { comment: c.checked.valid ? s.comment : shownText(s.comment, 2000) } : {}),
    valid: c.checked.valid,
    ...(c.checked.valid ? {} : { reason: c.checked.reason }),
    thisVersion: s.contentHash === currentContentHash,
    contentHash: s.contentHash,
  };
}

/** Whether `organizationId` has a valid sign-off with `meaning` of the version `contentHash` (a request answered, a binder cell signed off). */
export function hasValidSignOff(
  checked: readonly CheckedRecord[],
  organizationId: string,
  meaning: SignOffMeaning,
  contentHash: string,
): CheckedRecord | undefined {
  return checked.find(
    (c) =>
      c.checked.valid &&
      c.checked.organizationId === organizationId &&
      c.checked.content.statement.meaning === meaning &&
      c.checked.content.statement.contentHash === contentHash,
  );
}
