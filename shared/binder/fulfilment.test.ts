import { describe, expect, it } from 'vitest';
import { calendarDay } from './calendar-date.js';
import type { ChecklistItem } from './checklist.js';
import { computeFulfilment, type FulfilmentDocument, type FulfilmentInput } from './fulfilment.js';
import type { DocumentFields } from './header-fields.js';

const OWNER = 'a'.repeat(32);
const RIVERSIDE = 'b'.repeat(32);
const LAKESIDE = 'c'.repeat(32);
const organizations = [
  { id: OWNER, name: 'Central IRB', isOwner: true },
  { id: RIVERSIDE, name: 'Riverside', isOwner: false },
  { id: LAKESIDE, name: 'Lakeside', isOwner: false },
];
const TODAY = '2026-03-10';

const item = (more: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id: 'gcp',
  title: 'GCP training',
  docType: 'gcp-training',
  from: 'each-site',
  ...more,
});
let n = 0;
const doc = (fields: DocumentFields, more: Partial<FulfilmentDocument> = {}): FulfilmentDocument => ({
  path: `documents/${++n}`,
  name: `doc-${n}.pdf`,
  ownerId: RIVERSIDE,
  updatedAt: '2026-03-01T12:00:00.000Z',
  contentHash: `hash-${n}`,
  fields,
  ...more,
});

function run(
  items: readonly ChecklistItem[],
  documents: readonly FulfilmentDocument[],
  more: Partial<FulfilmentInput> = {},
) {
  return computeFulfilment({
    items,
    ownerId: OWNER,
    organizations,
    viewerId: OWNER,
    documents,
    today: TODAY,
    warningDays: 30,
    ...more,
  });
}
/** Riverside's cells for the first item. */
const riverside = (r: ReturnType<typeof run>) => r.cells.filter((c) => c.organizationId === RIVERSIDE);

describe('fulfilment of an expected item for one site (decisions §9)', () => {
  const cases: {
    name: string;
    item: Partial<ChecklistItem>;
    docs: DocumentFields[];
    status: string;
    daysLeft?: number;
    more?: Partial<FulfilmentInput>;
  }[] = [
    { name: 'no candidate: missing', item: {}, docs: [], status: 'missing' },
    { name: 'due today, not yet passed: missing', item: { dueOn: TODAY }, docs: [], status: 'missing' },
    { name: 'due yesterday: overdue', item: { dueOn: '2026-03-09' }, docs: [], status: 'overdue' },
    {
      name: 'expired yesterday',
      item: {},
      docs: [{ docType: 'gcp-training', expiresOn: '2026-03-09' }],
      status: 'expired',
      daysLeft: -1,
    },
    {
      name: 'expires today: still valid, expiring in 0 days',
      item: {},
      docs: [{ docType: 'gcp-training', expiresOn: TODAY }],
      status: 'expiring',
      daysLeft: 0,
    },
    {
      name: 'expired beats needs-expiry and signed-off',
      item: { needsExpiry: true, signOff: 'approved' },
      docs: [{ docType: 'gcp-training', expiresOn: '2026-01-01' }],
      status: 'expired',
      daysLeft: -68,
      more: { hasOwnerSignOff: () => true },
    },
    {
      name: 'needs an expiry and has none',
      item: { needsExpiry: true },
      docs: [{ docType: 'gcp-training' }],
      status: 'needs-expiry',
    },
    {
      name: 'an unreadable expiry counts as none',
      item: { needsExpiry: true },
      docs: [{ docType: 'gcp-training', unreadable: ['expiresOn'] }],
      status: 'needs-expiry',
    },
    {
      name: 'expiring on the last day of the warning period',
      item: {},
      docs: [{ docType: 'gcp-training', expiresOn: '2026-04-09' }],
      status: 'expiring',
      daysLeft: 30,
    },
    {
      name: 'received the day after the warning period',
      item: {},
      docs: [{ docType: 'gcp-training', expiresOn: '2026-04-10' }],
      status: 'received',
      daysLeft: 31,
    },
    {
      name: 'a 90-day warning period',
      item: {},
      docs: [{ docType: 'gcp-training', expiresOn: '2026-04-10' }],
      status: 'expiring',
      daysLeft: 31,
      more: { warningDays: 90 },
    },
    {
      name: 'expiring beats signed-off',
      item: { signOff: 'reviewed' },
      docs: [{ docType: 'gcp-training', expiresOn: '2026-03-20' }],
      status: 'expiring',
      daysLeft: 10,
      more: { hasOwnerSignOff: () => true },
    },
    {
      name: 'signed off by the owner',
      item: { signOff: 'reviewed' },
      docs: [{ docType: 'gcp-training' }],
      status: 'signed-off',
      more: { hasOwnerSignOff: (_d, meaning) => meaning === 'reviewed' },
    },
    {
      name: 'a sign-off of another meaning does not count',
      item: { signOff: 'approved' },
      docs: [{ docType: 'gcp-training' }],
      status: 'received',
      more: { hasOwnerSignOff: (_d, meaning) => meaning === 'reviewed' },
    },
    {
      name: 'no sign-off predicate: never signed off',
      item: { signOff: 'approved' },
      docs: [{ docType: 'gcp-training' }],
      status: 'received',
    },
    { name: 'received', item: {}, docs: [{ docType: 'gcp-training' }], status: 'received' },
    { name: 'a document of another type does not count', item: {}, docs: [{ docType: 'cv' }], status: 'missing' },
    {
      name: 'a document without a type does not count',
      item: {},
      docs: [{ expiresOn: '2027-01-01' }],
      status: 'missing',
    },
    {
      name: 'an unknown type is matched as given',
      item: { docType: 'site-pharmacy-manual' },
      docs: [{ docType: 'site-pharmacy-manual' }],
      status: 'received',
    },
    {
      name: 'leap day: 2028-02-29 is one day after 2028-02-28',
      item: {},
      docs: [{ docType: 'gcp-training', expiresOn: '2028-02-29' }],
      status: 'expiring',
      daysLeft: 1,
      more: { today: '2028-02-28' },
    },
    {
      name: 'leap day: expired on 2028-03-01',
      item: {},
      docs: [{ docType: 'gcp-training', expiresOn: '2028-02-29' }],
      status: 'expired',
      daysLeft: -1,
      more: { today: '2028-03-01' },
    },
    {
      name: 'a year over a leap day has 366 days',
      item: {},
      docs: [{ docType: 'gcp-training', expiresOn: '2029-02-28' }],
      status: 'received',
      daysLeft: 366,
      more: { today: '2028-02-28' },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const cells = riverside(
        run(
          [item(c.item)],
          c.docs.map((f) => doc(f)),
          c.more,
        ),
      );
      expect(cells).toHaveLength(1);
      expect(cells[0]!.status).toBe(c.status);
      expect(cells[0]!.daysLeft).toBe(c.daysLeft);
    });
  }
});

describe('which document counts', () => {
  it('is the latest updatedAt, whatever the listing order and offset', () => {
    const older = doc({ docType: 'gcp-training', expiresOn: '2026-03-01' }, { updatedAt: '2026-03-05T10:00:00Z' });
    // 09:00-05:00 is 14:00Z: later than 10:00Z although it reads earlier
    const newer = doc({ docType: 'gcp-training', expiresOn: '2027-03-01' }, { updatedAt: '2026-03-05T09:00:00-05:00' });
    for (const docs of [
      [older, newer],
      [newer, older],
    ]) {
      const [cell] = riverside(run([item()], docs));
      expect(cell).toMatchObject({ status: 'received', document: { path: newer.path, expiresOn: '2027-03-01' } });
    }
  });

  it('a removed document no longer counts: the one before it does, or none', () => {
    const old = doc({ docType: 'gcp-training', expiresOn: '2026-01-01' }, { updatedAt: '2026-01-01T00:00:00Z' });
    const latest = doc({ docType: 'gcp-training', expiresOn: '2027-01-01' }, { updatedAt: '2026-03-01T00:00:00Z' });
    expect(riverside(run([item()], [old, latest]))[0]!.status).toBe('received');
    expect(riverside(run([item()], [old]))[0]).toMatchObject({ status: 'expired', document: { path: old.path } });
    expect(riverside(run([item()], []))[0]!.status).toBe('missing');
  });

  it('only documents the organization owns count for it', () => {
    const lakesides = doc({ docType: 'gcp-training' }, { ownerId: LAKESIDE });
    const r = run([item()], [lakesides]);
    expect(r.cells.map((c) => [c.organizationId, c.status])).toEqual([
      [RIVERSIDE, 'missing'],
      [LAKESIDE, 'received'],
    ]);
  });

  it('perPerson: the latest per person, each its own cell; none at all is one missing cell', () => {
    const ana1 = doc(
      { docType: 'cv', person: { name: 'Ana Reyes' }, expiresOn: '2026-01-01' },
      { updatedAt: '2025-01-01T00:00:00Z' },
    );
    const ana2 = doc(
      { docType: 'cv', person: { name: 'Ana Reyes' }, expiresOn: '2028-01-01' },
      { updatedAt: '2026-01-01T00:00:00Z' },
    );
    const bo = doc({ docType: 'cv', person: { name: 'Bo Chen' }, expiresOn: '2026-03-01' });
    const cv = item({ id: 'cv', docType: 'cv', perPerson: true });
    const cells = riverside(run([cv], [ana1, bo, ana2]));
    expect(cells.map((c) => [c.document?.person?.name, c.status, c.document?.path])).toEqual([
      ['Ana Reyes', 'received', ana2.path],
      ['Bo Chen', 'expired', bo.path],
    ]);
    // the summary counts the item once, with its worst status
    const r = run([cv], [ana1, bo, ana2]);
    expect(r.organizationSummaries.find((s) => s.key === RIVERSIDE)).toMatchObject({
      expected: 1,
      fulfilled: 0,
      counts: { expired: 1, received: 0 },
    });
    expect(riverside(run([cv], []))).toEqual([{ itemId: 'cv', organizationId: RIVERSIDE, status: 'missing' }]);
  });
});

describe('rows, columns and summaries', () => {
  it('an item from the owner is the owner\u2019s row, fulfilled by its own documents', () => {
    const protocol = item({ id: 'protocol', docType: 'protocol', from: 'owner' });
    const r = run([protocol], [doc({ docType: 'protocol' }, { ownerId: OWNER })]);
    expect(r.organizations.map((o) => o.id)).toEqual([OWNER]);
    expect(r.cells).toMatchObject([{ organizationId: OWNER, status: 'received' }]);
  });

  it('items from chosen organizations apply to those only; ids not in the study are ignored', () => {
    const lab = item({ id: 'lab', docType: 'lab-certification', from: [LAKESIDE, 'd'.repeat(32)] });
    const r = run([item(), lab], []);
    expect(r.organizations.map((o) => o.id)).toEqual([RIVERSIDE, LAKESIDE]);
    expect(r.cells.map((c) => `${c.organizationId.slice(0, 1)}:${c.itemId}`)).toEqual(['b:gcp', 'c:gcp', 'c:lab']);
  });

  it('a site sees only its own row', () => {
    const r = run([item(), item({ id: 'protocol', docType: 'protocol', from: 'owner' })], [], { viewerId: LAKESIDE });
    expect(r.organizations.map((o) => o.id)).toEqual([LAKESIDE]);
    expect(r.cells).toEqual([{ itemId: 'gcp', organizationId: LAKESIDE, status: 'missing' }]);
  });

  it('summaries: "5 of 7 — 1 expiring" counts required items; optional ones only by status', () => {
    const items = [
      item({ id: 'a', docType: 'cv' }),
      item({ id: 'b', docType: 'gcp-training' }),
      item({ id: 'c', docType: 'coi-disclosure', required: false }),
      item({ id: 'd', docType: 'fda-1572', dueOn: '2026-03-01' }),
    ];
    const docs = [
      doc({ docType: 'cv' }),
      doc({ docType: 'gcp-training', expiresOn: '2026-03-15' }),
      doc({ docType: 'coi-disclosure' }),
    ];
    const r = run(items, docs);
    expect(r.organizationSummaries.find((s) => s.key === RIVERSIDE)).toEqual({
      key: RIVERSIDE,
      expected: 3,
      fulfilled: 2,
      counts: { missing: 0, overdue: 1, expired: 0, 'needs-expiry': 0, expiring: 1, 'signed-off': 0, received: 2 },
    });
    expect(r.itemSummaries.find((s) => s.key === 'd')).toMatchObject({
      expected: 2,
      fulfilled: 0,
      counts: { overdue: 2 },
    });
  });
});

describe('today is the user\u2019s calendar day', () => {
  // 03:00 UTC on March 1st is still February 28th in Los Angeles and already March 1st in Tokyo
  const instant = new Date('2026-03-01T03:00:00Z');
  const expiresFeb28 = [doc({ docType: 'gcp-training', expiresOn: '2026-02-28' })];
  for (const [zone, today, status] of [
    ['America/Los_Angeles', '2026-02-28', 'expiring'],
    ['UTC', '2026-03-01', 'expired'],
    ['Asia/Tokyo', '2026-03-01', 'expired'],
  ] as const) {
    it(`${zone}: ${today}, ${status}`, () => {
      expect(calendarDay(instant, zone)).toBe(today);
      expect(riverside(run([item()], expiresFeb28, { today: calendarDay(instant, zone) }))[0]!.status).toBe(status);
    });
  }

  it('refuses a today that is not a date rather than guess', () => {
    expect(() => run([item()], [], { today: '2026-02-30' })).toThrow(RangeError);
  });
});
