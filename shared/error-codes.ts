// The error table (docs/protocol.md §5), as data: one place for the server (which answers
// with it) and the app (which explains it).

interface ErrorCodeEntry {
  readonly code: number;
  readonly status: number;
  readonly message: string;
}

export const ERROR_CODES = {
  internal: { code: 1, status: 500, message: 'The server was unable to complete your request.' },
  certificateMissing: { code: 1001, status: 400, message: 'The certificate file was not specified.' },
  organizationExists: { code: 1003, status: 409, message: 'The organization already exists.' },
  certificateMediaType: { code: 1004, status: 400, message: 'The media type is not supported.' },
  fieldMissing: { code: 1006, status: 400, message: 'A required field is missing.' },
  notBase64: { code: 1007, status: 400, message: 'Expected the value to be base-64 encoded.' },
  notBase16: { code: 1008, status: 400, message: 'Expected the value to be base-16 encoded.' },
  invalidValue: { code: 1009, status: 400, message: 'The value is not valid.' },
  invalidCertificate: { code: 1010, status: 400, message: 'The certificate is not valid.' },
  invalidItemPath: { code: 1011, status: 400, message: 'The item path is not valid.' },
  noContainerAccess: { code: 1012, status: 409, message: 'The organization does not have access to the container.' },
  alreadyHasAccess: { code: 1013, status: 409, message: 'The organization already has access.' },
  ownerNotRevocable: { code: 1014, status: 400, message: "The owner's access cannot be revoked." },
  notFound: { code: 1015, status: 404, message: 'The resource was not found.' },
  tooLarge: { code: 1016, status: 413, message: 'The request is too large.' },
  unsupportedMediaType: { code: 1017, status: 415, message: 'The media type is not supported.' },
  busy: { code: 1018, status: 503, message: 'The service is busy.' },
  organizationDisabledTarget: { code: 1019, status: 409, message: 'The organization is disabled.' },
  lastAdministrator: { code: 1020, status: 409, message: 'The last administrator cannot be disabled.' },
  bodyTooSlow: { code: 1021, status: 408, message: 'The request body arrived too slowly.' },
  headerInvalid: { code: 2001, status: 400, message: 'A required header is missing or not valid.' },
  hostMismatch: { code: 2002, status: 400, message: 'The Host header does not match the service.' },
  signatureMismatch: { code: 2003, status: 401, message: 'The request signature does not match.' },
  timeOutsideWindow: { code: 2004, status: 401, message: 'The request time is outside the accepted window.' },
  requestIdReused: { code: 2005, status: 401, message: 'The request id was already used.' },
  organizationDisabled: { code: 2006, status: 403, message: 'The organization is disabled.' },
  notAllowed: { code: 2007, status: 403, message: 'The organization is not allowed to do this.' },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCodeName = keyof typeof ERROR_CODES;

const byCode: ReadonlyMap<number, ErrorCodeEntry> = new Map(Object.values(ERROR_CODES).map((e) => [e.code, e]));

export function errorCodeEntry(code: number): ErrorCodeEntry | undefined {
  return byCode.get(code);
}

/** Plain words for a coordinator; the service's own message stays available under "Details". */
export const ERROR_EXPLANATIONS: Readonly<Record<number, string>> = {
  1: 'The exchange had an internal problem. Try again later.',
  1001: 'No certificate file was sent.',
  1003: 'An organization with this name already exists.',
  1004: 'The certificate file is not in a supported format (PEM or DER).',
  1006: 'Something required was left out.',
  1007: 'The data sent was damaged (not Base-64).',
  1008: 'The data sent was damaged (not hexadecimal).',
  1009: 'A value sent was not valid.',
  1010: 'The certificate was refused: it must be a readable RSA certificate of at least 2048 bits, issued by an authority this exchange trusts. The details say which.',
  1011: 'The name or folder path is not valid.',
  1012: 'That organization is not a collaborator on this study.',
  1013: 'That organization already has access.',
  1014: "The owner's access cannot be removed.",
  1015: 'Not found, or you do not have access to it.',
  1016: 'This is larger than the exchange accepts in one request (300 MiB).',
  1018: 'The exchange is busy. The app tries again shortly.',
  1017: 'The request was sent in a format the exchange does not accept.',
  1019: 'That organization is disabled on the exchange and cannot be given access.',
  1020: 'This is the last enabled administrator of the exchange; it cannot be disabled.',
  1021: 'The upload came in too slowly and the exchange stopped it. The app tries once more; check the network if it happens again.',
  2001: 'The request was missing a required header.',
  2002: 'The exchange address does not match this profile.',
  2003: 'The exchange did not accept this organization\u2019s signature. Check that the key matches the registered certificate.',
  2004: "This computer's clock is too far from the exchange's clock (more than 3 minutes).",
  2005: 'The request was sent twice; it was refused the second time.',
  2006: 'This organization is disabled on the exchange.',
  2007: 'This organization is not allowed to do this.',
};
