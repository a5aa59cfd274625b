// Collaborators' new certificates: the profile remembers the certificate (thumbprint) of each
// organization it shares items with; when the directory lists another one, the grants on the
// profile's own items still hold keys wrapped for the old one. A certificate other than the
// accepted (pinned) one is a decision first: the change carries both for the user to compare,
// and nothing is wrapped until they accept it (core/trust/decisions.ts). Re-wrapping checks the
// new certificate once (SharingService.verifiedCertificate, the pin included) and updates every such grant (Update item access,
// PUT: docs/protocol.md, "Item access"), with a result per item. The items done are written down
// as they go, so a cut run resumes where it stopped.
import path from 'node:path';
import { openHeader, wrapKey } from '../../../shared/protocol/envelope.js';
import { cleanFileName, cleanText } from '../../../shared/file-name.js';
import { readJsonFile, writeJsonAtomic } from '../atomic-file.js';
import type { OneAtATime } from '../one-at-a-time.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { summarizeCertificate, type CertificateSummary } from '../keys/certificate-summary.js';
import type { ItemFields, ItemKey } from '../../../shared/protocol/envelope.js';
import { parseCertificate, type CertificateInfo } from '../../../shared/protocol/certificates.js';
import { certificateToPin } from '../../../shared/protocol/pinnable.js';
import type { ComparedCertificateView } from '../../../shared/ipc/contract/trust-views.js';
import { SharingError, type SharingService } from '../sharing/sharing.js';
import { ownerOf } from '../study-records.js';

/** A grant on one of the profile's own items. */
interface Grant {
  readonly containerId: string;
  readonly path: string;
}

export interface CertificateChange {
  readonly organizationId: string;
  readonly name: string;
  readonly oldThumbprint: string;
  /** The directory's certificate now, and whether it may receive keys (the reason when not). */
  readonly certificate: CertificateSummary | undefined;
  readonly problem: string | undefined;
  /** Grants still holding keys for the old certificate, and in how many studies. */
  readonly grants: readonly Grant[];
  readonly studies: number;
  /** Present while the directory's certificate is not the accepted (pinned) one: the user decides first. */
  readonly decision?: CertificateDecision;
}

/** A certificate as the decision shows it side by side with the other (the window's view of it). */
export type ComparedCertificate = ComparedCertificateView;

export interface CertificateDecision {
  readonly accepted: ComparedCertificate;
  readonly offered: ComparedCertificate;
  /** The out-of-band comparison of the accepted certificate, when the user made one. */
  readonly verifiedNote?: string;
}

export interface ExpiringCertificate {
  readonly organizationId: string;
  readonly name: string;
  readonly validTo: string;
  readonly expired: boolean;
}

interface ItemResult extends Grant {
  readonly ok: boolean;
  readonly message?: string;
  /** The document's name from its header (the path is an id), when the item could be read. */
  readonly name?: string;
}

interface State {
  /** organizationId → the thumbprint its grants were last wrapped for. */
  readonly known: Record<string, string>;
  /** organizationId → the re-wrap in progress: for which thumbprint, and the items done. */
  readonly rewrap: Record<string, { readonly thumbprint: string; readonly done: readonly string[] }>;
}

const DAY = 24 * 60 * 60 * 1000;

/** A document's file name or a record's name, cleaned; undefined when the header does not open. */
function nameOf(item: ItemFields, itemKey: ItemKey): string | undefined {
  try {
    const header = openHeader(item, itemKey);
    if (typeof header.fileName === 'string' && header.fileName) return cleanFileName(header.fileName);
    return typeof header.name === 'string' && header.name ? cleanText(header.name) : undefined;
  } catch {
    return undefined;
  }
}
/** The profile's remembered certificates and re-wrap progress in the data folder. */
export function collaboratorsFile(dataDir: string, profileId: string): string {
  return path.join(dataDir, 'collaborators', `${profileId}.json`);
}
const key = (g: Grant): string => `${g.containerId}\u0000${g.path}`;

export class CollaboratorCertificates {
  private readonly file: string;

  constructor(
    private readonly client: ExchangeClient,
    private readonly sharing: Pick<SharingService, 'verifiedCertificate' | 'pins'>,
    private readonly keys: { openItemKey(item: ItemFields): ItemKey },
    dataDir: string,
    profileId: string,
    /**
     * Its state file changed one change at a time, by path (a scheduled scan beside a re-wrap): the
     * queue of whoever owns the data folder (the app, the command line), which every instance on
     * the file shares, sessions opened since included. Required, so none is unserialized by accident.
     */
    private readonly writes: OneAtATime,
  ) {
    this.file = collaboratorsFile(dataDir, profileId);
  }

  /** Every grant on the profile's own items, by organization (the profile itself left out). */
  async grantsByOrganization(
    options: CallOptions & { readonly containerId?: string } = {},
  ): Promise<Map<string, Grant[]>> {
    const byOrg = new Map<string, Grant[]>();
    const containers = options.containerId
      ? [options.containerId]
      : (await this.client.listContainers(options)).map((c) => c.id);
    for (const containerId of containers) {
      for await (const page of this.client.listItemPages(containerId, undefined, {
        ...options,
        recurse: true,
        owner: this.client.organizationId,
      })) {
        for (const item of page) {
          if (ownerOf(item) !== this.client.organizationId) continue;
          for (const org of await this.client.getItemAccess(containerId, item.id, options)) {
            if (org.id === this.client.organizationId) continue;
            byOrg.set(org.id, [...(byOrg.get(org.id) ?? []), { containerId, path: item.id }]);
          }
        }
      }
    }
    return byOrg;
  }

  /**
   * Organizations whose directory certificate differs from the one their grants were wrapped for,
   * and collaborators whose certificates expire within 30 days or have expired. An organization
   * seen for the first time is remembered with its current certificate.
   */
  async scan(
    options: CallOptions & { readonly now?: number } = {},
  ): Promise<{ changes: CertificateChange[]; expiring: ExpiringCertificate[] }> {
    const now = options.now ?? Date.now();
    const state = await this.state();
    const known = { ...state.known };
    const firstSeen: Record<string, string> = {};
    const changes: CertificateChange[] = [];
    const expiring: ExpiringCertificate[] = [];
    for (const [orgId, grants] of await this.grantsByOrganization(options)) {
      const org = await this.client.getOrganization(orgId, options);
      const listed = org.thumbprint?.toLowerCase();
      if (!listed) continue;
      let summary: CertificateSummary | undefined;
      let offered: CertificateInfo | undefined;
      try {
        offered = parseCertificate(await this.client.getCertificate(orgId, options));
        summary = summarizeCertificate(offered, now);
      } catch {
        summary = undefined;
      }
      if (summary && Date.parse(summary.validTo) - now < 30 * DAY)
        expiring.push({ organizationId: orgId, name: org.name, validTo: summary.validTo, expired: summary.expired });
      const old = known[orgId];
      if (old === undefined) {
        known[orgId] = firstSeen[orgId] = listed;
        continue;
      }
      if (old === listed) continue;
      const done = new Set(state.rewrap[orgId]?.thumbprint === listed ? state.rewrap[orgId].done : []);
      const left = grants.filter((g) => !done.has(key(g)));
      const problem = await this.problemWith(orgId, options);
      const decision =
        problem?.failure === 'certificate-changed' && offered ? await this.decisionFor(orgId, offered) : undefined;
      // "Keep the old one" was the answer for this certificate: nothing to ask again
      if (decision === 'kept') continue;
      changes.push({
        organizationId: orgId,
        name: org.name,
        oldThumbprint: old,
        certificate: summary,
        problem: problem?.message,
        grants: left,
        studies: new Set(left.map((g) => g.containerId)).size,
        ...(decision ? { decision } : {}),
      });
    }
    // Only what this scan learnt: a re-wrap may have written its progress meanwhile.
    if (Object.keys(firstSeen).length > 0)
      await this.update((now) => ({ ...now, known: { ...firstSeen, ...now.known } }));
    return { changes, expiring };
  }

  /**
   * Wraps the item key again for the organization's directory certificate on every grant of the
   * profile's own items (one study with containerId). A certificate that fails the check
   * re-wraps nothing: the error says why. Items done earlier for the same certificate are skipped.
   */
  async rewrap(
    orgId: string,
    options: CallOptions & {
      readonly containerId?: string;
      readonly onProgress?: (r: ItemResult, done: number, total: number) => void;
    } = {},
  ): Promise<{ thumbprint: string; results: ItemResult[]; skipped: number }> {
    const certificate = await this.sharing.verifiedCertificate(orgId, options);
    const grants = (await this.grantsByOrganization(options)).get(orgId) ?? [];
    const prior = (await this.state()).rewrap[orgId];
    const done = new Set(prior?.thumbprint === certificate.thumbprint ? prior.done : []);
    const todo = grants.filter((g) => !done.has(key(g)));
    const results: ItemResult[] = [];
    for (const grant of todo) {
      let result: ItemResult;
      let name: string | undefined;
      try {
        const item = await this.client.getItem(grant.containerId, grant.path, options);
        const itemKey = this.keys.openItemKey(item);
        name = nameOf(item, itemKey);
        await this.client.updateItemAccess(
          grant.containerId,
          grant.path,
          orgId,
          wrapKey(itemKey.key, certificate.publicKey),
          options,
        );
        done.add(key(grant));
        const progress = { thumbprint: certificate.thumbprint, done: [...done] };
        await this.update((now) => ({ ...now, rewrap: { ...now.rewrap, [orgId]: progress } }));
        result = { ...grant, ok: true, ...(name ? { name } : {}) };
      } catch (error) {
        if (options.signal?.aborted) throw error;
        result = { ...grant, ok: false, message: (error as Error).message, ...(name ? { name } : {}) };
      }
      results.push(result);
      options.onProgress?.(result, results.length, todo.length);
    }
    // Whole (every study, nothing failed): the organization's grants are now for this certificate.
    if (!options.containerId && results.every((r) => r.ok)) {
      await this.update((now) => {
        const { [orgId]: _finished, ...rest } = now.rewrap;
        return { known: { ...now.known, [orgId]: certificate.thumbprint }, rewrap: rest };
      });
    }
    return { thumbprint: certificate.thumbprint, results, skipped: grants.length - todo.length };
  }

  /** Keys were just wrapped for this certificate: remembered unless a certificate is known already. */
  async rememberShared(orgId: string, thumbprint: string): Promise<void> {
    if (orgId === this.client.organizationId || (await this.state()).known[orgId] !== undefined) return;
    await this.update((now) =>
      now.known[orgId] !== undefined ? now : { ...now, known: { ...now.known, [orgId]: thumbprint.toLowerCase() } },
    );
  }

  private async problemWith(
    orgId: string,
    options: CallOptions,
  ): Promise<{ readonly message: string; readonly failure?: string } | undefined> {
    try {
      await this.sharing.verifiedCertificate(orgId, options);
      return undefined;
    } catch (error) {
      // The check's words are written for sharing; here the notice says what is not re-wrapped.
      const message = (error as Error).message.replace(/[;:]? ?(N|n)othing was shared\.$/, '').replace(/[;,]$/, '');
      return { message, ...(error instanceof SharingError ? { failure: error.failure } : {}) };
    }
  }

  /** Both certificates side by side, or 'kept' when the user declined this one already. */
  private async decisionFor(
    orgId: string,
    offered: CertificateInfo,
  ): Promise<CertificateDecision | 'kept' | undefined> {
    const pin = await this.sharing.pins.pinned(orgId);
    if (!pin) return undefined;
    const next = certificateToPin(offered, orgId);
    if (pin.kept?.includes(next.sha256)) return 'kept';
    const compared = (c: ComparedCertificate): ComparedCertificate => ({
      subject: c.subject,
      issuer: c.issuer,
      validFrom: c.validFrom,
      validTo: c.validTo,
      sha256: c.sha256,
      namesOrganization: c.namesOrganization,
    });
    return {
      accepted: compared(pin.current),
      offered: compared(next),
      ...(pin.verified?.sha256 === pin.current.sha256 ? { verifiedNote: pin.verified.note } : {}),
    };
  }

  private async state(): Promise<State> {
    const read = await readJsonFile<Partial<State>>(this.file);
    return { known: read?.known ?? {}, rewrap: read?.rewrap ?? {} };
  }

  /** Reads the state as it is now, changes it and writes it, one change at a time. */
  private async update(change: (state: State) => State): Promise<void> {
    await this.writes.run(this.file, async () => writeJsonAtomic(this.file, change(await this.state())));
  }
}
