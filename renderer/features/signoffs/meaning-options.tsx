// The sign-off meanings as a select's options, in their order and words.
import { MEANING_WORDS, SIGNOFF_MEANINGS } from '../../../shared/signoffs/meanings.js';

export function MeaningOptions() {
  return (
    <>
      {SIGNOFF_MEANINGS.map((m) => (
        <option key={m} value={m}>
          {MEANING_WORDS[m]}
        </option>
      ))}
    </>
  );
}
