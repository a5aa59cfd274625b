import { describe, expect, it } from 'vitest';
import {
  describeProblem,
  isValidItemPath,
  itemBaseName,
  ItemPathError,
  itemPathDepth,
  itemPathToUrl,
  joinItemPath,
  MAX_SEGMENT_LENGTH,
  MAX_SEGMENTS,
  parentItemPath,
  parseItemPath,
  sameItemPath,
  segmentsProblem,
  splitItemPath,
  toPipeForm,
  toSlashForm,
  type ItemPathProblem,
} from './item-path.js';

const twelve = Array.from({ length: 12 }, (_, i) => `s${i}`);

describe('parseItemPath', () => {
  it.each([
    ['documents', ['documents']],
    ['documents/47086805f7dc4966b4a0c8736b7e32c4', ['documents', '47086805f7dc4966b4a0c8736b7e32c4']],
    ['documents|47086805f7dc4966b4a0c8736b7e32c4', ['documents', '47086805f7dc4966b4a0c8736b7e32c4']],
    ['a|b/c', ['a', 'b', 'c']],
    ['with space/ሴ/a.b/..x/.hidden', ['with space', 'ሴ', 'a.b', '..x', '.hidden']],
    [twelve.join('/'), twelve],
    ['x'.repeat(MAX_SEGMENT_LENGTH), ['x'.repeat(MAX_SEGMENT_LENGTH)]],
    // code points, not UTF-16 units: 200 emoji are 200 characters
    ['\u{1F600}'.repeat(MAX_SEGMENT_LENGTH), ['\u{1F600}'.repeat(MAX_SEGMENT_LENGTH)]],
  ])('accepts %j', (path, segments) => {
    expect(parseItemPath(path)).toEqual(segments);
    expect(isValidItemPath(path)).toBe(true);
  });

  it.each<[string, ItemPathProblem]>([
    ['', 'empty'],
    [[...twelve, 'thirteen'].join('|'), 'too-many-segments'],
    ['/a', 'empty-segment'],
    ['a/', 'empty-segment'],
    ['a//b', 'empty-segment'],
    ['a||b', 'empty-segment'],
    ['|', 'empty-segment'],
    ['.', 'dot-segment'],
    ['a/../b', 'dot-segment'],
    ['a|.', 'dot-segment'],
    ['x'.repeat(MAX_SEGMENT_LENGTH + 1), 'segment-too-long'],
    ['\u{1F600}'.repeat(MAX_SEGMENT_LENGTH + 1), 'segment-too-long'],
    ['a/b\u0000c', 'control-character'],
    ['a\nb', 'control-character'],
    ['a\u007fb', 'control-character'],
  ])('rejects %j as %s', (path, problem) => {
    expect(isValidItemPath(path)).toBe(false);
    let error: unknown;
    try {
      parseItemPath(path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ItemPathError);
    expect((error as ItemPathError).problem).toBe(problem);
    expect((error as ItemPathError).path).toBe(path);
    expect((error as ItemPathError).message).toContain(describeProblem(problem));
  });

  it('takes a lower segment limit for add item (11 segments, the server adds the 12th)', () => {
    const eleven = twelve.slice(0, 11).join('/');
    expect(parseItemPath(eleven, MAX_SEGMENTS - 1)).toHaveLength(11);
    expect(() => parseItemPath(twelve.join('/'), MAX_SEGMENTS - 1)).toThrow(/more than 11 segments/);
  });

  it('segmentsProblem reports the first problem and undefined for a valid list', () => {
    expect(segmentsProblem(['a', 'b'])).toBeUndefined();
    expect(segmentsProblem([])).toBe('empty');
    expect(segmentsProblem(['a', '', '..'])).toBe('empty-segment');
  });

  it('describes every problem in words', () => {
    const problems: ItemPathProblem[] = [
      'empty',
      'too-many-segments',
      'empty-segment',
      'dot-segment',
      'segment-too-long',
      'control-character',
    ];
    const texts = problems.map(describeProblem);
    expect(new Set(texts).size).toBe(problems.length);
    expect(describeProblem('too-many-segments')).toContain('12');
    expect(describeProblem('segment-too-long')).toContain('200');
  });
});

describe('forms', () => {
  it('converts between slash and pipe forms', () => {
    expect(toPipeForm('a/b/c')).toBe('a|b|c');
    expect(toPipeForm('a|b/c')).toBe('a|b|c');
    expect(toSlashForm('a|b|c')).toBe('a/b/c');
    expect(toSlashForm('a/b|c')).toBe('a/b/c');
    expect(toSlashForm(toPipeForm('x y/z'))).toBe('x y/z');
  });

  it('sameItemPath treats both forms as one item', () => {
    expect(sameItemPath('documents|abc', 'documents/abc')).toBe(true);
    expect(sameItemPath('documents|abc', 'documents|abd')).toBe(false);
    expect(sameItemPath('a/b', 'a/b/c')).toBe(false);
  });

  it('splitItemPath splits on either separator without validating', () => {
    expect(splitItemPath('')).toEqual([]);
    expect(splitItemPath('a//b|')).toEqual(['a', '', 'b', '']);
  });
});

describe('join, parent, base name, depth', () => {
  it('joins paths and segments in slash form, ignoring empty parts', () => {
    expect(joinItemPath('documents', 'abc')).toBe('documents/abc');
    expect(joinItemPath('a|b', 'c/d')).toBe('a/b/c/d');
    expect(joinItemPath('', 'a', '')).toBe('a');
    expect(joinItemPath('a/', '/b')).toBe('a/b');
    expect(joinItemPath()).toBe('');
  });

  it('gives the parent in slash form', () => {
    expect(parentItemPath('a|b|c')).toBe('a/b');
    expect(parentItemPath('a/b')).toBe('a');
    expect(parentItemPath('a')).toBe('');
    expect(parentItemPath('')).toBe('');
  });

  it('gives the last segment', () => {
    expect(itemBaseName('a|b|c')).toBe('c');
    expect(itemBaseName('doc')).toBe('doc');
    expect(itemBaseName('')).toBe('');
  });

  it('counts segments', () => {
    expect(itemPathDepth('')).toBe(0);
    expect(itemPathDepth('a')).toBe(1);
    expect(itemPathDepth('a|b/c')).toBe(3);
    expect(itemPathDepth(twelve.join('|'))).toBe(12);
  });
});

describe('itemPathToUrl', () => {
  it('percent-encodes each segment and joins with slashes', () => {
    expect(itemPathToUrl('documents|47086805f7dc4966b4a0c8736b7e32c4')).toBe(
      'documents/47086805f7dc4966b4a0c8736b7e32c4',
    );
    expect(itemPathToUrl('my docs/a%b/ሴ')).toBe('my%20docs/a%25b/%E1%88%B4');
    expect(itemPathToUrl('q?x#y')).toBe('q%3Fx%23y');
  });

  it('round-trips through decoding', () => {
    const path = 'Site 1/Protocol v3 (final)/50% done & ready';
    expect(itemPathToUrl(path).split('/').map(decodeURIComponent).join('/')).toBe(path);
  });
});
