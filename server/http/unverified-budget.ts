// What a request may cost before its signature is verified (docs/protocol.md §6), for
// requests that do not announce their payload hash (those that do are verified before their
// body, decisions §1, and never count here). The body must be read whole to know its hash, so a forger with a real organization id and a garbage
// signature would otherwise make the server read (and spool to disk) up to 300 MiB per
// request, as many at once as it likes. Bytes of bodies in flight are capped across all
// requests and per peer address, and uploads at once per organization and peer address;
// over any: 503, code 1018. Counting by peer too means a stranger who knows only an
// organization's id fills only its own address's share: it cannot hold that organization's
// slots, nor the node's bytes, against requests from other addresses (and a body that
// trickles is cut, body-pace.ts, so it cannot hold its share for long either).
import { ApiError } from './api-error.js';

export const DEFAULT_MAX_UNVERIFIED_BYTES = 1024 * 1024 * 1024;
export const DEFAULT_MAX_UPLOADS_PER_ORGANIZATION = 4;
/** One peer address may hold this share of the bytes in flight (a quarter: 256 MiB of 1 GiB). */
export const PEER_SHARE = 4;

/** One request's hold on the budget: its peer, and bytes it holds. */
export interface Holder {
  readonly peer: string;
  bytes: number;
}

function add(map: Map<string, number>, key: string, n: number): void {
  const now = (map.get(key) ?? 0) + n;
  if (now <= 0) map.delete(key);
  else map.set(key, now);
}

export class UnverifiedBudget {
  private bytes = 0;
  private readonly bytesByPeer = new Map<string, number>();
  private readonly uploads = new Map<string, number>();

  constructor(
    readonly maxBytes: number,
    readonly maxUploadsPerOrganization: number,
  ) {}

  /** Bytes held by bodies not yet verified (or whose request has not ended yet). */
  get bytesInFlight(): number {
    return this.bytes;
  }

  get maxBytesPerPeer(): number {
    return Math.floor(this.maxBytes / PEER_SHARE);
  }

  /**
   * Reserves `n` more bytes for the holder, or throws 1018. A body alone may always go, on the
   * node and from its peer (else one larger than a cap would be refused forever, and its
   * client would retry forever).
   */
  reserve(h: Holder, n: number): void {
    if (n <= 0) return;
    // bytes held by others: a body alone may grow past a cap as it arrives
    if (this.bytes - h.bytes > 0 && this.bytes + n > this.maxBytes) {
      throw new ApiError(
        'busy',
        `The bodies being received are at the limit of ${this.maxBytes} bytes; try again shortly.`,
      );
    }
    const ofPeer = this.bytesByPeer.get(h.peer) ?? 0;
    if (ofPeer - h.bytes > 0 && ofPeer + n > this.maxBytesPerPeer) {
      throw new ApiError(
        'busy',
        `The bodies being received from ${h.peer} are at its limit of ${this.maxBytesPerPeer} bytes; try again shortly.`,
      );
    }
    this.bytes += n;
    add(this.bytesByPeer, h.peer, n);
    h.bytes += n;
  }

  /** Gives back all the holder holds. */
  release(h: Holder): void {
    this.bytes -= h.bytes;
    add(this.bytesByPeer, h.peer, -h.bytes);
    h.bytes = 0;
  }

  /** One more upload of the organization from the peer, or throws 1018. */
  startUpload(orgId: string, peer: string): void {
    const key = `${orgId} ${peer}`;
    const now = this.uploads.get(key) ?? 0;
    if (now >= this.maxUploadsPerOrganization) {
      throw new ApiError(
        'busy',
        `Organization ${orgId} already has ${now} uploads in progress from ${peer}; try again shortly.`,
      );
    }
    this.uploads.set(key, now + 1);
  }

  endUpload(orgId: string, peer: string): void {
    add(this.uploads, `${orgId} ${peer}`, -1);
  }
}
