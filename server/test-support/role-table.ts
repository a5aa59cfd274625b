// The shape of a role × endpoint table: which status each kind of caller must get.
export type Caller = 'anonymous' | 'site' | 'site2' | 'sirb' | 'sirb2' | 'disabled' | 'admin';

export interface Row {
  readonly name: string;
  readonly method: string;
  path(): string;
  body?(caller: Caller): object | Buffer | string;
  readonly contentType?: string;
  /** Expected status per caller (anonymous defaults to 404, disabled to 403). */
  readonly expect: Partial<Record<Caller, number>>;
}

/** Every authenticated caller gets `s`. */
export const ALL = (s: number): Partial<Record<Caller, number>> => ({ site: s, site2: s, sirb: s, sirb2: s, admin: s });
/** The study's members get `s`; everyone else is told it does not exist. */
export const MEMBERS = (s: number): Partial<Record<Caller, number>> => ({ site: s, sirb: s, site2: 404, sirb2: 404, admin: 404 });
