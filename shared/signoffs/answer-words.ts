// How an answer to a sign-off request reads, in Changes and in a notification: "Lakeside
// University acknowledged Consent form v3". The names are another organization's text and the
// document's cleaned name: the caller cleans them (each place cuts them to its own length).
import type { SignOffMeaning } from './meanings.js';

const ANSWERED: Readonly<Record<SignOffMeaning, (organization: string, document: string) => string>> = {
  reviewed: (o, d) => `${o} reviewed ${d}`,
  approved: (o, d) => `${o} approved ${d}`,
  acknowledged: (o, d) => `${o} acknowledged ${d}`,
  'read-and-understood': (o, d) => `${o} read and understood ${d}`,
  authored: (o, d) => `${o} signed ${d} as its author`,
};

/** The answer's words; a meaning this version does not know (an entry kept by another) reads "signed off". */
export function answeredWords(organization: string, meaning: SignOffMeaning | undefined, document: string): string {
  const words = meaning && Object.hasOwn(ANSWERED, meaning) ? ANSWERED[meaning] : undefined;
  return words ? words(organization, document) : `${organization} signed off ${document}`;
}
