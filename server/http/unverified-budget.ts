// What a request may cost before its signature is verified (decisions §4, §5). The body must
// be read whole to know its hash, so a forger with a real organization id and a garbage
// signature would otherwise make the server read (and spool to disk) up to 300 MiB per
// request, as many at once as it likes. Bytes of bodies in flight are capped across all
// requests, and uploads at once per organization; over either: 503, code 1018.
import { ApiError } from './api-error.js';

export const DEFAULT_MAX_UNVERIFIED_BYTES = 1024 * 1024 * 1024;
export const DEFAULT_MAX_UPLOADS_PER_ORGANIZATION = 4;

export class UnverifiedBudget {
  private bytes = 0;
  private readonly uploads = new Map<string, number>();

  constructor(
    readonly maxBytes: number,
    readonly maxUploadsPerOrganization: number,
  ) {}

  /** Bytes held by bodies not yet verified (or whose request has not ended yet). */
  get bytesInFlight(): number {
    return this.bytes;
  }

  /**
   * Reserves `n` more bytes, or throws 1018. A body alone may always go (else one larger than
   * the cap would be refused forever, and its client would retry forever).
   */
  reserve(n: number): void {
    if (n <= 0) return;
    if (this.bytes > 0 && this.bytes + n > this.maxBytes) {
      throw new ApiError('busy', `The bodies being received are at the limit of ${this.maxBytes} bytes; try again shortly.`);
    }
    this.bytes += n;
  }

  release(n: number): void {
    this.bytes -= n;
  }

  /** One more upload of the organization, or throws 1018. */
  startUpload(orgId: string): void {
    const now = this.uploads.get(orgId) ?? 0;
    if (now >= this.maxUploadsPerOrganization) {
      throw new ApiError('busy', `Organization ${orgId} already has ${now} uploads in progress; try again shortly.`);
    }
    this.uploads.set(orgId, now + 1);
  }

  endUpload(orgId: string): void {
    const now = (this.uploads.get(orgId) ?? 1) - 1;
    if (now <= 0) this.uploads.delete(orgId);
    else this.uploads.set(orgId, now);
  }
}
