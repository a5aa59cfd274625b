// The sandbox's reset to its demo data. Spread into `operations` in contract.ts.
import { none } from '../args.js';
import { answers, op } from '../op.js';
import type { ProfileView } from './profiles-views.js';

export const sandboxOperations = {
  'sandbox.reset': op(none, answers<ProfileView[]>()),
} as const;
