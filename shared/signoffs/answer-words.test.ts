// An answer's words for every meaning, and "signed off" for a meaning this version does not know
// (an entry kept by another version), never a property every object has.
import { expect, it } from 'vitest';
import { answeredWords } from './answer-words.js';
import { SIGNOFF_MEANINGS, type SignOffMeaning } from './meanings.js';

it('words every meaning, and an unknown one as "signed off"', () => {
  expect(SIGNOFF_MEANINGS.map((m) => answeredWords('Lakeside University', m, 'Consent form v3'))).toEqual([
    'Lakeside University reviewed Consent form v3',
    'Lakeside University approved Consent form v3',
    'Lakeside University acknowledged Consent form v3',
    'Lakeside University read and understood Consent form v3',
    'Lakeside University signed Consent form v3 as its author',
  ]);
  for (const unknown of [undefined, 'witnessed', 'constructor', '__proto__'])
    expect(answeredWords('Lakeside University', unknown as SignOffMeaning, 'Consent form v3')).toBe(
      'Lakeside University signed off Consent form v3',
    );
});
