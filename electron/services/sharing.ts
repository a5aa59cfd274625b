// Sharing items: every grant wraps the item key for the grantee's certificate only after
// checking that certificate: the directory's thumbprint, RSA of at least 2048 bits, valid
// today, and issued by one of the profile's trust anchors (its consortium's CAs), so neither
// a swapped certificate nor a swapped directory answer can receive a key. Re-keying writes a
// new version and re-grants everyone on the list.
import { FailureError } from '../../shared/failure-error.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asDocument } from '../../shared/headers.js';
import type { Item, Organization } from '../../shared/types.js';
import {
  assertCurrentlyValid,
  assertUsableCertificate,
  chainsTo,
  parseCertificate,
  type CertificateInfo,
} from '../../shared/protocol/certificates.js';
import {
  newItemKey,
  openContent,
  openHeader,
  sealItem,
  wrapKey,
  type ItemFields,
  type ItemKey,
} from '../../shared/protocol/envelope.js';
import type { CallOptions, ExchangeClient } from './exchange-client.js';
import { downloadDocument } from './transfers/document-download.js';
import { prepareDocumentBody } from './transfers/upload-body.js';

export class SharingError extends FailureError<
  'thumbprint-mismatch' | 'no-certificate' | 'no-own-certificate' | 'untrusted-certificate' | 'no-trust-anchors'
> {
  override readonly name = 'SharingError';
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

/** The CA certificates (PEM) a grantee's certificate must chain to: the profile's, or the sandbox's. */
export type TrustAnchors = readonly string[] | (() => Promise<readonly string[]>);

export class SharingService {
  constructor(
    private readonly client: ExchangeClient,
    private readonly keys: SharingKeys,
    private readonly trustAnchors: TrustAnchors,
  ) {}

  /**
   * Told the certificate each organization's keys are wrapped for as they are: the collaborator
   * check remembers it then, so a renewal before its next scan is still noticed.
   */
  onKeyWrappedFor: ((organizationId: string, thumbprint: string) => void) | undefined;

  /**
   * The grantee's certificate, refused unless its thumbprint is the one the directory lists, it
   * holds RSA ≥ 2048 bits, is valid today and chains to one of the trust anchors.
   */
  async verifiedCertificate(organizationId: string, options: CallOptions = {}): Promise<CertificateInfo> {
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
        `The certificate received for ${org.name} (thumbprint ${certificate.thumbprint}) is not the one in the directory (${org.thumbprint}); nothing was shared.`,
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
    return certificate;
  }

  async grant(
    containerId: string,
    itemPath: string,
    organizationId: string,
    options: CallOptions = {},
  ): Promise<Organization[]> {
    const wrapped = await this.wrapFor(containerId, itemPath, organizationId, undefined, options);
    return this.client.grantItemAccess(containerId, itemPath, organizationId, wrapped, options);
  }

  /** Gives one organization the item's current key again (after a re-key). */
  async update(
    containerId: string,
    itemPath: string,
    organizationId: string,
    options: CallOptions = {},
  ): Promise<Organization[]> {
    const wrapped = await this.wrapFor(containerId, itemPath, organizationId, undefined, options);
    return this.client.updateItemAccess(containerId, itemPath, organizationId, wrapped, options);
  }

  async revoke(
    containerId: string,
    itemPath: string,
    organizationId: string,
    options: CallOptions = {},
  ): Promise<Organization[]> {
    return this.client.revokeItemAccess(containerId, itemPath, organizationId, options);
  }

  /**
   * New key and IV, new version by PUT (same path), then every grantee's key updated.
   * Documents go through a temporary file so memory stays flat.
   */
  async rekey(containerId: string, itemPath: string, options: CallOptions = {}): Promise<RekeyResult> {
    const own = this.keys.certificate;
    if (!own)
      throw new SharingError('no-own-certificate', 'This profile has no certificate, so it cannot encrypt items.');
    const meta = await this.client.getItem(containerId, itemPath, options);
    const oldKey = this.keys.openItemKey(meta);
    const header = openHeader(meta, oldKey);
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
      const certificate = await this.verifiedCertificate(org.id, options);
      await this.client.updateItemAccess(
        containerId,
        itemPath,
        org.id,
        wrapKey(next.key, certificate.publicKey),
        options,
      );
      this.onKeyWrappedFor?.(org.id, certificate.thumbprint);
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

  private async wrapFor(
    containerId: string,
    itemPath: string,
    organizationId: string,
    item: Item | undefined,
    options: CallOptions,
  ): Promise<string> {
    const meta = item ?? (await this.client.getItem(containerId, itemPath, options));
    const k = this.keys.openItemKey(meta);
    const certificate = await this.verifiedCertificate(organizationId, options);
    this.onKeyWrappedFor?.(organizationId, certificate.thumbprint);
    return wrapKey(k.key, certificate.publicKey);
  }
}
