// The sign-offs operations' names without their schemas (names.ts spreads them; it checks at
// compile time that they match contract/signoffs.ts).
export const SIGNOFFS_OPERATION_NAMES = [
  'signoffs.signer',
  'signoffs.setSigner',
  'signoffs.setPassphrase',
  'signoffs.sign',
  'signoffs.forItem',
  'signoffs.request',
  'signoffs.requestsForItem',
  'signoffs.requested',
] as const;
