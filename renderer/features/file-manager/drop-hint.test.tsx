import { describe, expect, it } from 'vitest';
import { dropHintText } from './drop-hint.js';

describe('the drop hint', () => {
  it('names the target folder cleaned and cut: another organization may have chosen its name', () => {
    expect(dropHintText('\u202Efdp.exe')).toBe('Drop to upload to “fdp.exe”');
    expect(dropHintText('x'.repeat(5000)).length).toBeLessThan(100);
  });
});
