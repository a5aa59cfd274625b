// Plain words for an error code when main sent none: the service's codes come from the shared
// table, the app's own client codes are named here.
import { ERROR_EXPLANATIONS } from '../../shared/error-codes.js';

const CLIENT_CODES: Readonly<Record<string, string>> = {
  network: 'The exchange or the app could not be reached. Check the network connection and try again.',
  'hash-mismatch': 'The file arrived damaged: its hash did not match. Try again.',
  'invalid-argument': 'The app refused a request that was not valid.',
  'too-large': 'The file is larger than one upload can carry.',
  'untrusted-sender': 'The request did not come from the app window.',
};

export function describeCode(code: number | string): string | undefined {
  if (typeof code === 'number') return ERROR_EXPLANATIONS[code];
  return CLIENT_CODES[code];
}
