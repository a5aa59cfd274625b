import { describe, expect, it } from 'vitest';
import { humanizeKey, RECORD_LIMITS, recordFields, type RecordField } from './record-format.js';

function count(fields: readonly RecordField[]): number {
  return fields.reduce((n, f) => n + 1 + (f.kind === 'group' ? count(f.fields) : 0), 0);
}

function depth(fields: readonly RecordField[]): number {
  return 1 + Math.max(0, ...fields.map((f) => (f.kind === 'group' ? depth(f.fields) : 0)));
}

describe('record fields', () => {
  it('humanizes keys', () => {
    expect(humanizeKey('irbApprovalDate')).toBe('Irb approval date');
    expect(humanizeKey('site_name')).toBe('Site name');
  });

  it('turns nested JSON into labelled fields and groups', () => {
    const fields = recordFields({
      title: 'Trial A',
      active: true,
      approvedOn: '2026-03-04',
      sites: [{ name: 'North' }],
      notes: null,
      pi: { lastName: 'Lee' },
    });
    expect(fields).toEqual([
      { kind: 'value', label: 'Title', value: 'Trial A' },
      { kind: 'value', label: 'Active', value: 'Yes' },
      { kind: 'value', label: 'Approved on', value: expect.stringMatching(/2026/) },
      {
        kind: 'group',
        label: 'Sites',
        fields: [{ kind: 'group', label: '1', fields: [{ kind: 'value', label: 'Name', value: 'North' }] }],
      },
      { kind: 'value', label: 'Notes', value: '—' },
      { kind: 'group', label: 'Pi', fields: [{ kind: 'value', label: 'Last name', value: 'Lee' }] },
    ]);
    expect(recordFields([])).toEqual([{ kind: 'value', label: 'Entries', value: 'None' }]);
    expect(recordFields(42)).toEqual([{ kind: 'value', label: 'Value', value: '42' }]);
  });

  it('shows the first 200 entries of a 200,000-entry array and says how many more', () => {
    const fields = recordFields({ rows: Array.from({ length: 200_000 }, (_, i) => i) });
    const rows = fields[0]!;
    expect(rows.kind).toBe('group');
    if (rows.kind !== 'group') return;
    expect(rows.fields).toHaveLength(RECORD_LIMITS.perLevel + 1);
    expect(rows.fields.at(-1)).toEqual({ kind: 'value', label: '…', value: '199,800 more' });
  });

  it('stops at depth 8 on a record nested 3,000 deep, without overflowing the stack', () => {
    const deep = JSON.parse(`{"visit":1,"deep":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`) as unknown;
    const fields = recordFields(deep);
    expect(depth(fields)).toBeLessThanOrEqual(RECORD_LIMITS.depth + 1);
    expect(JSON.stringify(fields)).toContain('nested deeper');
  });

  it('shows at most 1,000 fields in all, and cuts and cleans long or hostile text', () => {
    const wide = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`k${i}`, Array.from({ length: 150 }, (_, j) => ({ j }))]),
    );
    const fields = recordFields(wide);
    expect(count(fields)).toBeLessThanOrEqual(RECORD_LIMITS.total + 60);
    expect(JSON.stringify(fields)).toMatch(/more/);
    const [f] = recordFields({ ['\u202Enote' + 'n'.repeat(10_000)]: '\u202E' + 'Z'.repeat(1_000_000) });
    expect(f!.label.length).toBeLessThanOrEqual(100);
    expect(f!.label).not.toContain('\u202E');
    expect(f!.kind === 'value' && f!.value.length).toBeLessThanOrEqual(RECORD_LIMITS.chars);
    expect(f!.kind === 'value' && f!.value.startsWith('ZZZ')).toBe(true);
  });
});
