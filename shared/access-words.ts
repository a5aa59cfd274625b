// How sharing is said to a coordinator (issue 38 point 5): who can now open what, in plain words,
// never "grant", "wrap" or "revoke". Used by Manage access and by main's notice after a batch.
import { shownText } from './shown-text.js';

export type AccessAction = 'grant' | 'update' | 'revoke';

/** "A", "A and B", "A, B and C", "A, B, C and 2 more" (names cleaned: they are the directory's). */
export function namesList(names: readonly string[], shown = 3): string {
  const clean = [...new Set(names)].map((n) => shownText(n));
  if (clean.length <= 1) return clean[0] ?? '';
  if (clean.length <= shown) return `${clean.slice(0, -1).join(', ')} and ${clean.at(-1)!}`;
  return `${clean.slice(0, shown).join(', ')} and ${clean.length - shown} more`;
}

const DONE: Readonly<Record<AccessAction, string>> = {
  grant: 'Shared with',
  update: 'Shared again with',
  revoke: 'Removed access for',
};
const NOT_DONE: Readonly<Record<AccessAction, string>> = {
  grant: 'not shared with',
  update: 'not shared again with',
  revoke: 'access not removed for',
};

export interface AccessOutcome {
  readonly organization: string;
  readonly ok: boolean;
}

const capitalized = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const organizations = (n: number): string => `${n} organization${n === 1 ? '' : 's'}`;

/**
 * The notice after a batch: "Shared with Riverside Medical Center and Lakeside University",
 * and what failed for whom. `nameless` says the same without a study or organization name.
 */
export function accessNotice(
  action: AccessAction,
  outcomes: readonly AccessOutcome[],
  items: number,
  study: string,
): { title: string; body: string; nameless: { title: string; body: string } } {
  const failed = [...new Set(outcomes.filter((o) => !o.ok).map((o) => o.organization))];
  const done = [...new Set(outcomes.filter((o) => o.ok).map((o) => o.organization))].filter((o) => !failed.includes(o));
  const what = items === 1 ? '1 document' : `${items} documents`;
  const parts = [
    done.length ? `${DONE[action]} ${namesList(done)}` : '',
    failed.length ? `${NOT_DONE[action]} ${namesList(failed)}` : '',
  ];
  const nameless = [
    done.length ? `${DONE[action]} ${organizations(done.length)}` : '',
    failed.length ? `${NOT_DONE[action]} ${organizations(failed.length)}` : '',
  ];
  const tail = failed.length ? ' Open Manage access for the reason.' : '';
  return {
    title: capitalized(parts.filter(Boolean).join('; ')),
    body: `${what} in “${shownText(study, 80)}”.${tail}`,
    nameless: { title: capitalized(nameless.filter(Boolean).join('; ')), body: `${what}.${tail}` },
  };
}
