// Sharing items: every key wrapped for another organization (grants, updates, Share with
// everyone, re-wrap, the study record, receipts, sign-offs) goes through verifiedCertificate,
// the one gate. A trust anchor's signature only says the consortium's CA issued the certificate,
// not to whom it belongs: an exchange (or its administrator) could list Riverside's certificate
// for Lakeside. So the gate also holds the profile's pin for the organization (shared/trust/
// pins.ts): the certificate first seen, or one the user approved since, is the only one that
// receives keys; another is refused until the user decides, and one whose SAN names another
// organization is refused outright. Re-keying writes a new version and re-grants everyone.
import { FailureError } from '../../../shared/failure-error.js';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asDocument } from '../../../shared/headers.js';
import type { Item, Organization, RecordHeader } from '../../../shared/types.js';
import {
  assertCurrentlyValid,
  assertUsableCertificate,
  chainsTo,
  parseCertificate,
  type CertificateInfo,
} from '../../../shared/protocol/certificates.js';
import {
  newItemKey,
  openContent,
  openHeader,
  sealItem,
  wrapKey,
  type ItemFields,
  type ItemKey,
} from '../../../shared/protocol/envelope.js';
import { namesOtherOrganization } from '../../../shared/protocol/organization-name.js';
import { certificateToPin } from '../../../shared/protocol/pinnable.js';
import { MemoryPins, type CertificatePins } from '../../../shared/trust/pins.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { downloadDocument } from '../transfers/document-download.js';
import { prepareDocumentBody } from '../transfers/upload-body.js';

export type SharingFailure =
  | 'thumbprint-mismatch'
  | 'no-certificate'
  | 'no-own-certificate'
  | 'untrusted-certificate'
  | 'no-trust-anchors'
  /** The certificate names another organization in its SAN: refused, no approval possible. */
  | 'names-another-organization'
  /** Not the certificate accepted (pinned) for the organization: nothing until the user decides. */
  | 'certificate-changed';

export class SharingError extends FailureError<SharingFailure> {
  override readonly name = 'SharingError';
  constructor(
    failure: SharingFailure,
    message: string,
    /** For 'certificate-changed': the organization, and the offered certificate's SHA-256. */
    readonly organizationId?: string,
    readonly offeredSha256?: string,
  ) {
    super(failure, message);
  }
}

/** What sharing needs of the key vault (a KeyHandle fits); the private key stays there. */
interface SharingKeys {
  openItemKey(item: ItemFields): ItemKey;
  readonly certificate: CertificateInfo | undefined;
}

interface RekeyResult {
  readonly item: Item;
  /** Organizations whose key was updated. */
  readonly updated: readonly string[];
}

/** Which organization's access to which item: the arguments of grant, update and revoke. */
type AccessTarget = [containerId: string, itemPath: string, organizationId: string, options?: CallOptions];

/** The CA certificates (PEM) a grantee's certificate must chain to: the profile's, or the sandbox's. */
export type TrustAnchors = readonly string[] | (() => Promise<readonly string[]>);

export class SharingService {
  constructor(
    private readonly client: ExchangeClient,
    private readonly keys: SharingKeys,
    private readonly trustAnchors: TrustAnchors,
    /** The profile's pins (the app's and the CLI's are in the data folder; by default this service's memory). */
    readonly pins: CertificatePins = new MemoryPins(),
  ) {}

  /**
   * Told the certificate each organization's keys are wrapped for as they are: the collaborator
   * check remembers it then, so a renewal before its next scan is still noticed.
   */
  onKeyWrappedFor: ((organizationId: string, thumbprint: string) => void) | undefined;

  /**
   * The grantee's certificate, refused unless its thumbprint is the one the directory lists, it
   * holds RSA ≥ 2048 bits, is valid today, chains to one of the trust anchors, names no other
   * organization, and is the one pinned for the organization (pinned now when none is).
   */
  async verifiedCertificate(organizationId: string, options: CallOptions = {}): Promise<CertificateInfo> {
    const { certificate, name } = await this.checkedCertificate(organizationId, options);
    const offered = certificateToPin(certificate, organizationId);
    const pin = (await this.pins.pinned(organizationId)) ?? (await this.pins.pinFirstUse(organizationId, offered));
    if (pin.current.sha256 !== offered.sha256) {
      const kept = pin.kept?.includes(offered.sha256);
      throw new SharingError(
        'certificate-changed',
        kept
          ? `The exchange lists a certificate for ${name} (${certificate.subject}) that you declined; the accepted one was ${pin.current.subject}. Nothing was shared.`
          : `The exchange now lists another certificate for ${name} (${certificate.subject}, issued by ${certificate.issuer}) than the one accepted (${pin.current.subject}); nothing is shared with ${name} until you accept the new certificate or keep the old one. Nothing was shared.`,
        organizationId,
        offered.sha256,
      );
    }
    return certificate;
  }

  /**
   * The directory's certificate for the organization with every check but the pin: what the user
   * may be asked to accept (one that names another organization never is).
   */
  async checkedCertificate(
    organizationId: string,
    options: CallOptions = {},
  ): Promise<{ readonly certificate: CertificateInfo; readonly name: string }> {
    const [org, pem] = await Promise.all([
      this.client.getOrganization(organizationId, options),
      this.client.getCertificate(organizationId, options),
    ]);
    if (!org.thumbprint)
      throw new SharingError(
        'no-certificate',
        `${org.name} has no registered certificate, so nothing can be shared with it.`,
      );
    const certificate = parseCertificate(pem);
    if (certificate.thumbprint !== org.thumbprint.toLowerCase()) {
      throw new SharingError(
        'thumbprint-mismatch',
        `The certificate received for ${org.name} (SHA-1 fingerprint ${certificate.thumbprint}) is not the one in the directory (${org.thumbprint}); nothing was shared.`,
      );
    }
    try {
      assertUsableCertificate(certificate);
      assertCurrentlyValid(certificate);
    } catch (e) {
      throw new SharingError(
        'untrusted-certificate',
        `The certificate of ${org.name} cannot receive keys: ${(e as Error).message}; nothing was shared.`,
      );
    }
    const anchors = typeof this.trustAnchors === 'function' ? await this.trustAnchors() : this.trustAnchors;
    if (anchors.length === 0) {
      throw new SharingError(
        'no-trust-anchors',
        `This profile has no trust anchors (the CA certificates of its consortium), so the certificate of ${org.name} cannot be checked; import them in Settings. Nothing was shared.`,
      );
    }
    if (!chainsTo(certificate, anchors)) {
      throw new SharingError(
        'untrusted-certificate',
        `The certificate of ${org.name} is not issued by a certificate authority this profile trusts; nothing was shared.`,
      );
    }
    const others = namesOtherOrganization(certificate.der, organizationId);
    if (others) {
      throw new SharingError(
        'names-another-organization',
        `The certificate received for ${org.name} (${certificate.subject}) was issued for another organization (${others.join(', ')}); it can never receive ${org.name}'s keys. Nothing was shared.`,
      );
    }
    return { certificate, name: org.name };
  }

  /** The SHA-256 of the certificate the exchange lists for the organization now, checked or not. */
  async offeredSha256(organizationId: string, options: CallOptions = {}): Promise<string> {
    const pem = await this.client.getCertificate(organizationId, options);
    return createHash('sha256').update(parseCertificate(pem).der).digest('hex');
  }

  /** Wraps the item's key for the organization (through the gate) and grants it. */
  grant(...target: AccessTarget): Promise<Organization[]> {
    return this.giveKey('grant', ...target);
  }

  /** Gives one organization the item's current key again (after a re-key). */
  update(...target: AccessTarget): Promise<Organization[]> {
    return this.giveKey('update', ...target);
  }

  revoke(...[containerId, itemPath, organizationId, options = {}]: AccessTarget): Promise<Organization[]> {
    return this.client.revokeItemAccess(containerId, itemPath, organizationId, options);
  }

  /**
   * New key and IV, new version by PUT (same path), then every grantee's key updated.
   * Documents go through a temporary file so memory stays flat.
   */
  async rekey(
    containerId: string,
    itemPath: string,
    options: CallOptions = {},
    /** The header of the new version (Describe… changes a document's §8 fields so); the same by default. */
    nextHeader: (header: RecordHeader) => RecordHeader = (h) => h,
  ): Promise<RekeyResult> {
    const own = this.keys.certificate;
    if (!own)
      throw new SharingError('no-own-certificate', 'This profile has no certificate, so it cannot encrypt items.');
    const meta = await this.client.getItem(containerId, itemPath, options);
    const oldKey = this.keys.openItemKey(meta);
    const header = nextHeader(openHeader(meta, oldKey));
    const next = newItemKey();
    let item: Item;
    const document = asDocument(header);
    if (document) {
      // Named for this process: the next start of the app sweeps it if a crash left it (clear-copies.ts).
      const dir = await mkdtemp(path.join(os.tmpdir(), `sx-rekey-${process.pid}-`));
      try {
        const file = path.join(dir, 'document');
        await downloadDocument({
          client: this.client,
          keys: this.keys,
          containerId,
          path: itemPath,
          destination: file,
          ...options,
        });
        const body = await prepareDocumentBody({
          file,
          header: document,
          itemKey: next,
          wrapForSelf: (key) => wrapKey(key, own.publicKey),
          ...options,
        });
        item = (await this.client.saveItem(containerId, itemPath, body.body, options)).item;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    } else {
      const whole = await this.client.getItemContent(containerId, itemPath, options);
      const content = openContent(whole, this.keys.openItemKey(whole));
      item = (
        await this.client.saveItem(
          containerId,
          itemPath,
          sealItem({ header, content, itemKey: next }, own.publicKey),
          options,
        )
      ).item;
    }
    const updated: string[] = [];
    for (const org of await this.granteesOf(containerId, itemPath, options)) {
      const wrapped = await this.wrapFor(org.id, next.key, options);
      await this.client.updateItemAccess(containerId, itemPath, org.id, wrapped, options);
      updated.push(org.id);
    }
    return { item, updated };
  }

  /** Grants the item to every collaborator of the study that does not have it yet. */
  async shareWithStudy(containerId: string, itemPath: string, options: CallOptions = {}): Promise<string[]> {
    const [members, access] = await Promise.all([
      this.client.listContainerOrganizations(containerId, options),
      this.client.getItemAccess(containerId, itemPath, options),
    ]);
    const has = new Set(access.map((o) => o.id));
    has.add(this.client.organizationId);
    const granted: string[] = [];
    for (const org of members) {
      if (has.has(org.id)) continue;
      await this.grant(containerId, itemPath, org.id, options);
      granted.push(org.id);
    }
    return granted;
  }

  /** Grants a (new) item to the study's owner unless we are the owner or it already has it. */
  async shareWithOwner(containerId: string, itemPath: string, options: CallOptions = {}): Promise<boolean> {
    const container = await this.client.getContainer(containerId, options);
    if (container.ownerId === this.client.organizationId) return false;
    const access = await this.client.getItemAccess(containerId, itemPath, options);
    if (access.some((o) => o.id === container.ownerId)) return false;
    await this.grant(containerId, itemPath, container.ownerId, options);
    return true;
  }

  private async granteesOf(containerId: string, itemPath: string, options: CallOptions): Promise<Organization[]> {
    const access = await this.client.getItemAccess(containerId, itemPath, options);
    return access.filter((o) => o.id !== this.client.organizationId);
  }

  /** The item's current key, wrapped for the organization, granted anew or in place of its old one. */
  private async giveKey(
    how: 'grant' | 'update',
    ...[containerId, itemPath, organizationId, options = {}]: AccessTarget
  ): Promise<Organization[]> {
    const { key } = this.keys.openItemKey(await this.client.getItem(containerId, itemPath, options));
    const wrapped = await this.wrapFor(organizationId, key, options);
    return how === 'grant'
      ? this.client.grantItemAccess(containerId, itemPath, organizationId, wrapped, options)
      : this.client.updateItemAccess(containerId, itemPath, organizationId, wrapped, options);
  }

  /** The key wrapped for the organization's certificate once the gate passed it (and the collaborator check told). */
  private async wrapFor(organizationId: string, key: Buffer, options: CallOptions): Promise<string> {
    const certificate = await this.verifiedCertificate(organizationId, options);
    this.onKeyWrappedFor?.(organizationId, certificate.thumbprint);
    return wrapKey(key, certificate.publicKey);
  }
}
