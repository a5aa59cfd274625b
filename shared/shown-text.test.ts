import { describe, expect, it } from 'vitest';
import { cutText, MAX_SHOWN_CHARS, revealedText, shownText } from './shown-text.js';

describe('text another organization wrote, as shown', () => {
  it('removes bidi overrides and invisible characters, and folds line breaks', () => {
    expect(shownText('visit\u202Eexe.pdf')).toBe('visitexe.pdf');
    expect(shownText('a\u200B\nb')).toBe('a b');
    expect(shownText('\u202E', 200, '(no name)')).toBe('(no name)');
  });

  it('cuts at 200 characters with an ellipsis, never splitting a character', () => {
    const long = shownText(`\u202E${'Z'.repeat(100_000)}`);
    expect(long).toHaveLength(MAX_SHOWN_CHARS);
    expect(long.endsWith('Z…')).toBe(true);
    expect(cutText('😀'.repeat(150), 200)).toBe(`${'😀'.repeat(99)}…`);
    expect(shownText('short')).toBe('short');
  });

  it('says more was cut even when the beginning is mostly invisible', () => {
    expect(shownText(`${'\u200B'.repeat(5000)}ab${'c'.repeat(10)}`)).toBe('…');
    expect(shownText(`ab${'\u200B'.repeat(5000)}cd`)).toBe('ab…');
  });

  it('reveals removed characters for "More", cut too', () => {
    expect(revealedText('fdp\u202Eexe')).toBe('fdp⟨U+202E⟩exe');
    expect(revealedText('x'.repeat(5000))).toHaveLength(1000);
  });
});
