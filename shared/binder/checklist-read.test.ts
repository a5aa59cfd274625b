import { describe, expect, it } from 'vitest';
import { binderCsv } from './binder-csv.js';
import { checklistRecord, parseChecklist } from './checklist-read.js';
import { checklistItemsSchema } from './checklist-schema.js';
import { CHECKLIST_TEMPLATES } from './templates.js';

const ORG = 'b'.repeat(32);
const good = { id: 'cv', title: 'PI CV', docType: 'cv', from: 'each-site' as const, needsExpiry: true };
const record = (items: unknown, more: Record<string, unknown> = {}) => ({
  type: 'checklist',
  version: 'SX.1',
  items,
  ...more,
});

describe('reading a checklist another organization wrote (decisions §9)', () => {
  it('reads a well-formed one as it is', () => {
    const parsed = parseChecklist(
      record([
        good,
        {
          ...good,
          id: 'lab',
          docType: 'lab-certification',
          from: [ORG],
          dueOn: '2026-04-01',
          required: false,
          perPerson: false,
          signOff: 'reviewed',
        },
      ]),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.items).toEqual([
      good,
      {
        ...good,
        id: 'lab',
        docType: 'lab-certification',
        from: [ORG],
        dueOn: '2026-04-01',
        required: false,
        perPerson: false,
        signOff: 'reviewed',
      },
    ]);
  });

  it('never throws on what is not a checklist, and says why', () => {
    for (const content of [
      null,
      42,
      'x',
      [],
      {},
      { type: 'study', items: [] },
      { type: 'checklist' },
      { type: 'checklist', items: {} },
    ]) {
      const parsed = parseChecklist(content);
      expect(parsed.items).toEqual([]);
      expect(parsed.problems).toHaveLength(1);
    }
  });

  it('reads at most 500 items and says so', () => {
    const items = Array.from({ length: 501 }, (_, i) => ({ ...good, id: `i-${i}` }));
    const parsed = parseChecklist(record(items));
    expect(parsed.items).toHaveLength(500);
    expect(parsed.problems[0]).toMatch(/501 items; only the first 500/);
  });

  it('leaves out malformed items and duplicate ids, and lists at most 20 problems', () => {
    const parsed = parseChecklist(
      record([
        good,
        { ...good }, // duplicate id
        { ...good, id: 'Bad Id' },
        { ...good, id: 'no-type', docType: 'CV; DROP' },
        { ...good, id: 'no-from', from: 'everyone' },
        { ...good, id: 'bad-org', from: ['not-an-id'] },
        'a string',
        null,
      ]),
    );
    expect(parsed.items.map((i) => i.id)).toEqual(['cv']);
    expect(parsed.problems).toHaveLength(7);
    const many = parseChecklist(record(Array.from({ length: 50 }, () => 'x')));
    expect(many.problems).toHaveLength(21);
    expect(many.problems[20]).toBe('…and 30 more problems.');
  });

  it('ignores a wrong optional field but keeps the item', () => {
    const parsed = parseChecklist(record([{ ...good, dueOn: '2026-02-30', signOff: 'blessed', required: 'yes' }]));
    expect(parsed.items).toEqual([good]);
    expect(parsed.problems).toEqual([
      'Item 1 has an unreadable due date, which is ignored.',
      'Item 1 asks for an unknown kind of sign-off, which is ignored.',
    ]);
  });

  it('cleans titles with controls and bidi overrides; an unusable title shows the type', () => {
    const parsed = parseChecklist(
      record([
        { ...good, id: 'a', title: '\u202Efdp.exe\u0000 CV\r\n=HYPERLINK("x")' },
        { ...good, id: 'b', title: '\u200B\u0007' },
        { ...good, id: 'c', title: 'x'.repeat(5000) },
      ]),
    );
    expect(parsed.items.map((i) => i.title)).toEqual(['fdp.exe CV =HYPERLINK("x")', 'cv', 'cv']);
  });

  it('keeps an unknown type code as given', () => {
    expect(parseChecklist(record([{ ...good, docType: 'site-pharmacy-manual' }])).items[0]!.docType).toBe(
      'site-pharmacy-manual',
    );
  });

  it('keeps fields it does not know, of items and of the record, when the owner saves again', () => {
    const previous = parseChecklist(
      record([{ ...good, vendorColor: 'red', nested: { a: 1 } }], { vendor: { policy: 2 } }),
    );
    const saved = checklistRecord(
      [
        { ...good, title: 'PI CV (current)' },
        { ...good, id: 'new' },
      ],
      previous,
    );
    expect(saved).toEqual({
      vendor: { policy: 2 },
      type: 'checklist',
      version: 'SX.1',
      items: [
        { ...good, title: 'PI CV (current)', vendorColor: 'red', nested: { a: 1 } },
        { ...good, id: 'new' },
      ],
    });
    // the record's own fields are never overridden by unknown ones
    expect(checklistRecord([], parseChecklist(record([], { version: 'SX.9' }))).version).toBe('SX.1');
  });

  it('a hostile title never reaches a CSV cell as a formula', () => {
    const parsed = parseChecklist(
      record([
        { ...good, id: 'a', title: '=cmd|\u0027/c calc\u0027!A0' },
        { ...good, id: 'b', title: '\t+SUM(A1)' },
        { ...good, id: 'c', title: '@import' },
      ]),
    );
    const csv = binderCsv({
      organizations: [{ id: ORG, name: '-Riverside', isOwner: false }],
      items: parsed.items,
      cells: parsed.items.map((i) => ({ itemId: i.id, organizationId: ORG, status: 'missing' as const })),
    });
    const cells = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .flatMap((line) => line.split(','));
    for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    expect(csv).toContain("'=cmd|'/c calc'!A0");
    expect(csv).toContain("'+SUM(A1)");
    expect(csv).toContain("'-Riverside");
  });
});

describe('what the owner saves', () => {
  it('accepts the templates and refuses duplicates, more than 500 items, and bad fields', () => {
    for (const t of CHECKLIST_TEMPLATES) expect(checklistItemsSchema.safeParse(t.items).success).toBe(true);
    expect(checklistItemsSchema.safeParse([good, good]).success).toBe(false);
    expect(
      checklistItemsSchema.safeParse(Array.from({ length: 501 }, (_, i) => ({ ...good, id: `i${i}` }))).success,
    ).toBe(false);
    expect(checklistItemsSchema.safeParse([{ ...good, dueOn: '2026-02-30' }]).success).toBe(false);
    expect(checklistItemsSchema.safeParse([{ ...good, unknown: 1 }]).success).toBe(false);
    expect(checklistItemsSchema.safeParse([{ ...good, from: [] }]).success).toBe(false);
  });
});
