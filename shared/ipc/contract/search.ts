// "Find in all studies". Spread into `operations` in contract.ts.
import { z } from 'zod';
import { answers, op } from '../op.js';
import type { SearchAnswer } from './search-views.js';

export const searchOperations = {
  /**
   * "Find in all studies": what main has listed and decrypted for this profile, ranked. While
   * headers are still being opened it answers at once with the hits so far and `indexing`.
   */
  'search.find': op(z.strictObject({ query: z.string().trim().min(1).max(200) }), answers<SearchAnswer>()),
} as const;
