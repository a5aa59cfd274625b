// The helpers every operation of the IPC contract is declared with (contract.ts and each
// feature's contract/<feature>.ts), in a file of their own so a feature's file imports them
// without importing the contract that spreads it.
import type { z } from 'zod';

/** The type an operation answers with: main builds it from views.ts, so it is declared, not parsed. */
export const answers = <R>(): R => undefined as R;

/** Declares one operation: its argument schema (checked at the door) and its result type. */
export function op<A extends z.ZodType, R>(args: A, result: R): { readonly args: A; readonly result: R } {
  return { args, result };
}
