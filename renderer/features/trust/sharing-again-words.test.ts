// The words Settings and the notices use for sharing again with a new certificate speak of who can
// read what, never of the encryption underneath (issue 38).
import { describe, expect, it } from 'vitest';
import * as words from './sharing-again-words.js';

describe('sharing-again words', () => {
  it('say what happened to the documents, with no "wrap" in any of them', () => {
    expect(words.sharedAgainStatus(3, 0)).toBe('3 of your documents shared again for the new certificate.');
    expect(words.sharedAgainStatus(2, 1)).toBe(
      '2 of your documents shared again for the new certificate; 1 failed: try again.',
    );
    expect(words.renewedStatus('Central IRB')).toContain('your documents stay readable and are shared again');
    const all = [
      words.SHARE_AGAIN,
      words.SHARING_AGAIN,
      words.NOTHING_SHARED_AGAIN,
      words.CANNOT_SHARE_AGAIN,
      words.sharedAgainStatus(2, 1),
      words.renewedStatus('Central IRB'),
    ];
    for (const w of all) expect(w).not.toMatch(/wrap|re-key|thumbprint/i);
  });
});
