import { describe, expect, it } from 'vitest';
import {
  answerConflict,
  landingFolders,
  planConflicts,
  startConflicts,
  uploadList,
  type ExistingDocument,
} from './conflicts.js';

const existing: ExistingDocument[] = [
  { path: 'docs/1111', fileName: 'protocol.pdf', ownedByMe: true },
  { path: 'docs/2222', fileName: 'consent.docx', ownedByMe: false },
  { path: 'docs/site/3333', fileName: 'letter.pdf', ownedByMe: true },
  { path: 'docs/readme', fileName: '', ownedByMe: true },
];

const files = [
  { ref: 'r1', relativePath: 'protocol.pdf' },
  { ref: 'r2', relativePath: 'consent.docx' },
  { ref: 'r3', relativePath: 'new.pdf' },
  { ref: 'r4', relativePath: 'site/letter.pdf' },
  { ref: 'r5', relativePath: 'readme' },
];

describe('conflict planning', () => {
  it('finds files whose name is taken in the folder they land in', () => {
    const plan = planConflicts('docs', files, existing);
    expect(plan.clear.map((f) => f.ref)).toEqual(['r3']);
    expect(plan.conflicts.map((c) => [c.file.ref, c.existing.path])).toEqual([
      ['r1', 'docs/1111'],
      ['r2', 'docs/2222'],
      ['r4', 'docs/site/3333'],
      ['r5', 'docs/readme'],
    ]);
    expect(planConflicts('elsewhere', files, existing).conflicts).toEqual([]);
    expect(landingFolders('docs', files)).toEqual(['docs', 'docs/site']);
  });

  it('answers one at a time, then the rest with "apply to all"', () => {
    const plan = planConflicts('docs', files, existing);
    let state = startConflicts(plan);
    state = answerConflict(state, 'replace', false);
    expect(state.pending).toHaveLength(3);
    state = answerConflict(state, 'skip', false);
    state = answerConflict(state, 'replace', true);
    expect(state.pending).toEqual([]);
    expect(uploadList(plan, state)).toEqual([
      { ref: 'r3', relativePath: 'new.pdf' },
      { ref: 'r1', relativePath: 'protocol.pdf', conflict: 'replace', replacePath: 'docs/1111' },
      { ref: 'r4', relativePath: 'site/letter.pdf', conflict: 'replace', replacePath: 'docs/site/3333' },
      { ref: 'r5', relativePath: 'readme', conflict: 'replace', replacePath: 'docs/readme' },
    ]);
  });

  it('keeps both instead of replacing an item another organization owns', () => {
    const plan = planConflicts('docs', [{ ref: 'r2', relativePath: 'consent.docx' }], existing);
    const state = answerConflict(startConflicts(plan), 'replace', true);
    expect(uploadList(plan, state)).toEqual([{ ref: 'r2', relativePath: 'consent.docx', conflict: 'keepBoth' }]);
  });
});
