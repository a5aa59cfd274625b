// Request signing (interface.md §5, decisions.md §1). STUB: signatures are the contract;
// bodies are being implemented. Node-only: never imported by the renderer.
import type { KeyObject } from 'node:crypto';

export type HeaderList = ReadonlyArray<readonly [string, string]>;

export interface CanonicalRequestInput {
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
export const REQUIRED_SIGNED_HEADERS = ['host', 'service-irbx-date', 'service-irbx-request-id'] as const;

export declare function canonicalUri(path: string): string;
export declare function canonicalQuery(query: string): string;
export declare function canonicalRequest(req: CanonicalRequestInput): string;
/** Lower-case hex SHA-256 of the canonical request's UTF-8 bytes. */
export declare function stringToSign(canonical: string): string;

export interface AuthorizationParams {
  readonly credential: string;
  readonly hashAlgorithm: 'SHA256';
  /** Lower-case names as given. */
  readonly signedHeaders: readonly string[];
  readonly signature: string;
}

/** `IRBX Credential=<id>, HashAlgorithm=SHA256, SignedHeaders=<a;b>, Signature=<b64>` */
export declare function formatAuthorization(p: AuthorizationParams): string;
/** Throws SigningError('syntax') on any deviation (unknown/repeated/missing parameter, wrong scheme). */
export declare function parseAuthorization(value: string): AuthorizationParams;

/** Makes the Base-64 RSASSA-PKCS1-v1_5/SHA-256 signature of the 64-char hex string to sign. */
export type RequestSigner = (stringToSign: string) => string;
export declare function keySigner(privateKey: KeyObject | string): RequestSigner;

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

export interface SignedRequest {
  /** Host, Service-IrbX-Date, Service-IrbX-Request-Id, Authorization and the extra signed headers. */
  readonly headers: Readonly<Record<string, string>>;
  readonly canonical: string;
}

export declare function signRequest(input: SignRequestInput, signer: RequestSigner): SignedRequest;

export interface VerifyRequestInput {
  readonly method: string;
  readonly target: string;
  /** Headers as received (any case, repeats kept in order). */
  readonly headers: HeaderList;
  readonly payloadHash: string;
  readonly authorization: AuthorizationParams;
  readonly publicKey: KeyObject | string;
}

export type VerifyResult =
  | { readonly ok: true; readonly canonical: string }
  | {
      readonly ok: false;
      readonly reason: 'unsigned-required-header' | 'missing-signed-header' | 'mismatch';
      readonly details: string;
      /** The canonical request the verifier computed, when it got that far. */
      readonly canonical?: string;
    };

export declare function verifyRequest(input: VerifyRequestInput): VerifyResult;

export class SigningError extends Error {
  constructor(
    readonly reason: 'syntax' | 'bad-date',
    message: string,
  ) {
    super(message);
    this.name = 'SigningError';
  }
}

/** `yyyyMMddTHHmmssZ` in UTC. */
export declare function formatIrbxDate(date: Date): string;
/** Strict parse of `yyyyMMddTHHmmssZ`; undefined when malformed. */
export declare function parseIrbxDate(value: string): Date | undefined;
