// AppError, the failure the window shows: built only here. toAppError turns anything thrown
// (below main's door, or a call's failure in the window) into one: the service's code, message
// and details, plain words, and whether a retry makes sense.
import { ERROR_EXPLANATIONS, errorCodeEntry } from './error-codes.js';
import { FailureError } from './failure-error.js';

/** A failure as the renderer sees it: the service's words plus plain ones. */
export interface AppError {
  /** Service code (protocol.md §5), or a client code such as 'network', 'hash-mismatch', 'invalid-argument'. */
  readonly code: number | string;
  readonly message: string;
  readonly details: string;
  /** Plain words for a coordinator. */
  readonly explanation: string;
  readonly status?: number;
  readonly requestId?: string;
  readonly retryable: boolean;
}

/** An AppError from its parts; `details` is for the curious, `explanation` the plain words. */
export function appError(
  code: string,
  message: string,
  explanation: string,
  more: { readonly details?: string; readonly retryable?: boolean } = {},
): AppError {
  return { code, message, details: more.details ?? '', explanation, retryable: more.retryable ?? false };
}

/** A call's expected failure in the window, thrown so react-query sees it; the AppError travels intact. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'AppFailure';
  }
}

interface ServiceLike {
  readonly code: number;
  readonly status: number;
  readonly message: string;
  readonly details?: string;
  readonly requestId?: string;
  readonly retryable?: boolean;
}

function isServiceError(e: unknown): e is ServiceLike {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as ServiceLike).code === 'number' &&
    typeof (e as ServiceLike).status === 'number'
  );
}

/** Client-side failures by error name: code, plain words, retry sense. */
const CLIENT_FAILURES: Readonly<Record<string, { code: string; explanation: string; retryable: boolean }>> = {
  NetworkError: {
    code: 'network',
    explanation: 'The exchange could not be reached. Check the network and try again.',
    retryable: true,
  },
  ItemPathError: { code: 'invalid-path', explanation: 'The name or folder path is not valid.', retryable: false },
  CancelledError: { code: 'cancelled', explanation: 'The action was cancelled.', retryable: true },
  AbortError: { code: 'cancelled', explanation: 'The action was cancelled.', retryable: true },
};

/** Plain words per kind of expected failure; the error's own message says the specifics. */
const FAILURE_EXPLANATIONS: Readonly<Record<string, string>> = {
  EnvelopeError: 'The item failed its integrity check and was not used.',
  DownloadError: 'The download failed its integrity check; nothing was saved.',
  UploadError: 'The file could not be uploaded.',
  KeyImportError: 'The key or certificate cannot be used; nothing was saved.',
  CertificateError: 'The certificate cannot be used.',
  SecretBoxError: 'The stored key could not be unlocked.',
  ProfileError: 'The profile could not be saved.',
  AnswerError: 'The exchange answered with something this app cannot read; nothing was changed here.',
};

/** Failures whose message is written for the user (who, what and what to do): it is the explanation. */
const OWN_WORDS: ReadonlySet<string> = new Set(['SharingError']);

export class UserFacingError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly explanation: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}

export function toAppError(e: unknown): AppError {
  if (e instanceof AppFailure) return e.error;
  if (isServiceError(e)) {
    const entry = errorCodeEntry(e.code);
    return {
      code: e.code,
      status: e.status,
      message: e.message || entry?.message || 'The exchange refused the request.',
      details: e.details ?? '',
      explanation: ERROR_EXPLANATIONS[e.code] ?? 'The exchange refused the request.',
      requestId: e.requestId,
      retryable: e.retryable ?? e.status >= 500,
    };
  }
  if (e instanceof UserFacingError) return appError(e.code, e.message, e.explanation, { retryable: e.retryable });
  if (e instanceof FailureError)
    return appError(
      e.failure,
      e.message,
      OWN_WORDS.has(e.name) ? e.message : (FAILURE_EXPLANATIONS[e.name] ?? 'The action could not be completed.'),
    );
  if (e instanceof Error) {
    const known = CLIENT_FAILURES[e.name];
    if (known) return appError(known.code, e.message, known.explanation, { retryable: known.retryable });
  }
  return internalError(e instanceof Error ? e.message : String(e));
}

/** Unexpected: said so without leaking internals (stack traces stay in main's log). */
export function internalError(details: string): AppError {
  return appError(
    'internal',
    'Something went wrong in the app.',
    'The app hit an unexpected problem. Try again; if it persists, restart the app.',
    { details, retryable: true },
  );
}

export function invalidArgument(details: string): AppError {
  return appError('invalid-argument', 'The request to the app was not valid.', 'The app refused a malformed request.', {
    details,
  });
}

export function untrustedSender(details: string): AppError {
  return appError(
    'untrusted-sender',
    'The request did not come from the app.',
    'The app refused a request from an unknown page.',
    { details },
  );
}
