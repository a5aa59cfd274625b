// isTransient over the whole error table: only the exchange's own failures (5xx) and its "not
// now" answers (408 slow body, 429) are worth a later try; every other answer is final. A
// failure to reach the exchange and a cancelled call are tried later too.
import { expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { CancelledError, ExchangeError, NetworkError, isTransient } from './exchange-errors.js';

const answer = (status: number, code: number) =>
  new ExchangeError({ status, code, message: 'm', details: '', requestId: 'r' });

const TRANSIENT = new Set(['internal', 'busy', 'bodyTooSlow']);

it.each(Object.entries(ERROR_CODES))('%s is transient only when it says "failed" or "not now"', (name, e) => {
  expect(isTransient(answer(e.status, e.code))).toBe(TRANSIENT.has(name));
});

it('decides by status: any 5xx, 408 and 429 are transient whatever the code', () => {
  expect(isTransient(answer(502, 0))).toBe(true);
  expect(isTransient(answer(429, 0))).toBe(true);
  expect(isTransient(answer(408, 0))).toBe(true);
  // a busy code with a status that says otherwise is decided by the status
  expect(isTransient(answer(400, ERROR_CODES.busy.code))).toBe(false);
});

it('a failure to reach the exchange and a cancelled call are tried later; anything else is not', () => {
  expect(isTransient(new NetworkError('down', 'r'))).toBe(true);
  expect(isTransient(new CancelledError('r'))).toBe(true);
  expect(isTransient(new TypeError('a bug'))).toBe(false);
  expect(isTransient(undefined)).toBe(false);
});
