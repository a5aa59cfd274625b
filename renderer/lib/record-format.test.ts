import { describe, expect, it } from 'vitest';
import { humanizeKey, recordFields } from './record-format.js';

describe('record fields', () => {
  it('humanizes keys', () => {
    expect(humanizeKey('irbApprovalDate')).toBe('Irb approval date');
    expect(humanizeKey('site_name')).toBe('Site name');
  });

  it('turns nested JSON into labelled fields and groups', () => {
    const fields = recordFields({ title: 'Trial A', active: true, approvedOn: '2026-03-04', sites: [{ name: 'North' }], notes: null, pi: { lastName: 'Lee' } });
    expect(fields).toEqual([
      { kind: 'value', label: 'Title', value: 'Trial A' },
      { kind: 'value', label: 'Active', value: 'Yes' },
      { kind: 'value', label: 'Approved on', value: expect.stringMatching(/2026/) },
      { kind: 'group', label: 'Sites', fields: [{ kind: 'group', label: '1', fields: [{ kind: 'value', label: 'Name', value: 'North' }] }] },
      { kind: 'value', label: 'Notes', value: '—' },
      { kind: 'group', label: 'Pi', fields: [{ kind: 'value', label: 'Last name', value: 'Lee' }] },
    ]);
    expect(recordFields([])).toEqual([{ kind: 'value', label: 'Entries', value: 'None' }]);
    expect(recordFields(42)).toEqual([{ kind: 'value', label: 'Value', value: '42' }]);
  });
});
