// Request signing (protocol.md §3). Node-only: never imported by the renderer.
import { sign as cryptoSign, verify as cryptoVerify, type KeyObject } from 'node:crypto';
import { isBase64, percentDecodeBytes, sha256Hex, strictEncodeBytes } from './encoding.js';

export type HeaderList = ReadonlyArray<readonly [string, string]>;

interface CanonicalRequestInput {
  readonly method: string;
  /** Path and query as sent on the wire, e.g. `/a/b?x=1`. */
  readonly target: string;
  readonly headers: HeaderList;
  /** Header names to sign, any case. */
  readonly signedHeaders: ReadonlyArray<string>;
  /** Lower-case hex SHA-256 of the body. */
  readonly payloadHash: string;
}

export const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const DATE_HEADER = 'Service-IrbX-Date';
export const REQUEST_ID_HEADER = 'Service-IrbX-Request-Id';
/**
 * The payload hash announced and signed (decisions §1): a server that knows it verifies the
 * signature before reading the body, then checks the body against it as it arrives.
 */
export const CONTENT_HASH_HEADER = 'Service-IrbX-Content-SHA256';
const REQUIRED_SIGNED_HEADERS = ['host', 'service-irbx-date', 'service-irbx-request-id'] as const;
const AUTHORIZATION_SCHEME = 'IRBX';

// ---------------------------------------------------------------------------------------------
// Canonical request

/** Splits a wire target into its path and query (without the `?`); a fragment is never sent. */
export function splitTarget(target: string): { path: string; query: string } {
  const hash = target.indexOf('#');
  const t = hash >= 0 ? target.slice(0, hash) : target;
  const q = t.indexOf('?');
  return q >= 0 ? { path: t.slice(0, q), query: t.slice(q + 1) } : { path: t, query: '' };
}

export function canonicalUri(path: string): string {
  const stack: string[] = [];
  for (const raw of path.split('/')) {
    const bytes = percentDecodeBytes(raw);
    // Empty segments come from duplicate (or leading/trailing) slashes and are dropped.
    if (bytes.length === 0) continue;
    const text = bytes.toString('latin1');
    if (text === '.') continue;
    if (text === '..') {
      stack.pop();
      continue;
    }
    stack.push(strictEncodeBytes(bytes));
  }
  if (stack.length === 0) return '/';
  const trailingSlash = path.endsWith('/');
  return '/' + stack.join('/') + (trailingSlash ? '/' : '');
}

/**
 * The query's parameters as bytes, decoded once for both the canonical query and the routes
 * (protocol.md §3): `+` stays a literal plus (percentDecodeBytes never makes it a space), a
 * parameter with no `=` has an empty value, and empty pieces (`?`, `a=1&`) carry nothing.
 */
export function decodeQueryPairs(query: string): Array<readonly [Buffer, Buffer]> {
  const pairs: Array<readonly [Buffer, Buffer]> = [];
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = eq >= 0 ? piece.slice(0, eq) : piece;
    const value = eq >= 0 ? piece.slice(eq + 1) : '';
    pairs.push([percentDecodeBytes(name), percentDecodeBytes(value)]);
  }
  return pairs;
}

export function canonicalQuery(query: string): string {
  const pairs = decodeQueryPairs(query).map(([n, v]) => [strictEncodeBytes(n), strictEncodeBytes(v)] as const);
  // Encoded strings are ASCII, so code-unit order is byte order. Names are compared on their
  // own (not `name=value`), so `Param` sorts before `Param-3`.
  pairs.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
  return pairs.map(([n, v]) => `${n}=${v}`).join('&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Trims spaces and tabs at both ends and collapses runs of spaces to one, except inside a
 * double-quoted part, which keeps its spacing as given (protocol.md §3).
 */
export function canonicalHeaderValue(value: string): string {
  const trimmed = value.replace(/^[ \t]+|[ \t]+$/g, '');
  let out = '';
  let inQuotes = false;
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i]!;
    if (inQuotes) {
      out += c;
      if (c === '\\' && i + 1 < trimmed.length) out += trimmed[++i];
      else if (c === '"') inQuotes = false;
      continue;
    }
    if (c === '"') inQuotes = true;
    if (c === ' ' && out.endsWith(' ')) continue;
    out += c;
  }
  return out;
}

/** Lower-cased, de-duplicated and sorted signed header names. */
function normalizeSignedHeaders(names: ReadonlyArray<string>): string[] {
  return [...new Set(names.map((n) => n.toLowerCase()))].sort(compare);
}

/** Values of one header (any case), in the order received. */
function headerValues(headers: HeaderList, name: string): string[] {
  const lower = name.toLowerCase();
  return headers.filter(([n]) => n.toLowerCase() === lower).map(([, v]) => v);
}

export function canonicalRequest(req: CanonicalRequestInput): string {
  const { path, query } = splitTarget(req.target);
  const signed = normalizeSignedHeaders(req.signedHeaders);
  const headerLines = signed.map((name) => {
    const values = headerValues(req.headers, name);
    if (values.length === 0) {
      throw new SigningError('syntax', `The signed header ${name} is not in the request.`);
    }
    return `${name}:${values.map(canonicalHeaderValue).join(',')}\n`;
  });
  return [
    req.method.toUpperCase(),
    canonicalUri(path),
    canonicalQuery(query),
    headerLines.join(''),
    signed.join(';'),
    req.payloadHash,
  ].join('\n');
}

/** Lower-case hex SHA-256 of the canonical request's UTF-8 bytes. */
export function stringToSign(canonical: string): string {
  return sha256Hex(Buffer.from(canonical, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// Authorization header

export interface AuthorizationParams {
  readonly credential: string;
  readonly hashAlgorithm: 'SHA256';
  /** Lower-case names as given. */
  readonly signedHeaders: readonly string[];
  readonly signature: string;
}

// How the client spells the names it sends (protocol.md §3); the server lower-cases anyway.
const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  host: 'Host',
  'service-irbx-date': DATE_HEADER,
  'service-irbx-request-id': REQUEST_ID_HEADER,
  'service-irbx-content-sha256': CONTENT_HASH_HEADER,
};

function displayHeaderName(lower: string): string {
  return DISPLAY_NAMES[lower] ?? lower.replace(/(^|-)([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

/** `IRBX Credential=<id>, HashAlgorithm=SHA256, SignedHeaders=<a;b>, Signature=<b64>` */
export function formatAuthorization(p: AuthorizationParams): string {
  const names = p.signedHeaders.map((n) => displayHeaderName(n.toLowerCase())).join(';');
  return `${AUTHORIZATION_SCHEME} Credential=${p.credential}, HashAlgorithm=${p.hashAlgorithm}, SignedHeaders=${names}, Signature=${p.signature}`;
}

const AUTH_PARAMS = ['Credential', 'HashAlgorithm', 'SignedHeaders', 'Signature'] as const;
type AuthParamName = (typeof AUTH_PARAMS)[number];
// RFC 9110 token characters: what a header name may hold.
const TOKEN_RE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A credential is an organization id; anything without separators or spaces is syntactically fine.
const CREDENTIAL_RE = /^[^\s,;=]+$/;

function syntax(message: string): SigningError {
  return new SigningError('syntax', `Authorization header: ${message}`);
}

/** Throws SigningError('syntax') on any deviation (unknown/repeated/missing parameter, wrong scheme). */
export function parseAuthorization(value: string): AuthorizationParams {
  const m = /^(\S+) +(.*)$/s.exec(value.trim());
  if (!m)
    throw syntax(
      `expected "${AUTHORIZATION_SCHEME} Credential=..., HashAlgorithm=SHA256, SignedHeaders=..., Signature=...".`,
    );
  const [, scheme, rest] = m as unknown as [string, string, string];
  // Auth schemes are case-insensitive (RFC 9110 §11.1).
  if (scheme.toUpperCase() !== AUTHORIZATION_SCHEME)
    throw syntax(`the scheme is "${scheme}", expected "${AUTHORIZATION_SCHEME}".`);

  const found = new Map<AuthParamName, string>();
  for (const part of rest.split(',')) {
    const item = part.trim();
    if (item === '') throw syntax('a parameter is empty (stray comma).');
    const eq = item.indexOf('=');
    if (eq <= 0) throw syntax(`"${item}" is not of the form Name=value.`);
    const name = item.slice(0, eq);
    const paramValue = item.slice(eq + 1);
    if (!(AUTH_PARAMS as readonly string[]).includes(name)) throw syntax(`unknown parameter "${name}".`);
    const known = name as AuthParamName;
    if (found.has(known)) throw syntax(`parameter ${known} is repeated.`);
    if (paramValue === '') throw syntax(`parameter ${known} is empty.`);
    if (/\s/.test(paramValue)) throw syntax(`parameter ${known} holds white space.`);
    found.set(known, paramValue);
  }
  for (const name of AUTH_PARAMS) {
    if (!found.has(name)) throw syntax(`parameter ${name} is missing.`);
  }

  const credential = found.get('Credential')!;
  if (!CREDENTIAL_RE.test(credential)) throw syntax('Credential holds characters that are not allowed.');
  const hashAlgorithm = found.get('HashAlgorithm')!;
  if (hashAlgorithm !== 'SHA256') throw syntax(`HashAlgorithm "${hashAlgorithm}" is not supported; expected SHA256.`);
  const signature = found.get('Signature')!;
  if (!isBase64(signature)) throw syntax('Signature is not standard Base-64 with padding.');

  const signedHeaders = found
    .get('SignedHeaders')!
    .split(';')
    .map((n) => n.toLowerCase());
  const seen = new Set<string>();
  for (const n of signedHeaders) {
    if (!TOKEN_RE.test(n)) throw syntax(`SignedHeaders holds an empty or invalid header name "${n}".`);
    if (seen.has(n)) throw syntax(`SignedHeaders names ${n} twice.`);
    seen.add(n);
  }
  return { credential, hashAlgorithm: 'SHA256', signedHeaders, signature };
}

// ---------------------------------------------------------------------------------------------
// Signing and verification

/** Makes the Base-64 RSASSA-PKCS1-v1_5/SHA-256 signature of the 64-char hex string to sign. */
export type RequestSigner = (stringToSign: string) => string;

export function keySigner(privateKey: KeyObject | string): RequestSigner {
  // The 64 ASCII hex characters are what is signed (protocol.md §3), not the raw 32-byte hash.
  return (hex) => cryptoSign('sha256', Buffer.from(hex, 'utf8'), privateKey).toString('base64');
}

export interface SignRequestInput {
  readonly method: string;
  readonly target: string;
  /** Host header value, e.g. `localhost:8080`. */
  readonly host: string;
  readonly organizationId: string;
  readonly requestId: string;
  readonly date: Date;
  readonly payloadHash: string;
  /** More headers to send and sign (e.g. Content-Type). */
  readonly extraSignedHeaders?: HeaderList;
}

interface SignedRequest {
  /** Host, Service-IrbX-Date, Service-IrbX-Request-Id, Authorization and the extra signed headers. */
  readonly headers: Readonly<Record<string, string>>;
  readonly canonical: string;
}

export function signRequest(input: SignRequestInput, signer: RequestSigner): SignedRequest {
  const headers: Record<string, string> = {
    Host: input.host,
    [DATE_HEADER]: formatIrbxDate(input.date),
    [REQUEST_ID_HEADER]: input.requestId,
  };
  const names: string[] = [...REQUIRED_SIGNED_HEADERS];
  for (const [name, value] of input.extraSignedHeaders ?? []) {
    const lower = name.toLowerCase();
    // A repeat would be sent once but signed twice, so the server could never agree.
    if (names.includes(lower) || lower === 'authorization') {
      throw new SigningError('syntax', `The extra signed header ${name} is repeated or reserved.`);
    }
    names.push(lower);
    headers[name] = value;
  }
  const canonical = canonicalRequest({
    method: input.method,
    target: input.target,
    headers: Object.entries(headers),
    signedHeaders: names,
    payloadHash: input.payloadHash,
  });
  const signature = signer(stringToSign(canonical));
  headers['Authorization'] = formatAuthorization({
    credential: input.organizationId,
    hashAlgorithm: 'SHA256',
    signedHeaders: names,
    signature,
  });
  return { headers, canonical };
}

export interface VerifyRequestInput {
  readonly method: string;
  readonly target: string;
  /** Headers as received (any case, repeats kept in order). */
  readonly headers: HeaderList;
  readonly payloadHash: string;
  readonly authorization: AuthorizationParams;
  readonly publicKey: KeyObject | string;
}

type VerifyResult =
  | { readonly ok: true; readonly canonical: string }
  | {
      readonly ok: false;
      readonly reason: 'unsigned-required-header' | 'missing-signed-header' | 'mismatch';
      readonly details: string;
      /** The canonical request the verifier computed, when it got that far. */
      readonly canonical?: string;
    };

/** The server's check. `publicKey` may be a KeyObject, a PEM public key or a PEM certificate. */
export function verifyRequest(input: VerifyRequestInput): VerifyResult {
  const signed = input.authorization.signedHeaders.map((n) => n.toLowerCase());
  const unsigned = REQUIRED_SIGNED_HEADERS.filter((h) => !signed.includes(h));
  if (unsigned.length > 0) {
    return {
      ok: false,
      reason: 'unsigned-required-header',
      details: `SignedHeaders must include ${unsigned.join(', ')}.`,
    };
  }
  const absent = signed.filter((h) => headerValues(input.headers, h).length === 0);
  if (absent.length > 0) {
    return {
      ok: false,
      reason: 'missing-signed-header',
      details: `Signed header${absent.length > 1 ? 's' : ''} ${absent.join(', ')} not in the request.`,
    };
  }
  const canonical = canonicalRequest({
    method: input.method,
    target: input.target,
    headers: input.headers,
    signedHeaders: signed,
    payloadHash: input.payloadHash,
  });
  const hex = stringToSign(canonical);
  const good = cryptoVerify(
    'sha256',
    Buffer.from(hex, 'utf8'),
    input.publicKey,
    Buffer.from(input.authorization.signature, 'base64'),
  );
  if (!good) {
    return {
      ok: false,
      reason: 'mismatch',
      details: `The signature does not match the canonical request computed by the service:\n${canonical}`,
      canonical,
    };
  }
  return { ok: true, canonical };
}

export class SigningError extends Error {
  constructor(
    readonly reason: 'syntax' | 'bad-date',
    message: string,
  ) {
    super(message);
    this.name = 'SigningError';
  }
}

// ---------------------------------------------------------------------------------------------
// Dates

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `yyyyMMddTHHmmssZ` in UTC. */
export function formatIrbxDate(date: Date): string {
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 0 || year > 9999) {
    throw new SigningError('bad-date', `The date ${String(date)} cannot be written as yyyyMMddTHHmmssZ.`);
  }
  return (
    pad(year, 4) +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    'T' +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes()) +
    pad(date.getUTCSeconds()) +
    'Z'
  );
}

/** Strict parse of `yyyyMMddTHHmmssZ`; undefined when malformed. */
export function parseIrbxDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return undefined;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  // Rolled over (e.g. 20230230 → March 2): an impossible date.
  if (date.getUTCDate() !== d || date.getUTCMonth() !== mo - 1) return undefined;
  return date;
}
