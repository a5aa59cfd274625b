// Errors of the exchange client: a service answer (ExchangeError, carrying the service's
// JSON error) is kept apart from a failure to reach the service (NetworkError), because
// the UI explains and retries them differently.

interface ExchangeErrorInit {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly details: string;
  readonly requestId: string;
  readonly method?: string;
  readonly path?: string;
}

export class ExchangeError extends Error {
  readonly status: number;
  readonly code: number;
  readonly details: string;
  readonly requestId: string;
  readonly method: string | undefined;
  readonly path: string | undefined;

  constructor(init: ExchangeErrorInit) {
    super(init.message);
    this.name = 'ExchangeError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.method = init.method;
    this.path = init.path;
  }

  /** 5xx answers may succeed on a second try; 4xx never will. */
  get retryable(): boolean {
    return this.status >= 500;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      details: this.details,
      requestId: this.requestId,
      retryable: this.retryable,
    };
  }
}

export class NetworkError extends Error {
  readonly retryable = true;
  readonly requestId: string;
  readonly causeCode: string | undefined;

  constructor(message: string, requestId: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'NetworkError';
    this.requestId = requestId;
    this.causeCode = (cause as { code?: string } | undefined)?.code;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      requestId: this.requestId,
      causeCode: this.causeCode,
      retryable: true,
    };
  }
}

/** One line for logs and the command-line tool: message, code and request id. */
export function describeError(error: unknown): string {
  if (error instanceof ExchangeError) {
    const details = error.details ? ` (${error.details})` : '';
    return `Exchange error ${error.code} (HTTP ${error.status}): ${error.message}${details} [request ${error.requestId}]`;
  }
  if (error instanceof NetworkError) return `Network error: ${error.message} [request ${error.requestId}]`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The caller cancelled (AbortSignal): the client does not retry it and the UI does not show it as
 * a failure; a background job that was cut short keeps its work for its next round (isTransient).
 */
export class CancelledError extends Error {
  readonly requestId: string;
  constructor(requestId: string) {
    super('The request was cancelled.');
    this.name = 'CancelledError';
    this.requestId = requestId;
  }
}

/** Answers that say "not now" rather than "no": a body that came in too slowly (408, code 1021: a slow link) and too many requests (429). */
const NOT_NOW: ReadonlySet<number> = new Set([408, 429]);

/**
 * Worth trying again later, the one rule for background work that keeps what failed for its next
 * round: the exchange could not be reached, failed itself (5xx, busy included), said "not now"
 * (NOT_NOW), or the call was cancelled. Any other answer (4xx) is final.
 */
export function isTransient(e: unknown): boolean {
  if (e instanceof NetworkError || e instanceof CancelledError) return true;
  return e instanceof ExchangeError && (e.status >= 500 || NOT_NOW.has(e.status));
}
