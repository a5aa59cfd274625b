// The cached studies keep main's order (containers.list answers newest first): a created or
// edited study is put in place without sorting the list again.
import { describe, expect, it } from 'vitest';
import { container } from '../../test-support/fixtures.js';
import { withStudy } from './studies.js';

const older = container('a'.repeat(32), '2026-01-01T00:00:00Z');
const newer = container('b'.repeat(32), '2026-03-01T00:00:00Z');

describe('withStudy', () => {
  it('puts a created study first: none is newer', () => {
    const created = container('c'.repeat(32), '2026-05-01T00:00:00Z');
    expect(withStudy([newer, older], created).map((c) => c.id)).toEqual([created.id, newer.id, older.id]);
    expect(withStudy(undefined, created)).toEqual([created]);
  });

  it('keeps an edited study where it was, with its new title', () => {
    const edited = { ...older, title: 'Renamed' };
    const list = withStudy([newer, older], edited);
    expect(list.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect(list[1]?.title).toBe('Renamed');
  });
});
