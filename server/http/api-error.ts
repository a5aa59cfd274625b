// Refusals carry an entry of the shared error table and the occurrence's details.
import { ERROR_CODES, type ErrorCodeName } from '../../shared/error-codes.js';
import type { ErrorBody } from '../../shared/types.js';

export class ApiError extends Error {
  constructor(
    readonly kind: ErrorCodeName,
    readonly details: string,
  ) {
    super(`${ERROR_CODES[kind].message} ${details}`);
    this.name = 'ApiError';
  }

  get status(): number {
    return ERROR_CODES[this.kind].status;
  }

  body(): ErrorBody {
    const e = ERROR_CODES[this.kind];
    return { code: e.code, status: e.status, message: e.message, details: this.details };
  }
}

export function internalErrorBody(): ErrorBody {
  const e = ERROR_CODES.internal;
  return {
    code: e.code,
    status: e.status,
    message: e.message,
    details: 'An unexpected error occurred; it has been logged.',
  };
}
