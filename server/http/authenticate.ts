// Authentication in the order of protocol.md §2: Authorization present (else 404), required
// headers, Host, date window, Authorization syntax, credential. The signature, replay and
// then the disabled flag are checked before the body when the request announces its payload
// hash, else once the body has been read (verifySignature): nothing about the organization is
// told to a request that has not proved to come from it.
import { createPublicKey } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  CONTENT_HASH_HEADER,
  DATE_HEADER,
  REQUEST_ID_HEADER,
  formatIrbxDate,
  parseAuthorization,
  parseIrbxDate,
  verifyRequest,
  type AuthorizationParams,
  type HeaderList,
} from '../../shared/protocol/signing.js';
import type { OrganizationRow } from '../store/rows.js';
import type { Store } from '../store/store.js';
import { ApiError } from './api-error.js';
import { hostMatches } from './host-check.js';

const WINDOW_MS = 180_000;
const UUID = /^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

export interface Caller {
  readonly org: OrganizationRow;
  readonly requestId: string;
  readonly date: number;
  readonly authorization: AuthorizationParams;
}

function headerPairs(req: IncomingMessage): HeaderList {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) pairs.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
  return pairs;
}

function single(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v.join(',') : v;
}

export async function authenticate(req: IncomingMessage, store: Store, hostName: string, now: number): Promise<Caller> {
  const authorization = single(req, 'authorization');
  if (authorization === undefined) throw new ApiError('notFound', 'The request carries no authentication.');
  for (const name of ['User-Agent', REQUEST_ID_HEADER, 'Host', DATE_HEADER]) {
    const v = single(req, name);
    if (v === undefined || v.trim() === '') throw new ApiError('headerInvalid', `The ${name} header is missing.`);
  }
  const requestId = single(req, REQUEST_ID_HEADER)!.trim();
  if (!UUID.test(requestId)) throw new ApiError('headerInvalid', `The ${REQUEST_ID_HEADER} header is not a UUID.`);
  if (!hostMatches(single(req, 'host')!, hostName)) {
    throw new ApiError('hostMismatch', `The Host header must name ${hostName}.`);
  }
  const date = parseIrbxDate(single(req, DATE_HEADER)!.trim());
  if (!date) throw new ApiError('headerInvalid', `The ${DATE_HEADER} header is not in the form yyyyMMddTHHmmssZ.`);
  if (Math.abs(date.getTime() - now) > WINDOW_MS) {
    throw new ApiError(
      'timeOutsideWindow',
      `The server time is ${formatIrbxDate(new Date(now))}; requests must be dated within 180 seconds of it.`,
    );
  }
  let params: AuthorizationParams;
  try {
    params = parseAuthorization(authorization);
  } catch {
    throw new ApiError(
      'signatureMismatch',
      'The Authorization header is not of the form IRBX Credential=..., HashAlgorithm=SHA256, SignedHeaders=..., Signature=....',
    );
  }
  const org = /^[0-9a-f]{32}$/.test(params.credential) ? await store.getOrganization(params.credential) : undefined;
  if (!org) throw new ApiError('signatureMismatch', 'The credential does not name a registered organization.');
  return { org, requestId, date: date.getTime(), authorization: params };
}

/**
 * The payload hash the request announces and signs (decisions §1, payload hash announced), or
 * undefined when it announces none: an unsigned announcement is only a header like any other,
 * and the body is then read before the signature is checked, as for the original service's
 * clients. A signed one that is not a SHA-256 in lower-case hex is refused (2001).
 */
export function announcedPayloadHash(req: IncomingMessage, caller: Caller): string | undefined {
  const lower = CONTENT_HASH_HEADER.toLowerCase();
  if (!caller.authorization.signedHeaders.some((n) => n.toLowerCase() === lower)) return undefined;
  const value = single(req, lower)?.trim();
  if (value === undefined || !/^[0-9a-f]{64}$/.test(value))
    throw new ApiError('headerInvalid', `The ${CONTENT_HASH_HEADER} header is not a lower-case hex SHA-256.`);
  return value;
}

/** Signature over the request as received, then replay refusal, then a disabled caller. */
export async function verifySignature(
  req: IncomingMessage,
  store: Store,
  caller: Caller,
  payloadHash: string,
  now: number,
): Promise<void> {
  if (!caller.org.certificate_pem)
    throw new ApiError('signatureMismatch', 'The organization has no certificate registered.');
  const result = verifyRequest({
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    headers: headerPairs(req),
    payloadHash,
    authorization: caller.authorization,
    publicKey: createPublicKey(caller.org.certificate_pem),
  });
  if (!result.ok) {
    // for a mismatch the details already hold the canonical request the server computed
    throw new ApiError('signatureMismatch', result.details);
  }
  const expires = Math.max(caller.date, now) + WINDOW_MS + 1000;
  if (!(await store.recordRequestId(caller.org.id, caller.requestId, expires, now))) {
    throw new ApiError('requestIdReused', `Request id ${caller.requestId} was already used.`);
  }
  if (caller.org.is_disabled) throw new ApiError('organizationDisabled', `Organization ${caller.org.id} is disabled.`);
}
